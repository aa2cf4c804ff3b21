//! The four games: their ids, options and kind, and how to start, replay or adjudicate each.

use crate::{Error, Session};
use diplo_core::describe::{DescribeBoard, Geometry};
use diplo_core::record::{final_result, option_pairs, parse_record, FinalResult, Record};
use diplo_core::{
    GameInfo, GameRules, Options, SequentialGame, SequentialPosition, SimultaneousGame,
    SimultaneousPosition,
};

/// The default game (`--game`).
pub const DEFAULT_GAME: &str = "diplomat-chess";

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Kind {
    /// The sides take turns, one move at a time.
    Sequential,
    /// Both sides give their orders at once; one adjudication resolves them.
    Simultaneous,
}

impl Kind {
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Sequential => "sequential",
            Kind::Simultaneous => "simultaneous",
        }
    }
}

type Start = fn(&Options, Option<&str>) -> Result<Session, Error>;
type Replay = fn(&str, &Options) -> Result<Replayed, Error>;
type Adjudicate = fn(&Options, &str, &str) -> Result<String, Error>;

/// A replayed record: the game at its end, and the result `diplo replay` reports.
pub struct Replayed {
    pub session: Session,
    pub result: FinalResult,
}

/// One game of the registry.
pub struct GameEntry {
    pub info: &'static GameInfo,
    pub kind: Kind,
    /// The board's shape.
    pub geometry: Geometry,
    start: Start,
    replay: Replay,
    adjudicate: Option<Adjudicate>,
}

impl GameEntry {
    pub fn id(&self) -> &'static str {
        self.info.id
    }

    /// Reads `key=value` option pairs against the game's option table.
    pub fn options<S: AsRef<str>>(&self, pairs: &[S]) -> Result<Options, Error> {
        Ok(Options::parse(self.info, pairs)?)
    }

    /// Starts a game from a position string (`None`: the standard start) under checked
    /// options.
    pub fn start(&self, options: &Options, position: Option<&str>) -> Result<Session, Error> {
        (self.start)(options, position)
    }

    /// Replays a game record (its whole text) under checked options (the record's
    /// `[Options]` already merged with the caller's).
    pub fn replay(&self, text: &str, options: &Options) -> Result<Replayed, Error> {
        (self.replay)(text, options)
    }

    /// Resolves one phase of a simultaneous game from an orders file: the output of
    /// `diplo adjudicate` (interfaces.md).
    pub fn adjudicate(
        &self,
        options: &Options,
        position: &str,
        orders: &str,
    ) -> Result<String, Error> {
        match self.adjudicate {
            Some(adjudicate) => adjudicate(options, position, orders),
            None => Err(self.not_simultaneous()),
        }
    }

    /// An error unless the game is simultaneous (the games `adjudicate` takes).
    pub fn require_simultaneous(&self) -> Result<(), Error> {
        match self.kind {
            Kind::Simultaneous => Ok(()),
            Kind::Sequential => Err(self.not_simultaneous()),
        }
    }

    fn not_simultaneous(&self) -> Error {
        Error::WrongKind(format!(
            "{} is a sequential game; adjudicate needs a simultaneous game ({})",
            self.id(),
            ids_of(Kind::Simultaneous)
        ))
    }
}

/// Every game, in the order `diplo games` lists them (and of [`Session`]'s variants).
pub static GAMES: [GameEntry; 4] = [
    GameEntry {
        info: &diplomat_chess::GAME_INFO,
        kind: Kind::Sequential,
        geometry: <diplomat_chess::Position as DescribeBoard>::GEOMETRY,
        start: |options, position| start_sequential(options, position).map(Session::DiplomatChess),
        replay: |text, options| {
            let (game, result) = replay_reconciled(text, options)?;
            Ok(Replayed {
                session: Session::DiplomatChess(game),
                result,
            })
        },
        adjudicate: None,
    },
    GameEntry {
        info: &diplomatic_chess::GAME_INFO,
        kind: Kind::Sequential,
        geometry: <diplomatic_chess::Position as DescribeBoard>::GEOMETRY,
        start: |options, position| {
            start_sequential(options, position).map(Session::DiplomaticChess)
        },
        replay: |text, options| {
            let (game, result) = replay_rules_result(text, options)?;
            Ok(Replayed {
                session: Session::DiplomaticChess(game),
                result,
            })
        },
        adjudicate: None,
    },
    GameEntry {
        info: &diplomacy_chess::GAME_INFO,
        kind: Kind::Simultaneous,
        geometry: <diplomacy_chess::State as DescribeBoard>::GEOMETRY,
        start: |options, position| {
            start_simultaneous(options, position).map(Session::DiplomacyChess)
        },
        replay: replay_diplomacy_chess,
        adjudicate: Some(adjudicate_diplomacy_chess),
    },
    GameEntry {
        info: &diplochess::GAME_INFO,
        kind: Kind::Simultaneous,
        geometry: <diplochess::State as DescribeBoard>::GEOMETRY,
        start: |options, position| start_simultaneous(options, position).map(Session::DiploChess),
        replay: replay_diplochess,
        adjudicate: Some(adjudicate_diplochess),
    },
];

