//! The one-turn equilibrium search, the same for both games: candidate order sets for each
//! side, a payoff matrix whose cells are adjudicated and evaluated, an approximate
//! equilibrium of it by regret matching+, then (time permitting) a look-ahead that values
//! blocks of the most likely cells by the equilibrium of the position they lead to.

mod candidates;
mod greedy;
mod history;
mod lookahead;
mod one_turn;
mod outcome;
mod passes;
mod strategy;
#[cfg(test)]
mod tests;

pub use candidates::checked_candidates;
pub use greedy::greedy;
pub use history::{history_of, SearchHistory};
pub use outcome::{terminal_value, Candidate, Outcome};
pub use strategy::draw;

use super::levels::{self, Settings};
use super::matrix::Solution;
use diplo_core::{Color, SimultaneousPosition};
use lookahead::{Deepened, Lookahead};
use one_turn::one_turn;
use passes::{passes, Growth, Pass, SPLIT_FROM};
use rand::rngs::SmallRng;
use std::time::{Duration, Instant};
use strategy::spread;

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

/// What the search knows beyond the position: the game's history (for the repetition
/// rule) and what a draw is worth to White (one half, less the contempt of an engine
/// playing White, plus that of one playing Black).
pub struct Context<'a, S> {
    pub history: &'a [S],
    pub draw: f64,
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
