//! The one-turn equilibrium search, the same for both games: candidate order sets for each
//! side, a payoff matrix whose cells are adjudicated and evaluated, an approximate
//! equilibrium of it by regret matching+, then (time permitting) a look-ahead that replaces
//! the most likely cells by the equilibrium value of the position they lead to.

use super::levels::Settings;
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
/// one-turn equilibrium to `settings.depth` turns. A deeper search replaces a shallower one
/// once its first round (the cells the equilibrium plays, and the best replies) is done.
pub fn search<S: Searchable>(
    state: &S,
    context: &Context<S>,
    settings: &Settings,
    budget: Budget,
    rng: &mut SmallRng,
    progress: &mut dyn FnMut(&Solution, u64, Duration),
) -> Outcome<S> {
    let start = Instant::now();
    let mut resolutions = 0;
    let mut best: Option<Outcome<S>> = None;
    for depth in 1..=settings.depth.max(1) {
        let mut report = |s: &Solution, n: u64, _: Duration| {
            progress(s, resolutions + n, start.elapsed());
        };
        let (outcome, settled) = search_depth(
            state,
            context,
            settings,
            depth,
            true,
            budget,
            rng,
            &mut report,
        );
        resolutions += outcome.resolutions;
        let exact = outcome.exact;
        if best.is_none() || settled {
            best = Some(outcome);
        }
        if budget.over() || exact {
            break;
        }
    }
    let mut best = best.expect("depth 1 always runs");
    best.resolutions = resolutions;
    best.time = start.elapsed();
    best
}

/// The search to `depth` turns (1: the cells valued statically). `exhaustive`: once the
/// cells that matter are deepened, go on with the others while the clock allows (the root
/// does; inner searches stop at the cells that matter). Returns the outcome and whether its
/// first round of deepening was completed.
#[allow(clippy::too_many_arguments)]
fn search_depth<S: Searchable>(
    state: &S,
    context: &Context<S>,
    settings: &Settings,
    depth: u32,
    exhaustive: bool,
    budget: Budget,
    rng: &mut SmallRng,
    progress: &mut dyn FnMut(&Solution, u64, Duration),
) -> (Outcome<S>, bool) {
    let start = Instant::now();
    let white = checked_candidates(state, Color::White, settings.candidates, rng);
    let black = checked_candidates(state, Color::Black, settings.candidates, rng);
    let (rows, cols) = (white.len(), black.len());
    let mut full = Matrix::new(rows, cols);
    let mut children: Vec<Option<S>> = vec![None; rows * cols];
    let mut resolutions = 0u64;
    let deepen = depth > 1;
    // Whether some cell leads to a position where the game goes on.
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
                    if deepen {
                        children[i * cols + j] = Some(next);
                    }
                }
            }
        }
        (r, c) = (nr, nc);
    }
    let mut matrix = full.block(r, c);
    let mut solver = Solver::new(r, c);
    let mut stop = || budget.over();
    let mut solution = solver.run(&matrix, budget.iterations, 1e-4, &mut stop);
    progress(&solution, resolutions, start.elapsed());
    // Nothing to deepen: every cell ends the game.
    let mut exact = !goes_on;
    let mut settled = !deepen;

    if deepen && !budget.over() {
        let child_settings = Settings {
            candidates: settings.child_candidates,
            ..*settings
        };
        let mut deepened = 0usize;
        let mut round = 0;
        // Rounds: deepen the cells that matter to the current solution (its support against
        // itself, and each side's best response against the other's strategy), solve again,
        // and go on while the clock allows.
        'rounds: loop {
            let open = |i: usize, j: usize| children[i * cols + j].is_some();
            let mut batch = cells_that_matter(&matrix, &solution, open);
            if batch.is_empty() && exhaustive {
                batch = remaining_cells(&solution, open);
            }
            if batch.is_empty() {
                settled = true;
                break;
            }
            for (i, j) in batch {
                if budget.over() {
                    break 'rounds;
                }
                let Some(child) = children[i * cols + j].take() else {
                    continue;
                };
                let inner = Budget {
                    deadline: budget.deadline,
                    iterations: 2_000,
                };
                let (deeper, _) = search_depth(
                    &child,
                    context,
                    &child_settings,
                    depth - 1,
                    false,
                    inner,
                    rng,
                    &mut |_, _, _| {},
                );
                resolutions += deeper.resolutions;
                // A look-ahead cut short by the clock is not trusted over the static value.
                if budget.over() {
                    break 'rounds;
                }
                // Keep the static view in the mix: one turn of candidates is a narrow look.
                let value = 0.75 * deeper.solution.value + 0.25 * matrix.get(i, j);
                matrix.set(i, j, value);
                deepened += 1;
            }
            round += 1;
            if round == 1 {
                settled = true;
            }
            // A fresh solve: the old regrets belong to the old values.
            solver = Solver::new(r, c);
            solution = solver.run(&matrix, budget.iterations, 1e-4, &mut stop);
            progress(&solution, resolutions, start.elapsed());
        }
        if deepened > 0 && solution.gap > 1e-3 {
            // The last solve may have been cut by the deadline: a few hundred more
            // iterations, a little past it.
            let grace = budget.deadline.map(|d| d + Duration::from_millis(2));
            let mut done = || grace.is_some_and(|d| Instant::now() >= d);
            solution = solver.run(&matrix, budget.iterations.min(20_000), 1e-4, &mut done);
            progress(&solution, resolutions, start.elapsed());
        }
    }
    exact &= r == rows && c == cols;
    let outcome = Outcome {
        white,
        black,
        matrix,
        solution,
        resolutions,
        time: start.elapsed(),
        exact,
    };
    (outcome, settled)
}

