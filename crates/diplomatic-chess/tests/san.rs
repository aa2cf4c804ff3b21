//! Notation: the spec's SAN table, round trips on random positions, and the three kinds of
//! move errors.

use diplo_core::MoveError;
use diplomatic_chess::san::{parse_move, to_san};
use diplomatic_chess::{Move, Position, Rules};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const ALL_ON: Rules = Rules {
    push_back: true,
    extra_diplomat_move: true,
    extended_pawns: true,
};

fn pos(fen: &str, rules: Rules) -> Position {
    Position::parse(fen, rules).unwrap()
}

/// The SAN of the turn written `coordinate` in `fen`.
fn san_of(fen: &str, rules: Rules, coordinate: &str) -> String {
    let p = pos(fen, rules);
    let mv: Move = coordinate.parse().unwrap();
    assert!(p.is_legal(mv), "{coordinate} is not legal in {fen}");
    let san = to_san(&p, mv);
    assert_eq!(parse_move(&p, &san), Ok(mv), "{san}");
    assert_eq!(parse_move(&p, coordinate), Ok(mv), "{coordinate}");
    san
}

#[test]
fn spec_table() {
    let start = diplomatic_chess::START;
    let off = Rules::default();
    let ext = Rules {
        extended_pawns: true,
        ..off
    };
    let push = Rules {
        push_back: true,
        ..off
    };
    let extra = Rules {
        extra_diplomat_move: true,
        ..off
    };
    // (position, rules, the turn in coordinates, its SAN)
    let table = [
        ("4d3/8/8/8/8/8/8/3QD3 w - - 0 1", off, "e1d2", "Dd2"),
        ("r3d2r/8/8/8/8/8/8/R2QD2R w KQkq - 0 1", off, "e1g1", "O-O"),
        (
            "r3d2r/8/8/8/8/8/8/R2QD2R b KQkq - 0 1",
            off,
            "e8c8",
            "O-O-O",
        ),
        (start, off, "g1f3", "Nf3"),
        ("4d3/8/2n5/8/8/8/6B1/3QD3 w - - 0 1", off, "g2c6", "Bxc6"),
        ("4d3/8/8/8/8/8/3QD3/R6R w - - 0 1", off, "a1d1", "Rad1"),
        ("4d3/8/8/8/8/8/3QD3/R6R w - - 0 1", ALL_ON, "h1d1", "Rhd1"),
        ("4d3/R7/8/8/8/8/3QD3/R7 w - - 0 1", off, "a1a4", "R1a4"),
        (start, off, "e2e4", "e4"),
        ("4d3/8/8/3p4/4P3/8/8/3QD3 w - - 0 1", off, "e4d5", "exd5"),
        ("3d4/4P3/8/8/8/8/8/3QD3 w - - 0 1", off, "e7e8q", "e8=Q"),
        ("3rd3/4P3/8/8/8/8/8/3QD3 w - - 0 1", off, "e7d8n", "exd8=N"),
        ("4d3/8/8/4P3/8/8/8/3QD3 w - - 0 1", ext, "e5c5", "e5-c5"),
        ("4d3/8/8/8/3P4/8/8/3QD3 w - - 0 1", ext, "d4d3", "d4-d3"),
        (
            "8/8/5d2/8/4N3/8/8/3QD3 w - - 0 1",
            push,
            "e4f6>g7",
            "Nxf6>g7",
        ),
        (
            "4d3/8/8/2p5/3D4/8/8/3Q4 b - - 0 1",
            push,
            "c5d4>c3",
            "cxd4>c3",
        ),
        (
            "7d/6P1/8/8/8/8/8/3QD3 w - - 0 1",
            push,
            "g7h8q>f8",
            "gxh8=Q>f8",
        ),
        (
            "4d3/8/8/7D/8/8/4R3/3q4 w - - 0 1",
            extra,
            "e2e7&h5g6",
            "Re7&Dg6",
        ),
        (
            "8/8/5d2/8/4N3/8/8/3Q3D w - - 0 1",
            ALL_ON,
            "e4f6>g7&h1g2",
            "Nxf6>g7&Dg2",
        ),
    ];
    for (fen, rules, coordinate, san) in table {
        assert_eq!(san_of(fen, rules, coordinate), san, "{coordinate} in {fen}");
    }
}

#[test]
fn accepted_variants() {
    let p = Position::start(Rules::default());
    let e4: Move = "e2e4".parse().unwrap();
    for text in ["e4", "e4+", "e4#", "e4!?", "e2-e4", "e2e4", " e4 "] {
        assert_eq!(parse_move(&p, text), Ok(e4), "{text}");
    }
    let c = pos("r3d2r/8/8/8/8/8/8/R2QD2R w KQkq - 0 1", Rules::default());
    let castle: Move = "e1g1".parse().unwrap();
    for text in ["O-O", "0-0", "O-O+"] {
        assert_eq!(parse_move(&c, text), Ok(castle), "{text}");
    }
}

#[test]
fn error_kinds() {
    let p = Position::start(Rules::default());
    for text in ["", "Zz9", "e9", "Nf", "e4>", "e4&", "e4&X9", "e2e4x", "ex"] {
        assert!(
            matches!(parse_move(&p, text), Err(MoveError::Parse { .. })),
            "`{text}`: {:?}",
            parse_move(&p, text)
        );
    }
    for text in [
        "e5", "Nf4", "Dd2", "O-O", "exd3", "e2e5", "e4&De2", "Nxe8>g8", "a2-b2",
    ] {
        assert!(
            matches!(parse_move(&p, text), Err(MoveError::Illegal { .. })),
            "`{text}`: {:?}",
            parse_move(&p, text)
        );
    }
    let rooks = pos("4d3/8/8/8/8/8/3QD3/R6R w - - 0 1", Rules::default());
    assert_eq!(
        parse_move(&rooks, "Rf1"),
        Err(MoveError::Ambiguous {
            text: "Rf1".into(),
            candidates: "Raf1 or Rhf1".into()
        })
    );
}

/// Positions from a seeded random game.
fn walk(seed: u64, rules: Rules, plies: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut p = Position::start(rules);
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        out.push(p.clone());
        p = p.after(moves[rng.gen_range(0..moves.len())]);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every legal turn's SAN reads back as that turn, SANs are distinct, and coordinates
    /// read back too.
    #[test]
    fn san_round_trip(seed in any::<u64>(), combo in 0usize..8) {
        let rules = Rules::all()[combo];
        for p in walk(seed, rules, 60) {
            let moves = p.legal_moves();
            let mut sans: Vec<String> = Vec::with_capacity(moves.len());
            for &mv in &moves {
                let san = to_san(&p, mv);
                prop_assert_eq!(parse_move(&p, &san), Ok(mv), "{} in {}", san, p);
                prop_assert_eq!(parse_move(&p, &mv.to_string()), Ok(mv));
                prop_assert!(!san.contains(' ') && !san.contains('+'));
                sans.push(san);
            }
            sans.sort();
            sans.dedup();
            prop_assert_eq!(sans.len(), moves.len());
        }
    }
}
