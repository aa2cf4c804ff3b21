//! End-to-end tests of the computer players' commands: `diplo analyse` and `diplo match`
//! (interfaces.md v2): pinned output lines, exit statuses, records that replay.

mod common;

use common::{fails, run};

/// A Diplomat Chess position where White is checkmated (found by a random match game).
const WHITE_MATED: &str = "14/5KPk6/6r7/b w 55";

const GAMES: [&str; 4] = [
    "diplomat-chess",
    "diplomatic-chess",
    "diplomacy-chess",
    "diplochess",
];

#[test]
fn analyse_prints_the_pinned_lines_for_each_kind_of_game() {
    for game in &GAMES[..2] {
        let (out, _) = run(&["analyse", "--game", game, "--depth", "2"], 0);
        let last = out.lines().last().expect("a bestmove line");
        let best = last.strip_prefix("bestmove ").expect("bestmove last");
        let (moves, _) = run(&["moves", "--game", game], 0);
        assert!(
            moves.lines().any(|l| l.split(' ').next() == Some(best)),
            "{game}: {best} is not a legal move"
        );
        for line in out.lines().filter(|l| l.starts_with("info ")) {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words[1], "depth", "{line}");
            assert!(["cp", "mate"].contains(&words[4]), "{line}");
            assert!(words.len() >= 13, "{line}");
            assert_eq!(
                [words[6], words[8], words[10], words[12]],
                ["nodes", "nps", "time", "pv"],
                "{line}"
            );
            for number in [words[2], words[5], words[7], words[9], words[11]] {
                assert!(number.parse::<i64>().is_ok(), "{line}");
            }
        }
    }
    for game in &GAMES[2..] {
        for side in ["white", "black"] {
            let args = ["analyse", "--game", game, "--nodes", "50", "--side", side];
            let (out, _) = run(&[&args[..], &["--seed", "7"]].concat(), 0);
            let lines: Vec<&str> = out.lines().collect();
            let info = lines.iter().find(|l| l.starts_with("info ")).expect("info");
            let words: Vec<&str> = info.split(' ').collect();
            assert_eq!(words[1], "iterations", "{info}");
            let value: f64 = words[4].parse().expect("value");
            assert!((0.0..=1.0).contains(&value), "{info}");
            let total: f64 = lines
                .iter()
                .filter_map(|l| l.strip_prefix("strategy "))
                .map(|l| l.split(' ').next().unwrap().parse::<f64>().unwrap())
                .sum();
            assert!(total > 0.0 && total <= 1.0 + 1e-6, "{out}");
            let orders = lines
                .last()
                .unwrap()
                .strip_prefix("orders ")
                .expect("orders last");
            // The same seed draws the same orders.
            let (again, _) = run(&[&args[..], &["--seed", "7"]].concat(), 0);
            assert_eq!(again.lines().last(), Some(&*format!("orders {orders}")));
        }
    }
}

#[test]
fn analyse_refuses_bad_input_by_the_v1_rules() {
    fails(
        &["analyse", "--position", WHITE_MATED, "--depth", "2"],
        1,
        "the game is over (0-1 (checkmate))",
    );
    fails(
        &["analyse", "--position", "junk", "--depth", "2"],
        2,
        "position",
    );
    fails(&["analyse"], 2, "--movetime");
    fails(
        &["analyse", "--depth", "2", "--nodes", "5"],
        2,
        "cannot be used",
    );
    fails(&["analyse", "--game", "chess", "--depth", "2"], 2, "chess");
    fails(
        &[
            "analyse",
            "--game",
            "diplochess",
            "--nodes",
            "9",
            "--side",
            "red",
        ],
        2,
        "red",
    );
}

#[test]
fn match_scores_every_game_and_saves_records_that_replay() {
    for game in GAMES {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("match-{game}"));
        let _ = std::fs::remove_dir_all(&dir);
        let dir_arg = dir.to_str().unwrap();
        let (out, _) = run(
            &[
                "match",
                "--game",
                game,
                "--player1",
                "random",
                "--player2",
                "greedy",
                "--games",
                "4",
                "--jobs",
                "2",
                "--max-turns",
                "60",
                "--records",
                dir_arg,
            ],
            0,
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        let score = lines[0].strip_prefix("score: ").expect("score line");
        let wld: Vec<u32> = score.split('-').map(|n| n.parse().unwrap()).collect();
        assert_eq!(wld.iter().sum::<u32>(), 4, "{out}");
        assert!(
            lines[1].starts_with("elo: ") && lines[1].contains(" +/- "),
            "{out}"
        );
        let mut results = Vec::new();
        for n in 1..=4 {
            let path = dir.join(format!("game-{n:04}.pgn"));
            run(&["replay", path.to_str().unwrap()], 0);
            let record = std::fs::read_to_string(&path).unwrap();
            let result = record
                .lines()
                .find_map(|l| l.strip_prefix("[Result \""))
                .expect("a Result tag")
                .trim_end_matches("\"]")
                .to_string();
            assert_ne!(result, "*", "{game} game {n}");
            results.push(result);
        }
        // Player 1 is White in odd-numbered games: the saved results give the score.
        let mut wins = 0;
        for (i, result) in results.iter().enumerate() {
            let player1_white = i % 2 == 0;
            if result.starts_with(if player1_white { "1-0" } else { "0-1" }) {
                wins += 1;
            }
        }
        assert_eq!(wins, wld[0], "{game}: {results:?} against {score}");
    }
}

#[test]
fn match_stops_on_an_sprt_verdict_and_refuses_people() {
    let (out, _) = run(
        &[
            "match",
            "--game",
            "diplomat-chess",
            "--player1",
            "random",
            "--player2",
            "random",
            "--games",
            "6",
            "--sprt",
            "0,400",
            "--seed",
            "3",
        ],
        0,
    );
    let last = out.lines().last().unwrap();
    assert!(
        [
            "sprt: H1 accepted",
            "sprt: H0 accepted",
            "sprt: inconclusive"
        ]
        .contains(&last),
        "{out}"
    );
    fails(
        &[
            "match",
            "--game",
            "diplochess",
            "--player1",
            "human",
            "--player2",
            "random",
        ],
        2,
        "computer players",
    );
    fails(
        &[
            "match",
            "--player1",
            "random",
            "--player2",
            "random",
            "--sprt",
            "10,0",
        ],
        2,
        "ELO0",
    );
    fails(
        &["match", "--player1", "bot", "--player2", "random"],
        2,
        "bot",
    );
}
