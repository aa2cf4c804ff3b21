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

/// The game layer on the same phases: every legal order of both sides, and the movement
/// phase resolved through the position trait (checked orders, the retreats and build step
/// that follow without orders).
fn game_layer(c: &mut Criterion) {
    use diplo_core::{NoHistory, SimultaneousPosition};
    use diplochess::{Rules, State};
    let phases: Vec<(State, diplochess::Orders, diplochess::Orders)> = phases()
        .into_iter()
        .map(|(position, orders)| {
            let state = State::new(position, Rules::default());
            let (white, black) = diplo_testkit::diplochess::split_sides(&orders);
            let white = state.check_orders(Color::White, &white).unwrap();
            let black = state.check_orders(Color::Black, &black).unwrap();
            (state, white, black)
        })
        .collect();
    let mut group = c.benchmark_group("game layer");
    group.throughput(Throughput::Elements(phases.len() as u64));
    group.bench_function("legal orders of both sides, 256 phases", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            for (state, _, _) in &phases {
                for side in Color::ALL {
                    state.legal_orders(side, &mut out);
                    black_box(out.len());
                }
            }
        })
    });
    group.bench_function("resolve, 256 full-board phases", |b| {
        b.iter(|| {
            for (state, white, black) in &phases {
                black_box(state.resolve(white, black, &mut NoHistory));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench, game_layer);
criterion_main!(benches);
