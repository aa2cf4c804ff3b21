//! End-to-end tests of the `diplo` binary: pinned output lines, exit statuses, `error:` lines.

mod common;

use common::{diplo, fails, run, run_stdin, write_temp};
use predicates::prelude::*;

const START: &str = "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 1";

// --- games -------------------------------------------------------------------------------

#[test]
fn games_lists_the_four_games_and_their_options() {
    let (out, _) = run(&["games"], 0);
    for id in [
        "diplomat-chess",
        "diplomatic-chess",
        "diplomacy-chess",
        "diplochess",
    ] {
        assert!(out.contains(id), "{id} missing from:\n{out}");
    }
    for option in [
        "suborn",
        "convert (default)",
        "remove",
        "drop",
        "push-back",
        "extra-diplomat-move",
        "extended-pawns",
        "mode",
        "simultaneous-progressive",
        "adjustments",
        "bloody",
    ] {
        assert!(out.contains(option), "{option} missing from:\n{out}");
    }
    // Implemented games carry no "not implemented" mark (games still planned do).
    for line in out.lines().filter(|l| !l.starts_with(' ')) {
        if line.starts_with("diplomat-chess ") || line.starts_with("diplomacy-chess ") {
            assert!(!line.contains("not implemented yet"), "{line}");
        }
    }
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
}

// --- moves -------------------------------------------------------------------------------

#[test]
fn moves_prints_coordinate_and_san_per_line() {
    let (out, _) = run(&["moves"], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(!lines.is_empty());
    for line in &lines {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 2, "line {line:?}");
        assert!(
            fields[0]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '@'),
            "{line:?}"
        );
    }
    assert!(lines.contains(&"d2d3 d3"), "{out}");
    let (again, _) = run(&["moves", "--position", START], 0);
    assert_eq!(
        out, again,
        "moves is deterministic and --position START is the start"
    );
}

#[test]
fn moves_count_matches_perft_1() {
    let (out, _) = run(&["moves"], 0);
    let (perft, _) = run(&["perft", "1"], 0);
    assert_eq!(perft, format!("nodes: {}\n", out.lines().count()));
}

#[test]
fn moves_of_a_mated_side_is_empty() {
    let (out, _) = run(
        &["moves", "--position", "1HBKR4bkrd1/1PPPPhP1ppppp1/14/1 w 3"],
        0,
    );
    assert_eq!(out, "");
}

#[test]
fn moves_with_an_option() {
    let (out, _) = run(&["moves", "--option", "suborn=remove"], 0);
    assert!(out.contains("d2d3 d3"));
    let drop = "1HBK1D2hbkrd1/1PPPPP2ppppp1/14/1[R] w 1";
    let (out, _) = run(&["moves", "--option", "suborn=drop", "--position", drop], 0);
    assert!(out.contains("R@a1 "), "{out}");
}

// --- perft -------------------------------------------------------------------------------

#[test]
fn perft_3_from_the_start() {
    diplo()
        .args(["perft", "3"])
        .assert()
        .success()
        .stdout("nodes: 2272\n");
}

#[test]
fn perft_0_is_one_node() {
    diplo()
        .args(["perft", "0"])
        .assert()
        .success()
        .stdout("nodes: 1\n");
}

#[test]
fn perft_divide_2() {
    let (out, _) = run(&["perft", "--divide", "2"], 0);
    let lines: Vec<&str> = out.lines().collect();
    let (last, roots) = lines.split_last().expect("some output");
    assert_eq!(*last, "nodes: 143");
    let (moves, _) = run(&["moves"], 0);
    assert_eq!(roots.len(), moves.lines().count());
    let mut total = 0;
    for line in roots {
        let (mv, count) = line.split_once(' ').expect("`<move> <count>`");
        assert!(
            moves.lines().any(|l| l.starts_with(&format!("{mv} "))),
            "{mv}"
        );
        total += count.parse::<u64>().expect("a count");
    }
    assert_eq!(total, 143);
}

#[test]
fn perft_needs_a_depth() {
    fails(&["perft"], 2, "DEPTH");
    fails(&["perft", "-1"], 2, "error:");
    fails(&["perft", "two"], 2, "two");
}

// --- errors shared by the commands -------------------------------------------------------

#[test]
fn bad_position_is_a_usage_error() {
    fails(
        &["moves", "--position", "1HBKRD2hbkrd1/1PPPPP2ppppp1/14"],
        2,
        "cannot parse position",
    );
    fails(
        &["perft", "--position", "xyz", "1"],
        2,
        "cannot parse position",
    );
    fails(
        &["show", "--position", "14/14/14/1 w 1"],
        2,
        "illegal position",
    );
    fails(
        &[
            "moves",
            "--position",
            "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1[R] w 1",
        ],
        2,
        "illegal position",
    );
}

