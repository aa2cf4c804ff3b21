//! `diplo serve`: the game server.
//!
//! The server is the "third person" the simultaneous games ask for: both sides seal their
//! orders with it, and it resolves the turn once both have (or the phase's time is up). It
//! is also a real-time and correspondence server for the sequential games, with clocks.
//!
//! - [`api`]: the HTTP API of interfaces.md v2, the event streams, the OpenAPI description
//!   and the embedded web page.
//! - [`app`]: every change to a game in one transaction, every read.
//! - [`store`]: SQLite or PostgreSQL (games as rows, an append-only log, sealed orders).
//! - [`live`]: games in memory, rebuilt from the log and cached per process.
//! - [`timing`]: clocks and deadlines as absolute times; [`engine`]: computer opponents;
//!   [`events`]: live updates; [`limits`]: rate, time and size limits; [`secret`]: tokens.
//!
//! `docs/server.md` explains how to run it, the API and how it scales past one machine.

pub mod api;
pub mod app;
pub mod board;
pub mod engine;
pub mod error;
pub mod events;
pub mod limits;
pub mod live;
pub mod page;
pub mod secret;
pub mod store;
#[cfg(feature = "testing")]
pub mod testing;
pub mod timing;
pub mod view;
mod web;

pub use app::{now_ms, Config};
pub use store::StoreError;

use app::{Action, Actor, App};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// The OpenAPI description of the API (`GET /api/openapi.json`).
pub const OPENAPI: &str = include_str!("openapi.json");

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
}

/// A server bound to its address, its store open and migrated, its background tasks
/// (deadlines, engines, PostgreSQL notifications) running.
pub struct Server {
    app: Arc<App>,
    listener: TcpListener,
    addr: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

/// How long open connections (event streams) get to finish after a shutdown is asked.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

impl Server {
    pub async fn bind(config: Config) -> Result<Server, StartError> {
        let store = store::Store::open(&config.db, config.db_connections).await?;
        let listener =
            TcpListener::bind(config.addr)
                .await
                .map_err(|source| StartError::Listen {
                    addr: config.addr,
                    source,
                })?;
        let addr = listener.local_addr().map_err(|source| StartError::Listen {
            addr: config.addr,
            source,
        })?;
        let app = Arc::new(App::new(store, config));
        let mut tasks = vec![tokio::spawn(sweep(app.clone()))];
        if app.store.backend == store::Backend::Postgres {
            tasks.push(tokio::spawn(listen(app.clone())));
        }
        Ok(Server {
            app,
            listener,
            addr,
            tasks,
        })
    }

    /// The address the server listens on (the real port when the config asked for 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn app(&self) -> &Arc<App> {
        &self.app
    }

    /// Serves until `shutdown` completes, then gives open connections a moment to finish.
    ///
    /// Each connection is HTTP/1.1 with keep-alive (and upgrades, for WebSockets); its
    /// request headers must arrive within the config's `header_timeout`, and at most
    /// [`MAX_CONNECTIONS`] connections are open at once (more wait to be accepted).
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let (stop, stopped) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            shutdown.await;
            let _ = stop.send(true);
        });
        let router = api::router(self.app.clone());
        let header_timeout = self.app.config.header_timeout;
        let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
        let open = slots.clone();
        let accept = {
            let mut stopped = stopped.clone();
            async move {
                loop {
                    let Ok(permit) = slots.clone().acquire_owned().await else {
                        return;
                    };
                    let (stream, remote) = tokio::select! {
                        accepted = self.listener.accept() => match accepted {
                            Ok(accepted) => accepted,
                            // Out of descriptors and the like: wait a little, go on.
                            Err(_) => {
                                tokio::time::sleep(Duration::from_millis(50)).await;
                                continue;
                            }
                        },
                        () = until_stopped(&mut stopped) => return,
                    };
                    let _ = stream.set_nodelay(true);
                    let serve = connection(
                        stream,
                        remote,
                        router.clone(),
                        header_timeout,
                        stopped.clone(),
                    );
                    tokio::spawn(async move {
                        serve.await;
                        drop(permit);
                    });
                }
            }
        };
        let mut stopped = stopped;
        tokio::select! {
            () = accept => {}
            _ = stopped.wait_for(|s| *s) => {}
        }
        // Requests under way and event streams get a moment to finish: every connection
        // gives its permit back as it closes.
        let all = u32::try_from(MAX_CONNECTIONS).unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(SHUTDOWN_GRACE, open.acquire_many(all)).await;
        for task in &self.tasks {
            task.abort();
        }
        self.app.store.close().await;
        Ok(())
    }
}

