//! Replays every record under `tests/cases/diplomatic-chess/records/` and compares the
//! outcome with the `.expect` file next to it: either the two lines `diplo replay` prints
//! (`position: …`, `result: …`) or one line `error: <message>`. Every successful record must
//! also survive a round trip through [`diplomatic_chess::Game::record`].
//!
//! `DIPLO_BLESS=1 cargo test -p diplomatic-chess --test record_cases` writes missing
//! `.expect` files from the current behaviour (check them by hand).

use diplo_core::record::parse_record;
use diplo_testkit::{check_record_cases, Compare};
use diplomatic_chess::record::{replay, result_line, start_position};
use std::path::{Path, PathBuf};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/diplomatic-chess/records")
}

fn outcome(text: &str) -> String {
    let record = match parse_record(text) {
        Ok(r) => r,
        Err(e) => return format!("error: record: {e}\n"),
    };
    let start = match start_position(&record, None) {
        Ok(p) => p,
        Err(e) => return format!("error: {e}\n"),
    };
    let game = match replay(&record, start) {
        Ok(g) => g,
        Err(e) => return format!("error: {e}\n"),
    };
    let written = game.record(&record.tags);
    let reread = parse_record(&written).unwrap_or_else(|e| panic!("{e} in\n{written}"));
    let again = replay(&reread, start_position(&reread, None).expect("own tags"))
        .unwrap_or_else(|e| panic!("{e} in\n{written}"));
    assert_eq!(again.position(), game.position(), "round trip:\n{written}");
    assert_eq!(again.result(), game.result(), "round trip:\n{written}");
    format!(
        "position: {}\nresult: {}\n",
        game.position(),
        result_line(&game)
    )
}

#[test]
fn record_cases() {
    check_record_cases(&cases_dir(), 20, Compare::Exact, outcome);
}
