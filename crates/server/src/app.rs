//! The game service: every change to a game, and every read of one.
//!
//! A change ([`App::act`]) runs in one transaction: lock the game's row, bring the live
//! game up to the row's version, apply a deadline that has passed, apply the action (a
//! move, sealed orders, a resignation, a join), append what was played to the log, write
//! the row back, commit, then answer. Only then does the process publish the new view and
//! start an engine that owes a move. A request that fails changes nothing (a deadline that
//! had passed is still applied).

use crate::engine::Engines;
use crate::error::ApiError;
use crate::events::Hub;
use crate::live::{Entry, Live, PhaseOrders, Slots, Stored};
use crate::secret;
use crate::store::{Backend, GameRow, LogRow, Store, Txn, Writes};
use crate::timing::{charge, overdue, start_turn, TimeControl};
use crate::view::{self, awaiting, player, render, sealed, side_bit, Viewer};
use diplo_core::Color;
use diplo_engine::PlayerSpec;
use serde_json::Value;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (`127.0.0.1:0` picks a free port).
    pub addr: SocketAddr,
    /// The store: `sqlite://FILE` or `postgres://USER@HOST/DB`.
    pub db: String,
    /// The largest request body, in bytes (larger: 413).
    pub body_limit: usize,
    /// Requests per second each client address may make on average (0: no limit).
    pub rate_per_s: f64,
    /// How many requests a client may make at once before the rate applies.
    pub rate_burst: f64,
    /// The longest a request may take (the event streams excepted).
    pub request_timeout: Duration,
    /// The longest an engine may think about one move.
    pub engine_max_time: Duration,
    /// How often the background task looks for turns and phases that ran out.
    pub sweep_interval: Duration,
    /// How many games each process keeps in memory.
    pub cached_games: usize,
    /// Connections to the store.
    pub db_connections: u32,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// How many event streams this process serves at once.
    pub max_watchers: usize,
}

