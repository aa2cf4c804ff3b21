//! End-to-end tests of `diplo` with `--game diplomatic-chess`: pinned output lines, exit
//! statuses, and every record case replayed through the binary.

mod common;

use common::diplo;
use std::path::Path;

const GAME: &str = "diplomatic-chess";

/// Runs `diplo --game diplomatic-chess`-style arguments with `stdin`; returns (code, out, err).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let output = diplo()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("diplo runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).expect("utf-8"),
        String::from_utf8(output.stderr).expect("utf-8"),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args, "");
    assert_eq!(code, 0, "diplo {args:?}: {err}");
    out
}

fn fails(args: &[&str], code: i32, needle: &str) {
    let (got, out, err) = run(args, "");
    assert_eq!(got, code, "diplo {args:?}: {out}{err}");
    assert_eq!(out, "");
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1,
        "{err:?}"
    );
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
}

#[test]
fn moves_from_the_start() {
    let out = ok(&["moves", "--game", GAME]);
    assert_eq!(out.lines().count(), 20);
    assert!(out.lines().any(|l| l == "e2e4 e4"));
    assert!(out.lines().any(|l| l == "g1f3 Nf3"));
    let out = ok(&[
        "moves",
        "--game",
        GAME,
        "--option",
        "extra-diplomat-move=on",
    ]);
    assert_eq!(out.lines().count(), 26);
    assert!(out.lines().any(|l| l == "e2e4&e1e2 e4&De2"));
}

#[test]
fn moves_show_pushes() {
    let out = ok(&[
        "moves",
        "--game",
        GAME,
        "--option",
        "push-back=on",
        "--position",
        "8/8/5d2/8/4N3/8/8/3QD3 w - - 0 1",
    ]);
    assert!(out.lines().any(|l| l == "e4f6>g7 Nxf6>g7"), "{out}");
}

#[test]
fn perft_and_divide() {
    assert_eq!(ok(&["perft", "--game", GAME, "4"]), "nodes: 197742\n");
    let out = ok(&["perft", "--game", GAME, "--divide", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4 20"));
    assert_eq!(lines[20], "nodes: 400");
    let out = ok(&[
        "perft",
        "--game",
        GAME,
        "--option",
        "push-back=on",
        "--option",
        "extra-diplomat-move=on",
        "--option",
        "extended-pawns=on",
        "3",
    ]);
    assert_eq!(out, "nodes: 42226\n");
}

#[test]
fn bad_input_is_a_usage_error() {
    fails(
        &["moves", "--game", GAME, "--position", "8/8/8/8/8/8/8/8"],
        2,
        "Diplomat",
    );
    fails(
        &[
            "moves",
            "--game",
            GAME,
            "--position",
            "rnbqkbnr/8/8/8/8/8/8/4D3",
        ],
        2,
        "`K`",
    );
    fails(
        &["moves", "--game", GAME, "--option", "push-back=yes"],
        2,
        "push-back",
    );
    fails(&["show", "--game", GAME, "--targets", "z9"], 2, "--targets");
}

#[test]
fn show_draws_the_board() {
    let out = ok(&["show", "--game", GAME, "--targets", "e2"]);
    assert!(out.contains(" 1   R  N  B  Q  D  B  N  R   1"), "{out}");
    assert!(out.contains("<e2> can move to: e3 e4."), "{out}");
    assert!(out.contains("White to move."));
}

#[test]
fn play_a_few_turns() {
    let (code, out, err) = run(
        &["play", "--game", GAME, "--option", "extra-diplomat-move=on"],
        "e4&De2\nNf6\nQh4\nresign\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("White played e4&De2 (e2e4&e1e2)."), "{out}");
    assert!(out.contains("Black played Nf6 (g8f6)."), "{out}");
    assert!(err.contains("error: illegal move `Qh4`"), "{err}");
    assert!(out.contains("result: 0-1 (white resigns)"), "{out}");
}

/// Every record case through `diplo replay`: the same lines as the `.expect` file, exit 0,
/// or exit 1 with the same `error:` line.
#[test]
fn replay_matches_every_record_case() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/diplomatic-chess/records");
    let mut seen = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("record cases") {
        let path = entry.expect("entry").path();
        if path.extension().map_or(true, |e| e != "pgn") {
            continue;
        }
        seen += 1;
        let expected = std::fs::read_to_string(path.with_extension("expect")).expect(".expect");
        let (code, out, err) = run(&["replay", path.to_str().expect("utf-8 path")], "");
        let (want_code, got) = if expected.starts_with("error:") {
            (1, err)
        } else {
            (0, out)
        };
        if code != want_code || got.trim_end() != expected.trim_end() {
            failures.push(format!("{}: exit {code}\n{got}", path.display()));
        }
    }
    assert!(seen >= 20);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
