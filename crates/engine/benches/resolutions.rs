//! Adjudications per second inside the simultaneous search: one phase game (candidates of
//! both sides, every cell resolved and evaluated, one solver iteration) per measurement,
//! with the number of resolutions as the throughput.
//!
//! `cargo bench -p diplo-engine --bench resolutions`

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use diplo_engine::simultaneous::phase_game;

/// (name, game, mode, position, candidates per side)
const CASES: &[(&str, &str, Option<&str>, &str, usize)] = &[
    (
        "diplomacy-basic-start",
        "diplomacy-chess",
        Some("basic"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
        20,
    ),
    (
        "diplomacy-basic-middlegame",
        "diplomacy-chess",
        Some("basic"),
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R KQ - 0 9",
        30,
    ),
    (
        "diplomacy-progressive-turn4",
        "diplomacy-chess",
        Some("progressive"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 4",
        12,
    ),
    (
        "diplomacy-simprog-turn3",
        "diplomacy-chess",
        Some("simultaneous-progressive"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 3",
        16,
    ),
    (
        "diplochess-start",
        "diplochess",
        None,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
        16,
    ),
    (
        "diplochess-middlegame",
        "diplochess",
        None,
        "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R KQkq - 0 5",
        16,
    ),
];

fn resolutions(c: &mut Criterion) {
    let mut group = c.benchmark_group("phase-game");
    for &(name, game, mode, position, candidates) in CASES {
        let once = phase_game(game, mode, position, candidates, 1, 1).expect("a valid case");
        group.throughput(Throughput::Elements(once.resolutions));
        group.bench_function(name, |b| {
            b.iter(|| phase_game(game, mode, black_box(position), candidates, 1, 1))
        });
    }
    group.finish();
}

criterion_group!(benches, resolutions);
criterion_main!(benches);
