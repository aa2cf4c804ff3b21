//! `diplo serve` as a process: the `listening on` line, and a server killed with SIGKILL
//! mid-game that resumes every game on restart (sealed orders, deadlines and clocks
//! included), on SQLite and on PostgreSQL.

use diplo_server::testing::{StoreKind, TestDb};
use reqwest::blocking::Client;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `diplo serve`.
struct Served {
    child: Child,
    base: String,
    client: Client,
}

impl Served {
    fn start(db: &str) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_diplo"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--db",
                db,
                "--rate-limit",
                "0",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("diplo serve starts");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("a `listening on` line in 30 s");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("not a listening line: {line:?}"))
            .to_string();
        assert!(
            base.starts_with("http://127.0.0.1:") && !base.ends_with(":0"),
            "{base}"
        );
        Served {
            child,
            base,
            client: Client::new(),
        }
    }

    /// SIGKILL: no chance to clean up.
    fn kill(mut self) {
        self.child.kill().expect("kill");
        self.child.wait().expect("wait");
    }

    fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().expect("an answer");
        let status = response.status();
        let text = response.text().expect("a body");
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(reqwest::Method::POST, path, token, Some(body))
    }

    fn get(&self, path: &str, token: Option<&str>) -> Value {
        let (status, value) = self.call(reqwest::Method::GET, path, token, None);
        assert_eq!(status, StatusCode::OK, "{path}: {value}");
        value
    }

    /// A game between two people: (id, white's token, black's token).
    fn two_players(&self, body: Value) -> (String, String, String) {
        let (status, created) = self.post("/api/games", None, body);
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let (status, joined) = self.post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"invite": created["invite"]}),
        );
        assert_eq!(status, StatusCode::OK, "{joined}");
        let token = |v: &Value| v["token"].as_str().unwrap().to_string();
        match created["color"].as_str() {
            Some("white") => (id, token(&created), token(&joined)),
            _ => (id, token(&joined), token(&created)),
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn store(kind: StoreKind) -> Option<TestDb> {
    tokio::runtime::Runtime::new()
        .expect("a runtime")
        .block_on(TestDb::new(kind))
}

fn killed_between_submissions(kind: StoreKind) {
    let Some(db) = store(kind) else { return };
    let server = Served::start(&db.url);
    let (seq, seq_white, seq_black) =
        server.two_players(json!({"game": "diplomat-chess", "color": "white"}));
    for (token, mv) in [(&seq_white, "d3"), (&seq_black, "k3")] {
        let (status, _) = server.post(
            &format!("/api/games/{seq}/move"),
            Some(token),
            json!({"move": mv}),
        );
        assert_eq!(status, StatusCode::OK);
    }
    let (sim, white, black) = server.two_players(json!({"game": "diplochess", "color": "white"}));
    let orders = format!("/api/games/{sim}/orders");
    let (status, _) = server.post(&orders, Some(&white), json!({"orders": ["P e2 - e4"]}));
    assert_eq!(status, StatusCode::ACCEPTED);
    let before = (
        server.get(&format!("/api/games/{seq}"), None),
        server.get(&format!("/api/games/{sim}"), None),
    );
    server.kill();

    let server = Served::start(&db.url);
    assert_eq!(server.get(&format!("/api/games/{seq}"), None), before.0);
    assert_eq!(server.get(&format!("/api/games/{sim}"), None), before.1);
    let mine = server.get(&format!("/api/games/{sim}"), Some(&white));
    assert_eq!(mine["pending"], json!(["P e2 - e4"]));
    // The same orders again are harmless; then Black completes the turn.
    let (status, _) = server.post(&orders, Some(&white), json!({"orders": ["P e2 - e4"]}));
    assert_eq!(status, StatusCode::ACCEPTED);
    let (status, game) = server.post(&orders, Some(&black), json!({"orders": ["N g8 - f6"]}));
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["history"][0]["white"], json!(["P e2 - e4"]));
    assert_eq!(game["version"], 1);
    let (status, game) = server.post(
        &format!("/api/games/{seq}/move"),
        Some(&seq_white),
        json!({"move": "e3"}),
    );
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["version"], 3);
    // Killed right after an answer: the move was committed before it.
    server.kill();
    let server = Served::start(&db.url);
    assert_eq!(server.get(&format!("/api/games/{seq}"), None)["version"], 3);
    assert_eq!(server.get(&format!("/api/games/{sim}"), None)["version"], 1);
}