/// Finds a game by id.
pub fn find(id: &str) -> Result<&'static GameEntry, Error> {
    GAMES.iter().find(|g| g.id() == id).ok_or_else(|| {
        let known: Vec<&str> = GAMES.iter().map(GameEntry::id).collect();
        Error::UnknownGame {
            id: id.to_string(),
            known: known.join(", "),
        }
    })
}

/// The ids of the games of one kind, comma-separated.
pub fn ids_of(kind: Kind) -> String {
    GAMES
        .iter()
        .filter(|g| g.kind == kind)
        .map(GameEntry::id)
        .collect::<Vec<_>>()
        .join(", ")
}

fn start_sequential<P: SequentialPosition>(
    options: &Options,
    position: Option<&str>,
) -> Result<SequentialGame<P>, Error> {
    let rules = P::Rules::from_options(options);
    let start = match position {
        None => P::start(rules),
        Some(text) => P::parse(text, rules).map_err(|e| Error::Position(e.to_string()))?,
    };
    Ok(SequentialGame::new(start))
}

fn start_simultaneous<S: SimultaneousPosition>(
    options: &Options,
    position: Option<&str>,
) -> Result<SimultaneousGame<S>, Error> {
    let rules = S::Rules::from_options(options);
    let start = match position {
        None => S::start(rules),
        Some(text) => S::parse(text, rules).map_err(|e| Error::Position(e.to_string()))?,
    };
    Ok(SimultaneousGame::new(start))
}

/// Replays a sequential record's moves from its `[Position]` tag (or the start).
fn replay_sequential<P: SequentialPosition>(
    record: &Record,
    options: &Options,
) -> Result<SequentialGame<P>, Error> {
    let rules = P::Rules::from_options(options);
    let start = diplo_core::record::position_from_tags(
        record,
        || P::start(rules),
        |value| P::parse(value, rules),
    )
    .map_err(|e| Error::Record(e.to_string()))?;
    // The parser checks that the numbers follow each other; where they start is the
    // start position's business (a record of a game that began elsewhere has [Position]).
    if let Some((number, side)) = record.first_number {
        let at = (start.fullmove(), start.side_to_move());
        if (number, side) != at {
            let marker = |n: u32, s: diplo_core::Color| match s {
                diplo_core::Color::White => format!("{n}."),
                diplo_core::Color::Black => format!("{n}..."),
            };
            return Err(Error::Record(format!(
                "record: the moves start at `{}` but the start position is at `{}` \
                 (a game that starts elsewhere needs its position in a [Position] tag)",
                if number == u32::MAX {
                    "a number too large".to_string()
                } else {
                    marker(number, side)
                },
                marker(at.0, at.1)
            )));
        }
    }
    diplo_core::record::replay(record, SequentialGame::new(start))
        .map_err(|e| Error::Record(e.to_string()))
}

fn read_record(text: &str) -> Result<Record, Error> {
    parse_record(text).map_err(|e| Error::Record(format!("record: {e}")))
}

/// Replays a record whose recorded result must agree with the rules' (Diplomat Chess): a
/// result the rules did not reach is reported `as recorded`.
fn replay_reconciled<P: SequentialPosition>(
    text: &str,
    options: &Options,
) -> Result<(SequentialGame<P>, FinalResult), Error> {
    let record = read_record(text)?;
    let game = replay_sequential::<P>(&record, options)?;
    let result = final_result(game.result().as_ref(), record.recorded_result())
        .map_err(|e| Error::Record(format!("record: {e}")))?;
    Ok((game, result))
}

/// Replays a record whose result is always the rules' (Diplomatic Chess, §10.2): the
/// recorded result token is ignored.
fn replay_rules_result<P: SequentialPosition>(
    text: &str,
    options: &Options,
) -> Result<(SequentialGame<P>, FinalResult), Error> {
    let record = read_record(text)?;
    let game = replay_sequential::<P>(&record, options)?;
    let result = rules_result(game.result(), game.unfinished_reason());
    Ok((game, result))
}

