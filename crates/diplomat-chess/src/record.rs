//! Diplomat Chess game records: replaying a [`Record`] and writing a [`Game`] as PGN.

use crate::{san, Game, Position, PositionParseError, SubornRule, GAME_INFO};
use diplo_core::record::write_record;
use diplo_core::{Color, MoveError, OptionError, Options, Record};
use std::fmt;

/// The first move of a record that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ReplayError {
    /// The full-move number of the position where the move failed.
    pub number: u32,
    /// The side to move in that position.
    pub side: Color,
    /// The move token as the record writes it.
    pub token: String,
    pub error: MoveError,
}

impl fmt::Display for ReplayError {
    /// `move 9 (black) `lx4`: illegal move: no black pawn can capture on 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}) `{}`: ", self.number, self.side, self.token)?;
        match &self.error {
            MoveError::Parse { reason, .. } => write!(f, "cannot parse: {reason}"),
            MoveError::Illegal { reason, .. } => write!(f, "illegal move: {reason}"),
            MoveError::Ambiguous { candidates, .. } => {
                write!(f, "ambiguous move: could be {candidates}")
            }
        }
    }
}

/// Plays every move of the record from `start` (SAN or coordinates, see
/// [`san::parse_move`]). Fails at the first move that cannot be read or played, and at a move
/// that follows the end of the game (checkmate, stalemate, bare kings, threefold repetition).
///
/// The record's move numbers are not compared with the position's: the error names the
/// position's own full-move number and side to move.
pub fn replay(record: &Record, start: Position) -> Result<Game, ReplayError> {
    let mut game = Game::new(start);
    for rm in &record.moves {
        let pos = game.position();
        let fail = |error| ReplayError {
            number: pos.fullmove(),
            side: pos.side_to_move(),
            token: rm.text.clone(),
            error,
        };
        if let Some(result) = game.result() {
            return Err(fail(MoveError::Illegal {
                text: rm.text.clone(),
                reason: format!("the game is already over: {result}"),
            }));
        }
        let mv = san::parse_move(pos, &rm.text).map_err(fail)?;
        game.try_play(mv).map_err(|e| {
            let pos = game.position();
            ReplayError {
                number: pos.fullmove(),
                side: pos.side_to_move(),
                token: rm.text.clone(),
                error: e,
            }
        })?;
    }
    Ok(game)
}

/// Why a record's tags do not describe a start position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TagError {
    #[error("[Options \"{value}\"]: {error}")]
    Options { value: String, error: OptionError },
    #[error("[Position \"{value}\"]: {error}")]
    Position {
        value: String,
        error: PositionParseError,
    },
}

/// The rule options a record's `[Options "suborn=drop"]` tag gives (comma- or
/// space-separated `key=value` pairs); defaults without the tag.
pub fn options_from_tags(record: &Record) -> Result<Options, TagError> {
    match record.tag("Options") {
        None => Ok(Options::defaults(&GAME_INFO)),
        Some(value) => {
            let pairs: Vec<&str> = value
                .split([',', ' '])
                .filter(|p| !p.trim().is_empty())
                .collect();
            Options::parse(&GAME_INFO, &pairs).map_err(|error| TagError::Options {
                value: value.to_string(),
                error,
            })
        }
    }
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
    match record.tag("Position") {
        None => Ok(Position::start(rule)),
        Some(value) => Position::parse(value, rule).map_err(|error| TagError::Position {
            value: value.to_string(),
            error,
        }),
    }
}

/// Tags that [`to_pgn`] writes itself; extra tags with these names are left out.
const OWN_TAGS: [&str; 4] = ["Game", "Options", "Position", "Result"];

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
    let token = token.to_string();
    let mut tags = vec![("Game".to_string(), GAME_INFO.id.to_string())];
    tags.extend(
        extra_tags
            .iter()
            .filter(|(n, _)| !OWN_TAGS.contains(&n.as_str()))
            .cloned(),
    );
    if rule != SubornRule::default() {
        tags.push(("Options".to_string(), format!("suborn={rule}")));
    }
    if *start != Position::start(rule) {
        tags.push(("Position".to_string(), start.to_string()));
    }
    tags.push(("Result".to_string(), token.clone()));
    let mut pos = start.clone();
    let mut sans = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        sans.push(san::to_san(&pos, mv));
        pos.play(mv);
    }
    write_record(&tags, start.fullmove(), start.side_to_move(), &sans, &token)
}
