//! Basic-mode resolution speed: middlegame positions with random valid order pairs.
//! `cargo bench -p diplomacy-chess`; the throughput line is resolutions per second.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use diplo_core::Color;
use diplomacy_chess::validity::{valid_orders, Rules};
use diplomacy_chess::{resolve, Order, Position};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Middlegame positions from common openings (piece placement after 8–15 moves).
const POSITIONS: &[&str] = &[
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R KQ - 0 8",
    "r2q1rk1/pp1nbppp/2p1pn2/3p1b2/2PP4/1QN1PN2/PP1BBPPP/R3K2R KQ - 0 9",
    "r1bqr1k1/pp3pbp/2np1np1/2p1p3/2P1P3/2NP1NP1/PP3PBP/R1BQR1K1 - - 0 10",
    "r3kb1r/pp1n1ppp/1qp1pn2/3p1b2/2PP4/1QN1PN2/PP1B1PPP/R3KB1R KQkq - 0 8",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/2RQ1RK1 - - 0 11",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3NPP2/2N1B3/PPP1B1PP/R2Q1R1K - - 0 12",
    "r2qr1k1/1b1nbppp/p2p1n2/1pp1p3/3PP3/2P2N1P/PPBN1PP1/R1BQR1K1 - - 0 13",
    "rnbq1rk1/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP2BPPP/R1BQK2R KQ - 0 6",
];

fn samples() -> Vec<(Position, [Order; 2])> {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut out = Vec::new();
    for text in POSITIONS {
        let pos: Position = text.parse().expect("bench position parses");
        let per_side: Vec<Vec<Order>> = Color::ALL
            .iter()
            .map(|&c| {
                let mut v = Vec::new();
                valid_orders(&pos, c, Rules::BASIC, &mut v);
                v
            })
            .collect();
        for _ in 0..256 {
            let w = *per_side[0].choose(&mut rng).expect("white has orders");
            let b = *per_side[1].choose(&mut rng).expect("black has orders");
            out.push((pos.clone(), [w, b]));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let samples = samples();
    let mut group = c.benchmark_group("resolve");
    group.throughput(Throughput::Elements(samples.len() as u64));
    group.bench_function("basic middlegame pairs", |b| {
        b.iter(|| {
            for (pos, orders) in &samples {
                black_box(resolve(black_box(pos), black_box(orders)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
