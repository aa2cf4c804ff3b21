//! Issue 10: the program tried as a new user would. Each test is one item of the issue:
//! the lost turn, order entry in the simultaneous games, the command line's rough edges,
//! the round board, and computer players at the terminal.

mod common;

use common::{diplo, run_stdin, write_temp};

/// `diplo play` with `args` and `stdin`, exit 0; (stdout, stderr).
fn play(args: &[&str], stdin: &str) -> (String, String) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    run_stdin(&all, stdin, 0)
}

// --- the lost turn -------------------------------------------------------------------------

/// The issue's script, verbatim. Its extra empty line after Black's turn-2 orders ends
/// Black's retreat entry with no order; from there on each line goes to the side whose
/// prompt it answers: White's `N b1 - c3` is refused at Black's prompt, never played for
/// Black, and no orders cross from one side to the other.
#[test]
fn the_issue_script_never_gives_one_sides_orders_to_the_other() {
    let script = "P e2 - e4\nP d2 - d4\nN g1 - f3\n\nP e7 - e5\n\nP d4 - e5\nN f3 S P d4 - e5\n\n\
                  P e5 H\n\n\nP e5 D\n\nN b1 - c3\n\nN b8 - c6\n\n";
    let (out, err) = play(&["--game", "diplochess"], script);
    assert!(out.contains("white P d4 - e5 => executed"), "{out}");
    assert!(out.contains("black P e5 H => failed: dislodged"), "{out}");
    assert!(
        err.contains("refused `N b1 - c3`: b1 holds a white piece"),
        "{err}"
    );
    assert!(
        err.contains("refused `N b8 - c6`: b8 holds a black piece"),
        "{err}"
    );
    assert!(!out.contains("black N b1"), "{out}");
    assert!(!out.contains("white N b8"), "{out}");
}

/// The same game typed as the prompts ask: the retreat takes its one order and does not end
/// by itself; the empty line after it ends Black's retreat, and turn 3 is played by the
/// right sides.
#[test]
fn a_full_retreat_entry_waits_for_its_empty_line() {
    let script = "P e2 - e4\nP d2 - d4\nN g1 - f3\n\nP e7 - e5\n\nP d4 - e5\nN f3 S P d4 - e5\n\n\
                  P e5 H\n\nP e5 D\n\nN b1 - c3\n\nN b8 - c6\n\n";
    let (out, err) = play(&["--game", "diplochess"], script);
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("Possible: P e5 D."), "{out}");
    assert!(
        out.contains("ok 1. P e5 D  (all 1 due; an empty line ends)"),
        "{out}"
    );
    assert!(out.contains("black P e5 D"), "{out}");
    assert!(out.contains("white N b1 - c3 => executed"), "{out}");
    assert!(out.contains("black N b8 - c6 => executed"), "{out}");
}

/// Diplomacy Chess asks one entry a turn: a second line is refused at the same prompt, not
/// taken as Black's move.
#[test]
fn the_most_orders_do_not_end_an_entry() {
    let (out, err) = play(&["--game", "diplomacy-chess"], "e4\nd4\n\ne5\n\nquit\n");
    assert!(
        err.contains("refused `d4`: only one entry is due this turn"),
        "{err}"
    );
    assert!(out.contains("white e4: executed"), "{out}");
    assert!(out.contains("black e5: executed"), "{out}");
}

// --- order entry in the simultaneous games ------------------------------------------------

#[test]
fn orders_are_checked_as_typed_with_their_reason() {
    let (out, err) = play(
        &["--game", "diplochess"],
        "P e2 - e5\nR a1 - a3\nN g1 S P e2 - e5\nP e2 - e4\nP e2 - e3\n\n\nquit\n",
    );
    assert!(
        err.contains("refused `P e2 - e5`: P e2 - e5 is not a move of that piece"),
        "{err}"
    );
    assert!(
        err.contains("refused `R a1 - a3`: path blocked at a2"),
        "{err}"
    );
    assert!(err.contains("refused `N g1 S P e2 - e5`"), "{err}");
    assert!(
        err.contains("refused `P e2 - e3`: white: two orders for e2 in one phase"),
        "{err}"
    );
    assert!(out.contains("ok 1. P e2 - e4"), "{out}");
    assert!(out.contains("white P e2 - e4 => executed"), "{out}");
    // Nothing impossible reaches the adjudication.
    assert!(!out.contains("void"), "{out}");
}

