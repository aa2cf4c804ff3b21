#![no_main]
//! Diplomat Chess records: `parse_record`, the tags, `replay` and `final_result`; what a
//! replayed game writes (`Game::record`) reads back to the same game.

use diplo_core::record::{final_result, parse_record};
use diplomat_chess::record::{replay, start_position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let record = match parse_record(text) {
        Ok(r) => r,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let start = match start_position(&record, None) {
        Ok(p) => p,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    match replay(&record, start) {
        Ok(game) => {
            let _ = final_result(game.result().as_ref(), record.recorded_result());
            // What the writer produces reads back to the same game.
            let written = game.record(&record.tags);
            let reread = parse_record(&written).expect("written records read back");
            let start = start_position(&reread, None).expect("written tags are valid");
            let again = replay(&reread, start).expect("written moves replay");
            assert_eq!(again.position(), game.position());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
