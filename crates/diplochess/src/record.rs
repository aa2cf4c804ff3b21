//! Game records (spec §10.4): tag pairs, then `turn <n>` sections with the movement orders
//! and optional `retreats`, `builds` and `adjustments` sections. [`replay`] plays a record
//! into the generic [`Game`]; [`Game::record`](diplo_core::SimultaneousGame::record) writes
//! one ([`State`]'s `write_phase`).

use crate::game::{Game, GAME_INFO};
use crate::order::{Order, Phase};
use crate::orders_file::{self, OrdersFileError};
use crate::position::Position;
use crate::state::State;
use crate::Rules;
use diplo_core::record::{is_result_token, option_pairs, read_tag_line, tag_value, TagPairError};
use diplo_core::{Color, GameRules, OptionError, Options};

/// One section of a turn: its phase and orders (with their line numbers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub phase: Phase,
    pub line: usize,
    pub orders: Vec<(Color, Order, usize)>,
}

/// One turn of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnRecord {
    pub number: u32,
    pub line: usize,
    /// The movement section first, then the later phases in order.
    pub sections: Vec<Section>,
}

/// A parsed record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    pub tags: Vec<(String, String)>,
    pub turns: Vec<TurnRecord>,
}

impl GameRecord {
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }
}

/// Why a record could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("line {line}: bad tag pair: {error}")]
    Tag { line: usize, error: TagPairError },
    /// The order's own error names its line.
    #[error("{source}")]
    Order {
        line: usize,
        #[source]
        source: OrdersFileError,
    },
    #[error("turn {turn}, {phase}: {message}")]
    Replay {
        turn: u32,
        phase: String,
        message: String,
    },
    #[error("[Position]: {0}")]
    Position(#[from] crate::PositionError),
    #[error("[Options \"{value}\"]: {source}")]
    Options {
        value: String,
        #[source]
        source: OptionError,
    },
}

fn syntax(line: usize, message: impl Into<String>) -> RecordError {
    RecordError::Syntax {
        line,
        message: message.into(),
    }
}

/// Removes `{…}` comments (which may span lines), keeping line breaks for line numbers.
fn strip_comments(text: &str) -> Result<String, RecordError> {
    let mut out = String::with_capacity(text.len());
    let mut depth_line = None;
    let mut line = 1;
    for c in text.chars() {
        if c == '\n' {
            line += 1;
        }
        match (c, depth_line) {
            ('{', None) => depth_line = Some(line),
            ('}', Some(_)) => depth_line = None,
            ('}', None) => return Err(syntax(line, "`}` without `{`")),
            ('\n', _) => out.push('\n'),
            (_, Some(_)) => {}
            (c, None) => out.push(c),
        }
    }
    match depth_line {
        Some(l) => Err(syntax(l, "comment `{` not closed")),
        None => Ok(out),
    }
}

fn section_phase(word: &str) -> Option<Phase> {
    match word {
        "retreats" => Some(Phase::Retreats),
        "builds" => Some(Phase::Builds),
        "adjustments" => Some(Phase::Adjustments),
        _ => None,
    }
}

fn phase_rank(p: Phase) -> u8 {
    match p {
        Phase::Movement => 0,
        Phase::Retreats => 1,
        Phase::Builds => 2,
        Phase::Adjustments => 3,
    }
}

/// Reads a record.
pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
    let text = strip_comments(text)?;
    let mut record = GameRecord::default();
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    for (k, &(n, line)) in lines.iter().enumerate() {
        if line.starts_with('[') {
            if !record.turns.is_empty() {
                return Err(syntax(n, "tag pair after the first turn"));
            }
            let tag = read_tag_line(line).map_err(|error| RecordError::Tag { line: n, error })?;
            record.tags.push(tag);
        } else if let Some(num) = line.strip_prefix("turn ") {
            let number: u32 = num
                .trim()
                .parse()
                .map_err(|_| syntax(n, format!("bad turn number `{}`", num.trim())))?;
            record.turns.push(TurnRecord {
                number,
                line: n,
                sections: vec![Section {
                    phase: Phase::Movement,
                    line: n,
                    orders: Vec::new(),
                }],
            });
        } else if let Some(phase) = section_phase(line) {
            let turn = record
                .turns
                .last_mut()
                .ok_or_else(|| syntax(n, format!("`{line}` before any `turn` line")))?;
            let last = turn.sections.last().expect("movement section").phase;
            if phase_rank(phase) <= phase_rank(last) {
                return Err(syntax(n, format!("section `{line}` out of order")));
            }
            turn.sections.push(Section {
                phase,
                line: n,
                orders: Vec::new(),
            });
        } else if k + 1 == lines.len() && is_result_token(line) {
            // A final result token is ignored.
        } else {
            let (color, order) = orders_file::parse_line(line, n)
                .map_err(|source| RecordError::Order { line: n, source })?;
            let turn = record
                .turns
                .last_mut()
                .ok_or_else(|| syntax(n, "order before any `turn` line"))?;
            turn.sections
                .last_mut()
                .expect("movement section")
                .orders
                .push((color, order, n));
        }
    }
    Ok(record)
}