#[test]
fn bad_option_is_a_usage_error() {
    fails(&["moves", "--option", "suborn=eat"], 2, "suborn");
    fails(&["moves", "--option", "colour=red"], 2, "unknown option");
    fails(&["perft", "--option", "suborn", "1"], 2, "key=value");
    fails(
        &[
            "moves",
            "--option",
            "suborn=drop",
            "--option",
            "suborn=remove",
        ],
        2,
        "twice",
    );
}

#[test]
fn unknown_game_is_a_usage_error() {
    fails(&["moves", "--game", "chess"], 2, "unknown game `chess`");
}

#[test]
fn unimplemented_games_are_usage_errors() {
    for game in ["diplomacy-chess", "diplochess"] {
        fails(&["moves", "--game", game], 2, "simultaneous game");
        fails(&["perft", "--game", game, "2"], 2, "simultaneous game");
    }
}

#[test]
fn command_line_errors_exit_2_on_one_line() {
    fails(&["moves", "--no-such-flag"], 2, "--no-such-flag");
    // `diplo` alone prints the help (tests/terminal.rs); a flag without a command does not.
    fails(&["--game", "diplochess"], 2, "--game");
    fails(&["frobnicate"], 2, "frobnicate");
}

#[test]
fn help_and_version_exit_0() {
    for args in [
        vec!["--help"],
        vec!["--version"],
        vec!["games", "--help"],
        vec!["moves", "--help"],
        vec!["perft", "--help"],
        vec!["replay", "--help"],
        vec!["adjudicate", "--help"],
        vec!["show", "--help"],
        vec!["play", "--help"],
    ] {
        let (out, _) = run(&args, 0);
        assert!(!out.is_empty(), "{args:?}");
    }
}

// --- adjudicate --------------------------------------------------------------------------

#[test]
fn adjudicate_is_not_there_yet() {
    // The simultaneous games have their own tests (diplomacy_chess.rs, diplochess.rs).
    fails(
        &[
            "adjudicate",
            "--game",
            "diplomat-chess",
            "--position",
            START,
            "--orders",
            "x",
        ],
        2,
        "diplomat-chess is a sequential game",
    );
    fails(
        &["adjudicate", "--position", START, "--orders", "x"],
        2,
        "--game",
    );
}

// --- show --------------------------------------------------------------------------------

