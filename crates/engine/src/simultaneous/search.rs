//! The one-turn equilibrium search, the same for both games: candidate order sets for each
//! side, a payoff matrix whose cells are adjudicated and evaluated, an approximate
//! equilibrium of it by regret matching+, then (time permitting) a look-ahead that values
//! blocks of the most likely cells by the equilibrium of the position they lead to.

use super::levels::{self, Settings};
use super::matrix::{Matrix, Solution, Solver};
use diplo_core::{
    Color, Outcome as GameOutcome, PhaseKind, Repetitions, SimultaneousPosition, Status,
};
use rand::rngs::SmallRng;
use rand::Rng;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// What a game gives the search: a static evaluation and candidate order sets.
pub trait Searchable: SimultaneousPosition {
    /// White's expected score from this position, 0 to 1, without looking ahead.
    fn evaluate(&self) -> f64;
    /// Up to `count` candidate order sets for `side` in this phase, the most promising
    /// first. They need not be checked: the search keeps only those
    /// [`SimultaneousPosition::check_orders`] accepts.
    fn candidates(&self, side: Color, count: usize, rng: &mut SmallRng) -> Vec<Vec<Self::Order>>;
    /// This game's share of a per-game look-ahead cap.
    fn lookahead_cap(cap: &levels::Cap) -> u64;
}

/// A checked candidate: its orders and their texts.
#[derive(Debug, Clone)]
pub struct Candidate<S: SimultaneousPosition> {
    pub orders: S::Orders,
    pub texts: Vec<String>,
}

/// The search's result.
#[derive(Debug, Clone)]
pub struct Outcome<S: SimultaneousPosition> {
    pub white: Vec<Candidate<S>>,
    pub black: Vec<Candidate<S>>,
    /// The payoff matrix over the candidates (White's score), as far as it was filled.
    pub matrix: Matrix,
    pub solution: Solution,
    /// Adjudications done (matrix cells and look-ahead).
    pub resolutions: u64,
    pub time: Duration,
    /// Every cell ends the game: no look-ahead could change the matrix.
    pub exact: bool,
    /// Each side's myopic choice over its candidates (the best mean against a uniform
    /// opponent in the one-turn matrix): the opponent model of [`crate::simultaneous`].
    pub myopic: (Vec<f64>, Vec<f64>),
}

impl<S: SimultaneousPosition> Outcome<S> {
    /// `side`'s candidates (those the matrix covers) and its mixed strategy over them.
    pub fn strategy(&self, side: Color) -> (&[Candidate<S>], &[f64]) {
        match side {
            Color::White => (&self.white[..self.matrix.rows()], &self.solution.row),
            Color::Black => (&self.black[..self.matrix.cols()], &self.solution.col),
        }
    }

    /// `side`'s expected score.
    pub fn value(&self, side: Color) -> f64 {
        match side {
            Color::White => self.solution.value,
            Color::Black => 1.0 - self.solution.value,
        }
    }
}

/// When to stop.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub deadline: Option<Instant>,
    /// The most regret-matching iterations at the root.
    pub iterations: u64,
}

impl Budget {
    fn over(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// White's score of a finished game, or `None` while it goes on.
pub fn terminal_value<S: SimultaneousPosition>(state: &S) -> Option<f64> {
    match state.status() {
        Status::Over(result) => Some(result.outcome.score(Color::White)),
        Status::Ongoing => None,
    }
}

/// The checked candidates of `side`, duplicates (same texts) dropped; never empty: a side
/// that owes nothing, or whose candidates were all refused, gets its default orders.
pub fn checked_candidates<S: Searchable>(
    state: &S,
    side: Color,
    count: usize,
    rng: &mut SmallRng,
) -> Vec<Candidate<S>> {
    let mut out: Vec<Candidate<S>> = Vec::new();
    if state.owes_orders(side) {
        let mut seen = HashSet::new();
        for set in state.candidates(side, count, rng) {
            if out.len() >= count {
                break;
            }
            let Ok(orders) = state.check_orders(side, &set) else {
                continue;
            };
            let texts: Vec<String> = set.iter().map(ToString::to_string).collect();
            let mut key = texts.clone();
            key.sort();
            if seen.insert(key) {
                out.push(Candidate { orders, texts });
            }
        }
    }
    if out.is_empty() {
        let orders = state.default_orders(side);
        let texts = state
            .orders_of(&orders)
            .iter()
            .map(ToString::to_string)
            .collect();
        out.push(Candidate { orders, texts });
    }
    out
}

/// The positions a game has reached, as the repetition rules see them from the search: a
/// position found one phase on has occurred once more than the game's history says (the
/// search's own lines are too short to repeat themselves).
pub struct SearchHistory<'a, S> {
    pub past: &'a [S],
}

impl<S: SimultaneousPosition> Repetitions<S> for SearchHistory<'_, S> {
    fn reached(&mut self, position: &S) -> usize {
        let hash = position.hash();
        1 + self
            .past
            .iter()
            .filter(|p| p.hash() == hash && p.same_for_repetition(position))
            .count()
    }
}

