//! The MOVE equation of §5.3 and the strengths it compares (ATTACK, HOLD, PREVENT,
//! DEFEND), each as the range of values it can take over the unknown decisions it reads.

use super::tri;
use crate::movement::{Kind, Tri, Turn, NONE};
use board8::Square;
use diplo_core::Color;

/// The range of values a strength can take over the unknown decisions it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub lo: i32,
    pub hi: i32,
}

impl Span {
    fn point(v: i32) -> Span {
        Span { lo: v, hi: v }
    }

    /// Adds a supporter's value according to its SUPPORT decision.
    fn add(&mut self, value: i32, given: Tri) {
        match given {
            Tri::Yes => {
                self.lo += value;
                self.hi += value;
            }
            Tri::Unknown => self.hi += value,
            Tri::No => {}
        }
    }

    fn plus(self, value: i32) -> Span {
        Span {
            lo: self.lo + value,
            hi: self.hi + value,
        }
    }

    fn join(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }
}

impl Turn<'_> {
    /// The move order of the occupant of `c`'s destination, when ATTACK and HOLD depend on
    /// it (not in a head-to-head).
    pub(super) fn occupant_move(&self, c: usize) -> Option<usize> {
        let comp = self.comps[c];
        if comp.h2h != NONE {
            return None;
        }
        self.moving_order(comp.spec.to)
    }

    /// The MOVE equation of §5.3 for one component. The occupant's move enters ATTACK,
    /// HOLD and possibly a PREVENT at once, so each of its values is tried; everything else
    /// the equation reads occurs once, and comparing ranges is then exact.
    pub(crate) fn move_tri(&mut self, c: usize) -> Tri {
        if self.comps[c].blocked_by != NONE {
            return Tri::No;
        }
        let Some(o) = self.occupant_move(c) else {
            return self.move_branch(c, None);
        };
        match self.value(o) {
            Tri::Unknown => {
                let a = self.move_branch(c, Some((o, true)));
                if a == Tri::Unknown {
                    return a;
                }
                if self.move_branch(c, Some((o, false))) == a {
                    a
                } else {
                    Tri::Unknown
                }
            }
            t => self.move_branch(c, Some((o, t == Tri::Yes))),
        }
    }

    /// The MOVE equation with the occupant's move (order, value) fixed when there is one.
    fn move_branch(&mut self, c: usize, occ: Option<(usize, bool)>) -> Tri {
        let comp = self.comps[c];
        let attack = self.attack_span(c, occ.map(|(_, b)| b));
        if attack.hi < 0 {
            return Tri::No;
        }
        let resist = if comp.h2h != NONE {
            self.defend_span(comp.h2h as usize)
        } else {
            self.hold_span(comp.spec.to, occ.map(|(_, b)| b))
        };
        if attack.hi <= resist.lo {
            return Tri::No;
        }
        let mut surely = attack.lo >= 0 && attack.lo > resist.hi;
        let mut o = self.into_head[comp.spec.to.index()];
        while o != NONE {
            if o as usize != c {
                let prevent = self.prevent_span(o as usize, occ);
                if attack.hi <= prevent.lo {
                    return Tri::No;
                }
                surely &= attack.lo > prevent.hi;
            }
            o = self.comps[o as usize].next_into;
        }
        if surely {
            Tri::Yes
        } else {
            Tri::Unknown
        }
    }

    /// Σsup(m), leaving out supporters of `except` when given.
    fn support_span(&mut self, c: usize, except: Option<Color>) -> Span {
        let mut sum = Span::point(0);
        let mut s = self.comps[c].sup_head;
        while s != NONE {
            if let Kind::Support { value, color, .. } = self.kinds[s as usize] {
                if Some(color) != except {
                    let given = self.value(s as usize);
                    sum.add(value, given);
                }
            }
            s = self.next_sup[s as usize];
        }
        sum
    }

    /// ATTACK(m) of §5.3; `occ` is the value of the occupant's move where it counts.
    pub(super) fn attack_span(&mut self, c: usize, occ: Option<bool>) -> Span {
        let comp = self.comps[c];
        if comp.blocked_by != NONE {
            return Span::point(-1);
        }
        let Some(occupant) = self.position.board.piece_at(comp.spec.to) else {
            return self.support_span(c, None).plus(comp.value);
        };
        if comp.h2h == NONE && occ == Some(true) {
            return self.support_span(c, None).plus(comp.value);
        }
        if comp.spec.travel || occupant.color == comp.color {
            return Span::point(-1);
        }
        self.support_span(c, Some(occupant.color)).plus(comp.value)
    }

    /// HOLD(q) of §5.3; `occ` is the value of the occupant's move if it has one.
    pub(super) fn hold_span(&mut self, q: Square, occ: Option<bool>) -> Span {
        let Some(piece) = self.position.board.piece_at(q) else {
            return Span::point(-1);
        };
        let v = crate::value(piece.role);
        if let Some(o) = self.moving_order(q) {
            let moves = match occ {
                Some(b) => tri(b),
                None => self.value(o),
            };
            return match moves {
                Tri::Yes => Span::point(-1),
                Tri::No => Span::point(v),
                Tri::Unknown => Span::point(-1).join(Span::point(v)),
            };
        }
        let mut sum = Span::point(v);
        let mut s = self.hold_sup_head[q.index()];
        while s != NONE {
            if let Kind::Support { value, .. } = self.kinds[s as usize] {
                let given = self.value(s as usize);
                sum.add(value, given);
            }
            s = self.next_sup[s as usize];
        }
        sum
    }

    /// PREVENT(m) of §5.3; `occ` fixes the value of one move order (the occupant's move of
    /// the contested square, which may be this move's head-to-head opponent).
    pub(super) fn prevent_span(&mut self, c: usize, occ: Option<(usize, bool)>) -> Span {
        let comp = self.comps[c];
        if comp.blocked_by != NONE {
            return Span::point(-1);
        }
        let full = self.support_span(c, None).plus(comp.value);
        if comp.h2h == NONE {
            return full;
        }
        let opponent = self.comps[comp.h2h as usize].order as usize;
        let beaten = match occ {
            Some((o, b)) if o == opponent => tri(b),
            _ => self.value(opponent),
        };
        match beaten {
            Tri::Yes => Span::point(-1),
            Tri::No => full,
            Tri::Unknown => Span::point(-1).join(full),
        }
    }

    /// DEFEND(m) of §5.3 (head-to-head only).
    pub(super) fn defend_span(&mut self, c: usize) -> Span {
        let value = self.comps[c].value;
        self.support_span(c, None).plus(value)
    }
}
