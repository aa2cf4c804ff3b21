#![no_main]
//! DiploChess parsers: orders, position strings, orders files (through `adjudicate`, and
//! read by `State::read_orders` into a phase of the generic game), and records replayed
//! under every option.

use diplochess::{adjudicate, orders_file, record, Game, Order, Position, Rules, State};
use libfuzzer_sys::fuzz_target;

mod common;

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
        common::play_orders_file(&mut game, text);
        common::play_orders_file(&mut game, text);
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
