//! Two-valued views of the settled decisions, for the report and the tests.

use super::line_squares;
use crate::movement::{Tri, Turn, NONE};
use board8::Square;

impl Turn<'_> {
    /// The equation of `d` evaluated on the current values (all settled: yes or no).
    #[cfg(test)]
    pub(crate) fn adjudicate(&mut self, d: usize) -> bool {
        self.recursing = false;
        self.eval(d) == Tri::Yes
    }

    /// Whether the order of component `c` succeeds (CASTLE for a castling component).
    pub fn comp_moves(&self, c: usize) -> bool {
        self.is_yes(self.comps[c].order as usize)
    }

    /// ATTACK(m) on the settled decisions.
    pub fn attack_strength(&mut self, c: usize) -> i32 {
        let occ = self.occupant_move(c).map(|o| self.is_yes(o));
        self.attack_span(c, occ).lo
    }

    /// HOLD(q) on the settled decisions.
    pub fn hold_strength(&mut self, q: Square) -> i32 {
        self.hold_span(q, None).lo
    }

    /// PREVENT(m) on the settled decisions.
    pub fn prevent_strength(&mut self, c: usize) -> i32 {
        self.prevent_span(c, None).lo
    }

    /// DEFEND(m) on the settled decisions.
    pub fn defend_strength(&mut self, c: usize) -> i32 {
        self.defend_span(c).lo
    }

    /// The MOVE equation of one component on the settled decisions.
    pub(crate) fn move_succeeds(&mut self, c: usize) -> bool {
        self.move_tri(c) == Tri::Yes
    }

    /// The first component into `sq` whose move succeeds.
    pub fn first_success_into(&self, sq: Square) -> Option<usize> {
        let mut c = self.into_head[sq.index()];
        while c != NONE {
            if self.comp_moves(c as usize) {
                return Some(c as usize);
            }
            c = self.comps[c as usize].next_into;
        }
        None
    }

    /// SUPPORT_PATH of §5.5 on the settled decisions: the first square between that is not
    /// empty at the end.
    pub fn line_blocked_at(&self, at: Square, target: Square) -> Option<Square> {
        for x in line_squares(at, target) {
            if self.position.board.piece_at(x).is_some() {
                match self.moving_order(x) {
                    Some(o) if self.is_yes(o) => {}
                    _ => return Some(x),
                }
            }
            if self.first_success_into(x).is_some() {
                return Some(x);
            }
        }
        None
    }
}
