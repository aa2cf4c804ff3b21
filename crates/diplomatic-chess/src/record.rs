//! Diplomatic Chess game records: replaying a [`Record`] and the `result:` line of
//! `diplo replay` (a game writes itself with [`Game::record`]).

use crate::{Game, Position, PositionParseError, Rules, GAME_INFO};
use diplo_core::record::position_from_tags;
use diplo_core::{Options, Record};

pub use diplo_core::record::ReplayError;

/// Plays every move of the record from `start`. Fails at the first move that cannot be
/// read or played, and at a move after the end of the game (§9.6).
pub fn replay(record: &Record, start: Position) -> Result<Game, ReplayError> {
    diplo_core::record::replay(record, Game::new(start))
}

/// The line `diplo replay` prints after `result: ` (§10.2): always the rules' result, the
/// record's own result token is ignored; `* (last chance)` or `* (in progress)` while the
/// rules have not ended the game.
pub fn result_line(game: &Game) -> String {
    match game.result() {
        Some(r) => r.to_string(),
        None => format!("* ({})", game.unfinished_reason()),
    }
}

/// Why a record's tags do not describe a start position.
pub type TagError = diplo_core::record::TagError<PositionParseError>;

/// The options of a record's `[Options "push-back=on extended-pawns=on"]` tag (space- or
/// comma-separated `key=value` pairs); defaults without the tag.
pub fn options_from_tags(record: &Record) -> Result<Options, TagError> {
    diplo_core::record::options_from_tags(record, &GAME_INFO)
}

/// The start position a record describes: its `[Position]` tag (or the standard start)
/// under `options` if given (the caller merged the command line over the tag), else under
/// the record's `[Options]` tag.
pub fn start_position(record: &Record, options: Option<&Options>) -> Result<Position, TagError> {
    let rules = match options {
        Some(o) => Rules::from_options(o),
        None => Rules::from_options(&options_from_tags(record)?),
    };
    position_from_tags(
        record,
        || Position::start(rules),
        |value| Position::parse(value, rules),
    )
}
