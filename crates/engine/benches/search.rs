//! Search speed and the tactical suite's solving time, one thread.
//!
//! `cargo bench -p diplo-engine --bench search`
//! - `nps/<game>/<n>`: a depth-limited search of middlegame position n (24 plies of noisy
//!   self-play from the start); criterion's throughput is the search's nodes per second.
//! - `tactics/<case>`: each case of `tests/cases/engine` searched to the depth the
//!   `tactics` test uses (2N + 1 for a win in N, 3 for a last-chance defence).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use diplo_engine::eval::Evaluate;
use diplo_engine::sequential::{Limits, Searcher, Settings};
use std::hint::black_box;
use std::path::Path;

/// Middlegame positions: 24 plies of shallow, noisy self-play from the start (a game that
/// ended before is left out: its search would count no nodes).
fn middlegames<P: Evaluate>(start: P, count: usize) -> Vec<P> {
    (0..)
        .map(|seed| {
            let mut pos = start.clone();
            let mut searcher = Searcher::<P>::new(Settings {
                hash_mb: 1,
                noise: 60,
                seed,
            });
            for _ in 0..24 {
                let limits = Limits {
                    depth: Some(2),
                    ..Limits::default()
                };
                match searcher.search(&pos, &[], limits, &mut |_| {}).best {
                    Some(mv) => pos.play(mv),
                    None => break,
                }
            }
            pos
        })
        .filter(|pos| {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            !moves.is_empty()
        })
        .take(count)
        .collect()
}

fn search<P: Evaluate>(pos: &P, depth: u32) -> u64 {
    let mut searcher = Searcher::<P>::new(Settings {
        hash_mb: 16,
        ..Settings::default()
    });
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    searcher.search(pos, &[], limits, &mut |_| {}).nodes
}

fn bench_nps<P: Evaluate>(c: &mut Criterion, game: &str, start: P, depth: u32) {
    let mut group = c.benchmark_group(format!("nps/{game}"));
    group.sample_size(10);
    for (i, pos) in middlegames(start, 4).into_iter().enumerate() {
        let nodes = search(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(i.to_string(), |b| {
            b.iter_batched(
                || pos.clone(),
                |pos| black_box(search(&pos, depth)),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn nps(c: &mut Criterion) {
    bench_nps(
        c,
        "diplomat-chess",
        diplomat_chess::Position::start(Default::default()),
        8,
    );
    bench_nps(
        c,
        "diplomatic-chess",
        diplomatic_chess::Position::start(Default::default()),
        8,
    );
}

fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(key).and_then(|r| r.strip_prefix(':')))
        .map(str::trim)
}

fn tactics(c: &mut Criterion) {
    let mut group = c.benchmark_group("tactics");
    group.sample_size(10);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/engine");
    let mut files: Vec<_> = ["diplomat-chess", "diplomatic-chess"]
        .iter()
        .flat_map(|g| std::fs::read_dir(root.join(g)).into_iter().flatten())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let (Some(game), Some(position), Some(expect)) = (
            field(&text, "game"),
            field(&text, "position"),
            field(&text, "expect"),
        ) else {
            continue;
        };
        let depth = match expect
            .strip_prefix("win ")
            .and_then(|n| n.parse::<u32>().ok())
        {
            Some(n) => 2 * n + 1,
            None => 3,
        };
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let id = format!("{game}/{name}");
        // The suite's cases use each game's default options.
        match game {
            "diplomat-chess" => {
                let Ok(pos) = diplomat_chess::Position::parse(position, Default::default()) else {
                    continue;
                };
                group.bench_function(id, |b| b.iter(|| black_box(search(&pos, depth))));
            }
            "diplomatic-chess" => {
                let Ok(pos) = diplomatic_chess::Position::parse(position, Default::default())
                else {
                    continue;
                };
                group.bench_function(id, |b| b.iter(|| black_box(search(&pos, depth))));
            }
            _ => {}
        }
    }
    group.finish();
}

criterion_group!(benches, nps, tactics);
criterion_main!(benches);
