//! The fast bitboard generator against the simple reference generator (`tests/reference`):
//! random games under each suborn rule, from the start and from hand-made positions.
//!
//! At every position visited: the sets of legal moves are equal (and the fast list has no
//! duplicates), `count_legal_moves` equals the list's length, check and the checkers agree,
//! the incremental hash equals the hash from scratch, and for *every* legal move the board,
//! hands, side and move number after it agree between `Position::after` and the reference's
//! own make-move.

mod reference;

use diplo_core::Color;
use diplomat_chess::{Cell, Move, Position, Role, SubornRule};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reference::RefBoard;
use std::collections::HashSet;

fn describe(moves: &HashSet<Move>) -> String {
    let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.sort();
    names.join(" ")
}

/// Everything checked at one position. Returns the number of moves.
fn check_position(pos: &Position, context: &str) -> usize {
    let rule = pos.rule();
    let here = || format!("{context}: position `{pos}` suborn={rule}");
    let reference = RefBoard::from_position(pos);

    let fast = pos.legal_moves();
    let fast_set: HashSet<Move> = fast.iter().copied().collect();
    assert_eq!(
        fast_set.len(),
        fast.len(),
        "{}: the fast generator lists a move twice",
        here()
    );
    let slow = reference.legal_moves();
    let slow_set: HashSet<Move> = slow.iter().copied().collect();
    assert_eq!(
        slow_set.len(),
        slow.len(),
        "{}: the reference lists a move twice",
        here()
    );
    if fast_set != slow_set {
        let only_fast: HashSet<Move> = fast_set.difference(&slow_set).copied().collect();
        let only_slow: HashSet<Move> = slow_set.difference(&fast_set).copied().collect();
        panic!(
            "{}: move sets differ\n  only fast generator: [{}]\n  only reference:      [{}]",
            here(),
            describe(&only_fast),
            describe(&only_slow)
        );
    }
    assert_eq!(
        pos.count_legal_moves(),
        fast.len() as u64,
        "{}: count_legal_moves differs from legal_moves().len()",
        here()
    );
    assert_eq!(
        pos.is_check(),
        reference.in_check(),
        "{}: is_check disagrees",
        here()
    );
    let mut fast_checkers: Vec<usize> = pos.checkers().map(|c| c.index()).collect();
    fast_checkers.sort_unstable();
    assert_eq!(
        fast_checkers,
        reference.checkers(),
        "{}: checkers disagree",
        here()
    );
    assert_eq!(
        pos.hash(),
        pos.hash_from_scratch(),
        "{}: incremental hash differs from the hash from scratch",
        here()
    );
    assert_eq!(
        RefBoard::from_position(pos),
        reference,
        "{}: copying the board is not stable",
        here()
    );

    for &mv in &fast {
        let next = pos.after(mv);
        let expected = reference.after(mv);
        let got = RefBoard::from_position(&next);
        let diff = got.diff(&expected);
        assert!(
            diff.is_empty(),
            "{}: after {mv} the boards differ (fast vs reference): {}",
            here(),
            diff.join("; ")
        );
        assert_eq!(
            next.hash(),
            next.hash_from_scratch(),
            "{}: after {mv} the incremental hash is wrong",
            here()
        );
    }
    fast.len()
}

/// A move chosen at random, more often one that changes material (suborn, capture,
/// promotion, drop) so that the games reach promoted pieces, suborned pawns and full hands.
fn pick(rng: &mut SmallRng, pos: &Position, moves: &[Move]) -> Move {
    let suborns: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.is_suborn(m))
        .collect();
    if !suborns.is_empty() && rng.gen_bool(0.5) {
        return suborns[rng.gen_range(0..suborns.len())];
    }
    if rng.gen_bool(0.35) {
        let forcing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                pos.is_capture(m)
                    || matches!(
                        m,
                        Move::Drop { .. }
                            | Move::Normal {
                                promotion: Some(_),
                                ..
                            }
                    )
            })
            .collect();
        if !forcing.is_empty() {
            return forcing[rng.gen_range(0..forcing.len())];
        }
    }
    moves[rng.gen_range(0..moves.len())]
}

/// How much of the rules the visited positions exercised.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    in_check: usize,
    double_check: usize,
    with_suborn: usize,
    with_promotion: usize,
    with_drop: usize,
    centre_occupied: usize,
    pawn_in_enemy_half: usize,
    checkmates: usize,
    stalemates: usize,
}

impl Coverage {
    fn record(&mut self, pos: &Position) {
        let moves = pos.legal_moves();
        self.positions += 1;
        self.in_check += usize::from(pos.is_check());
        self.double_check += usize::from(pos.checkers().count() > 1);
        let has = |f: fn(&Move) -> bool| usize::from(moves.iter().any(f));
        self.with_suborn += usize::from(moves.iter().any(|&m| pos.is_suborn(m)));
        self.with_drop += has(|m| matches!(m, Move::Drop { .. }));
        self.with_promotion += has(|m| {
            matches!(
                m,
                Move::Normal {
                    promotion: Some(_),
                    ..
                }
            )
        });
        self.centre_occupied += usize::from(pos.piece_at(Cell::CENTRE).is_some());
        let wrong_half = Color::ALL.into_iter().any(|color| {
            pos.pieces_of(color, Role::Pawn).any(|c| {
                c.radius()
                    .is_some_and(|r| (r < 7) != (color == Color::White))
            })
        });
        self.pawn_in_enemy_half += usize::from(wrong_half);
        if moves.is_empty() {
            if pos.is_check() {
                self.checkmates += 1;
            } else {
                self.stalemates += 1;
            }
        }
    }
}

