//! What the web page reads beyond interfaces.md's API: the board map, the legal moves and
//! orders with their cells, the resolved phases' orders and outcomes, the variants, any
//! position's board, and the analysis board's engine. Every case runs on both stores.

mod common;

use common::{assert_error_body, StoreKind, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::BTreeSet;

both_stores!(
    sequential_view_has_board_and_legal_moves,
    simultaneous_view_has_legal_orders_and_resolutions,
    variants_positions_and_analysis,
);

fn strings(values: &Value, key: &str) -> BTreeSet<String> {
    values
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v[key].as_str().expect("a string").to_string())
        .collect()
}

async fn sequential_view_has_board_and_legal_moves(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, _black) = s.two_players("diplomat-chess", json!({})).await;
    let game = s.game(&id).await;
    assert_eq!(game["geometry"], "round");
    // The start: five pieces on crown 1 and five pawns on crown 2 per side.
    let board = game["board"].as_object().expect("a board map");
    assert_eq!(board.len(), 20, "{board:?}");
    assert_eq!(game["board"]["d1"], "K");
    assert_eq!(game["board"]["k1"], "k");
    assert_eq!(game["board"]["f1"], "D");
    assert!(game["board"].get("4").is_none());
    // The legal moves are the game layer's, each with the cells its coordinate names.
    let session = diplo_games::find("diplomat-chess")
        .unwrap()
        .start(
            &diplo_games::find("diplomat-chess")
                .unwrap()
                .options::<&str>(&[])
                .unwrap(),
            None,
        )
        .unwrap();
    let expected: BTreeSet<String> = session
        .as_sequential()
        .unwrap()
        .legal_moves()
        .into_iter()
        .map(|m| m.coordinate)
        .collect();
    assert_eq!(strings(&game["legal"], "coordinate"), expected);
    for mv in game["legal"].as_array().unwrap() {
        let from = mv["from"].as_str().unwrap();
        let to = mv["to"].as_str().unwrap();
        assert_eq!(mv["coordinate"], format!("{from}{to}"), "{mv}");
        assert!(board.contains_key(from), "{mv}: no piece on {from}");
    }
    assert_eq!(game["last_move"], Value::Null);
    assert_eq!(game["check"], false);

    let (status, after) = s
        .post(
            &format!("/api/games/{id}/move"),
            Some(&white),
            json!({"move": "d3"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["last_move"], json!({"from": "d2", "to": "d3"}));
    assert_eq!(after["board"]["d3"], "P");
    assert!(after["board"].get("d2").is_none());
    assert_eq!(after["played"][0]["from"], "d2");
    assert_eq!(after["played"][0]["position"], after["position"]);
    // Black to move: every legal move starts from a black piece.
    for mv in after["legal"].as_array().unwrap() {
        let piece = after["board"][mv["from"].as_str().unwrap()]
            .as_str()
            .unwrap();
        assert!(piece.chars().all(|c| c.is_ascii_lowercase()), "{mv}");
    }

    // The 8x8 games: square cells, and a promotion-free start with 20 moves in chess terms.
    let (id, _, _) = s.two_players("diplomatic-chess", json!({})).await;
    let game = s.game(&id).await;
    assert_eq!(game["geometry"], "square");
    assert_eq!(game["board"]["e1"], "D");
    assert_eq!(game["board"].as_object().unwrap().len(), 32);
    assert!(strings(&game["legal"], "coordinate").contains("e2e4"));
}

async fn simultaneous_view_has_legal_orders_and_resolutions(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (id, white, black) = s.two_players("diplochess", json!({})).await;
    let (_, as_white) = s.get(&format!("/api/games/{id}"), Some(&white)).await;
    let legal = as_white["legal"].as_array().expect("white's legal orders");
    let find = |text: &str| legal.iter().find(|o| o["order"] == text).cloned();
    assert_eq!(
        find("P e2 - e4").expect("e2-e4"),
        json!({"order": "P e2 - e4", "kind": "move", "from": "e2", "to": "e4",
               "target": null, "role": null})
    );
    assert_eq!(find("N g1 H").expect("a hold")["kind"], "hold");
    // A support of a move names the supporter, the supported piece and where it goes.
    let support = legal
        .iter()
        .find(|o| o["kind"] == "support" && o["target"] != o["to"])
        .expect("a support of a move");
    let text = support["order"].as_str().unwrap();
    let (target, to) = (
        support["target"].as_str().unwrap(),
        support["to"].as_str().unwrap(),
    );
    assert!(
        text.contains(&format!(" {} S ", support["from"].as_str().unwrap()))
            && text.ends_with(&format!(" {target} - {to}")),
        "{support}"
    );
    // Only White's own pieces give White's orders; the public view has no legal orders.
    for order in legal {
        let from = order["from"].as_str().unwrap();
        let piece = as_white["board"][from].as_str().unwrap();
        assert!(piece.chars().all(|c| c.is_ascii_uppercase()), "{order}");
    }
    assert!(s.game(&id).await.get("legal").is_none());

    let orders = format!("/api/games/{id}/orders");
    let (status, _) = s
        .post(&orders, Some(&white), json!({"orders": ["P d2 - d4"]}))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    // Black's view shows nothing of White's sealed order.
    let (_, as_black) = s.get(&format!("/api/games/{id}"), Some(&black)).await;
    let mut shown = as_black.clone();
    shown.as_object_mut().unwrap().remove("legal");
    assert!(
        !shown.to_string().contains("d2 - d4"),
        "black sees white's order: {shown}"
    );
    let (status, resolved) = s
        .post(&orders, Some(&black), json!({"orders": ["P e7 - e5"]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{resolved}");
    let resolution = &resolved["history"][0]["resolution"];
    assert_eq!(resolution["board_before"]["d2"], "P");
    let played: Vec<&Value> = resolution["orders"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["kind"] == "move")
        .collect();
    assert!(played
        .iter()
        .any(|o| o["from"] == "d2" && o["to"] == "d4" && o["executed"] == true));
    assert!(played
        .iter()
        .any(|o| o["from"] == "e7" && o["to"] == "e5" && o["side"] == "black"));

    // Turn 2: the pawn on d4 attacks the holding pawn on e5, one against one: it bounces.
    s.post(&orders, Some(&white), json!({"orders": ["P d4 - e5"]}))
        .await;
    let (status, resolved) = s
        .post(&orders, Some(&black), json!({"orders": ["P e5 H"]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{resolved}");
    let resolution = &resolved["history"][1]["resolution"];
    let attack = resolution["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["order"] == "P d4 - e5")
        .expect("the attack");
    assert_eq!(attack["executed"], false);
    assert!(attack["reason"].as_str().unwrap().contains("bounced"));
    assert!(resolution["marks"]
        .as_array()
        .unwrap()
        .contains(&json!({"kind": "bounce", "cell": "e5"})));

    // Diplomacy Chess: two pawns that cross each other both fail, with their squares.
    let (id, white, black) = s.two_players("diplomacy-chess", json!({})).await;
    let orders = format!("/api/games/{id}/orders");
    for (w, b) in [("e4", "d5"), ("exd5", "dxe4")] {
        s.post(&orders, Some(&white), json!({"orders": [w]})).await;
        let (status, _) = s.post(&orders, Some(&black), json!({"orders": [b]})).await;
        assert_eq!(status, StatusCode::OK);
    }
    let game = s.game(&id).await;
    let crossed = &game["history"][1]["resolution"]["orders"];
    assert_eq!(
        crossed[0],
        json!({"side": "white", "step": null, "order": "exd5", "kind": "move", "from": "e4",
               "to": "d5", "target": null, "executed": false, "reason": "crossed"})
    );
    assert_eq!(crossed[1]["from"], "d5");
    assert_eq!(crossed[1]["executed"], false);

    // Progressive mode: each step's order has its squares, a conditional entry the branch
    // it took (e5 is not empty, so Na3).
    let game = second_turn(&s, "progressive", ["Nf3", "~e5?Nc3:Na3"]).await;
    let steps = game["history"][1]["resolution"]["orders"]
        .as_array()
        .unwrap();
    let squares: Vec<(&str, &str, &str)> = steps
        .iter()
        .map(|o| {
            (
                o["order"].as_str().unwrap(),
                o["from"].as_str().unwrap_or("-"),
                o["to"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    assert_eq!(
        squares,
        [
            ("Nf3", "g1", "f3"),
            ("Nc6", "b8", "c6"),
            ("Na3", "b1", "a3"),
            ("Nf6", "g8", "f6")
        ]
    );
    let numbered: Vec<Value> = steps.iter().map(|o| o["step"].clone()).collect();
    assert_eq!(numbered, [json!(1), json!(1), json!(2), json!(2)]);

    // Simultaneous-progressive mode resolves a set at once: its entries have no steps.
    let game = second_turn(&s, "simultaneous-progressive", ["Nf3", "Nc3"]).await;
    let set = game["history"][1]["resolution"]["orders"]
        .as_array()
        .unwrap();
    assert_eq!(set.len(), 4, "{game}");
    assert!(set.iter().all(|o| o["step"].is_null()), "{game}");
}

/// A Diplomacy Chess game in `mode` after two turns: 1. e4 / e5, 2. White's `second`
/// against Nc6, Nf6 (the game as Black's orders complete the turn).
async fn second_turn(s: &TestServer, mode: &str, second: [&str; 2]) -> Value {
    let (id, white, black) = s
        .two_players("diplomacy-chess", json!({"options": {"mode": mode}}))
        .await;
    let orders = format!("/api/games/{id}/orders");
    s.post(&orders, Some(&white), json!({"orders": ["e4"]}))
        .await;
    s.post(&orders, Some(&black), json!({"orders": ["e5"]}))
        .await;
    s.post(&orders, Some(&white), json!({"orders": second}))
        .await;
    let (status, game) = s
        .post(&orders, Some(&black), json!({"orders": ["Nc6", "Nf6"]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game
}

/// `POST /api/position` without a token.
async fn position(s: &TestServer, body: Value) -> (StatusCode, Value) {
    s.post("/api/position", None, body).await
}

async fn variants_positions_and_analysis(kind: StoreKind) {
    let Some(s) = TestServer::start(kind).await else {
        return;
    };
    let (status, variants) = s.get("/api/variants", None).await;
    assert_eq!(status, StatusCode::OK);
    let games = variants["games"].as_array().unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "diplomat-chess",
            "diplomatic-chess",
            "diplomacy-chess",
            "diplochess"
        ]
    );
    let round = &games[0];
    assert_eq!(round["cells"].as_array().unwrap().len(), 43);
    assert_eq!(round["cells"][42], "4");
    assert_eq!(round["options"][0]["key"], "suborn");
    assert_eq!(round["options"][0]["default"], "convert");
    assert_eq!(games[3]["cells"].as_array().unwrap().len(), 64);
    assert_eq!(games[2]["kind"], "simultaneous");

    let (_, api) = s.get("/api/openapi.json", None).await;
    for path in ["/api/variants", "/api/position", "/api/analyse"] {
        assert!(api["paths"].get(path).is_some(), "{path} is not described");
    }

    // Any position, after some moves.
    let (status, at) = position(&s, json!({"game": "diplomat-chess", "moves": ["d3", "k3"]})).await;
    assert_eq!(status, StatusCode::OK, "{at}");
    assert_eq!(at["board"]["d3"], "P");
    assert_eq!(at["board"]["k3"], "p");
    assert_eq!(at["to_move"], "white");
    assert_eq!(at["last_move"], json!({"from": "k2", "to": "k3"}));
    let (status, error) =
        position(&s, json!({"game": "diplomat-chess", "moves": ["d3", "d3"]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_error_body(status, &error);
    assert!(error["error"].as_str().unwrap().starts_with("move 2 `d3`"));
    // The checks a new game and a position request share (one `GameStart`): a known game,
    // at most 32 options that the game knows, a position of at most 256 characters; and
    // at most 1024 moves to play first.
    let many_options: serde_json::Map<String, Value> =
        (0..33).map(|i| (format!("o{i}"), json!("x"))).collect();
    for bad in [
        json!({"game": "go"}),
        json!({"game": "diplochess", "options": many_options}),
        json!({"game": "diplochess", "options": {"colour": "green"}}),
        json!({"game": "diplochess", "position": "x".repeat(257)}),
    ] {
        for path in ["/api/position", "/api/games"] {
            let (status, error) = s.post(path, None, bad.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {bad}: {error}");
            assert_error_body(status, &error);
        }
    }
    let (status, error) = position(
        &s,
        json!({"game": "diplomat-chess", "moves": vec!["d3"; 1025]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert!(error["error"].as_str().unwrap().contains("1024"), "{error}");
    let (status, at) = position(&s, json!({"game": "diplochess"})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!at["legal_orders"]["white"].as_array().unwrap().is_empty());
    assert!(!at["legal_orders"]["black"].as_array().unwrap().is_empty());

    // The engine's line: its first move is the best move, with SAN and cells.
    let (status, line) = s
        .post(
            "/api/analyse",
            None,
            json!({"game": "diplomat-chess", "movetime_ms": 200}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{line}");
    assert_eq!(line["kind"], "sequential");
    assert_eq!(line["pv"][0]["coordinate"], line["best"]);
    assert!(line["pv"][0]["san"].is_string());
    let (status, mixed) = s
        .post(
            "/api/analyse",
            None,
            json!({"game": "diplomacy-chess", "movetime_ms": 200, "side": "black"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{mixed}");
    let total: f64 = mixed["strategy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["probability"].as_f64().unwrap())
        .sum();
    assert!(total > 0.0 && total <= 1.0 + 1e-9, "{mixed}");
    assert!(!mixed["orders"].as_array().unwrap().is_empty());
    for bad in [
        json!({"game": "diplomat-chess", "movetime_ms": 0}),
        json!({"game": "diplomat-chess", "movetime_ms": 60000}),
        json!({"game": "diplochess", "side": "green"}),
    ] {
        let (status, error) = s.post("/api/analyse", None, bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert_error_body(status, &error);
    }
}
