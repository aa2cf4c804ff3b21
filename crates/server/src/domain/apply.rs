//! [`ServerGame::apply`]: every change to a game, decided without I/O.

use super::{
    BySide, Entry, GameError, PhaseOrders, Sealed, Seat, ServerGame, Status, MAX_ORDERS, MAX_TEXT,
};
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
    /// This phase's orders; `version` as for a move.
    Orders {
        orders: Vec<String>,
        version: Option<i64>,
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
    /// The orders are sealed; the phase waits for the other side.
    Sealed,
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
    /// The side whose orders are sealed now (its orders are in the game's state).
    pub seal: Option<Color>,
    /// Whether the sealed orders the store holds go (the phase resolved, or the game ended).
    pub unseal: bool,
    /// Whether anything others may see changed beyond the log (a seat, sealed or not).
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

    /// Whether anyone but the asker may see the change (replaced sealed orders are not).
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
            .any(|side| change.game.state.has_sealed(side));
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
struct Change<'a> {
    game: &'a mut ServerGame,
    progress: Progress,
    /// Whether the store held sealed orders when the change began.
    sealed_in_store: bool,
}

impl Change<'_> {
    fn now(&self) -> i64 {
        self.progress.at
    }

    fn record(&mut self, entry: Entry) {
        let version = self.game.live.version;
        self.progress.entries.push((version, entry));
        self.game.state.version = version;
    }

    /// Applies a deadline that has passed: a missing phase's orders become the defaults,
    /// a sequential game's side to move loses on time.
    fn expire(&mut self) -> Result<bool, GameError> {
        if !self.game.state.overdue(self.now()) {
            return Ok(false);
        }
        let ServerGame { state, live } = &mut *self.game;
        let entry = if let Some(game) = live.session.as_simultaneous() {
            let mut take = |side: Color| match game.owes_orders(side) {
                true => state.sealed.get_mut(side).take().map(orders).transpose(),
                false => Ok(None),
            };
            let orders = PhaseOrders {
                white: take(Color::White)?,
                black: take(Color::Black)?,
            };
            live.resolve(&orders).map_err(GameError::Internal)?;
            Entry::Phase(orders)
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
    fn settle(&mut self) -> Result<(), GameError> {
        for _ in 0..64 {
            let live = &self.game.live;
            let idle = live.session.result().is_none()
                && live.session.as_simultaneous().is_some()
                && live.due().is_empty();
            if !idle {
                break;
            }
            let entry = Entry::Phase(PhaseOrders {
                white: None,
                black: None,
            });
            self.game.live.apply(&entry).map_err(GameError::Internal)?;
            self.record(entry);
        }
        // Only orders sealed by earlier requests are in the store.
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
            Action::Orders { orders, version } => {
                let side = self.side(actor)?;
                self.in_time(version)?;
                self.orders(side, orders)
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

    fn require_active(&self) -> Result<(), GameError> {
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

    fn wrong_kind(&self, kind: Kind) -> GameError {
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

    fn orders(&mut self, side: Color, orders: Vec<String>) -> Result<Outcome, GameError> {
        let Some(game) = self.game.live.session.as_simultaneous() else {
            return Err(self.wrong_kind(Kind::Sequential));
        };
        self.require_active()?;
        if !game.owes_orders(side) {
            return Err(GameError::OwesNoOrders {
                side,
                phase: game.phase(),
            });
        }
        if orders.len() > MAX_ORDERS || orders.iter().any(|o| o.len() > MAX_TEXT) {
            return Err(GameError::TooManyOrders);
        }
        let canonical = orders
            .iter()
            .map(|text| {
                game.check_order(side, text)
                    .map_err(|error| GameError::OrderRefused {
                        text: text.clone(),
                        error,
                    })
            })
            .collect::<Result<Vec<String>, GameError>>()?;
        game.check_orders(side, &canonical)
            .map_err(GameError::OrdersRefused)?;
        let due = self.game.live.due();
        let state = &mut self.game.state;
        let sealed = state
            .sealed
            .get(side)
            .as_ref()
            .map(sealed_orders)
            .transpose()?;
        if sealed == Some(&canonical) {
            // The same orders again: nothing to do.
            return Ok(Outcome::Sealed);
        }
        let was_sealed = sealed.is_some();
        // Every other side that is due must have sealed, and its orders be at hand.
        let mut others = Vec::new();
        for &other in due.iter().filter(|&&other| other != side) {
            match state.sealed.get(other) {
                Some(sealed) => others.push((other, sealed_orders(sealed)?.clone())),
                None => {
                    *state.sealed.get_mut(side) = Some(Sealed::Orders(canonical));
                    self.progress.seal = Some(side);
                    // Replaced orders change nothing anyone else may see.
                    self.progress.public = !was_sealed;
                    return Ok(Outcome::Sealed);
                }
            }
        }
        let mut phase = PhaseOrders {
            white: None,
            black: None,
        };
        if due.contains(&side) {
            *phase_side(&mut phase, side) = Some(canonical);
        }
        for (other, orders) in others {
            *phase_side(&mut phase, other) = Some(orders);
        }
        self.game
            .live
            .resolve(&phase)
            .map_err(GameError::Internal)?;
        self.record(Entry::Phase(phase));
        self.settle()?;
        // The author's own orders are shown back only until the phase resolves.
        Ok(Outcome::Game)
    }
}

fn phase_side(phase: &mut PhaseOrders, side: Color) -> &mut Option<Vec<String>> {
    match side {
        Color::White => &mut phase.white,
        Color::Black => &mut phase.black,
    }
}

/// Sealed orders a change needs: read from the store with the game, never left unread.
fn sealed_orders(sealed: &Sealed) -> Result<&Vec<String>, GameError> {
    match sealed {
        Sealed::Orders(orders) => Ok(orders),
        Sealed::Unread => Err(unread()),
    }
}

fn orders(sealed: Sealed) -> Result<Vec<String>, GameError> {
    match sealed {
        Sealed::Orders(orders) => Ok(orders),
        Sealed::Unread => Err(unread()),
    }
}

fn unread() -> GameError {
    GameError::Internal("sealed orders were not read with the game".to_string())
}
