//! The record harness: every record of a directory replayed, its outcome compared with the
//! `.expect` file next to it.

use crate::{case_files, cases_dir};
use diplo_core::record::{parse_record, ReplayError, TagError};
use diplo_core::{GameRules, Options, Record, SequentialGame, SequentialPosition};
use std::path::Path;

/// How an `.expect` file is compared with the actual outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    /// Equal but for trailing whitespace at the end.
    Exact,
    /// Equal line by line but for trailing whitespace on each line and blank lines around.
    Lines,
}

impl Compare {
    fn same(self, expected: &str, actual: &str) -> bool {
        match self {
            Compare::Exact => expected.trim_end() == actual.trim_end(),
            Compare::Lines => {
                let norm = |s: &str| s.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
                norm(expected).trim() == norm(actual).trim()
            }
        }
    }
}

/// Runs `outcome` on the text of every `.pgn` file of `dir` (there must be at least
/// `min_cases`) and compares it with the `.expect` file next to it; panics with every
/// difference. `DIPLO_BLESS=1` writes missing `.expect` files from the current outcome.
pub fn check_record_cases(
    dir: &Path,
    min_cases: usize,
    compare: Compare,
    outcome: impl Fn(&str) -> String,
) {
    let names = case_files(dir, "pgn");
    assert!(
        names.len() >= min_cases,
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
                println!("blessed {name}");
                continue;
            }
            Err(_) => {
                failures.push(format!("{name}: no {}", expect_path.display()));
                continue;
            }
        };
        if compare.same(&expected, &actual) {
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

/// A game's `record::start_position`: a record's start position under options given
/// outside it, else under its `[Options]` tag.
pub type StartPosition<P> =
    fn(&Record, Option<&Options>) -> Result<P, TagError<<P as SequentialPosition>::ParseError>>;

/// The record cases of a sequential game (`tests/cases/<game>/records/*.pgn`, each with its
/// `.expect` file), replayed with the game crate's own functions.
///
/// An `.expect` file holds either the two lines `diplo replay` prints on success,
///
/// ```text
/// position: <position string after the last move>
/// result: <what `result` gives>
/// ```
///
/// or one line `error: <message>`: the record's syntax error (after
/// `syntax_error_prefix`), its tags' error, the first move that cannot be played, or the
/// error `result` gives. Every record that replays must also survive a round trip: the game
/// written with [`SequentialGame::record`] and replayed again reaches the same position and
/// result.
pub struct SequentialRecordCases<P: SequentialPosition> {
    /// There must be at least this many records.
    pub min_cases: usize,
    pub compare: Compare,
    /// What the game writes before a record syntax error (`record: `, or nothing).
    pub syntax_error_prefix: &'static str,
    /// The game's start position of a record (its `record::start_position`).
    pub start_position: StartPosition<P>,
    /// The game's replay (its `record::replay`).
    pub replay: fn(&Record, P) -> Result<SequentialGame<P>, ReplayError>,
    /// The `result:` line of a replayed game, or the error its record's result gives.
    pub result: fn(&Record, &SequentialGame<P>) -> Result<String, String>,
}

impl<P: SequentialPosition> SequentialRecordCases<P> {
    /// Replays every record of the game's `records/` directory and compares the outcome
    /// with its `.expect` file (see [`check_record_cases`]; `DIPLO_BLESS=1` writes missing ones).
    pub fn check(&self) {
        let dir = cases_dir(<P::Rules as GameRules>::INFO.id).join("records");
        check_record_cases(&dir, self.min_cases, self.compare, |text| {
            self.outcome(text)
        });
    }

    /// A record and the game it replays to, or the error (without `error: `).
    fn replay_text(&self, text: &str) -> Result<(Record, SequentialGame<P>), String> {
        let record = parse_record(text).map_err(|e| format!("{}{e}", self.syntax_error_prefix))?;
        let start = (self.start_position)(&record, None).map_err(|e| e.to_string())?;
        let game = (self.replay)(&record, start).map_err(|e| e.to_string())?;
        Ok((record, game))
    }

    /// What replaying a record gives, in the `.expect` format. Panics when the round trip
    /// through the writer fails.
    pub fn outcome(&self, text: &str) -> String {
        let (record, game) = match self.replay_text(text) {
            Ok(replayed) => replayed,
            Err(e) => return format!("error: {e}\n"),
        };
        let result = match (self.result)(&record, &game) {
            Ok(r) => r,
            Err(e) => return format!("error: {e}\n"),
        };
        let written = game.record(&record.tags);
        let (_, again) = self
            .replay_text(&written)
            .unwrap_or_else(|e| panic!("{e} in\n{written}"));
        assert_eq!(
            again.position(),
            game.position(),
            "record round trip differs:\n{written}"
        );
        assert_eq!(
            again.result(),
            game.result(),
            "record round trip differs:\n{written}"
        );
        format!("position: {}\nresult: {result}\n", game.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares() {
        assert!(Compare::Exact.same("a\nb\n", "a\nb"));
        assert!(!Compare::Exact.same("a \nb\n", "a\nb"));
        assert!(Compare::Lines.same("\na \nb\n\n", "a\nb"));
        assert!(!Compare::Lines.same("a\nc", "a\nb"));
    }
}
