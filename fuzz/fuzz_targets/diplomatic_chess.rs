#![no_main]

//! Diplomatic Chess parsers: position strings, coordinate and SAN turns, and whole records.
//! Nothing may panic; whatever parses must write back to something that parses the same.

use diplo_core::record::parse_record;
use diplomatic_chess::record::{replay, result_line, start_position};
use diplomatic_chess::san::{parse_move, to_san};
use diplomatic_chess::{Move, Position, Rules};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        [
            diplomatic_chess::START,
            "7d/6P1/8/8/8/8/8/Q3D3 w - - 0 1",
            "4d3/8/3N1N2/2B5/8/5n2/2Q1q3/3D4 w - - 0 20",
            "rnbqdbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQDBNR w KQkq f6 0 3",
        ]
        .iter()
        .flat_map(|fen| Rules::all().map(|r| Position::parse(fen, r).expect("valid fuzz position")))
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = Position::parse(text, Rules::default()) {
        assert_eq!(Position::parse(&p.to_string(), p.rules()), Ok(p.clone()));
        let _ = p.legal_moves();
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    for pos in positions() {
        if let Ok(mv) = parse_move(pos, text) {
            assert!(pos.is_legal(mv));
            assert_eq!(parse_move(pos, &to_san(pos, mv)), Ok(mv));
        }
    }
    if let Ok(record) = parse_record(text) {
        if let Ok(start) = start_position(&record, None) {
            if let Ok(game) = replay(&record, start) {
                let _ = result_line(&game);
            }
        }
    }
});
