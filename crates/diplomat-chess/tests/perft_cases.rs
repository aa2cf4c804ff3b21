//! Perft figures from `tests/cases/diplomat-chess/perft/*.perft` (format in the README
//! there): the fast generator must match every figure, and the independent reference
//! generator every figure up to depth 3 (and depth 4 where it is small).

mod reference;

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

#[derive(Debug)]
struct Case {
    line: usize,
    position: String,
    rule: SubornRule,
    depths: Vec<(u32, u64)>,
}

fn parse_file(path: &Path) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("line {n}: expected `key: value`, found `{raw}`"))?;
        let value = value.trim();
        if key == "position" {
            cases.push(Case {
                line: n,
                position: value.to_string(),
                rule: SubornRule::Convert,
                depths: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or_else(|| format!("line {n}: `{key}` before any `position:` line"))?;
        if key == "suborn" {
            case.rule = value.parse().map_err(|e| format!("line {n}: {e}"))?;
        } else if let Some(depth) = key.strip_prefix("depth ") {
            let depth: u32 = depth
                .trim()
                .parse()
                .map_err(|_| format!("line {n}: bad depth `{depth}`"))?;
            let leaves: u64 = value
                .parse()
                .map_err(|_| format!("line {n}: bad leaf count `{value}`"))?;
            if depth as usize != case.depths.len() + 1 {
                return Err(format!(
                    "line {n}: depth {depth} out of order (depths start at 1, no gaps)"
                ));
            }
            case.depths.push((depth, leaves));
        } else {
            return Err(format!("line {n}: unknown key `{key}`"));
        }
    }
    if cases.is_empty() {
        return Err("no `position:` line".into());
    }
    for case in &cases {
        if case.depths.is_empty() {
            return Err(format!("line {}: case without depths", case.line));
        }
    }
    Ok(cases)
}

fn perft_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(CASES_DIR)
        .unwrap_or_else(|e| panic!("cannot read {CASES_DIR}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
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
                        case.line, case.position, case.rule
                    );
                    let pos = match Position::parse(&case.position, case.rule) {
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
    check_all(|case, pos| {
        case.depths
            .iter()
            .filter_map(|&(depth, expected)| {
                let got = perft(pos, depth);
                (got != expected).then(|| format!("depth {depth}: expected {expected}, got {got}"))
            })
            .collect()
    });
}

#[test]
fn reference_generator_matches_the_shallow_figures() {
    check_all(|case, pos| {
        let board = RefBoard::from_position(pos);
        case.depths
            .iter()
            .filter(|&&(depth, leaves)| {
                depth <= REFERENCE_DEPTH
                    || (depth == REFERENCE_DEPTH + 1 && leaves <= REFERENCE_DEPTH_4_MAX_LEAVES)
            })
            .filter_map(|&(depth, expected)| {
                let got = board.perft(depth);
                (got != expected).then(|| {
                    format!("depth {depth}: expected {expected}, reference generator got {got}")
                })
            })
            .collect()
    });
}

#[test]
fn start_position_is_pinned_to_depth_5_for_every_rule() {
    let cases = parse_file(&Path::new(CASES_DIR).join("start.perft")).unwrap();
    for rule in SubornRule::ALL {
        let case = cases
            .iter()
            .find(|c| c.rule == rule)
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
