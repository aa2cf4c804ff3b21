//! Diplomatic Chess game records: replaying a [`Record`] and writing a [`Game`] as PGN.

use crate::{san, Game, Position, PositionParseError, Rules, GAME_INFO};
use diplo_core::record::write_record;
use diplo_core::{Color, MoveError, OptionError, Options, Record};
use std::fmt;

/// The first move of a record that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ReplayError {
    /// The full-move number of the position where the move failed.
    pub number: u32,
    /// The side to move there.
    pub side: Color,
    /// The move token as the record writes it.
    pub token: String,
    pub error: MoveError,
}

impl fmt::Display for ReplayError {
    /// `move 9 (black) `Nf3`: illegal move: no black knight can move to f3`.
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

/// Plays every move of the record from `start`. Fails at the first move that cannot be
/// read or played, and at a move after the end of the game (§9.6).
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
        let (number, side) = (pos.fullmove(), pos.side_to_move());
        game.try_play(mv).map_err(|error| ReplayError {
            number,
            side,
            token: rm.text.clone(),
            error,
        })?;
    }
    Ok(game)
}

/// The line `diplo replay` prints after `result: ` (§10.2): always computed, the record's
/// own result token is ignored.
pub fn result_line(game: &Game) -> String {
    match game.result() {
        Some(r) => r.to_string(),
        None => format!("* ({})", game.unfinished_reason()),
    }
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

/// The options of a record's `[Options "push-back=on extended-pawns=on"]` tag (space- or
/// comma-separated `key=value` pairs); defaults without the tag.
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

/// The start position a record describes: its `[Position]` tag (or the standard start)
/// under `options` if given (the caller merged the command line over the tag), else under
/// the record's `[Options]` tag.
pub fn start_position(record: &Record, options: Option<&Options>) -> Result<Position, TagError> {
    let rules = match options {
        Some(o) => Rules::from_options(o),
        None => Rules::from_options(&options_from_tags(record)?),
    };
    match record.tag("Position") {
        None => Ok(Position::start(rules)),
        Some(value) => Position::parse(value, rules).map_err(|error| TagError::Position {
            value: value.to_string(),
            error,
        }),
    }
}

/// Tags that [`to_pgn`] writes itself.
const OWN_TAGS: [&str; 4] = ["Game", "Options", "Position", "Result"];

/// The game as canonical PGN: `[Game]`, the extra tags, `[Options]` when an option is on,
/// `[Position]` when not the standard start, `[Result]`, then the turns in canonical SAN.
pub fn to_pgn(game: &Game, extra_tags: &[(String, String)]) -> String {
    let token = game.result().map_or("*", |r| r.outcome.token());
    to_pgn_with_result(game, extra_tags, token)
}

/// [`to_pgn`] with a result token chosen by the caller (a resignation).
pub fn to_pgn_with_result(game: &Game, extra_tags: &[(String, String)], token: &str) -> String {
    let start = game.start_position();
    let rules = start.rules();
    let mut tags = vec![("Game".to_string(), GAME_INFO.id.to_string())];
    tags.extend(
        extra_tags
            .iter()
            .filter(|(n, _)| !OWN_TAGS.contains(&n.as_str()))
            .cloned(),
    );
    let on = rules.on_pairs();
    if !on.is_empty() {
        tags.push(("Options".to_string(), on.join(" ")));
    }
    if *start != Position::start(rules) {
        tags.push(("Position".to_string(), start.to_string()));
    }
    tags.push(("Result".to_string(), token.to_string()));
    let mut pos = start.clone();
    let mut sans = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        sans.push(san::to_san(&pos, mv));
        pos.play(mv);
    }
    write_record(&tags, start.fullmove(), start.side_to_move(), &sans, token)
}
