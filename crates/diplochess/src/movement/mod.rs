//! Movement adjudication (spec §5): the static pre-pass (validity, blocking, head-to-head,
//! support matching and cutting), the DATC-style decisions ([`resolve`]) and the results
//! with an explanation for every order ([`report`]).

mod report;
mod resolve;

pub use report::{Adjudication, Dislodgement, OrderOutcome, OrderReport};

use crate::order::Order;
use crate::position::{value, Position};
use crate::validity::{ordered_squares, validate, MoveSpec, Valid, VoidReason};
use board8::Square;
use diplo_core::Color;

/// "No index" in the index-linked lists below.
pub(crate) const NONE: u16 = u16::MAX;

/// Why a set of movement orders could not be adjudicated at all (exit status 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovementError {
    #[error("{color}: two orders for the piece on {square} (`{first}` and `{second}`)")]
    TwoOrders {
        color: Color,
        square: Square,
        first: String,
        second: String,
    },
    #[error("too many orders ({0})")]
    TooMany(usize),
}

/// One move component: a move order, or one half of a castling.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Comp {
    pub order: u16,
    pub spec: MoveSpec,
    pub value: i32,
    pub color: Color,
    /// The order whose move blocks this one (§5.1), or NONE.
    pub blocked_by: u16,
    /// The component of the opposing move in a head-to-head (§5.2), or NONE.
    pub h2h: u16,
    /// Next component with the same destination.
    pub next_into: u16,
    /// First support order of this move (then `next_sup`).
    pub sup_head: u16,
}

/// The static verdict on a support before any decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SupportStatic {
    /// Still depends on decisions: dislodgement and the end-of-movement line.
    Open,
    NotMatched,
    /// Cut by this component's move.
    Cut(u16),
    /// A piece that does not move stands on the line.
    LineBlocked(Square),
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    Hold,
    Void,
    Move(u16),
    Castle(u16, u16),
    Support {
        at: Square,
        target: Square,
        /// Value of the supporter.
        value: i32,
        color: Color,
        stat: SupportStatic,
    },
}

/// Where a decision stands in the resolver ([`resolve`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Not looked at yet.
    Fresh,
    /// Being computed further up the recursion: read as unknown (a cycle).
    Active,
    /// Computed, but its equation does not settle it yet.
    Open,
    /// Settled for good.
    Done,
}

/// A decision's value while resolving: settled either way, or still unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tri {
    No,
    Yes,
    Unknown,
}

/// One movement phase being adjudicated.
pub(crate) struct Turn<'a> {
    pub position: &'a Position,
    pub orders: &'a [(Color, Order)],
    pub kinds: Vec<Kind>,
    pub voids: Vec<Option<VoidReason>>,
    pub comps: Vec<Comp>,
    /// The order of the piece standing on each square at the start, or NONE.
    pub order_at: [u16; 64],
    /// First component moving into each square.
    pub into_head: [u16; 64],
    /// First matched hold support of the piece on each square.
    pub hold_sup_head: [u16; 64],
    pub next_sup: Vec<u16>,
    pub state: Vec<State>,
    /// The value of each decision (during a cycle's enumeration, the trial values).
    pub val: Vec<Tri>,
    /// Decisions settled by the paradox rule (§5.7).
    pub paradox: Vec<bool>,
    /// Whether reading a fresh decision computes it (the first, recursive pass).
    pub recursing: bool,
    /// Decisions left open by the recursive pass.
    pub open: Vec<u16>,
    /// How many cycles were decided as a whole (§5.7), for the tests.
    pub cycles: u32,
}

