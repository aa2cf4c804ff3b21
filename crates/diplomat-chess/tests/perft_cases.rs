//! Perft figures from `tests/cases/diplomat-chess/perft/*.perft` (format in the README
//! there): the fast generator must match every figure, and the independent reference
//! generator every figure up to depth 3 (and depth 4 where it is small).

mod reference;

use diplo_testkit::{case_files, parse_perft_file, perft_mismatches, PerftCase};
use diplomat_chess::{perft, Position, SubornRule};
use reference::RefBoard;
use std::path::{Path, PathBuf};

const CASES_DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/cases/diplomat-chess/perft"
);

/// The reference checks every figure at depth ≤ 3, and at depth 4 when it is at most this.
const REFERENCE_DEPTH: u32 = 3;
const REFERENCE_DEPTH_4_MAX_LEAVES: u64 = 100_000;

/// A case; without a `suborn:` line the rule is `convert`.
type Case = PerftCase<SubornRule>;

fn rule(case: &Case) -> SubornRule {
    case.setting.unwrap_or(SubornRule::Convert)
}

fn parse_file(path: &Path) -> Result<Vec<Case>, String> {
    let cases = parse_perft_file(path, "suborn", |v| {
        v.parse::<SubornRule>().map_err(|e| e.to_string())
    })?;
    for case in &cases {
        if case.depths.is_empty() {
            return Err(format!("line {}: case without depths", case.line));
        }
    }
    Ok(cases)
}

fn perft_files() -> Vec<PathBuf> {
    let files = case_files(Path::new(CASES_DIR), "perft");
    assert!(
        files.len() >= 10,
        "expected the perft case files in {CASES_DIR}, found {}",
        files.len()
    );
    files
}

/// Runs `check` on every case of every file; failures are gathered into one message per file.
fn check_all(check: impl Fn(&Case, &Position) -> Vec<String>) {
    let mut failures = Vec::new();
    let mut cases_seen = 0;
    for path in perft_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut problems = Vec::new();
        match parse_file(&path) {
            Err(e) => problems.push(e),
            Ok(cases) => {
                for case in cases {
                    cases_seen += 1;
                    let here = format!(
                        "line {}: `{}` suborn={}",
                        case.line,
                        case.position,
                        rule(&case)
                    );
                    let pos = match Position::parse(&case.position, rule(&case)) {
                        Ok(p) => p,
                        Err(e) => {
                            problems.push(format!("{here}: {e}"));
                            continue;
                        }
                    };
                    if pos.to_string() != case.position {
                        problems.push(format!(
                            "{here}: not written canonically (the program writes `{pos}`)"
                        ));
                    }
                    for problem in check(&case, &pos) {
                        problems.push(format!("{here}: {problem}"));
                    }
                }
            }
        }
        if !problems.is_empty() {
            failures.push(format!("{name}:\n    {}", problems.join("\n    ")));
        }
    }
    assert!(cases_seen > 0);
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
fn reference_generator_matches_the_shallow_figures() {
    check_all(|case, pos| {
        let board = RefBoard::from_position(pos);
        perft_mismatches(
            &case.depths,
            |depth, leaves| {
                depth <= REFERENCE_DEPTH
                    || (depth == REFERENCE_DEPTH + 1 && leaves <= REFERENCE_DEPTH_4_MAX_LEAVES)
            },
            "reference generator",
            |d| board.perft(d),
        )
    });
}

#[test]
fn start_position_is_pinned_to_depth_5_for_every_rule() {
    let cases = parse_file(&Path::new(CASES_DIR).join("start.perft")).unwrap();
    for rule in SubornRule::ALL {
        let case = cases
            .iter()
            .find(|c| self::rule(c) == rule)
            .unwrap_or_else(|| panic!("start.perft has no suborn={rule} case"));
        assert_eq!(
            Position::parse(&case.position, rule).unwrap(),
            Position::start(rule)
        );
        assert!(case.depths.len() >= 5, "start suborn={rule}: depth 5");
    }
}

#[test]
fn parser_rejects_malformed_files() {
    let dir = std::env::temp_dir().join(format!("diplo-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, what) in [
        ("depth 1: 12\n", "before any"),
        ("position: x\ndepth 2: 5\n", "out of order"),
        ("position: x\nfoo: 1\n", "unknown key"),
        ("position: x\n", "without depths"),
        ("position: x\nsuborn: steal\ndepth 1: 1\n", "unknown suborn"),
    ] {
        let path = dir.join("case.perft");
        std::fs::write(&path, text).unwrap();
        let err = parse_file(&path).unwrap_err();
        assert!(err.contains(what), "`{text}`: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
