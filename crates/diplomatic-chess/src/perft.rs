//! Counting the leaves of the legal turn tree (§10.3).

use crate::{Move, Position};

/// Whether the turn `mv` from `pos` ends the game by losing the last chance: the mover
/// faced the other side's invasion and did not both capture one of its queens and break it.
pub(crate) fn loses_last_chance(pos: &Position, next: &Position) -> bool {
    if !pos.last_chance_pending() {
        return false;
    }
    let invader = !pos.side_to_move();
    let captured_queen = next.pieces(invader, crate::Role::Queen).count_ones()
        < pos.pieces(invader, crate::Role::Queen).count_ones();
    !captured_queen || next.has_invasion(invader)
}

/// Leaf nodes of the legal turn tree `depth` plies deep, bulk-counted at the last ply. A turn
/// that ends the game (a lost last chance, the last queen gone) has no children; repetition
/// and the fifty-move rule are ignored.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let pending = pos.last_chance_pending();
            pos.legal_moves()
                .into_iter()
                .map(|mv| {
                    let next = pos.after(mv);
                    if pending && loses_last_chance(pos, &next) {
                        0
                    } else {
                        perft(&next, depth - 1)
                    }
                })
                .sum()
        }
    }
}

/// Per root turn, the leaf count below it (`diplo perft --divide`).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let pending = pos.last_chance_pending();
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let next = pos.after(mv);
            let n = if depth > 1 && pending && loses_last_chance(pos, &next) {
                0
            } else {
                perft(&next, depth - 1)
            };
            (mv, n)
        })
        .collect()
}
