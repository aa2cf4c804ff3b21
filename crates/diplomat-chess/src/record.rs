//! Diplomat Chess game records: replaying a [`Record`] (a game writes itself with
//! [`Game::record`]).

use crate::{Game, Position, PositionParseError, SubornRule, GAME_INFO};
use diplo_core::record::position_from_tags;
use diplo_core::{GameRules, Options, Record};

pub use diplo_core::record::ReplayError;

/// Plays every move of the record from `start` (SAN or coordinates, see
/// [`crate::san::parse_move`]). Fails at the first move that cannot be read or played, and at a move
/// that follows the end of the game (checkmate, stalemate, bare kings, threefold repetition).
///
/// The record's move numbers are not compared with the position's: the error names the
/// position's own full-move number and side to move.
pub fn replay(record: &Record, start: Position) -> Result<Game, ReplayError> {
    diplo_core::record::replay(record, Game::new(start))
}

/// Why a record's tags do not describe a start position.
pub type TagError = diplo_core::record::TagError<PositionParseError>;

/// The rule options a record's `[Options "suborn=drop"]` tag gives (comma- or
/// space-separated `key=value` pairs); defaults without the tag.
pub fn options_from_tags(record: &Record) -> Result<Options, TagError> {
    diplo_core::record::options_from_tags(record, &GAME_INFO)
}

/// The start position a record describes: its `[Position]` tag (or the standard start)
/// under `options` if given (command-line options override the tag), else under the
/// record's `[Options]` tag.
pub fn start_position(record: &Record, options: Option<&Options>) -> Result<Position, TagError> {
    let rule = match options {
        Some(o) => SubornRule::from_options(o),
        None => SubornRule::from_options(&options_from_tags(record)?),
    };
    position_from_tags(
        record,
        || Position::start(rule),
        |value| Position::parse(value, rule),
    )
}
