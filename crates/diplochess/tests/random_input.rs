//! A bounded, seeded stand-in for the fuzz target that runs with the ordinary tests: random
//! strings and mutations of valid inputs go to every parser (orders, orders files, position
//! strings, records, options) and on to adjudication and replay. Nothing may panic, and
//! every error must print as a non-empty message.

use diplo_core::{Color, Options, SimultaneousPosition};
use diplo_testkit::diplochess::{random_orders, random_position, split_sides};
use diplo_testkit::random_input::{check_error, mutate, no_panic, random_string};
use diplochess::{adjudicate, orders_file, record, Game, Order, Position, Rules, State, GAME_INFO};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const POSITIONS: &[&str] = &[
    diplochess::START,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3",
    "4k3/p7/8/8/8/8/8/R3KBNR - PPp 7 31",
    "r3k2r/8/8/8/8/8/8/R3K2R KQkq - 0 12",
];

const ORDERS: &[&str] = &[
    "white: R a1 - a5\nblack: N c4 - a5",
    "white: Ra1-a5",
    "white: Q d1 S N d4\nblack: B b2 S R a1 - a5",
    "white: O-O\nblack: O-O-O",
    "white: N e5 D\nwhite: e8 = N\nwhite: Build R a1\nwhite: Disband N c3",
    "# comment\n\nwhite: P e2 - e4\nblack: P e7 - e5\nwhite: N g1 H",
];

const RECORDS: &[&str] = &[
    "[Game \"diplochess\"]\nturn 1\nwhite: P e2 - e4\nblack: N g8 - f6\nturn 2\nwhite: P d2 - d4\nblack: N f6 - e4\nretreats\nwhite: P e4 - e5\n",
    "[Position \"7k/8/8/8/8/8/8/K6R - - 0 1\"]\nturn 1\nwhite: R h1 - h8\n1-0",
    "[Position \"4k3/p7/8/8/8/8/8/R3KBNR - P 0 1\"]\n{a comment\nover lines}\nturn 1\nbuilds\nwhite: Build Q d1\n# x\nturn 2\n*",
];

const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'e', 'h', 'x', 'K', 'Q', 'R', 'B', 'N', 'P', 'H', 'S', 'D', 'O', '0', '1', '2',
    '7', '8', '9', '-', '=', ':', '/', '[', ']', '{', '}', '"', '#', ' ', '\n', '\t', 'w', 'p',
    'é', '\u{0}', '𝄞',
];

fn feed(input: &str, positions: &[Position]) {
    no_panic("Order", input, || match input.parse::<Order>() {
        Ok(o) => assert_eq!(o.to_string().parse::<Order>(), Ok(o), "{input:?}"),
        Err(e) => check_error("order", input, e),
    });
    no_panic("Position", input, || match input.parse::<Position>() {
        Ok(p) => assert_eq!(
            p.to_string().parse::<Position>(),
            Ok(p.clone()),
            "{input:?}"
        ),
        Err(e) => check_error("position", input, e),
    });
    no_panic("orders file", input, || match orders_file::parse(input) {
        Ok(orders) => {
            for p in positions {
                match adjudicate(p, &orders) {
                    Ok(a) => {
                        let _ = a.to_string();
                    }
                    Err(e) => check_error("adjudicate", input, e),
                }
                let mut game = Game::new(State::new(p.clone(), Rules::default()));
                play_any(&mut game, &orders, input);
                play_any(&mut game, &orders, input);
            }
        }
        Err(e) => check_error("orders file", input, e),
    });
    no_panic("record", input, || match record::parse(input) {
        Ok(rec) => match record::start_position(&rec) {
            Ok(start) => {
                for rules in [
                    Rules::default(),
                    Rules {
                        adjustments: true,
                        bloody: true,
                    },
                ] {
                    if let Err(e) = record::replay(&rec, start.clone(), rules) {
                        check_error("replay", input, e)
                    }
                }
            }
            Err(e) => check_error("record position", input, e),
        },
        Err(e) => check_error("record", input, e),
    });
    no_panic("options", input, || {
        if let Err(e) = Options::parse(&GAME_INFO, &[input]) {
            check_error("options", input, e)
        }
    });
}

/// Plays whatever orders parsed, as a player's (checked: errors are fine) and as a record
/// section's (wrong-phase orders are void).
fn play_any(game: &mut Game, orders: &[(Color, Order)], input: &str) {
    let (white, black) = split_sides(orders);
    let state = game.position().clone();
    for (side, mine) in [(Color::White, &white), (Color::Black, &black)] {
        if let Err(e) = state.check_orders(side, mine) {
            check_error("check orders", input, e);
        }
    }
    let w = state.check_record_orders(Color::White, &white);
    let b = state.check_record_orders(Color::Black, &black);
    match (w, b) {
        (Ok(w), Ok(b)) => {
            if let Ok(record) = game.play(w, b) {
                let _ = record.resolution.to_string();
            }
        }
        (Err(e), _) | (_, Err(e)) => check_error("record orders", input, e),
    }
}

#[test]
fn random_and_mutated_inputs_never_panic() {
    let positions: Vec<Position> = POSITIONS.iter().map(|p| p.parse().unwrap()).collect();
    let mut rng = SmallRng::seed_from_u64(0xd19c_4e55);
    for _ in 0..6_000 {
        feed(&random_string(&mut rng, ALPHABET, 32), &positions[..2]);
        let pools: [&[&str]; 3] = [POSITIONS, ORDERS, RECORDS];
        let pool = pools[rng.gen_range(0..3)];
        let base = pool[rng.gen_range(0..pool.len())];
        feed(&mutate(&mut rng, ALPHABET, base, None), &positions);
    }
}

#[test]
fn valid_inputs_still_parse() {
    for text in ORDERS {
        orders_file::parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in RECORDS {
        let rec = record::parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        let start = record::start_position(&rec).unwrap();
        record::replay(&rec, start, Rules::default()).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
}

/// Whole games of random valid orders through every phase never panic and keep the
/// position string readable.
#[test]
fn random_games_run_through_every_phase() {
    let mut seeds = diplo_testkit::diplochess::Rng::new(7);
    for g in 0..60 {
        let rules = Rules {
            adjustments: g % 2 == 0,
            bloody: g % 3 == 0,
        };
        let start = random_position(&mut seeds, 6 + g % 11);
        let mut game = Game::new(State::new(start, rules));
        for _ in 0..40 {
            let Some(phase) = game.position().current_phase() else {
                break;
            };
            let orders = match phase {
                diplochess::Phase::Movement => {
                    random_orders(game.position().position(), &mut seeds)
                }
                _ => Vec::new(),
            };
            let (white, black) = split_sides(&orders);
            let state = game.position();
            let white = state.check_orders(Color::White, &white).unwrap();
            let black = state.check_orders(Color::Black, &black).unwrap();
            game.play(white, black).unwrap();
            // Between turns the position string reads back (mid-turn a pawn may still stand
            // on its last rank, waiting for the build step).
            if game.position().current_phase() == Some(diplochess::Phase::Movement) {
                let text = game.position().to_string();
                let _: Position = text.parse().unwrap_or_else(|e| panic!("{e}: {text}"));
            }
        }
    }
}
