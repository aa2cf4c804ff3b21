//! Notation (§10): canonical SAN for every turn, and a reader for SAN and coordinate
//! notation that tells a typo ([`MoveError::Parse`]) from a rules mistake
//! ([`MoveError::Illegal`]) from an unclear move ([`MoveError::Ambiguous`]).

use crate::{Move, Position, Role};
use board8::Square;
use diplo_core::MoveError;

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::Diplomat => "Diplomat",
    }
}

fn is_castling(role: Role, mv: Move) -> bool {
    role == Role::Diplomat && mv.from.file().abs_diff(mv.to.file()) == 2
}

/// Whether a pawn move goes straight forward for its side.
fn is_forward(pos: &Position, mv: Move) -> bool {
    mv.from.file() == mv.to.file()
        && pos
            .side_to_move()
            .fold(mv.to.rank() > mv.from.rank(), mv.to.rank() < mv.from.rank())
}

/// The SAN of the regular part (without the push square and the extra step).
fn regular_san(pos: &Position, mv: Move) -> String {
    let Some(role) = pos.role_at(mv.from) else {
        return mv.to_string();
    };
    let mut s = String::new();
    match role {
        Role::Diplomat if is_castling(role, mv) => {
            s.push_str(if mv.to.file() == 6 { "O-O" } else { "O-O-O" })
        }
        Role::Pawn => {
            if mv.from.file() != mv.to.file() && mv.from.rank() != mv.to.rank() {
                s.push(mv.from.file_char());
                s.push('x');
            } else if !is_forward(pos, mv) {
                s.push_str(&format!("{}-", mv.from));
            }
            s.push_str(&mv.to.to_string());
            if let Some(p) = mv.promotion {
                s.push('=');
                s.push(p.upper());
            }
        }
        _ => {
            s.push(role.upper());
            s.push_str(&disambiguation(pos, role, mv));
            if pos.occupied() & mv.to.bit() != 0 {
                s.push('x');
            }
            s.push_str(&mv.to.to_string());
        }
    }
    s
}

/// File, else rank, else square of the origin, when another piece of the same kind has a
/// legal regular move (pushes included) to the same square.
fn disambiguation(pos: &Position, role: Role, mv: Move) -> String {
    if role == Role::Diplomat {
        return String::new();
    }
    let mut others: Vec<Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.to == mv.to && m.from != mv.from && pos.role_at(m.from) == Some(role))
        .map(|m| m.from)
        .collect();
    others.dedup();
    if others.is_empty() {
        String::new()
    } else if others.iter().all(|o| o.file() != mv.from.file()) {
        mv.from.file_char().to_string()
    } else if others.iter().all(|o| o.rank() != mv.from.rank()) {
        mv.from.rank_char().to_string()
    } else {
        mv.from.to_string()
    }
}

/// The canonical SAN of a legal turn: `Nf3`, `e5-c5`, `Nxf6>g7`, `Re7&Dg6`, `O-O`.
pub fn to_san(pos: &Position, mv: Move) -> String {
    let mut s = regular_san(pos, mv);
    if let Some(p) = mv.push {
        s.push('>');
        s.push_str(&p.to_string());
    }
    if let Some((_, to)) = mv.extra {
        s.push_str("&D");
        s.push_str(&to.to_string());
    }
    s
}

/// What a token says about the regular move.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Regular {
    /// `e2e4`, `e7e8q`: exactly these squares.
    Coordinate {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    Castle {
        kingside: bool,
    },
    /// `Nf3`, `Nbd2`, `R1xa3`, `Qh4e1`.
    Piece {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
    },
    /// `e4`, `e8=Q`: straight forward without capture.
    PawnForward {
        to: Square,
        promotion: Option<Role>,
    },
    /// `exd5`, `dxe8=N`: diagonal.
    PawnCapture {
        file: u8,
        to: Square,
        promotion: Option<Role>,
    },
    /// `e5-c5`, `e2-e4`: any non-capturing pawn move.
    PawnFromTo {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
}

/// A parsed token: the regular move, the push square and the extra step's destination.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    regular: Regular,
    push: Option<Square>,
    extra: Option<(Option<Square>, Square)>,
}