/// The positions of a game's history the repetition rules count: the start of every turn
/// (the phases within a turn are not positions between turns), and the current position.
pub fn history_of<S: SimultaneousPosition>(game: &diplo_core::SimultaneousGame<S>) -> Vec<S> {
    let mut past: Vec<S> = game
        .phases()
        .iter()
        .map(|record| &record.before)
        .filter(|s| matches!(s.phase().kind, PhaseKind::Turn | PhaseKind::Movement))
        .cloned()
        .collect();
    past.push(game.position().clone());
    past
}

/// What the search knows beyond the position: the game's history (for the repetition
/// rule) and what a draw is worth to White (one half, less the contempt of an engine
/// playing White, plus that of one playing Black).
pub struct Context<'a, S> {
    pub history: &'a [S],
    pub draw: f64,
}

/// White's score after the phase `white` × `black` is resolved, valued statically.
fn cell_value<S: Searchable>(
    state: &S,
    white: &S::Orders,
    black: &S::Orders,
    context: &Context<S>,
) -> (S, f64) {
    let past = SearchHistory {
        past: context.history,
    };
    let (next, _) = state.resolve(white, black, &mut { past });
    let value = match next.status() {
        Status::Over(result) if result.outcome == GameOutcome::Draw => context.draw,
        Status::Over(result) => result.outcome.score(Color::White),
        Status::Ongoing => next.evaluate(),
    };
    (next, value)
}

/// The search from `state` with `settings`, within `budget`: iterative deepening from the
/// one-turn equilibrium to `settings.depth` turns, over one set of candidates. Each depth's
/// block starts from the previous depth's equilibrium and grows by the best replies under
/// the previous depth's values (see `passes`); it replaces the shallower answer once its
/// first block is done, or, for a third turn and more, once its block is closed (no best
/// reply outside it gains) or as wide.
pub fn search<S: Searchable>(
    state: &S,
    context: &Context<S>,
    settings: &Settings,
    budget: Budget,
    rng: &mut SmallRng,
    progress: &mut dyn FnMut(&Solution, u64, Duration),
) -> Outcome<S> {
    let start = Instant::now();
    let deepen = settings.depth > 1;
    let root = one_turn(state, context, settings, deepen, budget, rng);
    let mut resolutions = root.outcome.resolutions;
    progress(&root.outcome.solution, resolutions, start.elapsed());
    let mut best = root.outcome.clone();
    if deepen && root.goes_on {
        let (rows, cols) = (root.outcome.matrix.rows(), root.outcome.matrix.cols());
        let mut guide = root.outcome.matrix.clone();
        let mut seed = root.outcome.solution.clone();
        let time = budget.deadline.map(|d| d.saturating_duration_since(start));
        // The depth `best` comes from.
        let mut best_depth = 1;
        for (pass_index, pass) in passes(settings).into_iter().enumerate() {
            let Pass {
                depth,
                child_candidates,
                growth,
            } = pass;
            if budget.over() {
                break;
            }
            let pass = Settings {
                child_candidates,
                ..*settings
            };
            // With time enough for more, the first pass gets a third of it: it is there
            // to guide the next ones, and in DiploChess it would use all of it.
            let first = pass_index == 0;
            let pass_budget = match (budget.deadline, time) {
                (Some(deadline), Some(time)) if first && time >= SPLIT_FROM => Budget {
                    deadline: Some(deadline.min(start + time / 3)),
                    ..budget
                },
                _ => budget,
            };
            let allowance =
                S::lookahead_cap(&settings.lookahead_resolutions).saturating_sub(resolutions);
            if allowance == 0 {
                break;
            }
            let mut look = Lookahead::new(&root, &guide, context, &pass, depth, pass_budget)
                .with_allowance(allowance);
            let deepened = look.run(&seed, growth, rng);
            resolutions += look.resolutions;
            let Some(Deepened {
                outcome,
                rows: block_rows,
                cols: block_cols,
                closed,
            }) = deepened
            else {
                continue;
            };
            // A deeper pass replaces the answer only once its block is closed or as wide: a
            // third turn seen over a handful of candidates, cut short by the clock while
            // the other side still had a better reply outside it, is no better an answer
            // than two turns over many.
            let narrower =
                block_rows.len() < best.matrix.rows() || block_cols.len() < best.matrix.cols();
            if best_depth > 1 && depth > best_depth && narrower && !closed {
                break;
            }
            best_depth = depth;
            progress(&outcome.solution, resolutions, start.elapsed());
            seed = Solution {
                row: spread(&outcome.solution.row, &block_rows, rows),
                col: spread(&outcome.solution.col, &block_cols, cols),
                ..outcome.solution.clone()
            };
            guide = look.guide_after();
            best = outcome;
        }
    }
    best.resolutions = resolutions;
    best.time = start.elapsed();
    best
}

