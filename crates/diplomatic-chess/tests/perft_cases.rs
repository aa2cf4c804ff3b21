//! Perft figures from `tests/cases/diplomatic-chess/perft/*.perft` (format in the README
//! there): the fast generator must match every figure, the reference walker every small one.
//! Perft through the trait (for every sequential game) is checked in
//! `crates/games/tests/perft_cases.rs`.

mod reference;

use diplo_core::Options;
use diplo_testkit::{case_files, parse_perft_file, perft_mismatches, PerftCase};
use diplomatic_chess::{perft, Position, Rules, GAME_INFO};
use reference::RefBoard;
use std::path::{Path, PathBuf};

const CASES_DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/cases/diplomatic-chess/perft"
);

/// The reference checks figures up to this many leaves.
const REFERENCE_MAX_LEAVES: u64 = 200_000;

/// A case: its `options:` line is required.
type Case = PerftCase<Rules>;

fn parse_options(value: &str) -> Result<Rules, String> {
    if value == "default" {
        return Ok(Rules::default());
    }
    let pairs: Vec<&str> = value.split_whitespace().collect();
    Options::parse(&GAME_INFO, &pairs)
        .map(|o| Rules::from_options(&o))
        .map_err(|e| e.to_string())
}

fn parse_file(path: &Path) -> Result<Vec<Case>, String> {
    let cases = parse_perft_file(path, "options", parse_options)?;
    for case in &cases {
        if case.depths.is_empty() || case.setting.is_none() {
            return Err(format!(
                "line {}: case needs `options:` and depths",
                case.line
            ));
        }
    }
    Ok(cases)
}

fn perft_files() -> Vec<PathBuf> {
    let files = case_files(Path::new(CASES_DIR), "perft");
    assert!(files.len() >= 11, "expected the perft files in {CASES_DIR}");
    files
}

fn check_all(check: impl Fn(&Case, &Position) -> Vec<String>) {
    let mut failures = Vec::new();
    for path in perft_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let cases = match parse_file(&path) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let combos: std::collections::HashSet<Rules> =
            cases.iter().filter_map(|c| c.setting).collect();
        if combos.len() != 8 {
            failures.push(format!(
                "{name}: {} option combinations, need 8",
                combos.len()
            ));
        }
        for case in cases {
            let rules = case.setting.unwrap_or_default();
            let here = format!("{name} line {}: [{rules}]", case.line);
            match Position::parse(&case.position, rules) {
                Err(e) => failures.push(format!("{here}: {e}")),
                Ok(pos) if pos.to_string() != case.position => {
                    failures.push(format!("{here}: not canonical, the program writes `{pos}`"))
                }
                Ok(pos) => failures.extend(
                    check(&case, &pos)
                        .into_iter()
                        .map(|p| format!("{here}: {p}")),
                ),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft cases failed:\n  {}",
        failures.join("\n  ")
    );
}

#[test]
fn fast_generator_matches_every_figure() {
    check_all(|case, pos| perft_mismatches(&case.depths, |_, _| true, "", |d| perft(pos, d)));
}

#[test]
fn reference_generator_matches_the_small_figures() {
    check_all(|case, pos| {
        let r = pos.rules();
        let board = RefBoard::from_fen(
            &pos.to_string(),
            r.push_back,
            r.extra_diplomat_move,
            r.extended_pawns,
        );
        perft_mismatches(
            &case.depths,
            |_, leaves| leaves <= REFERENCE_MAX_LEAVES,
            "reference",
            |d| board.perft(d),
        )
    });
}

#[test]
fn start_position_is_pinned() {
    let cases = parse_file(&Path::new(CASES_DIR).join("start.perft")).unwrap();
    let off = cases
        .iter()
        .find(|c| c.setting == Some(Rules::default()))
        .expect("start, options off");
    assert_eq!(
        Position::parse(&off.position, Rules::default()).unwrap(),
        Position::start(Rules::default())
    );
    assert_eq!(off.depths.len(), 5);
    for case in &cases {
        let rules = case.setting.unwrap();
        assert_eq!(
            case.depths[0],
            if rules.extra_diplomat_move { 26 } else { 20 }
        );
    }
}

#[test]
fn parser_rejects_malformed_files() {
    let dir = std::env::temp_dir().join(format!("diplomatic-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, what) in [
        ("depth 1: 12\n", "before any"),
        (
            "position: x\noptions: default\ndepth 2: 5\n",
            "out of order",
        ),
        ("position: x\nfoo: 1\n", "unknown key"),
        ("position: x\ndepth 1: 1\n", "needs `options:`"),
        (
            "position: x\noptions: push-back=maybe\ndepth 1: 1\n",
            "push-back",
        ),
    ] {
        let path = dir.join("case.perft");
        std::fs::write(&path, text).unwrap();
        let err = parse_file(&path).unwrap_err();
        assert!(err.contains(what), "`{text}`: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
