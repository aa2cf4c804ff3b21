//! Simultaneous-progressive sets in which own pieces move onto or through each other's
//! squares (§10.2): swaps, rotations and chains are valid whenever every order is valid with
//! the other orders' pieces out of the way, and the outcome does not depend on how the
//! lines of the orders file are listed.

use diplo_core::Color;
use diplomacy_chess::validity::{in_check, valid_orders, Rules};
use diplomacy_chess::{adjudicate, resolve, Mode, Order, OrderKind, Position, State};
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

fn pieces_of(o: &Order) -> u64 {
    o.from.bit() | o.castle_rook().map_or(0, |(rook, _)| rook.bit())
}

/// The orders of `color` valid when all its pieces are out of the way.
fn loose_orders(pos: &Position, color: Color) -> Vec<Order> {
    let rules = Rules {
        transparent: pos.board.by_color(color),
        static_safety: false,
    };
    let mut valid = Vec::new();
    valid_orders(pos, color, rules, &mut valid);
    valid
}

/// §10.2 checked order by order: each order is valid with the pieces of the side's other
/// orders transparent, no piece has two orders, and a side in check has an order that
/// answers it under §3. Each side needs an order.
fn set_is_valid(pos: &Position, orders: &[Order]) -> bool {
    Color::ALL.iter().all(|&color| {
        orders.iter().any(|o| o.color == color)
            && side_is_valid(pos, orders, color)
            && (!in_check(pos, color) || {
                let mut basic = Vec::new();
                valid_orders(pos, color, Rules::BASIC, &mut basic);
                orders.iter().any(|o| basic.contains(o))
            })
    })
}

/// The order-by-order part of [`set_is_valid`] for one side.
fn side_is_valid(pos: &Position, orders: &[Order], color: Color) -> bool {
    let mine: Vec<&Order> = orders.iter().filter(|o| o.color == color).collect();
    let mut used = 0u64;
    for (i, o) in mine.iter().enumerate() {
        if used & pieces_of(o) != 0 {
            return false;
        }
        used |= pieces_of(o);
        let others = mine
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(0, |b, (_, x)| b | pieces_of(x));
        let rules = Rules {
            transparent: others,
            static_safety: false,
        };
        let mut valid = Vec::new();
        valid_orders(pos, color, rules, &mut valid);
        if !valid.contains(o) {
            return false;
        }
    }
    true
}

/// What a generated pattern is, for the statistics that show the generator is meaningful.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Pattern {
    Swap,
    Rotation,
    Chain,
}

/// One side's pieces each ordered onto the next one's square: a closed ring (a swap or a
/// rotation, chosen among all rings of two to four pieces) or a chain that ends on a square
/// without an own piece.
fn own_walk(rng: &mut SmallRng, pos: &Position, color: Color) -> Option<(Vec<Order>, Pattern)> {
    let own = pos.board.by_color(color);
    let loose: Vec<Order> = loose_orders(pos, color)
        .into_iter()
        .filter(|o| o.kind != OrderKind::Castle)
        .collect();
    let onto_own: Vec<Order> = loose
        .iter()
        .copied()
        .filter(|o| own & o.to.bit() != 0)
        .collect();
    // All rings, each found once from its lowest square.
    let mut rings: Vec<Vec<Order>> = Vec::new();
    let mut stack: Vec<Vec<Order>> = onto_own.iter().map(|&o| vec![o]).collect();
    while let Some(walk) = stack.pop() {
        let (start, last) = (walk[0].from, walk[walk.len() - 1].to);
        if last == start {
            rings.push(walk);
            continue;
        }
        if walk.len() == 4 {
            continue;
        }
        for o in onto_own.iter().filter(|o| o.from == last) {
            let fresh = walk.iter().all(|w| w.from != o.to) || o.to == start;
            if fresh && o.to.index() >= start.index() {
                let mut longer = walk.clone();
                longer.push(*o);
                stack.push(longer);
            }
        }
    }
    if !rings.is_empty() && rng.gen_bool(0.7) {
        let longer: Vec<&Vec<Order>> = rings.iter().filter(|r| r.len() > 2).collect();
        let ring = match longer.choose(rng) {
            Some(r) if rng.gen_bool(0.6) => (*r).clone(),
            _ => rings.choose(rng)?.clone(),
        };
        let pattern = if ring.len() == 2 {
            Pattern::Swap
        } else {
            Pattern::Rotation
        };
        return Some((ring, pattern));
    }
    // A chain: onto own pieces, then off them.
    let mut walk = vec![*onto_own.choose(rng)?];
    let mut used = walk[0].from.bit();
    while walk.len() < 4 {
        let cur = walk[walk.len() - 1].to;
        used |= cur.bit();
        let from_here: Vec<&Order> = loose
            .iter()
            .filter(|o| o.from == cur && used & o.to.bit() == 0)
            .collect();
        let off: Vec<&&Order> = from_here.iter().filter(|o| own & o.to.bit() == 0).collect();
        let next = match off.choose(rng) {
            Some(o) if rng.gen_bool(0.6) => ***o,
            _ => **from_here.choose(rng)?,
        };
        walk.push(next);
        if own & next.to.bit() == 0 {
            return Some((walk, Pattern::Chain));
        }
    }
    None
}

