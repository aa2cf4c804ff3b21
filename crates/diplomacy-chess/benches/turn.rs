//! A whole turn through the game layer (read the entries, resolve, judge the end): basic and
//! simultaneous-progressive turns on middlegame positions with random valid orders.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use diplo_core::{Color, NoHistory, SimultaneousPosition};
use diplomacy_chess::validity::{valid_orders, Rules};
use diplomacy_chess::{Game, Mode, Position, State};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

const POSITIONS: &[&str] = &[
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R KQ - 0 8",
    "r2q1rk1/pp1nbppp/2p1pn2/3p1b2/2PP4/1QN1PN2/PP1BBPPP/R3K2R KQ - 0 9",
    "r1bqr1k1/pp3pbp/2np1np1/2p1p3/2P1P3/2NP1NP1/PP3PBP/R1BQR1K1 - - 0 10",
    "r3kb1r/pp1n1ppp/1qp1pn2/3p1b2/2PP4/1QN1PN2/PP1B1PPP/R3KB1R KQkq - 0 8",
];

fn samples() -> Vec<(Position, [String; 2])> {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut out = Vec::new();
    for text in POSITIONS {
        let pos: Position = text.parse().expect("bench position parses");
        let per_side: Vec<Vec<String>> = Color::ALL
            .iter()
            .map(|&c| {
                let mut v = Vec::new();
                valid_orders(&pos, c, Rules::BASIC, &mut v);
                v.iter().map(|o| o.coordinate()).collect()
            })
            .collect();
        for _ in 0..64 {
            let w = per_side[0].choose(&mut rng).expect("white").clone();
            let b = per_side[1].choose(&mut rng).expect("black").clone();
            out.push((pos.clone(), [w, b]));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let samples = samples();
    let mut group = c.benchmark_group("turn");
    group.throughput(Throughput::Elements(samples.len() as u64));
    group.bench_function("basic read and play", |b| {
        b.iter(|| {
            for (pos, [w, bl]) in &samples {
                let state = State::new(pos.clone(), Mode::Basic);
                let w = state.read_entries(Color::White, &[w]).unwrap();
                let bl = state.read_entries(Color::Black, &[bl]).unwrap();
                black_box(state.resolve(&w, &bl, &mut NoHistory));
            }
        })
    });
    group.bench_function("basic game play", |b| {
        b.iter(|| {
            for (pos, [w, bl]) in &samples {
                let mut game = Game::new(State::new(pos.clone(), Mode::Basic));
                let w = game.position().read_entries(Color::White, &[w]).unwrap();
                let bl = game.position().read_entries(Color::Black, &[bl]).unwrap();
                black_box(game.play(w, bl).is_ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