/// How many connections may be open at once.
pub const MAX_CONNECTIONS: usize = 16_384;

/// Waits until the server is asked to stop.
async fn until_stopped(stopped: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stopped.wait_for(|s| *s).await;
}

/// Serves one connection until it closes or the server stops.
async fn connection(
    stream: tokio::net::TcpStream,
    remote: SocketAddr,
    router: axum::Router,
    header_timeout: Duration,
    mut stopped: tokio::sync::watch::Receiver<bool>,
) {
    use tower::ServiceExt;
    let service = router.map_request(move |mut request: hyper::Request<hyper::body::Incoming>| {
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(remote));
        request.map(axum::body::Body::new)
    });
    let service = hyper_util::service::TowerToHyperService::new(service);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(header_timeout)
        .keep_alive(true);
    let conn = builder
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
        .with_upgrades();
    let mut conn = std::pin::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => {}
        () = until_stopped(&mut stopped) => {
            conn.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(SHUTDOWN_GRACE, conn).await;
        }
    }
}

/// The background task: applies deadlines that have passed and starts engines that owe a
/// move (at start, every engine that owes one: the server may have been stopped).
async fn sweep(app: Arc<App>) {
    let mut engines_checked: Option<i64> = None;
    loop {
        let now = now_ms();
        match app.store.overdue(now, 256).await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = app.act(&id, Actor::System, Action::Expire).await {
                        if e.status.is_server_error() {
                            eprintln!("diplo serve: deadline of game {id}: {e}");
                        }
                    }
                }
            }
            Err(e) => eprintln!("diplo serve: looking for deadlines: {e}"),
        }
        if engines_checked.map_or(true, |at| now - at >= 2_000) {
            // An engine has had 2 s to start since its turn began; at start, any age.
            let before = if engines_checked.is_none() {
                i64::MAX
            } else {
                now - 2_000
            };
            match app.store.engine_waiting(before, 256).await {
                Ok(ids) => {
                    for id in ids {
                        let _ = app.resume_engines(&id).await;
                    }
                }
                Err(e) => eprintln!("diplo serve: looking for engines: {e}"),
            }
            engines_checked = Some(now);
        }
        tokio::time::sleep(app.config.sweep_interval).await;
    }
}

/// PostgreSQL: hears the changes other processes make and publishes them to this
/// process's watchers.
async fn listen(app: Arc<App>) {
    loop {
        match sqlx::postgres::PgListener::connect(app.store.url()).await {
            Ok(mut listener) => {
                if let Err(e) = listener.listen("diplo_games").await {
                    eprintln!("diplo serve: LISTEN failed: {e}");
                } else {
                    // Anything missed while not listening: publish every watched game.
                    for id in app.hub.watched_games() {
                        refresh(&app, &id, i64::MIN).await;
                    }
                    while let Ok(note) = listener.recv().await {
                        let mut parts = note.payload().split(' ');
                        let (Some(id), Some(stamp)) = (parts.next(), parts.next()) else {
                            continue;
                        };
                        let Ok(stamp) = stamp.parse::<i64>() else {
                            continue;
                        };
                        refresh(&app, id, stamp).await;
                    }
                }
            }
            Err(e) => eprintln!("diplo serve: cannot LISTEN for other servers' changes: {e}"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Publishes a game's view to this process's watchers if it is newer than `stamp` says
/// they have.
async fn refresh(app: &Arc<App>, id: &str, stamp: i64) {
    match app.hub.watched(id) {
        Some(last) if last < stamp || stamp == i64::MIN => {}
        _ => return,
    }
    let now = now_ms();
    let view = app
        .read(id, |row, live| {
            (row.stamp, view::render(row, live, None, now).to_json())
        })
        .await;
    if let Ok((stamp, view)) = view {
        app.hub.publish(id, stamp, view);
    }
}
