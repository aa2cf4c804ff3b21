//! The inventor's move notation (SAN), with the project's conventions where he left gaps.
//!
//! Writing ([`to_san`]) is canonical: check `+`, mate `++`, full promotion names (`=Rook`),
//! full colour names for suborns (`=black`), and an origin only where another legal move
//! would read the same. Reading ([`parse_move`]) also takes the accepted variants (`=R`,
//! `=b`, `#`, `@c2`, annotations `!`/`?`), the bare-pawn reading rule of published games,
//! and coordinate notation.
//!
//! | move | written |
//! |---|---|
//! | piece move / capture | `Ha3`, `Bxe3`, `Rx4`, disambiguated `Rba3`, `R2a3`, `Rb2a3`, `R4xa3` |
//! | pawn move | `d3`; when another pawn could make it: `f-f3`, `h3-i2`; from the centre `4-m3` |
//! | pawn into the centre | `d-4`, capturing `dx4` |
//! | pawn capture | `bxa3`, `h3xi2`, from the centre `4xf3` |
//! | promotion | `b1=Rook`, `bxa1=Horse` |
//! | suborn | `a3=black`; two Diplomats able to suborn the piece: `Dc2:b3=black` |
//! | drop | `H@c2`, `P@c2` |

use crate::{Cell, Coordinate, Move, Position, Role, SubornRule};
use diplo_core::{Color, MoveError};
use std::fmt;
use std::str::FromStr;

/// Where a move says its piece comes from, when it has to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A radius letter, 0..14 for `a`..`n`.
    Radius(u8),
    /// A crown digit 1..=3.
    Crown(u8),
    /// A whole cell; the centre is written `4`.
    Cell(Cell),
}

impl Origin {
    /// Whether a piece standing on `cell` fits this origin.
    pub fn matches(self, cell: Cell) -> bool {
        match self {
            Origin::Radius(r) => cell.radius() == Some(r),
            Origin::Crown(k) => cell.crown() == k,
            Origin::Cell(c) => cell == c,
        }
    }

    /// `on radius b`, `on crown 2`, `on b2`, `on the centre`.
    fn describe(self) -> String {
        match self {
            Origin::Radius(r) => format!("on radius {}", radius_char(r)),
            Origin::Crown(k) => format!("on crown {k}"),
            Origin::Cell(c) if c.is_centre() => "on the centre".to_string(),
            Origin::Cell(c) => format!("on {c}"),
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Origin::Radius(r) => write!(f, "{}", radius_char(r)),
            Origin::Crown(k) => write!(f, "{k}"),
            Origin::Cell(c) => write!(f, "{c}"),
        }
    }
}

/// A move as SAN writes it, before it is matched against a position. Check and mate marks
/// are not part of it: [`San::from_str`] ignores them and [`to_san`] adds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn moves (capturing if `capture`); a pawn may name its promotion.
    Normal {
        role: Role,
        origin: Option<Origin>,
        capture: bool,
        to: Cell,
        promotion: Option<Role>,
    },
    /// A Diplomat suborns the piece on `target`; `color` is the suborning side's colour.
    Suborn {
        diplomat: Option<Origin>,
        target: Cell,
        color: Color,
    },
    /// A piece from hand is dropped (suborn=drop).
    Drop { role: Role, to: Cell },
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Normal {
                role,
                origin,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper())?;
                }
                if let Some(origin) = origin {
                    write!(f, "{origin}")?;
                }
                if capture {
                    f.write_str("x")?;
                } else if origin.is_some() && (role == Role::Pawn || to.is_centre()) {
                    f.write_str("-")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.name())?;
                }
                Ok(())
            }
            San::Suborn {
                diplomat,
                target,
                color,
            } => {
                if let Some(origin) = diplomat {
                    write!(f, "D{origin}:")?;
                }
                write!(f, "{target}={}", color.name())
            }
            San::Drop { role, to } => write!(f, "{}@{to}", role.upper()),
        }
    }
}

