//! Saved orders (interfaces.md v3): orders saved without being ready stay with their
//! author (views, event streams, record, lobby, errors), are checked as they are saved, are
//! used at the deadline and gone once the phase resolves; a side with nothing saved missed
//! the phase, and missed phases forfeit or abandon the game. Every case runs on both stores.

mod common;

use common::{StoreKind, TestServer};
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

both_stores!(
    saved_orders_stay_with_their_author,
    ready_and_no_longer_ready,
    impossible_saved_orders_are_refused_at_once,
    saved_orders_are_used_at_the_deadline,
    missed_phases_forfeit_or_abandon_the_game,
);

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next view a WebSocket sends, or `None` if none comes within `ms`.
async fn next_within(socket: &mut Socket, ms: u64) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(Duration::from_millis(ms), socket.next())
            .await
            .ok()?
            .expect("the socket is open")
            .expect("a message");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
            return Some(serde_json::from_str::<Value>(&text).expect("a view"));
        }
    }
}

/// Everything an SSE stream has sent until `until` appears in it (at most 10 s).
async fn read_until(events: &mut reqwest::Response, stream: &mut String, until: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !stream.contains(until) {
        let chunk = tokio::time::timeout_at(deadline, events.chunk())
            .await
            .unwrap_or_else(|_| panic!("`{until}` never reached the event stream: {stream}"))
            .unwrap()
            .expect("the stream goes on");
        stream.push_str(&String::from_utf8_lossy(&chunk));
    }
}