/// One pass of the root's look-ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pass {
    /// Turns searched.
    depth: u32,
    /// Candidates per side one turn on.
    child_candidates: usize,
    growth: Growth,
}

/// The look-ahead's passes at the root: two turns with the level's candidates over the
/// whole matrix, then either (a level that stops at two turns) two turns again with twice
/// as many candidates one turn on, or each further turn over a block grown until it
/// closes. *Why:* a third turn over the whole matrix does not fit in the time a phase
/// allows, while the block an equilibrium plays closes over a handful of candidates per
/// side; and a closed three-turn block beat two turns over every candidate in matches
/// (`docs/engine-simultaneous.md`).
fn passes(settings: &Settings) -> Vec<Pass> {
    let child = settings.child_candidates;
    let pass = |depth, child_candidates, growth| Pass {
        depth,
        child_candidates,
        growth,
    };
    let mut out = vec![pass(2, child, Growth::Exhaustive)];
    if settings.depth == 2 {
        out.push(pass(2, 2 * child, Growth::Exhaustive));
    }
    out.extend((3..=settings.depth).map(|depth| pass(depth, child, Growth::Closing)));
    out
}

/// How a look-ahead block grows past its first one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Growth {
    /// By each side's best reply, whatever it gains, until the candidates (or the clock)
    /// run out.
    Exhaustive,
    /// By a side's best reply only while it gains more than [`CLOSES_WITHIN`] against the
    /// block's equilibrium; the block is closed when neither side's does.
    Closing,
}

impl Growth {
    /// Whether a best reply that gains `gain` (for the side that plays it) joins the block.
    fn takes(self, gain: f64) -> bool {
        match self {
            Growth::Exhaustive => true,
            Growth::Closing => gain > CLOSES_WITHIN,
        }
    }
}

/// What a best reply outside a closing block may gain (in expected score) without joining
/// it.
const CLOSES_WITHIN: f64 = 0.005;

/// The time for a phase from which the first pass stops at a third of it.
const SPLIT_FROM: Duration = Duration::from_millis(300);

/// The search of a position inside the look-ahead, `depth` turns deep: the one-turn
/// equilibrium, then (depth 2 or more) a look-ahead block grown until it closes. *Why
/// closed:* the first block alone (the one-turn equilibrium's support and best replies)
/// often missed the reply that refutes a line one turn further on, and three turns
/// searched that way lost to two (`docs/engine-simultaneous.md`).
fn inner_search<S: Searchable>(
    state: &S,
    context: &Context<S>,
    settings: &Settings,
    depth: u32,
    budget: Budget,
    rng: &mut SmallRng,
) -> Outcome<S> {
    let deepen = depth > 1;
    let root = one_turn(state, context, settings, deepen, budget, rng);
    if !deepen || !root.goes_on || budget.over() {
        return root.outcome;
    }
    let mut look = Lookahead::new(
        &root,
        &root.outcome.matrix,
        context,
        settings,
        depth,
        budget,
    );
    let deepened = look.run(&root.outcome.solution, Growth::Closing, rng);
    let resolutions = root.outcome.resolutions + look.resolutions;
    match deepened {
        Some(Deepened {
            outcome: mut deep, ..
        }) => {
            deep.resolutions = resolutions;
            deep
        }
        None => Outcome {
            resolutions,
            ..root.outcome
        },
    }
}

/// The one-turn search of a position: its candidates, the static matrix, its equilibrium,
/// and the positions the cells lead to (kept for a look-ahead).
struct OneTurn<S: SimultaneousPosition> {
    outcome: Outcome<S>,
    /// The positions the cells lead to (`None` where the game ends, or when not kept),
    /// row-major over all of the candidates' columns.
    children: Vec<Option<S>>,
    /// Some cell leads to a position where the game goes on.
    goes_on: bool,
}