fn deadlines_across_a_restart(kind: StoreKind) {
    let Some(db) = store(kind) else { return };
    let server = Served::start(&db.url);
    // A phase whose deadline passes while the server is down.
    let (missed, white, _) =
        server.two_players(json!({"game": "diplomacy-chess", "color": "white", "deadline_s": 2}));
    let (status, _) = server.post(
        &format!("/api/games/{missed}/orders"),
        Some(&white),
        json!({"orders": ["e4"]}),
    );
    assert_eq!(status, StatusCode::ACCEPTED);
    // A phase whose deadline is still ahead when the server comes back.
    let (ahead, _, _) =
        server.two_players(json!({"game": "diplomacy-chess", "color": "white", "deadline_s": 6}));
    // A clock that runs out while the server is down.
    let (flagged, clock_white, _) = server.two_players(
        json!({"game": "diplomat-chess", "color": "white", "clock": {"initial_s": 2}}),
    );
    let (status, _) = server.post(
        &format!("/api/games/{flagged}/move"),
        Some(&clock_white),
        json!({"move": "d3"}),
    );
    assert_eq!(status, StatusCode::OK);
    let ahead_deadline = server.get(&format!("/api/games/{ahead}"), None)["deadline"]
        .as_i64()
        .unwrap();
    server.kill();
    std::thread::sleep(Duration::from_millis(2_500));

    let server = Served::start(&db.url);
    // The background task catches up without being asked: the flag shows in the lobby.
    let since = Instant::now();
    loop {
        let listed = server.get("/api/games?status=finished", None);
        if listed.to_string().contains(&flagged) {
            break;
        }
        assert!(since.elapsed() < Duration::from_secs(10), "{listed}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let game = server.get(&format!("/api/games/{flagged}"), None);
    assert_eq!(
        game["result"],
        json!({"token": "1-0", "reason": "black ran out of time"})
    );
    let game = server.get(&format!("/api/games/{missed}"), None);
    assert!(game["version"].as_i64().unwrap() >= 1, "{game}");
    assert_eq!(game["history"][0]["white"], json!(["e4"]));
    assert_eq!(game["history"][0]["black"], json!([]));
    // The deadline still ahead is honoured: not before its time, and then by itself.
    let game = server.get(&format!("/api/games/{ahead}"), None);
    if diplo_server::now_ms() < ahead_deadline {
        assert_eq!(game["version"], 0, "{game}");
        assert_eq!(game["deadline"].as_i64(), Some(ahead_deadline));
    }
    let since = Instant::now();
    loop {
        let game = server.get(&format!("/api/games/{ahead}"), None);
        if game["version"].as_i64().unwrap() >= 1 {
            assert!(diplo_server::now_ms() >= ahead_deadline);
            break;
        }
        assert!(since.elapsed() < Duration::from_secs(15), "{game}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn listening_line_and_usage_errors() {
    let output = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["serve", "--addr", "nowhere", "--db", "sqlite://x.db"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: ") && stderr.lines().count() == 1,
        "{stderr}"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_diplo"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", "mysql://nope"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn sqlite_killed_between_submissions() {
    killed_between_submissions(StoreKind::Sqlite);
}

#[test]
fn postgres_killed_between_submissions() {
    killed_between_submissions(StoreKind::Postgres);
}

#[test]
fn sqlite_deadlines_across_a_restart() {
    deadlines_across_a_restart(StoreKind::Sqlite);
}

#[test]
fn postgres_deadlines_across_a_restart() {
    deadlines_across_a_restart(StoreKind::Postgres);
}
