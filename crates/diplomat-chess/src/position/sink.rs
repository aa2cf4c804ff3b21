//! Where generated moves go: onto a list, or into a counter for bulk perft.

use crate::cell::cells;
use crate::{Cell, Move, MoveList, Role};

/// Something that receives generated moves: a list, or a counter for bulk perft.
pub(crate) trait MoveSink {
    fn moves(&mut self, from: usize, targets: u64);
    fn promotions(&mut self, from: usize, targets: u64);
    fn suborns(&mut self, diplomat: usize, targets: u64);
    fn drops(&mut self, role: Role, targets: u64);
}

/// A list that generated moves are pushed onto.
pub(crate) trait PushMove {
    fn push_move(&mut self, mv: Move);
}

impl PushMove for MoveList {
    #[inline]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

impl PushMove for Vec<Move> {
    #[inline]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

impl<L: PushMove> MoveSink for L {
    fn moves(&mut self, from: usize, targets: u64) {
        let from = Cell::from_index_unchecked(from as u8);
        for to in cells(targets) {
            self.push_move(Move::Normal {
                from,
                to,
                promotion: None,
            });
        }
    }
    fn promotions(&mut self, from: usize, targets: u64) {
        let from = Cell::from_index_unchecked(from as u8);
        for to in cells(targets) {
            for role in Role::PROMOTIONS {
                self.push_move(Move::Normal {
                    from,
                    to,
                    promotion: Some(role),
                });
            }
        }
    }
    fn suborns(&mut self, diplomat: usize, targets: u64) {
        let diplomat = Cell::from_index_unchecked(diplomat as u8);
        for to in cells(targets) {
            self.push_move(Move::Normal {
                from: diplomat,
                to,
                promotion: None,
            });
        }
    }
    fn drops(&mut self, role: Role, targets: u64) {
        for to in cells(targets) {
            self.push_move(Move::Drop { role, to });
        }
    }
}

/// Counts moves without making them (bulk-counted perft).
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn moves(&mut self, _: usize, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline]
    fn promotions(&mut self, _: usize, targets: u64) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline]
    fn suborns(&mut self, _: usize, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline]
    fn drops(&mut self, _: Role, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
}
