//! The store: SQLite or PostgreSQL through sqlx's `Any` driver, one query text for both.
//!
//! The store is the truth. A game is a row of `games` (settings, status, clocks and
//! deadlines as absolute times, the hashes of its secrets) plus its append-only log in
//! `moves`; sealed orders wait in `pending` until their phase resolves. Every change to a
//! game happens in one transaction that starts by locking the game's row
//! ([`Store::lock_game`]), so two requests (or two processes on one PostgreSQL database) can
//! never both complete a turn.

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Executor, Row};
use std::borrow::Cow;
use std::fs::File;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Which database the store is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Why the store could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("`{0}` is not a database URL (sqlite://FILE or postgres://USER@HOST/DB)")]
    Url(String),
    #[error("cannot open the database: {0}")]
    Open(sqlx::Error),
    #[error("another `diplo serve` uses {0}; one server per SQLite file (several servers can share PostgreSQL)")]
    Busy(String),
    #[error("cannot lock {0}: {1}")]
    Lock(String, std::io::Error),
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// The columns of `games`, in the order `GameRow::read` expects them.
const GAME_COLUMNS: &str = "id, game, options, start_position, status, version, stamp, \
    white_player, black_player, white_token, black_token, invite, open, clock_kind, clock_ms, \
    increment_ms, white_ms, black_ms, turn_started_ms, deadline_ms, sealed, engine_due, \
    result, reason, rematch, created_ms, updated_ms";

/// One row of `games`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    /// The registry id (`diplochess`).
    pub game: String,
    /// The options as `key=value` pairs separated by spaces (every option, defaults too).
    pub options: String,
    /// The position the game started from, when not the standard start.
    pub start_position: Option<String>,
    /// `waiting`, `active` or `finished`.
    pub status: String,
    /// How many entries the game's log has.
    pub version: i64,
    /// Bumped by every change to the game (moves, sealed orders, joins): the events' order.
    pub stamp: i64,
    /// Each side's player: `human` or an engine spec.
    pub white_player: String,
    pub black_player: String,
    /// The SHA-256 of each side's token; `None` for an engine or an empty seat.
    pub white_token: Option<String>,
    pub black_token: Option<String>,
    /// The SHA-256 of the invite code while the second seat is free.
    pub invite: Option<String>,
    /// Listed in the lobby as an open invitation (anyone may join without the code).
    pub open: i64,
    /// `fischer`, `per_move` or `phase`; `None` without time control.
    pub clock_kind: Option<String>,
    /// Fischer: the initial time; per move: the time for each move; phase: each phase's time.
    pub clock_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    /// Fischer: each side's time left when the current turn started.
    pub white_ms: Option<i64>,
    pub black_ms: Option<i64>,
    pub turn_started_ms: Option<i64>,
    /// When the current turn or phase runs out (epoch ms).
    pub deadline_ms: Option<i64>,
    /// Which sides have sealed orders for the current phase: bit 0 White, bit 1 Black.
    pub sealed: i64,
    /// Whether an engine owes a move or orders.
    pub engine_due: i64,
    /// The result token and reason once finished.
    pub result: Option<String>,
    pub reason: Option<String>,
    /// The id of the rematch game, once one is offered.
    pub rematch: Option<String>,
    pub created_ms: i64,
    pub updated_ms: i64,
}

impl GameRow {
    /// A game nobody has joined or played yet: waiting, without time control, secrets or a
    /// start position; `players` are White's and Black's.
    pub fn new(
        id: String,
        game: String,
        options: String,
        players: (String, String),
        now: i64,
    ) -> GameRow {
        GameRow {
            id,
            game,
            options,
            start_position: None,
            status: "waiting".to_string(),
            version: 0,
            stamp: 0,
            white_player: players.0,
            black_player: players.1,
            white_token: None,
            black_token: None,
            invite: None,
            open: 0,
            clock_kind: None,
            clock_ms: None,
            increment_ms: None,
            white_ms: None,
            black_ms: None,
            turn_started_ms: None,
            deadline_ms: None,
            sealed: 0,
            engine_due: 0,
            result: None,
            reason: None,
            rematch: None,
            created_ms: now,
            updated_ms: now,
        }
    }