fn square(s: &str) -> Option<Square> {
    s.parse().ok()
}

fn strip_marks(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
}

fn promotion(s: &str) -> Result<Option<Role>, String> {
    let letter = s.strip_prefix('=').unwrap_or(s);
    match letter {
        "" if s.is_empty() => Ok(None),
        "Q" | "q" => Ok(Some(Role::Queen)),
        "R" | "r" => Ok(Some(Role::Rook)),
        "B" | "b" => Ok(Some(Role::Bishop)),
        "N" | "n" => Ok(Some(Role::Knight)),
        _ => Err(format!("`{s}` is not a promotion (=Q, =R, =B or =N)")),
    }
}

fn parse_regular(s: &str) -> Result<Regular, String> {
    let s = strip_marks(s);
    match s {
        "O-O" | "0-0" => return Ok(Regular::Castle { kingside: true }),
        "O-O-O" | "0-0-0" => return Ok(Regular::Castle { kingside: false }),
        _ => {}
    }
    if !s.is_ascii() || s.is_empty() {
        return Err("expected a move like e4, Nf3, exd5, e5-c5, O-O or e2e4".into());
    }
    let b = s.as_bytes();
    // Coordinates: e2e4, e7e8q.
    if (4..=5).contains(&b.len()) && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() {
        if let (Some(from), Some(to)) = (square(&s[0..2]), s.get(2..4).and_then(square)) {
            let promotion = match &s[4..] {
                "" => None,
                "q" => Some(Role::Queen),
                "r" => Some(Role::Rook),
                "b" => Some(Role::Bishop),
                "n" => Some(Role::Knight),
                other => return Err(format!("`{other}` is not a promotion letter (q, r, b, n)")),
            };
            return Ok(Regular::Coordinate {
                from,
                to,
                promotion,
            });
        }
    }
    if let Some(role) = Role::from_upper(b[0] as char).filter(|r| *r != Role::Pawn) {
        return parse_piece(role, &s[1..]);
    }
    parse_pawn(s)
}

/// `[file][rank][x|-]square` after the piece letter.
fn parse_piece(role: Role, rest: &str) -> Result<Regular, String> {
    let bad = || format!("`{}{rest}`: expected a destination square", role.upper());
    if rest.len() < 2 {
        return Err(bad());
    }
    let (head, dest) = rest.split_at(rest.len() - 2);
    let to = square(dest).ok_or_else(bad)?;
    let head = head
        .strip_suffix('x')
        .or_else(|| head.strip_suffix('-'))
        .unwrap_or(head);
    let (mut file, mut rank) = (None, None);
    for c in head.chars() {
        match c {
            'a'..='h' if file.is_none() && rank.is_none() => file = Some(c as u8 - b'a'),
            '1'..='8' if rank.is_none() => rank = Some(c as u8 - b'1'),
            _ => return Err(format!("`{head}` is not a file, rank or square")),
        }
    }
    Ok(Regular::Piece {
        role,
        file,
        rank,
        to,
    })
}

fn parse_pawn(s: &str) -> Result<Regular, String> {
    let bad = || "expected a move like e4, Nf3, exd5, e5-c5, O-O or e2e4".to_string();
    let (body, promo) = match s.find('=') {
        Some(i) => (&s[..i], &s[i..]),
        None if s.len() == 3 && s.as_bytes()[2].is_ascii_uppercase() => (&s[..2], &s[2..]),
        None if s.len() > 4 && s.as_bytes()[s.len() - 1].is_ascii_uppercase() => {
            (&s[..s.len() - 1], &s[s.len() - 1..])
        }
        None => (s, ""),
    };
    let promotion = promotion(promo)?;
    if let Some(to) = square(body) {
        return Ok(Regular::PawnForward { to, promotion });
    }
    if let Some((from, to)) = body.split_once(['-', 'x']) {
        let to = square(to).ok_or_else(bad)?;
        if body.as_bytes().get(1) == Some(&b'x') && from.len() == 1 {
            let file = from.as_bytes()[0];
            if !(b'a'..=b'h').contains(&file) {
                return Err(bad());
            }
            return Ok(Regular::PawnCapture {
                file: file - b'a',
                to,
                promotion,
            });
        }
        let from = square(from).ok_or_else(bad)?;
        if body.contains('x') {
            return Ok(Regular::Coordinate {
                from,
                to,
                promotion,
            });
        }
        return Ok(Regular::PawnFromTo {
            from,
            to,
            promotion,
        });
    }
    Err(bad())
}

