//! The reasons of failed orders over random games, in every phase: orders of any form (most
//! of them void) next to the legal sets random games play. Every reason is a typed
//! [`Failure`] whose text reads back as the same value, and the reasons cover every kind of
//! failure the generators can reach.

use board8::Square;
use diplo_core::Color;
use diplo_testkit::diplochess::{
    any_order, crowded_position, endgame_position, random_order_set, random_orders,
    random_position, Rng,
};
use diplochess::{
    adjudicate, adjust, build_step, retreat, Failure, FailureKind, Game, Order, OrderReport, Phase,
    PieceRef, Position, Rules, State,
};
use std::collections::BTreeMap;

fn check(reports: &[OrderReport], kinds: &mut BTreeMap<FailureKind, usize>) {
    for r in reports {
        if let Some(why) = r.outcome.failure() {
            let text = why.to_string();
            assert_eq!(
                text.parse::<Failure>().as_ref(),
                Ok(why),
                "{} {}: {text}",
                r.color,
                r.order
            );
            *kinds.entry(why.kind()).or_default() += 1;
        }
    }
}

#[test]
fn every_reason_is_typed_and_reads_back() {
    let mut kinds = BTreeMap::new();
    let mut rng = Rng::new(7);
    for g in 0..200usize {
        let position: Position = match g % 4 {
            0 => random_position(&mut rng, 2 + g % 15),
            1 => crowded_position(&mut rng),
            2 => diplochess::START.parse().unwrap(),
            _ => endgame_position(&mut rng),
        };
        let rules = Rules {
            adjustments: g % 2 == 0,
            bloody: g % 5 == 4,
        };
        let mut game = Game::new(State::new(position, rules));
        for _ in 0..12 {
            if game.result().is_some() {
                break;
            }
            let state = game.position().clone();
            let pos = state.position();
            let phase = state.current_phase();
            for k in 0..6 {
                let mut orders: Vec<(Color, Order)> = match (k, phase) {
                    (0, Some(Phase::Movement)) => random_orders(pos, &mut rng),
                    // Every dislodged piece retreats where it may (or disbands).
                    (0, Some(Phase::Retreats)) => state
                        .pending_retreats()
                        .into_iter()
                        .map(|(d, squares)| {
                            let me = PieceRef {
                                role: d.piece.role,
                                square: d.square,
                            };
                            let squares: Vec<Square> = squares.collect();
                            let order = match squares.len() {
                                0 => Order::RetreatDisband(me),
                                n => Order::Move(me, squares[rng.below(n)]),
                            };
                            (d.piece.color, order)
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                for _ in 0..1 + rng.below(6) {
                    let side = [Color::White, Color::Black][rng.below(2)];
                    orders.push((side, any_order(&mut rng, pos)));
                }
                // Two orders for one piece are refused as a whole: no reports.
                let reports = match phase {
                    Some(Phase::Movement) => adjudicate(pos, &orders).ok().map(|a| a.reports),
                    Some(Phase::Retreats) => retreat(state.movement().unwrap(), rules, &orders)
                        .ok()
                        .map(|r| r.reports),
                    Some(Phase::Builds) => build_step(pos, &orders).ok().map(|r| r.reports),
                    Some(Phase::Adjustments) => Some(adjust(pos, &orders).reports),
                    None => None,
                };
                check(&reports.unwrap_or_default(), &mut kinds);
            }
            let white = random_order_set(&state, Color::White, &mut rng);
            let black = random_order_set(&state, Color::Black, &mut rng);
            let record = game.play(white, black).unwrap();
            for report in &record.resolution.phases {
                check(report.reports(), &mut kinds);
            }
        }
    }
    // Paradoxes need cycles the generators rarely make: the case files have them.
    use FailureKind as K;
    for kind in [
        K::Void,
        K::Bounced,
        K::HeadToHead,
        K::Blocked,
        K::CannotDislodge,
        K::NotMatched,
        K::Cut,
        K::LineBlocked,
        K::Dislodged,
        K::Removed,
        K::Surplus,
    ] {
        assert!(
            kinds.contains_key(&kind),
            "no {kind:?} failure in {kinds:?}"
        );
    }
}
