//! No command-line input may make `diplo` panic or overflow its stack: random argument
//! vectors and random keyboard scripts run through the real binary (a panic exits 101, a
//! stack overflow aborts with a signal), and the deep inputs that recursion would follow
//! (perft depth, nested comments and conditionals, long records) are tried on purpose.
//! Every run is bounded in time.

mod common;

use common::{diplo, write_temp};
use proptest::prelude::*;
use std::time::Duration;

/// Runs `diplo args < stdin` and checks that it ended normally: exit 0, 1 or 2, no panic.
fn ends_well(args: &[String], stdin: &str) -> Result<(), TestCaseError> {
    let output = diplo()
        .args(args)
        .write_stdin(stdin)
        .timeout(Duration::from_secs(30))
        .output()
        .expect("diplo runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    prop_assert!(
        matches!(output.status.code(), Some(0..=2)),
        "diplo {args:?} < {stdin:?}: {:?}\n{stderr}",
        output.status
    );
    prop_assert!(!stderr.contains("panicked"), "diplo {args:?}: {stderr}");
    Ok(())
}

const GAMES: [&str; 5] = [
    "diplomat-chess",
    "diplomatic-chess",
    "diplomacy-chess",
    "diplochess",
    "chess",
];

/// Position strings: good ones of every game, and near misses.
const POSITIONS: [&str; 14] = [
    "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 1",
    "1HBKR4bkrd1/1PPPPhP1ppppp1/14/1 w 3",
    "4R5k3/14/K13/1 b 1",
    "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1[RR] w 1",
    "rnbqdbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQDBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
    "k7/8/1Q6/8/8/8/8/4K3 - - 0 1",
    "rnbqkbnr/pppp1ppp/8/4P3/4P3/5N2/PPP2PPP/RNBQKB1R KQkq - 0 4294967295",
    "8/8/8/8/8/8/8/8",
    "99/8/8/8/8/8/8/8 w",
    "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 4294967295",
    "14/14/14/1 w 0",
    "",
    "/ / / /",
];

const OPTIONS: [&str; 10] = [
    "suborn=drop",
    "suborn=remove",
    "push-back=on",
    "extended-pawns=on",
    "mode=progressive",
    "mode=simultaneous-progressive",
    "bloody=on",
    "adjustments=on",
    "mode=",
    "=x",
];

/// Lines a player might type in any game.
const LINES: [&str; 40] = [
    "",
    "d3",
    "k3",
    "Hc3",
    "d34",
    "n2a3",
    "e4",
    "e5",
    "Nf3",
    "e2e4",
    "O-O",
    "~e5?e5:exf6",
    "1?1?1?e4:e4:e4",
    "P e2 - e4",
    "P e7 - e5",
    "N g1 S P e2 - e4",
    "P e5 D",
    "e8 = N",
    "Build R a1",
    "Disband N c3",
    "moves",
    "MOVES e2",
    "targets e1",
    "targets",
    "targets zz",
    "undo",
    "Undo",
    "board",
    "flip",
    "list",
    "clear",
    "done",
    "resign",
    "help",
    "save",
    "save /nonexistent/dir/x.pgn",
    "y",
    "n",
    "\u{1F600}",
    "quit",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,12}",
        prop::sample::select(&LINES[..]).prop_map(str::to_string),
        // A near miss of a good position.
        (
            prop::sample::select(&POSITIONS[..]),
            any::<usize>(),
            "\\PC{0,2}"
        )
            .prop_map(|(p, at, insert)| {
                let mut s = p.to_string();
                let mut at = at % (s.len() + 1);
                while !s.is_char_boundary(at) {
                    at -= 1;
                }
                s.insert_str(at, &insert);
                s
            }),
    ]
}

/// One flag with its value (or none).
fn flag() -> impl Strategy<Value = Vec<String>> {
    let pair = |name: &'static str, values: BoxedStrategy<String>| {
        values.prop_map(move |v| vec![name.to_string(), v])
    };
    let pick =
        |list: &'static [&'static str]| prop::sample::select(list).prop_map(str::to_string).boxed();
    prop_oneof![
        pair("--game", prop_oneof![pick(&GAMES), text()].boxed()),
        pair("--position", prop_oneof![pick(&POSITIONS), text()].boxed()),
        pair("--option", prop_oneof![pick(&OPTIONS), text()].boxed()),
        pair("--highlight", text().boxed()),
        pair(
            "--targets",
            prop_oneof![pick(&["e1", "d2", "4", "e2"]), text()].boxed()
        ),
        pair("--layout", pick(&["round", "columns", "square"])),
        pair("--color", pick(&["auto", "always", "never", "sometimes"])),
        pair(
            "--white",
            pick(&["human", "random", "engine:9", "random@ms=0", "greedy"])
        ),
        pair("--seed", pick(&["0", "18446744073709551615", "-1", "x"])),
        pair("--delay", pick(&["0", "60001", "x"])),
        Just(vec!["--divide".to_string()]),
        Just(vec!["--flip".to_string()]),
        text().prop_map(|t| vec![t]),
    ]
}

