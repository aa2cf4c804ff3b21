//! An exhaustive solver for short forced wins, independent of the alpha-beta search: it
//! checks the tactical suite's data (and the search's answers) by plain minimax over every
//! legal move, without pruning, tables or evaluation.

use crate::eval::Evaluate;

/// How a position without legal moves ends, for the side to move.
fn verdict<P: Evaluate>(pos: &P, moves: &[P::Move]) -> Option<i32> {
    if moves.is_empty() {
        Some(pos.terminal_score(0).signum())
    } else if pos.is_rule_draw() {
        Some(0)
    } else {
        None
    }
}

/// Whether the side to move forces a win within `n` of its own moves (repetition ignored).
pub fn forces_win<P: Evaluate>(pos: &P, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().any(|mv| move_wins(pos, mv, n))
}

/// Whether `mv` forces a win within `n` of the mover's own moves (`mv` included).
pub fn move_wins<P: Evaluate>(pos: &P, mv: P::Move, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let child = pos.after(mv);
    let mut replies = Vec::new();
    child.legal_moves(&mut replies);
    match verdict(&child, &replies) {
        Some(v) => v < 0,
        None => replies.into_iter().all(|reply| {
            let next = child.after(reply);
            let mut moves = Vec::new();
            next.legal_moves(&mut moves);
            match verdict(&next, &moves) {
                Some(v) => v > 0,
                None => moves.into_iter().any(|m| move_wins(&next, m, n - 1)),
            }
        }),
    }
}

/// Every legal move that forces a win within `n` moves.
pub fn winning_moves<P: Evaluate>(pos: &P, n: u32) -> Vec<P::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|&mv| move_wins(pos, mv, n))
        .collect()
}