/// Why a text is not SAN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot parse `{text}`: {reason}")]
pub struct SanParseError {
    pub text: String,
    pub reason: String,
}

/// Removes trailing check/mate marks and `!`/`?` annotations.
fn strip_marks(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?'])
}

/// `a`..`n` for radii 0..14 (`?` for anything else a caller may have built).
fn radius_char(r: u8) -> char {
    if r < 14 {
        (b'a' + r) as char
    } else {
        '?'
    }
}

fn radius_of(b: u8) -> Option<u8> {
    (b'a'..=b'n').contains(&b).then(|| b - b'a')
}

/// Splits a destination cell off the end of `s`: `4`, or a radius letter and a crown digit.
fn split_last_cell(s: &str) -> Option<(&str, Cell)> {
    let b = s.as_bytes();
    match b {
        [.., b'4'] => Some((&s[..s.len() - 1], Cell::CENTRE)),
        [.., r, k @ b'1'..=b'3'] => {
            let cell = Cell::ring(radius_of(*r)?, k - b'0')?;
            Some((&s[..s.len() - 2], cell))
        }
        _ => None,
    }
}

fn parse_cell(s: &str) -> Option<Cell> {
    match split_last_cell(s) {
        Some(("", cell)) => Some(cell),
        _ => None,
    }
}

fn parse_origin(s: &str) -> Option<Origin> {
    match s.as_bytes() {
        [b'4'] => Some(Origin::Cell(Cell::CENTRE)),
        [k @ b'1'..=b'3'] => Some(Origin::Crown(k - b'0')),
        [r] => radius_of(*r).map(Origin::Radius),
        _ => parse_cell(s).map(Origin::Cell),
    }
}

fn parse_colour(s: &str) -> Option<Color> {
    match s {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ if s.eq_ignore_ascii_case("white") => Some(Color::White),
        _ if s.eq_ignore_ascii_case("black") => Some(Color::Black),
        _ => None,
    }
}

fn parse_promotion(s: &str) -> Option<Role> {
    match s {
        "R" => Some(Role::Rook),
        "B" => Some(Role::Bishop),
        "H" => Some(Role::Horse),
        "D" => Some(Role::Diplomat),
        _ => Role::PROMOTIONS
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s)),
    }
}

const SUFFIX_HELP: &str = "after `=` comes a colour (white, black, w, b) for a suborn or a piece \
     (Rook, Bishop, Horse, Diplomat, or R, B, H, D) for a promotion";

impl FromStr for San {
    type Err = SanParseError;

