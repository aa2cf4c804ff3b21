//! Perft speed. Report figures from `cargo bench -p diplomatic-chess`.

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
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
