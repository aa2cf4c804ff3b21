//! The API suite's harness: a server in this process on 127.0.0.1:0 with a store of its
//! own (SQLite file or PostgreSQL database), and small HTTP helpers.

#![allow(dead_code)]

pub use diplo_server::testing::{StoreKind, TestDb};
use diplo_server::{Config, Server};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

/// Both stores run the same cases: `both_stores!(case, ...)` makes `sqlite::case` and
/// `postgres::case` for each `async fn case(kind: StoreKind)`.
#[macro_export]
macro_rules! both_stores {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::$case($crate::common::StoreKind::Sqlite).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::$case($crate::common::StoreKind::Postgres).await;
                }
            )*
        }
    };
}

/// A running server and a client for it.
pub struct TestServer {
    pub addr: SocketAddr,
    pub base: String,
    pub client: reqwest::Client,
    pub db: std::sync::Arc<TestDb>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

pub fn config(db: &str) -> Config {
    let mut config = Config::new("127.0.0.1:0".parse().expect("an address"), db);
    config.rate_per_s = 0.0;
    config.sweep_interval = Duration::from_millis(50);
    config.db_connections = 4;
    config
}

impl TestServer {
    /// A server on a fresh store; `None` when PostgreSQL is not there (skipped).
    pub async fn start(kind: StoreKind) -> Option<TestServer> {
        let db = TestDb::new(kind).await?;
        Some(TestServer::with(std::sync::Arc::new(db), |_| {}).await)
    }

    /// A server on an existing store, its config adjusted by `adjust`.
    pub async fn with(db: std::sync::Arc<TestDb>, adjust: impl FnOnce(&mut Config)) -> TestServer {
        let mut config = config(&db.url);
        adjust(&mut config);
        let server = Server::bind(config).await.expect("the server starts");
        let addr = server.local_addr();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let _ = server
                .run(async move {
                    let _ = stopped.await;
                })
                .await;
        });
        TestServer {
            addr,
            base: format!("http://{addr}"),
            client: reqwest::Client::new(),
            db,
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// Stops the server (and waits until it has let go of its store).
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = tokio::time::timeout(Duration::from_secs(10), task).await;
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends a request with an optional token and JSON body; returns the status and the
    /// body as JSON (`Value::String` for a body that is not JSON).
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        let text = response.text().await.expect("a body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        if !status.is_success() {
            assert_error_body(status, &value);
        }
        (status, value)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(reqwest::Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    pub async fn text(&self, path: &str) -> (StatusCode, String) {
        let response = self
            .client
            .get(self.url(path))
            .send()
            .await
            .expect("an answer");
        (response.status(), response.text().await.expect("a body"))
    }

    /// Creates a game; returns the creator's answer (`id`, `color`, `token`, `invite`).
    pub async fn create(&self, body: Value) -> Value {
        let (status, answer) = self.post("/api/games", None, body).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        answer
    }

    /// A game between two people: (id, white's token, black's token).
    pub async fn two_players(&self, game: &str, extra: Value) -> (String, String, String) {
        let mut body = json!({"game": game, "color": "white", "opponent": "human"});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        let created = self.create(body).await;
        let id = created["id"].as_str().expect("an id").to_string();
        let (status, joined) = self
            .post(
                &format!("/api/games/{id}/join"),
                None,
                json!({"invite": created["invite"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        assert_eq!(joined["color"], "black");
        (
            id,
            created["token"].as_str().expect("a token").to_string(),
            joined["token"].as_str().expect("a token").to_string(),
        )
    }

    pub async fn game(&self, id: &str) -> Value {
        let (status, game) = self.get(&format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        game
    }

    /// Polls the game until `done` says yes (at most `seconds`).
    pub async fn wait_for(&self, id: &str, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
        loop {
            let game = self.game(id).await;
            if done(&game) {
                return game;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "gave up waiting: {game}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Every error answer is one JSON object with one string field, `error`, on one line.
pub fn assert_error_body(status: StatusCode, body: &Value) {
    let object = body
        .as_object()
        .unwrap_or_else(|| panic!("{status}: the error body is not JSON: {body}"));
    assert_eq!(object.len(), 1, "{status}: {body}");
    let message = object["error"].as_str().expect("a string");
    assert!(!message.is_empty() && !message.contains('\n'), "{body}");
}
