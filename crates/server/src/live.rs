//! A game in memory: its session rebuilt from the store's log, and its history as the API
//! shows it. Live games are cached per process ([`Slots`]), keyed by game id and the log
//! version they reflect; the store stays the truth, and a cached game that is behind the
//! store catches up by replaying only the entries it lacks.

use crate::board;
use crate::store::{GameRow, LogRow};
use diplo_core::{Color, EndReason, GameResult};
use diplo_games::{PhaseView, Session};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One side's orders in a resolved phase: `None` = its default orders (it owed none, or
/// missed the deadline).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PhaseOrders {
    pub white: Option<Vec<String>>,
    pub black: Option<Vec<String>>,
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
}

impl Entry {
    /// The entry as a log row.
    pub fn to_row(&self, seq: i64, at_ms: i64) -> LogRow {
        let (kind, side, body) = match self {
            Entry::Move { side, coordinate } => ("move", Some(*side), coordinate.clone()),
            Entry::Phase(orders) => (
                "phase",
                None,
                serde_json::to_string(orders).unwrap_or_default(),
            ),
            Entry::Resign(side) => ("resign", Some(*side), String::new()),
            Entry::Flag(side) => ("flag", Some(*side), String::new()),
        };
        LogRow {
            seq,
            kind: kind.to_string(),
            side: side.map(|s| s.name().to_string()),
            body,
            at_ms,
        }
    }

    /// Reads a log row back.
    pub fn from_row(row: &LogRow) -> Result<Entry, String> {
        let side = || {
            row.side
                .as_deref()
                .and_then(Color::from_name)
                .ok_or_else(|| format!("log entry {}: no side", row.seq))
        };
        Ok(match row.kind.as_str() {
            "move" => Entry::Move {
                side: side()?,
                coordinate: row.body.clone(),
            },
            "phase" => Entry::Phase(
                serde_json::from_str(&row.body)
                    .map_err(|e| format!("log entry {}: {e}", row.seq))?,
            ),
            "resign" => Entry::Resign(side()?),
            "flag" => Entry::Flag(side()?),
            other => return Err(format!("log entry {}: unknown kind `{other}`", row.seq)),
        })
    }
}

/// A game in memory at one version of its log.
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
    /// The game's row and sealed orders as this server last committed them, kept when it
    /// is the store's only writer (SQLite): the next change starts from them instead of
    /// reading them back.
    pub stored: Option<Stored>,
}

/// A game's row and its phase's sealed orders, as committed.
#[derive(Debug, Clone)]
pub struct Stored {
    pub row: GameRow,
    pub pending: BTreeMap<Color, Vec<String>>,
}

impl Live {
    /// The game as it started (no entries applied).
    pub fn start(row: &GameRow) -> Result<Live, String> {
        let entry = diplo_games::find(&row.game).map_err(|e| e.to_string())?;
        let pairs: Vec<&str> = row.options.split_whitespace().collect();
        let options = entry.options(&pairs).map_err(|e| e.to_string())?;
        let session = entry
            .start(&options, row.start_position.as_deref())
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
            stored: None,
        }
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
        }
        Ok(())
    }

    /// Plays a move of a sequential game (SAN or coordinates); returns its coordinate form.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        let game = self
            .session
            .as_sequential_mut()
            .ok_or("not a sequential game")?;
        let side = game.side_to_move();
        let turn = game.fullmove();
        let info = game.play(text).map_err(|e| e.to_string())?;
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

    /// Resolves the current phase of a simultaneous game.
    pub fn resolve(&mut self, orders: &PhaseOrders) -> Result<PhaseView, String> {
        let game = self
            .session
            .as_simultaneous_mut()
            .ok_or("not a simultaneous game")?;
        let view = game
            .resolve(orders.white.as_deref(), orders.black.as_deref())
            .map_err(|e| e.to_string())?;
        self.history.push(json!({
            "turn": view.phase.turn,
            "phase": view.phase.to_string(),
            "white": view.white,
            "black": view.black,
            "report": view.report,
            "explanation": view.explanation,
            "resolution": board::last_resolution(&self.session),
        }));
        self.version += 1;
        Ok(view)
    }
}

/// The live games of this process, each behind its own lock: a request on a game holds its
/// slot for the whole change, so changes to one game in one process queue here and never
/// race in the store. The slot is empty while a change is under way (a change cancelled
/// halfway leaves it empty and the next request rebuilds the game from the store).
pub struct Slots {
    map: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Option<Live>>>>>,
    capacity: usize,
}

pub type Slot = Arc<tokio::sync::Mutex<Option<Live>>>;

impl Slots {
    pub fn new(capacity: usize) -> Slots {
        Slots {
            map: Mutex::new(HashMap::new()),
            capacity: capacity.max(16),
        }
    }

    /// The slot of a game (made empty if the game is not cached).
    pub fn get(&self, id: &str) -> Slot {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = map.get(id) {
            return slot.clone();
        }
        if map.len() >= self.capacity {
            // Forget games nobody is using until a tenth of the room is free.
            let target = self.capacity - self.capacity / 10;
            let idle: Vec<String> = map
                .iter()
                .filter(|(_, slot)| Arc::strong_count(slot) == 1)
                .map(|(id, _)| id.clone())
                .take(map.len().saturating_sub(target))
                .collect();
            for id in idle {
                map.remove(&id);
            }
        }
        let slot = Slot::default();
        map.insert(id.to_string(), slot.clone());
        slot
    }

    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_rows() {
        let entries = [
            Entry::Move {
                side: Color::Black,
                coordinate: "n2a3".into(),
            },
            Entry::Phase(PhaseOrders {
                white: Some(vec!["e2e4".into()]),
                black: None,
            }),
            Entry::Resign(Color::White),
            Entry::Flag(Color::Black),
        ];
        for (i, entry) in entries.iter().enumerate() {
            let row = entry.to_row(i as i64 + 1, 5);
            assert_eq!(&Entry::from_row(&row).unwrap(), entry);
        }
        let mut bad = entries[0].to_row(1, 0);
        bad.kind = "teleport".into();
        assert!(Entry::from_row(&bad).is_err());
    }

    #[test]
    fn slots_forget_idle_games_past_capacity() {
        let slots = Slots::new(16);
        let held = slots.get("held");
        for i in 0..100 {
            slots.get(&format!("g{i}"));
        }
        assert!(slots.len() <= 16);
        assert!(Arc::ptr_eq(&held, &slots.get("held")));
    }
}