/// The cells not deepened yet, those of the most played rows and columns first.
fn remaining_cells(
    solution: &Solution,
    open: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut weighted: Vec<(f64, usize, usize)> = Vec::new();
    for (i, p) in solution.row.iter().enumerate() {
        for (j, q) in solution.col.iter().enumerate() {
            if open(i, j) {
                weighted.push((p + q, i, j));
            }
        }
    }
    weighted.sort_by(|a, b| b.0.total_cmp(&a.0));
    weighted.into_iter().map(|(_, i, j)| (i, j)).collect()
}

/// The cells worth a deeper look, most important first: the support of the solution
/// against itself, then each side's best reply to the other's strategy against that
/// strategy's support. Only cells `open` allows (not yet deepened) are listed.
fn cells_that_matter(
    m: &Matrix,
    solution: &Solution,
    open: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    const SUPPORT: f64 = 0.01;
    let rows: Vec<usize> = (0..m.rows())
        .filter(|&i| solution.row[i] >= SUPPORT)
        .collect();
    let cols: Vec<usize> = (0..m.cols())
        .filter(|&j| solution.col[j] >= SUPPORT)
        .collect();
    let best_row = (0..m.rows()).max_by(|&a, &b| {
        m.row_value(a, &solution.col)
            .total_cmp(&m.row_value(b, &solution.col))
    });
    let best_col = (0..m.cols()).min_by(|&a, &b| {
        m.col_value(a, &solution.row)
            .total_cmp(&m.col_value(b, &solution.row))
    });
    let mut weighted: Vec<(f64, usize, usize)> = Vec::new();
    for &i in &rows {
        for &j in &cols {
            weighted.push((solution.row[i] * solution.col[j], i, j));
        }
    }
    if let Some(b) = best_row {
        weighted.extend(cols.iter().map(|&j| (solution.col[j] * 0.5, b, j)));
    }
    if let Some(b) = best_col {
        weighted.extend(rows.iter().map(|&i| (solution.row[i] * 0.5, i, b)));
    }
    weighted.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (_, i, j) in weighted {
        if open(i, j) && !out.contains(&(i, j)) {
            out.push((i, j));
        }
    }
    out
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