fn parse_token(text: &str) -> Result<Token, String> {
    let body = strip_marks(text.trim());
    if body.is_empty() {
        return Err("empty move".into());
    }
    let (regular, extra) = match body.split_once('&') {
        Some((r, e)) => (r, Some(strip_marks(e))),
        None => (body, None),
    };
    let (main, push) = match regular.split_once('>') {
        Some((m, p)) => {
            let p = strip_marks(p);
            let sq = square(p).ok_or_else(|| {
                format!("`{p}` after `>` is not a square (the pushed Diplomat's new square)")
            })?;
            (m, Some(sq))
        }
        None => (regular, None),
    };
    let extra = match extra {
        None => None,
        Some(e) => {
            let bad = || format!("`{e}` after `&` is not a Diplomat step (like Dg6 or h5g6)");
            if let Some(sq) = e.strip_prefix('D') {
                Some((None, square(sq).ok_or_else(bad)?))
            } else if e.len() == 4 && e.is_ascii() {
                Some((
                    Some(square(&e[..2]).ok_or_else(bad)?),
                    square(&e[2..]).ok_or_else(bad)?,
                ))
            } else {
                return Err(bad());
            }
        }
    };
    Ok(Token {
        regular: parse_regular(main)?,
        push,
        extra,
    })
}

/// Whether a legal turn fits the regular part of a token.
fn fits_regular(pos: &Position, regular: &Regular, mv: Move) -> bool {
    let role = pos.role_at(mv.from);
    match *regular {
        Regular::Coordinate {
            from,
            to,
            promotion,
        } => mv.from == from && mv.to == to && mv.promotion == promotion,
        Regular::Castle { kingside } => {
            role == Some(Role::Diplomat)
                && mv.from.file().abs_diff(mv.to.file()) == 2
                && (mv.to.file() == 6) == kingside
        }
        Regular::Piece {
            role: r,
            file,
            rank,
            to,
        } => {
            role == Some(r)
                && mv.to == to
                && file.map_or(true, |f| mv.from.file() == f)
                && rank.map_or(true, |k| mv.from.rank() == k)
                && !(r == Role::Diplomat && mv.from.file().abs_diff(mv.to.file()) == 2)
        }
        Regular::PawnForward { to, promotion } => {
            role == Some(Role::Pawn)
                && mv.to == to
                && mv.promotion == promotion
                && is_forward(pos, mv)
        }
        Regular::PawnCapture {
            file,
            to,
            promotion,
        } => {
            role == Some(Role::Pawn)
                && mv.to == to
                && mv.from.file() == file
                && mv.from.file() != mv.to.file()
                && mv.from.rank() != mv.to.rank()
                && mv.promotion == promotion
        }
        Regular::PawnFromTo {
            from,
            to,
            promotion,
        } => {
            role == Some(Role::Pawn)
                && mv.from == from
                && mv.to == to
                && mv.promotion == promotion
                && pos.occupied() & to.bit() == 0
        }
    }
}

fn fits(pos: &Position, token: &Token, mv: Move) -> bool {
    fits_regular(pos, &token.regular, mv)
        && mv.push == token.push
        && match (token.extra, mv.extra) {
            (None, None) => true,
            (Some((from, to)), Some((a, b))) => to == b && from.map_or(true, |f| f == a),
            _ => false,
        }
}

