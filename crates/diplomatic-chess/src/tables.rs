//! Small tables computed at compile time: which castling rights a square's move clears, and
//! the push-back step squares.

use board8::Bitboard;
use diplo_core::Color;

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;
pub const RANK_1: u64 = 0xFF;
pub const RANK_8: u64 = RANK_1 << 56;

/// The rank a side's pieces start on (its "first rank"), as a mask.
#[inline]
pub const fn first_rank(color: Color) -> u64 {
    match color {
        Color::White => RANK_1,
        Color::Black => RANK_8,
    }
}

/// Castling bits (as in `CastlingRights`) kept when a move starts or ends on a square:
/// a Diplomat leaving e1/e8 loses both of its side's rights, a rook leaving (or captured on)
/// a corner loses that one.
pub static CASTLE_KEEP: [u8; 64] = {
    let mut t = [15u8; 64];
    t[0] = 15 & !2; // a1: white queenside
    t[7] = 15 & !1; // h1: white kingside
    t[4] = 15 & !3; // e1
    t[56] = 15 & !8;
    t[63] = 15 & !4;
    t[60] = 15 & !12;
    t
};

/// For a Diplomat of each colour on each square, the squares one push step away: sideways,
/// backward or diagonally backward, "backward" being towards its owner's first rank.
pub static PUSH_STEPS: [[u64; 64]; 2] = [push_steps(-1), push_steps(1)];

const fn push_steps(back: i8) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let steps = [(-1, 0), (1, 0), (-1, back), (0, back), (1, back)];
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// Squares where a pushed Diplomat of `color` standing on `sq` may be put: one or two push
/// steps over empty squares (`empty` is the board after the pusher landed).
#[inline]
pub fn push_destinations(color: Color, sq: usize, empty: u64) -> u64 {
    let table = &PUSH_STEPS[color.index()];
    let first = table[sq] & empty;
    Bitboard(first).fold(first, |out, s| out | (table[s.index()] & empty))
}
