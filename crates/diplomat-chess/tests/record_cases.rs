//! Replays every record under `tests/cases/diplomat-chess/records/` and compares the outcome
//! with the `.expect` file next to it.
//!
//! An `.expect` file holds either the two lines `diplo replay` prints on success,
//!
//! ```text
//! position: <position string after the last move>
//! result: <token> (<reason>)
//! ```
//!
//! or one line `error: <message>` with the exact message of the first error (record syntax,
//! tags, a move, or a recorded result the rules contradict). Every successful record must also
//! survive a round trip through [`diplomat_chess::Game::record`]: writing the game and replaying what was written
//! gives the same position.
//!
//! `DIPLO_BLESS=1 cargo test --test record_cases` writes missing `.expect` files from the
//! current behaviour (check them by hand before committing).

use diplo_core::record::{final_result, parse_record};
use diplo_testkit::{check_record_cases, Compare};
use diplomat_chess::record::{replay, start_position};
use std::path::{Path, PathBuf};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/diplomat-chess/records")
}

/// What replaying a record gives, in the `.expect` format.
fn outcome(text: &str) -> String {
    let record = match parse_record(text) {
        Ok(r) => r,
        Err(e) => return format!("error: {e}\n"),
    };
    let start = match start_position(&record, None) {
        Ok(p) => p,
        Err(e) => return format!("error: {e}\n"),
    };
    let game = match replay(&record, start) {
        Ok(g) => g,
        Err(e) => return format!("error: {e}\n"),
    };
    let result = match final_result(game.result().as_ref(), record.recorded_result()) {
        Ok(r) => r,
        Err(e) => return format!("error: {e}\n"),
    };
    // Round trip through the writer.
    let written = game.record(&record.tags);
    let reread = parse_record(&written).unwrap_or_else(|e| panic!("{e} in\n{written}"));
    let again = replay(
        &reread,
        start_position(&reread, None).expect("tags written by Game::record"),
    )
    .unwrap_or_else(|e| panic!("{e} in\n{written}"));
    assert_eq!(
        again.position(),
        game.position(),
        "record round trip differs:\n{written}"
    );
    format!("position: {}\nresult: {result}\n", game.position())
}

#[test]
fn record_cases() {
    check_record_cases(&cases_dir(), 20, Compare::Lines, outcome);
}