impl<'a> Turn<'a> {
    /// The pre-pass of §12: void orders, components, BLOCKED, head-to-heads, supports.
    pub fn new(
        position: &'a Position,
        orders: &'a [(Color, Order)],
    ) -> Result<Turn<'a>, MovementError> {
        if orders.len() >= NONE as usize / 2 {
            return Err(MovementError::TooMany(orders.len()));
        }
        let n = orders.len();
        let mut turn = Turn {
            position,
            orders,
            kinds: Vec::with_capacity(n),
            voids: Vec::with_capacity(n),
            comps: Vec::with_capacity(n + 2),
            order_at: [NONE; 64],
            into_head: [NONE; 64],
            hold_sup_head: [NONE; 64],
            next_sup: vec![NONE; n],
            state: vec![State::Fresh; n],
            val: vec![Tri::Unknown; n],
            paradox: vec![false; n],
            recursing: true,
            open: Vec::new(),
            cycles: 0,
        };
        turn.check_duplicates()?;
        turn.classify();
        turn.mark_blocked();
        turn.mark_head_to_heads();
        turn.link_supports();
        Ok(turn)
    }

    fn check_duplicates(&self) -> Result<(), MovementError> {
        // Per side, the order that claimed each square first.
        let mut claimed: [[u16; 64]; 2] = [[NONE; 64]; 2];
        for (i, (color, order)) in self.orders.iter().enumerate() {
            if !order.fits(crate::order::Phase::Movement) {
                continue; // void (VoidReason::WrongPhase), and it names no piece to hold
            }
            for sq in ordered_squares(*color, order).into_iter().flatten() {
                let slot = &mut claimed[color.index()][sq.index()];
                if *slot != NONE {
                    return Err(MovementError::TwoOrders {
                        color: *color,
                        square: sq,
                        first: self.orders[*slot as usize].1.to_string(),
                        second: order.to_string(),
                    });
                }
                *slot = i as u16;
            }
        }
        Ok(())
    }

    fn add_comp(&mut self, order: usize, spec: MoveSpec, color: Color) -> u16 {
        let value = self
            .position
            .board
            .piece_at(spec.from)
            .map_or(0, |p| value(p.role));
        let index = self.comps.len() as u16;
        self.comps.push(Comp {
            order: order as u16,
            spec,
            value,
            color,
            blocked_by: NONE,
            h2h: NONE,
            next_into: self.into_head[spec.to.index()],
            sup_head: NONE,
        });
        self.into_head[spec.to.index()] = index;
        self.order_at[spec.from.index()] = order as u16;
        index
    }

    fn classify(&mut self) {
        for i in 0..self.orders.len() {
            let (color, order) = self.orders[i];
            let (kind, void) = match validate(self.position, color, &order) {
                Err(reason) => (Kind::Void, Some(reason)),
                Ok(valid) => (self.kind_of(i, color, valid), None),
            };
            if let (
                Kind::Void,
                Order::Hold(p)
                | Order::Move(p, _)
                | Order::SupportHold(p, _)
                | Order::SupportMove(p, _, _),
            ) = (kind, order)
            {
                // A void order of an own piece still belongs to it (it holds).
                if self.position.board.piece_at(p.square).map(|x| x.color) == Some(color) {
                    self.order_at[p.square.index()] = i as u16;
                }
            }
            self.kinds.push(kind);
            self.voids.push(void);
        }
    }

    fn kind_of(&mut self, i: usize, color: Color, valid: Valid) -> Kind {
        match valid {
            Valid::Hold(sq) => {
                self.order_at[sq.index()] = i as u16;
                Kind::Hold
            }
            Valid::Move(spec) => Kind::Move(self.add_comp(i, spec, color)),
            Valid::Castle(k, r) => {
                let a = self.add_comp(i, k, color);
                let b = self.add_comp(i, r, color);
                Kind::Castle(a, b)
            }
            Valid::SupportHold(at, target)
            | Valid::SupportMove(at, MoveSpec { to: target, .. }) => {
                self.order_at[at.index()] = i as u16;
                let value = self
                    .position
                    .board
                    .piece_at(at)
                    .map_or(0, |p| value(p.role));
                Kind::Support {
                    at,
                    target,
                    value,
                    color,
                    stat: SupportStatic::Open,
                }
            }
        }
    }

    /// §5.1: a static condition on the orders only.
    fn mark_blocked(&mut self) {
        for m in 0..self.comps.len() {
            let cm = self.comps[m];
            for b in 0..self.comps.len() {
                let cb = self.comps[b];
                if b == m || cb.order == cm.order || cb.value <= cm.value {
                    continue;
                }
                let lands_on_path = cb.spec.inter & cm.spec.to.bit() != 0;
                let crosses = cm.spec.inter & (cb.spec.inter | cb.spec.to.bit()) != 0;
                if lands_on_path || crosses {
                    // Name the most valuable blocker (then the lowest origin square), so
                    // that the explanation does not depend on the listing of the orders.
                    let current = self.comps[m].blocked_by;
                    let better = current == NONE || {
                        let old = self.first_comp_of(current);
                        (cb.value, std::cmp::Reverse(cb.spec.from.index()))
                            > (old.value, std::cmp::Reverse(old.spec.from.index()))
                    };
                    if better {
                        self.comps[m].blocked_by = cb.order;
                    }
                }
            }
        }
    }

    /// The first component of a move or castling order.
    fn first_comp_of(&self, order: u16) -> Comp {
        match self.kinds[order as usize] {
            Kind::Move(c) | Kind::Castle(c, _) => self.comps[c as usize],
            _ => unreachable!("only moves have components"),
        }
    }

    /// §5.2: two unblocked moves each onto the other's origin.
    fn mark_head_to_heads(&mut self) {
        for a in 0..self.comps.len() {
            let ca = self.comps[a];
            if ca.blocked_by != NONE {
                continue;
            }
            let mut b = self.into_head[ca.spec.from.index()];
            while b != NONE {
                let cb = self.comps[b as usize];
                if cb.blocked_by == NONE && cb.spec.from == ca.spec.to && cb.order != ca.order {
                    self.comps[a].h2h = b;
                }
                b = cb.next_into;
            }
        }
    }

    /// The move order of the piece on `sq` (a move or a castling), if it has one.
    pub fn moving_order(&self, sq: Square) -> Option<usize> {
        let o = self.order_at[sq.index()];
        if o == NONE {
            return None;
        }
        matches!(self.kinds[o as usize], Kind::Move(_) | Kind::Castle(..)).then_some(o as usize)
    }

    /// §5.4: matching and cutting are static; so is a line crossed by a piece that stays.
    fn link_supports(&mut self) {
        for i in 0..self.orders.len() {
            let Kind::Support {
                at, target, color, ..
            } = self.kinds[i]
            else {
                continue;
            };
            let stat = self.support_static(i, at, target, color);
            if let Kind::Support { stat: s, .. } = &mut self.kinds[i] {
                *s = stat;
            }
        }
    }

    fn support_static(
        &mut self,
        i: usize,
        at: Square,
        target: Square,
        color: Color,
    ) -> SupportStatic {
        let order = self.orders[i].1;
        // Matching (§5.4.1), and linking the support to what it supports.
        match order {
            Order::SupportHold(_, q) => {
                if self.moving_order(q.square).is_some() {
                    return SupportStatic::NotMatched;
                }
                self.next_sup[i] = self.hold_sup_head[q.square.index()];
                self.hold_sup_head[q.square.index()] = i as u16;
            }
            Order::SupportMove(_, q, to) => {
                let comp = match self.moving_order(q.square).map(|o| self.kinds[o]) {
                    Some(Kind::Move(c)) if self.comps[c as usize].spec.to == to => c,
                    _ => return SupportStatic::NotMatched,
                };
                self.next_sup[i] = self.comps[comp as usize].sup_head;
                self.comps[comp as usize].sup_head = i as u16;
            }
            _ => return SupportStatic::NotMatched,
        }
        // Cutting: an enemy attack (not travel, not blocked) not coming from the target.
        // The cutter named is the one from the lowest square (independent of listing).
        let mut cutter: Option<u16> = None;
        let mut c = self.into_head[at.index()];
        while c != NONE {
            let comp = self.comps[c as usize];
            if comp.color != color
                && comp.blocked_by == NONE
                && !comp.spec.travel
                && comp.spec.from != target
                && cutter.is_none_or_lower(&self.comps, comp.spec.from)
            {
                cutter = Some(c);
            }
            c = comp.next_into;
        }
        if let Some(c) = cutter {
            return SupportStatic::Cut(c);
        }
        // A piece standing on the line that has no move order stays there (§5.5).
        for x in resolve::line_squares(at, target) {
            if self.position.board.piece_at(x).is_some() && self.moving_order(x).is_none() {
                return SupportStatic::LineBlocked(x);
            }
        }
        SupportStatic::Open
    }
}

