//! A bounded, seeded stand-in for the fuzz targets that runs with the ordinary tests: random
//! strings and mutations of valid inputs go to every parser. None may panic, and every error
//! prints as a non-empty message.

use diplo_core::record::parse_record;
use diplo_testkit::random_input::check_error;
use diplomatic_chess::record::{replay, result_line, start_position};
use diplomatic_chess::san::{parse_move, to_san};
use diplomatic_chess::{Move, Position, Rules, Setup};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const POSITIONS: &[&str] = &[
    diplomatic_chess::START,
    "r3d2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3D2R w KQkq - 0 8",
    "rnbqdbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQDBNR w KQkq f6 0 3",
    "7d/6P1/8/8/8/8/8/Q3D3 w - - 0 1",
    "3QD3/8/8/8/3q4/8/8/4d3 b - - 0 40",
    "4d3/8/3N1N2/2B5/8/5n2/2Q1q3/3D4 w - - 0 20",
];

const WORDS: &[&str] = &[
    "e4",
    "e2e4",
    "Nf3",
    "O-O",
    "0-0-0",
    "exd5",
    "e8=Q",
    "e7e8q",
    "e5-c5",
    "Nxf6>g7",
    "cxd4>c3",
    "gxh8=Q>f8",
    "Re7&Dg6",
    "e2e7&h5g6",
    "Dd2",
    "Qxd8",
    "Rad1",
    "R1a4",
    "Nbd7",
    "+",
    "#",
    "!?",
    ">",
    "&",
    "=",
    "x",
    "-",
    "D",
    "K",
    "d",
    "8",
    "/",
    " ",
    "w",
    "b",
    "KQkq",
    "[Options \"push-back=on\"]",
    "[Position \"",
    "\"]",
    "1.",
    "2...",
    "{",
    "}",
    "(",
    ")",
    "*",
    "1-0",
    "é",
    "\u{0}",
    "99999999999999999999",
];

fn random_text(rng: &mut SmallRng) -> String {
    let mut s = String::new();
    for _ in 0..rng.gen_range(0..8) {
        if rng.gen_bool(0.7) {
            s.push_str(WORDS[rng.gen_range(0..WORDS.len())]);
        } else {
            s.push(char::from(rng.gen_range(32u8..127)));
        }
    }
    s
}

fn mutate(rng: &mut SmallRng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.gen_range(1..4) {
        let i = rng.gen_range(0..=chars.len());
        match rng.gen_range(0..3) {
            0 if i < chars.len() => {
                chars.remove(i);
            }
            1 => chars.insert(i, char::from(rng.gen_range(32u8..127))),
            _ if i < chars.len() => chars[i] = char::from(rng.gen_range(32u8..127)),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

#[test]
fn position_parser_never_panics() {
    let mut rng = SmallRng::seed_from_u64(1);
    for i in 0..20_000 {
        let text = if i % 2 == 0 {
            {
                let base = POSITIONS[rng.gen_range(0..POSITIONS.len())];
                mutate(&mut rng, base)
            }
        } else {
            random_text(&mut rng)
        };
        let _ = text.parse::<Setup>();
        match Position::parse(&text, Rules::all()[i % 8]) {
            Ok(p) => {
                // Whatever reads must write back canonically and read again the same.
                let again = Position::parse(&p.to_string(), p.rules()).unwrap();
                assert_eq!(again, p, "{text}");
                let _ = p.legal_moves();
            }
            Err(e) => check_error("position", &text, e),
        }
    }
}

#[test]
fn move_parsers_never_panic() {
    let mut rng = SmallRng::seed_from_u64(2);
    let positions: Vec<Position> = POSITIONS
        .iter()
        .flat_map(|f| Rules::all().map(|r| Position::parse(f, r).unwrap()))
        .collect();
    for i in 0..30_000 {
        let text = if i % 2 == 0 {
            {
                let base = WORDS[rng.gen_range(0..20)];
                mutate(&mut rng, base)
            }
        } else {
            random_text(&mut rng)
        };
        let _ = text.parse::<Move>();
        let p = &positions[i % positions.len()];
        match parse_move(p, &text) {
            Ok(mv) => {
                assert!(p.is_legal(mv));
                assert_eq!(parse_move(p, &to_san(p, mv)), Ok(mv));
            }
            Err(e) => check_error("parse_move", &text, e),
        }
    }
}

#[test]
fn record_replay_never_panics() {
    let mut rng = SmallRng::seed_from_u64(3);
    let base = "[Options \"push-back=on extra-diplomat-move=on\"]\n\n1. e4&De2 e5 2. Nf3 Nc6 *";
    for i in 0..5_000 {
        let text = if i % 2 == 0 {
            mutate(&mut rng, base)
        } else {
            random_text(&mut rng)
        };
        let Ok(record) = parse_record(&text) else {
            continue;
        };
        match start_position(&record, None) {
            Err(e) => check_error("tags", &text, e),
            Ok(start) => match replay(&record, start) {
                Ok(game) => assert!(!result_line(&game).is_empty()),
                Err(e) => check_error("replay", &text, e),
            },
        }
    }
}
