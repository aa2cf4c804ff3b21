//! The tactical suite: one generated test per file under `tests/cases/engine/<game>/`.
//!
//! A case gives a position and what the side to move can do there:
//! - `expect: win N` — it forces a win (checkmate, a winning stalemate, an invasion) within N
//!   of its own moves and not within N - 1; `best` lists every winning first move. The test
//!   first proves the data with the exhaustive solver, then asks the search (depth 2N + 1)
//!   for `mate N` and one of the `best` moves.
//! - `expect: save` — a Diplomatic Chess last chance; `best` lists the moves that do not
//!   lose at once, and the search (depth 3) must play one of them.
//!
//! Time is not asserted here; the 1 s bound is measured by the `tactics` bench.

use datatest_stable::Utf8Path;
use diplo_engine::eval::Evaluate;
use diplo_engine::sequential::{search::to_score, solver, Limits, Searcher, Settings};
use diplo_engine::Score;
use std::collections::BTreeSet;

type Result = datatest_stable::Result<()>;

struct Case {
    game: String,
    options: Vec<(String, String)>,
    position: String,
    expect: String,
    best: BTreeSet<String>,
}

fn read_case(text: &str) -> std::result::Result<Case, String> {
    let mut case = Case {
        game: String::new(),
        options: Vec::new(),
        position: String::new(),
        expect: String::new(),
        best: BTreeSet::new(),
    };
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .ok_or(format!("not `key: value`: {line}"))?;
        let value = value.trim();
        match key.trim() {
            "game" => case.game = value.to_string(),
            "options" => {
                for pair in value.split_whitespace() {
                    let (k, v) = pair.split_once('=').ok_or(format!("bad option {pair}"))?;
                    case.options.push((k.to_string(), v.to_string()));
                }
            }
            "position" => case.position = value.to_string(),
            "expect" => case.expect = value.to_string(),
            "best" => case.best = value.split_whitespace().map(String::from).collect(),
            other => return Err(format!("unknown key `{other}`")),
        }
    }
    if case.position.is_empty() || case.expect.is_empty() || case.best.is_empty() {
        return Err("a case needs `position`, `expect` and `best`".into());
    }
    Ok(case)
}

fn check<P: Evaluate>(pos: &P, case: &Case) -> std::result::Result<(), String> {
    let names =
        |moves: Vec<P::Move>| -> BTreeSet<String> { moves.iter().map(|m| m.to_string()).collect() };
    let (depth, wanted) = if case.expect == "save" {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let saving = moves
            .into_iter()
            .filter(|&mv| {
                let mut replies = Vec::new();
                let child = pos.after(mv);
                child.legal_moves(&mut replies);
                !(replies.is_empty() && child.terminal_score(0) > 0)
            })
            .collect();
        if names(saving) != case.best {
            return Err("the `best` moves are not exactly the saving moves".into());
        }
        (3, None)
    } else {
        let n: u32 = case
            .expect
            .strip_prefix("win ")
            .and_then(|n| n.parse().ok())
            .ok_or(format!("bad expect `{}`", case.expect))?;
        if !solver::forces_win(pos, n) || solver::forces_win(pos, n - 1) {
            return Err(format!(
                "the solver does not find the shortest win in exactly {n}"
            ));
        }
        let winning = names(solver::winning_moves(pos, n));
        if winning != case.best {
            return Err(format!("the solver's winning moves are {winning:?}"));
        }
        (2 * n + 1, Some(Score::Mate(n as i32)))
    };
    let mut searcher = Searcher::<P>::new(Settings::default());
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let result = searcher.search(pos, &[], limits, &mut |_| {});
    let best = result.best.ok_or("no move")?.to_string();
    if !case.best.contains(&best) {
        return Err(format!(
            "the search plays {best}, not one of {:?}",
            case.best
        ));
    }
    if let Some(score) = wanted {
        if to_score(result.score) != score {
            return Err(format!(
                "the search scores {:?}, not {score:?}",
                to_score(result.score)
            ));
        }
    }
    Ok(())
}

fn tactic(_path: &Utf8Path, text: String) -> Result {
    let case = read_case(&text)?;
    match case.game.as_str() {
        "diplomat-chess" => {
            let mut rule = diplomat_chess::SubornRule::Convert;
            for (k, v) in &case.options {
                if k == "suborn" {
                    rule = v.parse().map_err(|_| format!("bad suborn rule {v}"))?;
                }
            }
            let pos = diplomat_chess::Position::parse(&case.position, rule)?;
            check(&pos, &case)?;
        }
        "diplomatic-chess" => {
            let mut rules = diplomatic_chess::Rules::default();
            for (k, v) in &case.options {
                let on = v == "on";
                match k.as_str() {
                    "push-back" => rules.push_back = on,
                    "extra-diplomat-move" => rules.extra_diplomat_move = on,
                    "extended-pawns" => rules.extended_pawns = on,
                    _ => return Err(format!("unknown option {k}").into()),
                }
            }
            let pos = diplomatic_chess::Position::parse(&case.position, rules)?;
            check(&pos, &case)?;
        }
        other => return Err(format!("unknown game {other}").into()),
    }
    Ok(())
}

datatest_stable::harness! {
    { test = tactic, root = "../../tests/cases/engine", pattern = r"\.case$" },
}