#[test]
fn diplomacy_chess_refusals_say_why() {
    let (_, err) = play(
        &["--game", "diplomacy-chess"],
        "e5\nKe2\nNf4\nO-O\ne4\n\ne5\n\nquit\n",
    );
    for reason in [
        "refused `e5`: no pawn of yours can move to e5",
        "refused `Ke2`: your own piece on e2 is in the way (§3.3)",
        "refused `Nf4`: no Knight of yours can move to f4",
        "refused `O-O`: cannot castle kingside",
    ] {
        assert!(err.contains(reason), "{reason}\n{err}");
    }
}

#[test]
fn moves_lists_diplochess_orders_per_piece() {
    let (out, _) = play(&["--game", "diplochess"], "moves\nMOVES g1\nquit\n");
    assert!(
        out.contains("  N g1: H, - e2, - f3, - h3, +6 supports"),
        "{out}"
    );
    assert!(out.contains("  P e2: H, - e3, - e4, +3 supports"), "{out}");
    // One piece: its supports too.
    assert!(
        out.contains("  N g1: H, - e2, - f3, - h3, S Q d1 - e2"),
        "{out}"
    );
}

#[test]
fn commands_work_in_every_phase_and_any_case() {
    let (out, _) = play(
        &["--game", "diplochess"],
        "HELP\nBoard\nP e2 - e4\nList\nUndo\nlist\nQUIT\n",
    );
    assert!(out.contains("moves [CELL]"), "{out}");
    assert!(out.contains("Your orders:\n  1. P e2 - e4"), "{out}");
    assert!(out.contains("taken back: P e2 - e4"), "{out}");
    assert!(out.contains("Your orders: none."), "{out}");
}

#[test]
fn check_is_shown_in_diplomacy_chess() {
    // The black Queen checks the white King on e1 along the diagonal h4-e1.
    let pos = "4k3/8/8/8/7q/8/8/4K3 - - 0 1";
    let (out, _) = run_stdin(
        &["show", "--game", "diplomacy-chess", "--position", pos],
        "",
        0,
    );
    assert!(out.contains("White is in check"), "{out}");
}

/// Resigning ends the game; `save` after the end keeps the record, which replays and which
/// `--resume` knows is over. A record saved mid-game resumes with its history.
#[test]
fn resign_save_replay_and_resume_in_a_simultaneous_game() {
    let mid = write_temp("issue10-mid.pgn", "");
    let end = write_temp("issue10-end.pgn", "");
    let script =
        format!("N g1 - f3\n\nN g8 - f6\n\nsave {mid}\nP e2 - e4\nresign\nsave {end}\nquit\n");
    let (out, _) = play(&["--game", "diplochess"], &script);
    assert!(out.contains("White resigns."), "{out}");
    assert!(out.contains("result: 0-1 (white resigns)"), "{out}");
    let record = std::fs::read_to_string(&end).expect("saved");
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    assert!(record.contains("white: N g1 - f3"), "{record}");
    let (out, _) = run_stdin(&["replay", &end], "", 0);
    assert!(
        out.contains("position: rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R KQkq - 1 2"),
        "{out}"
    );
    let (out, _) = play(&["--resume", &end], "quit\n");
    assert!(out.contains("The record ends 0-1 (white resigns)"), "{out}");
    // Mid-game: turn 2 goes on from the saved position.
    let (out, _) = play(&["--resume", &mid], "P e2 - e4\n\nP e7 - e5\n\nquit\n");
    assert!(out.contains("Turn 2, movement"), "{out}");
    assert!(out.contains("white P e2 - e4 => executed"), "{out}");
}

#[test]
fn a_sequential_game_resumes_with_its_history() {
    let file = write_temp("issue10-seq.pgn", "");
    play(&[], &format!("d3\nk3\nsave {file}\nquit\n"));
    let (out, err) = play(&["--resume", &file], "undo\nundo\nundo\nquit\n");
    assert!(out.contains("Resumed from"), "{out}");
    assert_eq!(out.matches("Move taken back.").count(), 2, "{out}");
    assert!(err.contains("nothing to undo"), "{err}");
}

