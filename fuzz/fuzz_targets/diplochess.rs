#![no_main]
//! DiploChess parsers: orders, position strings, orders files (through `adjudicate`, and
//! read by `State::read_orders` into a phase of the generic game), and records replayed
//! under every option.

use diplo_core::orders_file::order_lines;
use diplo_core::{Color, SimultaneousPosition};
use diplochess::{adjudicate, orders_file, record, Game, Order, Position, Rules, State};
use libfuzzer_sys::fuzz_target;

const RULES: [Rules; 2] = [
    Rules {
        adjustments: false,
        bloody: false,
    },
    Rules {
        adjustments: true,
        bloody: true,
    },
];

/// Reads each side's lines of an orders file as that side's orders for the state's phase
/// and resolves it; read errors must print.
fn play_phase(game: &mut Game, text: &str) {
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
    match text.parse::<Order>() {
        Ok(o) => assert_eq!(o.to_string().parse::<Order>(), Ok(o)),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match text.parse::<Position>() {
        Ok(p) => assert_eq!(p.to_string().parse::<Position>(), Ok(p)),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match orders_file::parse(text) {
        Ok(orders) => match adjudicate(&Position::start(), &orders) {
            Ok(a) => {
                let _ = a.to_string();
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        },
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    for rules in RULES {
        let mut game = Game::new(State::new(Position::start(), rules));
        play_phase(&mut game, text);
        play_phase(&mut game, text);
    }
    match record::parse(text) {
        Ok(rec) => match record::start_position(&rec) {
            Ok(start) => {
                for rules in RULES {
                    match record::replay(&rec, start.clone(), rules) {
                        // What a replayed game writes replays to the same position.
                        Ok(game) => {
                            let written = game.record(&rec.tags);
                            let again = record::replay_text(&written)
                                .unwrap_or_else(|e| panic!("{e}\n{written}"));
                            assert_eq!(again.position(), game.position());
                        }
                        Err(e) => assert!(!e.to_string().is_empty()),
                    }
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        },
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