/// Random games from `start` until `positions` positions have been checked; a game restarts
/// when no move is left or after a random length of 40 to 150 plies.
fn random_games(start: &Position, seed: u64, positions: usize, label: &str) -> Coverage {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut coverage = Coverage::default();
    let mut pos = start.clone();
    let mut plies = 0;
    let mut limit = rng.gen_range(40..=150);
    let mut game = 0;
    for _ in 0..positions {
        let context = format!("{label} seed {seed:#x} game {game} ply {plies}");
        let count = check_position(&pos, &context);
        coverage.record(&pos);
        if count == 0 || plies >= limit {
            pos = start.clone();
            plies = 0;
            limit = rng.gen_range(40..=150);
            game += 1;
            continue;
        }
        let moves = pos.legal_moves();
        let mv = pick(&mut rng, &pos, &moves);
        pos = pos.after(mv);
        plies += 1;
    }
    coverage
}

fn start_games(rule: SubornRule, seed: u64) {
    let coverage = random_games(
        &Position::start(rule),
        seed,
        40_000,
        &format!("start suborn={rule}"),
    );
    println!("suborn={rule}: {coverage:?}");
    // The games must actually reach the interesting situations.
    let c = &coverage;
    for (what, n) in [
        ("in check", c.in_check),
        ("a suborn available", c.with_suborn),
        ("a promotion available", c.with_promotion),
        ("a piece on the centre", c.centre_occupied),
        ("a pawn in the enemy half", c.pawn_in_enemy_half),
        ("checkmate", c.checkmates),
    ] {
        assert!(
            n >= 5,
            "suborn={rule}: only {n} positions with {what}: {c:?}"
        );
    }
    // Double checks are rare in random play (the custom positions add one on purpose).
    assert!(
        c.double_check >= 2,
        "suborn={rule}: too few double checks: {c:?}"
    );
    if rule == SubornRule::Drop {
        assert!(c.with_drop >= 1000, "too few drop positions: {c:?}");
    }
}

#[test]
fn random_games_from_start_convert() {
    start_games(SubornRule::Convert, 0xC0_4E27);
}

#[test]
fn random_games_from_start_remove() {
    start_games(SubornRule::Remove, 0x4E_3017E);
}

#[test]
fn random_games_from_start_drop() {
    start_games(SubornRule::Drop, 0xD4_0917);
}

/// Hand-made starting points (the same as some perft cases): pieces on the centre, sliders
/// on crown 3, suborned pawns in the wrong half, promoted pieces.
const CUSTOM: &[&str] = &[
    // A white rook on the centre, bishops facing each other across it.
    "1H1K1D2h1krd1/2P1P4ppp2/2BP3p1b4/R w 10",
    // A black bishop on the centre next to a white Diplomat.
    "1H1KR4hk1d1/2PPP1P2ppp2/5D5r2/b w 10",
    // A white pawn on the centre, a white pawn on j3 in the enemy half.
    "3K1D4k3/10p3/1pP4rpP1b1h/P w 10",
    // A black horse on the centre among pawns on crown 3.
    "2RK6k1d1/1D6r2p2/p1P1P4P4/h w 10",
    // Promoted pieces, White in check.
    "R2K1D1r2k1d1/4b6hB1/1dB3R1Db3r/H w 10",
    // Pawns of both colours in the wrong halves and on promotion cells.
    "1p2H2kP1Pd2/K1P1p1R2P1p2/2p4p2b1P1/1 w 10",
    // Double check meeting on the centre, Black to move.
    "3K5b3B/2P1P1hk6/R3d5pr2/1 b 10",
];

/// Drop-mode positions with pieces in hand.
const CUSTOM_DROP: &[&str] = &[
    "1H1KR4hk1d1/2PPP1P2ppp2/5D5r2/b[Hr] w 10",
    "3K1D4k1d1/1PP7pp2/14/1[HRp] w 10",
    "3K8k1/1P3P2p1r3/14/1[BPhr] w 10",
    "3K1D4k1d1/2P1P4pp3/7b6/R[DPbh] w 10",
];

#[test]
fn random_games_from_custom_positions() {
    let mut seed = 0x5EED_0001;
    for &text in CUSTOM {
        for rule in SubornRule::ALL {
            let start = Position::parse(text, rule).unwrap_or_else(|e| panic!("{text}: {e}"));
            random_games(&start, seed, 700, &format!("from `{text}` suborn={rule}"));
            seed += 1;
        }
    }
    for text in CUSTOM_DROP {
        let start =
            Position::parse(text, SubornRule::Drop).unwrap_or_else(|e| panic!("{text}: {e}"));
        random_games(&start, seed, 1500, &format!("from `{text}` suborn=drop"));
        seed += 1;
    }
}
