//! Games in which the two sides take turns, one move at a time (Diplomat Chess, Diplomatic
//! Chess): the position trait that move generation, search and the sessions share, and the
//! generic [`Game`] that adds history, repetition and records on top.

mod game;
mod perft;

pub use game::Game;
pub use perft::{divide, perft};

use crate::{Color, GameRules, Status};
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;
use thiserror::Error;

/// Why a move written as text was not played. The kinds are kept apart so that a user
/// (and a record reader) can tell a typo from a rules mistake from an unclear move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "lowercase"))]
pub enum MoveError {
    /// The text is not a move in any notation the game reads.
    #[error("cannot parse `{text}`: {reason}")]
    Parse { text: String, reason: String },
    /// The text is a well-formed move, but no legal move matches it.
    #[error("illegal move `{text}`: {reason}")]
    Illegal { text: String, reason: String },
    /// Several legal moves match the text.
    #[error("ambiguous move `{text}`: could be {candidates}")]
    Ambiguous { text: String, candidates: String },
}

/// A position of a sequential game: everything the rules need to go on from here.
///
/// Built for search: moves are small `Copy` values, legal moves go into a list the caller
/// owns (no allocation once it has grown), a position is cheap to copy (copy-make), and its
/// Zobrist hash is kept up to date by [`SequentialPosition::play`].
pub trait SequentialPosition:
    Clone + PartialEq + fmt::Display + fmt::Debug + Send + Sync + 'static
{
    /// A move as the rules see it. `Display` writes, and `FromStr` reads, the coordinate
    /// notation of `interfaces.md`, which names a move without the position.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + FromStr + Send + Sync + 'static;
    /// The rule options.
    type Rules: GameRules;
    /// Why a position string was refused.
    type ParseError: std::error::Error + Send + Sync + 'static;

    /// The standard start position under these rules.
    fn start(rules: Self::Rules) -> Self;
    /// Reads a position string (the `Display` form) under these rules.
    fn parse(text: &str, rules: Self::Rules) -> Result<Self, Self::ParseError>;
    fn rules(&self) -> Self::Rules;

    fn side_to_move(&self) -> Color;
    /// The full-move number (it grows after Black's move).
    fn fullmove(&self) -> u32;

    /// Replaces the contents of `moves` with the legal moves, in the engine's deterministic
    /// order. A position the rules have already decided (a lost last chance) has none;
    /// draws that need the history (repetition) do not empty the list.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);
    /// How many legal moves there are (perft's last ply counts without listing).
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }
    fn is_legal(&self, mv: Self::Move) -> bool;
    /// Plays a legal move (from [`SequentialPosition::legal_moves`] or
    /// [`SequentialPosition::parse_move`]); anything else leaves the position unspecified.
    fn play(&mut self, mv: Self::Move);

    /// The Zobrist hash of everything the repetition rule compares (not the move counters).
    fn hash(&self) -> u64;
    /// Whether two positions are the same for the repetition rule. The hash is compared
    /// first; this decides on an equal hash, so the rule never rests on a hash alone.
    fn same_for_repetition(&self, other: &Self) -> bool;

    /// Whether the side to move is in check (`false` in games without check).
    fn is_check(&self) -> bool;
    /// Whether a move changes the material (a capture, a suborn, a promotion): the moves a
    /// quiescence search looks at.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// The rules' verdict on this position, reached by a move, when it has now occurred
    /// `repetitions` times (this time included).
    fn status(&self, repetitions: usize) -> Status;
    /// The rules' verdict on a game's first position, which some rules judge with fewer
    /// checks than a position reached by a move.
    fn start_status(&self) -> Status {
        self.status(1)
    }
    /// Why an unfinished game is unfinished, as `diplo replay` prints it.
    fn unfinished_reason(&self) -> &'static str {
        "in progress"
    }

    /// Reads a move in any notation the game accepts (SAN or coordinates) and matches it
    /// against the legal moves.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// The canonical SAN of a legal move.
    fn san(&self, mv: Self::Move) -> String;

    /// The position after a legal move.
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play(mv);
        next
    }
}
