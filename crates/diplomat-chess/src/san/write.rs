//! Writing the canonical SAN of a legal move, with its check or mate mark.

use super::{role_at, Origin, San};
use crate::{Cell, Move, Position, Role};

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
