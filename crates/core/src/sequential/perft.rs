//! Counting the leaves of the legal move tree through [`SequentialPosition`] alone.

use super::SequentialPosition;

/// Leaf nodes of the legal move tree `depth` plies deep, bulk-counted at the last ply.
/// Positions the rules have decided have no moves, so they end their branch.
pub fn perft<P: SequentialPosition>(position: &P, depth: u32) -> u64 {
    let mut lists = vec![Vec::new(); depth as usize];
    count(position, depth, &mut lists)
}

/// Per root move, the leaf count below it (`diplo perft --divide`), in generation order.
pub fn divide<P: SequentialPosition>(position: &P, depth: u32) -> Vec<(P::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut root = Vec::new();
    position.legal_moves(&mut root);
    let mut lists = vec![Vec::new(); depth as usize - 1];
    root.into_iter()
        .map(|mv| (mv, count(&position.after(mv), depth - 1, &mut lists)))
        .collect()
}

/// `lists` holds one reusable move list per remaining ply below this one.
fn count<P: SequentialPosition>(position: &P, depth: u32, lists: &mut [Vec<P::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let (moves, below) = lists.split_first_mut().expect("one list per ply");
            position.legal_moves(moves);
            let mut total = 0;
            for &mv in moves.iter() {
                total += count(&position.after(mv), depth - 1, below);
            }
            total
        }
    }
}