/// Adjudicates one movement phase: `orders` in file order, each with its side.
pub fn adjudicate(
    position: &Position,
    orders: &[(Color, Order)],
) -> Result<Adjudication, MovementError> {
    let mut turn = Turn::new(position, orders)?;
    turn.resolve_all();
    Ok(turn.report())
}

/// Keeps the component from the lowest origin square.
trait LowestOrigin {
    fn is_none_or_lower(&self, comps: &[Comp], from: Square) -> bool;
}

impl LowestOrigin for Option<u16> {
    fn is_none_or_lower(&self, comps: &[Comp], from: Square) -> bool {
        match self {
            None => true,
            Some(c) => from.index() < comps[*c as usize].spec.from.index(),
        }
    }
}

#[cfg(test)]
mod consistency {
    use super::*;
    use crate::random::{crowded_position, random_orders, random_position, Rng};

    /// After resolution every decision agrees with its own equation evaluated on the final
    /// values of the others, except supports denied by the paradox rule (§5.7.2).
    #[test]
    fn every_decision_satisfies_its_equation() {
        let mut paradoxes = 0;
        for seed in 0..3000u64 {
            let mut rng = Rng::new(seed);
            let position = random_position(&mut rng, 3 + (seed as usize % 14));
            let orders = random_orders(&position, &mut rng);
            let mut turn = Turn::new(&position, &orders).unwrap();
            turn.resolve_all();
            for (i, (_, order)) in orders.iter().enumerate() {
                if !turn.has_decision(i) {
                    continue;
                }
                assert_eq!(
                    turn.state[i],
                    State::Done,
                    "seed {seed}: order {i} unresolved"
                );
                let again = turn.adjudicate(i);
                if again != turn.is_yes(i) {
                    let support = matches!(turn.kinds[i], Kind::Support { .. });
                    assert!(
                        support && turn.paradox[i] && !turn.is_yes(i),
                        "seed {seed}: `{order}` resolved {} but its equation gives {again}",
                        turn.is_yes(i)
                    );
                    paradoxes += 1;
                }
            }
        }
        // Paradoxes are rare in random play but do come up.
        eprintln!("{paradoxes} supports denied by the paradox rule in 3000 phases");
    }

