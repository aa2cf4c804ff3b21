//! `diplo` with `--game diplochess`: the adjudication output of interfaces.md, exit codes,
//! records, play at one keyboard, and every movement case file run through the binary.

mod common;

use assert_cmd::assert::Assert;
use common::diplo;
use predicates::prelude::*;
use std::path::Path;

/// `diplo adjudicate --game diplochess` on `position` with `options`, the orders on stdin.
fn adjudicate_with(options: &[&str], position: &str, orders: &str) -> Assert {
    diplo()
        .args(["adjudicate", "--game", "diplochess", "--position", position])
        .args(options)
        .args(["--orders", "-"])
        .write_stdin(orders)
        .assert()
}

fn adjudicate(position: &str, orders: &str) -> Assert {
    adjudicate_with(&[], position, orders)
}

/// `diplo replay --game diplochess` with `options`, the record on stdin.
fn replay_with(options: &[&str], record: &str) -> Assert {
    diplo()
        .args(["replay", "--game", "diplochess"])
        .args(options)
        .arg("-")
        .write_stdin(record)
        .assert()
}

fn replay(record: &str) -> Assert {
    replay_with(&[], record)
}

/// `diplo play --game diplochess` with the keyboard input on stdin.
fn play(input: &str) -> Assert {
    diplo()
        .args(["play", "--game", "diplochess"])
        .write_stdin(input)
        .assert()
}

const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cases/diplochess");

#[test]
fn adjudicate_prints_the_contract_output() {
    adjudicate(
        "4k3/8/8/8/2n5/8/8/R3K3",
        "# a comment\n\nwhite: Ra1-a5\nblack: N c4 - a5\n",
    )
    .success()
    .stdout(
        "position: 4k3/8/8/R7/2n5/8/8/4K3 - - 0 1\n\
             white R a1 - a5 => executed\n\
             black N c4 - a5 => failed: bounced at a5 by R a1 (3 against 5)\n\
             dislodged: -\n\
             standoffs: -\n",
    );
}

#[test]
fn adjudicate_lists_dislodged_pieces_and_standoffs() {
    adjudicate(
        "7k/5b2/8/3n4/5N2/1B6/N7/K7 - - 0 1",
        "black: N d5 - b4\nblack: B f7 S N d5\nwhite: N f4 - d5\n\
         white: B b3 S N f4 - d5\nwhite: N a2 - b4\n",
    )
    .success()
    .stdout(predicate::str::contains("dislodged: nd5\nstandoffs: b4\n"))
    .stdout(predicate::str::contains(
        "black B f7 S N d5 => failed: not matched",
    ));
}

#[test]
fn void_orders_are_reported_not_rejected() {
    adjudicate(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
        "white: N b1 - b3\nblack: P e7 - e5\n",
    )
    .success()
    .stdout(predicate::str::contains(
        "white N b1 - b3 => failed: void (N b1 - b3 is not a move of that piece)",
    ))
    .stdout(predicate::str::contains("black P e7 - e5 => executed"));
}

#[test]
fn bad_orders_exit_1_and_bad_positions_exit_2() {
    adjudicate("4k3/8/8/8/8/8/8/R3K3", "white: R a1 - a5\nwhite: R a1 H\n")
        .code(1)
        .stderr(predicate::str::starts_with("error:"))
        .stderr(predicate::str::contains("two orders"));
    adjudicate("4k3/8/8/8/8/8/8/R3K3", "white: R a1 -\n")
        .code(1)
        .stderr(predicate::str::contains("line 1"));
    adjudicate("8/8/8", "")
        .code(2)
        .stderr(predicate::str::starts_with("error:"));
    adjudicate_with(&["--option", "bloody=maybe"], "4k3/8/8/8/8/8/8/4K3", "").code(2);
}

#[test]
fn replay_prints_position_and_result() {
    replay("[Position \"7k/8/8/8/8/8/8/K6R - - 0 1\"]\nturn 1\nwhite: R h1 - h8\n")
        .success()
        .stdout("position: 7R/8/8/8/8/8/8/K7 - - 0 1\nresult: 1-0 (king lost)\n");
    // The [Game] tag alone selects the game.
    diplo()
        .args(["replay", "-"])
        .write_stdin("[Game \"diplochess\"]\nturn 1\nwhite: P e2 - e4\nblack: P e7 - e5\n")
        .assert()
        .success()
        .stdout(
            "position: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR KQkq - 0 2\n\
             result: * (in progress)\n",
        );
}