/// The one-turn search of `state`; `keep_children`: keep the positions the cells lead to.
fn one_turn<S: Searchable>(
    state: &S,
    context: &Context<S>,
    settings: &Settings,
    keep_children: bool,
    budget: Budget,
    rng: &mut SmallRng,
) -> OneTurn<S> {
    let start = Instant::now();
    let white = checked_candidates(state, Color::White, settings.candidates, rng);
    let black = checked_candidates(state, Color::Black, settings.candidates, rng);
    let (rows, cols) = (white.len(), black.len());
    let mut full = Matrix::new(rows, cols);
    let mut children: Vec<Option<S>> = vec![None; rows * cols];
    let mut resolutions = 0u64;
    let mut goes_on = false;
    // Fill in growing squares, the most promising candidates first, so that a deadline
    // leaves a complete top-left block.
    let (mut r, mut c) = (0, 0);
    'fill: for k in 0..rows.max(cols) {
        let (nr, nc) = ((k + 1).min(rows), (k + 1).min(cols));
        for i in 0..nr {
            for j in 0..nc {
                if i < r && j < c {
                    continue;
                }
                // The first cell always gets filled, whatever the clock says.
                if resolutions > 0 && budget.over() {
                    break 'fill;
                }
                let (next, value) = cell_value(state, &white[i].orders, &black[j].orders, context);
                resolutions += 1;
                full.set(i, j, value);
                if terminal_value(&next).is_none() {
                    goes_on = true;
                    if keep_children {
                        children[i * cols + j] = Some(next);
                    }
                }
            }
        }
        (r, c) = (nr, nc);
    }
    let matrix = full.block(r, c);
    let mut stop = || budget.over();
    let solution = Solver::new(r, c).run(&matrix, budget.iterations, 1e-4, &mut stop);
    let myopic = (matrix.myopic_rows(), matrix.myopic_cols());
    let outcome = Outcome {
        white,
        black,
        matrix,
        solution,
        resolutions,
        time: start.elapsed(),
        // Nothing to deepen: every cell ends the game.
        exact: !goes_on && r == rows && c == cols,
        myopic,
    };
    OneTurn {
        outcome,
        children,
        goes_on,
    }
}

/// The look-ahead of a search: a block of candidates — the support of the shallower
/// equilibrium, each side's best reply to it and its myopic choice — whose every cell is
/// valued by the equilibrium one turn further on, then solved on its own. Mixing deepened
/// and shallower cells in one matrix would favour the candidates that were not looked at
/// (the static value of a capture ignores the recapture), so only whole blocks are solved.
/// The block then grows by one best reply per side at a time while the clock allows (and,
/// for a closing block, while the reply gains), judged on the shallower values (the
/// `guide`); a growth cut short is dropped.
struct Lookahead<'a, S: SimultaneousPosition> {
    /// The one-turn search it starts from.
    shallow: &'a Outcome<S>,
    /// The positions the shallow matrix's cells lead to (`None` where the game ends),
    /// row-major over all of the candidates' columns.
    children: &'a [Option<S>],
    /// The best values known before this depth, over the shallow matrix's cells: they
    /// choose which candidates join the block.
    guide: &'a Matrix,
    context: &'a Context<'a, S>,
    child_settings: Settings,
    depth: u32,
    budget: Budget,
    /// The most adjudications this look-ahead may start on (the level's cap, less what the
    /// search spent before it); a cell is not started past it, as past the deadline.
    allowance: u64,
    /// The deepened values, over the shallow matrix's rows and columns.
    deep: Matrix,
    done: Vec<bool>,
    resolutions: u64,
}

/// A look-ahead block's result.
struct Deepened<S: SimultaneousPosition> {
    /// Its equilibrium over its candidates.
    outcome: Outcome<S>,
    /// Its candidates, as indexes into the shallow search's.
    rows: Vec<usize>,
    cols: Vec<usize>,
    /// No best reply outside it gains, as far as the guide tells.
    closed: bool,
}

/// The least probability that puts a candidate in the look-ahead's first block.
const SUPPORT: f64 = 0.01;

impl<'a, S: Searchable> Lookahead<'a, S> {
    fn new(
        root: &'a OneTurn<S>,
        guide: &'a Matrix,
        context: &'a Context<'a, S>,
        settings: &Settings,
        depth: u32,
        budget: Budget,
    ) -> Self {
        let (rows, cols) = (root.outcome.matrix.rows(), root.outcome.matrix.cols());
        Lookahead {
            shallow: &root.outcome,
            children: &root.children,
            guide,
            context,
            child_settings: Settings {
                candidates: settings.child_candidates,
                ..*settings
            },
            depth,
            budget,
            allowance: levels::UNCAPPED,
            deep: Matrix::new(rows, cols),
            done: vec![false; rows * cols],
            resolutions: 0,
        }
    }

    /// The same look-ahead, stopped once it has spent `allowance` adjudications.
    fn with_allowance(self, allowance: u64) -> Self {
        Lookahead { allowance, ..self }
    }

