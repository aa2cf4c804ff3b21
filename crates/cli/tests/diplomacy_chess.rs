//! End-to-end tests of `diplo` with `--game diplomacy-chess`: adjudicate (§12.4), replay
//! (§12.5) and play, their pinned lines and exit statuses.

mod common;

use common::{run_stdin, write_temp};

const EX1: &str = "Q7/7k/8/n7/8/1B2n3/8/7K";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1";

/// A failure: nothing on stdout, one `error:` line containing `needle`.
fn fails(args: &[&str], stdin: &str, code: i32, needle: &str) {
    let (out, err) = run_stdin(args, stdin, code);
    assert_eq!(out, "", "{args:?}");
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1 && err.contains(needle),
        "{args:?}: {err:?} lacks {needle:?}"
    );
}

/// The arguments of `diplo adjudicate --game diplomacy-chess` on `position`, with the orders
/// read from `orders_file` (`-`: stdin).
fn adjudicate_args<'a>(position: &'a str, orders_file: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "adjudicate",
        "--game",
        "diplomacy-chess",
        "--position",
        position,
        "--orders",
        orders_file,
    ];
    args.extend_from_slice(extra);
    args
}

fn adjudicate(position: &str, orders: &str, extra: &[&str], code: i32) -> (String, String) {
    let file = write_temp(&format!("orders-{}.txt", orders.len()), orders);
    run_stdin(&adjudicate_args(position, &file, extra), "", code)
}

/// Replays `record` from the scratch file `name`, expecting a rules error containing `needle`.
fn replay_fails(name: &str, record: &str, needle: &str) {
    let file = write_temp(name, record);
    fails(&["replay", &file], "", 1, needle);
}

/// `diplo play --game diplomacy-chess` with `extra` arguments and the keyboard input on stdin.
fn play(extra: &[&str], input: &str) -> (String, String) {
    let mut args = vec!["play", "--game", "diplomacy-chess"];
    args.extend_from_slice(extra);
    run_stdin(&args, input, 0)
}

#[test]
fn adjudicate_prints_the_pinned_lines() {
    let (out, _) = adjudicate(EX1, "# example 1\nwhite: Qc6\n\nblack: Nc6\n", &[], 0);
    assert_eq!(
        out,
        "position: 8/7k/2Q5/8/8/1B2n3/8/7K - - 0 2\n\
         white Qc6 => executed\n\
         black Nc6 => failed: captured at c6\n"
    );
}

#[test]
fn adjudicate_keeps_file_order_and_reads_stdin() {
    let (out, _) = run_stdin(
        &adjudicate_args(EX1, "-", &[]),
        "black: Nd1\nwhite: Bd1\n",
        0,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "black Nd1 => failed: equal rank at d1");
    assert_eq!(lines[2], "white Bd1 => failed: equal rank at d1");
}

#[test]
fn adjudicate_progressive_reports_step_by_step() {
    let orders =
        "white: e4\nwhite: Nf3\nwhite: bNf6?e5:d4\nblack: e5\nblack: Nc6\nblack: 2?Nf6:d6\n";
    let pos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 3";
    let (out, _) = adjudicate(pos, orders, &["--option", "mode=progressive"], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[1..],
        [
            "white e4 => executed",
            "black e5 => executed",
            "white Nf3 => executed",
            "black Nc6 => executed",
            "white d4 => executed",
            "black Nf6 => executed",
        ]
    );
    assert!(lines[0].ends_with(" KQkq d3 0 4"), "{}", lines[0]);
}

#[test]
fn adjudicate_errors_and_exit_codes() {
    // An invalid order in basic mode is a rules error.
    let file = write_temp("bad-order.txt", "white: Qb1\nblack: Nc6\n");
    fails(
        &adjudicate_args(EX1, &file, &[]),
        "",
        1,
        "`Qb1` is not a valid order",
    );
    // A malformed conditional names the column and token.
    let file = write_temp(
        "bad-cond.txt",
        "white: e4\nwhite: Xe5?d4:d3\nblack: e5\nblack: d6\n",
    );
    fails(
        &adjudicate_args(START, &file, &["--option", "mode=progressive"]),
        "",
        1,
        "column 1: not a condition at `Xe5`",
    );
    // Conditionals only in progressive mode.
    let file = write_temp("cond-basic.txt", "white: ~e4?e4:d4\nblack: e5\n");
    fails(
        &adjudicate_args(START, &file, &[]),
        "",
        1,
        "only in progressive mode",
    );
    // A bad position string is a usage error.
    let file = write_temp("ok.txt", "white: e4\nblack: e5\n");
    fails(&adjudicate_args("9/8", &file, &[]), "", 2, "position:");
    fails(
        &adjudicate_args(START, &file, &["--option", "mode=fast"]),
        "",
        2,
        "mode",
    );
    let file = write_temp("bad-line.txt", "white e4\nblack: e5\n");
    fails(&adjudicate_args(START, &file, &[]), "", 1, "orders line 1");
}

