//! A bounded, seeded stand-in for the fuzz targets that runs with the ordinary tests: tens of
//! thousands of random strings and mutations of valid inputs go to every parser. None may
//! panic, and every error must print as a non-empty message.

use diplo_core::record::{final_result, parse_record};
use diplo_core::Options;
use diplo_testkit::random_input::{check_error, mutate, no_panic, random_string};
use diplomat_chess::record::{replay, start_position};
use diplomat_chess::san::{self, San};
use diplomat_chess::{Cell, Coordinate, Position, Setup, SubornRule, GAME_INFO};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::Path;

const POSITIONS: &[&str] = &[
    diplomat_chess::START,
    "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1[] w 1",
    "1HBKRD2hbkr2/1PPPPP2pppp2/14/1[Dp] b 12",
    "13P/8R5/k3K9/1 w 29",
    "3K10/7Dp5/8k5/1 w 40",
    "6K6k/d1d11/1H12/1 b 20",
    "3K6k3/1p12/14/1 b 20",
    "3K6k3/14/14/1[HP] w 20",
];

const MOVES: &[&str] = &[
    "d3",
    "Ha3",
    "Dn2",
    "Bxe3",
    "Rx4",
    "bxa3",
    "lx4",
    "4xf3",
    "d-4",
    "dx4",
    "f-f3",
    "h3xi2",
    "h3-i2",
    "R4xa3",
    "Rba3",
    "R2a3",
    "Rb2a3",
    "Ra-4",
    "a3=black",
    "a3=b",
    "a3=w",
    "a3=white",
    "Dc2:b3=black",
    "b1=Rook",
    "b1=R",
    "b1=b",
    "H@c2",
    "P@c2",
    "@c2",
    "Ha3+",
    "Hxf2++",
    "Hxf2#",
    "e3!?",
    "d2d3",
    "d34",
    "4m3",
    "a1b1r",
    "n2a3",
    "k1=Diplomat",
    "Kd2",
    "4-m3",
];

const OPTIONS: &[&str] = &[
    "suborn=convert",
    "suborn=remove",
    "suborn=drop",
    "suborn = drop",
];

const RECORDS: &[&str] = &[
    "[Game \"diplomat-chess\"]\n[White \"A \\\"B\\\"\"]\n\n1. d3 k3 2. e3 {c} l3 $1 3. Kd2!? *\n",
    "1. d3, k3\n2. e3,\n(a (nested) comment)\n2. ..., l3\n; line\n1/2-1/2",
    "[Options \"suborn=drop\"]\n1. Dg2 Hh3 2. h3=white Dn2 3. H@a3 a3=b 4. e3 h2 5. h2=w H@e2 6. Rxe2 Dm1 7. @h3 *",
    "[Position \"13P/8R5/k3K9/1 w 29\"]\n29. Kd3 Kn3 30. Kc3 Ka3 31. m1=H 1-0",
    "[Position \"1HBKRD2hbkrd1/1PP1PP2ppppp1/3P10/1 b 7\"]\n7... k3 8. e3 0-1",
];

/// Characters mutations insert: the notations' own, and some that should never be there.
const ALPHABET: &[char] = &[
    'a', 'b', 'd', 'h', 'k', 'n', 'o', 'x', 'z', 'w', 'K', 'R', 'B', 'H', 'D', 'P', 'Q', '0', '1',
    '2', '3', '4', '5', '9', '-', '=', ':', '@', '+', '#', '!', '?', '/', '[', ']', '{', '}', '(',
    ')', ';', '$', '%', '"', '\\', '.', ',', '*', ' ', '\n', '\t', '…', 'é', '½', '\u{0}',
    '\u{feff}', '𝄞',
];

fn fixed_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for text in POSITIONS {
        for rule in SubornRule::ALL {
            if let Ok(p) = Position::parse(text, rule) {
                out.push(p);
            }
        }
    }
    assert!(out.len() >= 10);
    out
}

fn feed_position(input: &str) {
    no_panic("Setup::from_str", input, || match input.parse::<Setup>() {
        Ok(setup) => assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup)),
        Err(e) => check_error("setup", input, e),
    });
    for rule in SubornRule::ALL {
        no_panic("Position::parse", input, || {
            match Position::parse(input, rule) {
                Ok(p) => {
                    let _ = p.to_string();
                    let _ = p.legal_moves();
                }
                Err(e) => check_error("position", input, e),
            }
        });
    }
}

