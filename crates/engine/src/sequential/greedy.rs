//! The `greedy` baseline: one ply, the best immediate material gain (an immediate win
//! first), ties at random.

use crate::eval::{Evaluate, MATE_BOUND};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

/// The greedy player's move, `None` when there is no legal move.
pub fn choose<P: Evaluate>(pos: &P, rng: &mut SmallRng) -> Option<P::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut children = Vec::new();
    let scored: Vec<(i32, P::Move)> = moves
        .iter()
        .map(|&mv| {
            let child = pos.after(mv);
            child.legal_moves(&mut children);
            let score = if children.is_empty() {
                // The rules end the game here: a win for the mover, a loss or a draw.
                -child.terminal_score(1)
            } else {
                pos.gain(mv)
            };
            (score.clamp(-MATE_BOUND * 2, MATE_BOUND * 2), mv)
        })
        .collect();
    let best = scored.iter().map(|(s, _)| *s).max()?;
    let ties: Vec<P::Move> = scored
        .iter()
        .filter(|(s, _)| *s == best)
        .map(|(_, m)| *m)
        .collect();
    ties.choose(rng).copied()
}
