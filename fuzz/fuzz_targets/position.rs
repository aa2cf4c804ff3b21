#![no_main]

use diplomat_chess::{Position, Setup, SubornRule};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Setup>() {
        Ok(setup) => {
            // What was read is written back readably.
            let again: Setup = setup
                .to_string()
                .parse()
                .expect("a written setup reads back");
            assert_eq!(again, setup);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    for rule in SubornRule::ALL {
        match Position::parse(text, rule) {
            Ok(pos) => {
                let again = Position::parse(&pos.to_string(), rule).expect("round trip");
                assert_eq!(again, pos);
                let _ = pos.legal_moves();
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