fn rules_result(result: Option<diplo_core::GameResult>, unfinished: &'static str) -> FinalResult {
    match result {
        Some(r) => FinalResult::from(&r),
        None => FinalResult {
            outcome: None,
            reason: diplo_core::record::FinalReason::Unfinished(unfinished),
        },
    }
}

fn replay_diplomacy_chess(text: &str, options: &Options) -> Result<Replayed, Error> {
    let mode = diplomacy_chess::Mode::from_options(options);
    let game =
        diplomacy_chess::record::replay(text, mode).map_err(|e| Error::Record(e.to_string()))?;
    let result = rules_result(game.result(), "in progress");
    Ok(Replayed {
        session: Session::DiplomacyChess(game),
        result,
    })
}

fn replay_diplochess(text: &str, options: &Options) -> Result<Replayed, Error> {
    use diplochess::record;
    let rules = diplochess::Rules::from_options(options);
    let rec = record::parse(text).map_err(|e| Error::Record(e.to_string()))?;
    let start = record::start_position(&rec).map_err(|e| Error::Record(e.to_string()))?;
    let game = record::replay(&rec, start, rules).map_err(|e| Error::Record(e.to_string()))?;
    let result = rules_result(game.result(), "in progress");
    Ok(Replayed {
        session: Session::DiploChess(game),
        result,
    })
}

fn adjudicate_diplomacy_chess(
    options: &Options,
    position: &str,
    orders: &str,
) -> Result<String, Error> {
    use diplomacy_chess::AdjudicateError;
    diplomacy_chess::adjudicate(
        diplomacy_chess::Mode::from_options(options),
        position,
        orders,
    )
    .map_err(|e| match e {
        AdjudicateError::Position(_) => Error::Position(e.to_string()),
        _ => Error::Orders(e.to_string()),
    })
}

fn adjudicate_diplochess(
    _options: &Options,
    position: &str,
    orders: &str,
) -> Result<String, Error> {
    let position: diplochess::Position = position
        .parse()
        .map_err(|e: diplochess::PositionError| Error::Position(e.to_string()))?;
    let orders =
        diplochess::orders_file::parse(orders).map_err(|e| Error::Orders(e.to_string()))?;
    let result =
        diplochess::adjudicate(&position, &orders).map_err(|e| Error::Orders(e.to_string()))?;
    Ok(result.to_string())
}

/// Replays a record's text as `diplo replay` does. The game is `game` (the command line's),
/// else the record's `[Game]` tag, else the default; the options are the record's
/// `[Options]` tag with each of `cli_options` replacing the tag's value for its key.
pub fn replay_record(
    text: &str,
    game: Option<&str>,
    cli_options: &[String],
) -> Result<Replayed, Error> {
    let tag_game = diplo_core::record::scan_tag(text, "Game");
    let entry = match (game, &tag_game) {
        (Some(id), _) => find(id)?,
        (None, Some(id)) => find(id).map_err(|e| Error::Record(format!("[Game \"{id}\"]: {e}")))?,
        (None, None) => find(DEFAULT_GAME)?,
    };
    if entry.kind == Kind::Sequential {
        // A record that cannot be read at all is reported before its tags are judged.
        read_record(text)?;
    }
    let tag_options = diplo_core::record::scan_tag(text, "Options");
    let options = merged_options(entry, tag_options.as_deref(), cli_options)?;
    entry.replay(text, &options)
}

/// The record's `[Options]` tag (comma- or space-separated `key=value` pairs) with the
/// command line's options replacing the tag's value key by key. Bad command-line options are
/// usage errors; bad tag options are record errors.
pub fn merged_options(
    entry: &GameEntry,
    tag: Option<&str>,
    cli: &[String],
) -> Result<Options, Error> {
    entry.options(cli)?;
    let key = |pair: &str| pair.split_once('=').map(|(k, _)| k.trim().to_string());
    let overridden: Vec<String> = cli.iter().filter_map(|p| key(p)).collect();
    let mut pairs: Vec<String> = Vec::new();
    if let Some(tag) = tag {
        let kept: Vec<&str> = option_pairs(tag)
            .filter(|p| !matches!(key(p), Some(k) if overridden.contains(&k)))
            .collect();
        entry
            .options(&kept)
            .map_err(|e| Error::Record(format!("[Options \"{tag}\"]: {e}")))?;
        pairs.extend(kept.into_iter().map(str::to_string));
    }
    pairs.extend(cli.iter().cloned());
    entry.options(&pairs)
}
