//! Seeded random DiploChess input for tests and benchmarks: random valid movement orders for
//! every piece, random positions, crowded positions and arbitrary orders of every form — the
//! input of the property tests, the random-input tests and the benchmark. A small seeded
//! generator keeps the results the same on every platform.
//!
//! Built for this crate's own unit tests, and with the `random` feature for everyone else
//! (the integration tests and the benchmark reach it as `diplo_testkit::diplochess`).

mod cycles;
mod orders;
mod positions;

pub use cycles::cycle_phase;
pub use orders::{any_order, mirror_order, moves_of, random_order_set, random_orders, split_sides};
pub use positions::{crowded_position, endgame_position, random_position};

use diplo_core::Color;

/// xorshift64*: small, fast, and good enough to pick orders.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A random colour.
pub fn random_color(rng: &mut Rng) -> Color {
    if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Shuffles a list (Fisher-Yates).
pub fn shuffle<T>(list: &mut [T], rng: &mut Rng) {
    for i in (1..list.len()).rev() {
        list.swap(i, rng.below(i + 1));
    }
}
