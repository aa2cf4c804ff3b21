//! The seam between the games and everything above them holds (docs/architecture.md):
//! above the game crates, code asks the game's description or matches the closed `Session`
//! enum; it never downcasts and never names a game by its id (tests, and code that only
//! reads or prints an id a user gave, excepted). The server and the engine have no import
//! circle between their modules, and no source file grows past the length a reader can
//! hold.

use diplo_games::GAMES;
use diplo_testkit::architecture::{files_with, longer_than, module_circles, test_only_files};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// The code of a file before its first `#[cfg(test)]` item (the tests that follow may name
/// games freely).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.split("#[cfg(test)]")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Where code above the seam downcasts a session or names a game by its id.
fn seam_breaches() -> Vec<String> {
    let root = workspace();
    let mut breaches = Vec::new();
    let mut look = |path: &Path, code: &str| {
        for (n, line) in code.lines().enumerate() {
            let named = GAMES.iter().find(|g| {
                line.contains(&format!("\"{}\"", g.id())) || line.contains(&format!("'{}'", g.id()))
            });
            if line.contains("downcast_ref") || line.contains("as_any") || named.is_some() {
                breaches.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    };
    for dir in ["crates/server/src", "crates/cli/src", "crates/engine/src"] {
        let tests = test_only_files(&root.join(dir));
        for path in files_with(&root.join(dir), "rs") {
            if !tests.contains(&path) {
                look(&path, &code_of(&path));
            }
        }
    }
    for path in files_with(&root.join("web/js"), "js") {
        look(&path, &std::fs::read_to_string(&path).unwrap_or_default());
    }
    breaches
}

#[test]
fn nothing_above_the_games_names_a_game_or_downcasts() {
    let breaches = seam_breaches();
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

#[test]
fn the_server_and_the_engine_have_no_import_circle() {
    for dir in ["crates/server/src", "crates/engine/src"] {
        let circles = module_circles(&workspace().join(dir));
        assert!(circles.is_empty(), "{dir}: {circles:?}");
    }
}

/// The longest a source file may grow: about what a reader holds in mind at once.
const MAX_LINES: usize = 600;

#[test]
fn no_source_file_is_longer_than_a_reader_can_hold() {
    let root = workspace();
    let mut long = Vec::new();
    for krate in files_with(&root.join("crates"), "toml") {
        let src = krate.with_file_name("src");
        if src.is_dir() {
            long.extend(longer_than(&src, "rs", MAX_LINES));
        }
    }
    long.extend(longer_than(&root.join("web/js"), "js", MAX_LINES));
    let list: Vec<String> = long
        .iter()
        .map(|(path, n)| format!("{} ({n} lines)", path.display()))
        .collect();
    assert!(list.is_empty(), "{}", list.join("\n"));
}