    fn read(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: row.try_get(0)?,
            game: row.try_get(1)?,
            options: row.try_get(2)?,
            start_position: row.try_get(3)?,
            status: row.try_get(4)?,
            version: row.try_get(5)?,
            stamp: row.try_get(6)?,
            white_player: row.try_get(7)?,
            black_player: row.try_get(8)?,
            white_token: row.try_get(9)?,
            black_token: row.try_get(10)?,
            invite: row.try_get(11)?,
            open: row.try_get(12)?,
            clock_kind: row.try_get(13)?,
            clock_ms: row.try_get(14)?,
            increment_ms: row.try_get(15)?,
            white_ms: row.try_get(16)?,
            black_ms: row.try_get(17)?,
            turn_started_ms: row.try_get(18)?,
            deadline_ms: row.try_get(19)?,
            sealed: row.try_get(20)?,
            engine_due: row.try_get(21)?,
            result: row.try_get(22)?,
            reason: row.try_get(23)?,
            rematch: row.try_get(24)?,
            created_ms: row.try_get(25)?,
            updated_ms: row.try_get(26)?,
        })
    }
}

/// One entry of a game's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    /// 1 for the first entry; the game's `version` is the last entry's.
    pub seq: i64,
    /// `move`, `phase`, `resign` or `flag`.
    pub kind: String,
    pub side: Option<String>,
    /// The move's text, or the phase's orders as JSON.
    pub body: String,
    pub at_ms: i64,
}

/// A game as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub id: String,
    pub game: String,
    pub status: String,
    pub white_player: String,
    pub black_player: String,
    pub white_seated: bool,
    pub black_seated: bool,
    pub open: bool,
    pub result: Option<String>,
    pub updated_ms: i64,
}

/// The store: a pool for writes and one for reads. On SQLite the write pool has one
/// connection, so writers queue in the server instead of polling SQLite's lock; readers
/// read the last committed state beside it (WAL). On PostgreSQL both are one pool.
#[derive(Clone, Debug)]
pub struct Store {
    pub backend: Backend,
    write: AnyPool,
    read: AnyPool,
    url: String,
    /// SQLite: the queue of changes committed in groups ([`Store::commit_known`]).
    groups: Option<mpsc::UnboundedSender<Grouped>>,
    /// SQLite on a file: the lock that keeps a second server off it (`FILE-lock`).
    owner: Option<Arc<std::sync::Mutex<Option<File>>>>,
}

/// A change waiting to be committed with others, and where its outcome goes.
type Grouped = (Writes, oneshot::Sender<Result<(), sqlx::Error>>);

/// The most changes one group commits.
const MAX_GROUP: usize = 64;

/// A write transaction on a connection of the write pool, in as few round trips as the
/// backend allows: on SQLite, `BEGIN IMMEDIATE` travels with the first statement and
/// `COMMIT` with the writes ([`Tx::commit`]), so a change costs two trips to SQLite's
/// connection thread, not four; on PostgreSQL each statement is a trip of its own.
/// Dropped without a commit, it rolls back before its connection serves anything else.
pub struct Tx {
    conn: Option<PoolConnection<Any>>,
    backend: Backend,
    /// Whether `BEGIN` has been sent.
    begun: bool,
}

impl Tx {
    /// The connection (present until the transaction ends).
    fn conn(&mut self) -> &mut sqlx::AnyConnection {
        self.conn
            .as_deref_mut()
            .expect("a transaction's connection")
    }

    /// `sql`, preceded by `BEGIN IMMEDIATE` if it is this SQLite transaction's first.
    fn first(&mut self, sql: &str) -> String {
        if self.begun {
            return sql.to_string();
        }
        self.begun = true;
        format!("BEGIN IMMEDIATE;\n{sql}")
    }

