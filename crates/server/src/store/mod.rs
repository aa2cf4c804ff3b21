//! The store: SQLite or PostgreSQL through sqlx's `Any` driver, one query text for both.
//!
//! The store is the truth. A game is a row of `games` (settings, status, clocks and
//! deadlines as absolute times, the hashes of its secrets) plus its append-only log in
//! `moves`; sealed orders wait in `pending` until their phase resolves. Each table is read
//! into the domain's types (`crate::domain`) and written from them in one place: [`games`]
//! and [`log`]. Every change to a game happens in one transaction that starts by locking
//! the game's row ([`Store::lock_game`]), so two requests (or two processes on one
//! PostgreSQL database) can never both complete a turn.

mod games;
mod log;
mod tx;
mod writes;

pub use tx::Tx;
pub use writes::Writes;

use crate::domain::GameError;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Executor};
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
    groups: Option<mpsc::UnboundedSender<tx::Grouped>>,
    /// SQLite on a file: the lock that keeps a second server off it (`FILE-lock`).
    owner: Option<Arc<std::sync::Mutex<Option<File>>>>,
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
                tokio::spawn(tx::commit_in_groups(write.clone(), queue));
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
        let files: [(i64, &str, &str); 2] = match self.backend {
            Backend::Sqlite => [
                (
                    1,
                    "games",
                    include_str!("../../migrations/sqlite/0001_games.sql"),
                ),
                (
                    2,
                    "saved orders",
                    include_str!("../../migrations/sqlite/0002_saved_orders.sql"),
                ),
            ],
            Backend::Postgres => [
                (
                    1,
                    "games",
                    include_str!("../../migrations/postgres/0001_games.sql"),
                ),
                (
                    2,
                    "saved orders",
                    include_str!("../../migrations/postgres/0002_saved_orders.sql"),
                ),
            ],
        };
        let migrations = files
            .into_iter()
            .map(|(version, name, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(name),
                    MigrationType::Simple,
                    Cow::Borrowed(sql),
                    false,
                )
            })
            .collect();
        Migrator {
            migrations: Cow::Owned(migrations),
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
        tx::begin(&self.write, self.backend).await
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

impl From<sqlx::Error> for GameError {
    fn from(e: sqlx::Error) -> GameError {
        GameError::Internal(format!("store error: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Entry, GameState};
    use crate::testing::{StoreKind, TestDb};
    use diplo_core::Color;

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
        let mut insert = Writes::default();
        insert.insert_game(&GameState::sample("g1"));
        store.commit_known(insert).await.expect("a game");
        let entry = |seq: i64| {
            let mut writes = Writes::default();
            let coordinate = format!("m{seq}");
            let side = Color::White;
            writes.append("g1", seq, &Entry::Move { side, coordinate }, 0);
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
