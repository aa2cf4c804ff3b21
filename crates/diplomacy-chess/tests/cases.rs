//! One test per case file under `tests/cases/diplomacy-chess/` (format: its README.md): the
//! orders are adjudicated and the board, every order's outcome and the result compared.

use diplomacy_chess::{adjudicate, Mode};
use std::path::Path;

/// A case file split into its parts.
struct Case {
    rule: String,
    position: String,
    mode: Mode,
    orders: String,
    expect: Vec<String>,
}

fn parse_case(text: &str) -> Result<Case, String> {
    let (mut rule, mut position, mut mode) = (None, None, Mode::Basic);
    let mut orders = String::new();
    let mut expect = Vec::new();
    let mut section = "";
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match t {
            "orders:" | "expect:" => {
                section = t;
                continue;
            }
            _ => {}
        }
        match section {
            "orders:" => {
                orders.push_str(t);
                orders.push('\n');
            }
            "expect:" => expect.push(t.to_string()),
            _ => {
                let (key, value) = t.split_once(':').ok_or(format!("bad header line `{t}`"))?;
                let value = value.trim().to_string();
                match key {
                    "rule" => rule = Some(value),
                    "title" => {}
                    "position" => position = Some(value),
                    "option" => {
                        let m = value
                            .strip_prefix("mode=")
                            .ok_or(format!("unknown option `{value}`"))?;
                        mode = m.parse().map_err(|e| format!("{e}"))?;
                    }
                    _ => return Err(format!("unknown header `{key}`")),
                }
            }
        }
    }
    Ok(Case {
        rule: rule.ok_or("no `rule:` line")?,
        position: position.ok_or("no `position:` line")?,
        mode,
        orders,
        expect,
    })
}

fn run_case(path: &Path, text: String) -> datatest_stable::Result<()> {
    let case = parse_case(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if case.rule.is_empty() || case.expect.is_empty() {
        return Err(format!("{}: a case needs a rule and expectations", path.display()).into());
    }
    let got = adjudicate(case.mode, &case.position, &case.orders);
    let mut want_lines = case.expect.iter().peekable();
    if let Some(err) = want_lines.peek().and_then(|l| l.strip_prefix("error:")) {
        let err = err.trim();
        return match got {
            Err(e) if e.to_string().contains(err) => Ok(()),
            Err(e) => Err(format!("rule {}: error `{e}` lacks `{err}`", case.rule).into()),
            Ok(out) => Err(format!("rule {}: expected an error, got\n{out}", case.rule).into()),
        };
    }
    let out = got.map_err(|e| format!("rule {}: unexpected error: {e}", case.rule))?;
    let mut out_lines: Vec<String> = out.lines().map(str::to_string).collect();
    let position = out_lines.remove(0);
    let position = position.strip_prefix("position: ").unwrap_or(&position);
    let mut want_rest = Vec::new();
    for line in want_lines {
        if let Some(board) = line.strip_prefix("board:") {
            let got_board = position.split_whitespace().next().unwrap_or("");
            if got_board != board.trim() {
                return Err(format!(
                    "rule {}: board {got_board}, expected {}\n{out}",
                    case.rule,
                    board.trim()
                )
                .into());
            }
        } else if let Some(full) = line.strip_prefix("position:") {
            if position != full.trim() {
                return Err(format!(
                    "rule {}: position {position}, expected {}",
                    case.rule,
                    full.trim()
                )
                .into());
            }
        } else {
            want_rest.push(line.clone());
        }
    }
    if out_lines != want_rest {
        return Err(format!(
            "rule {}: outcomes differ\nexpected:\n{}\ngot:\n{}",
            case.rule,
            want_rest.join("\n"),
            out_lines.join("\n")
        )
        .into());
    }
    Ok(())
}

datatest_stable::harness! {
    { test = run_case, root = "../../tests/cases/diplomacy-chess", pattern = r"\.case$" },
}
