//! Mixed strategies over candidates: a draw from one, and a block's strategy spread back
//! over every candidate or restricted to a block.

use rand::rngs::SmallRng;
use rand::Rng;

/// A block strategy over `at` spread back over all `n` candidates.
pub(super) fn spread(strategy: &[f64], at: &[usize], n: usize) -> Vec<f64> {
    let mut full = vec![0.0; n];
    for (&k, &p) in at.iter().zip(strategy) {
        full[k] = p;
    }
    full
}

/// `strategy` restricted to the indexes `at` and scaled back to sum 1 (uniform over `at`
/// when it puts nothing there).
pub(super) fn restrict(strategy: &[f64], at: &[usize]) -> Vec<f64> {
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