    /// Runs the writes and commits.
    pub async fn commit(mut self, writes: Writes) -> Result<(), sqlx::Error> {
        let (sql, binds) = writes.into_query(self.backend);
        let sql = match self.backend {
            Backend::Sqlite => self.first(&format!("{sql}COMMIT;")),
            Backend::Postgres => sql,
        };
        if !binds.is_empty() || self.backend == Backend::Sqlite {
            bound(sqlx::query(&sql), binds)
                .execute(&mut *self.conn())
                .await?;
        }
        if self.backend == Backend::Postgres {
            self.conn().execute("COMMIT").await?;
        }
        self.conn = None;
        Ok(())
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        if !self.begun {
            return;
        }
        // Roll back before the connection goes back to the pool; with no runtime to do it
        // on, or if the rollback fails, the connection is closed, which rolls back too.
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    if conn.execute("ROLLBACK").await.is_err() {
                        conn.close_on_drop();
                    }
                });
            }
            Err(_) => conn.close_on_drop(),
        }
    }
}

impl Store {
    /// Opens (and on SQLite creates) the database at `url` and brings its schema up to date.
    pub async fn open(url: &str, max_connections: u32) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (backend, url) = normalize_url(url)?;
        let store = match backend {
            Backend::Sqlite => {
                let owner = own_sqlite_file(&url)?;
                let pragmas = sqlite_pragmas;
                // No test query before each use: a SQLite connection is a file handle in this
                // process, and the test would cost a round trip to its thread per request.
                let write = AnyPoolOptions::new()
                    .max_connections(1)
                    .test_before_acquire(false)
                    .acquire_timeout(Duration::from_secs(30))
                    .after_connect(pragmas)
                    .connect(&url)
                    .await
                    .map_err(StoreError::Open)?;
                // Only the writer creates the file; readers open the file it made.
                let read = AnyPoolOptions::new()
                    .max_connections(max_connections.max(1))
                    .test_before_acquire(false)
                    .after_connect(pragmas)
                    .connect(&url.replace("mode=rwc", "mode=rw"))
                    .await
                    .map_err(StoreError::Open)?;
                let (groups, queue) = mpsc::unbounded_channel();
                tokio::spawn(commit_in_groups(write.clone(), queue));
                Store {
                    backend,
                    write,
                    read,
                    url,
                    groups: Some(groups),
                    owner: owner.map(|file| Arc::new(std::sync::Mutex::new(Some(file)))),
                }
            }
            Backend::Postgres => {
                let pool = AnyPoolOptions::new()
                    .max_connections(max_connections.max(2))
                    .acquire_timeout(Duration::from_secs(30))
                    .connect(&url)
                    .await
                    .map_err(StoreError::Open)?;
                Store {
                    backend,
                    write: pool.clone(),
                    read: pool,
                    url,
                    groups: None,
                    owner: None,
                }
            }
        };
        store.migrator().run(&store.write).await?;
        Ok(store)
    }

    /// The URL the store was opened with (for PostgreSQL's LISTEN connection).
    pub fn url(&self) -> &str {
        &self.url
    }

    fn migrator(&self) -> Migrator {
        let sql = match self.backend {
            Backend::Sqlite => include_str!("../migrations/sqlite/0001_games.sql"),
            Backend::Postgres => include_str!("../migrations/postgres/0001_games.sql"),
        };
        Migrator {
            migrations: Cow::Owned(vec![Migration::new(
                1,
                Cow::Borrowed("games"),
                MigrationType::Simple,
                Cow::Borrowed(sql),
                false,
            )]),
            ..Migrator::DEFAULT
        }
    }

    pub async fn close(&self) {
        self.write.close().await;
        self.read.close().await;
        if let Some(owner) = &self.owner {
            // Dropping the file lets go of its lock.
            owner.lock().map(|mut file| file.take()).ok();
        }
    }

    /// Starts a write transaction. On SQLite it takes the database's write lock at once
    /// (`BEGIN IMMEDIATE`), so a transaction that reads before it writes cannot be
    /// overtaken by another writer.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        begin(&self.write, self.backend).await
    }

    /// Whether this server is the only writer of its store, so that a game's row as it
    /// last committed it is the row in the store: SQLite (one server per file, see
    /// [`own_sqlite_file`]), not PostgreSQL, which other servers may share.
    pub fn sole_writer(&self) -> bool {
        self.groups.is_some()
    }

    /// Commits the writes of a change made without a transaction, on the game as this
    /// server last committed it ([`Store::sole_writer`] only). The changes that arrive
    /// while a group commits wait and then commit together, in one transaction and one
    /// trip to SQLite's thread; if a group fails, each of its changes is tried alone.
    pub async fn commit_known(&self, writes: Writes) -> Result<(), sqlx::Error> {
        let Some(groups) = &self.groups else {
            return self.begin().await?.commit(writes).await;
        };
        let (done, outcome) = oneshot::channel();
        groups
            .send((writes, done))
            .map_err(|_| sqlx::Error::PoolClosed)?;
        outcome.await.map_err(|_| sqlx::Error::PoolClosed)?
    }

    /// Locks a game's row for the rest of the transaction; `None` if there is no such game.
    /// On PostgreSQL a second transaction on the same game waits here until the first
    /// commits (`FOR UPDATE`); on SQLite the transaction holds the write lock already.
    pub async fn lock_game(&self, tx: &mut Tx, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let lock = match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE",
        };
        let sql = tx.first(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1{lock}"
        ));
        // Not `fetch_optional`: on SQLite the first result may be BEGIN's, which has no row.
        let rows = sqlx::query(&sql).bind(id).fetch_all(tx.conn()).await?;
        rows.first().map(GameRow::read).transpose()
    }

    /// A game as last committed.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.read)
            .await?;
        row.as_ref().map(GameRow::read).transpose()
    }

    /// Log entries `after < seq <= upto` of a game, in order.
    pub async fn log(&self, id: &str, after: i64, upto: i64) -> Result<Vec<LogRow>, sqlx::Error> {
        log(&self.read, LOG_QUERY, id, after, upto).await
    }

    /// The sealed orders of `side` for the phase at `version`.
    pub async fn pending(
        &self,
        id: &str,
        side: &str,
        version: i64,
    ) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT orders FROM pending WHERE game_id = $1 AND side = $2 AND version = $3",
        )
        .bind(id)
        .bind(side)
        .bind(version)
        .fetch_optional(&self.read)
        .await?;
        row.map(|r| r.try_get(0)).transpose()
    }

    /// Adds a new game.
    pub async fn insert_game(&self, g: &GameRow) -> Result<(), sqlx::Error> {
        let mut writes = Writes::default();
        writes.insert_game(g);
        self.begin().await?.commit(writes).await
    }

    /// Games of one status for the lobby, the most recently changed first.
    pub async fn list(&self, status: &str, limit: i64) -> Result<Vec<Listed>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, game, status, white_player, black_player, white_token, black_token, \
             open, result, updated_ms FROM games WHERE status = $1 \
             ORDER BY updated_ms DESC LIMIT $2",
        )
        .bind(status)
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        rows.iter()
            .map(|r| {
                let seated = |i: usize, player: &str| -> Result<bool, sqlx::Error> {
                    let token: Option<String> = r.try_get(i)?;
                    Ok(token.is_some() || player != "human")
                };
                let white_player: String = r.try_get(3)?;
                let black_player: String = r.try_get(4)?;
                Ok(Listed {
                    id: r.try_get(0)?,
                    game: r.try_get(1)?,
                    status: r.try_get(2)?,
                    white_seated: seated(5, &white_player)?,
                    black_seated: seated(6, &black_player)?,
                    white_player,
                    black_player,
                    open: r.try_get::<i64, _>(7)? != 0,
                    result: r.try_get(8)?,
                    updated_ms: r.try_get(9)?,
                })
            })
            .collect()
    }

    /// Active games whose turn or phase ran out by `now`.
    pub async fn overdue(&self, now: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE deadline_ms IS NOT NULL AND deadline_ms <= $1 \
             AND status = 'active' ORDER BY deadline_ms LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(|r| r.try_get(0)).collect()
    }

    /// Active games in which an engine has owed a move since before `before`.
    pub async fn engine_waiting(
        &self,
        before: i64,
        limit: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE engine_due <> 0 AND updated_ms <= $1 \
             AND status = 'active' ORDER BY updated_ms LIMIT $2",
        )
        .bind(before)
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(|r| r.try_get(0)).collect()
    }
}

