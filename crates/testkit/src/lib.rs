//! Test helpers shared by the game crates (a dev-dependency only): listing the case files
//! under `tests/cases/<game>/`, reading `.perft` case files, checking records against the
//! `.expect` files next to them, and the random-input tests' machinery ([`random_input`]).
//! With the `diplochess` feature, DiploChess's random positions and orders ([`diplochess`]).

use std::path::{Path, PathBuf};

/// DiploChess's random positions and orders (the `random` module of the diplochess crate,
/// which its own unit tests use too).
#[cfg(feature = "diplochess")]
pub use ::diplochess::random as diplochess;
pub mod random_input;

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

/// One case of a `.perft` file: a position, the game's setting line (`suborn:`, `options:`)
/// if the case has one, and the leaf counts from depth 1 on (`depths[0]` is depth 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase<T> {
    /// The line of its `position:`.
    pub line: usize,
    pub position: String,
    pub setting: Option<T>,
    pub depths: Vec<u64>,
}

/// Reads a `.perft` file (see [`parse_perft`]).
pub fn parse_perft_file<T>(
    path: &Path,
    setting_key: &str,
    parse_setting: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<PerftCase<T>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    parse_perft(&text, setting_key, parse_setting)
}

/// Reads the cases of a `.perft` file: `# comments`, and `key: value` lines — `position:`
/// starts a case, `<setting_key>:` (read by `parse_setting`) and `depth N:` (from 1, no gaps)
/// belong to the last one. Errors name the line. The file must hold a case; whether a case
/// needs depths or a setting is the caller's check.
pub fn parse_perft<T>(
    text: &str,
    setting_key: &str,
    parse_setting: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<PerftCase<T>>, String> {
    let mut cases: Vec<PerftCase<T>> = Vec::new();
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
            cases.push(PerftCase {
                line: n,
                position: value.to_string(),
                setting: None,
                depths: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or_else(|| format!("line {n}: `{key}` before any `position:` line"))?;
        if key == setting_key {
            case.setting = Some(parse_setting(value).map_err(|e| format!("line {n}: {e}"))?);
        } else if let Some(depth) = key.strip_prefix("depth ") {
            let depth: usize = depth
                .trim()
                .parse()
                .map_err(|_| format!("line {n}: bad depth `{depth}`"))?;
            let leaves: u64 = value
                .parse()
                .map_err(|_| format!("line {n}: bad leaf count `{value}`"))?;
            if depth != case.depths.len() + 1 {
                return Err(format!(
                    "line {n}: depth {depth} out of order (depths start at 1, no gaps)"
                ));
            }
            case.depths.push(leaves);
        } else {
            return Err(format!("line {n}: unknown key `{key}`"));
        }
    }
    if cases.is_empty() {
        return Err("no `position:` line".into());
    }
    Ok(cases)
}

/// Compares leaf counts with a case's figures: for each depth (from 1) that
/// `wanted(depth, figure)` selects, `count(depth)`; one line per difference,
/// `depth 3: expected 8902, <counter> got 8900` (just `got` when `counter` is empty).
pub fn perft_mismatches(
    depths: &[u64],
    wanted: impl Fn(u32, u64) -> bool,
    counter: &str,
    count: impl Fn(u32) -> u64,
) -> Vec<String> {
    let got = if counter.is_empty() {
        "got".to_string()
    } else {
        format!("{counter} got")
    };
    (1..)
        .zip(depths)
        .filter(|&(depth, &expected)| wanted(depth, expected))
        .filter_map(|(depth, &expected)| {
            let n = count(depth);
            (n != expected).then(|| format!("depth {depth}: expected {expected}, {got} {n}"))
        })
        .collect()
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn number(s: &str) -> Result<u32, String> {
        s.parse().map_err(|_| format!("bad setting `{s}`"))
    }

    #[test]
    fn reads_cases() {
        let text = "# c\nposition: x y\nset: 3\ndepth 1: 20\ndepth 2: 400 # two\n\nposition: z\n";
        let cases = parse_perft(text, "set", number).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].line, 2);
        assert_eq!(cases[0].position, "x y");
        assert_eq!(cases[0].setting, Some(3));
        assert_eq!(cases[0].depths, vec![20, 400]);
        assert_eq!(cases[1].setting, None);
        assert!(cases[1].depths.is_empty());
    }

    #[test]
    fn names_the_bad_line() {
        for (text, what) in [
            ("", "no `position:`"),
            ("depth 1: 12\n", "line 1: `depth 1` before any"),
            ("position: x\ndepth 2: 5\n", "line 2: depth 2 out of order"),
            ("position: x\nfoo: 1\n", "unknown key `foo`"),
            ("position: x\nset: q\n", "line 2: bad setting `q`"),
            ("position: x\ndepth 1: many\n", "bad leaf count"),
            ("position: x\nnothing\n", "expected `key: value`"),
        ] {
            let err = parse_perft(text, "set", number).unwrap_err();
            assert!(err.contains(what), "`{text}`: {err}");
        }
    }

    #[test]
    fn reports_perft_mismatches() {
        let got = perft_mismatches(
            &[20, 400, 8902],
            |d, _| d < 3,
            "slow",
            |d| 20u64.pow(d) + u64::from(d == 2),
        );
        assert_eq!(got, vec!["depth 2: expected 400, slow got 401".to_string()]);
        assert!(perft_mismatches(&[1, 2], |_, _| true, "", u64::from).is_empty());
        assert_eq!(
            perft_mismatches(&[5], |_, _| true, "", |_| 4),
            vec!["depth 1: expected 5, got 4".to_string()]
        );
    }

    #[test]
    fn compares() {
        assert!(Compare::Exact.same("a\nb\n", "a\nb"));
        assert!(!Compare::Exact.same("a \nb\n", "a\nb"));
        assert!(Compare::Lines.same("\na \nb\n\n", "a\nb"));
        assert!(!Compare::Lines.same("a\nc", "a\nb"));
    }
}
