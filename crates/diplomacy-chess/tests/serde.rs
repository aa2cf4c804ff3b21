//! The serde forms (`--features serde`): orders as their text, positions as their string,
//! reports and failures as plain JSON that reads back.
#![cfg(feature = "serde")]

use diplo_core::{Color, NoHistory, SimultaneousPosition};
use diplomacy_chess::{
    resolve, Entry, EntryOutcome, Failure, Mode, Order, OrderOutcome, Position, Resolution, State,
    TurnError, TurnReport,
};
use serde_json::{from_str, json, to_string, to_value};

#[test]
fn entries_and_positions_travel_as_text() {
    let entry = Entry::read("bNf6?Nxe5:d4").unwrap();
    assert_eq!(to_value(&entry).unwrap(), json!("bNf6?Nxe5:d4"));
    assert_eq!(from_str::<Entry>("\"bNf6?Nxe5:d4\"").unwrap(), entry);
    assert!(from_str::<Entry>("\"Zz\"").is_err());
    let text = "4k3/8/8/2pP4/4Pp2/8/8/4K3 - c6e3 3 7";
    let position: Position = text.parse().unwrap();
    assert_eq!(to_value(&position).unwrap(), json!(text));
    assert_eq!(
        from_str::<Position>(&format!("\"{text}\"")).unwrap(),
        position
    );
    let state = State::new(position, Mode::Progressive);
    assert_eq!(to_value(&state).unwrap(), json!(text));
    assert_eq!(
        to_value(Mode::SimultaneousProgressive).unwrap(),
        json!("simultaneous-progressive")
    );
}

#[test]
fn reports_serialize_and_read_back() {
    // §13 Ex. 1: the queen takes the knight on c6.
    let state = State::parse("Q7/7k/8/n7/8/1B2n3/8/7K", Mode::Basic).unwrap();
    let white = state.read_entries(Color::White, &["Qc6"]).unwrap();
    let black = state.read_entries(Color::Black, &["Nc6"]).unwrap();
    let (_, report) = state.resolve(&white, &black, &mut NoHistory);
    let value = to_value(&report).unwrap();
    assert_eq!(
        value["entries"][0]["outcome"],
        json!({"resolved": "executed"})
    );
    assert_eq!(
        value["entries"][1]["outcome"]["resolved"]["failed"],
        json!({
            "reason": "captured",
            "square": "c6",
            "tick": 2,
            "by": {"color": "white", "role": "queen"}
        })
    );
    let back: TurnReport = from_str(&to_string(&report).unwrap()).unwrap();
    assert_eq!(back, report);
    let orders = to_value(&white).unwrap();
    assert_eq!(orders["given"], json!(["Qc6"]));
    assert_eq!(orders["orders"][0]["from"], json!("a8"));
    assert_eq!(orders["orders"][0]["role"], json!("queen"));

    let order: Order = from_str(&to_string(&white.orders[0]).unwrap()).unwrap();
    let resolution: Resolution = resolve(state.position(), &[order, black.orders[0]]);
    let back: Resolution = from_str(&to_string(&resolution).unwrap()).unwrap();
    assert_eq!(back, resolution);

    for failure in [
        Failure::KingSafety {
            square: "e2".parse().unwrap(),
        },
        Failure::Castling { tick: 1 },
    ] {
        let outcome = OrderOutcome::Failed(failure);
        let back: OrderOutcome = from_str(&to_string(&outcome).unwrap()).unwrap();
        assert_eq!(back, outcome);
    }
}

#[test]
fn errors_and_skips_keep_their_messages() {
    let state = State::start(Mode::Basic);
    let err = state.parse_order(Color::White, "e2e5").unwrap_err();
    let back: TurnError = from_str(&to_string(&err).unwrap()).unwrap();
    assert_eq!(back.to_string(), "`e2e5`: the pawn on e2 cannot move to e5");
    let state = State::start(Mode::Progressive);
    let white = state.read_entries(Color::White, &["Ke3"]).unwrap();
    let black = state.read_entries(Color::Black, &["e5"]).unwrap();
    let (_, report) = state.resolve(&white, &black, &mut NoHistory);
    let value = to_value(&report.entries[0].outcome).unwrap();
    assert_eq!(value, json!({"invalid": {"invalid": "Ke3"}}));
    let back: EntryOutcome = from_str(&value.to_string()).unwrap();
    assert_eq!(back, report.entries[0].outcome);
}
