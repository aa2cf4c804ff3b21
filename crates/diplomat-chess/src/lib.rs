//! Rules engine for **Diplomat Chess** (Carlos Martín-Fuertes, 2003): a 43-cell round board
//! whose centre touches all fourteen inner cells, and a Diplomat that suborns enemy pieces
//! instead of capturing them.
//!
//! The rules are those of the project's spec (`docs/rules/diplomat-chess.md`). The API is
//! pure: parse a [`Setup`] from a position string, validate it into a [`Position`], list
//! [`Position::legal_moves`], [`Position::play`] them, and let a [`Game`] keep the history
//! and tell the result. Notation ([`san`]) and game records ([`record`]) sit on top.
//!
//! ```
//! use diplomat_chess::{perft, Position, SubornRule};
//! let start = Position::start(SubornRule::Convert);
//! assert_eq!(start.to_string(), diplomat_chess::START);
//! assert_eq!(perft(&start, 1), start.legal_moves().len() as u64);
//! ```

mod cell;
pub mod describe;
mod game;
mod geometry;
mod moves;
mod perft;
mod piece;
mod position;
pub mod record;
pub mod san;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod tables;

pub use cell::{Cell, CellParseError, CellSet};
pub use game::{Game, GAME_INFO};
pub use moves::{Coordinate, CoordinateParseError, Move};
pub use perft::{divide, perft};
pub use piece::{Piece, Role, SubornRule};
pub use position::{MoveList, Position, PositionError, PositionParseError};
pub use setup::{Hand, Setup, SetupParseError};

/// The start position string.
pub const START: &str = "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 1";
