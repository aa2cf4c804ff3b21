//! The `greedy` baseline: the best mean reply to a uniformly random opponent, one turn deep.

use super::one_turn::cell_value;
use super::{checked_candidates, Candidate, Context, Searchable};
use diplo_core::Color;
use rand::rngs::SmallRng;
use rand::Rng;
use std::time::Instant;

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
