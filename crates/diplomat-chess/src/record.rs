//! Diplomat Chess game records: replaying a [`Record`] and writing a [`Game`] as PGN.

use crate::{san, Game, Position, PositionParseError, SubornRule, GAME_INFO};
use diplo_core::record::{game_tags, position_from_tags, sans_from, write_record};
use diplo_core::{Options, Record};

pub use diplo_core::record::ReplayError;

/// Plays every move of the record from `start` (SAN or coordinates, see
/// [`san::parse_move`]). Fails at the first move that cannot be read or played, and at a move
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

/// The suborn rule of a set of options (the default where the option is missing or odd).
pub fn rule_of(options: &Options) -> SubornRule {
    options
        .get("suborn")
        .and_then(|v| v.parse().ok())
        .unwrap_or_default()
}

/// The start position a record describes: its `[Position]` tag (or the standard start)
/// under `options` if given (command-line options override the tag), else under the
/// record's `[Options]` tag.
pub fn start_position(record: &Record, options: Option<&Options>) -> Result<Position, TagError> {
    let rule = match options {
        Some(o) => rule_of(o),
        None => rule_of(&options_from_tags(record)?),
    };
    position_from_tags(
        record,
        || Position::start(rule),
        |value| Position::parse(value, rule),
    )
}

/// The game as canonical PGN: `[Game "diplomat-chess"]`, the extra tags in their order,
/// `[Options "suborn=…"]` when not the default, `[Position "…"]` when the game did not start
/// from the standard start, `[Result]`, then the moves in canonical SAN and the result token
/// (`*` while the rules have not ended the game).
pub fn to_pgn(game: &Game, extra_tags: &[(String, String)]) -> String {
    let token = game.result().map_or("*", |r| r.outcome.token());
    to_pgn_with_result(game, extra_tags, token)
}

/// [`to_pgn`] with a result token chosen by the caller (a resignation or an agreed draw the
/// rules do not know; see [`diplo_core::record::final_result`]).
pub fn to_pgn_with_result(game: &Game, extra_tags: &[(String, String)], token: &str) -> String {
    let start = game.start_position();
    let rule = start.rule();
    let tags = game_tags(
        GAME_INFO.id,
        extra_tags,
        (rule != SubornRule::default()).then(|| format!("suborn={rule}")),
        (*start != Position::start(rule)).then(|| start.to_string()),
        token,
    );
    let sans = sans_from(start, game.moves(), san::to_san, Position::play);
    write_record(&tags, start.fullmove(), start.side_to_move(), &sans, token)
}
