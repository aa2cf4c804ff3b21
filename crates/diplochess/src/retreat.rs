//! Retreats of dislodged pieces (spec §6; rules 11c–e, 12, 13) and the Bloody variant.

use crate::movement::{Adjudication, Dislodgement, OrderOutcome, OrderReport};
use crate::order::Order;
use crate::outcome::{Consequence, Failure, Void};
use crate::position::Position;
use crate::validity::VoidReason;
use crate::Rules;
use board8::{between, king_attacks, knight_attacks, Bitboard, Piece, Role, Square};
use diplo_core::{ByColor, Color};

/// Why retreat orders could not be resolved at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RetreatError {
    #[error("{color}: two orders for the piece on {square}")]
    TwoOrders { color: Color, square: Square },
}

/// The result of a retreat phase.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RetreatReport {
    pub position: Position,
    pub reports: Vec<OrderReport>,
    /// Pieces taken off the board in this phase (bloody removals included), with their squares.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_impls::placed")
    )]
    pub removed: Vec<(Square, Piece)>,
    /// Which sides lost their King (§9.1).
    pub king_lost: ByColor<bool>,
}

/// The squares a dislodged piece may retreat to (§6.2, §6.3) on the board after movement.
pub fn legal_retreats(after: &Position, d: &Dislodgement, standoffs: Bitboard) -> Bitboard {
    let board = &after.board;
    let occupied = board.occupied();
    let from = d.square;
    let color = d.piece.color;
    let mut targets = match d.piece.role {
        Role::King => king_attacks(from),
        Role::Knight => knight_attacks(from),
        Role::Pawn => {
            let dir: i8 = color.fold(1, -1);
            let mut t = 0;
            if let Some(one) = from.offset(0, dir) {
                if occupied & one.bit() == 0 {
                    t |= one.bit();
                    if from.rank() == color.fold(1, 6) {
                        if let Some(two) = from.offset(0, 2 * dir) {
                            t |= two.bit();
                        }
                    }
                }
            }
            t
        }
        role => Square::all()
            .filter(|&to| crate::validity::can_capture_onto(color, role, from, to))
            .filter(|&to| between(from, to) & occupied == 0)
            .fold(0, |acc, s| acc | s.bit()),
    };
    targets &= !occupied;
    targets &= !standoffs.0;
    targets &= !d.attacker_from.bit();
    Bitboard(targets)
}

/// Resolves the retreat phase after `movement`: every dislodged piece retreats as ordered
/// or is removed; with `bloody`, every dislodged piece but the King is removed at once.
pub fn retreat(
    movement: &Adjudication,
    rules: Rules,
    orders: &[(Color, Order)],
) -> Result<RetreatReport, RetreatError> {
    let after = &movement.position;
    // The accepted retreat of each dislodged piece: index into `orders` and destination.
    let mut chosen: Vec<Option<(usize, Option<Square>)>> = vec![None; movement.dislodged.len()];
    let mut outcomes: Vec<Option<OrderOutcome>> = vec![None; orders.len()];
    let mut seen: ByColor<u64> = ByColor::default();
    for (i, (color, order)) in orders.iter().enumerate() {
        let (p, to) = match *order {
            Order::Move(p, to) => (p, Some(to)),
            Order::RetreatDisband(p) => (p, None),
            _ => {
                // Supports, holds and the like have no place in a retreat (DATC 6.H.1-6.H.4).
                outcomes[i] = Some(OrderOutcome::Failed(Failure::void(Void::NotARetreatOrder)));
                continue;
            }
        };
        if seen[*color] & p.square.bit() != 0 {
            return Err(RetreatError::TwoOrders {
                color: *color,
                square: p.square,
            });
        }
        seen[*color] |= p.square.bit();
        let found = movement
            .dislodged
            .iter()
            .position(|d| d.square == p.square && d.piece.color == *color);
        let Some(k) = found else {
            outcomes[i] = Some(OrderOutcome::Failed(Failure::void(
                Void::NoDislodgedPiece {
                    color: *color,
                    square: p.square,
                },
            )));
            continue;
        };
        let d = movement.dislodged[k];
        if d.piece.role != p.role {
            let why = VoidReason::WrongType {
                square: p.square,
                found: d.piece.role,
                named: p.role,
            };
            outcomes[i] = Some(OrderOutcome::Failed(Failure::void_then(
                Void::Invalid(why),
                Consequence::Removed,
            )));
            continue;
        }
        if rules.bloody && d.piece.role != Role::King {
            outcomes[i] = Some(OrderOutcome::Failed(Failure::RemovedBloody));
            continue;
        }
        if let Some(to) = to {
            if legal_retreats(after, &d, movement.standoffs).0 & to.bit() == 0 {
                outcomes[i] = Some(OrderOutcome::Failed(Failure::void_then(
                    Void::NoLegalRetreat { to },
                    Consequence::Removed,
                )));
                continue;
            }
        }
        chosen[k] = Some((i, to));
    }
    // Two or more retreats to one square: all those pieces are removed (rule 11e).
    let mut count = [0u8; 64];
    for (_, to) in chosen.iter().flatten() {
        if let Some(to) = to {
            count[to.index()] += 1;
        }
    }
    let mut position = after.clone();
    let mut removed = Vec::new();
    let mut king_lost = ByColor::new(false, false);
    for (k, d) in movement.dislodged.iter().enumerate() {
        let landed = match chosen[k] {
            Some((i, Some(to))) if count[to.index()] == 1 => {
                outcomes[i] = Some(OrderOutcome::Executed);
                Some(to)
            }
            Some((i, Some(to))) => {
                outcomes[i] = Some(OrderOutcome::Failed(Failure::Collision { at: to }));
                None
            }
            Some((i, None)) => {
                outcomes[i] = Some(OrderOutcome::Executed);
                None
            }
            None => None,
        };
        match landed {
            Some(to) => position.board.put(to, d.piece),
            None => {
                removed.push((d.square, d.piece));
                if d.piece.role == Role::King {
                    king_lost[d.piece.color] = true;
                }
            }
        }
    }
    let reports = OrderReport::all(orders, outcomes, |_| Failure::Unresolved);
    Ok(RetreatReport {
        position,
        reports,
        removed,
        king_lost,
    })
}
