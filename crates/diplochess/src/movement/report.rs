//! The results of movement (§5.8) and the explanation of every order (§10.3).

use super::{Kind, SupportStatic, Turn, NONE};
use crate::order::{Order, PieceRef};
/// Defined with the reasons in `crate::outcome`.
pub use crate::outcome::OrderOutcome;
use crate::outcome::{Consequence, Failure, Void};
use crate::position::Position;
use crate::validity::castle_flag;
use board8::{Bitboard, Piece, Square};
use diplo_core::Color;
use std::fmt;

use OrderOutcome as Outcome;

/// One order of the orders file with its outcome.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OrderReport {
    pub color: Color,
    pub order: Order,
    pub outcome: Outcome,
}

impl OrderReport {
    /// The reports of a phase's orders, in their order; an order the phase gave no outcome
    /// fails with `unresolved(order)` as the reason.
    pub(crate) fn all(
        orders: &[(Color, Order)],
        outcomes: Vec<Option<Outcome>>,
        unresolved: impl Fn(&Order) -> Failure,
    ) -> Vec<OrderReport> {
        orders
            .iter()
            .zip(outcomes)
            .map(|(&(color, order), outcome)| OrderReport {
                color,
                order,
                outcome: outcome.unwrap_or_else(|| Outcome::Failed(unresolved(&order))),
            })
            .collect()
    }
}

/// A piece dislodged in movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dislodgement {
    pub square: Square,
    pub piece: Piece,
    /// Where the dislodging piece came from: the one square it may not retreat to.
    pub attacker_from: Square,
}

/// The result of a movement phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjudication {
    /// The position after movement: dislodged pieces are off the board, pawns on the last
    /// rank are still pawns, castling rights updated; held, clock and turn unchanged.
    pub position: Position,
    /// Every order in file order.
    pub reports: Vec<OrderReport>,
    /// In FEN board order (a8 … h1).
    pub dislodged: Vec<Dislodgement>,
    /// Standoff sites (§5.8.3).
    pub standoffs: Bitboard,
    /// A dislodgement or a successful pawn move happened (§9.3).
    pub progress: bool,
}

/// FEN board order: rank 8 first, files a to h.
pub fn fen_order(sq: &Square) -> (u8, u8) {
    (7 - sq.rank(), sq.file())
}

