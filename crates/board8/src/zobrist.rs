//! Zobrist keys for 8x8 positions, computed at compile time: one key per (colour, role index,
//! square), for the side to move, for each castling-rights value and for each en-passant
//! square. Role indices are 0..6, so a game with its own six roles (Diplomatic Chess's
//! Diplomat) uses the same table.

/// The SplitMix64 step: a fixed, well-mixed sequence, so hashes are the same on every run.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix(state);
        state = next;
        out[i] = key;
        i += 1;
    }
    out
}

const PIECE_KEYS: [u64; 2 * 6 * 64] = keys(0x0D1B_10C4_E550_0001);
const CASTLING_KEYS: [u64; 16] = keys(0x0D1B_10C4_E550_0002);
const EN_PASSANT_KEYS: [u64; 64] = keys(0x0D1B_10C4_E550_0003);

/// The key of the side to move being Black.
pub const BLACK_TO_MOVE: u64 = splitmix(0x0D1B_10C4_E550_0004).1;

/// The key of a piece: colour index (0 White, 1 Black), role index (0..6), square index.
#[inline]
pub const fn piece(color: usize, role: usize, square: usize) -> u64 {
    PIECE_KEYS[(color * 6 + role) * 64 + square]
}

/// The key of a castling-rights value (its four bits).
#[inline]
pub const fn castling(bits: u8) -> u64 {
    CASTLING_KEYS[(bits & 15) as usize]
}

/// The key of an en-passant square.
#[inline]
pub const fn en_passant(square: usize) -> u64 {
    EN_PASSANT_KEYS[square]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = PIECE_KEYS.to_vec();
        all.extend(&CASTLING_KEYS[1..]);
        all.extend(EN_PASSANT_KEYS);
        all.push(BLACK_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(all.iter().all(|&k| k != 0));
    }
}