fn command() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(
            &[
                "games",
                "moves",
                "perft",
                "replay",
                "adjudicate",
                "show",
                "play",
                "help",
                "--help",
                "--version",
            ][..]
        )
        .prop_map(str::to_string),
        text(),
    ]
}

/// The last argument: a depth, a file, or anything.
fn positional() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        Just(Vec::new()),
        prop::sample::select(&["0", "1", "2", "3", "11", "5000", "4294967296", "-1", "-"][..])
            .prop_map(|s| vec![s.to_string()]),
        text().prop_map(|t| vec![t]),
    ]
}

fn script() -> impl Strategy<Value = String> {
    prop::collection::vec(text(), 0..30).prop_map(|lines| {
        let mut s = lines.join("\n");
        s.push('\n');
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_argument_vector_panics(
        command in command(),
        flags in prop::collection::vec(flag(), 0..5),
        last in positional(),
        stdin in script(),
    ) {
        let mut args = vec![command];
        args.extend(flags.into_iter().flatten());
        args.extend(last);
        ends_well(&args, &stdin)?;
    }

    #[test]
    fn no_keyboard_script_panics(
        game in prop::sample::select(&GAMES[..4]),
        option in prop::option::of(prop::sample::select(&OPTIONS[..])),
        computer in prop::option::of(prop::sample::select(&["--white", "--black"][..])),
        script in script(),
    ) {
        let mut args = vec!["play".to_string(), "--game".to_string(), game.to_string()];
        if let Some(option) = option {
            args.extend(["--option".to_string(), option.to_string()]);
        }
        // One computer at most: a person's script ends the game when it ends.
        if let Some(side) = computer {
            args.extend([side.to_string(), "random".to_string(), "--seed".to_string(), "5".to_string()]);
        }
        ends_well(&args, &script)?;
    }
}

/// Inputs whose size a recursion or an allocation would follow.
#[test]
fn deep_inputs_end_with_an_error_or_an_answer() {
    let nested = |open: &str, close: &str| {
        format!(
            "1. d3 {}{} k3\n",
            open.repeat(100_000),
            close.repeat(100_000)
        )
    };
    let deep_entry = format!("{}e4{}", "1?".repeat(50_000), ":e4".repeat(50_000));
    let many_turns: String = (1..20_000).map(|n| format!("{n}. d3 k3 ")).collect();
    let many_orders: String = ["a", "b", "c", "d", "e", "f", "g", "h"]
        .iter()
        .flat_map(|f| (1..=8).map(move |r| format!("white: P {f}{r} - {f}{r}\n")))
        .collect::<String>()
        .repeat(50);
    let cases: Vec<(Vec<String>, String)> = vec![
        (vec!["perft".into(), "5000".into()], String::new()),
        (
            vec!["perft".into(), "--divide".into(), "4294967295".into()],
            String::new(),
        ),
        (vec!["replay".into(), "-".into()], nested("(", ")")),
        (vec!["replay".into(), "-".into()], nested("{", "}")),
        (vec!["replay".into(), "-".into()], many_turns),
        (
            vec![
                "replay".into(),
                "--game".into(),
                "diplomacy-chess".into(),
                "-".into(),
                "--option".into(),
                "mode=progressive".into(),
            ],
            format!("1. {deep_entry} / e5\n"),
        ),
        (
            vec![
                "adjudicate".into(),
                "--game".into(),
                "diplochess".into(),
                "--position".into(),
                POSITIONS[5].into(),
                "--orders".into(),
                "-".into(),
            ],
            many_orders,
        ),
        (
            vec![
                "adjudicate".into(),
                "--game".into(),
                "diplomacy-chess".into(),
                "--option".into(),
                "mode=progressive".into(),
                "--position".into(),
                POSITIONS[5].into(),
                "--orders".into(),
                "-".into(),
            ],
            format!("white: {deep_entry}\nblack: e5\n"),
        ),
        (
            vec![
                "play".into(),
                "--game".into(),
                "diplomacy-chess".into(),
                "--option".into(),
                "mode=progressive".into(),
            ],
            format!("{deep_entry}\n\ne5\n\n"),
        ),
    ];
    for (args, stdin) in cases {
        ends_well(&args, &stdin).unwrap_or_else(|e| panic!("{e}"));
    }
    // A resumed record that is not one.
    let junk = write_temp(
        "no-panic-junk.pgn",
        "[Game \"diplochess\"]\nturn 1\nwhite: ((((\n",
    );
    ends_well(&["play".into(), "--resume".into(), junk], "").unwrap_or_else(|e| panic!("{e}"));
}
