//! Adjudication and game cases as data: one generated test per file under
//! `tests/cases/diplochess/` (format in the README there).
//!
//! `movement/*.case`: one movement phase; the board after movement, the dislodged pieces,
//! the standoff sites and each order's outcome are compared.
//! `games/*.rec`: a game record replayed from its start; the final position and result.
//!
//! In both, every failed order's reason is a typed [`Failure`] that its text reads back as.

use datatest_stable::Utf8Path;
use diplochess::{adjudicate, orders_file, record, Failure, OrderReport, Position, Rules};

type Result = datatest_stable::Result<()>;

/// The `# note:` line every case needs: which rule or DATC case it transfers.
fn require_note(text: &str) -> std::result::Result<(), String> {
    let note = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("# note:"))
        .ok_or("no `# note:` line naming the rule or DATC case")?;
    if note.contains("DATC") || note.contains("rule") || note.contains('§') {
        Ok(())
    } else {
        Err(format!(
            "the note `{}` names no rule, § or DATC case",
            note.trim()
        ))
    }
}

/// Every reason is typed and prints as the text it reads back from.
fn typed_reasons(reports: &[OrderReport], problems: &mut Vec<String>) {
    for r in reports {
        if let Some(why) = r.outcome.failure() {
            let text = why.to_string();
            if text.parse::<Failure>().as_ref() != Ok(why) {
                problems.push(format!(
                    "{} {}: `{text}` does not read back as {why:?}",
                    r.color, r.order
                ));
            }
        }
    }
}

fn movement_case(path: &Utf8Path, text: String) -> Result {
    require_note(&text)?;
    let mut position: Option<Position> = None;
    let mut orders = String::new();
    let mut board = None;
    let mut dislodged = None;
    let mut standoffs = None;
    let mut expects: Vec<String> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("{path}:{}: expected `key: value`", i + 1))?;
        let value = value.trim();
        match key.trim() {
            "game" if value == "diplochess" => {}
            // Options act after movement (retreats, builds): checked, not needed here.
            "option" => match value {
                "bloody=on" | "bloody=off" | "adjustments=on" | "adjustments=off" => {}
                _ => return Err(format!("{path}:{}: unknown option {value}", i + 1).into()),
            },
            "position" => position = Some(value.parse().map_err(|e| format!("{path}: {e}"))?),
            "white" | "black" => {
                orders.push_str(line);
                orders.push('\n');
            }
            "expect-board" => board = Some(value.to_string()),
            "expect-dislodged" => dislodged = Some(value.to_string()),
            "expect-standoffs" => standoffs = Some(value.to_string()),
            "expect" => expects.push(value.to_string()),
            other => return Err(format!("{path}:{}: unknown key `{other}`", i + 1).into()),
        }
    }
    let position = position.ok_or("no `position:` line")?;
    let board = board.ok_or("no `expect-board:` line")?;
    let dislodged = dislodged.ok_or("no `expect-dislodged:` line")?;
    let orders = orders_file::parse(&orders)?;
    let result = adjudicate(&position, &orders)?;
    let output = result.to_string();
    let mut problems = Vec::new();
    typed_reasons(&result.reports, &mut problems);
    let got_board = result.position.to_string();
    let got_board = got_board.split(' ').next().unwrap_or("");
    if got_board != board {
        problems.push(format!("board: expected {board}, got {got_board}"));
    }
    if result.dislodged_list() != dislodged {
        problems.push(format!(
            "dislodged: expected {dislodged}, got {}",
            result.dislodged_list()
        ));
    }
    if let Some(s) = standoffs {
        if result.standoff_list() != s {
            problems.push(format!(
                "standoffs: expected {s}, got {}",
                result.standoff_list()
            ));
        }
    }
    for e in &expects {
        // `<side> <order> => <outcome prefix>`: the line of that order must start with it.
        let (head, _) = e
            .split_once("=>")
            .ok_or_else(|| format!("expect `{e}` has no `=>`"))?;
        let line = output
            .lines()
            .find(|l| {
                l.starts_with(head.trim_end()) && l[head.trim_end().len()..].starts_with(" =>")
            })
            .ok_or_else(|| format!("no output line for `{}`", head.trim()))?;
        if !line.starts_with(e.as_str()) {
            problems.push(format!("expected `{e}`, got `{line}`"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n--- output ---\n{output}", problems.join("\n")).into())
    }
}

fn game_case(path: &Utf8Path, text: String) -> Result {
    require_note(&text)?;
    let expect = |key: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(&format!("# {key}:")[..]))
            .map(|v| v.trim().to_string())
    };
    let rec = match (record::parse(&text), expect("expect-error")) {
        (Err(e), Some(err)) if e.to_string().contains(&err) => return Ok(()),
        (rec, _) => rec.map_err(|e| format!("{path}: {e}"))?,
    };
    let mut rules = Rules::default();
    if let Some(opts) = rec.tag("Options") {
        for pair in opts.split(',') {
            match pair.trim() {
                "bloody=on" => rules.bloody = true,
                "adjustments=on" => rules.adjustments = true,
                "" | "bloody=off" | "adjustments=off" => {}
                other => return Err(format!("unknown option {other}").into()),
            }
        }
    }
    let start = record::start_position(&rec)?;
    let replayed = record::replay(&rec, start, rules);
    if let Some(err) = expect("expect-error") {
        return match replayed {
            Err(e) if e.to_string().contains(&err) => Ok(()),
            Err(e) => Err(format!("expected an error containing `{err}`, got `{e}`").into()),
            Ok(_) => {
                Err(format!("expected an error containing `{err}`, the record replayed").into())
            }
        };
    }
    let game = replayed?;
    let want_pos = expect("expect-position").ok_or("no `# expect-position:` line")?;
    let want_result = expect("expect-result").ok_or("no `# expect-result:` line")?;
    let got_pos = game.position().to_string();
    let got_result = match game.result() {
        Some(r) => r.to_string(),
        None => "* (in progress)".to_string(),
    };
    let mut problems = Vec::new();
    for phase in game.phases() {
        for report in &phase.resolution.phases {
            typed_reasons(report.reports(), &mut problems);
        }
    }
    if got_pos != want_pos {
        problems.push(format!("position: expected {want_pos}, got {got_pos}"));
    }
    if got_result != want_result {
        problems.push(format!("result: expected {want_result}, got {got_result}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}

datatest_stable::harness! {
    { test = movement_case, root = "../../tests/cases/diplochess/movement", pattern = r"\.case$" },
    { test = game_case, root = "../../tests/cases/diplochess/games", pattern = r"\.rec$" },
}
