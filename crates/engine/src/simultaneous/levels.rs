//! The level table of the simultaneous games, in one place (documented in
//! `docs/engine-simultaneous.md`).
//!
//! A level sets the default time per phase, how many candidate order sets each side gets,
//! how many turns the look-ahead may search (with how many candidates one turn on, and how
//! many adjudications it may spend), the cap on regret-matching iterations, and the noise:
//! the share of uniform play mixed into the drawn strategy, which makes the low levels
//! weaker.

/// What one level does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Default time per phase in milliseconds (`@ms=N` replaces it).
    pub movetime_ms: u64,
    /// Candidate order sets per side at the root.
    pub candidates: usize,
    /// How many turns the search looks at: 1, the cells valued statically; 2, the cells
    /// that matter valued by the equilibrium one turn further on; and so on. Deepening is
    /// iterative, so the clock decides how far a search gets.
    pub depth: u32,
    /// Candidate sets per side in the look-ahead (twice as many in the second pass of a
    /// two-turn level).
    pub child_candidates: usize,
    /// The most adjudications the look-ahead may start on (the root's one-turn matrix is
    /// always filled; [`UNCAPPED`]: the clock alone stops it). *Why:* past a few hundred
    /// milliseconds a phase more time buys little, so the levels below the top one are set
    /// apart by how much they search, not by their clock: a capped level plays the same
    /// whatever the machine or the `@ms=` time, as long as the clock does not stop it first.
    pub lookahead_resolutions: Cap,
    /// The most regret-matching+ iterations at the root.
    pub iterations: u64,
    /// The share of uniform play mixed into the drawn strategy (0 = the equilibrium itself).
    pub noise: f64,
    /// How much the engine expects the other side to play myopically (the best order set
    /// against a random opponent): the weight of that model in the restricted game it
    /// solves at the root (0 = the equilibrium itself; see `docs/engine-simultaneous.md`).
    pub model_weight: f64,
}

/// A look-ahead cap in adjudications, per game. *Why per game:* the look-ahead's worth
/// flattens much sooner in DiploChess than in Diplomacy Chess, so a cap that leaves a clear
/// step on both sides of level 7 in one game does not in the other
/// (`docs/engine-simultaneous.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cap {
    pub diplomacy_chess: u64,
    pub diplochess: u64,
}

impl Cap {
    /// The same cap in both games.
    pub const fn both(resolutions: u64) -> Cap {
        Cap {
            diplomacy_chess: resolutions,
            diplochess: resolutions,
        }
    }
}

/// Levels 1 to 8.
pub const LEVELS: [Settings; 8] = [
    level(50, 3, 1, 0, NONE, 100, 0.7, 0.0),
    level(100, 8, 1, 0, NONE, 300, 0.3, 0.0),
    level(150, 10, 1, 0, NONE, 1_000, 0.15, 0.0),
    level(250, 14, 1, 0, NONE, 2_000, 0.04, 0.0),
    level(400, 22, 1, 0, NONE, 5_000, 0.0, MODEL_WEIGHT),
    level(700, 24, 2, 4, Cap::both(1_200), 10_000, 0.0, MODEL_WEIGHT),
    level(
        1_200,
        24,
        2,
        6,
        Cap {
            diplomacy_chess: 20_000,
            diplochess: 10_000,
        },
        20_000,
        0.0,
        MODEL_WEIGHT,
    ),
    level(
        1_000,
        36,
        4,
        10,
        Cap::both(UNCAPPED),
        50_000,
        0.0,
        MODEL_WEIGHT,
    ),
];

/// No cap on the look-ahead's adjudications: the clock alone stops it.
pub const UNCAPPED: u64 = u64::MAX;

/// The cap of the levels that do not look ahead.
const NONE: Cap = Cap::both(0);

#[allow(clippy::too_many_arguments)]
const fn level(
    movetime_ms: u64,
    candidates: usize,
    depth: u32,
    child_candidates: usize,
    lookahead_resolutions: Cap,
    iterations: u64,
    noise: f64,
    model_weight: f64,
) -> Settings {
    Settings {
        movetime_ms,
        candidates,
        depth,
        child_candidates,
        lookahead_resolutions,
        iterations,
        noise,
        model_weight,
    }
}

/// The weight of the myopic opponent model at the levels that use it.
pub const MODEL_WEIGHT: f64 = 0.6;

/// The settings of `level` (1 to 8; out-of-range levels are clamped).
pub fn settings(level: u8) -> Settings {
    LEVELS[usize::from(level.clamp(1, 8)) - 1]
}

/// The `greedy` baseline: its candidate count per side (its own and the uniform opponent's)
/// and default time.
pub const GREEDY_CANDIDATES: usize = 24;
pub const GREEDY_MOVETIME_MS: u64 = 200;

/// How much less than one half an engine player counts a draw (repetition, fifty turns):
/// it takes one only when it judges itself clearly worse. Analysis counts draws as one half.
pub const CONTEMPT: f64 = 0.15;
