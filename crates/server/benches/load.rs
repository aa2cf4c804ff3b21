//! Load benchmark of `diplo serve` (not a test): a server in this process on 127.0.0.1:0,
//! driven over loopback by a bounded number of HTTP/1.1 keep-alive connections that play
//! many games at once, half Diplomat Chess (moves) and half Diplomacy Chess (sealed
//! orders), with random legal moves and orders from a replica of each game. It runs for a
//! fixed time (and at most a fixed number of requests), then prints throughput and latency.
//!
//! ```text
//! cargo bench -p diplo-server --bench load                      # SQLite (a temporary file)
//! cargo bench -p diplo-server --bench load -- --store postgres  # PostgreSQL (a new database)
//!   [--games 1000] [--connections 16] [--seconds 10] [--max-moves 40]
//! ```
//!
//! Server and client share the machine's cores; the figures are for both together.

use diplo_core::Color;
use diplo_games::Session;
use diplo_server::testing::{StoreKind, TestDb};
use diplo_server::{Config, Server};
use hdrhistogram::Histogram;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

// The allocator `diplo` itself uses (crates/cli/src/main.rs), so that the figures are its.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

struct Options {
    store: StoreKind,
    games: usize,
    connections: usize,
    seconds: u64,
    max_moves: usize,
}

/// No run sends more requests than this, whatever the time.
const MAX_REQUESTS: u64 = 20_000_000;

fn options() -> Options {
    let mut o = Options {
        store: StoreKind::Sqlite,
        games: 1000,
        connections: 16,
        seconds: 10,
        max_moves: 40,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let number = || value.parse::<usize>().expect("a number");
        match args[i].as_str() {
            "--store" => {
                o.store = match value.as_str() {
                    "sqlite" => StoreKind::Sqlite,
                    "postgres" => StoreKind::Postgres,
                    other => panic!("--store sqlite|postgres, not {other}"),
                }
            }
            "--games" => o.games = number(),
            "--connections" => o.connections = number().max(1),
            "--seconds" => o.seconds = number() as u64,
            "--max-moves" => o.max_moves = number(),
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o
}

/// One game the load plays, with the client's replica of it.
struct Game {
    id: String,
    tokens: [String; 2],
    replica: Session,
    /// Simultaneous games: White's orders, sent and waiting for Black's.
    sealed: Option<Vec<String>>,
    plies: usize,
}

struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, bytes::Bytes) {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        match request.send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                (status, response.bytes().await.unwrap_or_default())
            }
            Err(_) => (0, bytes::Bytes::new()),
        }
    }

    /// A new game between two people (two requests): creation and joining.
    async fn new_game(&self, n: usize) -> Game {
        let game = if n % 2 == 0 {
            "diplomat-chess"
        } else {
            "diplomacy-chess"
        };
        let (status, body) = self
            .post("/api/games", None, &json!({"game": game, "color": "white"}))
            .await;
        assert_eq!(status, 201, "{}", String::from_utf8_lossy(&body));
        let created: Value = serde_json::from_slice(&body).expect("json");
        let id = created["id"].as_str().expect("id").to_string();
        let (status, body) = self
            .post(
                &format!("/api/games/{id}/join"),
                None,
                &json!({"invite": created["invite"]}),
            )
            .await;
        assert_eq!(status, 200);
        let joined: Value = serde_json::from_slice(&body).expect("json");
        let entry = diplo_games::find(game).expect("a game");
        let replica = entry
            .start(&entry.options::<&str>(&[]).expect("options"), None)
            .expect("a start");
        Game {
            id,
            tokens: [
                created["token"].as_str().expect("token").to_string(),
                joined["token"].as_str().expect("token").to_string(),
            ],
            replica,
            sealed: None,
            plies: 0,
        }
    }
}

fn random_orders(session: &Session, side: Color, rng: &mut SmallRng) -> Vec<String> {
    let game = session.as_simultaneous().expect("simultaneous");
    let legal = game.legal_orders(side);
    let (least, _) = game.order_count(side);
    for _ in 0..16 {
        let set: Vec<String> = legal.choose_multiple(rng, least).cloned().collect();
        if game.check_orders(side, &set).is_ok() {
            return set;
        }
    }
    game.default_orders(side)
}

#[derive(Default)]
struct Counts {
    requests: AtomicU64,
    plays: AtomicU64,
    errors: AtomicU64,
    games: AtomicU64,
}

/// The CPU time (user and system) this process has used, from `/proc/self/stat` (Linux;
/// clock ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let o = options();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(run(o));
}