/// A write transaction on a connection of `pool`.
async fn begin(pool: &AnyPool, backend: Backend) -> Result<Tx, sqlx::Error> {
    let mut tx = Tx {
        conn: Some(pool.acquire().await?),
        backend,
        begun: false,
    };
    if backend == Backend::Postgres {
        tx.begun = true;
        tx.conn().execute("BEGIN").await?;
    }
    Ok(tx)
}

/// The group committer (SQLite): takes every change waiting, commits them together, tells
/// each how it went. Ends when the store is dropped.
async fn commit_in_groups(write: AnyPool, mut queue: mpsc::UnboundedReceiver<Grouped>) {
    while let Some(first) = queue.recv().await {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(next) => group.push(next),
                Err(_) => break,
            }
        }
        let commit =
            |writes: Writes| async { begin(&write, Backend::Sqlite).await?.commit(writes).await };
        if group.len() == 1 {
            let (writes, done) = group.pop().expect("one change");
            let _ = done.send(commit(writes).await);
            continue;
        }
        let mut all = Writes::default();
        for (writes, _) in &group {
            all.extend(writes.clone());
        }
        if commit(all).await.is_ok() {
            for (_, done) in group {
                let _ = done.send(Ok(()));
            }
            continue;
        }
        for (writes, done) in group {
            let _ = done.send(commit(writes).await);
        }
    }
}