/// The start position of a record: its `[Position]` tag or the standard start.
pub fn start_position(record: &GameRecord) -> Result<Position, RecordError> {
    match record.tag("Position") {
        Some(p) => Ok(p.parse()?),
        None => Ok(Position::start()),
    }
}

/// The rules of a record's `[Options "key=value …"]` tag (pairs separated by spaces or
/// commas); the defaults without the tag.
pub fn rules(record: &GameRecord) -> Result<Rules, RecordError> {
    let Some(value) = record.tag("Options") else {
        return Ok(Rules::default());
    };
    let pairs: Vec<&str> = option_pairs(value).collect();
    let options = Options::parse(&GAME_INFO, &pairs).map_err(|e| RecordError::Options {
        value: value.to_string(),
        source: e,
    })?;
    Ok(Rules::from_options(&options))
}

/// Replays a record from `start` under `rules`.
pub fn replay(record: &GameRecord, start: Position, rules: Rules) -> Result<Game, RecordError> {
    let mut game = Game::new(State::new(start, rules));
    for turn in &record.turns {
        let err = |phase: &str, message: String| RecordError::Replay {
            turn: turn.number,
            phase: phase.to_string(),
            message,
        };
        if current_phase(&game).is_none() {
            return Err(err(
                "movement",
                "the record goes on after the game ended".to_string(),
            ));
        }
        let now = game.position().position().turn;
        if now != turn.number {
            return Err(err("movement", format!("expected turn {now}")));
        }
        for section in &turn.sections {
            // Phases before this section that the record skips take the defaults.
            while let Some(now) = current_phase(&game) {
                if section.phase == Phase::Movement
                    || now == Phase::Movement
                    || phase_rank(now) >= phase_rank(section.phase)
                {
                    break;
                }
                play(&mut game, &[], turn.number, now)?;
            }
            let now = current_phase(&game);
            if now.is_none() && !section.orders.is_empty() {
                return Err(err(
                    section.phase.name(),
                    "the record goes on after the game ended".to_string(),
                ));
            }
            if now != Some(section.phase) {
                // The phase does not happen in this turn (nobody dislodged, nothing to build,
                // no adjustment due, or every dislodged piece removed by `bloody=on`): its
                // orders are void, and void orders are not errors (§10.4).
                continue;
            }
            let orders: Vec<(Color, Order)> =
                section.orders.iter().map(|(c, o, _)| (*c, *o)).collect();
            play(&mut game, &orders, turn.number, section.phase)?;
        }
        // Later phases the record leaves out take the defaults.
        while let Some(now) = current_phase(&game) {
            if now == Phase::Movement {
                break;
            }
            play(&mut game, &[], turn.number, now)?;
        }
    }
    Ok(game)
}

/// Reads a record and replays it under the rules of its `[Options]` tag from its
/// `[Position]` tag (or the start).
pub fn replay_text(text: &str) -> Result<Game, RecordError> {
    let record = parse(text)?;
    let start = start_position(&record)?;
    replay(&record, start, rules(&record)?)
}

/// The phase waiting for orders; `None` once the game is over.
fn current_phase(game: &Game) -> Option<Phase> {
    game.position().current_phase()
}

/// Plays one phase of a record: each side's orders in file order, checked as a record
/// section is (§10.4: two orders for one piece are an error; orders of another phase are
/// void).
fn play(
    game: &mut Game,
    orders: &[(Color, Order)],
    turn: u32,
    phase: Phase,
) -> Result<(), RecordError> {
    let err = |message: String| RecordError::Replay {
        turn,
        phase: phase.name().to_string(),
        message,
    };
    let state = game.position();
    let side = |color: Color| {
        let mine: Vec<Order> = orders
            .iter()
            .filter(|(c, _)| *c == color)
            .map(|(_, o)| *o)
            .collect();
        state.check_record_orders(color, &mine)
    };
    let white = side(Color::White).map_err(|e| err(e.to_string()))?;
    let black = side(Color::Black).map_err(|e| err(e.to_string()))?;
    game.play(white, black)
        .map(|_| ())
        .map_err(|e| err(e.to_string()))
}
