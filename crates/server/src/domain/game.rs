//! The server's game: its state as the store keeps it, typed, beside its live session.

use super::{BySide, Clocks, GameError, Live, Sealed, Seat, Status, TimeControl};
use crate::secret;
use diplo_core::Color;
use diplo_engine::PlayerSpec;

/// A finished game's result as the lobby lists it: the token (`1-0`) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    pub token: String,
    pub reason: String,
}

/// Everything the store keeps about a game apart from its log: one row of `games`, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    pub id: String,
    /// The registry id (`diplochess`).
    pub game: String,
    /// The options as `key=value` pairs separated by spaces (every option, defaults too).
    pub options: String,
    /// The position the game started from, when not the standard start.
    pub start_position: Option<String>,
    pub status: Status,
    /// How many entries the game's log has.
    pub version: i64,
    /// Bumped by every change the store records (moves, sealed orders, joins): the order of
    /// the views published.
    pub stamp: i64,
    pub seats: BySide<Seat>,
    /// The SHA-256 of the invite code while the second seat is free.
    pub invite: Option<String>,
    /// Listed in the lobby as an open invitation (anyone may join without the code).
    pub open: bool,
    pub time: TimeControl,
    pub clocks: Clocks,
    /// Each side's saved orders for the current phase, ready or not (`None`: nothing saved).
    pub sealed: BySide<Option<Sealed>>,
    /// Whether an engine owes a move or orders.
    pub engine_due: bool,
    pub result: Option<Finish>,
    /// The id of the rematch game, once one is offered.
    pub rematch: Option<String>,
    pub created_ms: i64,
    pub updated_ms: i64,
}

impl GameState {
    /// A game nobody has played yet: waiting, without time control, secrets or a start
    /// position.
    pub fn new(id: String, game: String, options: String, seats: BySide<Seat>, now: i64) -> Self {
        GameState {
            id,
            game,
            options,
            start_position: None,
            status: Status::Waiting,
            version: 0,
            stamp: 0,
            seats,
            invite: None,
            open: false,
            time: TimeControl::None,
            clocks: Clocks::default(),
            sealed: BySide::default(),
            engine_due: false,
            result: None,
            rematch: None,
            created_ms: now,
            updated_ms: now,
        }
    }

    /// An active game of Diplomat Chess between two people who have no tokens, for tests.
    #[cfg(test)]
    pub fn sample(id: &str) -> GameState {
        let person = || Seat::Person { token: None };
        GameState {
            status: Status::Active,
            ..GameState::new(
                id.into(),
                "diplomat-chess".into(),
                String::new(),
                BySide::new(person(), person()),
                0,
            )
        }
    }

    /// Whether `side` is ready: its orders for the current phase are sealed, and the phase
    /// need not wait for it.
    pub fn is_ready(&self, side: Color) -> bool {
        self.sealed.get(side).as_ref().is_some_and(|s| s.ready)
    }

    /// Whether `side` has saved orders for the current phase, ready or not.
    pub fn has_saved(&self, side: Color) -> bool {
        self.sealed.get(side).is_some()
    }

    /// The side whose token this is, compared in constant time with both sides' hashes.
    pub fn side_of_token(&self, token: &str) -> Result<Color, GameError> {
        let mut found = None;
        for side in Color::ALL {
            if let Some(stored) = self.seats.get(side).token() {
                if secret::matches(token, stored) {
                    found = Some(side);
                }
            }
        }
        found.ok_or(GameError::UnknownToken)
    }

    /// Records that a change was stored: a change others may see moves `updated_ms` on (a
    /// replaced sealed order is not one); every change bumps the stamp.
    pub fn mark_stored(&mut self, visible: bool, now: i64) {
        if visible {
            self.updated_ms = now;
        }
        self.stamp += 1;
    }
}

/// A new game, checked.
pub struct NewGame {
    pub game: &'static diplo_games::GameEntry,
    pub options: diplo_core::Options,
    pub position: Option<String>,
    /// The creator's side.
    pub color: Color,
    /// `None`: a person, invited with a code.
    pub opponent: Option<PlayerSpec>,
    pub time: TimeControl,
    pub open: bool,
}

/// A game: its state and its live session, at the same version.
#[derive(Clone)]
pub struct ServerGame {
    pub state: GameState,
    pub live: Live,
}

impl ServerGame {
    /// A new game. The creator takes `new.color` with `token`; against a person the game
    /// waits for the holder of `invite`, against an engine it starts at once (and `invite`
    /// goes unused).
    pub fn create(
        new: NewGame,
        id: String,
        token: &str,
        invite: &str,
        now: i64,
    ) -> Result<ServerGame, GameError> {
        let session = new
            .game
            .start(&new.options, new.position.as_deref())
            .map_err(|e| GameError::BadStart(e.to_string()))?;
        let options = session
            .options()
            .pairs()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ");
        let creator = Seat::Person {
            token: Some(secret::hash(token)),
        };
        let opponent = match new.opponent {
            Some(spec) => Seat::Engine(spec),
            None => Seat::Person { token: None },
        };
        let seats = match new.color {
            Color::White => BySide::new(creator, opponent),
            Color::Black => BySide::new(opponent, creator),
        };
        let invited = new.opponent.is_none();
        let mut state = GameState {
            start_position: new.position,
            invite: invited.then(|| secret::hash(invite)),
            open: new.open && invited,
            time: new.time,
            clocks: Clocks::new(new.time),
            ..GameState::new(id, new.game.id().to_string(), options, seats, now)
        };
        let live = Live::new(session);
        if !invited {
            state.activate(&live, now);
        }
        Ok(ServerGame { state, live })
    }

    /// The sides still due: due, and (simultaneous games) not yet ready.
    pub fn awaiting(&self) -> Vec<Color> {
        self.state.awaiting(&self.live)
    }

    /// The engines that owe a move or orders now, with their specs.
    pub fn engines_owed(&self) -> Vec<(Color, PlayerSpec)> {
        self.awaiting()
            .into_iter()
            .filter_map(|side| Some((side, self.state.seats.get(side).engine()?)))
            .collect()
    }
}

impl GameState {
    /// The sides still due: due, and (simultaneous games) not yet ready.
    pub fn awaiting(&self, live: &Live) -> Vec<Color> {
        if self.status != Status::Active {
            return Vec::new();
        }
        live.due()
            .into_iter()
            .filter(|&side| !self.is_ready(side))
            .collect()
    }

    /// Starts the game: the first turn or phase begins now.
    pub fn activate(&mut self, live: &Live, now: i64) {
        self.status = Status::Active;
        self.invite = None;
        self.open = false;
        let finished = live.session.result().is_some();
        if finished {
            self.finish(live);
        }
        self.start_turn(live.to_move(), finished, now);
        self.engine_due = self.owes_engine(live);
    }

    /// Ends the game with the session's result, if it has one.
    pub fn finish(&mut self, live: &Live) {
        if let Some(result) = live.session.result() {
            self.status = Status::Finished;
            self.result = Some(Finish {
                token: result.outcome.token().to_string(),
                reason: result.reason.to_string(),
            });
            self.invite = None;
            self.open = false;
            self.sealed = BySide::default();
        }
    }

    /// Whether an engine owes a move or orders now.
    pub fn owes_engine(&self, live: &Live) -> bool {
        self.awaiting(live)
            .into_iter()
            .any(|side| matches!(self.seats.get(side), Seat::Engine(_)))
    }
}