/// SQLite on a file: locks `FILE-lock` (created if missing) for as long as the store is
/// open. A server keeps the games it serves in memory and commits changes to them without
/// reading them back ([`Store::commit_known`]), so a second server on the same file would
/// overwrite the first's changes; several servers share a PostgreSQL database instead.
fn own_sqlite_file(url: &str) -> Result<Option<File>, StoreError> {
    let Some(path) = sqlite_path(url) else {
        return Ok(None);
    };
    let lock_path = format!("{path}-lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| StoreError::Lock(lock_path.clone(), e))?;
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => Ok(Some(file)),
        Err(fs4::TryLockError::WouldBlock) => Err(StoreError::Busy(path)),
        Err(fs4::TryLockError::Error(e)) => Err(StoreError::Lock(lock_path, e)),
    }
}

/// The file of a `sqlite:` URL; `None` for an in-memory database.
fn sqlite_path(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.contains(":memory:") && !url.contains("mode=memory"))
        .then(|| path.to_string())
}

const LOG_QUERY: &str = "SELECT seq, kind, side, body, at_ms FROM moves WHERE game_id = $1 \
                         AND seq > $2 AND seq <= $3 ORDER BY seq";

async fn log<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    sql: &str,
    id: &str,
    after: i64,
    upto: i64,
) -> Result<Vec<LogRow>, sqlx::Error> {
    let rows = sqlx::query(sql)
        .bind(id)
        .bind(after)
        .bind(upto)
        .fetch_all(executor)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(LogRow {
                seq: r.try_get(0)?,
                kind: r.try_get(1)?,
                side: r.try_get(2)?,
                body: r.try_get(3)?,
                at_ms: r.try_get(4)?,
            })
        })
        .collect()
}

/// What a write transaction does to a game (after [`Store::lock_game`]).
pub struct Txn;

impl Txn {
    pub async fn log(
        tx: &mut Tx,
        id: &str,
        after: i64,
        upto: i64,
    ) -> Result<Vec<LogRow>, sqlx::Error> {
        let sql = tx.first(LOG_QUERY);
        log(tx.conn(), &sql, id, after, upto).await
    }

    /// Every side's sealed orders for the phase at `version`.
    pub async fn pending(
        tx: &mut Tx,
        id: &str,
        version: i64,
    ) -> Result<Vec<(String, String)>, sqlx::Error> {
        let sql = tx.first(
            "SELECT side, orders FROM pending WHERE game_id = $1 AND version = $2 ORDER BY side",
        );
        let rows = sqlx::query(&sql)
            .bind(id)
            .bind(version)
            .fetch_all(tx.conn())
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }
}

