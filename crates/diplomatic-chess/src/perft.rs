//! Counting the leaves of the legal turn tree (§10.3): the shared perft through
//! [`diplo_core::SequentialPosition`].
//!
//! A turn that ends the game by losing a last chance reaches a position with no legal turns,
//! as does one that takes the last queen, so such a turn is counted and has no children.
//! Repetition and the fifty-move rule are ignored.

use crate::{Move, Position};

/// Leaf nodes of the legal turn tree `depth` plies deep, bulk-counted at the last ply.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    diplo_core::sequential::perft(pos, depth)
}

/// Per root turn, the leaf count below it (`diplo perft --divide`), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    diplo_core::sequential::divide(pos, depth)
}
