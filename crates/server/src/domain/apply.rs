//! [`ServerGame::apply`]: every change to a game, decided without I/O.

use super::missed::{self, Absence};
use super::{BySide, Entry, GameError, PhaseOrders, Seat, ServerGame, Status, MAX_TEXT};
use crate::secret;
use diplo_core::Color;
use diplo_games::Kind;

/// Who asks for a change.
#[derive(Debug, Clone)]
pub enum Actor {
    /// A player, by the token in its `Authorization` header.
    Token(String),
    /// Anyone (joining a game).
    Anyone,
    /// The engine of `side` (its move or orders carry the version it chose at).
    Engine { side: Color },
    /// The server itself (deadlines).
    System,
}

/// A change to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A move; `version`: the game's version the player saw (optional; refused if the game
    /// has moved on).
    Move {
        text: String,
        version: Option<i64>,
    },
    /// This phase's orders; `version` as for a move. `ready`: the side is ready with them
    /// (the phase resolves once every side that owes orders is ready); not ready: they are
    /// saved as they are so far (each checked as it is entered, none: nothing saved), for
    /// more to come or the deadline.
    Orders {
        orders: Vec<String>,
        version: Option<i64>,
        ready: bool,
    },
    Resign,
    /// Applies a deadline that has passed, if any.
    Expire,
    /// Takes the free seat with `token` (a new secret the caller made).
    Join {
        invite: Option<String>,
        token: String,
    },
}

/// What a change did, as the one who asked sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Outcome {
    /// The game went on: the asker gets the game.
    Game,
    /// The side is ready; the phase waits for the other side.
    Sealed,
    /// The orders are saved, the side not ready.
    Saved,
    /// The seat of `side` is taken.
    Joined { side: Color },
    /// Nothing was due.
    #[default]
    Nothing,
}

/// What [`ServerGame::apply`] did, for the store and the watchers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    pub outcome: Outcome,
    /// Entries appended to the log (each one's `seq` is the game's version after it).
    pub entries: Vec<(i64, Entry)>,
    /// The side whose saved orders the store writes now: as the game's state has them, ready
    /// or not, or none (cleared).
    pub seal: Option<Color>,
    /// Whether the saved orders the store holds go (the phase resolved, or the game ended).
    pub unseal: bool,
    /// Whether anything others may see changed beyond the log (a seat, a side ready or no
    /// longer ready).
    pub public: bool,
    /// The player who asked, when a player did.
    pub viewer: Option<Color>,
    /// Whether a deadline that had passed was applied first.
    pub expired: bool,
    /// The deadline was applied, but the action itself was refused for this reason.
    pub refused: Option<GameError>,
    /// When the change happened.
    pub at: i64,
}

impl Progress {
    fn new(at: i64) -> Progress {
        Progress {
            at,
            ..Progress::default()
        }
    }

    /// A change that only shows (a seat taken, a rematch offered).
    pub fn public(at: i64) -> Progress {
        Progress {
            public: true,
            ..Progress::new(at)
        }
    }

    /// Whether the store has anything to record.
    pub fn changed(&self) -> bool {
        self.expired
            || self.public
            || self.seal.is_some()
            || !self.entries.is_empty()
            || matches!(self.outcome, Outcome::Joined { .. })
    }

    /// Whether anyone but the asker may see the change (saved or replaced orders are not).
    pub fn visible(&self) -> bool {
        self.public || !self.entries.is_empty()
    }
}