    /// The deepened block, or `None` when the clock ran out before the first block was
    /// done. The block starts from the support of `seed`, an equilibrium of the guide, and
    /// grows as `growth` says while the clock allows.
    fn run(&mut self, seed: &Solution, growth: Growth, rng: &mut SmallRng) -> Option<Deepened<S>> {
        let (m, solution) = (self.guide, seed);
        let (rows, cols) = (m.rows(), m.cols());
        let mut block_rows = support(&solution.row);
        let mut block_cols = support(&solution.col);
        for i in [
            best_reply(rows, |i| m.row_value(i, &solution.col)),
            best_reply(rows, |i| self.shallow.myopic.0[i]),
        ] {
            add(&mut block_rows, i);
        }
        for j in [
            best_reply(cols, |j| -m.col_value(j, &solution.row)),
            best_reply(cols, |j| self.shallow.myopic.1[j]),
        ] {
            add(&mut block_cols, j);
        }
        if !self.fill(&block_rows, &block_cols, rng) {
            return None;
        }
        let mut best = self.solve(&block_rows, &block_cols);
        let mut closed = false;
        while block_rows.len() < rows || block_cols.len() < cols {
            // The best replies outside the block to the block's strategies, judged on the
            // guide (the deep values are not known yet).
            let col_strategy = spread(&best.1.col, &block_cols, cols);
            let row_strategy = spread(&best.1.row, &block_rows, rows);
            let value = best.1.value;
            let (mut grown_rows, mut grown_cols) = (block_rows.clone(), block_cols.clone());
            let outside_rows = |i: &usize| !block_rows.contains(i);
            let outside_cols = |j: &usize| !block_cols.contains(j);
            let row_reply = (0..rows)
                .filter(outside_rows)
                .map(|i| (i, m.row_value(i, &col_strategy)))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((i, _)) = row_reply.filter(|&(_, v)| growth.takes(v - value)) {
                grown_rows.push(i);
            }
            let col_reply = (0..cols)
                .filter(outside_cols)
                .map(|j| (j, m.col_value(j, &row_strategy)))
                .min_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((j, _)) = col_reply.filter(|&(_, v)| growth.takes(value - v)) {
                grown_cols.push(j);
            }
            if (grown_rows.len(), grown_cols.len()) == (block_rows.len(), block_cols.len()) {
                closed = true;
                break;
            }
            if !self.fill(&grown_rows, &grown_cols, rng) {
                break;
            }
            (block_rows, block_cols) = (grown_rows, grown_cols);
            best = self.solve(&block_rows, &block_cols);
        }
        let (matrix, solution) = best;
        let pick = |list: &[Candidate<S>], at: &[usize]| -> Vec<Candidate<S>> {
            at.iter().map(|&k| list[k].clone()).collect()
        };
        let outcome = Outcome {
            white: pick(&self.shallow.white, &block_rows),
            black: pick(&self.shallow.black, &block_cols),
            matrix,
            solution,
            resolutions: 0,
            time: Duration::ZERO,
            exact: false,
            myopic: (
                restrict(&self.shallow.myopic.0, &block_rows),
                restrict(&self.shallow.myopic.1, &block_cols),
            ),
        };
        // A block over every candidate is closed too: nothing is left outside it.
        closed |= block_rows.len() == rows && block_cols.len() == cols;
        Some(Deepened {
            outcome,
            rows: block_rows,
            cols: block_cols,
            closed,
        })
    }

    /// The guide with this depth's values where they are known: the next depth's guide.
    fn guide_after(&self) -> Matrix {
        let mut guide = self.guide.clone();
        let cols = guide.cols();
        for i in 0..guide.rows() {
            for j in 0..cols {
                if self.done[i * cols + j] {
                    guide.set(i, j, self.deep.get(i, j));
                }
            }
        }
        guide
    }

    /// Values every cell of `rows` × `cols` by the look-ahead; false when the clock ran out
    /// first.
    fn fill(&mut self, rows: &[usize], cols: &[usize], rng: &mut SmallRng) -> bool {
        rows.iter()
            .all(|&i| cols.iter().all(|&j| self.value(i, j, rng)))
    }