/// A value bound to a statement of [`Writes`].
#[derive(Clone)]
enum Bind {
    Int(Option<i64>),
    Text(Option<String>),
}

/// The writes that end a change, run together in one round trip to the store.
#[derive(Default, Clone)]
pub struct Writes {
    statements: Vec<(&'static str, Vec<Bind>)>,
}

fn text(value: &str) -> Bind {
    Bind::Text(Some(value.to_string()))
}

fn opt_text(value: &Option<String>) -> Bind {
    Bind::Text(value.clone())
}

impl Writes {
    /// Adds another change's writes after these.
    fn extend(&mut self, other: Writes) {
        self.statements.extend(other.statements);
    }

    /// Appends an entry to a game's log.
    pub fn append(&mut self, id: &str, entry: &LogRow) {
        self.statements.push((
            "INSERT INTO moves (game_id, seq, kind, side, body, at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            vec![
                text(id),
                Bind::Int(Some(entry.seq)),
                text(&entry.kind),
                opt_text(&entry.side),
                text(&entry.body),
                Bind::Int(Some(entry.at_ms)),
            ],
        ));
    }

    /// Seals (or replaces) a side's orders for the phase at `version`.
    pub fn seal(&mut self, id: &str, side: &str, version: i64, orders: &str) {
        self.statements.push((
            "INSERT INTO pending (game_id, side, version, orders) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, side) DO UPDATE SET version = excluded.version, \
             orders = excluded.orders",
            vec![text(id), text(side), Bind::Int(Some(version)), text(orders)],
        ));
    }

    /// Drops a game's sealed orders (its phase resolved, or the game ended).
    pub fn unseal_all(&mut self, id: &str) {
        self.statements
            .push(("DELETE FROM pending WHERE game_id = $1", vec![text(id)]));
    }