    /// A brute-force check of the resolver on small phases: every assignment of the MOVE and
    /// SUPPORT decisions is tried against the equations. Where exactly one assignment is
    /// consistent, the resolver must find it; where a cycle of moves alone has two (circular
    /// movement), the resolver must take the one in which the most moves succeed (§5.7.1).
    #[test]
    fn resolver_finds_the_unique_solution() {
        let mut counts = (0, 0);
        for seed in 0..12000u64 {
            let mut rng = Rng::new(seed.wrapping_mul(7919));
            // Two kinds of phase: pieces over the whole board, and crowded phases (pieces
            // packed on a 5x5 corner, where circular movement and rule-14 loops come up).
            let position = if seed % 3 == 0 {
                random_position(&mut rng, 3 + (seed as usize % 7))
            } else {
                crowded_position(&mut rng)
            };
            let orders = random_orders(&position, &mut rng);
            brute_force(seed, &position, &orders, &mut counts);
        }
        eprintln!(
            "{} phases with one solution, {} with several",
            counts.0, counts.1
        );
    }

    /// The same check on the phases built around cycles (`random::cycle_phase`).
    #[test]
    fn resolver_finds_the_unique_solution_of_cycle_phases() {
        let mut counts = (0, 0);
        for seed in 0..6000u64 {
            let mut rng = Rng::new(seed.wrapping_mul(104_729));
            let (position, orders) = crate::random::cycle_phase(&mut rng, 9);
            brute_force(seed, &position, &orders, &mut counts);
        }
        eprintln!(
            "{} phases with one solution, {} with several",
            counts.0, counts.1
        );
        assert!(counts.0 > 1000 && counts.1 > 100, "{counts:?}");
    }

