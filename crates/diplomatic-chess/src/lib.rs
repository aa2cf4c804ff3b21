//! Rules engine for **Diplomatic Chess** (Samuel Carey and Derrick Fernandez): FIDE chess on
//! 8x8 with a Diplomat instead of the King. The Diplomat can neither capture nor be captured;
//! a player wins by bringing Diplomat and Queen side by side onto the enemy's first rank and
//! surviving the defender's last chance. Three optional rules: `push-back`,
//! `extra-diplomat-move` and `extended-pawns`.
//!
//! The rules are those of `docs/rules/diplomatic-chess.md`. Parse a [`Setup`] from FEN,
//! validate it into a [`Position`], list [`Position::legal_moves`] (whole turns), play them,
//! and let a [`Game`] (the shared [`diplo_core::SequentialGame`] over [`Position`]) keep the
//! history and tell the result. Notation ([`san`]) and game records ([`record`]) sit on top.
//!
//! ```
//! use diplomatic_chess::{perft, Position, Rules};
//! let start = Position::start(Rules::default());
//! assert_eq!(start.to_string(), diplomatic_chess::START);
//! assert_eq!(perft(&start, 1), 20);
//! ```

pub mod describe;
mod game;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
pub mod record;
mod rules;
pub mod san;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod tables;

pub use game::{Game, GAME_INFO};
pub use moves::{Move, MoveParseError};
pub use perft::{divide, perft};
pub use piece::{Piece, Role};
pub use position::{Position, PositionError, PositionParseError, RepetitionKey};
pub use rules::Rules;
pub use setup::{Setup, SetupParseError};

/// The start position string.
pub const START: &str = "rnbqdbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQDBNR w KQkq - 0 1";
