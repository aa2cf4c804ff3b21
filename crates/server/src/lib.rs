//! `diplo serve`: the game server.
//!
//! The server is the "third person" the simultaneous games ask for: both sides seal their
//! orders with it, and it resolves the turn once both have (or the phase's time is up). It
//! is also a real-time and correspondence server for the sequential games, with clocks.
//!
//! - [`domain`]: the server's game, typed, and every change to it decided without I/O.
//! - [`app`]: the unit of work every change goes through (lock, load, decide, store,
//!   commit, publish, start engines), and every read.
//! - [`store`]: SQLite or PostgreSQL (games as rows, an append-only log, sealed orders).
//! - [`api`]: the HTTP API of interfaces.md v2, one router per resource, the event
//!   streams, the page's endpoints and the embedded web page.
//! - [`engine`]: computer opponents, fed through channels; [`events`]: live updates;
//!   [`view`] and [`board`]: the game as the API shows it; [`secret`]: tokens;
//!   [`background`]: deadlines, engines' choices, other processes' changes.
//!
//! `docs/server.md` explains how to run it, the API and how it scales past one machine.

pub mod api;
pub mod app;
pub mod background;
pub mod board;
pub mod config;
pub mod domain;
pub mod engine;
pub mod events;
pub mod secret;
pub mod store;
#[cfg(feature = "testing")]
pub mod testing;
pub mod view;

pub use config::{now_ms, Config};
pub use store::StoreError;

use app::App;
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
        let (engines, choices) = engine::Engines::start(config.engine_max_time);
        let app = Arc::new(App::new(store, config, engines));
        let mut tasks = vec![
            tokio::spawn(background::sweep(app.clone())),
            tokio::spawn(background::engine_choices(app.clone(), choices)),
        ];
        if app.store.backend == store::Backend::Postgres {
            tasks.push(tokio::spawn(background::listen(app.clone())));
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