    /// Values one cell by the look-ahead; false when the clock ran out first.
    fn value(&mut self, i: usize, j: usize, rng: &mut SmallRng) -> bool {
        let cols = self.deep.cols();
        if self.done[i * cols + j] {
            return true;
        }
        if self.budget.over() || self.resolutions >= self.allowance {
            return false;
        }
        let static_value = self.shallow.matrix.get(i, j);
        let value = match &self.children[i * self.shallow.black.len() + j] {
            None => static_value,
            Some(child) => {
                let inner = Budget {
                    deadline: self.budget.deadline,
                    iterations: 2_000,
                };
                let deeper = inner_search(
                    child,
                    self.context,
                    &self.child_settings,
                    self.depth - 1,
                    inner,
                    rng,
                );
                self.resolutions += deeper.resolutions;
                // A look-ahead cut short by the clock is not trusted.
                if self.budget.over() {
                    return false;
                }
                // Keep the static view in the mix: one turn of candidates is a narrow look.
                0.75 * deeper.solution.value + 0.25 * static_value
            }
        };
        self.deep.set(i, j, value);
        self.done[i * cols + j] = true;
        true
    }

    /// The block `rows` × `cols` of the deep values and its equilibrium. The block is
    /// small, so it is solved to the full iteration budget even past the deadline.
    fn solve(&self, rows: &[usize], cols: &[usize]) -> (Matrix, Solution) {
        let mut m = Matrix::new(rows.len(), cols.len());
        for (a, &i) in rows.iter().enumerate() {
            for (b, &j) in cols.iter().enumerate() {
                m.set(a, b, self.deep.get(i, j));
            }
        }
        let iterations = self.budget.iterations.min(BLOCK_ITERATIONS);
        let solution = Solver::new(m.rows(), m.cols()).run(&m, iterations, 1e-4, &mut || false);
        (m, solution)
    }
}

/// The most regret-matching iterations for a look-ahead block.
const BLOCK_ITERATIONS: u64 = 20_000;

/// The indexes a strategy plays with probability at least [`SUPPORT`].
fn support(strategy: &[f64]) -> Vec<usize> {
    (0..strategy.len())
        .filter(|&i| strategy[i] >= SUPPORT)
        .collect()
}

/// The index among `0..n` with the highest `score`.
fn best_reply(n: usize, score: impl Fn(usize) -> f64) -> Option<usize> {
    (0..n).max_by(|&a, &b| score(a).total_cmp(&score(b)))
}

fn add(list: &mut Vec<usize>, index: Option<usize>) {
    if let Some(i) = index {
        if !list.contains(&i) {
            list.push(i);
        }
    }
}

/// A block strategy over `at` spread back over all `n` candidates.
fn spread(strategy: &[f64], at: &[usize], n: usize) -> Vec<f64> {
    let mut full = vec![0.0; n];
    for (&k, &p) in at.iter().zip(strategy) {
        full[k] = p;
    }
    full
}

/// `strategy` restricted to the indexes `at` and scaled back to sum 1 (uniform over `at`
/// when it puts nothing there).
fn restrict(strategy: &[f64], at: &[usize]) -> Vec<f64> {
    let part: Vec<f64> = at.iter().map(|&k| strategy[k]).collect();
    let total: f64 = part.iter().sum();
    if total > 0.0 {
        part.iter().map(|p| p / total).collect()
    } else {
        vec![1.0 / at.len().max(1) as f64; at.len()]
    }
}

/// One draw from `strategy`, softened towards uniform by `noise` (0 = none).
pub fn draw(strategy: &[f64], noise: f64, rng: &mut SmallRng) -> usize {
    let n = strategy.len().max(1);
    let uniform = 1.0 / n as f64;
    let mut x: f64 = rng.gen();
    for (i, &p) in strategy.iter().enumerate() {
        let p = (1.0 - noise) * p + noise * uniform;
        if x < p {
            return i;
        }
        x -= p;
    }
    n - 1
}

