//! A match between two weight vectors of one game: the same search, the same node budget,
//! balanced random openings each played with both colours.

use crate::tunable::{Reweighted, Tunable};
use diplo_core::{Color, SequentialGame};
use diplo_engine::arena::{random_opening, Tally};
use diplo_engine::sequential::{Limits, Searcher, Settings};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

#[derive(Debug, Clone, Copy)]
pub struct DuelConfig {
    /// Opening pairs: twice as many games.
    pub pairs: u32,
    pub depth: u32,
    pub nodes: u64,
    pub max_plies: usize,
    pub seed: u64,
    pub threads: usize,
}

/// The challenger's results: in all, with White, with Black, and how the games ended.
#[derive(Debug, Default)]
pub struct DuelResult {
    pub all: Tally,
    pub as_white: Tally,
    pub as_black: Tally,
    pub endings: BTreeMap<String, u32>,
}

/// The results of `challenger` against `incumbent` (the challenger is player 1).
pub fn duel<P: Tunable>(
    challenger: P::Weights,
    incumbent: P::Weights,
    config: &DuelConfig,
) -> Result<DuelResult, String> {
    let entry = diplo_games::find(P::GAME).map_err(|e| e.to_string())?;
    let options = entry.options::<&str>(&[]).map_err(|e| e.to_string())?;
    let start = entry.start(&options, None).map_err(|e| e.to_string())?;
    let games = config.pairs * 2;
    let next = AtomicU32::new(0);
    let tally = Mutex::new(Ok(DuelResult::default()));
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index >= games {
                    break;
                }
                // Games 2k and 2k+1 share opening k; the challenger is White in even games.
                let opening_seed = config.seed ^ u64::from(index / 2).wrapping_mul(0x2545_F491);
                let opening = random_opening(&start, opening_seed);
                if std::env::var_os("TUNE_DEBUG").is_some() {
                    eprintln!("session opening {}", opening.position_string());
                }
                let challenger_color = if index % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let outcome = P::game_of(&opening)
                    .cloned()
                    .ok_or_else(|| format!("{} is not a sequential game", P::GAME))
                    .and_then(|game| {
                        let (white, black) = match challenger_color {
                            Color::White => (challenger, incumbent),
                            Color::Black => (incumbent, challenger),
                        };
                        play(game, [white, black], config, opening_seed)
                    });
                if let Ok(mut tally) = tally.lock() {
                    match (outcome, tally.as_mut()) {
                        (Ok((white_score, ending)), Ok(t)) => {
                            let score = match challenger_color {
                                Color::White => white_score,
                                Color::Black => 1.0 - white_score,
                            };
                            t.all.add(score);
                            match challenger_color {
                                Color::White => t.as_white.add(score),
                                Color::Black => t.as_black.add(score),
                            }
                            *t.endings.entry(ending).or_insert(0) += 1;
                            if t.all.games() % 20 == 0 {
                                eprintln!("{}: {} games, {:?}", P::GAME, t.all.games(), t.all);
                            }
                        }
                        (Err(e), _) => *tally = Err(e),
                        (Ok(_), Err(_)) => {}
                    }
                }
            });
        }
    });
    tally
        .into_inner()
        .map_err(|_| "a duel thread failed".to_string())?
}

/// Plays one game with `weights[side]` for each side; White's score and how it ended.
fn play<P: Tunable>(
    mut game: SequentialGame<P>,
    weights: [P::Weights; 2],
    config: &DuelConfig,
    seed: u64,
) -> Result<(f64, String), String> {
    let settings = Settings {
        hash_mb: 4,
        noise: 0,
        seed,
    };
    let mut searchers = [
        Searcher::<Reweighted<P>>::new(settings),
        Searcher::<Reweighted<P>>::new(settings),
    ];
    let limits = Limits {
        depth: Some(config.depth),
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    if std::env::var_os("TUNE_DEBUG").is_some() {
        eprintln!("opening {} ({} plies)", game.position(), game.moves().len());
    }
    for _ in 0..config.max_plies {
        if let Some(result) = game.result() {
            if std::env::var_os("TUNE_DEBUG").is_some() {
                eprintln!(
                    "end after {} plies: {}",
                    game.moves().len(),
                    game.position()
                );
            }
            return Ok((
                result.outcome.score(Color::White),
                result.reason.to_string(),
            ));
        }
        let side = game.side_to_move().index();
        let root = Reweighted {
            pos: game.position().clone(),
            weights: weights[side],
        };
        let history: Vec<u64> = game.positions().iter().map(P::hash).collect();
        let found = searchers[side].search(&root, &history, limits, &mut |_| {});
        let mv = found
            .best
            .ok_or_else(|| format!("no move found in an unfinished game: {}", root.pos))?;
        game.try_play(mv).map_err(|e| e.to_string())?;
    }
    Ok(game.result().map_or_else(
        || (0.5, "move limit".to_string()),
        |result| {
            (
                result.outcome.score(Color::White),
                result.reason.to_string(),
            )
        },
    ))
}
