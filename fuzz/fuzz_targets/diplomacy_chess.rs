#![no_main]
//! Diplomacy Chess parsers: position strings, orders files (all three modes), records.

use diplomacy_chess::{adjudicate, record, Entry, Mode, Notation, Position};
use libfuzzer_sys::fuzz_target;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 3";

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
    for mode in [
        Mode::Basic,
        Mode::Progressive,
        Mode::SimultaneousProgressive,
    ] {
        if let Err(e) = adjudicate(mode, START, text) {
            assert!(!e.to_string().is_empty());
        }
        if let Err(e) = record::replay(text, mode) {
            assert!(!e.to_string().is_empty());
        }
    }
});
