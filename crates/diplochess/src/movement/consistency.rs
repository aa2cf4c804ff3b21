use super::*;
use crate::random::{crowded_position, random_orders, random_position, Rng};

/// After resolution every decision agrees with its own equation evaluated on the final
/// values of the others, except supports denied by the paradox rule (§5.7.2).
#[test]
fn every_decision_satisfies_its_equation() {
    let mut paradoxes = 0;
    for seed in 0..3000u64 {
        let mut rng = Rng::new(seed);
        let position = random_position(&mut rng, 3 + (seed as usize % 14));
        let orders = random_orders(&position, &mut rng);
        let mut turn = Turn::new(&position, &orders).unwrap();
        turn.resolve_all();
        for (i, (_, order)) in orders.iter().enumerate() {
            if !turn.has_decision(i) {
                continue;
            }
            assert_eq!(
                turn.state[i],
                State::Done,
                "seed {seed}: order {i} unresolved"
            );
            let again = turn.adjudicate(i);
            if again != turn.is_yes(i) {
                let support = matches!(turn.kinds[i], Kind::Support { .. });
                assert!(
                    support && turn.paradox[i] && !turn.is_yes(i),
                    "seed {seed}: `{order}` resolved {} but its equation gives {again}",
                    turn.is_yes(i)
                );
                paradoxes += 1;
            }
        }
    }
    // Paradoxes are rare in random play but do come up.
    eprintln!("{paradoxes} supports denied by the paradox rule in 3000 phases");
}

/// A brute-force check of the resolver on small phases: every assignment of the MOVE and
/// SUPPORT decisions is tried against the equations. Where exactly one assignment is
/// consistent, the resolver must find it; where a cycle of moves alone has two (circular
/// movement), the resolver must take the one in which the most moves succeed (§5.7.1).
#[test]
fn resolver_finds_the_unique_solution() {
    let mut counts = (0, 0);
    for seed in 0..12000u64 {
        let mut rng = Rng::new(seed.wrapping_mul(7919));
        // Two kinds of phase: pieces over the whole board, and crowded phases (pieces
        // packed on a 5x5 corner, where circular movement and rule-14 loops come up).
        let position = if seed % 3 == 0 {
            random_position(&mut rng, 3 + (seed as usize % 7))
        } else {
            crowded_position(&mut rng)
        };
        let orders = random_orders(&position, &mut rng);
        brute_force(seed, &position, &orders, &mut counts);
    }
    eprintln!(
        "{} phases with one solution, {} with several",
        counts.0, counts.1
    );
}

/// The same check on the phases built around cycles (`random::cycle_phase`).
#[test]
fn resolver_finds_the_unique_solution_of_cycle_phases() {
    let mut counts = (0, 0);
    for seed in 0..6000u64 {
        let mut rng = Rng::new(seed.wrapping_mul(104_729));
        let (position, orders) = crate::random::cycle_phase(&mut rng, 9);
        brute_force(seed, &position, &orders, &mut counts);
    }
    eprintln!(
        "{} phases with one solution, {} with several",
        counts.0, counts.1
    );
    assert!(counts.0 > 1000 && counts.1 > 100, "{counts:?}");
}

/// Checks one phase against all assignments; `counts` adds up the phases with one
/// solution and with several.
fn brute_force(
    seed: u64,
    position: &Position,
    orders: &[(Color, Order)],
    counts: &mut (usize, usize),
) {
    let mut turn = Turn::new(position, orders).unwrap();
    let decisions: Vec<usize> = (0..orders.len())
        .filter(|&i| turn.has_decision(i))
        .collect();
    if decisions.len() > 13 {
        return;
    }
    let mut solutions: Vec<u32> = Vec::new();
    for bits in 0..(1u32 << decisions.len()) {
        for (k, &d) in decisions.iter().enumerate() {
            turn.state[d] = State::Done;
            turn.val[d] = if bits & (1 << k) != 0 {
                Tri::Yes
            } else {
                Tri::No
            };
        }
        let consistent = decisions
            .iter()
            .enumerate()
            .all(|(k, &d)| turn.adjudicate(d) == (bits & (1 << k) != 0));
        if consistent {
            solutions.push(bits);
        }
    }
    let mut fresh = Turn::new(position, orders).unwrap();
    fresh.resolve_all();
    let got: u32 = decisions
        .iter()
        .enumerate()
        .map(|(k, &d)| u32::from(fresh.is_yes(d)) << k)
        .sum();
    let describe = || {
        orders
            .iter()
            .map(|(c, o)| format!("{c}: {o}"))
            .collect::<Vec<_>>()
            .join("; ")
    };
    match solutions.as_slice() {
        [only] => {
            counts.0 += 1;
            assert_eq!(
                got,
                *only,
                "seed {seed}: position {position}, orders {}",
                describe()
            );
        }
        [] => {}
        many => {
            counts.1 += 1;
            let supports_only_differ = many.iter().all(|&b| {
                decisions.iter().enumerate().all(|(k, &d)| {
                    matches!(turn.kinds[d], Kind::Support { .. }) || (b ^ many[0]) & (1 << k) == 0
                })
            });
            if !supports_only_differ && !decisions.iter().any(|&d| fresh.paradox[d]) {
                // Moves only: circular movement, the solution with most moves.
                let best = many.iter().map(|b| b.count_ones()).max().unwrap();
                assert_eq!(
                    got.count_ones(),
                    best,
                    "seed {seed}: position {position}, orders {}",
                    describe()
                );
            }
        }
    }
}
