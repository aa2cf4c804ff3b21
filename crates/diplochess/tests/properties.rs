//! Properties of movement adjudication on random positions with random valid orders for
//! every piece: it is deterministic, independent of how the orders are listed, and
//! symmetric under swapping the colours (mirroring the board).

use diplo_testkit::diplochess::{mirror_order, random_orders, random_position, Rng};
use diplochess::{adjudicate, Adjudication, FailureKind, OrderOutcome as Outcome};
use proptest::prelude::*;

fn status(o: &Outcome) -> &'static str {
    match o {
        Outcome::Executed => "executed",
        Outcome::Failed(_) => "failed",
    }
}

fn setup(
    seed: u64,
    per_side: usize,
) -> (
    diplochess::Position,
    Vec<(diplo_core::Color, diplochess::Order)>,
) {
    let mut rng = Rng::new(seed);
    let position = random_position(&mut rng, per_side);
    let orders = random_orders(&position, &mut rng);
    (position, orders)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn deterministic(seed in any::<u64>(), per_side in 2usize..17) {
        let (position, orders) = setup(seed, per_side);
        let a = adjudicate(&position, &orders).unwrap();
        let b = adjudicate(&position, &orders).unwrap();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn independent_of_listing(seed in any::<u64>(), per_side in 2usize..17, shuffle in any::<u64>()) {
        let (position, orders) = setup(seed, per_side);
        let mut rng = Rng::new(shuffle);
        let mut permuted: Vec<usize> = (0..orders.len()).collect();
        for i in (1..permuted.len()).rev() {
            permuted.swap(i, rng.below(i + 1));
        }
        let listed: Vec<_> = permuted.iter().map(|&i| orders[i]).collect();
        let a = adjudicate(&position, &orders).unwrap();
        let b = adjudicate(&position, &listed).unwrap();
        prop_assert_eq!(&a.position, &b.position);
        prop_assert_eq!(&a.dislodged, &b.dislodged);
        prop_assert_eq!(a.standoffs, b.standoffs);
        for (k, &i) in permuted.iter().enumerate() {
            // The same outcome, explanation included, for every order.
            prop_assert_eq!(&a.reports[i], &b.reports[k]);
        }
    }

    #[test]
    fn mirroring_colours_mirrors_the_result(seed in any::<u64>(), per_side in 2usize..17) {
        let (position, orders) = setup(seed, per_side);
        let mirrored_orders: Vec<_> = orders.iter().map(|(c, o)| (!*c, mirror_order(o))).collect();
        let a: Adjudication = adjudicate(&position, &orders).unwrap();
        let b = adjudicate(&position.mirrored(), &mirrored_orders).unwrap();
        prop_assert_eq!(a.position.mirrored(), b.position);
        let mut flipped: Vec<_> = a.dislodged.iter().map(|d| (d.square.flip_vertical(), d.piece.char().is_uppercase())).collect();
        flipped.sort_by_key(|(s, _)| s.index());
        let mut got: Vec<_> = b.dislodged.iter().map(|d| (d.square, d.piece.char().is_lowercase())).collect();
        got.sort_by_key(|(s, _)| s.index());
        prop_assert_eq!(flipped, got);
        let standoffs: Vec<_> = a.standoffs.map(|s| s.flip_vertical().index()).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
        let got: Vec<_> = b.standoffs.map(|s| s.index()).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
        prop_assert_eq!(standoffs, got);
        for (x, y) in a.reports.iter().zip(&b.reports) {
            prop_assert_eq!(status(&x.outcome), status(&y.outcome), "{} / {}", x.order, y.order);
        }
    }

    #[test]
    fn results_are_consistent(seed in any::<u64>(), per_side in 2usize..17) {
        let (position, orders) = setup(seed, per_side);
        let a = adjudicate(&position, &orders).unwrap();
        // Pieces are conserved: those on the board plus the dislodged ones.
        let before = position.board.iter().count();
        let after = a.position.board.iter().count();
        prop_assert_eq!(before, after + a.dislodged.len());
        // Only enemy moves dislodge; a dislodged piece's square holds its attacker.
        for d in &a.dislodged {
            let now = a.position.board.piece_at(d.square).expect("the attacker stands there");
            prop_assert_ne!(now.color, d.piece.color);
        }
        // Standoff sites are empty.
        for s in a.standoffs {
            prop_assert!(a.position.board.piece_at(s).is_none());
        }
        prop_assert!(a.position.validate().is_ok() || a.position.board.iter().any(|(s, p)| p.role == board8::Role::Pawn && (s.rank() == 0 || s.rank() == 7)) || a.dislodged.iter().any(|d| d.piece.role == board8::Role::King));
    }
}

/// The generator is meaningful: across seeds the adjudications exercise the rules.
#[test]
fn random_orders_exercise_the_rules() {
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..300 {
        let (position, orders) = setup(seed, 4 + (seed as usize % 13));
        let a = adjudicate(&position, &orders).unwrap();
        *seen.entry("dislodged").or_default() += a.dislodged.len();
        *seen.entry("standoffs").or_default() += a.standoffs.count();
        for r in &a.reports {
            let key = match &r.outcome {
                Outcome::Executed => match r.order {
                    diplochess::Order::SupportHold(..) | diplochess::Order::SupportMove(..) => {
                        "support given"
                    }
                    diplochess::Order::Castle(_) => "castled",
                    _ => "executed",
                },
                Outcome::Failed(why) => match why.kind() {
                    FailureKind::Blocked => "blocked",
                    FailureKind::Cut => "cut",
                    FailureKind::LineBlocked => "line blocked",
                    FailureKind::HeadToHead => "head-to-head",
                    FailureKind::Bounced => "bounced",
                    _ => "other failure",
                },
            };
            *seen.entry(key).or_default() += 1;
        }
    }
    for key in [
        "dislodged",
        "standoffs",
        "support given",
        "castled",
        "blocked",
        "cut",
        "line blocked",
        "head-to-head",
        "bounced",
    ] {
        assert!(
            seen.get(key).copied().unwrap_or(0) > 0,
            "{key} never happened: {seen:?}"
        );
    }
}
