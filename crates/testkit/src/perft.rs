//! The perft harness: `.perft` case files (`tests/cases/<game>/perft/*.perft`, format in the
//! README there), read and checked case by case.

use crate::{case_files, cases_dir};
use diplo_core::{GameRules, Options, SequentialPosition};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

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

/// Reads a setting line that names the rule options: `default`, or `key=value` pairs
/// separated by spaces (`options: push-back=on extended-pawns=on`).
pub fn rules_setting<R: GameRules>(value: &str) -> Result<R, String> {
    if value == "default" {
        return Ok(R::default());
    }
    let pairs: Vec<&str> = value.split_whitespace().collect();
    Options::parse(R::INFO, &pairs)
        .map(|o| R::from_options(&o))
        .map_err(|e| e.to_string())
}

/// Reads the value of a case's setting line.
type SettingReader<T> = Box<dyn Fn(&str) -> Result<T, String>>;

/// A game's `.perft` case files and how to read them: the directory, how many files there
/// must be at least, the key of the cases' setting line and its reader, and whether every
/// case needs one. Every case needs depths.
///
/// [`PerftCases::check_positions`] checks every case of a sequential game against its
/// position type; [`PerftCases::problems`] walks the cases for any other check.
pub struct PerftCases<T> {
    dir: PathBuf,
    min_files: usize,
    setting_key: &'static str,
    parse_setting: SettingReader<T>,
    setting_required: bool,
    settings_per_file: Option<usize>,
}

impl<T> PerftCases<T> {
    /// The cases of `tests/cases/<game>/perft/`, whose `<setting_key>:` lines
    /// `parse_setting` reads.
    pub fn new(
        game: &str,
        setting_key: &'static str,
        parse_setting: impl Fn(&str) -> Result<T, String> + 'static,
    ) -> PerftCases<T> {
        PerftCases {
            dir: cases_dir(game).join("perft"),
            min_files: 1,
            setting_key,
            parse_setting: Box::new(parse_setting),
            setting_required: false,
            settings_per_file: None,
        }
    }

    /// There must be at least `n` files.
    pub fn min_files(mut self, n: usize) -> PerftCases<T> {
        self.min_files = n;
        self
    }

    /// Every case needs a setting line.
    pub fn setting_required(mut self) -> PerftCases<T> {
        self.setting_required = true;
        self
    }

    /// Every file holds cases under exactly `n` different settings
    /// (checked by [`PerftCases::check_positions`]).
    pub fn settings_per_file(mut self, n: usize) -> PerftCases<T> {
        self.settings_per_file = Some(n);
        self
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The `.perft` files, sorted by name; panics when there are fewer than the minimum.
    pub fn files(&self) -> Vec<PathBuf> {
        let files = case_files(&self.dir, "perft");
        assert!(
            files.len() >= self.min_files,
            "expected the perft case files in {}, found {}",
            self.dir.display(),
            files.len()
        );
        files
    }

    /// Reads one file (see [`parse_perft`]); a case without depths, or without a setting
    /// line where one is required, is an error that names its line.
    pub fn parse_file(&self, path: &Path) -> Result<Vec<PerftCase<T>>, String> {
        let cases = parse_perft_file(path, self.setting_key, &self.parse_setting)?;
        for case in &cases {
            if self.setting_required && case.setting.is_none() {
                return Err(format!(
                    "line {}: case needs `{}:` and depths",
                    case.line, self.setting_key
                ));
            }
            if case.depths.is_empty() {
                return Err(format!("line {}: case without depths", case.line));
            }
        }
        Ok(cases)
    }

    /// Reads every file and runs `check` on the cases of each; returns every problem, each
    /// line starting with its file's name (a file that cannot be read is one problem).
    /// Panics when the files hold no case at all.
    pub fn problems(&self, mut check: impl FnMut(&[PerftCase<T>]) -> Vec<String>) -> Vec<String> {
        let mut problems = Vec::new();
        let mut cases_seen = 0;
        for path in self.files() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            match self.parse_file(&path) {
                Err(e) => problems.push(format!("{name}: {e}")),
                Ok(cases) => {
                    cases_seen += cases.len();
                    problems.extend(check(&cases).into_iter().map(|p| format!("{name}: {p}")));
                }
            }
        }
        assert!(cases_seen > 0, "no perft cases in {}", self.dir.display());
        problems
    }
}

impl<R: GameRules> PerftCases<R> {
    /// For a sequential game whose setting line gives its rules (the default rules without
    /// one): every case's position is read under its rules and must be written back as it
    /// stands, and `check` compares the figures (one line per difference, see
    /// [`perft_mismatches`]). Panics with every problem of every file.
    pub fn check_positions<P: SequentialPosition<Rules = R>>(
        &self,
        check: impl Fn(&PerftCase<R>, &P) -> Vec<String>,
    ) {
        let problems = self.problems(|cases| {
            let mut problems = Vec::new();
            if let Some(n) = self.settings_per_file {
                let settings: HashSet<R> = cases.iter().filter_map(|c| c.setting).collect();
                if settings.len() != n {
                    problems.push(format!("{} option combinations, need {n}", settings.len()));
                }
            }
            for case in cases {
                let rules = case.setting.unwrap_or_default();
                let here = format!(
                    "line {}: `{}` [{}]",
                    case.line,
                    case.position,
                    rules.options_tag().as_deref().unwrap_or("default options")
                );
                let pos = match P::parse(&case.position, rules) {
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
                problems.extend(
                    check(case, &pos)
                        .into_iter()
                        .map(|p| format!("{here}: {p}")),
                );
            }
            problems
        });
        assert!(
            problems.is_empty(),
            "perft cases failed:\n  {}",
            problems.join("\n  ")
        );
    }
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
}
