//! The resolution of simultaneous orders: simulations (§5) repeated with king moves cancelled
//! until every executed king move is safe (§6), then the next position (§7.5, §8.3).

use crate::order::{Order, OrderKind};
pub use crate::outcome::{rank_of, Failure, OrderOutcome};
use crate::position::Position;
pub use crate::simulate::MAX_ORDERS;
use crate::simulate::{sq, Sim, Status};
use arrayvec::ArrayVec;
use board8::{Board, Piece, Role};
use diplo_core::Color;

/// The result of resolving a set of orders.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Resolution {
    /// One outcome per order, in the order given.
    pub outcomes: ArrayVec<OrderOutcome, MAX_ORDERS>,
    /// The position after the orders; the turn number is unchanged.
    pub position: Position,
    /// Pieces captured (all kinds), for the clock.
    pub captures: u8,
    /// Per order, in the order given: the enemy piece it took, if it took one (a capture
    /// stands even if the order then failed).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub took: ArrayVec<Option<Piece>, MAX_ORDERS>,
}

/// Resolves orders of both sides together (basic mode, one simultaneous-progressive set, or
/// one progressive step): §5 with §6's iterated cancellation.
pub fn resolve(pos: &Position, orders: &[Order]) -> Resolution {
    let orders = &orders[..orders.len().min(MAX_ORDERS)];
    let mut cancelled = 0u64;
    let mut cancel_square = [0u8; MAX_ORDERS];
    loop {
        let mut sim = Sim::new(pos, orders, cancelled);
        sim.run();
        let board = sim.final_board(orders);
        let occupied = board.occupied();
        let mut unsafe_kings = 0u64;
        for (i, m) in sim.movers.iter().enumerate() {
            if m.piece.role != Role::King || sim.status[i] != Status::Done {
                continue;
            }
            let o = &orders[m.order as usize];
            let enemy = !m.piece.color;
            let dest = sq(sim.square[i]);
            let mut bad = board.attackers(dest, enemy, occupied) != 0;
            if let Some(transit) = o.castle_transit() {
                bad |= board.attackers(transit, enemy, occupied) != 0;
            }
            if bad {
                unsafe_kings |= 1 << m.order;
                cancel_square[m.order as usize] = o.to.index() as u8;
            }
        }
        if unsafe_kings == 0 {
            return finish(pos, orders, sim, board, cancelled, &cancel_square);
        }
        cancelled |= unsafe_kings;
    }
}

fn finish(
    pos: &Position,
    orders: &[Order],
    sim: Sim<'_>,
    board: Board,
    cancelled: u64,
    cancel_square: &[u8; MAX_ORDERS],
) -> Resolution {
    let mut outcomes: ArrayVec<OrderOutcome, MAX_ORDERS> = ArrayVec::new();
    for (i, &square) in cancel_square.iter().enumerate().take(orders.len()) {
        outcomes.push(if cancelled & (1 << i) != 0 {
            OrderOutcome::Failed(Failure::KingSafety { square: sq(square) })
        } else {
            OrderOutcome::Executed
        });
    }
    let mut executed_from = 0u64;
    let mut pawn_moved = false;
    let mut en_passant = 0u64;
    for (i, m) in sim.movers.iter().enumerate() {
        let k = m.order as usize;
        match sim.status[i] {
            Status::Done => {
                executed_from |= 1u64 << m.origin;
                if m.piece.role == Role::Pawn {
                    pawn_moved = true;
                    if orders[k].kind == OrderKind::DoublePush {
                        en_passant |= 1u64 << m.path[0];
                    }
                }
            }
            _ => {
                // The first recorded failure of the order's movers (castling: the cause).
                let why = sim.fail[i].unwrap_or(Failure::Castling { tick: 0 });
                match outcomes[k] {
                    OrderOutcome::Failed(Failure::Castling { .. }) | OrderOutcome::Executed => {
                        outcomes[k] = OrderOutcome::Failed(why)
                    }
                    OrderOutcome::Failed(_) => {}
                }
            }
        }
    }
    let mut castling = pos.castling;
    for (flag, letter, king, rook) in crate::position::CASTLINGS {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let moved = executed_from & ((1u64 << king) | (1u64 << rook)) != 0;
        let rook_there = board.piece_at(sq(rook))
            == Some(Piece {
                color,
                role: Role::Rook,
            });
        let king_there = board.piece_at(sq(king))
            == Some(Piece {
                color,
                role: Role::King,
            });
        if moved || !rook_there || !king_there {
            castling.remove(flag);
        }
    }
    let captures = sim.captures;
    let mut took: ArrayVec<Option<Piece>, MAX_ORDERS> = (0..orders.len()).map(|_| None).collect();
    for (i, m) in sim.movers.iter().enumerate() {
        if let (Some(piece), Some(slot)) = (sim.took[i], took.get_mut(m.order as usize)) {
            *slot = Some(piece);
        }
    }
    let clock = if captures > 0 || pawn_moved {
        0
    } else {
        pos.clock.saturating_add(1)
    };
    Resolution {
        outcomes,
        position: Position {
            board,
            castling,
            en_passant,
            clock,
            turn: pos.turn,
        },
        captures,
        took,
    }
}
