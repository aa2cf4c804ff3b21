//! Write transactions, and SQLite's group committer.

use super::writes::{bound, Writes};
use super::Backend;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Executor};
use tokio::sync::{mpsc, oneshot};

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

/// A write transaction on a connection of `pool`.
pub(super) async fn begin(pool: &AnyPool, backend: Backend) -> Result<Tx, sqlx::Error> {
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

impl Tx {
    /// The connection (present until the transaction ends).
    pub(super) fn conn(&mut self) -> &mut sqlx::AnyConnection {
        self.conn
            .as_deref_mut()
            .expect("a transaction's connection")
    }

    /// `sql`, preceded by `BEGIN IMMEDIATE` if it is this SQLite transaction's first.
    pub(super) fn first(&mut self, sql: &str) -> String {
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

/// A change waiting to be committed with others, and where its outcome goes.
pub(super) type Grouped = (Writes, oneshot::Sender<Result<(), sqlx::Error>>);

/// The most changes one group commits.
const MAX_GROUP: usize = 64;

/// The group committer (SQLite): takes every change waiting, commits them together, tells
/// each how it went. Ends when the store is dropped.
pub(super) async fn commit_in_groups(write: AnyPool, mut queue: mpsc::UnboundedReceiver<Grouped>) {
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