    /// Reads SAN, ignoring surrounding blanks, trailing check/mate marks and annotations.
    fn from_str(text: &str) -> Result<San, SanParseError> {
        let fail = |reason: &str| SanParseError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let s = strip_marks(text.trim());
        if s.is_empty() {
            return Err(fail("empty move"));
        }
        if let Some(c) = s
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '@' | '=' | ':')))
        {
            return Err(fail(&format!(
                "unexpected character `{}`",
                c.escape_debug()
            )));
        }
        if let Some((piece, cell)) = s.split_once('@') {
            let role = match piece {
                "" | "P" => Role::Pawn,
                "R" => Role::Rook,
                "B" => Role::Bishop,
                "H" => Role::Horse,
                "D" => Role::Diplomat,
                "K" => return Err(fail("a King is never dropped")),
                _ => {
                    return Err(fail(
                        "a drop is a piece letter (R, B, H, D, P), `@` and a cell",
                    ))
                }
            };
            let to = parse_cell(cell)
                .ok_or_else(|| fail("a drop is a piece letter (R, B, H, D, P), `@` and a cell"))?;
            return Ok(San::Drop { role, to });
        }
        let (body, suffix) = match s.rsplit_once('=') {
            Some((body, suffix)) => (body, Some(suffix)),
            None => (s, None),
        };
        let colour = suffix.and_then(parse_colour);
        let promotion = suffix.and_then(parse_promotion);
        if suffix.is_some() && colour.is_none() && promotion.is_none() {
            return Err(fail(SUFFIX_HELP));
        }
        if let Some(color) = colour {
            let (diplomat, target) = match body.split_once(':') {
                None => (None, body),
                Some((who, target)) => {
                    let who = who.strip_prefix('D').unwrap_or(who);
                    let origin = if who.is_empty() {
                        None
                    } else {
                        Some(parse_origin(who).ok_or_else(|| {
                            fail("a suborn is written `a3=black` or `Dc2:a3=black`")
                        })?)
                    };
                    (origin, target)
                }
            };
            let target = parse_cell(target)
                .ok_or_else(|| fail("a suborn is written `a3=black` or `Dc2:a3=black`"))?;
            return Ok(San::Suborn {
                diplomat,
                target,
                color,
            });
        }
        if body.contains(':') {
            return Err(fail(
                "`:` belongs to a suborn, written `Dc2:a3=black` (the target, `=` and the new colour)",
            ));
        }
        if body.contains('=') {
            return Err(fail("more than one `=`"));
        }
        let Some(&first) = body.as_bytes().first() else {
            return Err(fail("nothing before `=`"));
        };
        let (role, rest) = match first {
            b'K' => (Role::King, &body[1..]),
            b'R' => (Role::Rook, &body[1..]),
            b'B' => (Role::Bishop, &body[1..]),
            b'H' => (Role::Horse, &body[1..]),
            b'D' => (Role::Diplomat, &body[1..]),
            b'P' => {
                return Err(fail(
                    "pawn moves have no letter (`P` only appears in drops: `P@c2`)",
                ))
            }
            c if c.is_ascii_uppercase() => {
                return Err(fail(&format!(
                    "`{}` is not a piece letter (K, R, B, H, D)",
                    c as char
                )))
            }
            _ => (Role::Pawn, body),
        };
        if promotion.is_some() && role != Role::Pawn {
            return Err(fail("only pawns promote"));
        }
        let (rest, to) = split_last_cell(rest)
            .ok_or_else(|| fail("no destination cell at the end (cells are a1..n3 and 4)"))?;
        let (origin_text, capture, hyphen) = if let Some(o) = rest.strip_suffix('x') {
            (o, true, false)
        } else if let Some(o) = rest.strip_suffix('-') {
            (o, false, true)
        } else {
            (rest, false, false)
        };
        let origin = if origin_text.is_empty() {
            None
        } else {
            Some(parse_origin(origin_text).ok_or_else(|| {
                fail(&format!(
                    "`{origin_text}` is not an origin (a radius a..n, a crown 1..3, a cell, or 4 for the centre)"
                ))
            })?)
        };
        if hyphen && origin.is_none() {
            return Err(fail("`-` must follow the origin (`f-f3`, `d-4`)"));
        }
        if role == Role::Pawn && origin.is_some() && !capture && !hyphen && !to.is_centre() {
            return Err(fail(
                "a pawn's origin is followed by `x` (capture) or `-` (move): `bxa3`, `f-f3`",
            ));
        }
        Ok(San::Normal {
            role,
            origin,
            capture,
            to,
            promotion,
        })
    }
}

/// The canonical SAN of a legal move, with its check (`+`) or mate (`++`) mark. A move that is
/// not legal here is written in coordinate notation instead.
pub fn to_san(pos: &Position, mv: Move) -> String {
    let legal = pos.legal_moves();
    if !legal.contains(&mv) {
        return mv.to_string();
    }
    let mut text = canonical(pos, &legal, mv).to_string();
    text.push_str(legal_mark(pos, mv));
    text
}

/// The canonical [`San`] of a legal move (without marks); `None` if the move is not legal.
pub fn san_of(pos: &Position, mv: Move) -> Option<San> {
    let legal = pos.legal_moves();
    legal.contains(&mv).then(|| canonical(pos, &legal, mv))
}

