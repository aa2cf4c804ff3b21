//! The SUPPORT equation of §5.4 with the line of §5.5.

use super::line_squares;
use crate::movement::{Kind, SupportStatic, Tri, Turn, NONE};
use board8::Square;

impl Turn<'_> {
    /// The SUPPORT equation of §5.4 with the line of §5.5: a conjunction of conditions on
    /// single moves ("this move fails", "this piece leaves"), exact once a move needed both
    /// ways is seen to deny the support either way.
    pub(super) fn support_tri(&mut self, s: usize) -> Tri {
        let Kind::Support {
            at, target, stat, ..
        } = self.kinds[s]
        else {
            return Tri::No;
        };
        if stat != SupportStatic::Open {
            return Tri::No;
        }
        let mut unknown = false;
        match self.any_into(at) {
            Tri::Yes => return Tri::No,
            Tri::Unknown => unknown = true,
            Tri::No => {}
        }
        let line = board8::between(at, target);
        for x in line_squares(at, target) {
            if self.position.board.piece_at(x).is_some() {
                let Some(o) = self.moving_order(x) else {
                    return Tri::No;
                };
                match self.value(o) {
                    Tri::No => return Tri::No,
                    Tri::Unknown => {
                        // Leaving x onto the line or the supporter's square denies it too.
                        if self.lands_on(o, line | at.bit()) {
                            return Tri::No;
                        }
                        unknown = true;
                    }
                    Tri::Yes => {}
                }
            }
            match self.any_into(x) {
                Tri::Yes => return Tri::No,
                Tri::Unknown => unknown = true,
                Tri::No => {}
            }
        }
        if unknown {
            Tri::Unknown
        } else {
            Tri::Yes
        }
    }

    /// Whether some move into `sq` succeeds.
    fn any_into(&mut self, sq: Square) -> Tri {
        let mut result = Tri::No;
        let mut c = self.into_head[sq.index()];
        while c != NONE {
            let o = self.comps[c as usize].order as usize;
            match self.value(o) {
                Tri::Yes => return Tri::Yes,
                Tri::Unknown => result = Tri::Unknown,
                Tri::No => {}
            }
            c = self.comps[c as usize].next_into;
        }
        result
    }

    /// Whether a component of move order `o` ends on one of `squares`.
    fn lands_on(&self, o: usize, squares: u64) -> bool {
        let ends = |c: u16| squares & self.comps[c as usize].spec.to.bit() != 0;
        match self.kinds[o] {
            Kind::Move(c) => ends(c),
            Kind::Castle(a, b) => ends(a) || ends(b),
            _ => false,
        }
    }
}
