//! How the server runs, and the clock every time in it is read from.

use std::net::SocketAddr;
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