/// Reads a turn in SAN or coordinate notation (annotations `+`, `#`, `!`, `?` ignored).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let token = parse_token(text).map_err(|reason| MoveError::Parse {
        text: text.to_string(),
        reason,
    })?;
    let legal = pos.legal_moves();
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| fits(pos, &token, m))
        .collect();
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError::Illegal {
            text: text.to_string(),
            reason: why_illegal(pos, &token, &legal),
        }),
        _ => Err(MoveError::Ambiguous {
            text: text.to_string(),
            candidates: matches
                .iter()
                .map(|&m| to_san(pos, m))
                .collect::<Vec<_>>()
                .join(" or "),
        }),
    }
}

/// The same pawn move promoting to a queen (to tell a missing promotion from a bad move).
fn with_queen(regular: &Regular) -> Regular {
    let mut r = regular.clone();
    match &mut r {
        Regular::PawnForward { promotion, .. }
        | Regular::PawnCapture { promotion, .. }
        | Regular::PawnFromTo { promotion, .. }
        | Regular::Coordinate { promotion, .. } => *promotion = Some(Role::Queen),
        _ => {}
    }
    r
}

/// The most useful reason why no legal turn fits a token.
fn why_illegal(pos: &Position, token: &Token, legal: &[Move]) -> String {
    let rules = pos.rules();
    if pos.no_queens() {
        return "no turn is possible: no queen is left".into();
    }
    if token.push.is_some() && !rules.push_back {
        return "pushing the Diplomat needs push-back=on".into();
    }
    if token.extra.is_some() && !rules.extra_diplomat_move {
        return "an extra Diplomat move needs extra-diplomat-move=on".into();
    }
    let side = pos.side_to_move().name();
    let regular_fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| fits_regular(pos, &token.regular, m))
        .collect();
    if regular_fits.is_empty() {
        return match token.regular {
            Regular::Castle { .. } => format!("{side} cannot castle that way now"),
            Regular::Coordinate { from, to, .. } => match pos.piece_at(from) {
                None => format!("there is no piece on {from}"),
                Some(p) if p.color != pos.side_to_move() => {
                    format!("the piece on {from} is not {side}'s")
                }
                Some(p) => format!(
                    "the {side} {} on {from} cannot move to {to}",
                    role_name(p.role)
                ),
            },
            Regular::Piece { role, to, .. } => {
                format!("no {side} {} can move to {to}", role_name(role))
            }
            Regular::PawnForward { .. }
            | Regular::PawnCapture { .. }
            | Regular::PawnFromTo { .. }
                if legal
                    .iter()
                    .any(|&m| fits_regular(pos, &with_queen(&token.regular), m)) =>
            {
                "a pawn reaching its last rank must promote (=Q, =R, =B or =N)".into()
            }
            Regular::PawnForward { to, .. } => {
                format!("no {side} pawn can move straight forward to {to}")
            }
            Regular::PawnCapture { file, to, .. } => format!(
                "no {side} pawn on the {}-file can capture on {to}",
                (b'a' + file) as char
            ),
            Regular::PawnFromTo { from, to, .. } => {
                format!("no {side} pawn can move from {from} to {to}")
            }
        };
    }
    let target_is_diplomat = regular_fits.iter().any(|m| m.push.is_some());
    if token.push.is_none() && target_is_diplomat {
        return "the Diplomat cannot be captured; a push is written with `>` and its new square"
            .into();
    }
    if let Some(p) = token.push {
        if !target_is_diplomat {
            return "only a move onto the enemy Diplomat pushes it".into();
        }
        if !regular_fits.iter().any(|m| m.push == Some(p)) {
            return format!("the pushed Diplomat cannot be put on {p}");
        }
    }
    if let Some((_, to)) = token.extra {
        return format!("the Diplomat cannot step to {to} after this move");
    }
    "a pawn reaching its last rank must promote (=Q, =R, =B or =N)".into()
}
