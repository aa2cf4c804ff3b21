//! What each decision's equation may read (§5.3–§5.5): the edges of the cycle graph.

use super::line_squares;
use crate::movement::{Kind, SupportStatic, Turn, NONE};
use board8::Square;

impl Turn<'_> {
    /// Every decision the equation of `d` may read (§5.3–§5.5): the edges of the cycle
    /// graph. For a move: its supports; the occupant's move of its destination, or the
    /// opposing move's supports in a head-to-head, or the occupant's hold supports; and for
    /// every other move into its destination, that move's supports and its head-to-head
    /// opponent. For a support: the moves into its square, the moves of the pieces on its
    /// line, and the moves into the squares of its line.
    pub(crate) fn inputs(&self, d: usize, out: &mut Vec<u16>) {
        match self.kinds[d] {
            Kind::Move(c) => self.comp_inputs(c as usize, out),
            Kind::Castle(a, b) => {
                self.comp_inputs(a as usize, out);
                self.comp_inputs(b as usize, out);
            }
            Kind::Support {
                at, target, stat, ..
            } => {
                if stat != SupportStatic::Open {
                    return;
                }
                self.orders_into(at, out);
                for x in line_squares(at, target) {
                    if let Some(o) = self.moving_order(x) {
                        out.push(o as u16);
                    }
                    self.orders_into(x, out);
                }
            }
            Kind::Hold | Kind::Void => {}
        }
    }

    fn orders_into(&self, sq: Square, out: &mut Vec<u16>) {
        let mut c = self.into_head[sq.index()];
        while c != NONE {
            out.push(self.comps[c as usize].order);
            c = self.comps[c as usize].next_into;
        }
    }

    fn supports_of(&self, mut s: u16, out: &mut Vec<u16>) {
        while s != NONE {
            out.push(s);
            s = self.next_sup[s as usize];
        }
    }

    fn comp_inputs(&self, c: usize, out: &mut Vec<u16>) {
        let comp = self.comps[c];
        if comp.blocked_by != NONE {
            return;
        }
        let d = comp.spec.to;
        self.supports_of(comp.sup_head, out);
        if comp.h2h != NONE {
            self.supports_of(self.comps[comp.h2h as usize].sup_head, out);
        } else if let Some(o) = self.moving_order(d) {
            out.push(o as u16);
        } else {
            self.supports_of(self.hold_sup_head[d.index()], out);
        }
        let mut o = self.into_head[d.index()];
        while o != NONE {
            let other = self.comps[o as usize];
            if o as usize != c && other.blocked_by == NONE {
                self.supports_of(other.sup_head, out);
                if other.h2h != NONE {
                    out.push(self.comps[other.h2h as usize].order);
                }
            }
            o = other.next_into;
        }
    }
}
