//! Full-board movement phases: every piece of both sides ordered (random valid moves, holds
//! and supports) in varied middlegame positions, adjudicated from scratch each time.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use diplo_core::Color;
use diplo_testkit::diplochess::{random_orders, random_position, Rng};
use diplochess::{adjudicate, Order, Position};

fn phases() -> Vec<(Position, Vec<(Color, Order)>)> {
    let mut rng = Rng::new(0xD19C_4E55);
    (0..256)
        .map(|i| {
            // 10 to 16 pieces a side: crowded middlegames.
            let position = random_position(&mut rng, 10 + i % 7);
            let orders = random_orders(&position, &mut rng);
            (position, orders)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let phases = phases();
    let orders: usize = phases.iter().map(|(_, o)| o.len()).sum();
    let mut group = c.benchmark_group("movement");
    group.throughput(Throughput::Elements(phases.len() as u64));
    group.bench_function(
        format!("{} full-board phases ({} orders)", phases.len(), orders),
        |b| {
            b.iter(|| {
                for (position, orders) in &phases {
                    black_box(adjudicate(black_box(position), black_box(orders)).unwrap());
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