    /// Adds a new game (a rematch).
    pub fn insert_game(&mut self, g: &GameRow) {
        self.statements.push((
            "INSERT INTO games (id, game, options, start_position, status, version, stamp, \
             white_player, black_player, white_token, black_token, invite, open, clock_kind, \
             clock_ms, increment_ms, white_ms, black_ms, turn_started_ms, deadline_ms, sealed, \
             engine_due, result, reason, rematch, created_ms, updated_ms) VALUES ($1, $2, $3, \
             $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
             $22, $23, $24, $25, $26, $27)",
            vec![
                text(&g.id),
                text(&g.game),
                text(&g.options),
                opt_text(&g.start_position),
                text(&g.status),
                Bind::Int(Some(g.version)),
                Bind::Int(Some(g.stamp)),
                text(&g.white_player),
                text(&g.black_player),
                opt_text(&g.white_token),
                opt_text(&g.black_token),
                opt_text(&g.invite),
                Bind::Int(Some(g.open)),
                opt_text(&g.clock_kind),
                Bind::Int(g.clock_ms),
                Bind::Int(g.increment_ms),
                Bind::Int(g.white_ms),
                Bind::Int(g.black_ms),
                Bind::Int(g.turn_started_ms),
                Bind::Int(g.deadline_ms),
                Bind::Int(Some(g.sealed)),
                Bind::Int(Some(g.engine_due)),
                opt_text(&g.result),
                opt_text(&g.reason),
                opt_text(&g.rematch),
                Bind::Int(Some(g.created_ms)),
                Bind::Int(Some(g.updated_ms)),
            ],
        ));
    }

    /// Writes back every field of a game that a change may touch (its stamp too).
    pub fn update_game(&mut self, g: &GameRow) {
        self.statements.push((
            "UPDATE games SET status = $2, version = $3, white_token = $4, black_token = $5, \
             invite = $6, open = $7, white_ms = $8, black_ms = $9, turn_started_ms = $10, \
             deadline_ms = $11, sealed = $12, engine_due = $13, result = $14, reason = $15, \
             rematch = $16, updated_ms = $17, stamp = $18 WHERE id = $1",
            vec![
                text(&g.id),
                text(&g.status),
                Bind::Int(Some(g.version)),
                opt_text(&g.white_token),
                opt_text(&g.black_token),
                opt_text(&g.invite),
                Bind::Int(Some(g.open)),
                Bind::Int(g.white_ms),
                Bind::Int(g.black_ms),
                Bind::Int(g.turn_started_ms),
                Bind::Int(g.deadline_ms),
                Bind::Int(Some(g.sealed)),
                Bind::Int(Some(g.engine_due)),
                opt_text(&g.result),
                opt_text(&g.reason),
                opt_text(&g.rematch),
                Bind::Int(Some(g.updated_ms)),
                Bind::Int(Some(g.stamp)),
            ],
        ));
    }

    /// PostgreSQL: tells every process listening that the game changed (delivered at
    /// commit).
    pub fn notify(&mut self, id: &str, stamp: i64) {
        self.statements.push((
            "SELECT pg_notify('diplo_games', $1)",
            vec![Bind::Text(Some(format!("{id} {stamp}")))],
        ));
    }

    /// The writes as one query: on SQLite the statements one after the other (each ended
    /// by `;`), on PostgreSQL as one statement (the writes as a `WITH` list, then the
    /// notification or nothing).
    fn into_query(self, backend: Backend) -> (String, Vec<Bind>) {
        let mut sql = String::new();
        let mut all = Vec::new();
        match backend {
            Backend::Sqlite => {
                for (statement, binds) in self.statements {
                    renumber(statement, all.len(), &mut sql);
                    sql.push_str(";\n");
                    all.extend(binds);
                }
            }
            Backend::Postgres => {
                let (selects, writes): (Vec<_>, Vec<_>) = self
                    .statements
                    .into_iter()
                    .partition(|(statement, _)| statement.starts_with("SELECT"));
                for (i, (statement, binds)) in writes.into_iter().enumerate() {
                    sql.push_str(if i == 0 { "WITH " } else { ", " });
                    sql.push_str(&format!("w{i} AS ("));
                    renumber(statement, all.len(), &mut sql);
                    sql.push_str(") ");
                    all.extend(binds);
                }
                match selects.into_iter().next() {
                    Some((statement, binds)) => {
                        renumber(statement, all.len(), &mut sql);
                        all.extend(binds);
                    }
                    None => sql.push_str("SELECT 1"),
                }
            }
        }
        (sql, all)
    }
}

fn bound<'q>(
    mut query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    binds: Vec<Bind>,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    for bind in binds {
        query = match bind {
            Bind::Int(value) => query.bind(value),
            Bind::Text(value) => query.bind(value),
        };
    }
    query
}

/// Copies `sql` with every `$N` made `$(N + offset)`.
fn renumber(sql: &str, offset: usize, out: &mut String) {
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '$' {
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            if let Ok(n) = digits.parse::<usize>() {
                out.push_str(&(n + offset).to_string());
            } else {
                out.push_str(&digits);
            }
        }
    }
}

/// Every SQLite connection: WAL, so that readers read beside the writer; synchronous NORMAL,
/// so that a commit survives the process being killed at any moment (docs/server.md says
/// what a power cut can cost); a busy timeout, so that readers wait out a checkpoint.
fn sqlite_pragmas(
    conn: &mut sqlx::AnyConnection,
    _: sqlx::pool::PoolConnectionMetadata,
) -> futures_util::future::BoxFuture<'_, Result<(), sqlx::Error>> {
    Box::pin(async move {
        conn.execute(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
             PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;",
        )
        .await
        .map(|_| ())
    })
}

/// Reads `--db`: `sqlite://FILE` (created if missing), `sqlite::memory:`, `postgres://…`.
fn normalize_url(url: &str) -> Result<(Backend, String), StoreError> {
    if let Some(rest) = url.strip_prefix("sqlite:") {
        if rest.is_empty() {
            return Err(StoreError::Url(url.to_string()));
        }
        let url = if rest.contains("mode=") || rest.contains(":memory:") {
            url.to_string()
        } else if rest.contains('?') {
            format!("{url}&mode=rwc")
        } else {
            format!("{url}?mode=rwc")
        };
        Ok((Backend::Sqlite, url))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok((Backend::Postgres, url.to_string()))
    } else {
        Err(StoreError::Url(url.to_string()))
    }
}

