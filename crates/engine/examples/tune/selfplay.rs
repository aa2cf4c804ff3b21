//! Self-play games that make the tuner's data: the engine at a fixed depth and node budget,
//! with evaluation noise, from the balanced random openings matches use; every quiet
//! position is kept with the game's final result.

use crate::tunable::Tunable;
use diplo_core::{Color, SequentialGame};
use diplo_engine::arena::random_opening;
use diplo_engine::eval::MATE_BOUND;
use diplo_engine::sequential::{Limits, Searcher, Settings};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

/// How the self-play games are played.
#[derive(Debug, Clone, Copy)]
pub struct PlayConfig {
    pub games: u32,
    pub depth: u32,
    pub nodes: u64,
    /// Evaluation noise (centipawns) so that the games differ.
    pub noise: i32,
    /// Plies after the opening before positions are kept (the opening's random moves are
    /// no sign of either side's play).
    pub skip: usize,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    pub seed: u64,
    pub threads: usize,
}

/// One game's kept positions (feature vectors) and white's score, 1, ½ or 0.
pub struct PlayedGame {
    pub positions: Vec<Vec<i32>>,
    pub white_score: f64,
    pub plies: usize,
    pub by_move_limit: bool,
}

/// Plays `config.games` games on `config.threads` threads; the result is in game order,
/// so a run is repeatable (the players are depth- and node-limited, never timed).
pub fn play_games<P: Tunable>(config: &PlayConfig) -> Result<Vec<PlayedGame>, String> {
    let entry = diplo_games::find(P::GAME).map_err(|e| e.to_string())?;
    let options = entry.options::<&str>(&[]).map_err(|e| e.to_string())?;
    let start = entry.start(&options, None).map_err(|e| e.to_string())?;
    let next = AtomicU32::new(0);
    let done: Mutex<Vec<Option<Result<PlayedGame, String>>>> =
        Mutex::new((0..config.games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index >= config.games {
                    break;
                }
                let seed = config
                    .seed
                    .wrapping_mul(0x9E37_79B9)
                    .wrapping_add(u64::from(index));
                let opening = random_opening(&start, seed);
                let game = P::game_of(&opening)
                    .cloned()
                    .ok_or_else(|| format!("{} is not a sequential game", P::GAME));
                let played = game.and_then(|g| play_one(g, config, seed));
                if let Ok(mut slots) = done.lock() {
                    slots[index as usize] = Some(played);
                }
                if (index + 1) % 50 == 0 {
                    eprintln!("{}: {} games", P::GAME, index + 1);
                }
            });
        }
    });
    let slots = done
        .into_inner()
        .map_err(|_| "a self-play thread failed".to_string())?;
    slots
        .into_iter()
        .map(|slot| slot.unwrap_or_else(|| Err("a game was not played".to_string())))
        .collect()
}

fn play_one<P: Tunable>(
    mut game: SequentialGame<P>,
    config: &PlayConfig,
    seed: u64,
) -> Result<PlayedGame, String> {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x7u64.rotate_left(60));
    let mut searcher = Searcher::<P>::new(Settings {
        hash_mb: 4,
        noise: config.noise,
        seed,
    });
    let limits = Limits {
        depth: Some(config.depth),
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let mut positions = Vec::new();
    let mut plies = 0;
    while game.result().is_none() && plies < config.max_plies {
        let pos = game.position().clone();
        let history: Vec<u64> = game.positions().iter().map(P::hash).collect();
        searcher.set_noise(config.noise, rng.gen());
        let found = searcher.search(&pos, &history, limits, &mut |_| {});
        let Some(mv) = found.best else {
            return Err(format!("no move found in an unfinished game: {pos}"));
        };
        // Quiet: not in check, no last chance to answer, and the engine's choice changes no
        // material, so the static evaluation is a fair guess of the outcome.
        let quiet = !pos.is_check()
            && !pos.must_act()
            && !pos.is_tactical(mv)
            && found.score.abs() < MATE_BOUND;
        if plies >= config.skip && quiet {
            positions.push(pos.feature_vector());
        }
        game.try_play(mv).map_err(|e| e.to_string())?;
        plies += 1;
    }
    let (white_score, by_move_limit) = match game.result() {
        Some(result) => (result.outcome.score(Color::White), false),
        None => (0.5, true),
    };
    Ok(PlayedGame {
        positions,
        white_score,
        plies,
        by_move_limit,
    })
}