    /// Checks one phase against all assignments; `counts` adds up the phases with one
    /// solution and with several.
    fn brute_force(
        seed: u64,
        position: &Position,
        orders: &[(Color, Order)],
        counts: &mut (usize, usize),
    ) {
        let mut turn = Turn::new(position, orders).unwrap();
        let decisions: Vec<usize> = (0..orders.len())
            .filter(|&i| turn.has_decision(i))
            .collect();
        if decisions.len() > 13 {
            return;
        }
        let mut solutions: Vec<u32> = Vec::new();
        for bits in 0..(1u32 << decisions.len()) {
            for (k, &d) in decisions.iter().enumerate() {
                turn.state[d] = State::Done;
                turn.val[d] = if bits & (1 << k) != 0 {
                    Tri::Yes
                } else {
                    Tri::No
                };
            }
            let consistent = decisions
                .iter()
                .enumerate()
                .all(|(k, &d)| turn.adjudicate(d) == (bits & (1 << k) != 0));
            if consistent {
                solutions.push(bits);
            }
        }
        let mut fresh = Turn::new(position, orders).unwrap();
        fresh.resolve_all();
        let got: u32 = decisions
            .iter()
            .enumerate()
            .map(|(k, &d)| u32::from(fresh.is_yes(d)) << k)
            .sum();
        let describe = || {
            orders
                .iter()
                .map(|(c, o)| format!("{c}: {o}"))
                .collect::<Vec<_>>()
                .join("; ")
        };
        match solutions.as_slice() {
            [only] => {
                counts.0 += 1;
                assert_eq!(
                    got,
                    *only,
                    "seed {seed}: position {position}, orders {}",
                    describe()
                );
            }
            [] => {}
            many => {
                counts.1 += 1;
                let supports_only_differ = many.iter().all(|&b| {
                    decisions.iter().enumerate().all(|(k, &d)| {
                        matches!(turn.kinds[d], Kind::Support { .. })
                            || (b ^ many[0]) & (1 << k) == 0
                    })
                });
                if !supports_only_differ && !decisions.iter().any(|&d| fresh.paradox[d]) {
                    // Moves only: circular movement, the solution with most moves.
                    let best = many.iter().map(|b| b.count_ones()).max().unwrap();
                    assert_eq!(
                        got.count_ones(),
                        best,
                        "seed {seed}: position {position}, orders {}",
                        describe()
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod cycle_generator {
    use super::*;
    use crate::random::{cycle_phase, Rng};

    /// The generator of the permutation tests (`tests/cycle_permutations.rs`) is meaningful:
    /// many of its phases hold a cycle that the recursive pass leaves open.
    #[test]
    fn cycle_phases_hold_cycles() {
        let (mut with_cycle, mut paradox, mut several) = (0, 0, 0);
        let total = 2000;
        for seed in 0..total {
            let mut rng = Rng::new(seed);
            let (position, orders) = cycle_phase(&mut rng, 7);
            assert!(orders.len() <= 7 && orders.len() >= 2, "seed {seed}");
            let mut turn = Turn::new(&position, &orders).unwrap();
            turn.resolve_all();
            with_cycle += usize::from(turn.cycles > 0);
            several += usize::from(turn.cycles > 1);
            paradox += usize::from(turn.paradox.iter().any(|&p| p));
        }
        eprintln!("{with_cycle} of {total} phases with a cycle, {several} with several, {paradox} with a paradox");
        assert!(with_cycle * 4 > total as usize, "{with_cycle} of {total}");
        assert!(paradox * 10 > total as usize, "{paradox} of {total}");
    }
}