#[test]
fn show_draws_the_start() {
    let (out, _) = run(&["show", "--layout", "columns"], 0);
    assert!(out.contains(&format!("position: {START}")), "{out}");
    assert!(out.contains("White to move"), "{out}");
    assert!(out.contains(" H    B    K    R    D "), "{out}");
    assert!(out.contains(" h    b    k    r    d "), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
}

#[test]
fn show_marks_cells_and_targets() {
    let (out, _) = run(&["show", "--highlight", "a1,4", "--targets", "d2"], 0);
    assert!(out.contains("[.]"), "{out}");
    assert!(out.contains("<P>"), "{out}");
    assert!(out.contains("White Pawn on d2"), "{out}");
    assert!(out.contains("moves to:  d3\n"), "{out}");
    let (out, _) = run(&["show", "--targets", "m1"], 0);
    assert!(out.contains("Black Diplomat on m1"), "{out}");
}

#[test]
fn show_lists_suborn_targets_hands_and_check() {
    // A White Diplomat on e2 next to a black Horse on f3.
    let pos = "3K6k3/4D9/5h8/1 w 1";
    let (out, _) = run(&["show", "--position", pos, "--targets", "e2"], 0);
    assert!(out.contains("moves to:  e1 f1 d2 f2 d3 e3\n"), "{out}");
    assert!(out.contains("suborns (converts): f3\n"), "{out}");
    let (out, _) = run(
        &[
            "show",
            "--position",
            pos,
            "--option",
            "suborn=drop",
            "--targets",
            "f3",
        ],
        0,
    );
    assert!(
        out.contains("Black Horse on f3 (as if black were to move)"),
        "{out}"
    );
    assert!(out.contains("In hand: White -; Black -"), "{out}");
    // The Horse on e3 checks the King on d1.
    let (out, _) = run(&["show", "--position", "3K6k3/4D9/4h9/1 w 1"], 0);
    assert!(out.contains("White to move (move 1), in check"), "{out}");
    let (out, _) = run(
        &["show", "--position", "1HBKR4bkrd1/1PPPPhP1ppppp1/14/1 w 3"],
        0,
    );
    assert!(out.contains("Game over: 0-1 (checkmate)"), "{out}");
}

#[test]
fn show_rejects_bad_cells() {
    fails(&["show", "--highlight", "z9"], 2, "z9");
    fails(&["show", "--targets", "d3"], 2, "no piece");
}

// --- replay ------------------------------------------------------------------------------

#[test]
fn replay_prints_position_and_result() {
    let file = write_temp("mate.pgn", "1. f2g2 i1h3 2. f1f2 h3f2\n");
    let (out, _) = run(&["replay", &file], 0);
    assert_eq!(
        out,
        "position: 1HBKR4bkrd1/1PPPPhP1ppppp1/14/1 w 3\nresult: 0-1 (checkmate)\n"
    );
    // The inventor's style with comments, from standard input; SAN and coordinates mixed.
    let (out, _) = run_stdin(
        &["replay", "-"],
        "[White \"A\"]\n1. d3, k3\n2. e2e3,\n(a comment)\n2. ..., l3 {another} *\n",
        0,
    );
    assert!(out.starts_with("position: "), "{out}");
    assert!(out.ends_with("\nresult: * (in progress)\n"), "{out}");
    let (out, _) = run_stdin(&["replay", "-"], "1. d3 k3 0-1\n", 0);
    assert!(out.ends_with("result: 0-1 (as recorded)\n"), "{out}");
    let (out, _) = run_stdin(&["replay", "-"], "", 0);
    assert_eq!(out, format!("position: {START}\nresult: * (in progress)\n"));
}

#[test]
fn replay_tags_and_overrides() {
    let drop = "[Options \"suborn=drop\"]\n[Position \"1HBK1D2hbkrd1/1PPPPP2ppppp1/14/1[R] w 1\"]\n1. R@a1\n";
    let (out, _) = run_stdin(&["replay", "-"], drop, 0);
    assert!(
        out.starts_with("position: RHBK1D2hbkrd1/1PPPPP2ppppp1/14/1[] b 1\n"),
        "{out}"
    );
    // --option replaces the tag's value: a hand is then illegal.
    let (_, err) = run_stdin(&["replay", "--option", "suborn=convert", "-"], drop, 1);
    assert!(err.starts_with("error: [Position"), "{err}");
    // A bad tag value that the command line overrides is not used.
    let bad = "[Options \"suborn=eat\"]\n1. d3\n";
    run_stdin(&["replay", "--option", "suborn=remove", "-"], bad, 0);
    let (_, err) = run_stdin(&["replay", "-"], bad, 1);
    assert!(err.starts_with("error: [Options"), "{err}");
    // --game overrides the [Game] tag.
    let other = "[Game \"diplochess\"]\n1. d3\n";
    run_stdin(&["replay", "--game", "diplomat-chess", "-"], other, 0);
    // Without --game, the [Game] tag selects the game, simultaneous ones included.
    let simultaneous = "[Game \"diplomacy-chess\"]\n1. e4 e5\n";
    let (out, _) = run_stdin(&["replay", "-"], simultaneous, 0);
    assert!(
        out.starts_with("position: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR "),
        "{out}"
    );
    let (_, err) = run_stdin(&["replay", "-"], "[Game \"chess\"]\n", 1);
    assert!(err.contains("unknown game `chess`"), "{err}");
}

#[test]
fn replay_stops_at_the_first_bad_move() {
    let file = write_temp("illegal.pgn", "1. d3 k3\n2. e3 lx4 3. e2 l3\n");
    fails(
        &["replay", &file],
        1,
        "error: move 2 (black) `lx4`: illegal move",
    );
    let file = write_temp("unparsable.pgn", "1. d3 k3 2. Zz9\n");
    fails(
        &["replay", &file],
        1,
        "error: move 2 (white) `Zz9`: cannot parse",
    );
    let file = write_temp("over.pgn", "1. f2g2 i1h3 2. f1f2 h3f2 3. d3\n");
    fails(&["replay", &file], 1, "move 3 (white) `d3`");
    let file = write_temp("contradiction.pgn", "1. f2g2 i1h3 2. f1f2 h3f2 1-0\n");
    fails(&["replay", &file], 1, "0-1 (checkmate)");
}

#[test]
fn replay_record_and_file_errors() {
    let file = write_temp("unclosed.pgn", "1. d3 {oops\n");
    fails(&["replay", &file], 1, "never closed");
    let file = write_temp("badpos.pgn", "[Position \"xx\"]\n1. d3\n");
    fails(&["replay", &file], 1, "[Position \"xx\"]");
    fails(
        &["replay", "/no/such/file.pgn"],
        2,
        "cannot read /no/such/file.pgn",
    );
    fails(&["replay"], 2, "FILE");
    fails(&["replay", "--option", "suborn=eat", "-"], 2, "suborn");
}

// --- play --------------------------------------------------------------------------------

#[test]
fn play_fools_mate() {
    // 1. g2 Hh3 2. Df2 Hxf2++: the black Horse takes the Diplomat and mates.
    let (out, err) = {
        let output = diplo()
            .arg("play")
            .write_stdin("g2\nHh3\nf1f2\nHxf2#\nd2d3\n")
            .output()
            .expect("diplo runs");
        assert!(output.status.success());
        (
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    assert!(out.contains("white> "), "{out}");
    assert!(out.contains("black> "), "{out}");
    assert!(out.contains("Black played Hxf2++ (h3f2)."), "{out}");
    assert!(out.contains("result: 0-1 (checkmate)"), "{out}");
    assert!(out.contains("Game over: 0-1 (checkmate)"), "{out}");
    assert!(err.contains("error: the game is over"), "{err}");
}

#[test]
fn play_session_with_undo_moves_and_save() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("session.pgn");
    let _ = std::fs::remove_file(&path);
    let path = path.to_str().unwrap().to_string();
    let input = format!(
        "help\nd3\nmoves\nk2k3\ne3\nundo\nundo\nl3\nboard\nsave {path}\nresign\nd3\nsave {path}\nquit\n"
    );
    let (out, err) = run_stdin(&["play"], &input, 0);
    assert!(out.contains("save FILE"), "help text: {out}");
    assert!(out.contains("White played d3 (d2d3)."), "{out}");
    assert!(out.contains("12 legal moves:"), "{out}");
    assert!(out.contains("Black played k3 (k2k3)."), "{out}");
    assert_eq!(out.matches("Move taken back.").count(), 2, "{out}");
    assert!(out.contains("Black played l3 (l2l3)."), "{out}");
    assert!(out.contains("White resigns."), "{out}");
    assert!(out.contains("result: 0-1 (white resigns)"), "{out}");
    assert!(out.contains("Saved to"), "{out}");
    assert!(err.contains("error: the game is over"), "{err}");
    let pgn = std::fs::read_to_string(&path).expect("saved record");
    assert!(pgn.contains("[Game \"diplomat-chess\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"white resigns\"]"), "{pgn}");
    assert!(pgn.contains("1. d3 l3 0-1"), "{pgn}");
    // The saved record replays.
    let (out, _) = run(&["replay", &path], 0);
    assert!(out.ends_with("result: 0-1 (as recorded)\n"), "{out}");
}

#[test]
fn play_from_a_position_with_options_saves_its_tags() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("drop.pgn");
    let path = path.to_str().unwrap().to_string();
    let pos = "1HBK1D2hbkrd1/1PPPPP2ppppp1/14/1[R] w 1";
    let input = format!("R@a1\nsave {path}\n");
    let (out, _) = run_stdin(
        &["play", "--option", "suborn=drop", "--position", pos],
        &input,
        0,
    );
    assert!(out.contains("In hand: White R; Black -"), "{out}");
    assert!(out.contains("In hand: White -; Black -"), "{out}");
    let pgn = std::fs::read_to_string(&path).expect("saved record");
    assert!(pgn.contains("[Options \"suborn=drop\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[Position \"{pos}\"]")), "{pgn}");
    let (out, _) = run(&["replay", &path], 0);
    assert!(
        out.starts_with("position: RHBK1D2hbkrd1/1PPPPP2ppppp1/14/1[] b 1\n"),
        "{out}"
    );
}

#[test]
fn play_ends_cleanly_at_end_of_input() {
    diplo()
        .arg("play")
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::contains("white> "));
    diplo()
        .arg("play")
        .write_stdin("quit\nd2d3\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("White played").not());
}

#[test]
fn play_reports_bad_moves_and_goes_on() {
    diplo()
        .arg("play")
        .write_stdin("zz\nd2e3\nd2d3\n")
        .assert()
        .success()
        .stderr(predicate::str::contains("error: cannot parse `zz`"))
        .stderr(predicate::str::contains("error: illegal move"))
        .stdout(predicate::str::contains("White played d3 (d2d3)."));
}
