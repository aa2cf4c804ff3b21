//! The engine levels for people, in one table: level 1 plays fast, shallow and noisy (a
//! beginner can beat it), level 8 is the full engine. Each level searches deeper, with
//! less noise and more time, than the one below. `@ms=N` replaces a level's time but not
//! its depth cap or noise.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Time per move when the spec gives none.
    pub movetime: Duration,
    /// The deepest iteration (plies).
    pub depth: u32,
    /// Evaluation noise in centipawns.
    pub noise: i32,
    /// Transposition table size in MB.
    pub hash_mb: usize,
}

const fn level(ms: u64, depth: u32, noise: i32, hash_mb: usize) -> Level {
    Level {
        movetime: Duration::from_millis(ms),
        depth,
        noise,
        hash_mb,
    }
}

/// Levels 1 to 8 (index 0 is level 1). Up to level 7 each level searches one ply deeper
/// with half the noise of the one below, so the steps do not depend on the machine's speed:
/// measured with time alone, 600 ms against 400 ms was no step at all (docs/engine.md).
/// Level 8 has no depth cap and reaches 2 or more plies deeper than level 7 in its time.
pub const LEVELS: [Level; 8] = [
    level(50, 1, 300, 1),
    level(100, 2, 150, 2),
    level(150, 3, 80, 4),
    level(200, 4, 40, 8),
    level(300, 5, 20, 16),
    level(400, 6, 10, 16),
    level(600, 7, 0, 32),
    level(1000, 64, 0, 64),
];

/// The table row of a level (1..=8; out-of-range levels are clamped).
pub fn level_of(level: u8) -> Level {
    LEVELS[usize::from(level.clamp(1, 8)) - 1]
}

/// The `greedy` baseline's time when none is given (it looks one ply ahead only).
pub const GREEDY_MOVETIME: Duration = Duration::from_millis(10);
