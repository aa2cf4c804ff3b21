//! The look-ahead of a search: blocks of candidates whose cells are valued by the
//! equilibrium one turn further on, grown by best replies.

use super::one_turn::OneTurn;
use super::passes::Growth;
use super::strategy::{restrict, spread};
use super::{inner_search, Budget, Candidate, Context, Outcome, Searchable};
use crate::simultaneous::levels::{self, Settings};
use crate::simultaneous::matrix::{Matrix, Solution, Solver};
use diplo_core::SimultaneousPosition;
use rand::rngs::SmallRng;
use std::time::Duration;

/// The look-ahead of a search: a block of candidates — the support of the shallower
/// equilibrium, each side's best reply to it and its myopic choice — whose every cell is
/// valued by the equilibrium one turn further on, then solved on its own. Mixing deepened
/// and shallower cells in one matrix would favour the candidates that were not looked at
/// (the static value of a capture ignores the recapture), so only whole blocks are solved.
/// The block then grows by one best reply per side at a time while the clock allows (and,
/// for a closing block, while the reply gains), judged on the shallower values (the
/// `guide`); a growth cut short is dropped.
pub(super) struct Lookahead<'a, S: SimultaneousPosition> {
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
    pub(super) resolutions: u64,
}

/// A look-ahead block's result.
pub(super) struct Deepened<S: SimultaneousPosition> {
    /// Its equilibrium over its candidates.
    pub(super) outcome: Outcome<S>,
    /// Its candidates, as indexes into the shallow search's.
    pub(super) rows: Vec<usize>,
    pub(super) cols: Vec<usize>,
    /// No best reply outside it gains, as far as the guide tells.
    pub(super) closed: bool,
}

/// The least probability that puts a candidate in the look-ahead's first block.
const SUPPORT: f64 = 0.01;

impl<'a, S: Searchable> Lookahead<'a, S> {
    pub(super) fn new(
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
    pub(super) fn with_allowance(self, allowance: u64) -> Self {
        Lookahead { allowance, ..self }
    }

    /// The deepened block, or `None` when the clock ran out before the first block was
    /// done. The block starts from the support of `seed`, an equilibrium of the guide, and
    /// grows as `growth` says while the clock allows.
    pub(super) fn run(
        &mut self,
        seed: &Solution,
        growth: Growth,
        rng: &mut SmallRng,
    ) -> Option<Deepened<S>> {
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
    pub(super) fn guide_after(&self) -> Matrix {
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
