//! The serde forms (feature `serde`): orders as their text, positions and states as their
//! position strings, outcomes and reports as plain structures.
#![cfg(feature = "serde")]

use diplo_core::{Color, SimultaneousPosition};
use diplochess::{
    Failure, Game, Order, OrderOutcome, OrderReport, PieceRef, Position, Rules, State,
};
use serde_json::{json, Value};

#[test]
fn orders_and_positions_are_their_texts() {
    let order: Order = "Bb2SRa1-a5".parse().unwrap();
    assert_eq!(
        serde_json::to_value(order).unwrap(),
        json!("B b2 S R a1 - a5")
    );
    assert_eq!(
        serde_json::from_value::<Order>(json!("B b2 S R a1 - a5")).unwrap(),
        order
    );
    assert!(serde_json::from_value::<Order>(json!("B b2 S")).is_err());
    let piece: PieceRef = serde_json::from_value(json!("N c3")).unwrap();
    assert_eq!(serde_json::to_value(piece).unwrap(), json!("N c3"));
    let start = Position::start();
    assert_eq!(
        serde_json::to_value(&start).unwrap(),
        json!(diplochess::START)
    );
    assert_eq!(
        serde_json::from_value::<Position>(json!(diplochess::START)).unwrap(),
        start
    );
    let state = State::start(Rules::default());
    assert_eq!(
        serde_json::to_value(&state).unwrap(),
        json!(diplochess::START)
    );
    let rules = Rules {
        adjustments: true,
        bloody: false,
    };
    let back: Rules = serde_json::from_value(serde_json::to_value(rules).unwrap()).unwrap();
    assert_eq!(back, rules);
}

#[test]
fn outcomes_and_reports() {
    // A reason is its text, as when reasons were strings.
    let failed = OrderOutcome::Failed(Failure::Bounced {
        at: "c3".parse().unwrap(),
        by: "N d5".parse().unwrap(),
        attack: 3,
        against: 3,
    });
    assert_eq!(
        serde_json::to_value(&failed).unwrap(),
        json!({"failed": "bounced at c3 by N d5 (3 against 3)"})
    );
    assert!(serde_json::from_value::<OrderOutcome>(json!({"failed": "bounced at c3"})).is_err());
    assert_eq!(
        serde_json::to_value(OrderOutcome::Executed).unwrap(),
        json!("executed")
    );
    let report = OrderReport {
        color: Color::Black,
        order: "N g8 - f6".parse().unwrap(),
        outcome: failed,
    };
    let value = serde_json::to_value(&report).unwrap();
    assert_eq!(
        value,
        json!({"color": "black", "order": "N g8 - f6",
               "outcome": {"failed": "bounced at c3 by N d5 (3 against 3)"}})
    );
    assert_eq!(
        serde_json::from_value::<OrderReport>(value).unwrap(),
        report
    );

    // A turn with a dislodgement, as the resolution of a generic game phase.
    let mut game = Game::new(State::parse("7k/8/8/3n4/8/8/8/3R3K", Rules::default()).unwrap());
    let state = game.position().clone();
    let white = state
        .check_orders(
            Color::White,
            &[state.parse_order(Color::White, "R d1 - d5").unwrap()],
        )
        .unwrap();
    let black = state.default_orders(Color::Black);
    assert_eq!(serde_json::to_value(&white).unwrap(), json!(["R d1 - d5"]));
    let record = game.play(white, black).unwrap();
    let value: Value = serde_json::to_value(&record.resolution).unwrap();
    let movement = &value["phases"][0]["movement"];
    assert_eq!(movement["position"], json!("7k/8/8/3R4/8/8/8/7K - - 0 1"));
    assert_eq!(
        movement["dislodged"],
        json!([{"square": "d5", "piece": "n", "attacker_from": "d1"}])
    );
    assert_eq!(movement["standoffs"], json!([]));
    assert_eq!(movement["reports"][0]["outcome"], json!("executed"));
    assert_eq!(movement["progress"], json!(true));
}
