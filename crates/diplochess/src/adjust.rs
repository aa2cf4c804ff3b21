//! Adjustments (option `adjustments=on`, spec §8, rule 15): one piece per controlled home
//! square, every 10th turn.

use crate::movement::{OrderOutcome, OrderReport};
use crate::order::Order;
use crate::outcome::{Failure, Void};
use crate::position::{cap, first_rank, value, Position};
use board8::{Piece, Role, Square};
use diplo_core::Color;

/// What the adjustment step did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AdjustmentReport {
    pub position: Position,
    pub reports: Vec<OrderReport>,
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_impls::placed")
    )]
    pub built: Vec<(Square, Piece)>,
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_impls::placed")
    )]
    pub disbanded: Vec<(Square, Piece)>,
}

/// The 16 home squares of a side: its own first two ranks.
pub fn home_squares(color: Color) -> u64 {
    match color {
        Color::White => 0x0000_0000_0000_FFFF,
        Color::Black => 0xFFFF_0000_0000_0000,
    }
}

/// Home squares without an enemy piece on them.
pub fn controlled(position: &Position, color: Color) -> u64 {
    home_squares(color) & !position.board.by_color(!color)
}

/// Allowance minus pieces: positive = may build, negative = must disband.
pub fn balance(position: &Position, color: Color) -> i32 {
    controlled(position, color).count_ones() as i32
        - position.board.by_color(color).count_ones() as i32
}

/// Whether the adjustment step asks anything of `color`.
pub fn needs_orders(position: &Position, color: Color) -> bool {
    balance(position, color) != 0
}

fn fen_key(sq: &Square) -> (u8, u8) {
    (7 - sq.rank(), sq.file())
}

/// `at_start` is the position when the step began: control is judged there (§8.2), so that
/// the other side's disbands in the same step do not change it.
pub(crate) fn may_build(
    p: &Position,
    at_start: &Position,
    color: Color,
    role: Role,
    sq: Square,
) -> Result<(), Void> {
    if role == Role::King {
        return Err(Void::KingCannotBeBuilt);
    }
    let have = p.count(color, role)
        + if role == Role::Pawn {
            u32::from(p.held[color])
        } else {
            0
        };
    if have >= cap(role) {
        return Err(Void::AtInitialNumber { role });
    }
    let rank = if role == Role::Pawn {
        color.fold(1, 6)
    } else {
        first_rank(color)
    };
    if sq.rank() != rank
        || controlled(at_start, color) & sq.bit() == 0
        || p.board.piece_at(sq).is_some()
    {
        return Err(Void::NotControlled { square: sq });
    }
    Ok(())
}

/// Runs the adjustment step with both sides' orders.
pub fn adjust(position: &Position, orders: &[(Color, Order)]) -> AdjustmentReport {
    let mut p = position.clone();
    let mut outcomes: Vec<Option<OrderOutcome>> = vec![None; orders.len()];
    let mut built = Vec::new();
    let mut disbanded = Vec::new();
    for color in Color::ALL {
        let mine = || {
            orders
                .iter()
                .enumerate()
                .filter(move |(_, (c, _))| *c == color)
        };
        let b = balance(position, color);
        if b < 0 {
            let mut due = (-b) as usize;
            for (i, (_, order)) in mine() {
                let Order::Disband(pr) = order else { continue };
                if due == 0 {
                    outcomes[i] = Some(OrderOutcome::Failed(Failure::Surplus));
                    continue;
                }
                match p.board.piece_at(pr.square) {
                    Some(x) if x.color == color && x.role == pr.role && x.role != Role::King => {
                        p.board.remove(pr.square);
                        disbanded.push((pr.square, x));
                        outcomes[i] = Some(OrderOutcome::Executed);
                        due -= 1;
                    }
                    _ => {
                        outcomes[i] =
                            Some(OrderOutcome::Failed(Failure::void(Void::NoDisbandable {
                                piece: *pr,
                            })))
                    }
                }
            }
            // Default: lowest value first, ties in board order.
            let mut rest: Vec<(Square, Piece)> = p
                .board
                .iter()
                .filter(|(_, x)| x.color == color && x.role != Role::King)
                .collect();
            rest.sort_by_key(|(s, x)| (value(x.role), fen_key(s)));
            for (sq, x) in rest.into_iter().take(due) {
                p.board.remove(sq);
                disbanded.push((sq, x));
            }
        } else if b > 0 {
            let mut may = b as usize;
            for (i, (_, order)) in mine() {
                let Order::Build(role, sq) = order else {
                    continue;
                };
                if may == 0 {
                    outcomes[i] = Some(OrderOutcome::Failed(Failure::Surplus));
                    continue;
                }
                match may_build(&p, position, color, *role, *sq) {
                    Ok(()) => {
                        let piece = Piece { color, role: *role };
                        p.board.put(*sq, piece);
                        built.push((*sq, piece));
                        outcomes[i] = Some(OrderOutcome::Executed);
                        may -= 1;
                    }
                    Err(why) => outcomes[i] = Some(OrderOutcome::Failed(Failure::void(why))),
                }
            }
        }
    }
    // A rook disbanded from its start square takes its castling right with it (§5.8.5).
    p.drop_stale_castling();
    let reports = OrderReport::all(orders, outcomes, |order| match order {
        Order::Build(..) | Order::Disband(_) => Failure::void(Void::NoAdjustmentDue),
        _ => Failure::void(Void::NotAnAdjustmentOrder),
    });
    AdjustmentReport {
        position: p,
        reports,
        built,
        disbanded,
    }
}
