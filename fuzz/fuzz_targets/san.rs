#![no_main]

use diplomat_chess::san::{self, San};
use diplomat_chess::{Position, SubornRule};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// A few positions where many notations arise: the start, suborns by two Diplomats,
/// promotions, drops, a pawn on the centre.
fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        [
            (diplomat_chess::START, SubornRule::Convert),
            ("1HBKRD2hbkrd1/1PP1PP2pppp2/3P9p/1 w 2", SubornRule::Remove),
            ("6K6k/d1d11/1H12/1 b 20", SubornRule::Convert),
            ("3K6k3/1p12/14/1 b 20", SubornRule::Convert),
            ("3K6k3/14/13P/P w 20", SubornRule::Convert),
            ("3K6k3/14/14/1[HPd] w 20", SubornRule::Drop),
        ]
        .iter()
        .map(|(text, rule)| Position::parse(text, *rule).expect("valid fuzz position"))
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(parsed) = text.parse::<San>() {
        // The syntax writes back to something that reads the same.
        let written = parsed.to_string();
        assert_eq!(written.parse::<San>(), Ok(parsed));
    }
    for pos in positions() {
        match san::parse_move(pos, text) {
            Ok(mv) => {
                assert!(pos.is_legal(mv));
                let canonical = san::to_san(pos, mv);
                assert_eq!(san::parse_move(pos, &canonical), Ok(mv));
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
