//! The end of the game: checkmate and stalemate at the start of a turn (§8.1), automatic
//! draws after it (§8.4).

use crate::position::Position;
use crate::validity::{has_fide_move, in_check};
use board8::{Bitboard, Role};
use diplo_core::{Color, EndReason, GameResult, Outcome};

fn result(outcome: Outcome, reason: EndReason) -> GameResult {
    GameResult { outcome, reason }
}

/// §8.1: each player as if it were their turn in FIDE chess.
pub fn mate_or_stalemate(pos: &Position) -> Option<GameResult> {
    let mut mated = [false; 2];
    let mut stalemated = false;
    for color in Color::ALL {
        if !has_fide_move(pos, color) {
            if in_check(pos, color) {
                mated[color.index()] = true;
            } else {
                stalemated = true;
            }
        }
    }
    match mated {
        [true, true] => Some(result(Outcome::Draw, EndReason::DoubleCheckmate)),
        [true, false] => Some(result(Outcome::Win(Color::Black), EndReason::Checkmate)),
        [false, true] => Some(result(Outcome::Win(Color::White), EndReason::Checkmate)),
        [false, false] if stalemated => Some(result(Outcome::Draw, EndReason::Stalemate)),
        _ => None,
    }
}

/// K v K, K+B v K, K+N v K, and K+B v K+B with both bishops on one square colour.
pub fn insufficient_material(pos: &Position) -> bool {
    let b = &pos.board;
    let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
    if heavy != 0 {
        return false;
    }
    let minors = |c: Color| b.pieces(c, Role::Bishop) | b.pieces(c, Role::Knight);
    let (w, bl) = (minors(Color::White), minors(Color::Black));
    match (w.count_ones(), bl.count_ones()) {
        (0, 0) | (1, 0) | (0, 1) => true,
        (1, 1) => {
            let bishops = b.by_role(Role::Bishop);
            if bishops.count_ones() != 2 {
                return false;
            }
            let light: Vec<bool> = Bitboard(bishops).map(|s| s.is_light()).collect();
            light[0] == light[1]
        }
        _ => false,
    }
}

/// The draws judged after a turn (step), given how often the position has now occurred.
pub fn automatic_draw(pos: &Position, occurrences: usize) -> Option<GameResult> {
    if insufficient_material(pos) {
        Some(result(Outcome::Draw, EndReason::InsufficientMaterial))
    } else if occurrences >= 3 {
        Some(result(Outcome::Draw, EndReason::ThreefoldRepetition))
    } else if pos.clock >= 50 {
        Some(result(Outcome::Draw, EndReason::FiftyMoveRule))
    } else {
        None
    }
}
