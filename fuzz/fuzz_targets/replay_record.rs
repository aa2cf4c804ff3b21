#![no_main]
//! `diplo_games::replay_record` on any text, as every game and as the record's own `[Game]`
//! tag says: what replays writes a record (`Session::record`) that replays to the same game.

use diplo_games::{replay_record, GAMES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let games = std::iter::once(None).chain(GAMES.iter().map(|g| Some(g.id())));
    for game in games {
        match replay_record(text, game, &[]) {
            Ok(replayed) => {
                let session = replayed.session;
                let written = session.record(&[]);
                let again =
                    replay_record(&written, None, &[]).unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(again.session.entry().id(), session.entry().id());
                assert_eq!(again.session.position_string(), session.position_string());
                assert_eq!(again.session.result(), session.result());
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});