/// `++` if the move mates, `+` if it checks, else nothing (also for a move that is not legal).
pub fn mark(pos: &Position, mv: Move) -> &'static str {
    if !pos.is_legal(mv) {
        return "";
    }
    legal_mark(pos, mv)
}

/// [`mark`] for a move known to be legal.
fn legal_mark(pos: &Position, mv: Move) -> &'static str {
    let after = pos.after(mv);
    if !after.is_check() {
        ""
    } else if after.count_legal_moves() == 0 {
        "++"
    } else {
        "+"
    }
}

fn role_at(pos: &Position, cell: Cell) -> Option<Role> {
    pos.piece_at(cell).map(|p| p.role)
}

/// Canonical SAN of `mv`, which is in `legal`.
fn canonical(pos: &Position, legal: &[Move], mv: Move) -> San {
    match mv {
        Move::Drop { role, to } => San::Drop { role, to },
        Move::Normal {
            from: diplomat,
            to: target,
            ..
        } if pos.is_suborn(mv) => {
            let shared = legal
                .iter()
                .any(|&m| pos.is_suborn(m) && m.to() == target && m.from() != Some(diplomat));
            San::Suborn {
                diplomat: shared.then_some(Origin::Cell(diplomat)),
                target,
                color: pos.side_to_move(),
            }
        }
        Move::Normal {
            from,
            to,
            promotion,
        } => {
            let role = role_at(pos, from).unwrap_or(Role::Pawn);
            let capture = pos.is_capture(mv);
            // Other cells from which a piece of the same kind makes a move that reads alike.
            let rivals: Vec<Cell> = legal
                .iter()
                .filter_map(|m| match *m {
                    Move::Normal { from: f, to: t, .. }
                        if t == to
                            && f != from
                            && role_at(pos, f) == Some(role)
                            && (role != Role::Pawn || pos.is_capture(*m) == capture) =>
                    {
                        Some(f)
                    }
                    _ => None,
                })
                .collect();
            let origin = if role == Role::Pawn {
                if from.is_centre() {
                    (capture || !rivals.is_empty()).then_some(Origin::Cell(from))
                } else if capture || to.is_centre() || !rivals.is_empty() {
                    if rivals.iter().any(|r| r.radius() == from.radius()) {
                        Some(Origin::Cell(from))
                    } else {
                        from.radius().map(Origin::Radius)
                    }
                } else {
                    None
                }
            } else if rivals.is_empty() {
                None
            } else if from.is_centre() {
                Some(Origin::Cell(from))
            } else if !rivals.iter().any(|r| r.radius() == from.radius()) {
                from.radius().map(Origin::Radius)
            } else if !rivals.iter().any(|r| r.crown() == from.crown()) {
                Some(Origin::Crown(from.crown()))
            } else {
                Some(Origin::Cell(from))
            };
            San::Normal {
                role,
                origin,
                capture,
                to,
                promotion,
            }
        }
    }
}

/// Reads a move in SAN or coordinate notation and finds the legal move it means.
///
/// Errors keep the three cases apart: [`MoveError::Parse`] (not a move in any notation),
/// [`MoveError::Illegal`] (well-formed, but no legal move fits) and [`MoveError::Ambiguous`]
/// (several legal moves fit; the candidates are listed in canonical SAN).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let body = strip_marks(text.trim());
    if let Ok(coordinate) = body.parse::<Coordinate>() {
        return resolve_coordinate(pos, text.trim(), coordinate);
    }
    parse_san(pos, text)
}

/// Reads a move in SAN only (see [`parse_move`]).
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let san: San = text.parse().map_err(|e: SanParseError| MoveError::Parse {
        text: text.trim().to_string(),
        reason: e.reason,
    })?;
    resolve(pos, &san, text.trim())
}

fn illegal(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Illegal {
        text: text.to_string(),
        reason: reason.into(),
    }
}

