//! Game records (§12.5): tags, then turns `[<n>.] <white series> / <black series>`.
//! [`Game::record`](diplo_core::SimultaneousGame::record) writes them
//! ([`State::write_phase`](crate::State)), [`replay`] reads them back.

use crate::game::{Mode, TurnError};
use crate::position::{Position, PositionError};
use crate::state::{Game, State};
use diplo_core::record::{is_result_token, read_tag_line, tag_value, TagPairError};
use diplo_core::{Color, SimultaneousPosition};

/// The series of a side that gave no orders (missed its deadline): its pieces stand still.
/// Not an order, and never a pass by choice (§3.1): play and `adjudicate` ask for entries.
pub const NO_ORDERS: &str = "--";

/// A record split into tags and turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub tags: Vec<(String, String)>,
    pub turns: Vec<RecordTurn>,
}

/// One turn of a record: each side's series of entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordTurn {
    /// The number written, if any.
    pub number: Option<u32>,
    pub white: Vec<String>,
    pub black: Vec<String>,
}

/// Why a record could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("line {line}: bad tag pair: {error}")]
    Tag { line: usize, error: TagPairError },
    #[error("unclosed comment")]
    Comment,
    #[error("turn {turn}: {problem}")]
    Turn { turn: u32, problem: TurnSyntax },
    #[error("[Position \"{0}\"]: {1}")]
    Position(String, PositionError),
    #[error("turn {turn}, {color}, {error}")]
    Entry {
        turn: u32,
        color: Color,
        entry: usize,
        error: TurnError,
    },
    #[error("turn {turn}, {color}: {error}")]
    Series {
        turn: u32,
        color: Color,
        error: TurnError,
    },
    #[error(
        "turn {found}: out of sequence, the game is at turn {expected} (a game that starts \
         later needs its position in a [Position] tag)"
    )]
    TurnNumber { found: u32, expected: u32 },
    #[error("turn {turn}, {color}, entry 1 `{text}`: the game is already over")]
    AfterEnd {
        turn: u32,
        color: Color,
        text: String,
    },
}

/// What is wrong with the shape of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TurnSyntax {
    #[error("more than one `/`")]
    TwoSlashes,
    #[error("expected a white and a black move")]
    TwoMoves,
    #[error("expected `<white series> / <black series>`")]
    NoSlash,
}

impl GameRecord {
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }
}

/// The move number a token starts with (`12.`, `12...`), and the rest of the token.
fn move_number(token: &str) -> Option<(u32, &str)> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !token[digits..].starts_with('.') {
        return None;
    }
    let rest = token[digits..].trim_start_matches('.');
    Some((token[..digits].parse().ok()?, rest))
}

/// Reads a record. `basic` allows turns without `/` (`1. e4 e5`).
pub fn parse(text: &str, basic: bool) -> Result<GameRecord, RecordError> {
    let mut tags = Vec::new();
    let mut body = String::new();
    let mut depth = 0usize;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if depth == 0 && trimmed.starts_with('[') {
            let tag =
                read_tag_line(line).map_err(|error| RecordError::Tag { line: i + 1, error })?;
            tags.push(tag);
            continue;
        }
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                _ if depth > 0 => {}
                _ => body.push(c),
            }
        }
        body.push('\n');
    }
    if depth > 0 {
        return Err(RecordError::Comment);
    }
    let mut turns: Vec<RecordTurn> = Vec::new();
    let mut current: Option<(Option<u32>, String)> = None;
    let mut finish = |cur: &mut Option<(Option<u32>, String)>| -> Result<(), RecordError> {
        if let Some((number, text)) = cur.take() {
            if !text.trim().is_empty() || number.is_some() {
                turns.push(split_turn(number, &text, basic, turns.len() as u32 + 1)?);
            }
        }
        Ok(())
    };
    for line in body.lines() {
        for token in line.split_whitespace() {
            if is_result_token(token) {
                finish(&mut current)?;
                continue;
            }
            if let Some((n, rest)) = move_number(token) {
                finish(&mut current)?;
                current = Some((Some(n), rest.to_string()));
                continue;
            }
            let cur = current.get_or_insert((None, String::new()));
            cur.1.push(' ');
            cur.1.push_str(token);
        }
        // A line ends an unnumbered turn once it is complete.
        if let Some((_, text)) = &current {
            if turn_complete(text, basic) {
                finish(&mut current)?;
            }
        }
    }
    finish(&mut current)?;
    Ok(GameRecord { tags, turns })
}

