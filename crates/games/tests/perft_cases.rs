//! Perft through the trait for every sequential game: started from the registry, a session's
//! `perft` and `divide` (`diplo_core::sequential::perft` and `divide` on the game's position)
//! give every figure of the game's `tests/cases/<game>/perft/*.perft` files, under the
//! options each case names. The game crates' own tests check the same figures against their
//! fast generators and independent reference generators.

use diplo_core::Options;
use diplo_games::{GameEntry, Kind, GAMES};
use diplo_testkit::{perft_mismatches, PerftCases};
use std::collections::BTreeSet;

/// Each sequential game's setting line in its perft files: `options: k=v k=v` (or
/// `default`), or `<option>: <value>` for a game whose cases differ in one option only.
const SETTING_KEYS: &[(&str, &str)] = &[
    ("diplomat-chess", "suborn"),
    ("diplomatic-chess", "options"),
];

/// `divide` is checked at this depth at most (the deepest figures are for `perft`).
const DIVIDE_DEPTH: usize = 3;

fn option_pairs(setting_key: &str, value: &str) -> Vec<String> {
    match (setting_key, value) {
        ("options", "default") => Vec::new(),
        ("options", pairs) => pairs.split_whitespace().map(str::to_string).collect(),
        (option, value) => vec![format!("{option}={value}")],
    }
}

fn sequential_games() -> impl Iterator<Item = &'static GameEntry> {
    GAMES.iter().filter(|g| g.kind == Kind::Sequential)
}

/// Checks every case of every perft file of one game; returns the problems found and the
/// `key=value` option settings the cases used.
fn check_game(
    entry: &'static GameEntry,
    setting_key: &'static str,
) -> (Vec<String>, BTreeSet<String>) {
    let cases = PerftCases::new(entry.id(), setting_key, move |value| {
        entry
            .options(&option_pairs(setting_key, value))
            .map_err(|e| e.to_string())
    });
    let mut settings = BTreeSet::new();
    let problems = cases.problems(|cases| {
        let mut problems = Vec::new();
        for case in cases {
            let options = case
                .setting
                .clone()
                .unwrap_or_else(|| Options::defaults(entry.info));
            settings.extend(options.pairs().map(|(k, v)| format!("{k}={v}")));
            let here = format!("{} line {}", entry.id(), case.line);
            let session = match entry.start(&options, Some(&case.position)) {
                Ok(session) => session,
                Err(e) => {
                    problems.push(format!("{here}: {e}"));
                    continue;
                }
            };
            let game = session.as_sequential().expect("a sequential game");
            for mismatch in perft_mismatches(&case.depths, |_, _| true, "", |d| game.perft(d)) {
                problems.push(format!("{here}: {mismatch}"));
            }
            // `divide` splits the same figure by root move, in the order of the legal moves.
            let depth = case.depths.len().min(DIVIDE_DEPTH);
            let split = game.divide(depth as u32);
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            if total != case.depths[depth - 1] {
                problems.push(format!(
                    "{here}: divide at depth {depth} sums to {total}, not {}",
                    case.depths[depth - 1]
                ));
            }
            let roots: Vec<String> = split.into_iter().map(|(mv, _)| mv).collect();
            let legal: Vec<String> = game
                .legal_moves()
                .into_iter()
                .map(|m| m.coordinate)
                .collect();
            if roots != legal {
                problems.push(format!(
                    "{here}: divide's root moves are not the legal moves"
                ));
            }
        }
        problems
    });
    (problems, settings)
}

#[test]
fn every_sequential_game_has_perft_cases() {
    for entry in sequential_games() {
        assert!(
            SETTING_KEYS.iter().any(|(id, _)| *id == entry.id()),
            "{}: name its perft files' setting line in SETTING_KEYS",
            entry.id()
        );
    }
}

#[test]
fn perft_through_the_trait_matches_every_figure_under_every_option() {
    let mut problems = Vec::new();
    for entry in sequential_games() {
        let Some(&(_, key)) = SETTING_KEYS.iter().find(|(id, _)| *id == entry.id()) else {
            continue;
        };
        let (found, settings) = check_game(entry, key);
        problems.extend(found);
        // The cases cover every value of every option the game has.
        for spec in entry.info.options {
            for value in spec.values {
                let setting = format!("{}={value}", spec.name);
                if !settings.contains(&setting) {
                    problems.push(format!("{}: no perft case with {setting}", entry.id()));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "perft cases failed:\n  {}",
        problems.join("\n  ")
    );
}