/// ` (white is in check)` when the side to move is in check: the usual reason a move that
/// looks fine is not legal.
fn check_hint(pos: &Position) -> String {
    if pos.is_check() {
        format!(" ({} is in check)", pos.side_to_move())
    } else {
        String::new()
    }
}

fn lower(role: Role) -> String {
    role.name().to_ascii_lowercase()
}

/// One candidate, or the ambiguity listing them all.
fn single(pos: &Position, text: &str, candidates: Vec<Move>) -> Result<Move, MoveError> {
    match candidates.as_slice() {
        [one] => Ok(*one),
        _ => {
            let names: Vec<String> = candidates.iter().map(|&m| to_san(pos, m)).collect();
            let candidates = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => names.join(", "),
            };
            Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates,
            })
        }
    }
}

/// Finds the legal move a parsed SAN means; `text` is quoted in errors.
pub fn resolve(pos: &Position, san: &San, text: &str) -> Result<Move, MoveError> {
    match *san {
        San::Drop { role, to } => resolve_drop(pos, text, role, to),
        San::Suborn {
            diplomat,
            target,
            color,
        } => resolve_suborn(pos, text, diplomat, target, color),
        San::Normal {
            role,
            origin,
            capture,
            to,
            promotion,
        } => resolve_normal(pos, text, role, origin, capture, to, promotion),
    }
}

fn resolve_normal(
    pos: &Position,
    text: &str,
    role: Role,
    origin: Option<Origin>,
    capture: bool,
    to: Cell,
    promotion: Option<Role>,
) -> Result<Move, MoveError> {
    let us = pos.side_to_move();
    let name = lower(role);
    if pos.pieces_of(us, role).is_empty() {
        return Err(illegal(text, format!("{us} has no {name}")));
    }
    let legal = pos.legal_moves();
    let pawn = role == Role::Pawn;
    let reaching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            matches!(*m, Move::Normal { from, to: t, .. }
                if t == to && role_at(pos, from) == Some(role)
                    && !pos.is_suborn(*m)
                    && (!pawn || pos.is_capture(*m) == capture))
        })
        .collect();
    if reaching.is_empty() {
        let reason = if pawn && capture {
            format!("no {us} pawn can capture on {to}")
        } else if pawn {
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| {
                    matches!(*m, Move::Normal { from, to: t, .. }
                        if t == to && role_at(pos, from) == Some(Role::Pawn))
                })
                .collect();
            match captures.first() {
                Some(&c) => format!(
                    "no {us} pawn can move to {to} without capturing (a capture is written like {})",
                    to_san(pos, c)
                ),
                None => format!("no {us} pawn can move to {to}"),
            }
        } else if role == Role::Diplomat && pos.piece_at(to).is_some_and(|p| p.color != us) {
            format!("a diplomat never captures (a suborn is written {to}={us})")
        } else if pos.piece_at(to).is_some_and(|p| p.color == us) {
            format!(
                "{to} is occupied by a {us} {}",
                lower(pos.piece_at(to).map_or(role, |p| p.role))
            )
        } else {
            format!("no {us} {name} can reach {to}")
        };
        return Err(illegal(text, reason + &check_hint(pos)));
    }
    let from_origin: Vec<Move> = match origin {
        None => reaching,
        Some(o) => {
            let kept = from_origin(reaching, o);
            if kept.is_empty() {
                let verb = if pawn && capture {
                    "capture on"
                } else if pawn {
                    "move to"
                } else {
                    "reach"
                };
                return Err(illegal(
                    text,
                    format!("no {us} {name} {} can {verb} {to}", o.describe()) + &check_hint(pos),
                ));
            }
            kept
        }
    };
    let captured: Vec<Move> = if capture {
        let kept: Vec<Move> = from_origin
            .into_iter()
            .filter(|m| pos.is_capture(*m))
            .collect();
        if kept.is_empty() {
            return Err(illegal(
                text,
                format!("there is nothing to capture on {to}"),
            ));
        }
        kept
    } else {
        from_origin
    };
    let promoted: Vec<Move> = match promotion {
        None => captured,
        Some(p) => {
            let kept: Vec<Move> = captured
                .into_iter()
                .filter(|m| matches!(*m, Move::Normal { promotion: Some(q), .. } if q == p))
                .collect();
            if kept.is_empty() {
                return Err(illegal(
                    text,
                    format!("a {us} pawn does not promote on {to}"),
                ));
            }
            kept
        }
    };
    // The reading rule of published games: a bare pawn destination that several pawns can
    // reach without capturing means the pawn advancing radially (from the centre to x3
    // counts as advancing along x).
    let distinct_origins = {
        let mut froms: Vec<Option<Cell>> = promoted.iter().map(|m| m.from()).collect();
        froms.sort();
        froms.dedup();
        froms.len()
    };
    if pawn && !capture && origin.is_none() && distinct_origins > 1 {
        let radial: Vec<Move> = promoted
            .iter()
            .copied()
            .filter(|m| {
                m.from().is_some_and(|f| {
                    (f.radius().is_some() && f.radius() == to.radius())
                        || (f.is_centre() && to.crown() == 3)
                })
            })
            .collect();
        if !radial.is_empty() {
            return single(pos, text, radial);
        }
    }
    single(pos, text, promoted)
}

