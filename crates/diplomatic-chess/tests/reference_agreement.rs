//! The fast generator against the reference walker on positions reached by random play,
//! under every option combination: the same turns, the same positions after them, and the
//! same perft figures.

mod reference;

use diplomatic_chess::{perft, Position, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reference::RefBoard;
use std::collections::BTreeMap;

/// The first four FEN fields (the reference keeps no clocks).
fn fen4(pos: &Position) -> String {
    pos.to_string()
        .split(' ')
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

fn reference_of(pos: &Position) -> RefBoard {
    let r = pos.rules();
    RefBoard::from_fen(
        &pos.to_string(),
        r.push_back,
        r.extra_diplomat_move,
        r.extended_pawns,
    )
}

/// Compares turn lists and the positions after each turn.
fn compare(pos: &Position) {
    let reference: BTreeMap<String, String> = reference_of(pos)
        .turns()
        .into_iter()
        .map(|(t, b)| (t, b.fen4()))
        .collect();
    let fast: BTreeMap<String, String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m.to_string(), fen4(&pos.after(m))))
        .collect();
    assert_eq!(
        fast.len() as u64,
        pos.count_legal_moves(),
        "count vs list in {pos}"
    );
    if fast != reference {
        let only_fast: Vec<_> = fast
            .keys()
            .filter(|k| !reference.contains_key(*k))
            .collect();
        let only_ref: Vec<_> = reference
            .keys()
            .filter(|k| !fast.contains_key(*k))
            .collect();
        let differ: Vec<_> = fast
            .iter()
            .filter(|(k, v)| reference.get(*k).is_some_and(|r| r != *v))
            .map(|(k, v)| format!("{k}: fast {v} reference {}", reference[k]))
            .collect();
        panic!(
            "{pos} [{}]\nonly fast: {only_fast:?}\nonly reference: {only_ref:?}\ndiffer: {differ:?}",
            pos.rules()
        );
    }
}

/// Random games from a few starts; every position visited is compared.
fn random_positions(rules: Rules, seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let starts = [
        diplomatic_chess::START,
        "r2qd2r/1P4P1/8/3p4/4P3/8/1p4p1/R2QD2R w KQkq - 0 1",
        "3d4/2Q1Q3/8/8/8/8/2q1q3/3D4 w - - 0 1",
        "rn1qdbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQDBNR w KQkq d6 0 3",
    ];
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = Position::parse(starts[g % starts.len()], rules).unwrap();
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.after(moves[rng.gen_range(0..moves.len())]);
        }
    }
    out
}

#[test]
fn turn_lists_agree_on_random_positions() {
    for (i, rules) in Rules::all().into_iter().enumerate() {
        for pos in random_positions(rules, 7 + i as u64, 24, 120) {
            compare(&pos);
        }
    }
}

#[test]
fn perft_agrees_on_random_positions() {
    for (i, rules) in Rules::all().into_iter().enumerate() {
        let sample = random_positions(rules, 100 + i as u64, 8, 80);
        for pos in sample.iter().step_by(9) {
            let depth = if rules.extra_diplomat_move { 2 } else { 3 };
            assert_eq!(
                perft(pos, depth),
                reference_of(pos).perft(depth),
                "{pos} [{rules}] depth {depth}"
            );
        }
    }
}

#[test]
fn reference_figures_from_the_start() {
    for rules in Rules::all() {
        let expected = if rules.extra_diplomat_move { 26 } else { 20 };
        let start = Position::start(rules);
        assert_eq!(perft(&start, 1), expected, "{rules}");
        assert_eq!(reference_of(&start).perft(1), expected, "{rules}");
    }
}