#[test]
fn adjudicate_on_a_finished_game() {
    // Fool's mate: White is checkmated before the turn.
    let pos = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR KQkq - 0 3";
    let (out, _) = adjudicate(pos, "white: a3\nblack: a6\n", &[], 0);
    assert_eq!(
        out,
        format!(
            "position: {pos}\nwhite a3 => failed: game over\nblack a6 => failed: game over\n\
             result: 0-1 (checkmate)\n"
        )
    );
}

#[test]
fn replay_checks_records() {
    let record = "[Game \"diplomacy-chess\"]\n[Options \"mode=progressive\"]\n\
                  1. e4 / e5\n2. d4, Nf3 / d5, Nf6 {comments are free}\n";
    let file = write_temp("progressive.pgn", record);
    let (out, _) = run_stdin(&["replay", &file], "", 0);
    assert_eq!(
        out,
        "position: rnbqkb1r/ppp2ppp/5n2/3pp3/3PP3/5N2/PPP2PPP/RNBQKB1R KQkq - 1 3\n\
         result: * (in progress)\n"
    );
    // Basic records may leave out the `/`; --game overrides a missing tag.
    let file = write_temp("basic.pgn", "1. e4 e5 2. Nf3 Nc6\n");
    let (out, _) = run_stdin(&["replay", "--game", "diplomacy-chess", &file], "", 0);
    assert!(
        out.starts_with(
            "position: r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R KQkq - 1 3\n"
        ),
        "{out}"
    );
    // Wrong series length, named by turn and side.
    replay_fails(
        "short.pgn",
        "[Game \"diplomacy-chess\"]\n[Options \"mode=progressive\"]\n1. e4 / e5\n2. d4 / d5, Nf6\n",
        "turn 2, white: 1 entries given, 2 expected",
    );
    // An invalid order names turn, side and entry.
    replay_fails(
        "invalid.pgn",
        "[Game \"diplomacy-chess\"]\n1. e4 / e5\n2. Ke3 / Qh4\n",
        "turn 2, white, entry 1 `Ke3`",
    );
    // Moves after the end of the game.
    replay_fails(
        "after-end.pgn",
        "[Game \"diplomacy-chess\"]\n1. f3 / e5\n2. g4 / Qh4\n3. a3 / a6\n",
        "turn 3, white, entry 1 `a3`: the game is already over",
    );
    let file = write_temp(
        "mate.pgn",
        "[Game \"diplomacy-chess\"]\n1. f3 / e5\n2. g4 / Qh4\n",
    );
    let (out, _) = run_stdin(&["replay", &file], "", 0);
    assert!(out.ends_with("result: 0-1 (checkmate)\n"), "{out}");
}

#[test]
fn play_reads_both_sides_and_explains() {
    let (out, _) = play(&["--position", EX1], "Qc6\n\nNc6\n\n");
    assert!(out.contains("White, your orders for turn 1"), "{out}");
    assert!(out.contains("Black, your orders for turn 1"), "{out}");
    assert!(out.contains("white Qc6: executed"), "{out}");
    assert!(
        out.contains(
            "black Nc6: failed: captured on c6 by the higher-ranked white queen at tick 2"
        ),
        "{out}"
    );
    assert!(
        out.contains("position: 8/7k/2Q5/8/8/1B2n3/8/7K - - 0 2"),
        "{out}"
    );
    // A refused order is reported and asked again; piped input never clears the screen.
    let (out, err) = play(&[], "Ke2\ne4\n\ne5\n\nquit\n");
    assert!(
        err.contains("error: refused `Ke2`: your own piece on e2 is in the way"),
        "{err}"
    );
    assert!(out.contains("white e4: executed"), "{out}");
    assert!(!out.contains("\x1b[2J"), "{out}");
}

#[test]
fn play_ends_with_one_result_line() {
    // Fool's mate at one keyboard: the game ends after turn 2 and says so once.
    let (out, _) = play(&[], "f3\n\ne5\n\ng4\n\nQh4\n\n");
    assert_eq!(out.matches("result: ").count(), 1, "{out}");
    assert!(out.contains("result: 0-1 (checkmate)\n"), "{out}");
}

#[test]
fn games_lists_diplomacy_chess_as_implemented() {
    let (out, _) = run_stdin(&["games"], "", 0);
    assert!(out.contains("diplomacy-chess"), "{out}");
    assert!(out.contains("simultaneous-progressive"), "{out}");
}