fn resolve_suborn(
    pos: &Position,
    text: &str,
    diplomat: Option<Origin>,
    target: Cell,
    color: Color,
) -> Result<Move, MoveError> {
    let us = pos.side_to_move();
    if color != us {
        return Err(illegal(
            text,
            format!("it is {us}'s move, so a suborn is written `={us}`"),
        ));
    }
    let victim = match pos.piece_at(target) {
        None => {
            return Err(illegal(
                text,
                format!("there is no piece on {target} to suborn"),
            ))
        }
        Some(p) => p,
    };
    if victim.color == us {
        return Err(illegal(
            text,
            format!("the {} on {target} is already {us}", lower(victim.role)),
        ));
    }
    if victim.role == Role::King {
        return Err(illegal(text, "the king cannot be suborned"));
    }
    if pos.pieces_of(us, Role::Diplomat).is_empty() {
        return Err(illegal(text, format!("{us} has no diplomat")));
    }
    let suborns: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| pos.is_suborn(m) && m.to() == target)
        .collect();
    if suborns.is_empty() {
        let adjacent = pos
            .pieces_of(us, Role::Diplomat)
            .any(|d| crate::tables::KING_STEPS[d.index()] & target.bit() != 0);
        let reason = if adjacent {
            let why = if pos.is_check() {
                check_hint(pos)
            } else {
                " (it would expose the king)".to_string()
            };
            format!("no {us} diplomat can legally suborn {target}{why}")
        } else {
            format!("no {us} diplomat is next to {target}")
        };
        return Err(illegal(text, reason));
    }
    let kept: Vec<Move> = match diplomat {
        None => suborns,
        Some(o) => {
            let kept = from_origin(suborns, o);
            if kept.is_empty() {
                return Err(illegal(
                    text,
                    format!("no {us} diplomat {} can suborn {target}", o.describe()),
                ));
            }
            kept
        }
    };
    single(pos, text, kept)
}

fn resolve_drop(pos: &Position, text: &str, role: Role, to: Cell) -> Result<Move, MoveError> {
    let us = pos.side_to_move();
    let name = lower(role);
    if pos.rule() != SubornRule::Drop {
        return Err(illegal(
            text,
            format!(
                "drops are only played with suborn=drop (this game is suborn={})",
                pos.rule()
            ),
        ));
    }
    if pos.hand(us).count(role) == 0 {
        return Err(illegal(text, format!("{us} has no {name} in hand")));
    }
    let mv = Move::Drop { role, to };
    if pos.legal_moves().contains(&mv) {
        return Ok(mv);
    }
    let reason = if to.is_centre() {
        "nothing is dropped on the centre".to_string()
    } else if pos.piece_at(to).is_some() {
        format!("{to} is occupied")
    } else if pos.is_check() {
        format!("{us} is in check and the drop does not answer it")
    } else if role == Role::Pawn {
        format!("a {us} pawn on {to} would give check or stand on a promotion cell")
    } else {
        format!("a {name} dropped on {to} would give check")
    };
    Err(illegal(text, reason))
}