fn turn_complete(text: &str, basic: bool) -> bool {
    match text.split_once('/') {
        Some((_, b)) => !b.trim().is_empty() && !b.trim_end().ends_with(','),
        None => basic && text.split_whitespace().count() >= 2,
    }
}

fn series(text: &str) -> Vec<String> {
    text.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn split_turn(
    number: Option<u32>,
    text: &str,
    basic: bool,
    ordinal: u32,
) -> Result<RecordTurn, RecordError> {
    let turn = number.unwrap_or(ordinal);
    let bad = |problem| RecordError::Turn { turn, problem };
    let (white, black) = match text.split_once('/') {
        Some((w, b)) => {
            if b.contains('/') {
                return Err(bad(TurnSyntax::TwoSlashes));
            }
            (series(w), series(b))
        }
        None if basic => {
            let tokens: Vec<String> = text.split_whitespace().map(str::to_string).collect();
            if tokens.len() != 2 {
                return Err(bad(TurnSyntax::TwoMoves));
            }
            (vec![tokens[0].clone()], vec![tokens[1].clone()])
        }
        None => return Err(bad(TurnSyntax::NoSlash)),
    };
    Ok(RecordTurn {
        number,
        white,
        black,
    })
}

/// Replays a record in a mode from its `[Position]` tag (or the start), enforcing every rule
/// including the series lengths. A series written [`NO_ORDERS`] gives the side no orders.
pub fn replay(text: &str, mode: Mode) -> Result<Game, RecordError> {
    let record = parse(text, mode == Mode::Basic)?;
    let start = match record.tag("Position") {
        Some(p) => p
            .parse::<Position>()
            .map_err(|e| RecordError::Position(p.to_string(), e))?,
        None => Position::start(),
    };
    let mut game = Game::new(State::new(start, mode));
    for (k, t) in record.turns.iter().enumerate() {
        let turn = t.number.unwrap_or(k as u32 + 1);
        let after_end = || {
            let (color, text) = match t.white.first() {
                Some(w) => (Color::White, w.clone()),
                None => (Color::Black, t.black.first().cloned().unwrap_or_default()),
            };
            RecordError::AfterEnd { turn, color, text }
        };
        if game.result().is_some() {
            return Err(after_end());
        }
        let position = game.position();
        if let Some(found) = t.number.filter(|&n| n != position.turn) {
            return Err(RecordError::TurnNumber {
                found,
                expected: position.turn,
            });
        }
        let read = |color: Color, entries: &[String]| {
            if entries.len() == 1 && entries[0] == NO_ORDERS {
                return Ok(position.default_orders(color));
            }
            position
                .parse_orders(color, entries)
                .map_err(|error| match error.entry() {
                    Some(entry) => RecordError::Entry {
                        turn,
                        color,
                        entry,
                        error,
                    },
                    None => RecordError::Series { turn, color, error },
                })
        };
        let white = read(Color::White, &t.white)?;
        let black = read(Color::Black, &t.black)?;
        // A progressive game may end in the middle of a turn (§9.2.1): the rest of that turn's
        // series, which had to be written in full, is discarded. Only a later turn goes on
        // after the end, and the check at the top of the loop rejects it.
        game.play(white, black).map_err(|_| after_end())?;
    }
    Ok(game)
}
