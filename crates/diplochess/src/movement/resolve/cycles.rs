//! Steps 2 and 3 of the resolution: the open decisions re-evaluated until nothing more
//! settles, then every cycle that reads nothing open outside itself decided as a whole, or
//! by the backup rule of §5.7.

use crate::movement::{Kind, State, Tri, Turn, NONE};

/// Equation evaluations one cycle's enumeration may spend before it gives up and lets the
/// backup rule decide. Far beyond what the cycles of a chess position need; it only bounds
/// the running time on any input.
const CYCLE_BUDGET: u32 = 1 << 22;

/// What the enumeration of one cycle found.
struct Search {
    solutions: u8,
    first: Vec<bool>,
    budget: u32,
}

impl Turn<'_> {
    /// Steps 2 and 3.
    pub(super) fn settle_open(&mut self) {
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
