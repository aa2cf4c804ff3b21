//! Counting the leaves of the legal move tree.

use crate::{Move, Position};

/// Leaf nodes of the legal move tree `depth` plies deep (bulk-counted at the last ply).
/// Draw rules do not stop the tree; a position without legal moves is a leaf only at depth 0.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| perft(&position.after(mv), depth - 1))
            .sum(),
    }
}

/// Per root move, the leaf count below it (`diplo perft --divide`).
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&position.after(mv), depth - 1)))
        .collect()
}
