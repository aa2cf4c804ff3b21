//! Perft and move generation speed. Report figures from `cargo bench -p diplomat-chess`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use diplomat_chess::{perft, Position, SubornRule};
use std::hint::black_box;

/// Positions reached by a fixed pseudo-random walk from the start, for move generation.
fn sample_positions(rule: SubornRule, count: usize) -> Vec<Position> {
    let mut seed: u64 = 0x5DEE_CE66_D1CE_4E5B;
    let mut out = Vec::new();
    let mut pos = Position::start(rule);
    while out.len() < count {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.fullmove() > 60 {
            pos = Position::start(rule);
            continue;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos = pos.after(moves[(seed >> 33) as usize % moves.len()]);
        out.push(pos.clone());
    }
    out
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for rule in SubornRule::ALL {
        let start = Position::start(rule);
        let nodes = perft(&start, 5);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start depth 5 suborn={rule}"), |b| {
            b.iter(|| perft(black_box(&start), 5))
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for rule in SubornRule::ALL {
        let positions = sample_positions(rule, 1000);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("legal_moves suborn={rule}"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| black_box(p).legal_moves().len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);
