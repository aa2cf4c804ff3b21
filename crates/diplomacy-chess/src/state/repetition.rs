//! What the repetition rule compares (§8.4): the capturable en-passant squares and the
//! Zobrist hash of the repetition key.

use crate::position::Position;
use board8::{pawn_attacks, zobrist, Bitboard, Role};
use diplo_core::Color;

/// The en-passant squares where a capture is possible now (what the repetition rule
/// compares, §8.4).
pub(super) fn capturable_en_passant(pos: &Position) -> u64 {
    let mut ep = 0;
    for sq in Bitboard(pos.en_passant) {
        let capturer = if sq.rank() == 5 {
            Color::White
        } else {
            Color::Black
        };
        if pawn_attacks(!capturer, sq) & pos.board.pieces(capturer, Role::Pawn) != 0 {
            ep |= sq.bit();
        }
    }
    ep
}

/// The Zobrist hash of the repetition key: placement, castling rights, capturable
/// en-passant squares. The placement part is [`board8::Board::zobrist`], summed over the
/// pieces rather than the squares.
pub(super) fn repetition_hash(pos: &Position) -> u64 {
    let board = &pos.board;
    let mut hash = zobrist::castling(pos.castling.bits());
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in Bitboard(board.pieces(color, role)) {
                hash ^= zobrist::piece(color.index(), role.index(), sq.index());
            }
        }
    }
    for sq in Bitboard(capturable_en_passant(pos)) {
        hash ^= zobrist::en_passant(sq.index());
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_extends_the_board_zobrist() {
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R Kq d6 7 12",
            "4k3/8/8/8/4P3/8/8/4K3 - e3 0 1",
        ] {
            let pos: Position = text.parse().unwrap();
            let mut expected = pos.board.zobrist() ^ zobrist::castling(pos.castling.bits());
            if text.contains("d6") {
                expected ^= zobrist::en_passant(43);
            }
            assert_eq!(repetition_hash(&pos), expected, "{text}");
        }
    }
}
