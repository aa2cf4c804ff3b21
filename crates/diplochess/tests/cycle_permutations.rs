//! Cycles of decisions (spec §5.7) are settled whatever the listing of the orders: every
//! permutation of small phases built around cycles — circular movements, head-to-heads
//! with supports, supports whose line crosses a moving piece's square — gives the same
//! adjudication, explanations included. (Random full-board phases rarely hold a cycle, so
//! `properties.rs`'s shuffled listings alone missed order-dependent cycle results.)

use diplo_core::Color;
use diplo_testkit::diplochess::{cycle_phase, Rng};
use diplochess::{adjudicate, orders_file, Adjudication, Order, Position};

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

/// Adjudicates every listing of `orders`; returns how many there were. Panics with the
/// first listing whose result differs from the file order's.
fn check_all_listings(position: &Position, orders: &[(Color, Order)], what: &str) -> usize {
    let reference: Adjudication = adjudicate(position, orders).unwrap();
    // Whatever the backup rule decided, no piece is lost or doubled.
    assert_eq!(
        position.board.iter().count(),
        reference.position.board.iter().count() + reference.dislodged.len(),
        "{what}: position {position}\n{reference}"
    );
    let mut count = 0;
    let mut listed = orders.to_vec();
    for_each_permutation(orders.len(), |perm| {
        for (k, &i) in perm.iter().enumerate() {
            listed[k] = orders[i];
        }
        let got = adjudicate(position, &listed).unwrap();
        let same = got.position == reference.position
            && got.dislodged == reference.dislodged
            && got.standoffs == reference.standoffs
            && perm
                .iter()
                .enumerate()
                .all(|(k, &i)| got.reports[k] == reference.reports[i]);
        assert!(
            same,
            "{what}: position {position}\nin file order:\n{reference}\nlisted as {perm:?}:\n{got}"
        );
        count += 1;
    });
    count
}

#[test]
fn permutations_are_all_visited() {
    let mut seen = std::collections::BTreeSet::new();
    for_each_permutation(4, |p| {
        seen.insert(p.to_vec());
    });
    assert_eq!(seen.len(), 24);
}

/// Every listing of 2,000 generated phases of 3 to 7 orders (about 600,000 adjudications).
#[test]
fn cycle_phases_in_every_listing() {
    let mut adjudications = 0;
    for seed in 0..2000u64 {
        let mut rng = Rng::new(seed ^ 0x00C1_C1E5);
        // Mostly small phases; one in seven has seven orders (5,040 listings).
        let max_orders = 3 + (seed % 7).min(4) as usize;
        let (position, orders) = cycle_phase(&mut rng, max_orders);
        adjudications += check_all_listings(&position, &orders, &format!("seed {seed}"));
    }
    eprintln!("{adjudications} adjudications");
}

/// The three phases of issue 14, whose results depended on the listing.
#[test]
fn issue_14_phases_in_every_listing() {
    let phases = [
        (
            "8/8/8/8/8/2K3R1/6p1/5Qk1 - - 0 1",
            "white: R g3 S Q f1 - g1\nblack: P g2 - f1\nwhite: Q f1 - g1\nblack: K g1 - g2\n",
        ),
        (
            "8/8/R3k3/2BqR3/2Q5/1Q6/4K3/8 - - 0 1",
            "white: R a6 - e6\nwhite: B c5 - b4\nblack: K e6 - f5\nwhite: Q c4 - c5\n\
             black: Q d5 - e6\nwhite: Q b3 S R a6 - e6\nwhite: R e5 S Q c4 - c5\n",
        ),
        (
            "2q1B3/2pK4/8/8/8/8/8/k7 - - 0 1",
            "white: K d7 - c6\nblack: P c7 - c6\nblack: Q c8 S P c7 - c6\n\
             white: B e8 S K d7 - c6\n",
        ),
    ];
    for (fen, text) in phases {
        let position: Position = fen.parse().unwrap();
        let orders = orders_file::parse(text).unwrap();
        check_all_listings(&position, &orders, fen);
    }
}