fn feed_move(input: &str, positions: &[Position]) {
    no_panic("Cell::from_str", input, || {
        if let Err(e) = input.parse::<Cell>() {
            check_error("cell", input, e)
        }
    });
    no_panic("Coordinate::from_str", input, || {
        if let Err(e) = input.parse::<Coordinate>() {
            check_error("coordinate", input, e)
        }
    });
    no_panic("San::from_str", input, || match input.parse::<San>() {
        Ok(s) => {
            let written = s.to_string();
            assert_eq!(
                written.parse::<San>(),
                Ok(s),
                "{input:?} written as {written:?}"
            );
        }
        Err(e) => check_error("san", input, e),
    });
    for p in positions {
        no_panic("san::parse_move", input, || {
            match san::parse_move(p, input) {
                Ok(mv) => {
                    assert!(p.is_legal(mv), "{input:?} gave an illegal move in {p}");
                    let _ = san::to_san(p, mv);
                }
                Err(e) => check_error("parse_move", input, e),
            }
        });
    }
}

fn feed_record(input: &str) {
    no_panic("record", input, || match parse_record(input) {
        Err(e) => check_error("record", input, e),
        Ok(record) => match start_position(&record, None) {
            Err(e) => check_error("tags", input, e),
            Ok(start) => match replay(&record, start) {
                Err(e) => check_error("replay", input, e),
                Ok(game) => {
                    if let Err(e) = final_result(game.result().as_ref(), record.recorded_result()) {
                        check_error("result", input, e)
                    }
                    let _ = game.record(&record.tags);
                }
            },
        },
    });
}

fn feed_options(input: &str) {
    no_panic("Options::parse", input, || {
        for pairs in [vec![input], input.split(',').collect::<Vec<_>>()] {
            if let Err(e) = Options::parse(&GAME_INFO, &pairs) {
                check_error("options", input, e)
            }
        }
    });
}

fn record_corpus() -> Vec<String> {
    let mut out: Vec<String> = RECORDS.iter().map(|s| s.to_string()).collect();
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/diplomat-chess/records");
    if let Ok(entries) = std::fs::read_dir(dir) {
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.extension().is_some_and(|x| x == "pgn") {
                if let Ok(text) = std::fs::read_to_string(&p) {
                    out.push(text);
                }
            }
        }
    }
    out
}

#[test]
fn random_and_mutated_inputs_never_panic() {
    let positions = fixed_positions();
    let records = record_corpus();
    let mut rng = SmallRng::seed_from_u64(0x00d1_9107);
    let pick = |rng: &mut SmallRng, list: &[&str]| list[rng.gen_range(0..list.len())].to_string();
    for round in 0..25_000 {
        // Fully random strings to every parser.
        let s = random_string(&mut rng, ALPHABET, 24);
        feed_position(&s);
        feed_move(&s, &positions[..3]);
        feed_options(&s);
        if round % 4 == 0 {
            feed_record(&s);
        }
        // Mutations of valid inputs, each to its own parser.
        let base = pick(&mut rng, POSITIONS);
        let other = pick(&mut rng, POSITIONS);
        feed_position(&mutate(&mut rng, ALPHABET, &base, Some(&other)));
        let base = pick(&mut rng, MOVES);
        let other = pick(&mut rng, MOVES);
        feed_move(&mutate(&mut rng, ALPHABET, &base, Some(&other)), &positions);
        let base = pick(&mut rng, OPTIONS);
        let other = pick(&mut rng, OPTIONS);
        feed_options(&mutate(&mut rng, ALPHABET, &base, Some(&other)));
        if round % 3 == 0 {
            let base = &records[rng.gen_range(0..records.len())];
            let other = &records[rng.gen_range(0..records.len())];
            feed_record(&mutate(&mut rng, ALPHABET, base, Some(other)));
        }
    }
}

#[test]
fn valid_inputs_still_parse() {
    // The corpus is meaningful: its unmutated inputs are accepted.
    for text in POSITIONS {
        assert!(
            SubornRule::ALL
                .iter()
                .any(|&r| Position::parse(text, r).is_ok()),
            "{text}"
        );
    }
    for text in OPTIONS {
        assert!(Options::parse(&GAME_INFO, &[text]).is_ok(), "{text}");
    }
    for text in RECORDS {
        let record = parse_record(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        let start = start_position(&record, None).unwrap();
        replay(&record, start).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in MOVES {
        assert!(
            text.parse::<San>().is_ok() || text.parse::<Coordinate>().is_ok(),
            "{text}"
        );
    }
}
