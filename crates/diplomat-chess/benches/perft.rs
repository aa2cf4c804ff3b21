use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use diplomat_chess::{perft, Position, SubornRule};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let start = Position::start(SubornRule::Convert);
    let nodes = perft(&start, 5);
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("start depth 5 (bulk)", |b| {
        b.iter(|| perft(black_box(&start), 5))
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
