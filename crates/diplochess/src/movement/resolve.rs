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

use super::{Kind, State, SupportStatic, Tri, Turn, NONE};
use board8::Square;
use diplo_core::Color;

/// Equation evaluations one cycle's enumeration may spend before it gives up and lets the
/// backup rule decide. Far beyond what the cycles of a chess position need; it only bounds
/// the running time on any input.
const CYCLE_BUDGET: u32 = 1 << 22;

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

fn tri(b: bool) -> Tri {
    if b {
        Tri::Yes
    } else {
        Tri::No
    }
}

/// What the enumeration of one cycle found.
struct Search {
    solutions: u8,
    first: Vec<bool>,
    budget: u32,
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

    /// Steps 2 and 3.
    fn settle_open(&mut self) {
        let mut inputs = Vec::new();
        let mut node_of = vec![NONE; self.orders.len()];
        loop {
            self.propagate();
            if self.open.is_empty() {
                return;
            }
            // Node numbers follow the pieces' squares, so that nothing below depends on the
            // listing (the sets found would not anyway; the enumeration order would).
            let mut open = std::mem::take(&mut self.open);
            open.sort_unstable_by_key(|&d| self.square_of(d as usize));
            for (k, &d) in open.iter().enumerate() {
                node_of[d as usize] = k as u16;
            }
            let mut edges: Vec<Vec<u16>> = Vec::with_capacity(open.len());
            for &d in &open {
                inputs.clear();
                self.inputs(d as usize, &mut inputs);
                let mut out: Vec<u16> = inputs
                    .iter()
                    .filter(|&&x| self.state[x as usize] == State::Open)
                    .map(|&x| node_of[x as usize])
                    .collect();
                out.sort_unstable();
                out.dedup();
                edges.push(out);
            }
            let (component, count) = strongly_connected(&edges);
            // A cycle that reads no open decision outside itself can be decided now.
            let mut closed = vec![true; count];
            for (k, out) in edges.iter().enumerate() {
                for &j in out {
                    if component[j as usize] != component[k] {
                        closed[component[k]] = false;
                    }
                }
            }
            for (c, _) in closed.iter().enumerate().filter(|(_, &x)| x) {
                let members: Vec<u16> = (0..open.len())
                    .filter(|&k| component[k] == c)
                    .map(|k| open[k])
                    .collect();
                self.decide_cycle(&members);
            }
            for &d in &open {
                node_of[d as usize] = NONE;
            }
            open.retain(|&d| self.state[d as usize] == State::Open);
            self.open = open;
        }
    }