async fn run(o: Options) {
    let Some(db) = TestDb::new(o.store).await else {
        eprintln!("no PostgreSQL: nothing to measure");
        return;
    };
    let mut config = Config::new("127.0.0.1:0".parse().expect("addr"), db.url.clone());
    config.rate_per_s = 0.0;
    config.db_connections = 16;
    let server = Server::bind(config).await.expect("the server starts");
    let addr = server.local_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(server.run(async move {
        let _ = stopped.await;
    }));
    let client = Arc::new(Client {
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(o.connections)
            .build()
            .expect("a client"),
        base: format!("http://{addr}"),
    });

    let setup = Instant::now();
    let mut games = VecDeque::new();
    for n in 0..o.games {
        games.push_back(client.new_game(n).await);
    }
    println!(
        "store: {:?}; {} games set up in {:.1} s; {} connections for {} s",
        o.store,
        o.games,
        setup.elapsed().as_secs_f64(),
        o.connections,
        o.seconds
    );

    let queue = Arc::new(Mutex::new(games));
    let counts = Arc::new(Counts::default());
    let histogram = Arc::new(Mutex::new(
        Histogram::<u64>::new_with_bounds(1, 60_000_000, 3).expect("a histogram"),
    ));
    let cpu_start = cpu_seconds();
    let start = Instant::now();
    let end = start + Duration::from_secs(o.seconds);
    let mut workers = Vec::new();
    for w in 0..o.connections {
        let (client, queue, counts, histogram) = (
            client.clone(),
            queue.clone(),
            counts.clone(),
            histogram.clone(),
        );
        let max_moves = o.max_moves;
        workers.push(tokio::spawn(async move {
            let mut rng = SmallRng::seed_from_u64(w as u64);
            let mut local = Histogram::<u64>::new_with_bounds(1, 60_000_000, 3).expect("h");
            let mut timed = |status: u16, t: Instant, counts: &Counts| {
                local.record(t.elapsed().as_micros() as u64).ok();
                counts.requests.fetch_add(1, Ordering::Relaxed);
                if !(200..300).contains(&status) {
                    counts.errors.fetch_add(1, Ordering::Relaxed);
                }
            };
            while Instant::now() < end && counts.requests.load(Ordering::Relaxed) < MAX_REQUESTS {
                let Some(mut game) = queue.lock().expect("queue").pop_front() else {
                    tokio::task::yield_now().await;
                    continue;
                };
                let over = game.replica.result().is_some() || game.plies >= max_moves;
                if over {
                    let t = Instant::now();
                    let (status, _) = client
                        .post(
                            &format!("/api/games/{}/resign", game.id),
                            Some(&game.tokens[0]),
                            &json!({}),
                        )
                        .await;
                    timed(if status == 409 { 200 } else { status }, t, &counts);
                    let n = counts.games.fetch_add(1, Ordering::Relaxed) as usize;
                    game = client.new_game(n + w).await;
                    counts.requests.fetch_add(2, Ordering::Relaxed);
                } else if let Some(seq) = game.replica.as_sequential() {
                    let side = seq.side_to_move();
                    let Some(mv) = seq
                        .legal_moves()
                        .choose(&mut rng)
                        .map(|m| m.coordinate.clone())
                    else {
                        game.plies = max_moves;
                        queue.lock().expect("queue").push_back(game);
                        continue;
                    };
                    let t = Instant::now();
                    let (status, _) = client
                        .post(
                            &format!("/api/games/{}/move", game.id),
                            Some(&game.tokens[side.index()]),
                            &json!({"move": mv}),
                        )
                        .await;
                    timed(status, t, &counts);
                    counts.plays.fetch_add(1, Ordering::Relaxed);
                    if status == 200 {
                        game.replica
                            .as_sequential_mut()
                            .expect("seq")
                            .play(&mv)
                            .expect("legal");
                        game.plies += 1;
                    }
                } else {
                    let side = if game.sealed.is_none() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let orders = random_orders(&game.replica, side, &mut rng);
                    let t = Instant::now();
                    let (status, _) = client
                        .post(
                            &format!("/api/games/{}/orders", game.id),
                            Some(&game.tokens[side.index()]),
                            &json!({"orders": orders}),
                        )
                        .await;
                    timed(status, t, &counts);
                    counts.plays.fetch_add(1, Ordering::Relaxed);
                    match (side, status) {
                        (Color::White, 202) => game.sealed = Some(orders),
                        (Color::Black, 200) => {
                            let white = game.sealed.take();
                            game.replica
                                .as_simultaneous_mut()
                                .expect("sim")
                                .resolve(white.as_deref(), Some(&orders))
                                .expect("resolves");
                            game.plies += 1;
                        }
                        _ => game.plies = max_moves,
                    }
                }
                queue.lock().expect("queue").push_back(game);
            }
            histogram
                .lock()
                .expect("histogram")
                .add(&local)
                .expect("same bounds");
        }));
    }
    for worker in workers {
        worker.await.expect("a worker");
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(end, start)| end - start);
    let h = histogram.lock().expect("histogram").clone();
    let requests = counts.requests.load(Ordering::Relaxed);
    let plays = counts.plays.load(Ordering::Relaxed);
    println!(
        "requests: {requests} in {elapsed:.1} s = {:.0}/s; moves and orders: {plays} = {:.0}/s; \
         errors: {}; games finished and replaced: {}",
        requests as f64 / elapsed,
        plays as f64 / elapsed,
        counts.errors.load(Ordering::Relaxed),
        counts.games.load(Ordering::Relaxed)
    );
    println!(
        "latency ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  p99.9 {:.2}  max {:.2}",
        h.value_at_quantile(0.50) as f64 / 1000.0,
        h.value_at_quantile(0.90) as f64 / 1000.0,
        h.value_at_quantile(0.99) as f64 / 1000.0,
        h.value_at_quantile(0.999) as f64 / 1000.0,
        h.max() as f64 / 1000.0
    );
    if let Some(cpu) = cpu {
        // On a shared machine the wall-clock figures depend on what else runs; the CPU
        // time this process (server and client together) spent per request does not.
        println!(
            "cpu: {cpu:.1} s for server and client together = {:.0} us per request",
            cpu * 1e6 / requests.max(1) as f64
        );
    }
    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(10), served).await;
    drop(db);
}
