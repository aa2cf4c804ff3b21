//! `diplo serve`: the game server and the web page (interfaces.md v2; docs/server.md).

use crate::error::{CliError, Result};
use std::io::Write;
use std::net::{SocketAddr, ToSocketAddrs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Where to listen, HOST:PORT; port 0 picks a free port (the `listening on` line shows it)
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The store: sqlite://FILE (created if missing) or postgres://USER@HOST/DB
    #[arg(long, value_name = "URL", default_value = "sqlite://diplo.db")]
    pub db: String,
    /// Requests per second each client address may make on average (0: no limit)
    #[arg(long, value_name = "N", default_value_t = 50.0)]
    pub rate_limit: f64,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let addr: SocketAddr = args
        .addr
        .to_socket_addrs()
        .ok()
        .and_then(|mut addrs| addrs.next())
        .ok_or_else(|| CliError::usage(format!("`{}` is not an address (HOST:PORT)", args.addr)))?;
    if !args.rate_limit.is_finite() || args.rate_limit < 0.0 {
        return Err(CliError::usage(
            "--rate-limit is a number of requests per second, 0 or more",
        ));
    }
    let mut config = diplo_server::Config::new(addr, args.db.clone());
    config.rate_per_s = args.rate_limit;
    config.rate_burst = (args.rate_limit * 2.0).max(1.0);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::usage(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let server = diplo_server::Server::bind(config)
            .await
            .map_err(|e| CliError::usage(e.to_string()))?;
        writeln!(out, "listening on http://{}", server.local_addr())?;
        out.flush()?;
        server
            .run(shutdown_signal())
            .await
            .map_err(|e| CliError::usage(format!("the server stopped: {e}")))
    })
}

/// Ctrl-C, or SIGTERM on Unix.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
