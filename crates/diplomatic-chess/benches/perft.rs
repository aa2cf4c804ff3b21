//! Perft speed. Report figures from `cargo bench -p diplomatic-chess`.
//!
//! `crate perft` is the crate's public `perft`; `generic perft` calls the shared
//! `diplo_core::sequential::perft` through the position trait directly (the crate's is a thin
//! wrapper over it, so the two should match).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use diplomatic_chess::{perft, Position, Rules};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (rules, depth) in [
        (Rules::default(), 5),
        (
            Rules {
                push_back: true,
                extra_diplomat_move: true,
                extended_pawns: true,
            },
            4,
        ),
    ] {
        let start = Position::start(rules);
        let nodes = perft(&start, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start depth {depth} options {rules}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
        group.bench_function(
            format!("generic perft start depth {depth} options {rules}"),
            |b| b.iter(|| diplo_core::sequential::perft::<Position>(black_box(&start), depth)),
        );
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
