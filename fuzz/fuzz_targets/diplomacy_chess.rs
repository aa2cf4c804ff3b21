#![no_main]
//! Diplomacy Chess parsers: position strings, notation, conditional entries, orders files
//! (through `adjudicate`, and read by `State::read_orders` into a turn of the generic game),
//! and records, in all three modes.

use diplomacy_chess::{adjudicate, record, Entry, Game, Mode, Notation, Position, State};
use libfuzzer_sys::fuzz_target;

mod common;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 3";

const MODES: [Mode; 3] = [
    Mode::Basic,
    Mode::Progressive,
    Mode::SimultaneousProgressive,
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = text.parse::<Position>() {
        assert_eq!(p.to_string().parse::<Position>(), Ok(p));
    }
    if let Ok(n) = text.parse::<Notation>() {
        assert_eq!(n.to_string().parse::<Notation>(), Ok(n));
    }
    if let Ok(e) = Entry::parse(text, 3) {
        assert!(Entry::parse(&e.to_string(), 3).is_ok());
    }
    for mode in MODES {
        if let Err(e) = adjudicate(mode, START, text) {
            assert!(!e.to_string().is_empty());
        }
        let start: Position = START.parse().expect("the fuzz start");
        let mut game = Game::new(State::new(start, mode));
        common::play_orders_file(&mut game, text);
        common::play_orders_file(&mut game, text);
        match record::replay(text, mode) {
            // What a replayed game writes replays to the same position.
            Ok(game) => {
                let written = game.record(&[]);
                let again =
                    record::replay(&written, mode).unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(again.position(), game.position());
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