impl Config {
    pub fn new(addr: SocketAddr, db: impl Into<String>) -> Config {
        Config {
            addr,
            db: db.into(),
            body_limit: 64 * 1024,
            rate_per_s: 50.0,
            rate_burst: 100.0,
            request_timeout: Duration::from_secs(10),
            engine_max_time: Duration::from_secs(10),
            sweep_interval: Duration::from_millis(200),
            cached_games: 10_000,
            db_connections: 8,
            header_timeout: Duration::from_secs(10),
            max_watchers: 10_000,
        }
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

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
#[derive(Debug, Clone)]
pub enum Action {
    /// A move; `version`: the game's version the player saw (optional; 409 if it moved on).
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
    /// Takes the free seat.
    Join {
        invite: Option<String>,
    },
}

/// What a change did.
#[derive(Debug, Clone)]
pub enum Acted {
    /// The game after the change, as its player sees it (JSON text; empty until rendered).
    Game(String),
    /// The orders are sealed; the phase waits for the other side.
    Sealed,
    /// The seat is taken: the new player's colour and token.
    Joined { color: Color, token: String },
    /// Nothing was due.
    Nothing,
}

/// A new game, checked.
pub struct NewGame {
    pub game: &'static diplo_games::GameEntry,
    pub options: diplo_core::Options,
    pub position: Option<String>,
    pub color: Color,
    /// `None`: a person, invited with a code.
    pub opponent: Option<PlayerSpec>,
    pub time: TimeControl,
    pub open: bool,
}

/// What creating a game answers.
pub struct Created {
    pub id: String,
    pub color: Color,
    pub token: String,
    pub invite: Option<String>,
}

/// What asking for a rematch answers: the new game, the asker's colour and token, and
/// whether this call created the game.
pub struct Rematched {
    pub id: String,
    pub color: Color,
    pub token: String,
    pub created: bool,
}

/// The server's state, shared by every request and background task.
pub struct App {
    pub store: Store,
    pub config: Config,
    pub slots: Slots,
    pub hub: Hub,
    pub engines: Engines,
}

/// The orders the limits of one request allow.
const MAX_ORDERS: usize = 256;
const MAX_TEXT: usize = 64;

impl App {
    pub fn new(store: Store, config: Config) -> App {
        App {
            store,
            slots: Slots::new(config.cached_games),
            hub: Hub::default(),
            engines: Engines::new(config.engine_max_time),
            config,
        }
    }

    /// Creates a game; the creator takes `color`.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<Created, ApiError> {
        let session = new
            .game
            .start(&new.options, new.position.as_deref())
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        let options = session
            .options()
            .pairs()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ");
        let token = secret::new_secret();
        let invite = new.opponent.is_none().then(secret::new_secret);
        let now = now_ms();
        let opponent = new
            .opponent
            .map_or_else(|| "human".to_string(), |spec| spec.to_string());
        let players = match new.color {
            Color::White => ("human".to_string(), opponent),
            Color::Black => (opponent, "human".to_string()),
        };
        let mut row = GameRow {
            start_position: new.position,
            invite: invite.as_deref().map(secret::hash),
            open: i64::from(new.open && invite.is_some()),
            ..GameRow::new(
                String::new(),
                new.game.id().to_string(),
                options,
                players,
                now,
            )
        };
        *token_mut(&mut row, new.color) = Some(secret::hash(&token));
        new.time.set(&mut row);
        let live = Live::new(session);
        if invite.is_none() {
            activate(&mut row, &live, now);
        }
        // A clash of random ids is all but impossible; try again if it happens.
        for attempt in 0.. {
            row.id = secret::new_game_id();
            match self.store.insert_game(&row).await {
                Ok(()) => break,
                Err(e) if attempt < 3 && is_unique_violation(&e) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        let mut live = live;
        if self.store.sole_writer() {
            live.stored = Some(Stored {
                row: row.clone(),
                pending: BTreeMap::new(),
            });
        }
        // Cached before the engine is asked to move, so that its move finds this game.
        let mut slot = self.slots.get(&row.id).lock_owned().await;
        if row.engine_due != 0 {
            self.kick(&row, &live);
        }
        *slot = Some(live);
        drop(slot);
        Ok(Created {
            id: row.id,
            color: new.color,
            token,
            invite,
        })
    }

    /// Applies a change to a game (see the module's documentation).
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        actor: Actor,
        action: Action,
    ) -> Result<Acted, ApiError> {
        if !secret::is_game_id(id) {
            return Err(ApiError::unknown_game());
        }
        let slot = self.slots.get(id);
        let mut guard = slot.lock().await;
        // The slot stays empty until the change is done: if this future is dropped halfway,
        // the next request rebuilds the game from the store.
        let mut cached = guard.take();
        let stored = cached.as_mut().and_then(|live| live.stored.take());
        // The sole writer of its store starts from the game as it last committed it; else
        // the change locks the game's row and reads it, and what the cache lacks.
        let (tx, row, pending, mut live) = match stored {
            Some(Stored { row, pending }) => {
                let live = cached.expect("a cached game");
                (None, row, pending, live)
            }
            None => {
                let mut tx = self.store.begin().await?;
                let Some(row) = self.store.lock_game(&mut tx, id).await? else {
                    *guard = cached;
                    return Err(ApiError::unknown_game());
                };
                let after = cached
                    .as_ref()
                    .filter(|l| l.version <= row.version)
                    .map_or(0, |l| l.version);
                let log = if after < row.version {
                    Txn::log(&mut tx, id, after, row.version).await?
                } else {
                    Vec::new()
                };
                let live = advance(cached, &row, log)?;
                let pending = if row.sealed != 0 {
                    read_pending(Txn::pending(&mut tx, id, row.version).await?)
                } else {
                    BTreeMap::new()
                };
                (Some(tx), row, pending, live)
            }
        };
        // What to keep if the change writes nothing.
        let unchanged = self.store.sole_writer().then(|| Stored {
            row: row.clone(),
            pending: pending.clone(),
        });
        let sealed_in_store = row.sealed;
        let mut change = Change {
            sealed_in_store,
            row,
            pending,
            entries: Vec::new(),
            seal: None,
            unseal: false,
            public: false,
            actor: None,
            now: now_ms(),
        };
        let expired = change.expire(&mut live)?;
        let version_before = live.version;
        let (outcome, error) = match change.apply(&mut live, actor, action, expired) {
            Ok(acted) => (acted, None),
            // The action failed halfway: forget the live game, roll everything back.
            Err(e) if live.version != version_before => return Err(e),
            // Nothing was written: the transaction rolls back as it is dropped.
            Err(e) if !expired => {
                live.stored = unchanged;
                *guard = Some(live);
                return Err(e);
            }
            // The deadline that had passed is applied all the same.
            Err(e) => (Acted::Nothing, Some(e)),
        };
        if error.is_none() && !change.changed(expired, &outcome) {
            live.stored = unchanged;
            *guard = Some(live);
            return Ok(outcome);
        }
        change.row.engine_due = i64::from(engine_due(&change.row, &live));
        let writes = self.writes(&mut change);
        match tx {
            Some(tx) => tx.commit(writes).await?,
            None => self.store.commit_known(writes).await?,
        }
        if self.store.sole_writer() {
            live.stored = Some(Stored {
                row: change.row.clone(),
                pending: change.pending.clone(),
            });
        }
        let row = &change.row;
        let outcome = match outcome {
            Acted::Game(_) => {
                let viewer = change.actor.map(|side| Viewer {
                    side,
                    pending: change.pending.get(&side).cloned(),
                });
                Acted::Game(render(row, &live, viewer.as_ref(), change.now).to_json())
            }
            other => other,
        };
        if (change.public || !change.entries.is_empty()) && self.hub.watched(id).is_some() {
            let view = render(row, &live, None, change.now).to_json();
            self.hub.publish(id, row.stamp, view);
        }
        if row.engine_due != 0 {
            self.kick(row, &live);
        }
        *guard = Some(live);
        match error {
            Some(e) => Err(e),
            None => Ok(outcome),
        }
    }

    /// The writes that store a change (and stamp its row).
    fn writes(&self, change: &mut Change) -> Writes {
        let id = change.row.id.clone();
        let mut writes = Writes::default();
        for entry in &change.entries {
            writes.append(&id, entry);
        }
        if change.unseal {
            writes.unseal_all(&id);
        }
        if let Some((side, orders)) = &change.seal {
            let orders = serde_json::to_string(orders).unwrap_or_default();
            writes.seal(&id, side.name(), change.row.version, &orders);
        }
        // Replaced sealed orders change nothing anyone else may see: not even the time of
        // the last change, nor a notification to the other processes' watchers.
        let visible = change.public || !change.entries.is_empty();
        if visible {
            change.row.updated_ms = change.now;
        }
        change.row.stamp += 1;
        writes.update_game(&change.row);
        if visible && self.store.backend == Backend::Postgres {
            writes.notify(&id, change.row.stamp);
        }
        writes
    }

    /// Runs `f` on a game as last committed (a deadline that has passed is applied first).
    pub async fn read<T>(
        self: &Arc<Self>,
        id: &str,
        f: impl FnOnce(&GameRow, &Live) -> T,
    ) -> Result<T, ApiError> {
        if !secret::is_game_id(id) {
            return Err(ApiError::unknown_game());
        }
        let mut row = self
            .store
            .game(id)
            .await?
            .ok_or_else(ApiError::unknown_game)?;
        if overdue(&row, now_ms()) {
            self.act(id, Actor::System, Action::Expire).await?;
            row = self
                .store
                .game(id)
                .await?
                .ok_or_else(ApiError::unknown_game)?;
        }
        let slot = self.slots.get(id);
        let mut guard = slot.lock().await;
        for _ in 0..3 {
            if guard.as_ref().is_some_and(|l| l.version > row.version) {
                row = self
                    .store
                    .game(id)
                    .await?
                    .ok_or_else(ApiError::unknown_game)?;
            }
        }
        let cached = guard.take();
        let after = cached
            .as_ref()
            .filter(|l| l.version <= row.version)
            .map_or(0, |l| l.version);
        let log = if after < row.version {
            self.store.log(id, after, row.version).await?
        } else {
            Vec::new()
        };
        let live = advance(cached, &row, log)?;
        let out = f(&row, &live);
        *guard = Some(live);
        Ok(out)
    }

    /// The game as `GET /api/games/{id}` shows it; with a player's token, with that
    /// player's own sealed orders.
    pub async fn view(self: &Arc<Self>, id: &str, token: Option<&str>) -> Result<Value, ApiError> {
        let now = now_ms();
        let view = self
            .read(id, |row, live| {
                let viewer = token
                    .map(|token| side_of_token(row, token).map(|side| (side, sealed(row, side))))
                    .transpose()?;
                // The player's legal orders, for the page's order entry (src/board.rs).
                let legal = viewer.map(|(side, _)| crate::board::legal_orders(&live.session, side));
                Ok::<_, ApiError>((
                    render(row, live, None, now).to_value(),
                    row.version,
                    viewer,
                    legal,
                ))
            })
            .await??;
        let (view, version, viewer, legal) = (view.0, view.1, view.2, view.3);
        let mut view = view;
        if let Some((side, sealed)) = viewer {
            let pending = match sealed {
                true => self.store.pending(id, side.name(), version).await?,
                false => None,
            };
            view["you"] = Value::from(side.name());
            if view["kind"] == "simultaneous" {
                let pending: Option<Vec<String>> =
                    pending.and_then(|text| serde_json::from_str(&text).ok());
                view["pending"] = serde_json::json!(pending);
                view["legal"] = serde_json::json!(legal.unwrap_or_default());
            }
        }
        Ok(view)
    }

    /// A rematch of a finished game, colours swapped. The first player to ask creates it
    /// and takes a seat (an engine opponent takes the other at once); the other player asks
    /// too to take the other seat. The old game shows the rematch's id.
    pub async fn rematch(self: &Arc<Self>, id: &str, token: &str) -> Result<Rematched, ApiError> {
        if !secret::is_game_id(id) {
            return Err(ApiError::unknown_game());
        }
        let slot = self.slots.get(id);
        let mut _guard = slot.lock().await;
        // Both games' rows change outside `act`: their cached rows go, and the next change
        // reads them back. The rematch (if there is one yet) is locked too, before the
        // write transaction starts, in the one order (old game first) every rematch takes.
        _guard.take();
        let known = self.store.game(id).await?.and_then(|row| row.rematch);
        let rematch_slot = known.map(|new_id| self.slots.get(&new_id));
        let mut _rematch_guard = match &rematch_slot {
            Some(slot) => Some(slot.lock().await),
            None => None,
        };
        if let Some(guard) = _rematch_guard.as_mut() {
            guard.take();
        }
        let mut tx = self.store.begin().await?;
        let mut old = self
            .store
            .lock_game(&mut tx, id)
            .await?
            .ok_or_else(ApiError::unknown_game)?;
        let side = side_of_token(&old, token)?;
        if old.status != "finished" {
            return Err(ApiError::conflict("a rematch needs a finished game"));
        }
        let seat = !side;
        let token = secret::new_secret();
        let now = now_ms();
        let postgres = self.store.backend == Backend::Postgres;
        let (row, live, created, writes) = match old.rematch.clone() {
            None => {
                let players = (old.black_player.clone(), old.white_player.clone());
                let mut row = GameRow {
                    start_position: old.start_position.clone(),
                    ..GameRow::new(
                        secret::new_game_id(),
                        old.game.clone(),
                        old.options.clone(),
                        players,
                        now,
                    )
                };
                TimeControl::of(&old).set(&mut row);
                *token_mut(&mut row, seat) = Some(secret::hash(&token));
                let live = Live::start(&row).map_err(internal)?;
                if view::seated(&row, side) {
                    activate(&mut row, &live, now);
                }
                let mut writes = Writes::default();
                writes.insert_game(&row);
                old.rematch = Some(row.id.clone());
                old.stamp += 1;
                old.updated_ms = now;
                writes.update_game(&old);
                if postgres {
                    writes.notify(&old.id, old.stamp);
                }
                (row, live, true, writes)
            }
            Some(new_id) => {
                let mut row = self
                    .store
                    .lock_game(&mut tx, &new_id)
                    .await?
                    .ok_or_else(ApiError::unknown_game)?;
                if row.status != "waiting" || view::seated(&row, seat) {
                    return Err(ApiError::conflict("your seat in the rematch is taken"));
                }
                *token_mut(&mut row, seat) = Some(secret::hash(&token));
                let live = Live::start(&row).map_err(internal)?;
                activate(&mut row, &live, now);
                row.stamp += 1;
                row.updated_ms = now;
                let mut writes = Writes::default();
                writes.update_game(&row);
                if postgres {
                    writes.notify(&row.id, row.stamp);
                }
                (row, live, false, writes)
            }
        };
        tx.commit(writes).await?;
        drop(_rematch_guard);
        drop(_guard);
        for (game, stamp) in [(&old.id, old.stamp), (&row.id, row.stamp)] {
            if self.hub.watched(game).is_some() {
                let app = self.clone();
                let (game, now) = (game.clone(), now_ms());
                if let Ok(view) = app
                    .read(&game, |r, l| render(r, l, None, now).to_json())
                    .await
                {
                    app.hub.publish(&game, stamp, view);
                }
            }
        }
        if row.engine_due != 0 {
            self.kick(&row, &live);
        }
        Ok(Rematched {
            id: row.id,
            color: seat,
            token,
            created,
        })
    }

    /// The game's record, which `diplo replay` accepts.
    pub async fn record(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        self.read(id, |row, live| {
            let tags = [
                ("White".to_string(), row.white_player.clone()),
                ("Black".to_string(), row.black_player.clone()),
            ];
            live.session.record(&tags)
        })
        .await
    }

    /// Starts the engines that owe a move or orders in this game.
    pub fn kick(self: &Arc<Self>, row: &GameRow, live: &Live) {
        for side in awaiting(row, live) {
            let Ok(spec) = player(row, side).parse::<PlayerSpec>() else {
                continue;
            };
            if spec.is_human() {
                continue;
            }
            self.engines
                .start(self, &row.id, side, row.version, spec, live.session.clone());
        }
    }

    /// Starts the engines of a game that owe something (after a restart, or when the
    /// process that should have started them went away).
    pub async fn resume_engines(self: &Arc<Self>, id: &str) -> Result<(), ApiError> {
        let app = self.clone();
        self.read(id, move |row, live| {
            if row.engine_due != 0 {
                app.kick(row, live);
            }
        })
        .await
    }
}

fn token_mut(row: &mut GameRow, side: Color) -> &mut Option<String> {
    match side {
        Color::White => &mut row.white_token,
        Color::Black => &mut row.black_token,
    }
}

/// The side whose token this is, compared in constant time with both sides' hashes.
pub fn side_of_token(row: &GameRow, token: &str) -> Result<Color, ApiError> {
    let mut found = None;
    for side in Color::ALL {
        let stored = side.fold(&row.white_token, &row.black_token);
        if let Some(stored) = stored {
            if secret::matches(token, stored) {
                found = Some(side);
            }
        }
    }
    found.ok_or_else(|| ApiError::unauthorized("the token is not a player's token in this game"))
}

/// Starts the game: the first turn or phase begins now.
fn activate(row: &mut GameRow, live: &Live, now: i64) {
    row.status = "active".to_string();
    row.invite = None;
    row.open = 0;
    let finished = live.session.result().is_some();
    if finished {
        finish(row, live);
    }
    start_turn(row, to_move(live), finished, now);
    row.engine_due = i64::from(engine_due(row, live));
}

fn to_move(live: &Live) -> Option<Color> {
    live.session
        .as_sequential()
        .filter(|_| live.session.result().is_none())
        .map(|g| g.side_to_move())
}

fn finish(row: &mut GameRow, live: &Live) {
    if let Some(result) = live.session.result() {
        row.status = "finished".to_string();
        row.result = Some(result.outcome.token().to_string());
        row.reason = Some(result.reason.to_string());
        row.invite = None;
        row.open = 0;
        row.sealed = 0;
    }
}

fn engine_due(row: &GameRow, live: &Live) -> bool {
    awaiting(row, live)
        .into_iter()
        .any(|side| player(row, side) != "human")
}

/// Brings a cached game (or a new one) up to the row's version with the log entries it
/// lacks.
fn advance(cached: Option<Live>, row: &GameRow, log: Vec<LogRow>) -> Result<Live, ApiError> {
    let corrupt = |message: String| {
        eprintln!("diplo serve: game {} cannot be rebuilt: {message}", row.id);
        ApiError::internal()
    };
    let mut live = match cached {
        Some(live) if live.version <= row.version => live,
        _ => Live::start(row).map_err(corrupt)?,
    };
    for entry in &log {
        if entry.seq != live.version + 1 {
            return Err(corrupt(format!("log entry {} is out of order", entry.seq)));
        }
        let entry = Entry::from_row(entry).map_err(corrupt)?;
        live.apply(&entry).map_err(corrupt)?;
    }
    if live.version != row.version {
        return Err(corrupt(format!(
            "the log ends at {}, the game is at {}",
            live.version, row.version
        )));
    }
    Ok(live)
}

fn read_pending(rows: Vec<(String, String)>) -> BTreeMap<Color, Vec<String>> {
    rows.into_iter()
        .filter_map(|(side, orders)| {
            Some((
                Color::from_name(&side)?,
                serde_json::from_str(&orders).ok()?,
            ))
        })
        .collect()
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// One change in the making.
struct Change {
    row: GameRow,
    /// The sealed orders of the current phase.
    pending: BTreeMap<Color, Vec<String>>,
    /// Log entries to append.
    entries: Vec<LogRow>,
    /// Orders to seal.
    seal: Option<(Color, Vec<String>)>,
    /// Whether the sealed orders go (the phase resolved, or the game ended).
    unseal: bool,
    /// Whether anything public changed (beyond log entries).
    public: bool,
    /// The player who asked, when a player did.
    actor: Option<Color>,
    /// The row's sealed sides as the store had them.
    sealed_in_store: i64,
    now: i64,
}

impl Change {
    fn changed(&self, expired: bool, outcome: &Acted) -> bool {
        expired
            || !self.entries.is_empty()
            || self.seal.is_some()
            || matches!(outcome, Acted::Joined { .. })
    }

    fn record(&mut self, live: &Live, entry: &Entry) {
        self.entries.push(entry.to_row(live.version, self.now));
        self.row.version = live.version;
    }

    /// Applies a deadline that has passed: a missing phase's orders become the defaults,
    /// a sequential game's side to move loses on time.
    fn expire(&mut self, live: &mut Live) -> Result<bool, ApiError> {
        if !overdue(&self.row, self.now) {
            return Ok(false);
        }
        let entry = if let Some(game) = live.session.as_simultaneous() {
            let mut orders = |side: Color| {
                if game.owes_orders(side) {
                    self.pending.remove(&side)
                } else {
                    None
                }
            };
            let orders = PhaseOrders {
                white: orders(Color::White),
                black: orders(Color::Black),
            };
            live.resolve(&orders).map_err(internal)?;
            Entry::Phase(orders)
        } else {
            let Some(side) = to_move(live) else {
                return Ok(false);
            };
            let entry = Entry::Flag(side);
            live.apply(&entry).map_err(internal)?;
            entry
        };
        self.record(live, &entry);
        self.settle(live)?;
        Ok(true)
    }

    /// After a move or a phase: resolves phases nobody owes orders in, ends a finished
    /// game, starts the next turn's clock or deadline.
    fn settle(&mut self, live: &mut Live) -> Result<(), ApiError> {
        for _ in 0..64 {
            let idle = live.session.result().is_none()
                && live.session.as_simultaneous().is_some()
                && view::due(live).is_empty();
            if !idle {
                break;
            }
            let entry = Entry::Phase(PhaseOrders {
                white: None,
                black: None,
            });
            live.apply(&entry).map_err(internal)?;
            self.record(live, &entry);
        }
        // Only orders sealed by earlier requests are in the store.
        self.unseal = self.sealed_in_store != 0;
        self.row.sealed = 0;
        self.pending.clear();
        self.seal = None;
        let finished = live.session.result().is_some();
        if finished {
            finish(&mut self.row, live);
        }
        start_turn(&mut self.row, to_move(live), finished, self.now);
        Ok(())
    }

    fn side(&mut self, actor: &Actor) -> Result<Color, ApiError> {
        match actor {
            Actor::Token(token) => side_of_token(&self.row, token).inspect(|&side| {
                self.actor = Some(side);
            }),
            Actor::Engine { side } => {
                if player(&self.row, *side) == "human" {
                    return Err(ApiError::forbidden("that side is not the engine's"));
                }
                Ok(*side)
            }
            Actor::Anyone | Actor::System => Err(ApiError::unauthorized(
                "this needs a player's token (Authorization: Bearer <token>)",
            )),
        }
    }

    fn require_active(&self, live: &Live) -> Result<(), ApiError> {
        match self.row.status.as_str() {
            "active" => Ok(()),
            "waiting" => Err(ApiError::conflict(
                "the game has not started: the second player has not joined",
            )),
            _ => Err(ApiError::conflict(match live.session.result() {
                Some(result) => format!("the game is over ({result})"),
                None => "the game is over".to_string(),
            })),
        }
    }

    /// A move or orders are for the turn the player saw: not for the one that follows a
    /// deadline applied by this very request, nor for a version other than the one given.
    fn in_time(&self, expired: bool, version: Option<i64>) -> Result<(), ApiError> {
        if expired {
            return Err(ApiError::conflict(
                "the time for that turn ran out: it was played without this request",
            ));
        }
        match version {
            Some(v) if v != self.row.version => Err(ApiError::conflict(format!(
                "the game has moved on: it is at version {}, not {v}",
                self.row.version
            ))),
            _ => Ok(()),
        }
    }

    fn apply(
        &mut self,
        live: &mut Live,
        actor: Actor,
        action: Action,
        expired: bool,
    ) -> Result<Acted, ApiError> {
        match action {
            Action::Expire => Ok(Acted::Nothing),
            Action::Join { invite } => self.join(live, invite),
            Action::Move { text, version } => {
                let side = self.side(&actor)?;
                self.in_time(expired, version)?;
                self.play(live, side, &text)
            }
            Action::Orders { orders, version } => {
                let side = self.side(&actor)?;
                self.in_time(expired, version)?;
                self.orders(live, side, orders)
            }
            Action::Resign => {
                let side = self.side(&actor)?;
                self.require_active(live)?;
                let entry = Entry::Resign(side);
                live.apply(&entry).map_err(internal)?;
                self.record(live, &entry);
                self.settle(live)?;
                Ok(Acted::Game(String::new()))
            }
        }
    }

    fn join(&mut self, live: &Live, invite: Option<String>) -> Result<Acted, ApiError> {
        let free = Color::ALL
            .into_iter()
            .find(|&side| !view::seated(&self.row, side));
        let (Some(side), "waiting") = (free, self.row.status.as_str()) else {
            return Err(ApiError::conflict(
                "the game has no free seat: its invite was used",
            ));
        };
        let invited = match (&invite, &self.row.invite) {
            (Some(code), Some(stored)) => secret::matches(code, stored),
            _ => false,
        };
        if !invited && self.row.open == 0 {
            return Err(ApiError::forbidden(match invite {
                Some(_) => "the invite code is not this game's",
                None => "joining this game needs its invite code",
            }));
        }
        let token = secret::new_secret();
        *token_mut(&mut self.row, side) = Some(secret::hash(&token));
        activate(&mut self.row, live, self.now);
        self.public = true;
        Ok(Acted::Joined { color: side, token })
    }

    fn play(&mut self, live: &mut Live, side: Color, text: &str) -> Result<Acted, ApiError> {
        let Some(game) = live.session.as_sequential() else {
            return Err(ApiError::bad_request(format!(
                "{} is a simultaneous game: send orders to /orders",
                self.row.game
            )));
        };
        self.require_active(live)?;
        let to_move = game.side_to_move();
        if to_move != side {
            return Err(ApiError::conflict(format!(
                "it is not your turn: {to_move} is to move"
            )));
        }
        if text.len() > MAX_TEXT {
            return Err(ApiError::unprocessable(format!(
                "a move is at most {MAX_TEXT} characters"
            )));
        }
        let coordinate = live.play(text).map_err(ApiError::unprocessable)?;
        self.record(live, &Entry::Move { side, coordinate });
        charge(&mut self.row, side, self.now);
        self.settle(live)?;
        Ok(Acted::Game(String::new()))
    }

    fn orders(
        &mut self,
        live: &mut Live,
        side: Color,
        orders: Vec<String>,
    ) -> Result<Acted, ApiError> {
        let Some(game) = live.session.as_simultaneous() else {
            return Err(ApiError::bad_request(format!(
                "{} is a sequential game: send a move to /move",
                self.row.game
            )));
        };
        self.require_active(live)?;
        if !game.owes_orders(side) {
            return Err(ApiError::conflict(format!(
                "{side} owes no orders in this phase ({})",
                game.phase()
            )));
        }
        if orders.len() > MAX_ORDERS || orders.iter().any(|o| o.len() > MAX_TEXT) {
            return Err(ApiError::unprocessable(format!(
                "at most {MAX_ORDERS} orders of at most {MAX_TEXT} characters each"
            )));
        }
        let canonical = orders
            .iter()
            .map(|text| {
                game.check_order(side, text)
                    .map_err(|e| ApiError::unprocessable(format!("`{text}`: {e}")))
            })
            .collect::<Result<Vec<String>, ApiError>>()?;
        game.check_orders(side, &canonical)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        if self.pending.get(&side) == Some(&canonical) {
            // The same orders again: nothing to do.
            return Ok(Acted::Sealed);
        }
        let was_sealed = self.pending.contains_key(&side);
        self.pending.insert(side, canonical.clone());
        self.row.sealed |= side_bit(side);
        let complete = view::due(live)
            .into_iter()
            .all(|due| self.pending.contains_key(&due));
        if !complete {
            self.seal = Some((side, canonical));
            // Replaced orders change nothing anyone else may see.
            self.public = !was_sealed;
            return Ok(Acted::Sealed);
        }
        let take = |s: Color| {
            if view::due(live).contains(&s) {
                self.pending.get(&s).cloned()
            } else {
                None
            }
        };
        let phase = PhaseOrders {
            white: take(Color::White),
            black: take(Color::Black),
        };
        live.resolve(&phase).map_err(internal)?;
        self.record(live, &Entry::Phase(phase));
        self.settle(live)?;
        // The author's own orders are shown back only until the phase resolves.
        Ok(Acted::Game(String::new()))
    }
}

fn internal(message: String) -> ApiError {
    eprintln!("diplo serve: {message}");
    ApiError::internal()
}
