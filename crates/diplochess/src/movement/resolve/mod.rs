//! The decisions of §5.3–§5.5 and how they are settled, cycles included (§5.7).
//!
//! Every equation is evaluated in three values (yes, no, unknown) and **exactly**: the result
//! is yes or no only when it is the same for every value of the unknown decisions it reads.
//! Resolution then goes in three steps, none of which depends on how the orders are listed:
//!
//! 1. A recursive pass (DATC §5's "resolve") computes every decision from the others; a
//!    decision met again while it is being computed is read as unknown. Without cycles this
//!    settles everything in one pass.
//! 2. Decisions left open are re-evaluated until nothing more settles: the least fixed point
//!    of the equations, which the listing order cannot change.
//! 3. A **cycle** is a strongly connected component of the graph "X reads Y" over the open
//!    decisions (`inputs` below lists what each equation reads). Every cycle that reads no
//!    open decision outside itself is decided as a whole: all its assignments are tried
//!    against its equations. One consistent assignment is taken; with none or several the
//!    backup rule of §5.7 applies. Then step 2 runs again, and so on until all is settled.

mod cycles;
mod inputs;
mod settled;
mod strength;
mod support;

use super::{Kind, State, Tri, Turn};
use board8::Square;

/// The squares strictly between `at` and `target`, nearest `at` first, without allocating.
pub(crate) fn line_squares(at: Square, target: Square) -> impl Iterator<Item = Square> {
    let mut bits = board8::between(at, target);
    let ascending = target.index() > at.index();
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let i = if ascending {
            bits.trailing_zeros()
        } else {
            63 - bits.leading_zeros()
        };
        bits &= !(1u64 << i);
        Square::new(i as u8)
    })
}

fn tri(b: bool) -> Tri {
    if b {
        Tri::Yes
    } else {
        Tri::No
    }
}

impl Turn<'_> {
    /// Resolves every decision.
    pub fn resolve_all(&mut self) {
        self.recursing = true;
        for i in 0..self.orders.len() {
            if self.has_decision(i) {
                self.resolve(i);
            }
        }
        self.recursing = false;
        if !self.open.is_empty() {
            self.settle_open();
        }
    }

    pub fn has_decision(&self, i: usize) -> bool {
        matches!(
            self.kinds[i],
            Kind::Move(_) | Kind::Castle(..) | Kind::Support { .. }
        )
    }

    /// Step 1: computes a fresh decision from the others, recursively.
    fn resolve(&mut self, d: usize) -> Tri {
        if self.state[d] != State::Fresh {
            return self.val[d];
        }
        self.state[d] = State::Active;
        let t = self.eval(d);
        if t == Tri::Unknown {
            self.state[d] = State::Open;
            self.open.push(d as u16);
        } else {
            self.state[d] = State::Done;
            self.val[d] = t;
        }
        t
    }

    /// The value of decision `d` as an equation reads it.
    fn value(&mut self, d: usize) -> Tri {
        if self.state[d] == State::Fresh && self.recursing {
            return self.resolve(d);
        }
        self.val[d]
    }

    /// Whether decision `d` (a move, castling or support) came out positive.
    pub(crate) fn is_yes(&self, d: usize) -> bool {
        self.val[d] == Tri::Yes
    }

    fn settle(&mut self, d: usize, value: bool, paradox: bool) {
        self.val[d] = tri(value);
        self.state[d] = State::Done;
        self.paradox[d] = paradox;
    }

    /// A decision's equation in three values.
    pub(crate) fn eval(&mut self, d: usize) -> Tri {
        match self.kinds[d] {
            Kind::Move(c) => self.move_tri(c as usize),
            Kind::Castle(a, b) => {
                // The components read disjoint decisions, so the conjunction is exact.
                match self.move_tri(a as usize) {
                    Tri::No => Tri::No,
                    x => match (x, self.move_tri(b as usize)) {
                        (_, Tri::No) => Tri::No,
                        (Tri::Yes, Tri::Yes) => Tri::Yes,
                        _ => Tri::Unknown,
                    },
                }
            }
            Kind::Support { .. } => self.support_tri(d),
            Kind::Hold | Kind::Void => Tri::No,
        }
    }
}
