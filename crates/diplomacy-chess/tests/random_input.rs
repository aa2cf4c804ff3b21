//! A bounded, seeded stand-in for the fuzz target: random strings and mutations of valid
//! inputs go to every parser (position, notation, entry, orders file, record). None may
//! panic, every error prints a message, and what parses writes back to the same thing.

use diplo_core::Color;
use diplo_testkit::random_input::{check_error, mutate, no_panic, random_string};
use diplomacy_chess::record;
use diplomacy_chess::validity::{valid_orders, Rules};
use diplomacy_chess::{adjudicate, notation, Entry, Mode, Notation, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
    "r3k2r/8/8/3pP3/8/8/8/R3K2R KQkq d6 7 12",
    "5R1Q/3k4/7r/8/b7/2b5/R7/2K5 - - 0 3",
    "4k3/8/8/2pP4/4Pp2/8/8/4K3 - c6e3 3 7",
    "Q7/7k/8/n7/8/1B2n3/8/7K",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
];

const ENTRIES: &[&str] = &[
    "e4",
    "Nf3",
    "exd5",
    "e8=Q",
    "e7e8q",
    "O-O",
    "O-O-O",
    "0-0",
    "Rxa1+",
    "Qh4e1",
    "R1a3",
    "bNf6?e5:d4",
    "2?Nf6:d6",
    "~e5?e5:exf6",
    "Nh6?2Q?e4:Rd1:~e5?e5:exf6",
    "0bR?Ke2:Kd2",
];

const RECORDS: &[&str] = &[
    "[Game \"diplomacy-chess\"]\n[Options \"mode=progressive\"]\n1. e4 / e5\n2. d4, Nf3 / d5, Nf6 {c}\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
    "[Position \"5R1Q/3k4/7r/8/b7/2b5/R7/2K5 - - 0 2\"]\n2. Qh1, Rf6 / Rf6\n",
];

const ALPHABET: &[char] = &[
    'a', 'b', 'e', 'h', 'w', 'x', 'K', 'Q', 'R', 'B', 'N', 'P', 'O', '0', '1', '2', '8', '9', '-',
    '=', '?', ':', '~', '/', ',', '.', '[', ']', '{', '}', '"', '+', '#', '!', ' ', '\n', 'é',
    '\u{0}', '𝄞',
];

fn feed(input: &str, positions: &[Position]) {
    no_panic("Position", input, || match input.parse::<Position>() {
        Ok(p) => assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone())),
        Err(e) => check_error("position", input, e),
    });
    no_panic("Notation", input, || match input.parse::<Notation>() {
        Ok(n) => assert_eq!(n.to_string().parse::<Notation>(), Ok(n)),
        Err(e) => check_error("notation", input, e),
    });
    no_panic("Entry", input, || match Entry::parse(input, 3) {
        Ok(e) => assert_eq!(
            Entry::parse(&e.to_string(), 3).map(|e| e.to_string()),
            Ok(e.to_string())
        ),
        Err(e) => check_error("entry", input, e),
    });
    for pos in positions {
        for color in Color::ALL {
            no_panic("select", input, || {
                if let Ok(n) = input.parse::<Notation>() {
                    let mut valid = Vec::new();
                    valid_orders(pos, color, Rules::BASIC, &mut valid);
                    if let Ok(order) = n.select(input, &valid) {
                        let canonical = notation::san(pos, &order, &valid);
                        let again: Notation = canonical.parse().expect("canonical SAN parses");
                        assert_eq!(again.select(&canonical, &valid), Ok(order));
                    }
                }
            });
        }
    }
    for mode in [
        Mode::Basic,
        Mode::Progressive,
        Mode::SimultaneousProgressive,
    ] {
        no_panic("adjudicate", input, || {
            let orders = format!("white: {input}\nblack: e5\n");
            let _ = adjudicate(mode, POSITIONS[0], &orders);
            let _ = adjudicate(mode, input, "white: e4\nblack: e5\n");
            let _ = adjudicate(mode, POSITIONS[2], input);
        });
        no_panic("replay", input, || {
            let _ = record::replay(input, mode);
        });
    }
}

#[test]
fn parsers_survive_random_input() {
    let positions: Vec<Position> = POSITIONS
        .iter()
        .map(|p| p.parse().expect("parses"))
        .collect();
    let mut rng = SmallRng::seed_from_u64(0xD1_7C);
    let bases: Vec<&str> = POSITIONS
        .iter()
        .chain(ENTRIES)
        .chain(RECORDS)
        .copied()
        .collect();
    for base in &bases {
        feed(base, &positions);
    }
    for _ in 0..1500 {
        let input = if rng.gen_bool(0.3) {
            random_string(&mut rng, ALPHABET, 20)
        } else {
            let base = bases[rng.gen_range(0..bases.len())];
            mutate(&mut rng, ALPHABET, base, None)
        };
        feed(&input, &positions);
    }
}
