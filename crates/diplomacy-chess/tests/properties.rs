//! Properties of the resolution: it is a pure function of the position and the set of
//! orders (not of their listing order), and swapping the colours mirrors it.

use board8::Piece;
use diplo_core::Color;
use diplomacy_chess::validity::{valid_orders, Rules};
use diplomacy_chess::{resolve, Failure, Order, OrderOutcome, Position};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A position reached by `turns` random basic turns from the start.
fn random_position(rng: &mut SmallRng, turns: usize) -> Position {
    let mut pos = Position::start();
    for _ in 0..turns {
        let orders: Vec<Order> = Color::ALL
            .iter()
            .filter_map(|&c| {
                let mut valid = Vec::new();
                valid_orders(&pos, c, Rules::BASIC, &mut valid);
                valid.choose(rng).copied()
            })
            .collect();
        if orders.len() < 2 {
            break;
        }
        pos = resolve(&pos, &orders).position;
    }
    pos
}

/// Up to `per_side` orders per side, each of a different piece; with `loose`, own pieces
/// do not block (as in a simultaneous-progressive set).
fn random_orders(rng: &mut SmallRng, pos: &Position, per_side: usize, loose: bool) -> Vec<Order> {
    let mut out = Vec::new();
    for color in Color::ALL {
        let rules = if loose {
            Rules {
                transparent: pos.board.by_color(color),
                static_safety: false,
            }
        } else {
            Rules::BASIC
        };
        let mut valid = Vec::new();
        valid_orders(pos, color, rules, &mut valid);
        valid.shuffle(rng);
        let mut used = 0u64;
        for o in valid {
            if out.iter().filter(|x: &&Order| x.color == color).count() >= per_side {
                break;
            }
            let mut pieces = o.from.bit();
            if let Some((rook, _)) = o.castle_rook() {
                pieces |= rook.bit();
            }
            if used & pieces == 0 {
                used |= pieces;
                out.push(o);
            }
        }
    }
    out
}

fn mirror_piece(p: Piece) -> Piece {
    Piece {
        color: !p.color,
        role: p.role,
    }
}

fn mirror_outcome(o: OrderOutcome) -> OrderOutcome {
    let f = match o {
        OrderOutcome::Executed => return o,
        OrderOutcome::Failed(f) => f,
    };
    OrderOutcome::Failed(match f {
        Failure::Met { square, tick, with } => Failure::Met {
            square: square.flip_vertical(),
            tick,
            with: mirror_piece(with),
        },
        Failure::Obstacle {
            square,
            tick,
            piece,
        } => Failure::Obstacle {
            square: square.flip_vertical(),
            tick,
            piece: mirror_piece(piece),
        },
        Failure::Crossed { tick, with } => Failure::Crossed {
            tick,
            with: mirror_piece(with),
        },
        Failure::SameColour { square, tick, with } => Failure::SameColour {
            square: square.flip_vertical(),
            tick,
            with: mirror_piece(with),
        },
        Failure::EqualRank { square, tick, with } => Failure::EqualRank {
            square: square.flip_vertical(),
            tick,
            with: mirror_piece(with),
        },
        Failure::Blocked {
            square,
            tick,
            piece,
        } => Failure::Blocked {
            square: square.flip_vertical(),
            tick,
            piece: mirror_piece(piece),
        },
        Failure::Castling { tick } => Failure::Castling { tick },
        Failure::Captured { square, tick, by } => Failure::Captured {
            square: square.flip_vertical(),
            tick,
            by: mirror_piece(by),
        },
        Failure::KingSafety { square } => Failure::KingSafety {
            square: square.flip_vertical(),
        },
    })
}

fn case(seed: u64) -> (Position, Vec<Order>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let turns = rng.gen_range(0..40);
    let pos = random_position(&mut rng, turns);
    let loose = rng.gen_bool(0.5);
    let per_side = if loose { rng.gen_range(1..6) } else { 1 };
    let orders = random_orders(&mut rng, &pos, per_side, loose);
    (pos, orders)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn deterministic_and_independent_of_listing_order(seed in any::<u64>(), shuffle in any::<u64>()) {
        let (pos, orders) = case(seed);
        let first = resolve(&pos, &orders);
        prop_assert_eq!(&first, &resolve(&pos, &orders));
        let mut perm: Vec<usize> = (0..orders.len()).collect();
        perm.shuffle(&mut SmallRng::seed_from_u64(shuffle));
        let shuffled: Vec<Order> = perm.iter().map(|&i| orders[i]).collect();
        let second = resolve(&pos, &shuffled);
        prop_assert_eq!(&first.position, &second.position);
        prop_assert_eq!(first.captures, second.captures);
        for (k, &i) in perm.iter().enumerate() {
            prop_assert_eq!(first.outcomes[i], second.outcomes[k], "order {}", orders[i]);
        }
    }

    #[test]
    fn swapping_colours_mirrors_the_result(seed in any::<u64>()) {
        let (pos, orders) = case(seed);
        let res = resolve(&pos, &orders);
        let mirrored: Vec<Order> = orders.iter().map(Order::mirrored).collect();
        let mres = resolve(&pos.mirrored(), &mirrored);
        prop_assert_eq!(&mres.position, &res.position.mirrored());
        for (a, b) in res.outcomes.iter().zip(&mres.outcomes) {
            prop_assert_eq!(mirror_outcome(*a), *b);
        }
    }
}