#[test]
fn replay_errors_name_turn_and_phase() {
    replay("turn 1\nwhite: N g1 - f3\nwhite: N g1 - h3\n")
        .code(1)
        .stderr(predicate::str::contains("turn 1, movement"));
    replay("turn 1\nwhite: N g1 - f9\n")
        .code(1)
        .stderr(predicate::str::contains("line 2"));
}

#[test]
fn play_hides_orders_and_explains_the_adjudication() {
    // Piped input: White's orders, an empty line, Black's orders, an empty line, then quit.
    play("P e2 - e4\n\nN g8 - f6\n\nquit\n")
        .success()
        .stdout(predicate::str::contains(
            "White, your orders for turn 1 movement",
        ))
        .stdout(predicate::str::contains("white P e2 - e4 => executed"))
        .stdout(predicate::str::contains("black N g8 - f6 => executed"))
        .stdout(predicate::str::contains(
            "position: rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR KQkq - 0 2",
        ));
}

#[test]
fn play_says_when_a_side_sent_no_orders() {
    // White ends its entry at once: its pieces hold, and the resolution says so first.
    play("\nN g8 - f6\n\nquit\n")
        .success()
        .stdout(predicate::str::contains(
            "-- Turn 1 movement: what happened --\nWhite sent no orders: its pieces held.\n",
        ))
        .stdout(predicate::str::contains(
            "black N g8 - f6 => executed: moved to f6",
        ))
        .stdout(predicate::str::contains("Black sent no orders").not());
}

#[test]
fn play_rejects_a_bad_order_and_asks_again() {
    // The refused line is reported with its reason; the orders typed before and after it
    // stay (one bad line does not drop the batch), and the entry goes on.
    play("P e2 - e4\nP e2 -\nN g1 - f3\n\n\nquit\n")
        .success()
        .stderr(predicate::str::contains("error: refused `P e2 -`"))
        .stdout(predicate::str::contains("white N g1 - f3 => executed"))
        .stdout(predicate::str::contains("white P e2 - e4 => executed"));
}

/// Every movement case file, through the binary: board field and dislodged line.
#[test]
fn movement_cases_through_the_binary() {
    let dir = Path::new(CASES).join("movement");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "case"))
        .collect();
    files.sort();
    assert!(files.len() >= 50, "found {} case files", files.len());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let value = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{key}:")[..]))
                .map(|v| v.trim().to_string())
        };
        let orders: String = text
            .lines()
            .filter(|l| l.starts_with("white:") || l.starts_with("black:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let out = adjudicate(&value("position").unwrap(), &orders)
            .success()
            .get_output()
            .stdout
            .clone();
        let out = String::from_utf8(out).unwrap();
        let board = out
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("position: "))
            .and_then(|p| p.split(' ').next())
            .unwrap_or_default()
            .to_string();
        assert_eq!(Some(board), value("expect-board"), "{}", file.display());
        let dislodged = out
            .lines()
            .find_map(|l| l.strip_prefix("dislodged: "))
            .map(str::to_string);
        assert_eq!(dislodged, value("expect-dislodged"), "{}", file.display());
    }
}

#[test]
fn games_lists_diplochess_with_its_options() {
    diplo()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains("diplochess"))
        .stdout(predicate::str::contains("bloody"));
}

#[test]
fn replay_takes_options_from_the_command_line_and_the_tag() {
    let record = "[Position \"7k/p7/8/3n4/5N2/1B6/8/K7 - - 0 1\"]\nturn 1\n\
                  white: N f4 - d5\nwhite: B b3 S N f4 - d5\n";
    // Without the Bloody variant the knight retreats to b6. With it (from the command line
    // or the [Options] tag) it is removed at once: the retreat order is void (not an error).
    let with_retreat = format!("{record}retreats\nblack: N d5 - b6\n");
    replay(&with_retreat)
        .success()
        .stdout(predicate::str::contains("7k/p7/1n6/3N4/8/1B6/8/K7 - - 0 2"));
    replay_with(&["--option", "bloody=on"], &with_retreat)
        .success()
        .stdout(predicate::str::contains("7k/p7/8/3N4/8/1B6/8/K7 - - 0 2"));
    replay(&format!("[Options \"bloody=on\"]\n{with_retreat}"))
        .success()
        .stdout(predicate::str::contains("7k/p7/8/3N4/8/1B6/8/K7 - - 0 2"));
}