/// A set with an own-piece pattern for one side, plus up to two other orders per side;
/// six orders at most. None when the attempt gives no valid set.
fn pattern_set(seed: u64) -> Option<(Position, Vec<Order>, Pattern)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let turns = rng.gen_range(0..30);
    let pos = random_position(&mut rng, turns);
    let color = if rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let (mut orders, pattern) = own_walk(&mut rng, &pos, color)?;
    if !side_is_valid(&pos, &orders, color) {
        return None;
    }
    // Other orders, each kept if its side's orders stay valid.
    for side in Color::ALL {
        let mut extra = loose_orders(&pos, side);
        extra.shuffle(&mut rng);
        let want = rng.gen_range(usize::from(side != color)..3);
        let mut added = 0;
        for o in extra {
            if orders.len() >= 6 || added >= want {
                break;
            }
            orders.push(o);
            if side_is_valid(&pos, &orders, side) {
                added += 1;
            } else {
                orders.pop();
            }
        }
    }
    set_is_valid(&pos, &orders).then_some((pos, orders, pattern))
}

fn entries(orders: &[Order], color: Color) -> Vec<String> {
    orders
        .iter()
        .filter(|o| o.color == color)
        .map(Order::coordinate)
        .collect()
}

/// Every set that §10.2 allows order by order is accepted, swaps and rotations included.
#[test]
fn own_piece_patterns_are_accepted() {
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..3000 {
        let Some((pos, orders, pattern)) = pattern_set(seed) else {
            continue;
        };
        *seen.entry(pattern).or_insert(0) += 1;
        let game = State::new(pos.clone(), Mode::SimultaneousProgressive);
        for color in Color::ALL {
            let texts = entries(&orders, color);
            let read = game.read_entries(color, &texts);
            assert!(
                read.is_ok(),
                "seed {seed}: position {pos}, {color} {texts:?}: {}",
                read.unwrap_err()
            );
            assert_eq!(
                read.unwrap().orders,
                orders
                    .iter()
                    .filter(|o| o.color == color)
                    .copied()
                    .collect::<Vec<_>>()
            );
        }
    }
    eprintln!("{seen:?}");
    for p in [Pattern::Swap, Pattern::Rotation, Pattern::Chain] {
        assert!(seen.get(&p).copied().unwrap_or(0) >= 100, "{seen:?}");
    }
}

/// Calls `f` with every permutation of `0..n` (Heap's algorithm, iterative).
fn for_each_permutation(n: usize, mut f: impl FnMut(&[usize])) {
    let mut perm: Vec<usize> = (0..n).collect();
    let mut c = vec![0; n];
    f(&perm);
    let mut i = 1;
    while i < n {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            perm.swap(j, i);
            f(&perm);
            c[i] += 1;
            i = 1;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// Every listing of the orders-file lines of such sets gives the same turn: the same
/// position and, line for line, the same outcome.
#[test]
fn own_piece_patterns_in_every_listing() {
    let mut sets = 0;
    for seed in 0..3000 {
        let Some((pos, orders, _)) = pattern_set(seed) else {
            continue;
        };
        // Up to five orders: at most 120 listings each.
        if orders.len() > 5 {
            continue;
        }
        sets += 1;
        let lines: Vec<String> = orders
            .iter()
            .map(|o| format!("{}: {}", o.color, o.coordinate()))
            .collect();
        let position = pos.to_string();
        let run = |perm: &[usize]| {
            let text: String = perm.iter().map(|&i| format!("{}\n", lines[i])).collect();
            adjudicate(Mode::SimultaneousProgressive, &position, &text)
                .unwrap_or_else(|e| panic!("seed {seed}: {position}\n{text}{e}"))
        };
        let reference = run(&(0..lines.len()).collect::<Vec<_>>());
        let reference: Vec<&str> = reference.lines().collect();
        for_each_permutation(lines.len(), |perm| {
            let got = run(perm);
            let got: Vec<&str> = got.lines().collect();
            assert_eq!(got.len(), reference.len(), "seed {seed}");
            assert_eq!(got[0], reference[0], "seed {seed}: {perm:?}");
            for (k, &i) in perm.iter().enumerate() {
                assert_eq!(got[1 + k], reference[1 + i], "seed {seed}: {perm:?}");
            }
            assert_eq!(got[1 + perm.len()..], reference[1 + perm.len()..]);
        });
    }
    assert!(sets > 500, "{sets} sets");
}