/// An active game between two people, for tests.
#[cfg(test)]
pub(crate) fn sample_row(id: &str) -> GameRow {
    let people = ("human".to_string(), "human".to_string());
    GameRow {
        status: "active".into(),
        ..GameRow::new(id.into(), "diplomat-chess".into(), String::new(), people, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{StoreKind, TestDb};

    #[tokio::test]
    async fn one_server_per_sqlite_file() {
        let db = TestDb::new(StoreKind::Sqlite).await.expect("a file");
        let first = Store::open(&db.url, 2)
            .await
            .expect("the first store opens");
        let second = Store::open(&db.url, 2).await;
        assert!(
            matches!(second, Err(StoreError::Busy(_))),
            "a second store on the file: {second:?}"
        );
        first.close().await;
        let again = Store::open(&db.url, 2)
            .await
            .expect("free again once closed");
        again.close().await;
    }

    #[tokio::test]
    async fn a_failing_change_among_grouped_ones_fails_alone() {
        let db = TestDb::new(StoreKind::Sqlite).await.expect("a file");
        let store = Store::open(&db.url, 2).await.expect("a store");
        store.insert_game(&sample_row("g1")).await.expect("a game");
        let entry = |seq: i64| {
            let mut writes = Writes::default();
            let body = format!("m{seq}");
            writes.append(
                "g1",
                &LogRow {
                    seq,
                    kind: "move".into(),
                    side: None,
                    body,
                    at_ms: 0,
                },
            );
            writes
        };
        // Sent all at once, so that they wait while the first commits and then commit as
        // groups; seq 5 comes twice and the log takes it once.
        let seqs: Vec<i64> = (1..=20).chain([5]).collect();
        let outcomes =
            futures_util::future::join_all(seqs.iter().map(|&seq| store.commit_known(entry(seq))))
                .await;
        let failed: Vec<i64> = seqs
            .iter()
            .zip(&outcomes)
            .filter(|(_, outcome)| outcome.is_err())
            .map(|(&seq, _)| seq)
            .collect();
        assert_eq!(failed, vec![5], "only the repeated entry fails");
        let log = store.log("g1", 0, 100).await.expect("the log");
        let kept: Vec<i64> = log.iter().map(|row| row.seq).collect();
        assert_eq!(kept, (1..=20).collect::<Vec<_>>());
        store.close().await;
    }

    #[test]
    fn statements_renumbered_for_one_query() {
        let mut out = String::new();
        renumber(
            "UPDATE t SET a = $1, b = $12 WHERE c = $2 AND d = '$'",
            10,
            &mut out,
        );
        assert_eq!(
            out,
            "UPDATE t SET a = $11, b = $22 WHERE c = $12 AND d = '$'"
        );
    }

    #[test]
    fn sqlite_files_of_urls() {
        assert_eq!(
            sqlite_path("sqlite://diplo.db?mode=rwc").as_deref(),
            Some("diplo.db")
        );
        assert_eq!(
            sqlite_path("sqlite:///tmp/a.db").as_deref(),
            Some("/tmp/a.db")
        );
        assert_eq!(sqlite_path("sqlite::memory:"), None);
        assert_eq!(sqlite_path("sqlite://x?mode=memory&cache=shared"), None);
        assert_eq!(sqlite_path("postgres://u@h/db"), None);
    }

    #[test]
    fn urls() {
        assert_eq!(
            normalize_url("sqlite://diplo.db").unwrap(),
            (Backend::Sqlite, "sqlite://diplo.db?mode=rwc".to_string())
        );
        assert_eq!(
            normalize_url("postgres://postgres@127.0.0.1/test")
                .unwrap()
                .0,
            Backend::Postgres
        );
        assert!(normalize_url("mysql://x").is_err());
        assert!(normalize_url("diplo.db").is_err());
    }
}
