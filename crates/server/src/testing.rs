//! Test helpers (feature `testing`): a fresh store for each test.
//!
//! SQLite: a new file in the temporary directory. PostgreSQL: a new database
//! `diplo_test_<random>` on the server that `DIPLO_TEST_POSTGRES` names (an admin URL such
//! as `postgres://postgres@127.0.0.1/test`); without that variable the local server at
//! `127.0.0.1:5432` is tried, and if it cannot be reached the PostgreSQL tests are skipped
//! with a note. Either way the file or database is removed when the [`TestDb`] is dropped.

use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::{ConnectOptions, Connection, Executor};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The variable naming the PostgreSQL server for the tests (an admin URL).
pub const POSTGRES_VAR: &str = "DIPLO_TEST_POSTGRES";
const LOCAL_POSTGRES: &str = "postgres://postgres@127.0.0.1/test";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreKind {
    Sqlite,
    Postgres,
}

/// A store of its own for one test.
pub struct TestDb {
    /// The `--db` URL of the store.
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    File(PathBuf),
    Database { admin: String, name: String },
}

fn random_name() -> String {
    format!("{:016x}", rand::random::<u64>())
}

impl TestDb {
    /// A fresh store; `None` only for PostgreSQL when no server can be reached and
    /// `DIPLO_TEST_POSTGRES` is not set (a note says the tests are skipped).
    pub async fn new(kind: StoreKind) -> Option<TestDb> {
        match kind {
            StoreKind::Sqlite => {
                let path = std::env::temp_dir().join(format!("diplo-test-{}.db", random_name()));
                Some(TestDb {
                    url: format!("sqlite://{}", path.display()),
                    cleanup: Cleanup::File(path),
                })
            }
            StoreKind::Postgres => {
                let admin = postgres_admin().await?;
                let name = format!("diplo_test_{}", random_name());
                let mut conn = PgConnection::connect(&admin)
                    .await
                    .unwrap_or_else(|e| panic!("cannot connect to {admin}: {e}"));
                conn.execute(format!("CREATE DATABASE \"{name}\"").as_str())
                    .await
                    .unwrap_or_else(|e| panic!("cannot create database {name}: {e}"));
                let _ = conn.close().await;
                let url = PgConnectOptions::from_str(&admin)
                    .unwrap_or_else(|e| panic!("{POSTGRES_VAR}: {e}"))
                    .database(&name)
                    .to_url_lossy()
                    .to_string();
                Some(TestDb {
                    url,
                    cleanup: Cleanup::Database { admin, name },
                })
            }
        }
    }
}

/// The admin URL of the PostgreSQL server for tests, if one can be reached.
pub async fn postgres_admin() -> Option<String> {
    let (url, required) = match std::env::var(POSTGRES_VAR) {
        Ok(url) if !url.is_empty() => (url, true),
        _ => (LOCAL_POSTGRES.to_string(), false),
    };
    let reached = tokio::time::timeout(Duration::from_secs(3), PgConnection::connect(&url)).await;
    match reached {
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            Some(url)
        }
        Ok(Err(e)) if required => panic!("{POSTGRES_VAR}={url}: cannot connect: {e}"),
        Err(_) if required => panic!("{POSTGRES_VAR}={url}: no answer in 3 s"),
        _ => {
            eprintln!(
                "note: no PostgreSQL at {url} and {POSTGRES_VAR} is not set: \
                 skipping the PostgreSQL half of this test (.ci/run runs it)"
            );
            None
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::File(path) => {
                for suffix in ["", "-wal", "-shm", "-lock"] {
                    let mut file = path.clone().into_os_string();
                    file.push(suffix);
                    let _ = std::fs::remove_file(file);
                }
            }
            Cleanup::Database { admin, name } => {
                let (admin, name) = (admin.clone(), name.clone());
                // Drop may run inside a runtime: do the async work on a thread of its own.
                let dropped = std::thread::spawn(move || {
                    let runtime = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .ok()?;
                    runtime.block_on(async {
                        let mut conn = PgConnection::connect(&admin).await.ok()?;
                        let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
                        conn.execute(sql.as_str()).await.ok()?;
                        conn.close().await.ok()
                    })
                })
                .join();
                if !matches!(dropped, Ok(Some(()))) {
                    eprintln!("note: could not drop the test database");
                }
            }
        }
    }
}
