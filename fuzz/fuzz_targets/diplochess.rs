#![no_main]

use diplochess::{adjudicate, orders_file, record, Game, Order, Position, Rules};
use libfuzzer_sys::fuzz_target;

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
        Ok(orders) => {
            let start = Position::start();
            match adjudicate(&start, &orders) {
                Ok(a) => {
                    let _ = a.to_string();
                }
                Err(e) => assert!(!e.to_string().is_empty()),
            }
            let mut game = Game::new(start, Rules::default());
            let _ = game.play_phase(&orders);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match record::parse(text) {
        Ok(rec) => {
            if let Ok(start) = record::start_position(&rec) {
                for bloody in [false, true] {
                    let rules = Rules {
                        adjustments: !bloody,
                        bloody,
                    };
                    if let Err(e) = record::replay(&rec, start.clone(), rules) {
                        assert!(!e.to_string().is_empty());
                    }
                }
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
