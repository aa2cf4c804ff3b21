//! Property tests: position strings round-trip, the incremental hash stays equal to the hash
//! from scratch, and raw setups print and parse back unchanged.

use diplo_core::Color;
use diplomat_chess::{Move, Piece, Position, Role, Setup, SubornRule};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn rule_strategy() -> impl Strategy<Value = SubornRule> {
    prop_oneof![
        Just(SubornRule::Convert),
        Just(SubornRule::Remove),
        Just(SubornRule::Drop),
    ]
}

/// A move chosen at random, often one that changes material so that positions get
/// promoted pieces, suborned pieces and full hands.
fn pick(rng: &mut SmallRng, pos: &Position, moves: &[Move]) -> Move {
    if rng.gen_bool(0.4) {
        let forcing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                pos.is_capture(m)
                    || !matches!(
                        m,
                        Move::Normal {
                            promotion: None,
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

/// The position after up to `plies` random moves from the start (fewer if the game ends).
fn random_position(rule: SubornRule, seed: u64, plies: usize) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::start(rule);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = pick(&mut rng, &pos, &moves);
        pos.play(mv);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn position_string_round_trips(
        rule in rule_strategy(),
        seed in any::<u64>(),
        plies in 0usize..160,
    ) {
        let pos = random_position(rule, seed, plies);
        let text = pos.to_string();
        let back = Position::parse(&text, rule);
        prop_assert!(back.is_ok(), "`{}` does not parse back: {:?}", text, back);
        let back = back.unwrap();
        prop_assert_eq!(&back, &pos, "`{}` parses to a different position", text);
        prop_assert_eq!(back.to_string(), text.clone(), "the string is not stable");
        // The raw setup round-trips too.
        let setup: Setup = text.parse().unwrap();
        prop_assert_eq!(&setup, &pos.to_setup());
        prop_assert_eq!(Position::from_setup(&setup, rule).unwrap(), pos);
    }

    #[test]
    fn hash_is_always_the_hash_from_scratch(
        rule in rule_strategy(),
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let mut pos = Position::start(rule);
        for (ply, choice) in choices.into_iter().enumerate() {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let before = pos.hash();
            pos.play(mv);
            prop_assert_eq!(
                pos.hash(),
                pos.hash_from_scratch(),
                "after {} at ply {} (position `{}`)", mv, ply, pos
            );
            prop_assert_ne!(pos.hash(), before, "{} did not change the key", mv);
        }
    }
}

fn piece_strategy() -> impl Strategy<Value = Option<Piece>> {
    prop_oneof![
        3 => Just(None),
        1 => (any::<bool>(), 0..Role::ALL.len()).prop_map(|(white, role)| Some(Piece {
            color: if white { Color::White } else { Color::Black },
            role: Role::ALL[role],
        })),
    ]
}

/// Hand letters (never a king), in any order.
fn hand_strategy() -> impl Strategy<Value = Option<String>> {
    prop::option::of(prop::collection::vec(
        prop::sample::select(vec!['R', 'B', 'H', 'D', 'P', 'r', 'b', 'h', 'd', 'p']),
        0..12,
    ))
    .prop_map(|letters| letters.map(|l| l.into_iter().collect()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any setup (legal or not: setups are raw) prints and parses back to itself, and the
    /// printed form is stable; hand letters may come in any order.
    #[test]
    fn setup_prints_and_parses_back(
        cells in prop::collection::vec(piece_strategy(), 43),
        hand in hand_strategy(),
        black in any::<bool>(),
        fullmove in 1u32..10_000,
    ) {
        let mut board = [None; 43];
        board.copy_from_slice(&cells);
        let hands = hand.as_ref().map(|letters| {
            let s: Setup = format!("14/14/14/1[{letters}] w 1").parse().unwrap();
            s.hands.unwrap()
        });
        let setup = Setup {
            board,
            hands,
            side_to_move: if black { Color::Black } else { Color::White },
            fullmove,
        };
        let text = setup.to_string();
        let back: Result<Setup, _> = text.parse();
        prop_assert_eq!(back.as_ref(), Ok(&setup), "`{}`", text);
        prop_assert_eq!(back.unwrap().to_string(), text.clone());
        // The hand is written upper case first, each group in alphabetical order.
        if let Some(letters) = &hand {
            let mut upper: Vec<char> = letters.chars().filter(char::is_ascii_uppercase).collect();
            let mut lower: Vec<char> = letters.chars().filter(char::is_ascii_lowercase).collect();
            upper.sort_unstable();
            lower.sort_unstable();
            let canonical: String = upper.into_iter().chain(lower).collect();
            prop_assert!(text.contains(&format!("[{canonical}]")), "`{}` hand `{}`", text, letters);
        }
    }
}

#[test]
fn drop_mode_accepts_a_missing_hand_field_and_writes_it_back() {
    let pos = Position::parse("1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 1", SubornRule::Drop).unwrap();
    assert_eq!(pos, Position::start(SubornRule::Drop));
    assert_eq!(pos.to_string(), "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1[] w 1");
    let pos = Position::parse("3K6k3/14/14/1[pRH] w 3", SubornRule::Drop).unwrap();
    assert_eq!(pos.to_string(), "3K6k3/14/14/1[HRp] w 3");
}