// --- the command line ---------------------------------------------------------------------

#[test]
fn help_in_diplomatic_chess_shows_its_own_notation() {
    let (out, _) = play(&["--game", "diplomatic-chess"], "help\nquit\n");
    assert!(out.contains("Nxf6>g7"), "{out}");
    assert!(!out.contains("H@c2"), "{out}");
}

#[test]
fn diplo_alone_prints_the_help() {
    let output = diplo().output().expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let out = String::from_utf8(output.stdout).expect("utf-8");
    assert!(out.contains("Usage: diplo <COMMAND>"), "{out}");
    assert!(out.contains("play"), "{out}");
}

#[test]
fn games_says_how_to_start_a_game() {
    let (out, _) = run_stdin(&["games"], "", 0);
    assert!(out.contains("Start a game: diplo play --game ID"), "{out}");
}

#[test]
fn finished_positions_say_the_game_is_over() {
    let mate = "1HBKR4bkrd1/1PPPPhP1ppppp1/14/1 w 3";
    let (out, err) = run_stdin(&["moves", "--position", mate], "", 0);
    assert_eq!(out, "");
    assert!(
        err.contains("the game is over in this position, 0-1 (checkmate)"),
        "{err}"
    );
    let (out, err) = run_stdin(&["perft", "--position", mate, "2"], "", 0);
    assert_eq!(out, "nodes: 0\n");
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn perft_depth_is_bounded_with_the_reason() {
    for (game, depth, most) in [
        ("diplomat-chess", "5000", "10"),
        ("diplomat-chess", "11", "10"),
        ("diplomatic-chess", "10", "9"),
        ("diplomatic-chess", "4294967295", "9"),
    ] {
        let (_, err) = run_stdin(&["perft", "--game", game, depth], "", 2);
        assert!(
            err.starts_with(&format!(
                "error: depth {depth} is too deep (at most {most}: "
            )),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Past u32: a usage error too.
    run_stdin(&["perft", "99999999999999999999"], "", 2);
}

#[test]
fn replay_names_the_line_once_and_checks_where_moves_start() {
    let (_, err) = run_stdin(
        &["replay", "--game", "diplochess", "-"],
        "turn 1\nwhite: P e2 - e4\nwhite: Zork\n",
        1,
    );
    assert_eq!(err.matches("line 3").count(), 1, "{err}");
    for record in ["5. d3 k3\n", "99999999999999999999999. d3 k3\n"] {
        let (_, err) = run_stdin(&["replay", "-"], record, 1);
        assert!(err.contains("but the start position is at `1.`"), "{err}");
    }
    // Where the [Position] tag agrees, the numbers may start anywhere.
    run_stdin(
        &["replay", "-"],
        "[Position \"1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 5\"]\n5. d3 k3\n",
        0,
    );
    let (_, err) = run_stdin(
        &["replay", "--game", "diplomacy-chess", "-"],
        "5. e4 e5\n",
        1,
    );
    assert!(
        err.contains("turn 5: out of sequence, the game is at turn 1"),
        "{err}"
    );
}

#[test]
fn error_messages_cut_long_tokens() {
    // An argument may not be 5 MB long (the system's limit), a record may.
    let (_, err) = run_stdin(&["moves", "--game", &"x".repeat(100_000)], "", 2);
    assert!(err.len() < 1000, "{} bytes", err.len());
    assert!(err.contains("(100002 characters)"), "{err}"); // with its backquotes
    let token = "x".repeat(5_000_000);
    let record = format!("1. {token}\n");
    let (_, err) = run_stdin(&["replay", "-"], &record, 1);
    assert!(err.len() < 1000, "{} bytes", err.len());
}

#[test]
fn diplomacy_chess_positions_need_both_kings() {
    for board in ["8/8/8/8/8/8/8/8", "Q7/8/8/8/8/8/8/4K3"] {
        let (_, err) = run_stdin(
            &["show", "--game", "diplomacy-chess", "--position", board],
            "",
            2,
        );
        assert!(err.contains("each side has exactly one"), "{err}");
    }
}

#[test]
fn show_draws_the_simultaneous_games_flipped_and_in_colour() {
    let (out, _) = run_stdin(&["show", "--game", "diplochess"], "", 0);
    assert!(out.contains("Turn 1, movement. Castling: KQkq."), "{out}");
    assert!(
        !out.contains('\x1b'),
        "no colour when not a terminal: {out}"
    );
    let (out, _) = run_stdin(&["show", "--game", "diplomacy-chess", "--flip"], "", 0);
    let first = out.lines().nth(1).expect("a rank");
    assert!(first.trim_start().starts_with("1   R  N  B  K  Q"), "{out}");
    let (out, _) = run_stdin(&["show", "--color", "always"], "", 0);
    assert!(out.contains("\x1b[1;97mK\x1b[0m"), "{out}");
}

// --- the round board ----------------------------------------------------------------------

/// The rim rook check of the issue, from e1 along the rim to k1, passes g1 and h1, which the
/// columns drawing puts in different halves. The round drawing keeps the rim one ring, and
/// `targets e1` at the prompt marks every cell the Rook reaches, both ways round the rim and
/// across the centre.
#[test]
fn the_round_board_shows_the_rim_and_targets() {
    let (out, _) = run_stdin(&["show", "--position", "4R5k3/14/K13/1 b 1"], "", 0);
    assert!(out.contains("Black to move (move 1), in check"), "{out}");
    // Every rim cell is named around the rim.
    for letter in 'a'..='n' {
        let name = format!("{letter}1");
        assert!(
            out.lines().any(|l| l.split_whitespace().any(|w| w == name)),
            "{name}\n{out}"
        );
    }
    let (out, _) = play(&["--position", "4R6p2/14/K6k6/1 w 1"], "targets e1\nquit\n");
    assert!(out.contains("<R>"), "{out}");
    assert!(
        out.contains("moves to:  a1 b1 c1 d1 f1 g1 h1 i1 j1 k1 l1 m1 n1 e2 l2 e3 l3 4"),
        "{out}"
    );
}

// --- computer players ---------------------------------------------------------------------

#[test]
fn two_computers_play_every_game_to_its_end() {
    // Short games: positions close to their end.
    for (game, position) in [
        ("diplomat-chess", "3K6k3/4R9/14/1 w 1"),
        ("diplomatic-chess", "3d4/8/8/8/8/8/8/3D3Q w - - 0 1"),
        ("diplomacy-chess", "k7/8/1Q6/8/8/8/8/4K3 - - 0 1"),
        ("diplochess", "k7/8/1Q6/8/8/8/8/4K3 - - 0 1"),
    ] {
        let (out, _) = play(
            &[
                "--game",
                game,
                "--position",
                position,
                "--white",
                "random",
                "--black",
                "random",
                "--seed",
                "7",
            ],
            "",
        );
        assert!(out.contains("result: "), "{game}\n{out}");
    }
}

/// A person against a computer in a simultaneous game: the computer's orders are sealed
/// like the person's, and appear only in the resolution.
#[test]
fn a_computers_sealed_orders_show_only_in_the_resolution() {
    let (out, _) = play(
        &["--game", "diplochess", "--black", "random", "--seed", "1"],
        "P e2 - e4\n\nquit\n",
    );
    let sealed = out
        .find("Black (random) has sealed its orders.")
        .expect("sealed");
    let resolved = out.find("what happened").expect("resolved");
    assert!(sealed < resolved, "{out}");
    assert!(!out[..resolved].contains("black "), "{out}");
    assert!(out[resolved..].contains("black "), "{out}");
}

#[test]
fn a_computer_answers_a_person_in_a_sequential_game() {
    let (out, _) = play(&["--black", "random", "--seed", "1"], "d3\nundo\nquit\n");
    assert!(out.contains("White played d3 (d2d3)."), "{out}");
    assert!(out.contains("Black (random) played "), "{out}");
    // Undo takes back the computer's answer and the person's move.
    assert!(out.contains("Moves taken back."), "{out}");
}

#[test]
fn bad_player_specs_are_usage_errors() {
    let (_, err) = run_stdin(&["play", "--white", "robot"], "", 2);
    assert!(
        err.starts_with("error: --white: `robot` is not a player"),
        "{err}"
    );
}
