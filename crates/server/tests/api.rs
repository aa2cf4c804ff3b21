//! The API suite: every case runs against SQLite and against PostgreSQL (`sqlite::*`,
//! `postgres::*`). Without PostgreSQL (and without `DIPLO_TEST_POSTGRES`) the PostgreSQL
//! half prints a note and passes; `.ci/run` sets the variable, so there it must run.

mod common;

use common::{StoreKind, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::time::Duration;

both_stores!(
    sequential_game,
    sealed_orders_stay_secret,
    second_submission_replaces_the_first,
    diplochess_retreats_ask_only_the_side_that_owes,
    bad_input_changes_nothing,
    invites_and_tokens,
    phase_deadline_plays_default_orders,
    clock_flag_falls,
    correspondence_and_clock_settings,
    engine_opponents,
    event_streams,
    concurrent_submissions_complete_a_turn_once,
    lobby_lists_open_games,
    start_position_and_options,
    rate_limit_and_body_limit,
    openapi_and_web_page,
    rematches,
    slow_clients_and_too_many_watchers,
);

/// What a game shows everyone, without the fields that move on their own, and without what
/// a player's view adds for its page: its own legal orders (read from the position alone).
fn public(game: &Value) -> Value {
    let mut game = game.clone();
    if let Some(object) = game.as_object_mut() {
        object.remove("you");
        object.remove("pending");
        // v3: whether the player is ready, beside its own saved orders, and how many orders
        // it owes (public knowledge, sent to the player only).
        object.remove("ready");
        object.remove("order_count");
        if object.get("kind") == Some(&json!("simultaneous")) {
            object.remove("legal");
        }
    }
    game
}

async fn sequential_game(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplomat-chess", json!({})).await;
    let game = s.game(&id).await;
    assert_eq!(game["status"], "active");
    assert_eq!(game["kind"], "sequential");
    assert_eq!(game["awaiting"], json!(["white"]));
    assert_eq!(game["to_move"], "white");

    let path = format!("/api/games/{id}/move");
    let (status, after) = s.post(&path, Some(&white), json!({"move": "d3"})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["you"], "white");
    assert_eq!(after["version"], 1);
    assert_eq!(after["history"][0]["moves"][0]["san"], "d3");
    // Out of turn, and an illegal move: nothing changes.
    let (status, _) = s.post(&path, Some(&white), json!({"move": "e3"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, error) = s.post(&path, Some(&black), json!({"move": "zz9"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert_eq!(public(&s.game(&id).await), public(&after));
    // Coordinates work too.
    let (status, after) = s.post(&path, Some(&black), json!({"move": "k2k3"})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["history"][0]["moves"][1]["san"], "k3");
    assert_eq!(after["turn"], 2);

    // The record replays to the same position.
    let (status, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(record.contains("[White \"human\"]"), "{record}");
    let replayed = diplo_games::replay_record(&record, None, &[]).expect("the record replays");
    assert_eq!(replayed.session.position_string(), after["position"]);

    // Resigning ends the game; nothing more can be played.
    let (status, over) = s
        .call(
            Method::POST,
            &format!("/api/games/{id}/resign"),
            Some(&black),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{over}");
    assert_eq!(over["status"], "finished");
    assert_eq!(
        over["result"],
        json!({"token": "1-0", "reason": "black resigns"})
    );
    assert_eq!(over["awaiting"], json!([]));
    let (status, _) = s.post(&path, Some(&white), json!({"move": "e3"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = s
        .call(
            Method::POST,
            &format!("/api/games/{id}/resign"),
            Some(&white),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert!(
        record.contains("[Termination \"black resigns\"]"),
        "{record}"
    );
    let replayed = diplo_games::replay_record(&record, None, &[]).expect("the record replays");
    assert!(replayed.result.to_string().starts_with("1-0"), "{record}");
}

/// White's sealed orders in Diplomacy Chess, and everything anyone but White can see.
async fn sealed_orders_stay_secret(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplomacy-chess", json!({})).await;
    // Watch the game from the start: no event may show White's orders.
    let events = s
        .client
        .get(s.url(&format!("/api/games/{id}/events")))
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), StatusCode::OK);
    let mut events = events;

    let before = s.game(&id).await;
    assert_eq!(before["awaiting"], json!(["white", "black"]));
    let secret = "Nh3";
    let orders = format!("/api/games/{id}/orders");
    let (status, answer) = s
        .post(&orders, Some(&white), json!({"orders": [secret]}))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(answer, json!({"sealed": true}));

    // Everyone else sees only that White is no longer awaited.
    let after = s.game(&id).await;
    let mut expected = before.clone();
    expected["awaiting"] = json!(["black"]);
    assert_eq!(after, expected);
    let (_, as_black) = s.get(&format!("/api/games/{id}"), Some(&black)).await;
    assert_eq!(as_black["you"], "black");
    assert_eq!(as_black["pending"], Value::Null);
    assert_eq!(public(&as_black), expected);
    // White sees its own orders.
    let (_, as_white) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
    assert_eq!(as_white["pending"], json!([secret]));
    assert_eq!(public(&as_white), expected);

    // Record, lobby, errors: nothing of White's orders.
    let mut seen = Vec::new();
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    seen.push(record);
    for path in ["/api/games?status=active", "/api/games?status=waiting"] {
        seen.push(s.get(path, None).await.1.to_string());
    }
    for (token, body) in [
        (Some(black.as_str()), json!({"orders": ["Nh6", "Na6"]})),
        (Some(black.as_str()), json!({"orders": ["Ke2"]})),
        (Some(black.as_str()), json!({"orders": "Nh6"})),
        (Some(black.as_str()), json!({"move": "Nh6"})),
        (None, json!({"orders": ["Nh6"]})),
        (
            Some("0123456789abcdef0123456789abcdef"),
            json!({"orders": ["Nh6"]}),
        ),
    ] {
        let (status, error) = s.post(&orders, token, body).await;
        assert!(status.is_client_error(), "{status} {error}");
        seen.push(error.to_string());
    }
    let (status, error) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(&black),
            json!({"move": "Nh6"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    seen.push(error.to_string());
    for text in &seen {
        assert!(!text.contains(secret), "White's orders leaked: {text}");
    }
    // The game did not change.
    assert_eq!(s.game(&id).await, expected);

    // Black's orders complete the turn: now both are shown, with the adjudication.
    let (status, resolved) = s
        .post(&orders, Some(&black), json!({"orders": ["Nh6"]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{resolved}");
    assert_eq!(resolved["you"], "black");
    assert_eq!(resolved["pending"], Value::Null);
    let turn = &resolved["history"][0];
    assert_eq!(turn["white"], json!([secret]));
    assert_eq!(turn["black"], json!(["Nh6"]));
    assert!(!turn["report"].as_array().unwrap().is_empty(), "{turn}");
    assert_eq!(resolved["awaiting"], json!(["white", "black"]));
    let (_, as_white) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
    assert_eq!(as_white["pending"], Value::Null);

    // The event stream: the views before the resolution never show White's orders; the
    // resolution reaches it.
    let mut stream = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !stream.contains("\"report\"") {
        let chunk = tokio::time::timeout_at(deadline, events.chunk())
            .await
            .expect("the resolution reaches the event stream")
            .unwrap()
            .expect("the stream goes on");
        stream.push_str(&String::from_utf8_lossy(&chunk));
    }
    let views: Vec<Value> = stream
        .lines()
        .filter_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:")))
        .map(|d| serde_json::from_str(d).expect("a view"))
        .collect();
    let resolved_at = views
        .iter()
        .position(|v| v["version"] == 1)
        .expect("the resolved view");
    assert!(resolved_at >= 1, "{stream}");
    for view in &views[..resolved_at] {
        assert!(
            !view.to_string().contains(secret),
            "an event leaked: {view}"
        );
        assert_eq!(view["history"], json!([]));
    }
    assert_eq!(views[resolved_at]["history"][0]["white"], json!([secret]));

    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    let replayed = diplo_games::replay_record(&record, None, &[]).expect("the record replays");
    assert_eq!(replayed.session.position_string(), resolved["position"]);
}

async fn second_submission_replaces_the_first(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplomacy-chess", json!({})).await;
    let orders = format!("/api/games/{id}/orders");
    let mut seen = None;
    for first in ["Na3", "Na3", "Nc3", "Nc3"] {
        let (status, _) = s
            .post(&orders, Some(&white), json!({"orders": [first]}))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let (_, mine) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
        assert_eq!(mine["pending"], json!([first]));
        // A replacement does not even move the lobby's time of the last change.
        let (_, listed) = s.get("/api/games?status=active&limit=1", None).await;
        assert_eq!(listed["games"][0]["id"], json!(id));
        let updated = listed["games"][0]["updated"].clone();
        if let Some(seen) = &seen {
            assert_eq!(&updated, seen);
        }
        seen = Some(updated);
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let (status, game) = s
        .post(&orders, Some(&black), json!({"orders": ["a6"]}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["history"][0]["white"], json!(["Nc3"]));
    assert_eq!(game["version"], 1);
}

/// The example of the DiploChess spec (§10.4): Black's knight dislodges the e4 pawn; in the
/// retreats phase only White owes orders.
async fn diplochess_retreats_ask_only_the_side_that_owes(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplochess", json!({})).await;
    let orders = format!("/api/games/{id}/orders");
    for (w, b) in [("P e2 - e4", "N g8 - f6"), ("P d2 - d4", "N f6 - e4")] {
        let (status, _) = s.post(&orders, Some(&white), json!({"orders": [w]})).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let (status, game) = s.post(&orders, Some(&black), json!({"orders": [b]})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
    }
    let game = s.game(&id).await;
    assert_eq!(game["phase"], "turn 2 retreats", "{game}");
    assert_eq!(game["awaiting"], json!(["white"]));
    assert_eq!(game["due"], json!(["white"]));
    let (status, error) = s.post(&orders, Some(&black), json!({"orders": []})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{error}");
    // White's retreat alone resolves the phase.
    let (status, game) = s
        .post(&orders, Some(&white), json!({"orders": ["P e4 - e5"]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["phase"], "turn 3 movement");
    let history = game["history"].as_array().unwrap();
    assert_eq!(history.last().unwrap()["phase"], "turn 2 retreats");
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    let replayed = diplo_games::replay_record(&record, None, &[]).expect("the record replays");
    assert_eq!(replayed.session.position_string(), game["position"]);
}

async fn bad_input_changes_nothing(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplomat-chess", json!({})).await;
    let before = s.game(&id).await;
    let path = format!("/api/games/{id}/move");
    let raw = |body: &'static str, token: &str| {
        s.client
            .post(s.url(&path))
            .bearer_auth(token.to_string())
            .header("content-type", "application/json")
            .body(body)
            .send()
    };
    for (body, expected) in [
        ("{\"move\": ", StatusCode::BAD_REQUEST),
        ("not json", StatusCode::BAD_REQUEST),
        ("", StatusCode::BAD_REQUEST),
        ("{\"move\": 42}", StatusCode::BAD_REQUEST),
        ("{\"move\": null}", StatusCode::BAD_REQUEST),
        ("[\"d3\"]", StatusCode::BAD_REQUEST),
        ("{\"mvoe\": \"d3\"}", StatusCode::BAD_REQUEST),
        ("{\"move\": \"d9\"}", StatusCode::UNPROCESSABLE_ENTITY),
        ("{\"move\": \"\"}", StatusCode::UNPROCESSABLE_ENTITY),
        (
            "{\"move\": \"\\u0000\\u202e\"}",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let response = raw(body, &white).await.unwrap();
        let status = response.status();
        let error: Value = response.json().await.expect("a JSON error");
        assert_eq!(status, expected, "{body}: {error}");
        common::assert_error_body(status, &error);
    }
    let huge = format!("{{\"move\": \"{}\"}}", "x".repeat(100_000));
    let response = s
        .client
        .post(s.url(&path))
        .bearer_auth(&white)
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    common::assert_error_body(
        StatusCode::PAYLOAD_TOO_LARGE,
        &response.json().await.unwrap(),
    );
    let long = format!("{{\"move\": \"{}\"}}", "d".repeat(1000));
    let response = s
        .client
        .post(s.url(&path))
        .bearer_auth(&white)
        .body(long)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // Tokens: none, malformed, unknown, the other player's, another game's.
    let (_, other_white, _) = s.two_players("diplomat-chess", json!({})).await;
    let mv = json!({"move": "d3"});
    assert_eq!(
        s.post(&path, None, mv.clone()).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.post(&path, Some("nope"), mv.clone()).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.post(&path, Some("0123456789abcdef0123456789abcdef"), mv.clone())
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.post(&path, Some(&other_white), mv.clone()).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.post(&path, Some(&black), mv.clone()).await.0,
        StatusCode::CONFLICT
    );
    for header in ["Basic abc", "Bearer", "Bearer ", "token"] {
        let response = s
            .client
            .post(s.url(&path))
            .header("authorization", header)
            .json(&mv)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{header}");
    }
    let (status, _) = s
        .get(
            &format!("/api/games/{id}"),
            Some("0123456789abcdef0123456789abcdef"),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Unknown games, malformed ids, wrong kinds, unknown paths and methods.
    for path in [
        "/api/games/aaaaaaaaaaaa",
        "/api/games/NOT-AN-ID",
        "/api/games/%00%ff",
        "/api/games/aaaaaaaaaaaa/record",
    ] {
        assert_eq!(s.get(path, None).await.0, StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(
        s.post("/api/games/aaaaaaaaaaaa/move", Some(&white), mv.clone())
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        s.post(
            &format!("/api/games/{id}/orders"),
            Some(&white),
            json!({"orders": ["d3"]})
        )
        .await
        .0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(s.get("/api/nothing", None).await.0, StatusCode::NOT_FOUND);
    assert_eq!(
        s.call(
            Method::DELETE,
            &format!("/api/games/{id}"),
            Some(&white),
            None
        )
        .await
        .0,
        StatusCode::METHOD_NOT_ALLOWED
    );

    // Creating: unknown games, options, positions, colours, players, time controls.
    for body in [
        json!({"game": "chess"}),
        json!({}),
        json!({"game": 7}),
        json!({"game": "diplomat-chess", "options": {"suborn": "eat"}}),
        json!({"game": "diplomat-chess", "options": {"colour": "red"}}),
        json!({"game": "diplomat-chess", "options": {"suborn": 1}}),
        json!({"game": "diplomat-chess", "position": "not a position"}),
        json!({"game": "diplomat-chess", "color": "green"}),
        json!({"game": "diplomat-chess", "opponent": "engine:9"}),
        json!({"game": "diplomat-chess", "opponent": "wizard"}),
        json!({"game": "diplomat-chess", "clock": {"initial_s": 0}}),
        json!({"game": "diplomat-chess", "clock": {"initial_s": 60, "days_per_move": 1}}),
        json!({"game": "diplomat-chess", "clock": {"minutes": 5}}),
        json!({"game": "diplomat-chess", "clock": {"initial_s": -5}}),
        json!({"game": "diplomat-chess", "deadline_s": 60}),
        json!({"game": "diplochess", "clock": {"initial_s": 60}}),
        json!({"game": "diplochess", "deadline_s": 0}),
        json!({"game": "diplochess", "deadline_s": "soon"}),
    ] {
        let (status, error) = s.post("/api/games", None, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {error}");
    }
    assert_eq!(s.game(&id).await, before);
}

async fn invites_and_tokens(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let created = s
        .create(json!({"game": "diplomatic-chess", "color": "black"}))
        .await;
    assert_eq!(created["color"], "black");
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let invite = created["invite"].as_str().unwrap();
    for secret in [token, invite, id] {
        assert!(secret.bytes().all(|b| b.is_ascii_alphanumeric()));
    }
    assert_eq!(token.len(), 32);
    assert_eq!(invite.len(), 32);
    assert_ne!(token, invite);
    let game = s.game(id).await;
    assert_eq!(game["status"], "waiting");
    assert_eq!(game["seats"], json!({"white": false, "black": true}));
    assert!(!game.to_string().contains(token) && !game.to_string().contains(invite));
    // No move before the second player joins.
    let (status, _) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(token),
            json!({"move": "e5"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let join = format!("/api/games/{id}/join");
    assert_eq!(
        s.post(&join, None, json!({"invite": "wrong"})).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.post(&join, None, json!({})).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.post(&join, None, json!({"invite": token})).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.post(&join, None, json!({"invite": 5})).await.0,
        StatusCode::BAD_REQUEST
    );
    let (status, joined) = s.post(&join, None, json!({"invite": invite})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(joined["color"], "white");
    let white = joined["token"].as_str().unwrap();
    // A used invite.
    assert_eq!(
        s.post(&join, None, json!({"invite": invite})).await.0,
        StatusCode::CONFLICT
    );
    // Each token acts for its own side only.
    let path = format!("/api/games/{id}/move");
    assert_eq!(
        s.post(&path, Some(token), json!({"move": "e4"})).await.0,
        StatusCode::CONFLICT
    );
    let (status, game) = s.post(&path, Some(white), json!({"move": "e4"})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["you"], "white");
}

async fn phase_deadline_plays_default_orders(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, _black) = s
        .two_players("diplomacy-chess", json!({"deadline_s": 1}))
        .await;
    let game = s.game(&id).await;
    let deadline = game["deadline"].as_i64().expect("a deadline");
    assert_eq!(game["clock"], json!({"kind": "phase", "phase_ms": 1000}));
    let orders = format!("/api/games/{id}/orders");
    let (status, _) = s
        .post(&orders, Some(&white), json!({"orders": ["e4"]}))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    // Black misses the deadline: its default orders are played; White's sealed ones stand.
    let game = s.wait_for(&id, 10, |g| g["version"] == 1).await;
    assert!(diplo_server::now_ms() >= deadline);
    assert_eq!(game["history"][0]["white"], json!(["e4"]));
    assert_eq!(game["history"][0]["black"], json!([]));
    let next = game["deadline"]
        .as_i64()
        .expect("the next phase's deadline");
    assert!(next >= deadline + 1000, "{next} {deadline}");
    // Nobody sends anything: the next phase resolves by itself too, without any reads of
    // the game (the lobby does not apply deadlines).
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let mut updated = None;
    for status in ["active", "finished"] {
        let (_, listed) = s.get(&format!("/api/games?status={status}"), None).await;
        for game in listed["games"].as_array().unwrap() {
            if game["id"] == json!(id) {
                updated = game["updated"].as_i64();
            }
        }
    }
    assert!(updated.expect("listed") >= next, "{updated:?} {next}");
    let game = s.game(&id).await;
    assert!(game["version"].as_i64().unwrap() >= 2, "{game}");
    // A phase that ran out no longer takes orders for it.
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    diplo_games::replay_record(&record, None, &[]).expect("the record replays");
}

async fn clock_flag_falls(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s
        .two_players(
            "diplomat-chess",
            json!({"clock": {"initial_s": 1, "increment_s": 0}}),
        )
        .await;
    let (status, game) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(&white),
            json!({"move": "d3"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["clock"]["running"], "black");
    assert!(game["clock"]["white_ms"].as_i64().unwrap() <= 1000);
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    // Too late: Black's flag has fallen.
    let (status, error) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(&black),
            json!({"move": "k3"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{error}");
    let game = s.game(&id).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(
        game["result"],
        json!({"token": "1-0", "reason": "black ran out of time"})
    );
    assert_eq!(game["deadline"], Value::Null);
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert!(
        record.contains("[Termination \"black ran out of time\"]"),
        "{record}"
    );
    let replayed = diplo_games::replay_record(&record, None, &[]).expect("the record replays");
    assert!(replayed.result.to_string().starts_with("1-0"), "{record}");

    // Without any request, the background task flags a fallen clock.
    let (id, _, _) = s
        .two_players("diplomatic-chess", json!({"clock": {"initial_s": 1}}))
        .await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let (_, listed) = s.get("/api/games?status=finished", None).await;
    assert!(listed.to_string().contains(&id), "{listed}");
}

async fn correspondence_and_clock_settings(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, _) = s
        .two_players("diplomatic-chess", json!({"clock": {"days_per_move": 3}}))
        .await;
    let game = s.game(&id).await;
    assert_eq!(
        game["clock"],
        json!({"kind": "per_move", "per_move_ms": 259_200_000})
    );
    let first = game["deadline"].as_i64().unwrap();
    let now = diplo_server::now_ms();
    assert!((now + 259_000_000..=now + 259_200_000).contains(&first));
    tokio::time::sleep(Duration::from_millis(20)).await;
    let (_, game) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(&white),
            json!({"move": "e4"}),
        )
        .await;
    assert!(game["deadline"].as_i64().unwrap() > first);

    let (id, white, _) = s
        .two_players(
            "diplomat-chess",
            json!({"clock": {"initial_s": 300, "increment_s": 5}}),
        )
        .await;
    let (_, game) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(&white),
            json!({"move": "d3"}),
        )
        .await;
    let clock = &game["clock"];
    assert_eq!(clock["kind"], "fischer");
    assert_eq!(clock["black_ms"], 300_000);
    let white_ms = clock["white_ms"].as_i64().unwrap();
    assert!(white_ms > 300_000 && white_ms <= 305_000, "{clock}");
}

async fn engine_opponents(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    // The engine has White and moves first.
    let created = s
        .create(json!({"game": "diplomat-chess", "color": "black", "opponent": "engine:2"}))
        .await;
    assert!(created.get("invite").is_none());
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let game = s.wait_for(id, 20, |g| g["version"] == 1).await;
    assert_eq!(game["players"]["white"], "engine:2");
    assert_eq!(game["awaiting"], json!(["black"]));
    // A legal move of ours: the engine answers.
    let entry = diplo_games::find("diplomat-chess").unwrap();
    let mut session = entry
        .start(
            &entry.options::<&str>(&[]).unwrap(),
            Some(game["position"].as_str().unwrap()),
        )
        .unwrap();
    let reply = session.as_sequential().unwrap().legal_moves()[0]
        .coordinate
        .clone();
    session.as_sequential_mut().unwrap().play(&reply).unwrap();
    let (status, _) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(token),
            json!({"move": reply}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    s.wait_for(id, 20, |g| g["version"] == 3).await;

    // Simultaneous: the engine seals its orders as the phase opens.
    for game in ["diplomacy-chess", "diplochess"] {
        let created = s
            .create(json!({"game": game, "color": "white", "opponent": "random@ms=50"}))
            .await;
        let id = created["id"].as_str().unwrap();
        let token = created["token"].as_str().unwrap();
        s.wait_for(id, 20, |g| g["awaiting"] == json!(["white"]))
            .await;
        let orders = if game == "diplochess" {
            json!([])
        } else {
            json!(["e4"])
        };
        let (status, after) = s
            .post(
                &format!("/api/games/{id}/orders"),
                Some(token),
                json!({"orders": orders}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert_eq!(after["version"], 1);
        // Its next orders come by themselves.
        s.wait_for(id, 20, |g| {
            g["status"] == "finished" || g["awaiting"] == json!(["white"])
        })
        .await;
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next view a WebSocket sends.
async fn next(socket: &mut Socket) -> Value {
    use futures_util::StreamExt;
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("an event in time")
            .expect("the socket is open")
            .expect("a message");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
            return serde_json::from_str::<Value>(&text).expect("a view");
        }
    }
}

async fn event_streams(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplomatic-chess", json!({})).await;
    let url = format!("ws://{}/api/games/{id}/events", s.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("a WebSocket");
    let first = next(&mut socket).await;
    assert_eq!(first["version"], 0);
    assert_eq!(first["id"], json!(id));
    s.post(
        &format!("/api/games/{id}/move"),
        Some(&white),
        json!({"move": "e4"}),
    )
    .await;
    let update = next(&mut socket).await;
    assert_eq!(update["version"], 1);
    assert_eq!(update["history"][0]["moves"][0]["san"], "e4");
    assert!(update.get("you").is_none());
    s.post(
        &format!("/api/games/{id}/move"),
        Some(&black),
        json!({"move": "e5"}),
    )
    .await;
    assert_eq!(next(&mut socket).await["version"], 2);
    // Server-sent events for the same game, and a 404 for an unknown one.
    let mut sse = s
        .client
        .get(s.url(&format!("/api/games/{id}/events")))
        .send()
        .await
        .unwrap();
    assert_eq!(sse.status(), StatusCode::OK);
    assert!(sse.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    let chunk = tokio::time::timeout(Duration::from_secs(10), sse.chunk())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(String::from_utf8_lossy(&chunk).contains("\"version\":2"));
    assert_eq!(
        s.get("/api/games/aaaaaaaaaaaa/events", None).await.0,
        StatusCode::NOT_FOUND
    );
}

/// Both players, each from many requests at once: every phase resolves exactly once.
async fn concurrent_submissions_complete_a_turn_once(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let s = std::sync::Arc::new(s);
    let (id, white, black) = s.two_players("diplomacy-chess", json!({})).await;
    let plan = [("e4", "e5"), ("d4", "d5"), ("Nf3", "Nf6")];
    for (turn, (w, b)) in plan.iter().enumerate() {
        let mut tasks = Vec::new();
        for i in 0..8 {
            let s = s.clone();
            let (token, order) = if i % 2 == 0 {
                (white.clone(), *w)
            } else {
                (black.clone(), *b)
            };
            let path = format!("/api/games/{id}/orders");
            tasks.push(tokio::spawn(async move {
                s.post(&path, Some(&token), json!({"orders": [order]}))
                    .await
                    .0
            }));
        }
        let mut completed = 0;
        for task in tasks {
            let status = task.await.unwrap();
            match status {
                StatusCode::OK => completed += 1,
                // A copy that comes after the turn resolved is late for the next one.
                StatusCode::ACCEPTED | StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => {}
                other => panic!("unexpected {other}"),
            }
        }
        assert_eq!(completed, 1, "turn {turn}");
        let game = s.game(&id).await;
        assert_eq!(game["version"], turn + 1);
        assert_eq!(game["history"][turn]["white"], json!([w]));
        assert_eq!(game["history"][turn]["black"], json!([b]));
    }
    // A sequential game: eight copies of one move, one is played.
    let (id, white, _) = s.two_players("diplomat-chess", json!({})).await;
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let s = s.clone();
        let (path, white) = (format!("/api/games/{id}/move"), white.clone());
        tasks.push(tokio::spawn(async move {
            s.post(&path, Some(&white), json!({"move": "d3"})).await.0
        }));
    }
    let mut played = 0;
    for task in tasks {
        if task.await.unwrap() == StatusCode::OK {
            played += 1;
        }
    }
    assert_eq!(played, 1);
    assert_eq!(s.game(&id).await["version"], 1);
}

async fn lobby_lists_open_games(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let open = s
        .create(json!({"game": "diplochess", "color": "white", "open": true}))
        .await;
    let private = s
        .create(json!({"game": "diplochess", "color": "white"}))
        .await;
    let (status, listed) = s.get("/api/games?status=waiting", None).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&Value> = listed["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["id"])
        .collect();
    assert!(ids.contains(&&open["id"]));
    assert!(!ids.contains(&&private["id"]));
    // Anyone may take the seat of an open game.
    let id = open["id"].as_str().unwrap();
    let (status, joined) = s
        .post(&format!("/api/games/{id}/join"), None, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let (_, listed) = s.get("/api/games?status=active&limit=5", None).await;
    assert_eq!(listed["games"][0]["id"], open["id"]);
    assert_eq!(
        s.get("/api/games?status=lost", None).await.0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        s.get("/api/games?limit=x", None).await.0,
        StatusCode::BAD_REQUEST
    );
}

async fn start_position_and_options(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    // Diplomatic Chess after 1. e4: Black to move.
    let entry = diplo_games::find("diplomatic-chess").unwrap();
    let mut session = entry
        .start(&entry.options::<&str>(&[]).unwrap(), None)
        .unwrap();
    session.as_sequential_mut().unwrap().play("e4").unwrap();
    let start = session.position_string();
    let (id, _, black) = s
        .two_players("diplomatic-chess", json!({"position": start}))
        .await;
    let game = s.game(&id).await;
    assert_eq!(game["start_position"], json!(start));
    assert_eq!(game["to_move"], "black");
    let (status, _) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(&black),
            json!({"move": "e5"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert!(record.contains("[Position"), "{record}");
    diplo_games::replay_record(&record, None, &[]).expect("the record replays");
    let position = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (status, _) = s
        .post(
            "/api/games",
            None,
            json!({"game": "diplomatic-chess", "position": position}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "a king is not a piece of Diplomatic Chess"
    );

    let (id, _, _) = s
        .two_players("diplomat-chess", json!({"options": {"suborn": "remove"}}))
        .await;
    let game = s.game(&id).await;
    assert_eq!(game["options"]["suborn"], "remove");
    let (_, record) = s.text(&format!("/api/games/{id}/record")).await;
    assert!(record.contains("suborn=remove"), "{record}");
}

async fn rate_limit_and_body_limit(kind: StoreKind) {
    let Some(db) = common::TestDb::new(kind).await else {
        return;
    };
    let s = TestServer::with(std::sync::Arc::new(db), |c| {
        c.rate_per_s = 1.0;
        c.rate_burst = 3.0;
        c.body_limit = 1024;
    })
    .await;
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(s.get("/api/games?status=active", None).await.0);
    }
    assert_eq!(&statuses[..3], &[StatusCode::OK; 3]);
    assert_eq!(statuses[4], StatusCode::TOO_MANY_REQUESTS);
    let response = s.client.get(s.url("/api/games")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let big = json!({"game": "diplochess", "position": "x".repeat(2000)});
    let (status, _) = s.post("/api/games", None, big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

async fn openapi_and_web_page(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (status, api) = s.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(api["openapi"].as_str().unwrap().starts_with("3."));
    let paths = api["paths"].as_object().unwrap();
    for path in [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/join",
        "/api/games/{id}/move",
        "/api/games/{id}/orders",
        "/api/games/{id}/resign",
        "/api/games/{id}/record",
        "/api/games/{id}/events",
        "/api/games/{id}/rematch",
    ] {
        assert!(paths.contains_key(path), "{path}");
    }
    for (path, needle) in [
        ("/", "openapi.json"),
        ("/games/abcdefabcdef", "/api/games/"),
    ] {
        let response = s.client.get(s.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        assert!(response.text().await.unwrap().contains(needle));
    }
    assert_eq!(s.get("/missing.css", None).await.0, StatusCode::NOT_FOUND);
    assert_eq!(s.get("/../Cargo.toml", None).await.0, StatusCode::NOT_FOUND);
}

/// Two servers on one PostgreSQL database: either takes any request, a watcher of one hears
/// what the other did (LISTEN/NOTIFY), and concurrent submissions through both still
/// complete each turn exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_one_postgres_database() {
    let Some(db) = common::TestDb::new(StoreKind::Postgres).await else {
        return;
    };
    let db = std::sync::Arc::new(db);
    let a = std::sync::Arc::new(TestServer::with(db.clone(), |_| {}).await);
    let b = std::sync::Arc::new(TestServer::with(db.clone(), |_| {}).await);

    // A sequential game, its moves sent to one server and the other by turns.
    let (id, white, black) = a.two_players("diplomat-chess", json!({})).await;
    let moves = ["d3", "k3", "e3", "j3"];
    for (i, mv) in moves.iter().enumerate() {
        let server = if i % 2 == 0 { &a } else { &b };
        let token = if i % 2 == 0 { &white } else { &black };
        let (status, game) = server
            .post(
                &format!("/api/games/{id}/move"),
                Some(token),
                json!({"move": mv}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["version"], i + 1);
    }
    assert_eq!(a.game(&id).await, b.game(&id).await);

    // A simultaneous game created on A, joined on B, watched on B.
    let created = a
        .create(json!({"game": "diplomacy-chess", "color": "white"}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let (status, joined) = b
        .post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"invite": created["invite"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (white, black) = (
        created["token"].as_str().unwrap().to_string(),
        joined["token"].as_str().unwrap().to_string(),
    );
    let url = format!("ws://{}/api/games/{id}/events", b.addr);
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("a WebSocket");
    assert_eq!(
        next(&mut socket).await["awaiting"],
        json!(["white", "black"])
    );
    let (status, _) = a
        .post(
            &format!("/api/games/{id}/orders"),
            Some(&white),
            json!({"orders": ["e4"]}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let heard = next(&mut socket).await;
    assert_eq!(heard["awaiting"], json!(["black"]), "{heard}");
    assert!(!heard.to_string().contains("e4"));
    let (status, _) = a
        .post(
            &format!("/api/games/{id}/orders"),
            Some(&black),
            json!({"orders": ["e5"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let heard = next(&mut socket).await;
    assert_eq!(heard["version"], 1, "{heard}");
    assert_eq!(heard["history"][0]["white"], json!(["e4"]));

    // Both players at once, each through both servers.
    let plan = [("d4", "d5"), ("Nf3", "Nf6")];
    for (turn, (w, bl)) in plan.iter().enumerate() {
        let mut tasks = Vec::new();
        for i in 0..8 {
            let server = if i % 4 < 2 { a.clone() } else { b.clone() };
            let (token, order) = if i % 2 == 0 {
                (white.clone(), *w)
            } else {
                (black.clone(), *bl)
            };
            let path = format!("/api/games/{id}/orders");
            tasks.push(tokio::spawn(async move {
                server
                    .post(&path, Some(&token), json!({"orders": [order]}))
                    .await
                    .0
            }));
        }
        let mut completed = 0;
        for task in tasks {
            if task.await.unwrap() == StatusCode::OK {
                completed += 1;
            }
        }
        assert_eq!(completed, 1, "turn {turn}");
        let (ga, gb) = (a.game(&id).await, b.game(&id).await);
        assert_eq!(ga, gb);
        assert_eq!(ga["version"], turn + 2);
        assert_eq!(ga["history"][turn + 1]["white"], json!([w]));
    }
}

async fn rematches(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s
        .two_players("diplomatic-chess", json!({"clock": {"initial_s": 60}}))
        .await;
    let rematch = format!("/api/games/{id}/rematch");
    let (status, _) = s.call(Method::POST, &rematch, Some(&white), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "not over yet");
    s.call(
        Method::POST,
        &format!("/api/games/{id}/resign"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(
        s.call(Method::POST, &rematch, None, None).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, first) = s.call(Method::POST, &rematch, Some(&white), None).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(first["color"], "black");
    let new = first["id"].as_str().unwrap();
    assert_eq!(s.game(&id).await["rematch"], json!(new));
    let game = s.game(new).await;
    assert_eq!(game["status"], "waiting");
    assert_eq!(game["clock"]["initial_ms"], 60_000);
    // The same player again: its seat is taken. The other player takes the other one.
    assert_eq!(
        s.call(Method::POST, &rematch, Some(&white), None).await.0,
        StatusCode::CONFLICT
    );
    let (status, second) = s.call(Method::POST, &rematch, Some(&black), None).await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(second["id"], json!(new));
    assert_eq!(second["color"], "white");
    // Nobody else can take a seat with the join endpoint.
    assert_eq!(
        s.post(&format!("/api/games/{new}/join"), None, json!({}))
            .await
            .0,
        StatusCode::CONFLICT
    );
    let (status, game) = s
        .post(
            &format!("/api/games/{new}/move"),
            Some(second["token"].as_str().unwrap()),
            json!({"move": "e4"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["you"], "white");

    // Against the engine, the rematch starts at once.
    let created = s
        .create(json!({"game": "diplomacy-chess", "color": "white", "opponent": "random"}))
        .await;
    let (id, token) = (
        created["id"].as_str().unwrap(),
        created["token"].as_str().unwrap(),
    );
    s.call(
        Method::POST,
        &format!("/api/games/{id}/resign"),
        Some(token),
        None,
    )
    .await;
    let (status, again) = s
        .call(
            Method::POST,
            &format!("/api/games/{id}/rematch"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let game = s.game(again["id"].as_str().unwrap()).await;
    assert_eq!(game["status"], "active");
    assert_eq!(
        game["players"],
        json!({"white": "random", "black": "human"})
    );
}

async fn slow_clients_and_too_many_watchers(kind: StoreKind) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Some(db) = common::TestDb::new(kind).await else {
        return;
    };
    let s = TestServer::with(std::sync::Arc::new(db), |c| {
        c.header_timeout = Duration::from_millis(300);
        c.max_watchers = 1;
    })
    .await;
    // Headers that never end: the connection is closed.
    let mut slow = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut buffer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut buffer)).await;
    assert!(read.is_ok(), "the slow connection is still open");
    // One event stream is all this server takes; a second gets 503.
    let (id, _, _) = s.two_players("diplochess", json!({})).await;
    let first = s
        .client
        .get(s.url(&format!("/api/games/{id}/events")))
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let (status, _) = s.get(&format!("/api/games/{id}/events"), None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    drop(first);
}
