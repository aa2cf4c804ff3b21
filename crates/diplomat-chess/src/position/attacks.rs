//! Attacks on a cell, and the checks and pins against the side to move.

use super::Position;
use crate::cell::cells;
use crate::tables::*;
use crate::Role;
use diplo_core::Color;

/// Checks and pins against the side to move, found once per position.
pub(super) struct KingSafety {
    /// Enemy pieces giving check.
    pub(super) checkers: u64,
    /// Cells a non-king move must end on to answer every check (all cells if not in check).
    pub(super) check_mask: u64,
    /// Own pieces that are the only blocker on some path from an enemy slider to the king.
    pub(super) pinned: u64,
    pub(super) pins: arrayvec::ArrayVec<(u8, u64), 24>,
    /// Enemy pieces that are the only blocker between an enemy slider and the king: taking
    /// one off the board (suborn=remove/drop) would expose the king.
    pub(super) enemy_blockers: u64,
}

impl KingSafety {
    #[inline]
    pub(super) fn pin_mask(&self, cell: usize) -> u64 {
        self.pins
            .iter()
            .filter(|(c, _)| *c as usize == cell)
            .fold(!0, |m, (_, mask)| m & mask)
    }
}

impl Position {
    /// Pieces of `by` attacking `cell` with the given occupancy. Diplomats never attack.
    #[inline]
    pub(super) fn attackers(&self, cell: usize, by: Color, occupied: u64) -> u64 {
        let theirs = self.by_color[by.index()];
        let mut found = (KING_STEPS[cell] & self.by_role[Role::King.index()])
            | (HORSE_LEAPS[cell] & self.by_role[Role::Horse.index()])
            | (PAWN_ATTACKERS[by.index()][cell] & self.by_role[Role::Pawn.index()]);
        let rooks = theirs & self.by_role[Role::Rook.index()] & ROOK_REACH[cell];
        if rooks != 0 {
            found |= rook_attacks(cell, occupied) & rooks;
        }
        let bishops = theirs & self.by_role[Role::Bishop.index()] & BISHOP_REACH[cell];
        if bishops != 0 {
            found |= bishop_attacks(cell, occupied) & bishops;
        }
        found & theirs
    }

    /// Finds checks and pins by looking at every path from each aligned enemy slider to
    /// the king: an open path is a check, a path blocked by one piece is a pin (own piece)
    /// or an exposing blocker (enemy piece). Paths may share cells (two check paths can
    /// meet before the king), so check masks are intersected rather than special-cased.
    #[inline]
    pub(super) fn king_safety(&self, king: usize) -> KingSafety {
        let us = self.side;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let mut safety = KingSafety {
            checkers: 0,
            check_mask: !0,
            pinned: 0,
            pins: arrayvec::ArrayVec::new(),
            enemy_blockers: 0,
        };
        let leapers = ((HORSE_LEAPS[king] & self.by_role[Role::Horse.index()])
            | (PAWN_ATTACKERS[them.index()][king] & self.by_role[Role::Pawn.index()])
            | (KING_STEPS[king] & self.by_role[Role::King.index()]))
            & theirs;
        for checker in cells(leapers) {
            safety.checkers |= checker.bit();
            safety.check_mask &= checker.bit();
        }
        let rooks = theirs & self.by_role[Role::Rook.index()] & ROOK_REACH[king];
        let bishops = theirs & self.by_role[Role::Bishop.index()] & BISHOP_REACH[king];
        for (sliders, table) in [(rooks, &ROOK_PATHS), (bishops, &BISHOP_PATHS)] {
            for slider in cells(sliders) {
                let slider_bit = slider.bit();
                for path in table[slider.index()][king].iter() {
                    let blockers = path & occupied;
                    if blockers == 0 {
                        safety.checkers |= slider_bit;
                        safety.check_mask &= path | slider_bit;
                    } else if blockers & (blockers - 1) == 0 {
                        if blockers & ours != 0 {
                            safety.pinned |= blockers;
                            safety
                                .pins
                                .push((blockers.trailing_zeros() as u8, path | slider_bit));
                        } else {
                            safety.enemy_blockers |= blockers;
                        }
                    }
                }
            }
        }
        safety
    }
}