impl ServerGame {
    /// Applies `action` by `actor` at `now`, after a deadline that has passed.
    ///
    /// `Err`: the action was refused and nothing changed, except after
    /// [`GameError::Internal`] (the game cannot be trusted any more: drop it). A deadline
    /// applied before a refused action stays applied: `Ok` with [`Progress::refused`].
    pub fn apply(
        &mut self,
        actor: &Actor,
        action: Action,
        now: i64,
    ) -> Result<Progress, GameError> {
        let mut change = Change {
            game: self,
            progress: Progress::new(now),
            sealed_in_store: false,
        };
        change.sealed_in_store = Color::ALL
            .into_iter()
            .any(|side| change.game.state.has_saved(side));
        change.progress.expired = change.expire()?;
        match change.act(actor, action) {
            Ok(outcome) => change.progress.outcome = outcome,
            Err(e @ GameError::Internal(_)) => return Err(e),
            Err(e) if change.progress.expired => change.progress.refused = Some(e),
            Err(e) => return Err(e),
        }
        let Change { game, progress, .. } = change;
        if progress.changed() {
            game.state.engine_due = game.state.owes_engine(&game.live);
        }
        Ok(progress)
    }
}

/// One change in the making.
pub(super) struct Change<'a> {
    pub(super) game: &'a mut ServerGame,
    pub(super) progress: Progress,
    /// Whether the store held saved orders when the change began.
    sealed_in_store: bool,
}

