//! Small helpers the two games' candidate generators share.

use board8::Square;
use rand::rngs::SmallRng;
use rand::Rng;

/// 0 on the rim to 3 in the centre of an 8x8 board.
pub(crate) fn centrality(sq: Square) -> f64 {
    let f = i32::from(sq.file());
    let r = i32::from(sq.rank());
    let d = (2 * f - 7).abs().max((2 * r - 7).abs());
    f64::from((7 - d) / 2)
}

/// An index drawn with weights exp(weight / temperature): the likeliest choices most
/// often, the others sometimes, so that candidates vary.
pub(crate) fn softmax_draw(weights: &[f64], temperature: f64, rng: &mut SmallRng) -> usize {
    let top = weights.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exp: Vec<f64> = weights
        .iter()
        .map(|w| ((w - top) / temperature).exp())
        .collect();
    let total: f64 = exp.iter().sum();
    let mut x = rng.gen::<f64>() * total;
    for (i, e) in exp.iter().enumerate() {
        if x < *e {
            return i;
        }
        x -= e;
    }
    weights.len().saturating_sub(1)
}
