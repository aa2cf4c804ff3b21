//! A game in memory: its session rebuilt from the store's log, and its history as the API
//! shows it, at one version of the log. The store stays the truth; a live game that is
//! behind it catches up by replaying only the entries it lacks.

use super::missed::{self, Late};
use super::{BySide, GameError, GameState};
use crate::board;
use diplo_core::{Color, EndReason, GameResult, MoveError};
use diplo_games::{PhaseView, Session};
use serde_json::{json, Value};

/// One side's orders in a resolved phase: `None` = its default orders (it owed none, or
/// had nothing saved at the deadline, or nothing of what it saved could be used).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PhaseOrders {
    pub white: Option<Vec<String>>,
    pub black: Option<Vec<String>>,
    /// What the deadline did with orders saved but not ready (none in phases that resolved
    /// before it, and in logs written before saved orders existed).
    #[serde(default, skip_serializing_if = "missed::no_notes")]
    pub late: BySide<Option<Late>>,
}

impl PhaseOrders {
    /// Both sides' orders, without notes.
    pub fn new(white: Option<Vec<String>>, black: Option<Vec<String>>) -> PhaseOrders {
        PhaseOrders {
            white,
            black,
            late: BySide::default(),
        }
    }

    pub fn get(&self, side: Color) -> &Option<Vec<String>> {
        side.fold(&self.white, &self.black)
    }

    pub fn get_mut(&mut self, side: Color) -> &mut Option<Vec<String>> {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// The sides that missed the phase, among the sides that owed orders in it.
    pub fn missed(&self, owed: &[Color]) -> Vec<Color> {
        let orders = BySide::new(self.white.clone(), self.black.clone());
        missed::missed(owed, &orders, &self.late)
    }
}

/// What a log entry records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A move of a sequential game, in coordinate notation.
    Move { side: Color, coordinate: String },
    /// A resolved phase of a simultaneous game.
    Phase(PhaseOrders),
    /// A side resigned.
    Resign(Color),
    /// A side's time ran out (sequential games).
    Flag(Color),
    /// A side missed too many phases in a row (simultaneous games): it loses.
    Forfeit(Color),
    /// Both sides missed too many phases in a row (simultaneous games).
    Abandon,
}

/// An entry of the log and its place in it (1 for the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logged {
    pub seq: i64,
    pub entry: Entry,
    pub at_ms: i64,
}

/// A game in memory at one version of its log.
#[derive(Clone)]
pub struct Live {
    /// How many log entries are applied.
    pub version: i64,
    pub session: Session,
    /// The history as the API shows it, one element per turn (a simultaneous turn with
    /// its resolution as the page draws it).
    pub history: Vec<Value>,
    /// Sequential games: each played move's cells and the position after it, for the
    /// page's move list. Kept as the game goes, so that no view replays the game.
    pub played: Vec<Value>,
    /// Simultaneous games: how many of its phases in a row each side has missed (had
    /// nothing saved at the deadline).
    pub missed_in_a_row: BySide<u32>,
}

impl Live {
    /// The game of `state` as it started (no entries applied).
    pub fn start(state: &GameState) -> Result<Live, String> {
        let entry = diplo_games::find(&state.game).map_err(|e| e.to_string())?;
        let pairs: Vec<&str> = state.options.split_whitespace().collect();
        let options = entry.options(&pairs).map_err(|e| e.to_string())?;
        let session = entry
            .start(&options, state.start_position.as_deref())
            .map_err(|e| e.to_string())?;
        Ok(Live::new(session))
    }

    /// A game with nothing played yet.
    pub fn new(session: Session) -> Live {
        Live {
            version: 0,
            session,
            history: Vec::new(),
            played: Vec::new(),
            missed_in_a_row: BySide::default(),
        }
    }

    /// Brings a cached game (or a new one) up to the state's version with the log entries
    /// it lacks (`log`: those after the cached game's version).
    pub fn catch_up(
        cached: Option<Live>,
        state: &GameState,
        log: Vec<Logged>,
    ) -> Result<Live, GameError> {
        let corrupt = |message: String| {
            GameError::Internal(format!("game {} cannot be rebuilt: {message}", state.id))
        };
        let mut live = match cached {
            Some(live) if live.version <= state.version => live,
            _ => Live::start(state).map_err(corrupt)?,
        };
        for logged in &log {
            if logged.seq != live.version + 1 {
                return Err(corrupt(format!("log entry {} is out of order", logged.seq)));
            }
            live.apply(&logged.entry).map_err(corrupt)?;
        }
        if live.version != state.version {
            return Err(corrupt(format!(
                "the log ends at {}, the game is at {}",
                live.version, state.version
            )));
        }
        Ok(live)
    }

