#![no_main]

use diplo_core::Options;
use diplomat_chess::GAME_INFO;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The whole input as one `--option` value, and as a comma-separated `[Options]` tag.
    for pairs in [vec![text], text.split(',').collect::<Vec<_>>()] {
        match Options::parse(&GAME_INFO, &pairs) {
            Ok(options) => {
                let _ = options.non_default(&GAME_INFO);
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