async fn saved_orders_stay_with_their_author(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplochess", json!({})).await;
    let url = format!("ws://{}/api/games/{id}/events", s.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    assert_eq!(
        next_within(&mut socket, 10_000).await.unwrap()["version"],
        0
    );
    let mut sse = s
        .client
        .get(s.url(&format!("/api/games/{id}/events")))
        .send()
        .await
        .unwrap();
    let mut stream = String::new();
    read_until(&mut sse, &mut stream, "\"version\":0").await;
    // PostgreSQL: the first LISTEN may publish the game once more; let it pass.
    while next_within(&mut socket, 500).await.is_some() {}

    let before = s.game(&id).await;
    let (_, listed) = s.get("/api/games?status=active", None).await;
    // Orders no order of Black's names (Black's legal orders list supports of White's moves).
    let secret = "N b1 - c3";
    let orders = format!("/api/games/{id}/orders");
    for saved in [vec!["P f2 - f3"], vec![secret, "P f2 - f3"], vec![secret]] {
        let (status, answer) = s
            .post(
                &orders,
                Some(&white),
                json!({"orders": saved, "ready": false}),
            )
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
        assert_eq!(answer, json!({"saved": true}));
    }
    // The author sees its saved orders, and that it is not ready.
    let (_, mine) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
    assert_eq!(mine["pending"], json!([secret]));
    assert_eq!(mine["ready"], false);
    assert_eq!(mine["awaiting"], json!(["white", "black"]));
    // Nobody else sees anything: not the orders, not how many, not even that there are any.
    assert_eq!(s.game(&id).await, before);
    let (_, theirs) = s.get(&format!("/api/games/{id}"), Some(&black)).await;
    assert_eq!(theirs["pending"], Value::Null);
    assert_eq!(theirs["ready"], false);
    assert_eq!(theirs["awaiting"], json!(["white", "black"]));
    assert_eq!(theirs["version"], before["version"]);
    // Not even the lobby's time of the last change moved.
    assert_eq!(s.get("/api/games?status=active", None).await.1, listed);
    let mut seen = vec![
        theirs.to_string(),
        s.text(&format!("/api/games/{id}/record")).await.1,
    ];
    for path in ["/api/games?status=active", "/api/games?status=waiting"] {
        seen.push(s.get(path, None).await.1.to_string());
    }
    for (token, body) in [
        (
            Some(&black),
            json!({"orders": ["N g8 - h6", "N g8 - f6"], "ready": false}),
        ),
        (
            Some(&black),
            json!({"orders": ["N b8 - b5"], "ready": false}),
        ),
        (Some(&black), json!({"orders": ["P e7 - e5", "P e7 - e6"]})),
        (Some(&black), json!({"orders": ["zz"], "ready": "no"})),
        (None, json!({"orders": ["P h7 - h6"], "ready": false})),
    ] {
        let (status, error) = s.post(&orders, token.map(String::as_str), body).await;
        assert!(status.is_client_error(), "{status} {error}");
        seen.push(error.to_string());
    }
    // No event for a saved order: the next one any stream sends is Black being ready.
    assert!(
        next_within(&mut socket, 300).await.is_none(),
        "an event for a saved order"
    );
    let (status, _) = s
        .post(&orders, Some(&black), json!({"orders": ["P h7 - h6"]}))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let event = next_within(&mut socket, 10_000)
        .await
        .expect("Black is ready");
    assert_eq!(event["awaiting"], json!(["white"]));
    seen.push(event.to_string());
    read_until(&mut sse, &mut stream, "\"awaiting\":[\"white\"]").await;
    seen.push(stream.clone());
    for text in &seen {
        assert!(
            !text.contains(secret),
            "White's saved orders leaked: {text}"
        );
        assert!(
            !text.contains("f2 - f3"),
            "White's saved orders leaked: {text}"
        );
    }
    // White is ready with what it saved: the phase resolves, and the saved orders are gone.
    let (status, game) = s
        .post(
            &orders,
            Some(&white),
            json!({"orders": [secret], "ready": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["history"][0]["white"], json!([secret]));
    assert_eq!(game["history"][0]["missed"], json!([]));
    assert_eq!(game["pending"], Value::Null);
    assert_eq!(game["ready"], false);
    let (_, mine) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
    assert_eq!(mine["pending"], Value::Null);
    let event = next_within(&mut socket, 10_000)
        .await
        .expect("the resolution");
    assert_eq!(event["version"], 1);
}

async fn ready_and_no_longer_ready(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplomacy-chess", json!({})).await;
    let orders = format!("/api/games/{id}/orders");
    let path = format!("/api/games/{id}");
    let (status, answer) = s
        .post(
            &orders,
            Some(&white),
            json!({"orders": ["e4"], "ready": true}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(answer, json!({"sealed": true}));
    let (_, mine) = s.get(&path, Some(&white)).await;
    assert_eq!(
        (mine["pending"].clone(), mine["ready"].clone()),
        (json!(["e4"]), json!(true))
    );
    assert_eq!(s.game(&id).await["awaiting"], json!(["black"]));
    // Black only saves: the phase does not resolve.
    let (status, _) = s
        .post(
            &orders,
            Some(&black),
            json!({"orders": ["e5"], "ready": false}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(s.game(&id).await["version"], 0);
    // White saves again without being ready: awaited again, orders replaced.
    let (status, answer) = s
        .post(
            &orders,
            Some(&white),
            json!({"orders": ["d4"], "ready": false}),
        )
        .await;
    assert_eq!(
        (status, answer),
        (StatusCode::ACCEPTED, json!({"saved": true}))
    );
    let (_, mine) = s.get(&path, Some(&white)).await;
    assert_eq!(
        (mine["pending"].clone(), mine["ready"].clone()),
        (json!(["d4"]), json!(false))
    );
    assert_eq!(s.game(&id).await["awaiting"], json!(["white", "black"]));
    // An empty list clears what White saved.
    s.post(&orders, Some(&white), json!({"orders": [], "ready": false}))
        .await;
    assert_eq!(s.get(&path, Some(&white)).await.1["pending"], Value::Null);
    // Both ready: the turn resolves with Black's saved-then-ready orders.
    s.post(&orders, Some(&white), json!({"orders": ["c4"]}))
        .await;
    let (status, game) = s
        .post(
            &orders,
            Some(&black),
            json!({"orders": ["e5"], "ready": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["history"][0]["white"], json!(["c4"]));
    assert_eq!(game["history"][0]["black"], json!(["e5"]));
    assert_eq!(game["awaiting"], json!(["white", "black"]));
}

async fn impossible_saved_orders_are_refused_at_once(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplochess", json!({})).await;
    let orders = format!("/api/games/{id}/orders");
    s.post(
        &orders,
        Some(&white),
        json!({"orders": ["P e2 - e4"], "ready": false}),
    )
    .await;
    for (given, quoted) in [
        (json!(["P e2 - e5"]), "`P e2 - e5`: "),
        (json!(["P e2 - e4", "P e2 - e3"]), "`P e2 - e3`: "),
        (json!(["Q d1 - d5"]), "`Q d1 - d5`: "),
        (json!(["zz9"]), "`zz9`: "),
    ] {
        let (status, error) = s
            .post(
                &orders,
                Some(&white),
                json!({"orders": given, "ready": false}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{given} {error}");
        let message = error["error"].as_str().unwrap();
        assert!(message.starts_with(quoted), "{message}");
    }
    // What was saved before stays.
    let (_, mine) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
    assert_eq!(mine["pending"], json!(["P e2 - e4"]));
    // More than the phase takes: one per piece (Diplomacy Chess, basic: one entry).
    let (id2, white2, _) = s.two_players("diplomacy-chess", json!({})).await;
    let (status, error) = s
        .post(
            &format!("/api/games/{id2}/orders"),
            Some(&white2),
            json!({"orders": ["e4", "d4"], "ready": false}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["error"], "`d4`: only one entry is due this turn");
    // A side that owes nothing saves nothing: the retreats of the DiploChess example.
    for (w, b) in [("P e2 - e4", "N g8 - f6"), ("P d2 - d4", "N f6 - e4")] {
        s.post(&orders, Some(&white), json!({"orders": [w]})).await;
        s.post(&orders, Some(&black), json!({"orders": [b]})).await;
    }
    let (status, error) = s
        .post(&orders, Some(&black), json!({"orders": [], "ready": false}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{error}");
    let (status, error) = s
        .post(
            &orders,
            Some(&white),
            json!({"orders": ["P e4 - e6"], "ready": false}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    let (status, _) = s
        .post(
            &orders,
            Some(&white),
            json!({"orders": ["P e4 - e5"], "ready": false}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
}

async fn saved_orders_are_used_at_the_deadline(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, _black) = s.two_players("diplochess", json!({"deadline_s": 1})).await;
    let orders = format!("/api/games/{id}/orders");
    let (status, _) = s
        .post(
            &orders,
            Some(&white),
            json!({"orders": ["N g1 - f3"], "ready": false}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let game = s.wait_for(&id, 10, |g| g["version"] == 1).await;
    let turn = &game["history"][0];
    assert_eq!(turn["white"], json!(["N g1 - f3"]));
    assert_eq!(turn["black"], json!([]));
    assert_eq!(turn["missed"], json!(["black"]));
    let explanation: Vec<&str> = turn["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        explanation
            .contains(&"White was not ready when the phase ran out: its saved orders were used."),
        "{explanation:?}"
    );
    assert!(
        explanation.contains(&"Black sent no orders: its pieces held."),
        "{explanation:?}"
    );
    // Gone once the phase resolved: the author's view has nothing saved any more.
    let (_, mine) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
    assert_eq!(mine["pending"], Value::Null);
    assert_eq!(mine["ready"], false);
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert!(record.contains("white: N g1 - f3"), "{record}");
    let replayed = diplo_games::replay_record(&record, None, &[]).expect("the record replays");
    assert_eq!(replayed.session.position_string(), game["position"]);
}

async fn missed_phases_forfeit_or_abandon_the_game(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    // Black never sends anything; White is ready every phase.
    let (id, white, _) = s
        .two_players("diplomacy-chess", json!({"deadline_s": 1}))
        .await;
    // Nobody sends anything.
    let (idle, _, _) = s.two_players("diplochess", json!({"deadline_s": 1})).await;
    let orders = format!("/api/games/{id}/orders");
    for (version, white_orders) in [(0, "e4"), (1, "d4"), (2, "Nf3")] {
        let game = s.wait_for(&id, 10, |g| g["version"] == version).await;
        assert_eq!(game["status"], "active", "{game}");
        let (status, _) = s
            .post(&orders, Some(&white), json!({"orders": [white_orders]}))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED);
    }
    let game = s.wait_for(&id, 10, |g| g["status"] == "finished").await;
    assert_eq!(
        game["result"],
        json!({"token": "1-0", "reason": "black forfeits: it sent no orders"})
    );
    let history = game["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "the third phase is not played");
    for turn in history {
        assert_eq!(turn["missed"], json!(["black"]));
        let said = turn["explanation"].to_string();
        assert!(
            said.contains("Black sent no orders: its pieces stood still."),
            "{said}"
        );
    }
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert!(
        record.contains("[Termination \"black forfeits: it sent no orders\"]"),
        "{record}"
    );
    diplo_games::replay_record(&record, None, &[]).expect("the record replays");

    let game = s.wait_for(&idle, 10, |g| g["status"] == "finished").await;
    assert_eq!(
        game["result"],
        json!({"token": "1/2-1/2", "reason": "abandoned: neither side sent orders"})
    );
    assert_eq!(game["history"].as_array().unwrap().len(), 1);
    assert_eq!(game["history"][0]["missed"], json!(["white", "black"]));
    let (_, record) = s.text(&format!("/api/games/{idle}/record")).await;
    diplo_games::replay_record(&record, None, &[]).expect("the record replays");
}