/// The `greedy` baseline: the row (or column) with the best mean score against a uniform
/// opponent over its candidates, one turn deep, ties at random.
pub fn greedy<S: Searchable>(
    state: &S,
    context: &Context<S>,
    side: Color,
    count: usize,
    deadline: Option<Instant>,
    rng: &mut SmallRng,
) -> Candidate<S> {
    let mine = checked_candidates(state, side, count, rng);
    let theirs = checked_candidates(state, !side, count, rng);
    let mut best = (f64::NEG_INFINITY, 0usize, 0u32);
    for (i, candidate) in mine.iter().enumerate() {
        if i > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let mut total = 0.0;
        for other in &theirs {
            let (w, b) = match side {
                Color::White => (&candidate.orders, &other.orders),
                Color::Black => (&other.orders, &candidate.orders),
            };
            let (_, value) = cell_value(state, w, b, context);
            total += match side {
                Color::White => value,
                Color::Black => 1.0 - value,
            };
        }
        let mean = total / theirs.len() as f64;
        if mean > best.0 + 1e-9 {
            best = (mean, i, 1);
        } else if (mean - best.0).abs() <= 1e-9 {
            // Reservoir sampling among the ties.
            best.2 += 1;
            if rng.gen_range(0..best.2) == 0 {
                best.1 = i;
            }
        }
    }
    mine[best.1].clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn start() -> diplomacy_chess::State {
        let position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1"
            .parse()
            .unwrap();
        diplomacy_chess::State::new(position, diplomacy_chess::Mode::Basic)
    }

    fn diplochess_start() -> ::diplochess::State {
        ::diplochess::State::new(
            ::diplochess::Position::start(),
            ::diplochess::Rules::default(),
        )
    }

    /// A context that counts a draw as one half.
    fn neutral<S>(history: &[S]) -> Context<'_, S> {
        Context { history, draw: 0.5 }
    }

    /// The candidates' order texts, sorted: the candidates as a set.
    fn sorted_texts<S: SimultaneousPosition>(list: &[Candidate<S>]) -> Vec<Vec<String>> {
        let mut texts: Vec<_> = list.iter().map(|c| c.texts.clone()).collect();
        texts.sort();
        texts
    }

    fn settings(depth: u32) -> Settings {
        Settings {
            candidates: 6,
            child_candidates: 4,
            depth,
            ..levels::settings(8)
        }
    }

    #[test]
    fn without_a_clock_the_look_ahead_covers_every_candidate() {
        let state = start();
        let history = vec![state.clone()];
        let context = neutral(&history);
        let budget = Budget {
            deadline: None,
            iterations: 2_000,
        };
        // The candidates the search will draw with this seed (White's, then Black's).
        let mut rng = SmallRng::seed_from_u64(3);
        let white = checked_candidates(&state, Color::White, 6, &mut rng);
        let black = checked_candidates(&state, Color::Black, 6, &mut rng);
        let mut rng = SmallRng::seed_from_u64(3);
        let deep = search(
            &state,
            &context,
            &settings(2),
            budget,
            &mut rng,
            &mut |_, _, _| {},
        );
        // Every candidate ends up in the deepened block.
        assert_eq!(sorted_texts(&deep.white), sorted_texts(&white));
        assert_eq!(sorted_texts(&deep.black), sorted_texts(&black));
        assert_eq!(deep.matrix.rows(), deep.white.len());
        assert_eq!(deep.matrix.cols(), deep.black.len());
        // Each cell was valued one turn further on: some values differ from the static ones.
        let mut moved = 0;
        for (i, w) in deep.white.iter().enumerate() {
            for (j, b) in deep.black.iter().enumerate() {
                let (_, static_value) = cell_value(&state, &w.orders, &b.orders, &context);
                if (deep.matrix.get(i, j) - static_value).abs() > 1e-9 {
                    moved += 1;
                }
            }
        }
        assert!(moved > 0, "no cell was deepened");
        for strategy in [&deep.solution.row, &deep.solution.col] {
            assert!((strategy.iter().sum::<f64>() - 1.0).abs() < 1e-6);
        }
        assert!((deep.myopic.0.iter().sum::<f64>() - 1.0).abs() < 1e-6);
        assert!((deep.myopic.1.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn every_depth_searches_the_candidates_drawn_at_the_root() {
        // DiploChess candidates are random plans: a depth that drew its own would show
        // plans the root never had.
        let state = diplochess_start();
        let history = vec![state.clone()];
        let context = neutral(&history);
        let budget = Budget {
            deadline: None,
            iterations: 1_000,
        };
        let settings = Settings {
            candidates: 5,
            child_candidates: 3,
            depth: 3,
            ..levels::settings(8)
        };
        let mut rng = SmallRng::seed_from_u64(7);
        let white = checked_candidates(&state, Color::White, 5, &mut rng);
        let black = checked_candidates(&state, Color::Black, 5, &mut rng);
        let mut rng = SmallRng::seed_from_u64(7);
        let deep = search(
            &state,
            &context,
            &settings,
            budget,
            &mut rng,
            &mut |_, _, _| {},
        );
        // The third turn's block closes over some of them, and only them.
        for (block, drawn) in [(&deep.white, &white), (&deep.black, &black)] {
            let drawn = sorted_texts(drawn);
            assert!(!block.is_empty());
            assert!(sorted_texts(block)
                .iter()
                .all(|texts| drawn.contains(texts)));
        }
    }

    #[test]
    fn a_capped_look_ahead_stops_at_its_resolutions_whatever_the_clock() {
        let state = diplochess_start();
        let history = vec![state.clone()];
        let context = neutral(&history);
        let cap = 600;
        let capped = Settings {
            candidates: 8,
            child_candidates: 4,
            depth: 2,
            lookahead_resolutions: levels::Cap::both(cap),
            ..levels::settings(8)
        };
        let run = |settings: &Settings, deadline: Option<Instant>| {
            let budget = Budget {
                deadline,
                iterations: 1_000,
            };
            let mut rng = SmallRng::seed_from_u64(5);
            search(
                &state,
                &context,
                settings,
                budget,
                &mut rng,
                &mut |_, _, _| {},
            )
        };
        let unlimited = run(&capped, None);
        let far = run(&capped, Some(Instant::now() + Duration::from_secs(600)));
        // The cap stops the search, not the clock: the same answer with or without one.
        assert_eq!(sorted_texts(&unlimited.white), sorted_texts(&far.white));
        assert_eq!(sorted_texts(&unlimited.black), sorted_texts(&far.black));
        assert_eq!(unlimited.solution.row, far.solution.row);
        assert_eq!(unlimited.resolutions, far.resolutions);
        // No cell is started past the cap, and a cell costs at most one child matrix.
        let child_matrix = (capped.child_candidates * capped.child_candidates) as u64;
        assert!(unlimited.resolutions <= cap + child_matrix);
        // The cap is what stopped it: without it the look-ahead goes on.
        let uncapped = Settings {
            lookahead_resolutions: levels::Cap::both(levels::UNCAPPED),
            ..capped
        };
        assert!(run(&uncapped, None).resolutions > cap + child_matrix);
    }

    #[test]
    fn a_two_turn_level_widens_its_look_ahead_and_a_deeper_one_goes_on_in_closed_blocks() {
        let settings = Settings {
            child_candidates: 10,
            depth: 4,
            ..levels::settings(8)
        };
        let shape = |settings: &Settings| -> Vec<(u32, usize, Growth)> {
            passes(settings)
                .iter()
                .map(|p| (p.depth, p.child_candidates, p.growth))
                .collect()
        };
        use Growth::{Closing, Exhaustive};
        assert_eq!(
            shape(&settings),
            vec![(2, 10, Exhaustive), (3, 10, Closing), (4, 10, Closing)]
        );
        let two_turns = Settings {
            depth: 2,
            ..settings
        };
        assert_eq!(
            shape(&two_turns),
            vec![(2, 10, Exhaustive), (2, 20, Exhaustive)]
        );
    }

    #[test]
    fn a_closing_block_stops_once_no_reply_outside_it_gains() {
        let state = start();
        let history = vec![state.clone()];
        let context = neutral(&history);
        let settings = Settings {
            candidates: 10,
            child_candidates: 4,
            ..settings(2)
        };
        let budget = Budget {
            deadline: None,
            iterations: 2_000,
        };
        let mut rng = SmallRng::seed_from_u64(4);
        let root = one_turn(&state, &context, &settings, true, budget, &mut rng);
        let guide = &root.outcome.matrix;
        let (rows, cols) = (guide.rows(), guide.cols());
        let mut block = |growth| {
            Lookahead::new(&root, guide, &context, &settings, 2, budget)
                .run(&root.outcome.solution, growth, &mut rng)
                .expect("no clock to run out")
        };
        let all = block(Growth::Exhaustive);
        assert_eq!((all.rows.len(), all.cols.len()), (rows, cols));
        assert!(all.closed);
        let closed = block(Growth::Closing);
        assert!(closed.closed);
        // It stopped short of every candidate...
        assert!(closed.rows.len() < rows || closed.cols.len() < cols);
        // ...because no reply outside it gains more than the margin on the guide's values.
        let value = closed.outcome.solution.value;
        let row = spread(&closed.outcome.solution.row, &closed.rows, rows);
        let col = spread(&closed.outcome.solution.col, &closed.cols, cols);
        for i in (0..rows).filter(|i| !closed.rows.contains(i)) {
            assert!(guide.row_value(i, &col) <= value + CLOSES_WITHIN);
        }
        for j in (0..cols).filter(|j| !closed.cols.contains(j)) {
            assert!(guide.col_value(j, &row) >= value - CLOSES_WITHIN);
        }
    }

    #[test]
    fn a_look_ahead_the_clock_cuts_short_keeps_the_one_turn_answer() {
        let state = start();
        let history = vec![state.clone()];
        let context = neutral(&history);
        // A deadline already passed: depth 1 fills its first cell and stops there.
        let budget = Budget {
            deadline: Some(Instant::now()),
            iterations: 2_000,
        };
        let outcome = search(
            &state,
            &context,
            &settings(3),
            budget,
            &mut SmallRng::seed_from_u64(1),
            &mut |_, _, _| {},
        );
        assert_eq!((outcome.matrix.rows(), outcome.matrix.cols()), (1, 1));
        assert_eq!(outcome.solution.row, vec![1.0]);
    }
}