impl Adjudication {
    /// The `dislodged:` list, e.g. `Re5 nb1`, or `-`.
    pub fn dislodged_list(&self) -> String {
        if self.dislodged.is_empty() {
            return "-".to_string();
        }
        self.dislodged
            .iter()
            .map(|d| format!("{}{}", d.piece.char(), d.square))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The `standoffs:` list, e.g. `c3 f6`, or `-`.
    pub fn standoff_list(&self) -> String {
        let mut squares: Vec<Square> = self.standoffs.collect();
        if squares.is_empty() {
            return "-".to_string();
        }
        squares.sort_by_key(fen_order);
        squares
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Display for Adjudication {
    /// The adjudication output of interfaces.md.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "position: {}", self.position)?;
        for r in &self.reports {
            writeln!(f, "{} {} => {}", r.color, r.order, r.outcome)?;
        }
        writeln!(f, "dislodged: {}", self.dislodged_list())?;
        writeln!(f, "standoffs: {}", self.standoff_list())
    }
}

impl Turn<'_> {
    /// The piece standing on `sq` at the start, as reasons name it.
    fn piece_ref(&self, sq: Square) -> Option<PieceRef> {
        self.position.board.piece_at(sq).map(|p| PieceRef {
            role: p.role,
            square: sq,
        })
    }

    /// Why a (failed) move component failed.
    fn move_reason(&mut self, c: usize) -> Failure {
        let comp = self.comps[c];
        if comp.blocked_by != NONE {
            return Failure::Blocked {
                by: self.orders[comp.blocked_by as usize].1,
            };
        }
        let d = comp.spec.to;
        let attack = self.attack_strength(c);
        if attack < 0 {
            // An unblocked move's attack is below zero only against a piece standing on its
            // destination (a travel order's, or one of its own side).
            match (comp.spec.travel, self.piece_ref(d)) {
                (false, _) => return Failure::SelfDislodgement,
                (true, Some(piece)) => return Failure::TravelCannotDislodge { piece },
                (true, None) => {}
            }
        }
        if comp.h2h != NONE {
            let defend = self.defend_strength(comp.h2h as usize);
            if attack <= defend {
                let opp = self.comps[comp.h2h as usize].order as usize;
                return Failure::HeadToHead {
                    lost_to: self.orders[opp].1,
                    attack,
                    against: defend,
                };
            }
        } else {
            let hold = self.hold_strength(d);
            // HOLD of an empty square is below any attack: a bounce here names a piece.
            if let (true, Some(by)) = (attack <= hold, self.piece_ref(d)) {
                return Failure::Bounced {
                    at: d,
                    by,
                    attack,
                    against: hold,
                };
            }
        }
        let mut o = self.into_head[d.index()];
        let mut best: Option<(i32, usize)> = None;
        while o != NONE {
            if o as usize != c {
                let p = self.prevent_strength(o as usize);
                // The strongest opponent, ties to the lowest origin square.
                let from = self.comps[o as usize].spec.from.index();
                let stronger = match best {
                    Some((b, k)) => {
                        (p, std::cmp::Reverse(from))
                            > (b, std::cmp::Reverse(self.comps[k].spec.from.index()))
                    }
                    None => true,
                };
                if attack <= p && stronger {
                    best = Some((p, o as usize));
                }
            }
            o = self.comps[o as usize].next_into;
        }
        // A competing move's origin always holds its piece.
        match best.and_then(|(p, o)| Some((p, self.piece_ref(self.comps[o].spec.from)?))) {
            Some((p, by)) => Failure::Bounced {
                at: d,
                by,
                attack,
                against: p,
            },
            None => Failure::Paradox,
        }
    }

    fn outcome(&mut self, i: usize) -> Outcome {
        if let Some(why) = &self.voids[i] {
            let why = Void::Invalid(why.clone());
            return Outcome::Failed(match self.dislodger_of_order(i) {
                Some(by) => Failure::void_then(why, Consequence::DislodgedBy(by)),
                None => Failure::void(why),
            });
        }
        match self.kinds[i] {
            Kind::Hold | Kind::Void => match self.dislodger_of_order(i) {
                Some(by) => Outcome::Failed(Failure::Dislodged { by }),
                None => Outcome::Executed,
            },
            Kind::Move(c) => {
                if self.is_yes(i) {
                    Outcome::Executed
                } else if self.paradox[i] {
                    Outcome::Failed(Failure::Paradox)
                } else {
                    Outcome::Failed(self.move_reason(c as usize))
                }
            }
            Kind::Castle(a, b) => {
                if self.is_yes(i) {
                    return Outcome::Executed;
                }
                if self.paradox[i] {
                    return Outcome::Failed(Failure::Paradox);
                }
                // Report the component that failed on its own.
                let why = if self.move_succeeds(a as usize) {
                    self.move_reason(b as usize)
                } else {
                    self.move_reason(a as usize)
                };
                Outcome::Failed(why)
            }
            Kind::Support {
                at, target, stat, ..
            } => {
                if self.is_yes(i) {
                    return Outcome::Executed;
                }
                let why = match stat {
                    SupportStatic::NotMatched => Failure::NotMatched,
                    SupportStatic::Cut(c) => Failure::Cut {
                        by: self.orders[self.comps[c as usize].order as usize].1,
                    },
                    SupportStatic::LineBlocked(x) => Failure::LineBlocked { at: x },
                    SupportStatic::Open => {
                        if let Some(c) = self.first_success_into(at) {
                            let o = self.comps[c].order as usize;
                            Failure::Dislodged {
                                by: self.orders[o].1,
                            }
                        } else if let Some(x) = self.line_blocked_at(at, target) {
                            // Judged on the final state, so that the explanation does not
                            // depend on where the resolver entered a paradoxical cycle.
                            Failure::LineBlocked { at: x }
                        } else {
                            Failure::Paradox
                        }
                    }
                };
                Outcome::Failed(why)
            }
        }
    }

    /// For a piece that stayed: the order that dislodged it.
    fn dislodger_of_order(&mut self, i: usize) -> Option<Order> {
        let sq = self.order_square(i)?;
        let c = self.first_success_into(sq)?;
        Some(self.orders[self.comps[c].order as usize].1)
    }

    fn order_square(&self, i: usize) -> Option<Square> {
        match self.orders[i].1 {
            Order::Hold(p)
            | Order::Move(p, _)
            | Order::SupportHold(p, _)
            | Order::SupportMove(p, _, _) => {
                (self.order_at[p.square.index()] == i as u16).then_some(p.square)
            }
            _ => None,
        }
    }

    /// §5.8: the board after movement, dislodged pieces, standoff sites, castling rights.
    pub fn report(&mut self) -> Adjudication {
        let start = &self.position.board;
        let mut board = start.clone();
        let mut moved = 0u64;
        let mut progress = false;
        let n = self.comps.len();
        let success: Vec<bool> = (0..n).map(|c| self.comp_moves(c)).collect();
        for (c, comp) in self.comps.iter().enumerate() {
            if success[c] {
                moved |= comp.spec.from.bit();
                board.remove(comp.spec.from);
                if start.piece_at(comp.spec.from).map(|p| p.role) == Some(board8::Role::Pawn) {
                    progress = true;
                }
            }
        }
        let mut dislodged = Vec::new();
        let mut removed_from = 0u64;
        for (c, comp) in self.comps.iter().enumerate() {
            if !success[c] {
                continue;
            }
            let to = comp.spec.to;
            if moved & to.bit() == 0 {
                if let Some(victim) = start.piece_at(to) {
                    dislodged.push(Dislodgement {
                        square: to,
                        piece: victim,
                        attacker_from: comp.spec.from,
                    });
                    removed_from |= to.bit();
                    progress = true;
                }
            }
            if let Some(p) = start.piece_at(comp.spec.from) {
                board.put(to, p);
            }
        }
        dislodged.sort_by_key(|d| fen_order(&d.square));
        // Standoff sites: empty after movement, two or more failed moves that were neither
        // BLOCKED nor the loser of a head-to-head.
        let mut standoffs = 0u64;
        for sq in Square::all() {
            if board.piece_at(sq).is_some() {
                continue;
            }
            let mut count = 0;
            let mut c = self.into_head[sq.index()];
            while c != NONE {
                let comp = self.comps[c as usize];
                let lost_h2h = comp.h2h != NONE && success[comp.h2h as usize];
                if !success[c as usize] && comp.blocked_by == NONE && !lost_h2h {
                    count += 1;
                }
                c = comp.next_into;
            }
            if count >= 2 {
                standoffs |= sq.bit();
            }
        }
        let mut castling = self.position.castling;
        for color in Color::ALL {
            for side in [crate::CastleSide::King, crate::CastleSide::Queen] {
                let (k, r) = crate::validity::castle_specs(color, side);
                let gone = (moved | removed_from) & (k.from.bit() | r.from.bit()) != 0;
                if gone {
                    castling.remove(castle_flag(color, side));
                }
            }
        }
        let position = Position {
            board,
            castling,
            ..self.position.clone()
        };
        let reports = (0..self.orders.len())
            .map(|i| OrderReport {
                color: self.orders[i].0,
                order: self.orders[i].1,
                outcome: self.outcome(i),
            })
            .collect();
        Adjudication {
            position,
            reports,
            dislodged,
            standoffs: Bitboard(standoffs),
            progress,
        }
    }
}
