//! Reading one side's orders: as a player gives them, and as a record section has them.

use super::{Orders, Stage, State};
use crate::build::BuildError;
use crate::game::OrderError;
use crate::movement::MovementError;
use crate::order::{Order, Phase};
use crate::retreat::RetreatError;
use crate::validity::ordered_squares;
use diplo_core::Color;

impl State {
    /// Checks one side's orders as a player gives them: each must fit the phase, and no piece
    /// or square may get two (§4.1).
    pub(super) fn read_orders(&self, side: Color, orders: &[Order]) -> Result<Orders, OrderError> {
        let phase = self.current_phase().ok_or(OrderError::Over)?;
        let mut seen = 0u64;
        for order in orders {
            if !order.fits(phase) {
                return Err(OrderError::WrongPhase {
                    color: side,
                    order: *order,
                    phase,
                });
            }
            if matches!(order, Order::Build(..) | Order::Disband(_)) {
                // A build names a square, not a piece; a repeated disband is ignored
                // (DATC 6.I.7, 6.J.2), not an error.
                continue;
            }
            for sq in ordered_squares(side, order).into_iter().flatten() {
                if seen & sq.bit() != 0 {
                    return Err(OrderError::TwoOrders {
                        color: side,
                        square: sq,
                    });
                }
                seen |= sq.bit();
            }
        }
        Ok(Orders(orders.to_vec()))
    }

    /// Checks one side's orders of a record section (§10.4): orders that do not belong to
    /// the phase are kept (they are void, and void orders are part of the game); only two
    /// orders for one piece are an error, with the message the phase's resolver gives.
    pub fn check_record_orders(&self, side: Color, orders: &[Order]) -> Result<Orders, OrderError> {
        let mut seen: [Option<&Order>; 64] = [None; 64];
        match self.stage {
            Stage::Over => return Err(OrderError::Over),
            Stage::Movement => {
                for order in orders.iter().filter(|o| o.fits(Phase::Movement)) {
                    for sq in ordered_squares(side, order).into_iter().flatten() {
                        if let Some(first) = seen[sq.index()] {
                            return Err(MovementError::TwoOrders {
                                color: side,
                                square: sq,
                                first: first.to_string(),
                                second: order.to_string(),
                            }
                            .into());
                        }
                        seen[sq.index()] = Some(order);
                    }
                }
            }
            Stage::Retreats(_) => {
                for order in orders {
                    if let Order::Move(p, _) | Order::RetreatDisband(p) = order {
                        if seen[p.square.index()].is_some() {
                            return Err(RetreatError::TwoOrders {
                                color: side,
                                square: p.square,
                            }
                            .into());
                        }
                        seen[p.square.index()] = Some(order);
                    }
                }
            }
            Stage::Builds => {
                for order in orders {
                    if let Order::Convert(sq, _) = order {
                        if seen[sq.index()].is_some() {
                            return Err(BuildError::TwoOrders {
                                color: side,
                                square: *sq,
                            }
                            .into());
                        }
                        seen[sq.index()] = Some(order);
                    }
                }
            }
            Stage::Adjustments => {}
        }
        Ok(Orders(orders.to_vec()))
    }
}
