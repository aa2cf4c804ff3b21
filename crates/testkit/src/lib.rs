//! Test helpers shared by the game crates (a dev-dependency only): listing the case files
//! under `tests/cases/<game>/`, the perft harness ([`PerftCases`]: reading `.perft` case files
//! and checking every case), the record harness ([`check_record_cases`], and
//! [`SequentialRecordCases`] for the sequential games: replaying every record and comparing
//! the outcome with the `.expect` file next to it), and the random-input tests' machinery
//! ([`random_input`]). With the `diplochess` feature, DiploChess's random positions and orders
//! ([`diplochess`]).

use std::path::{Path, PathBuf};

/// DiploChess's random positions and orders (the `random` module of the diplochess crate,
/// which its own unit tests use too).
#[cfg(feature = "diplochess")]
pub use ::diplochess::random as diplochess;

pub mod architecture;
mod perft;
pub mod random_input;
mod records;

pub use perft::{
    parse_perft, parse_perft_file, perft_mismatches, rules_setting, PerftCase, PerftCases,
};
pub use records::{check_record_cases, Compare, SequentialRecordCases, StartPosition};

/// The directory of a game's test cases: `tests/cases/<game>/` at the workspace root.
pub fn cases_dir(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/cases")
        .join(game)
}

/// The files of `dir` whose extension is `ext`, sorted by name. Panics when `dir` cannot be
/// read.
pub fn case_files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}