    /// The version a cached game can be caught up from to reach `version` (0: from the start).
    pub fn reusable_from(cached: Option<&Live>, version: i64) -> i64 {
        cached
            .filter(|l| l.version <= version)
            .map_or(0, |l| l.version)
    }

    /// Applies the next entry of the log.
    pub fn apply(&mut self, entry: &Entry) -> Result<(), String> {
        match entry {
            Entry::Move { side, coordinate } => {
                let to_move = self.session.as_sequential().map(|s| s.side_to_move());
                if to_move != Some(*side) {
                    return Err(format!("log: {side} moved out of turn"));
                }
                self.play(coordinate).map_err(|e| format!("log: {e}"))?;
            }
            Entry::Phase(orders) => {
                self.resolve(orders).map_err(|e| format!("log: {e}"))?;
            }
            Entry::Resign(side) => {
                self.session
                    .end(GameResult::win(!*side, EndReason::Resignation(*side)));
                self.version += 1;
            }
            Entry::Flag(side) => {
                self.session
                    .end(GameResult::win(!*side, EndReason::TimeForfeit(*side)));
                self.version += 1;
            }
            Entry::Forfeit(side) => {
                self.session
                    .end(GameResult::win(!*side, EndReason::Forfeit(*side)));
                self.version += 1;
            }
            Entry::Abandon => {
                self.session.end(GameResult::draw(EndReason::Abandoned));
                self.version += 1;
            }
        }
        Ok(())
    }

    /// Plays a move of a sequential game (SAN or coordinates); returns its coordinate form.
    /// A simultaneous game plays nothing: the caller checks the kind first.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let Some(game) = self.session.as_sequential_mut() else {
            return Err(MoveError::Illegal {
                text: text.to_string(),
                reason: "not a sequential game".to_string(),
            });
        };
        let side = game.side_to_move();
        let turn = game.fullmove();
        let info = game.play(text)?;
        let mv = json!({"side": side.name(), "san": info.san, "coordinate": info.coordinate});
        match self.history.last_mut() {
            Some(last) if last["turn"] == json!(turn) && side == Color::Black => {
                if let Some(moves) = last["moves"].as_array_mut() {
                    moves.push(mv);
                }
            }
            _ => self.history.push(json!({"turn": turn, "moves": [mv]})),
        }
        self.played.push(board::last_played(&self.session));
        self.version += 1;
        Ok(info.coordinate)
    }

    /// Resolves the current phase of a simultaneous game. The history's entry names the
    /// sides that missed the phase, and its explanation says what became of each side that
    /// was not ready (`crate::domain::missed`) before the game's own explanation.
    pub fn resolve(&mut self, orders: &PhaseOrders) -> Result<PhaseView, String> {
        let game = self
            .session
            .as_simultaneous_mut()
            .ok_or("not a simultaneous game")?;
        let owed: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&side| game.owes_orders(side))
            .collect();
        let missed = orders.missed(&owed);
        let counts = missed::count(&self.missed_in_a_row, &owed, &missed);
        let mut told = Vec::new();
        for side in Color::ALL {
            let late = orders.late.get(side).as_ref();
            if late.is_some() || missed.contains(&side) {
                let no_orders = game.no_orders(side);
                let said = missed::told(side, late, missed.contains(&side), &counts, &no_orders);
                told.extend(said);
            }
        }
        let mut view = game
            .resolve(orders.white.as_deref(), orders.black.as_deref())
            .map_err(|e| e.to_string())?;
        told.append(&mut view.explanation);
        view.explanation = told;
        self.missed_in_a_row = counts;
        self.history.push(json!({
            "turn": view.phase.turn,
            "phase": view.phase.to_string(),
            "white": view.white,
            "black": view.black,
            "missed": missed::names(&missed),
            "report": view.report,
            "explanation": view.explanation,
            "resolution": board::last_resolution(&self.session),
        }));
        self.version += 1;
        Ok(view)
    }

    /// The sides whose move or orders are due now.
    pub fn due(&self) -> Vec<Color> {
        if self.session.result().is_some() {
            return Vec::new();
        }
        if let Some(game) = self.session.as_sequential() {
            return vec![game.side_to_move()];
        }
        match self.session.as_simultaneous() {
            Some(game) => Color::ALL
                .into_iter()
                .filter(|&side| game.owes_orders(side))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The side whose clock runs: a sequential game's side to move while it goes on.
    pub fn to_move(&self) -> Option<Color> {
        self.session
            .as_sequential()
            .filter(|_| self.session.result().is_none())
            .map(|g| g.side_to_move())
    }
}
