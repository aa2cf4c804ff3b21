//! Resolving a move written as text against the legal moves of a position: which legal
//! move a [`San`] or a coordinate means, or why none (or several) does.

use super::syntax::strip_marks;
use super::{role_at, to_san, Origin, San, SanParseError};
use crate::{Cell, Coordinate, Move, Position, Role, SubornRule};
use diplo_core::{Color, MoveError};

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
                    format!("no {us} {name} {} can {verb} {to}", describe(o)) + &check_hint(pos),
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
                    format!("no {us} diplomat {} can suborn {target}", describe(o)),
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

/// `on radius b`, `on crown 2`, `on b2`, `on the centre`.
fn describe(origin: Origin) -> String {
    match origin {
        Origin::Radius(_) => format!("on radius {origin}"),
        Origin::Crown(_) => format!("on crown {origin}"),
        Origin::Cell(c) if c.is_centre() => "on the centre".to_string(),
        Origin::Cell(c) => format!("on {c}"),
    }
}