    /// Step 2: re-evaluates the open decisions until none settles any more.
    fn propagate(&mut self) {
        loop {
            let mut changed = false;
            let mut k = 0;
            while k < self.open.len() {
                let d = self.open[k] as usize;
                let t = if self.state[d] == State::Done {
                    self.val[d]
                } else {
                    self.eval(d)
                };
                if t == Tri::Unknown {
                    k += 1;
                } else {
                    if self.state[d] != State::Done {
                        self.settle(d, t == Tri::Yes, false);
                        changed = true;
                    }
                    self.open.swap_remove(k);
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// The square of the piece a decision belongs to (the King's for castling).
    fn square_of(&self, d: usize) -> u8 {
        match self.kinds[d] {
            Kind::Move(c) | Kind::Castle(c, _) => self.comps[c as usize].spec.from.index() as u8,
            Kind::Support { at, .. } => at.index() as u8,
            Kind::Hold | Kind::Void => u8::MAX,
        }
    }

    /// Step 3 for one cycle: its consistent assignments, or the backup rule.
    fn decide_cycle(&mut self, members: &[u16]) {
        self.cycles += 1;
        let mut search = Search {
            solutions: 0,
            first: Vec::new(),
            budget: CYCLE_BUDGET,
        };
        self.enumerate(members, 0, &mut search);
        if search.solutions == 1 && search.budget > 0 {
            for (k, &d) in members.iter().enumerate() {
                self.settle(d as usize, search.first[k], false);
            }
        } else {
            for &d in members {
                self.val[d as usize] = Tri::Unknown;
            }
            self.backup_rule(members);
        }
    }

    /// Tries the assignments of `members[k..]` given those of `members[..k]` (in `val`),
    /// stopping at the second solution. A member whose equation is already settled by the
    /// others is not guessed.
    fn enumerate(&mut self, members: &[u16], k: usize, search: &mut Search) {
        if search.solutions >= 2 || search.budget == 0 {
            return;
        }
        let complete = k == members.len();
        for &d in &members[..k] {
            search.budget = search.budget.saturating_sub(1);
            let t = self.eval(d as usize);
            let fits = t == self.val[d as usize] || (t == Tri::Unknown && !complete);
            if !fits {
                return;
            }
        }
        if complete {
            search.solutions += 1;
            if search.solutions == 1 {
                search.first = members.iter().map(|&d| self.is_yes(d as usize)).collect();
            }
            return;
        }
        let d = members[k] as usize;
        search.budget = search.budget.saturating_sub(1);
        let forced = self.eval(d);
        for guess in [Tri::No, Tri::Yes] {
            if forced == Tri::Unknown || forced == guess {
                self.val[d] = guess;
                self.enumerate(members, k + 1, search);
            }
        }
        self.val[d] = Tri::Unknown;
    }

    /// §5.7: moves only, circular movement (all succeed); with supports, those supports are
    /// not given (a Szykman-like rule for the rule-14 line) and the moves stay open;
    /// otherwise all fail.
    fn backup_rule(&mut self, cycle: &[u16]) {
        let is_support = |t: &Self, d: u16| matches!(t.kinds[d as usize], Kind::Support { .. });
        if cycle
            .iter()
            .all(|&d| matches!(self.kinds[d as usize], Kind::Move(_) | Kind::Castle(..)))
        {
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

    /// The move order of the occupant of `c`'s destination, when ATTACK and HOLD depend on
    /// it (not in a head-to-head).
    fn occupant_move(&self, c: usize) -> Option<usize> {
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
    fn attack_span(&mut self, c: usize, occ: Option<bool>) -> Span {
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
    fn hold_span(&mut self, q: Square, occ: Option<bool>) -> Span {
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
    fn prevent_span(&mut self, c: usize, occ: Option<(usize, bool)>) -> Span {
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
    fn defend_span(&mut self, c: usize) -> Span {
        let value = self.comps[c].value;
        self.support_span(c, None).plus(value)
    }

    /// The SUPPORT equation of §5.4 with the line of §5.5: a conjunction of conditions on
    /// single moves ("this move fails", "this piece leaves"), exact once a move needed both
    /// ways is seen to deny the support either way.
    fn support_tri(&mut self, s: usize) -> Tri {
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

    // Two-valued views of the settled decisions, for the report and the tests.

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

/// Tarjan's algorithm: the strongly connected component of every node, and how many there
/// are.
fn strongly_connected(edges: &[Vec<u16>]) -> (Vec<usize>, usize) {
    struct Tarjan<'e> {
        edges: &'e [Vec<u16>],
        index: Vec<u32>,
        low: Vec<u32>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: u32,
        component: Vec<usize>,
        count: usize,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.next += 1;
            self.index[v] = self.next;
            self.low[v] = self.next;
            self.stack.push(v);
            self.on_stack[v] = true;
            for k in 0..self.edges[v].len() {
                let w = self.edges[v][k] as usize;
                if self.index[w] == 0 {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                } else if self.on_stack[w] {
                    self.low[v] = self.low[v].min(self.index[w]);
                }
            }
            if self.low[v] == self.index[v] {
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    self.component[w] = self.count;
                    if w == v {
                        break;
                    }
                }
                self.count += 1;
            }
        }
    }
    let n = edges.len();
    let mut t = Tarjan {
        edges,
        index: vec![0; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::with_capacity(n),
        next: 0,
        component: vec![0; n],
        count: 0,
    };
    for v in 0..n {
        if t.index[v] == 0 {
            t.visit(v);
        }
    }
    (t.component, t.count)
}
