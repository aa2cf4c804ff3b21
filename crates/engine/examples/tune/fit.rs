//! Texel fitting: the expected score of a position is sigmoid(K·eval/400) with the
//! base-10 logistic, the loss is the mean cross-entropy against the game results, K is fitted
//! first, then the integer weights by coordinate descent.

/// Positions as feature columns (one column per feature) and their results (white's score).
pub struct Data {
    pub columns: Vec<Vec<i32>>,
    pub results: Vec<f64>,
}

impl Data {
    pub fn new(features: usize) -> Data {
        Data {
            columns: vec![Vec::new(); features],
            results: Vec::new(),
        }
    }

    pub fn push(&mut self, features: &[i32], result: f64) {
        for (column, &f) in self.columns.iter_mut().zip(features) {
            column.push(f);
        }
        self.results.push(result);
    }

    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// White's evaluation of every position under `weights`.
    pub fn evals(&self, weights: &[i32]) -> Vec<f64> {
        let mut evals = vec![0.0; self.len()];
        for (column, &w) in self.columns.iter().zip(weights) {
            for (e, &f) in evals.iter_mut().zip(column) {
                *e += f64::from(w) * f64::from(f);
            }
        }
        evals
    }
}

/// The expected score of an evaluation.
#[inline]
fn expected(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

#[inline]
fn cross_entropy(result: f64, p: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
}

/// The mean loss of evaluations against results.
pub fn loss(evals: &[f64], results: &[f64], k: f64) -> f64 {
    let total: f64 = evals
        .iter()
        .zip(results)
        .map(|(&e, &r)| cross_entropy(r, expected(k, e)))
        .sum();
    total / evals.len().max(1) as f64
}

/// The K that minimises the loss (golden-section search; the loss is unimodal in K).
pub fn fit_k(evals: &[f64], results: &[f64]) -> f64 {
    let (mut low, mut high) = (0.01f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss(evals, results, a) < loss(evals, results, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Coordinate descent on integer weights at fixed K: each free weight in turn moves by
/// ±step while that lowers the loss; the step halves from `first_step` down to 1 once a
/// whole pass changes nothing. Weights listed in `fixed` keep their value (the pawn, which
/// anchors the centipawn scale).
pub fn descend(data: &Data, start: &[i32], k: f64, fixed: &[usize], first_step: i32) -> Vec<i32> {
    let mut weights = start.to_vec();
    let mut evals = data.evals(&weights);
    let mut best = loss(&evals, &data.results, k);
    let mut trial = vec![0.0; evals.len()];
    let mut step = first_step.max(1);
    loop {
        let mut moved = false;
        for (i, weight) in weights.iter_mut().enumerate() {
            if fixed.contains(&i) {
                continue;
            }
            for direction in [1, -1] {
                let delta = direction * step;
                // Keep going while the same move keeps helping.
                loop {
                    for ((t, &e), &f) in trial.iter_mut().zip(&evals).zip(&data.columns[i]) {
                        *t = e + f64::from(delta) * f64::from(f);
                    }
                    let l = loss(&trial, &data.results, k);
                    if l + 1e-12 < best {
                        best = l;
                        *weight += delta;
                        std::mem::swap(&mut evals, &mut trial);
                        moved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        if !moved {
            if step == 1 {
                return weights;
            }
            step /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descent_recovers_a_known_weight() {
        // Results drawn as the expected score of 2·feature at K = 1: the fit must find
        // a weight near 2 times the scale, and lower the loss from a wrong start.
        let mut data = Data::new(1);
        for f in -200..=200 {
            data.push(&[f], expected(1.0, f64::from(2 * f)));
        }
        let weights = descend(&data, &[0], 1.0, &[], 8);
        assert!((weights[0] - 2).abs() <= 1, "{weights:?}");
        let before = loss(&data.evals(&[0]), &data.results, 1.0);
        let after = loss(&data.evals(&weights), &data.results, 1.0);
        assert!(after < before);
        let k = fit_k(&data.evals(&[2]), &data.results);
        assert!((k - 1.0).abs() < 0.01, "{k}");
    }
}