fn resolve_coordinate(pos: &Position, text: &str, c: Coordinate) -> Result<Move, MoveError> {
    if let Coordinate::Drop { role, to } = c {
        return resolve_drop(pos, text, role, to);
    }
    let Coordinate::Move {
        from,
        to,
        promotion,
    } = c
    else {
        return Err(illegal(text, "not a move"));
    };
    let us = pos.side_to_move();
    let legal = pos.legal_moves();
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            let mc = m.coordinate();
            mc == c
                || (promotion.is_none()
                    && matches!(mc, Coordinate::Move { from: f, to: t, promotion: Some(_) } if f == from && t == to))
        })
        .collect();
    if !matching.is_empty() {
        return single(pos, text, matching);
    }
    let piece = match pos.piece_at(from) {
        None => return Err(illegal(text, format!("there is no piece on {from}"))),
        Some(p) => p,
    };
    if piece.color != us {
        return Err(illegal(
            text,
            format!(
                "the {} on {from} is {}, and it is {us}'s move",
                lower(piece.role),
                piece.color
            ),
        ));
    }
    let reaches = legal.iter().any(|m| m.from() == Some(from) && m.to() == to);
    let reason = if reaches {
        format!(
            "the {us} {} on {from} does not promote on {to}",
            lower(piece.role)
        )
    } else {
        format!(
            "the {us} {} on {from} cannot go to {to}{}",
            lower(piece.role),
            check_hint(pos)
        )
    };
    Err(illegal(text, reason))
}

/// The moves whose piece stands where the written origin says.
fn from_origin(moves: Vec<Move>, origin: Origin) -> Vec<Move> {
    moves
        .into_iter()
        .filter(|m| m.from().is_some_and(|f| origin.matches(f)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_round_trips() {
        for text in [
            "Ha3",
            "Bxe3",
            "Rx4",
            "d3",
            "bxa3",
            "lx4",
            "4xf3",
            "d-4",
            "dx4",
            "f-f3",
            "h3xi2",
            "h3-i2",
            "R4xa3",
            "Rba3",
            "R2a3",
            "Rb2a3",
            "Ra-4",
            "a3=black",
            "Dc2:b3=black",
            "b1=Rook",
            "bxa1=Horse",
            "H@c2",
            "P@c2",
            "4-m3",
        ] {
            let san: San = text.parse().unwrap();
            assert_eq!(san.to_string(), text);
        }
    }

    #[test]
    fn accepted_variants() {
        let p = |s: &str| s.parse::<San>().unwrap().to_string();
        assert_eq!(p("a3=b"), "a3=black");
        assert_eq!(p("a3=w"), "a3=white");
        assert_eq!(p("b1=R"), "b1=Rook");
        assert_eq!(p("b1=b"), "b1=black");
        assert_eq!(p("@c2"), "P@c2");
        assert_eq!(p("Ha3+"), "Ha3");
        assert_eq!(p("Ha3#"), "Ha3");
        assert_eq!(p("Ha3++!?"), "Ha3");
        assert_eq!(p("d4"), "d-4");
        assert_eq!(p("Ra4"), "Ra-4");
    }

    #[test]
    fn rejects() {
        for text in [
            "", "+", "Z3", "a5", "Pd3", "K@c2", "ba3", "-a3", "a3=x", "Ra3=R", "é", "d3 d4",
            "a3==b", "c2:", "Dc2:b3",
        ] {
            assert!(text.parse::<San>().is_err(), "{text}");
        }
    }
}
