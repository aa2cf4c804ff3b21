//! Two-player zero-sum matrix games and their approximate equilibria by regret matching+.
//!
//! Entries are the row player's (White's) expected score, 0 to 1; the column player
//! (Black) scores one minus the entry. The solver is CFR+ on a one-shot game: alternating
//! regret-matching+ updates with linearly weighted strategy averages, which converges to an
//! equilibrium much faster than plain regret matching and needs no tuning.

/// A payoff matrix, row-major, `rows × cols`.
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    cells: Vec<f64>,
}

impl Matrix {
    /// A matrix of zeros.
    pub fn new(rows: usize, cols: usize) -> Matrix {
        Matrix {
            rows,
            cols,
            cells: vec![0.0; rows * cols],
        }
    }

    /// The matrix of `rows` (each of the same length; a ragged input is cut to the shortest).
    pub fn from_rows(rows: &[Vec<f64>]) -> Matrix {
        let cols = rows.iter().map(Vec::len).min().unwrap_or(0);
        let mut m = Matrix::new(rows.len(), cols);
        for (i, row) in rows.iter().enumerate() {
            for (j, &v) in row.iter().take(cols).enumerate() {
                m.set(i, j, v);
            }
        }
        m
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn get(&self, row: usize, col: usize) -> f64 {
        self.cells[row * self.cols + col]
    }

    pub fn set(&mut self, row: usize, col: usize, value: f64) {
        self.cells[row * self.cols + col] = value;
    }

    /// The top-left `rows × cols` block.
    pub fn block(&self, rows: usize, cols: usize) -> Matrix {
        let (rows, cols) = (rows.min(self.rows), cols.min(self.cols));
        let mut m = Matrix::new(rows, cols);
        for i in 0..rows {
            for j in 0..cols {
                m.set(i, j, self.get(i, j));
            }
        }
        m
    }

    /// The row player's expected score when the rows are played with `row` and the columns
    /// with `col`.
    pub fn value(&self, row: &[f64], col: &[f64]) -> f64 {
        let mut total = 0.0;
        for (i, &p) in row.iter().enumerate().take(self.rows) {
            if p == 0.0 {
                continue;
            }
            let line = &self.cells[i * self.cols..(i + 1) * self.cols];
            total += p * line.iter().zip(col).map(|(v, q)| v * q).sum::<f64>();
        }
        total
    }

    /// The best score the row player can get against `col` (a best response's value).
    pub fn best_row_against(&self, col: &[f64]) -> f64 {
        (0..self.rows)
            .map(|i| self.row_value(i, col))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The lowest score the column player can hold the row player to against `row`.
    pub fn best_col_against(&self, row: &[f64]) -> f64 {
        (0..self.cols)
            .map(|j| self.col_value(j, row))
            .fold(f64::INFINITY, f64::min)
    }

    /// Row `i`'s expected score against the column strategy `col`.
    pub fn row_value(&self, i: usize, col: &[f64]) -> f64 {
        let line = &self.cells[i * self.cols..(i + 1) * self.cols];
        line.iter().zip(col).map(|(v, q)| v * q).sum()
    }

    /// Column `j`'s expected score (for the row player) against the row strategy `row`.
    pub fn col_value(&self, j: usize, row: &[f64]) -> f64 {
        (0..self.rows).map(|i| row[i] * self.get(i, j)).sum()
    }
}

/// Opponent models and the restricted games that exploit them (a restricted Nash response,
/// Johanson, Zinkevich and Bowling 2007): the other side plays the model with probability
/// `weight` and anything it likes otherwise. Solving the restricted game gives a strategy that
/// scores more against an opponent close to the model, while a best response can take at
/// most `weight` times the payoff range more from it than from an equilibrium.
impl Matrix {
    /// The rows' myopic choice: uniform over the rows with the best mean against uniformly
    /// played columns (a "level-1" player, who expects the other side to play at random).
    pub fn myopic_rows(&self) -> Vec<f64> {
        let means: Vec<f64> = (0..self.rows)
            .map(|i| (0..self.cols).map(|j| self.get(i, j)).sum::<f64>())
            .collect();
        uniform_over_best(&means, |a, b| a > b)
    }

    /// The columns' myopic choice (they minimise the rows' score).
    pub fn myopic_cols(&self) -> Vec<f64> {
        let means: Vec<f64> = (0..self.cols)
            .map(|j| (0..self.rows).map(|i| self.get(i, j)).sum::<f64>())
            .collect();
        uniform_over_best(&means, |a, b| a < b)
    }

    /// The game the rows face when the columns play `model` with probability `weight`.
    pub fn restricted_for_rows(&self, model: &[f64], weight: f64) -> Matrix {
        let mut m = self.clone();
        for i in 0..self.rows {
            let fixed = self.row_value(i, model);
            for j in 0..self.cols {
                m.set(i, j, weight * fixed + (1.0 - weight) * self.get(i, j));
            }
        }
        m
    }

    /// The game the columns face when the rows play `model` with probability `weight`.
    pub fn restricted_for_cols(&self, model: &[f64], weight: f64) -> Matrix {
        let mut m = self.clone();
        for j in 0..self.cols {
            let fixed = self.col_value(j, model);
            for i in 0..self.rows {
                m.set(i, j, weight * fixed + (1.0 - weight) * self.get(i, j));
            }
        }
        m
    }
}

/// Uniform over the indexes whose value no other beats by more than a rounding error.
fn uniform_over_best(values: &[f64], better: impl Fn(f64, f64) -> bool) -> Vec<f64> {
    let Some(best) = values
        .iter()
        .copied()
        .reduce(|a, b| if better(b, a) { b } else { a })
    else {
        return Vec::new();
    };
    let ties: Vec<bool> = values.iter().map(|v| (v - best).abs() <= 1e-9).collect();
    let count = ties.iter().filter(|t| **t).count() as f64;
    ties.iter()
        .map(|&t| if t { 1.0 / count } else { 0.0 })
        .collect()
}

/// A pair of mixed strategies and how far from an equilibrium it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    pub row: Vec<f64>,
    pub col: Vec<f64>,
    /// The row player's expected score with both strategies played.
    pub value: f64,
    /// The sum of what each side would gain by a best response (0 at an equilibrium).
    pub gap: f64,
    pub iterations: u64,
}

/// Regret-matching+ state, kept so that a search can go on from where it stopped after the
/// matrix grew or some cells changed.
#[derive(Debug, Clone)]
pub struct Solver {
    row_regret: Vec<f64>,
    col_regret: Vec<f64>,
    row_sum: Vec<f64>,
    col_sum: Vec<f64>,
    iterations: u64,
}

/// How often (in iterations) the solver measures its gap to decide whether to stop early.
const GAP_EVERY: u64 = 64;

impl Solver {
    pub fn new(rows: usize, cols: usize) -> Solver {
        Solver {
            row_regret: vec![0.0; rows],
            col_regret: vec![0.0; cols],
            row_sum: vec![0.0; rows],
            col_sum: vec![0.0; cols],
            iterations: 0,
        }
    }

    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Runs up to `iterations` CFR+ iterations on `m` (whose shape must be the solver's),
    /// stopping early once the averaged strategies are within `tolerance` of an equilibrium
    /// or `stop()` says so (checked every few iterations).
    pub fn run(
        &mut self,
        m: &Matrix,
        iterations: u64,
        tolerance: f64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Solution {
        let (rows, cols) = (m.rows(), m.cols());
        assert_eq!(self.row_regret.len(), rows, "solver shape");
        assert_eq!(self.col_regret.len(), cols, "solver shape");
        let mut row_now = vec![0.0; rows];
        let mut col_now = vec![0.0; cols];
        let mut utility = vec![0.0; rows.max(cols)];
        for done in 0..iterations {
            // Rows: regret against the current column strategy.
            regret_matching(&self.col_regret, &mut col_now);
            regret_matching(&self.row_regret, &mut row_now);
            for (i, u) in utility.iter_mut().enumerate().take(rows) {
                *u = m.row_value(i, &col_now);
            }
            let expected: f64 = (0..rows).map(|i| row_now[i] * utility[i]).sum();
            for (r, u) in self.row_regret.iter_mut().zip(&utility) {
                *r = (*r + u - expected).max(0.0);
            }
            regret_matching(&self.row_regret, &mut row_now);
            // Columns, alternating: against the rows' updated strategy (they minimise).
            for (j, u) in utility.iter_mut().enumerate().take(cols) {
                *u = m.col_value(j, &row_now);
            }
            let expected: f64 = (0..cols).map(|j| col_now[j] * utility[j]).sum();
            for (r, u) in self.col_regret.iter_mut().zip(&utility) {
                *r = (*r + expected - u).max(0.0);
            }
            self.iterations += 1;
            // Linear averaging: later (better) iterates weigh more.
            let weight = self.iterations as f64;
            for (sum, p) in self.row_sum.iter_mut().zip(&row_now) {
                *sum += weight * p;
            }
            regret_matching(&self.col_regret, &mut col_now);
            for (sum, q) in self.col_sum.iter_mut().zip(&col_now) {
                *sum += weight * q;
            }
            if (done + 1) % GAP_EVERY == 0 {
                if self.solution(m).gap <= tolerance {
                    break;
                }
                if stop() {
                    break;
                }
            }
        }
        self.solution(m)
    }

    /// The averaged strategies so far.
    pub fn solution(&self, m: &Matrix) -> Solution {
        let row = normalised(&self.row_sum);
        let col = normalised(&self.col_sum);
        let value = m.value(&row, &col);
        let gap = m.best_row_against(&col) - m.best_col_against(&row);
        Solution {
            row,
            col,
            value,
            gap,
            iterations: self.iterations,
        }
    }
}

/// Solves `m` from scratch: at most `iterations` iterations, or until within `tolerance`.
pub fn solve(m: &Matrix, iterations: u64, tolerance: f64) -> Solution {
    if m.rows() == 0 || m.cols() == 0 {
        return Solution {
            row: vec![1.0; m.rows().min(1)],
            col: vec![1.0; m.cols().min(1)],
            value: 0.5,
            gap: 0.0,
            iterations: 0,
        };
    }
    Solver::new(m.rows(), m.cols()).run(m, iterations, tolerance, &mut || false)
}

/// The strategy proportional to the positive regrets, uniform when none is positive.
fn regret_matching(regret: &[f64], out: &mut [f64]) {
    let total: f64 = regret.iter().sum();
    if total > 0.0 {
        for (o, r) in out.iter_mut().zip(regret) {
            *o = r / total;
        }
    } else {
        let uniform = 1.0 / regret.len().max(1) as f64;
        out.iter_mut().for_each(|o| *o = uniform);
    }
}

/// `weights` scaled to sum to one (uniform when they are all zero).
fn normalised(weights: &[f64]) -> Vec<f64> {
    let total: f64 = weights.iter().sum();
    if total > 0.0 {
        weights.iter().map(|w| w / total).collect()
    } else {
        vec![1.0 / weights.len().max(1) as f64; weights.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_pennies_is_one_half_each() {
        let m = Matrix::from_rows(&[vec![1.0, 0.0], vec![0.0, 1.0]]);
        let s = solve(&m, 10_000, 1e-6);
        assert!((s.value - 0.5).abs() < 1e-3, "{s:?}");
        assert!((s.row[0] - 0.5).abs() < 1e-2 && (s.col[0] - 0.5).abs() < 1e-2);
    }

    #[test]
    fn a_dominant_row_is_played_for_sure() {
        let m = Matrix::from_rows(&[vec![0.9, 0.8], vec![0.2, 0.1]]);
        let s = solve(&m, 10_000, 1e-6);
        assert!(s.row[0] > 0.99 && s.col[1] > 0.99, "{s:?}");
        assert!((s.value - 0.8).abs() < 1e-3);
    }

    #[test]
    fn a_restricted_response_exploits_a_myopic_model_within_its_bound() {
        // The columns' myopic favourite is the one with the lowest mean against uniform rows.
        let m = Matrix::from_rows(&[vec![0.5, 0.5, 0.5], vec![1.0, 0.0, 1.0]]);
        assert_eq!(m.myopic_cols(), vec![0.0, 1.0, 0.0]);
        assert_eq!(m.myopic_rows(), vec![0.0, 1.0]);
        // Against a model that plays column 0, row 0 is right; the equilibrium agrees. Now
        // a model the equilibrium does not expect: rows do best by leaving the safe row.
        let m = Matrix::from_rows(&[vec![0.5, 0.5], vec![1.0, 0.3]]);
        let equilibrium = solve(&m, 20_000, 1e-6);
        assert!(equilibrium.row[0] > 0.99, "{equilibrium:?}");
        let model = [1.0, 0.0];
        let restricted = solve(&m.restricted_for_rows(&model, 0.5), 20_000, 1e-6);
        assert!(restricted.row[1] > 0.99, "{restricted:?}");
        // What it concedes to a best response is within weight × range (0.5 × 0.7).
        let conceded = equilibrium.value - m.best_col_against(&restricted.row);
        assert!(conceded <= 0.5 * 0.7 + 1e-9, "{conceded}");
        // The columns' side of the same construction.
        let restricted = solve(&m.restricted_for_cols(&[0.0, 1.0], 0.9), 20_000, 1e-6);
        assert!(restricted.col[1] > 0.99, "{restricted:?}");
    }

    #[test]
    fn rock_paper_scissors_is_uniform() {
        let m = Matrix::from_rows(&[
            vec![0.5, 0.0, 1.0],
            vec![1.0, 0.5, 0.0],
            vec![0.0, 1.0, 0.5],
        ]);
        let s = solve(&m, 20_000, 1e-5);
        assert!(s.gap < 1e-3, "{s:?}");
        for p in s.row.iter().chain(&s.col) {
            assert!((p - 1.0 / 3.0).abs() < 0.02, "{s:?}");
        }
    }
}
