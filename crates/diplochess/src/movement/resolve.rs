//! The decisions of §5.3–§5.5 and the recursive resolver with cycle detection of DATC §5
//! ("adjudicate" computes a decision from the others; "resolve" guesses to break cycles and
//! applies the backup rule of §5.7 when a cycle has no or two consistent solutions).

use super::{Kind, State, SupportStatic, Turn, NONE};
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

impl Turn<'_> {
    /// Resolves every decision.
    pub fn resolve_all(&mut self) {
        for i in 0..self.orders.len() {
            if self.has_decision(i) {
                self.resolve(i);
            }
        }
    }

    pub fn has_decision(&self, i: usize) -> bool {
        matches!(
            self.kinds[i],
            Kind::Move(_) | Kind::Castle(..) | Kind::Support { .. }
        )
    }

    /// DATC's `resolve`: the decision's value, guessing when a cycle is met.
    ///
    /// `deps` records every use of a guessed value; a decision whose computation used none
    /// is final. Only the decision that started the whole cycle — every guess its
    /// computation used belongs to a decision entered after it — tries the other guess and
    /// settles the cycle; any other stays a guess for its caller (DATC §5.F, including its
    /// remark on cycles that are not one clean cycle).
    pub fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.res[nr],
            State::Guessing => {
                // Someone depends on a guess: record the dependency.
                self.deps.push(nr as u16);
                return self.res[nr];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.clock += 1;
        self.entered[nr] = self.clock;
        self.res[nr] = false;
        self.state[nr] = State::Guessing;
        let first = self.adjudicate(nr);
        if self.state[nr] == State::Resolved {
            // Settled deeper down by the backup rule.
            return self.res[nr];
        }
        if self.deps.len() == old {
            // Nothing depended on a guess: the result is final.
            self.res[nr] = first;
            self.state[nr] = State::Resolved;
            return first;
        }
        let mine = self.entered[nr];
        let cycle = &self.deps[old..];
        let starts_cycle =
            cycle.contains(&(nr as u16)) && cycle.iter().all(|&d| self.entered[d as usize] >= mine);
        if !starts_cycle {
            // Part of a cycle started further up: stay a guess; that decision settles it.
            self.deps.push(nr as u16);
            self.res[nr] = first;
            return first;
        }
        // This decision starts the cycle: try the other guess.
        self.reset_deps(old);
        self.res[nr] = true;
        self.state[nr] = State::Guessing;
        let second = self.adjudicate(nr);
        if self.state[nr] == State::Resolved {
            self.reset_deps(old);
            return self.res[nr];
        }
        if first == second {
            // One consistent solution.
            self.reset_deps(old);
            self.res[nr] = first;
            self.state[nr] = State::Resolved;
            return first;
        }
        // No or two solutions: the backup rule settles the cycle, then adjudication goes on.
        let mut cycle: Vec<u16> = self.deps[old..].to_vec();
        cycle.push(nr as u16);
        cycle.sort_unstable();
        cycle.dedup();
        self.reset_deps(old);
        self.backup_rule(&cycle);
        self.resolve(nr)
    }

    fn reset_deps(&mut self, from: usize) {
        for k in from..self.deps.len() {
            let d = self.deps[k] as usize;
            if self.state[d] == State::Guessing {
                self.state[d] = State::Unresolved;
            }
        }
        self.deps.truncate(from);
    }

    /// §5.7: moves only, circular movement (all succeed); with supports, those supports are
    /// not given (a Szykman-like rule for the rule-14 line); otherwise all fail.
    fn backup_rule(&mut self, cycle: &[u16]) {
        let is_support = |t: &Self, d: u16| matches!(t.kinds[d as usize], Kind::Support { .. });
        let is_move =
            |t: &Self, d: u16| matches!(t.kinds[d as usize], Kind::Move(_) | Kind::Castle(..));
        if cycle.iter().all(|&d| is_move(self, d)) {
            for &d in cycle {
                self.settle(d as usize, true, false);
            }
        } else if cycle.iter().any(|&d| is_support(self, d)) {
            for &d in cycle {
                if is_support(self, d) {
                    self.settle(d as usize, false, true);
                }
            }
        } else {
            for &d in cycle {
                self.settle(d as usize, false, true);
            }
        }
    }

    fn settle(&mut self, d: usize, value: bool, paradox: bool) {
        self.res[d] = value;
        self.state[d] = State::Resolved;
        self.paradox[d] = paradox;
    }

    /// DATC's `adjudicate`: computes a decision from the current values of the others.
    pub(crate) fn adjudicate(&mut self, nr: usize) -> bool {
        match self.kinds[nr] {
            Kind::Move(c) => self.move_succeeds(c as usize),
            Kind::Castle(a, b) => self.move_succeeds(a as usize) && self.move_succeeds(b as usize),
            Kind::Support { .. } => self.support_given(nr),
            Kind::Hold | Kind::Void => false,
        }
    }

    /// Whether the order of component `c` succeeds (CASTLE for a castling component).
    pub fn comp_moves(&mut self, c: usize) -> bool {
        let o = self.comps[c].order as usize;
        self.resolve(o)
    }

    /// Σsup(m), leaving out supporters of `except` when given.
    pub fn support_sum(&mut self, c: usize, except: Option<diplo_core::Color>) -> i32 {
        let mut sum = 0;
        let mut s = self.comps[c].sup_head;
        while s != NONE {
            if let Kind::Support { value, color, .. } = self.kinds[s as usize] {
                if Some(color) != except && self.resolve(s as usize) {
                    sum += value;
                }
            }
            s = self.next_sup[s as usize];
        }
        sum
    }

    /// HOLD(q) of §5.3.
    pub fn hold_strength(&mut self, q: Square) -> i32 {
        let Some(piece) = self.position.board.piece_at(q) else {
            return -1;
        };
        if let Some(o) = self.moving_order(q) {
            return if self.resolve(o) {
                -1
            } else {
                crate::value(piece.role)
            };
        }
        let mut sum = crate::value(piece.role);
        let mut s = self.hold_sup_head[q.index()];
        while s != NONE {
            if let Kind::Support { value, .. } = self.kinds[s as usize] {
                if self.resolve(s as usize) {
                    sum += value;
                }
            }
            s = self.next_sup[s as usize];
        }
        sum
    }

    /// ATTACK(m) of §5.3 (for a move that is not BLOCKED).
    pub fn attack_strength(&mut self, c: usize) -> i32 {
        let comp = self.comps[c];
        if comp.blocked_by != NONE {
            return -1;
        }
        let d = comp.spec.to;
        let Some(occupant) = self.position.board.piece_at(d) else {
            return comp.value + self.support_sum(c, None);
        };
        if comp.h2h == NONE {
            if let Some(o) = self.moving_order(d) {
                if self.resolve(o) {
                    return comp.value + self.support_sum(c, None);
                }
            }
        }
        if comp.spec.travel || occupant.color == comp.color {
            return -1;
        }
        comp.value + self.support_sum(c, Some(occupant.color))
    }

    /// PREVENT(m) of §5.3.
    pub fn prevent_strength(&mut self, c: usize) -> i32 {
        let comp = self.comps[c];
        if comp.blocked_by != NONE {
            return -1;
        }
        if comp.h2h != NONE && self.comp_moves(comp.h2h as usize) {
            return -1;
        }
        comp.value + self.support_sum(c, None)
    }

    /// DEFEND(m) of §5.3 (head-to-head only).
    pub fn defend_strength(&mut self, c: usize) -> i32 {
        self.comps[c].value + self.support_sum(c, None)
    }

    /// The MOVE equation of §5.3 for one component.
    pub(crate) fn move_succeeds(&mut self, c: usize) -> bool {
        let comp = self.comps[c];
        if comp.blocked_by != NONE {
            return false;
        }
        let attack = self.attack_strength(c);
        if attack < 0 {
            return false;
        }
        if comp.h2h != NONE {
            if attack <= self.defend_strength(comp.h2h as usize) {
                return false;
            }
        } else if attack <= self.hold_strength(comp.spec.to) {
            return false;
        }
        let mut o = self.into_head[comp.spec.to.index()];
        while o != NONE {
            if o as usize != c && attack <= self.prevent_strength(o as usize) {
                return false;
            }
            o = self.comps[o as usize].next_into;
        }
        true
    }

    /// The SUPPORT equation of §5.4 with the line of §5.5.
    fn support_given(&mut self, s: usize) -> bool {
        let Kind::Support {
            at, target, stat, ..
        } = self.kinds[s]
        else {
            return false;
        };
        if stat != SupportStatic::Open {
            return false;
        }
        if self.first_success_into(at).is_some() {
            return false;
        }
        self.line_blocked_at(at, target).is_none()
    }

    /// The first component into `sq` whose move succeeds.
    pub fn first_success_into(&mut self, sq: Square) -> Option<usize> {
        let mut c = self.into_head[sq.index()];
        while c != NONE {
            if self.comp_moves(c as usize) {
                return Some(c as usize);
            }
            c = self.comps[c as usize].next_into;
        }
        None
    }

    /// SUPPORT_PATH of §5.5: the first square between that is not empty at the end.
    pub fn line_blocked_at(&mut self, at: Square, target: Square) -> Option<Square> {
        for x in line_squares(at, target) {
            if self.position.board.piece_at(x).is_some() {
                match self.moving_order(x) {
                    Some(o) if self.resolve(o) => {}
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