impl Change<'_> {
    fn now(&self) -> i64 {
        self.progress.at
    }

    pub(super) fn record(&mut self, entry: Entry) {
        let version = self.game.live.version;
        self.progress.entries.push((version, entry));
        self.game.state.version = version;
    }

    /// Applies a deadline that has passed. A simultaneous phase resolves with what each side
    /// saved (`missed`: ready or not, or the defaults), unless the phases missed in a row
    /// end the game; a sequential game's side to move loses on time.
    fn expire(&mut self) -> Result<bool, GameError> {
        if !self.game.state.overdue(self.now()) {
            return Ok(false);
        }
        let ServerGame { state, live } = &mut *self.game;
        let entry = if let Some(game) = live.session.as_simultaneous() {
            let mut orders = PhaseOrders::default();
            for side in Color::ALL {
                let saved = state.sealed.get_mut(side).take();
                let (given, late) = missed::at_deadline(game, side, saved)?;
                *orders.get_mut(side) = given;
                *orders.late.get_mut(side) = late;
            }
            let owed = live.due();
            let counts = missed::count(&live.missed_in_a_row, &owed, &orders.missed(&owed));
            match missed::verdict(&counts) {
                Some(absence) => {
                    let entry = match absence {
                        Absence::Forfeit(side) => Entry::Forfeit(side),
                        Absence::Abandoned => Entry::Abandon,
                    };
                    live.apply(&entry).map_err(GameError::Internal)?;
                    entry
                }
                None => {
                    live.resolve(&orders).map_err(GameError::Internal)?;
                    Entry::Phase(orders)
                }
            }
        } else {
            let Some(side) = live.to_move() else {
                return Ok(false);
            };
            let entry = Entry::Flag(side);
            live.apply(&entry).map_err(GameError::Internal)?;
            entry
        };
        self.record(entry);
        self.settle()?;
        Ok(true)
    }

    /// After a move or a phase: resolves phases nobody owes orders in, ends a finished
    /// game, starts the next turn's clock or deadline.
    pub(super) fn settle(&mut self) -> Result<(), GameError> {
        for _ in 0..64 {
            let live = &self.game.live;
            let idle = live.session.result().is_none()
                && live.session.as_simultaneous().is_some()
                && live.due().is_empty();
            if !idle {
                break;
            }
            let entry = Entry::Phase(PhaseOrders::default());
            self.game.live.apply(&entry).map_err(GameError::Internal)?;
            self.record(entry);
        }
        // Only orders saved by earlier requests are in the store.
        self.progress.unseal = self.sealed_in_store;
        self.progress.seal = None;
        let now = self.now();
        let ServerGame { state, live } = &mut *self.game;
        state.sealed = BySide::default();
        let finished = live.session.result().is_some();
        if finished {
            state.finish(live);
        }
        state.start_turn(live.to_move(), finished, now);
        Ok(())
    }

    fn act(&mut self, actor: &Actor, action: Action) -> Result<Outcome, GameError> {
        match action {
            Action::Expire => Ok(Outcome::Nothing),
            Action::Join { invite, token } => self.join(invite, &token),
            Action::Move { text, version } => {
                let side = self.side(actor)?;
                self.in_time(version)?;
                self.play(side, &text)
            }
            Action::Orders {
                orders,
                version,
                ready,
            } => {
                let side = self.side(actor)?;
                self.in_time(version)?;
                self.orders(side, orders, ready)
            }
            Action::Resign => {
                let side = self.side(actor)?;
                self.require_active()?;
                let entry = Entry::Resign(side);
                self.game.live.apply(&entry).map_err(GameError::Internal)?;
                self.record(entry);
                self.settle()?;
                Ok(Outcome::Game)
            }
        }
    }

    fn side(&mut self, actor: &Actor) -> Result<Color, GameError> {
        match actor {
            Actor::Token(token) => {
                let side = self.game.state.side_of_token(token)?;
                self.progress.viewer = Some(side);
                Ok(side)
            }
            Actor::Engine { side } => match self.game.state.seats.get(*side) {
                Seat::Engine(_) => Ok(*side),
                Seat::Person { .. } => Err(GameError::NotEngineSide),
            },
            Actor::Anyone | Actor::System => Err(GameError::NeedsToken),
        }
    }

    pub(super) fn require_active(&self) -> Result<(), GameError> {
        match self.game.state.status {
            Status::Active => Ok(()),
            Status::Waiting => Err(GameError::NotStarted),
            Status::Finished => Err(GameError::Over(self.game.live.session.result())),
        }
    }

    /// A move or orders are for the turn the player saw: not for the one that follows a
    /// deadline applied by this very request, nor for a version other than the one given.
    fn in_time(&self, version: Option<i64>) -> Result<(), GameError> {
        if self.progress.expired {
            return Err(GameError::TimeRanOut);
        }
        match version {
            Some(seen) if seen != self.game.state.version => Err(GameError::Stale {
                version: self.game.state.version,
                seen,
            }),
            _ => Ok(()),
        }
    }

    fn join(&mut self, invite: Option<String>, token: &str) -> Result<Outcome, GameError> {
        let state = &mut self.game.state;
        let free = Color::ALL
            .into_iter()
            .find(|&side| !state.seats.get(side).is_taken());
        let (Some(side), Status::Waiting) = (free, state.status) else {
            return Err(GameError::NoFreeSeat);
        };
        let invited = match (&invite, &state.invite) {
            (Some(code), Some(stored)) => secret::matches(code, stored),
            _ => false,
        };
        if !invited && !state.open {
            return Err(match invite {
                Some(_) => GameError::WrongInvite,
                None => GameError::NeedsInvite,
            });
        }
        *state.seats.get_mut(side) = Seat::Person {
            token: Some(secret::hash(token)),
        };
        state.activate(&self.game.live, self.progress.at);
        self.progress.public = true;
        Ok(Outcome::Joined { side })
    }

    pub(super) fn wrong_kind(&self, kind: Kind) -> GameError {
        GameError::WrongKind {
            game: self.game.state.game.clone(),
            kind,
        }
    }

    fn play(&mut self, side: Color, text: &str) -> Result<Outcome, GameError> {
        let Some(game) = self.game.live.session.as_sequential() else {
            return Err(self.wrong_kind(Kind::Simultaneous));
        };
        let to_move = game.side_to_move();
        self.require_active()?;
        if to_move != side {
            return Err(GameError::NotYourTurn { to_move });
        }
        if text.len() > MAX_TEXT {
            return Err(GameError::MoveTooLong);
        }
        let coordinate = self.game.live.play(text).map_err(GameError::IllegalMove)?;
        self.record(Entry::Move { side, coordinate });
        self.game.state.charge(side, self.now());
        self.settle()?;
        Ok(Outcome::Game)
    }
}
