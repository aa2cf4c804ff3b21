//! The engine's view of a position, for `diplo analyse` and the server's analysis board:
//! the principal variation of the alpha-beta search in a sequential game, the mixed
//! strategy of the equilibrium search in a simultaneous one ([`crate::analyse`] makes it).

use std::fmt;
use std::time::Duration;

/// How long to think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Time(Duration),
    /// Sequential games: the search depth in plies; simultaneous games: look-ahead turns.
    Depth(u32),
    /// Sequential games: search nodes; simultaneous games: equilibrium iterations.
    Nodes(u64),
}

/// A search score from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    /// n > 0: the side to move mates (or wins by stalemate) in n moves; n < 0: it loses in -n.
    Mate(i32),
}

impl fmt::Display for Score {
    /// `cp <n>` or `mate <n>`, as in the `info` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// One completed iteration of the alpha-beta search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    /// The principal variation, in coordinate notation.
    pub pv: Vec<String>,
}

impl Iteration {
    /// Nodes per second over the iteration's time.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}

/// Progress of the equilibrium search.
#[derive(Debug, Clone, PartialEq)]
pub struct Equilibrium {
    pub iterations: u64,
    /// The expected score of the analysed side, 0 (loss) to 1 (win).
    pub value: f64,
    pub time: Duration,
    /// Adjudications done so far (matrix cells and look-ahead).
    pub resolutions: u64,
}

/// What the engine reports while it thinks.
#[derive(Debug, Clone, PartialEq)]
pub enum Info {
    Iteration(Iteration),
    Equilibrium(Equilibrium),
}

/// The engine's conclusion.
#[derive(Debug, Clone, PartialEq)]
pub enum Analysis {
    /// Sequential games: the best move (coordinate notation) and the last completed iteration.
    Line {
        best: String,
        last: Option<Iteration>,
    },
    /// Simultaneous games: the side's mixed strategy over order sets (probability, orders),
    /// most likely first, and one order set drawn from it.
    Mixed {
        summary: Equilibrium,
        strategy: Vec<(f64, Vec<String>)>,
        orders: Vec<String>,
    },
}
