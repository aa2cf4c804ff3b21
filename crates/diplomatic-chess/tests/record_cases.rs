//! Replays every record under `tests/cases/diplomatic-chess/records/` and compares the
//! outcome with the `.expect` file next to it: either the two lines `diplo replay` prints
//! (`position: …`, `result: …`) or one line `error: <message>`. Every successful record must
//! also survive a round trip through [`to_pgn`].
//!
//! `DIPLO_BLESS=1 cargo test -p diplomatic-chess --test record_cases` writes missing
//! `.expect` files from the current behaviour (check them by hand).

use diplo_core::record::parse_record;
use diplomatic_chess::record::{replay, result_line, start_position, to_pgn};
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
    let written = to_pgn(&game, &record.tags);
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
        let actual = outcome(&std::fs::read_to_string(pgn).expect("readable case"));
        let expect_path = pgn.with_extension("expect");
        let expected = match std::fs::read_to_string(&expect_path) {
            Ok(e) => e,
            Err(_) if bless => {
                std::fs::write(&expect_path, &actual).expect("writable");
                continue;
            }
            Err(_) => {
                failures.push(format!("{name}: no {}", expect_path.display()));
                continue;
            }
        };
        if expected.trim_end() != actual.trim_end() {
            failures.push(format!(
                "{name}:\n  expected: {}\n  actual:   {}",
                expected.trim_end(),
                actual.trim_end()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
