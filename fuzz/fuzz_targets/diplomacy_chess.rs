#![no_main]
//! Diplomacy Chess parsers: position strings, notation, conditional entries, orders files
//! (through `adjudicate`, and read by `State::read_orders` into a turn of the generic game),
//! and records, in all three modes.

use diplo_core::orders_file::order_lines;
use diplo_core::{Color, SimultaneousPosition};
use diplomacy_chess::{adjudicate, record, Entry, Game, Mode, Notation, Position, State};
use libfuzzer_sys::fuzz_target;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 3";

const MODES: [Mode; 3] = [
    Mode::Basic,
    Mode::Progressive,
    Mode::SimultaneousProgressive,
];

/// Reads each side's lines of an orders file as that side's entries for the turn and
/// resolves it; read errors must print.
fn play_turn(game: &mut Game, text: &str) {
    let Ok(lines) = order_lines(text) else {
        return;
    };
    let state = game.position().clone();
    let [white, black] = Color::ALL.map(|side| {
        let texts: Vec<&str> = lines
            .iter()
            .filter(|l| l.color == side)
            .map(|l| l.text)
            .collect();
        for text in &texts {
            if let Err(e) = state.parse_order(side, text) {
                assert!(!e.to_string().is_empty());
            }
        }
        state.read_orders(side, &texts)
    });
    match (white, black) {
        (Ok(white), Ok(black)) => {
            if let Ok(played) = game.play(white, black) {
                let _ = played.resolution.to_string();
            }
        }
        (white, black) => {
            for e in [white.err(), black.err()].into_iter().flatten() {
                assert!(!e.to_string().is_empty());
            }
        }
    }
}

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
        play_turn(&mut game, text);
        play_turn(&mut game, text);
        match record::replay(text, mode) {
            // What a replayed game writes replays to the same position.
            Ok(game) => {
                let written = game.record(&[]);
                let again = record::replay(&written, mode)
                    .unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(again.position(), game.position());
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
