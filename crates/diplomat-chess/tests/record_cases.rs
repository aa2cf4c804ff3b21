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
//! survive a round trip through [`to_pgn`]: writing the game and replaying what was written
//! gives the same position.
//!
//! `DIPLO_BLESS=1 cargo test --test record_cases` writes missing `.expect` files from the
//! current behaviour (check them by hand before committing).

use diplo_core::record::{final_result, parse_record};
use diplomat_chess::record::{replay, start_position, to_pgn};
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
    let written = to_pgn(&game, &record.tags);
    let reread = parse_record(&written).unwrap_or_else(|e| panic!("{e} in\n{written}"));
    let again = replay(
        &reread,
        start_position(&reread, None).expect("tags written by to_pgn"),
    )
    .unwrap_or_else(|e| panic!("{e} in\n{written}"));
    assert_eq!(
        again.position(),
        game.position(),
        "to_pgn round trip differs:\n{written}"
    );
    format!("position: {}\nresult: {result}\n", game.position())
}

#[test]
fn record_cases() {
    let dir = cases_dir();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    names.sort();
    assert!(
        names.len() >= 20,
        "expected the record cases in {}",
        dir.display()
    );
    let bless = std::env::var_os("DIPLO_BLESS").is_some();
    let mut failures = Vec::new();
    for pgn in &names {
        let name = pgn.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(pgn).expect("readable case");
        let actual = outcome(&text);
        let expect_path = pgn.with_extension("expect");
        let expected = match std::fs::read_to_string(&expect_path) {
            Ok(e) => e,
            Err(_) if bless => {
                std::fs::write(&expect_path, &actual).expect("writable");
                println!("blessed {name}");
                continue;
            }
            Err(_) => {
                failures.push(format!("{name}: no {}", expect_path.display()));
                continue;
            }
        };
        let norm = |s: &str| s.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
        if norm(&expected).trim() == norm(&actual).trim() {
            println!("record case {name} ... ok");
        } else {
            println!("record case {name} ... FAILED");
            failures.push(format!(
                "{name}:\n  expected:\n{}\n  actual:\n{}",
                expected.trim_end(),
                actual.trim_end()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
