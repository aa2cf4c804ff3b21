//! Matches between two players (`diplo match`): balanced random openings, each played twice
//! with the colours swapped, games in parallel, the running score, Elo and an SPRT stop.
//!
//! The runner is pure computation: it hands each finished game (with its record) to the
//! caller, which draws progress and writes files.

mod game;
mod stats;

pub use game::{play_out, random_opening, GameError};
pub use stats::{elo_of, score_of, Elo, Sprt, Tally, Verdict};

use crate::spec::PlayerSpec;
use diplo_core::{Color, GameResult, Options};
use diplo_games::{GameEntry, Session};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// What a match plays.
#[derive(Clone)]
pub struct MatchConfig {
    pub game: &'static GameEntry,
    pub options: Options,
    pub player1: PlayerSpec,
    pub player2: PlayerSpec,
    pub games: u32,
    /// The time per move of a player whose spec gives none.
    pub movetime: Option<Duration>,
    /// How many distinct openings; game 2k and 2k+1 share opening k mod this.
    pub openings: u32,
    pub jobs: usize,
    pub seed: u64,
    pub sprt: Option<Sprt>,
    /// Moves (sequential) or phases (simultaneous) after which a game is drawn.
    pub max_turns: u32,
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct Finished {
    /// 0-based, in the order games were started.
    pub index: u32,
    pub player1_color: Color,
    pub result: GameResult,
    /// Player 1's score: 1, ½ or 0.
    pub score: f64,
    /// The game's record, tagged with the players.
    pub record: String,
}

/// The end of a match.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub tally: Tally,
    pub elo: Elo,
    /// `Some` when the match ran an SPRT.
    pub verdict: Option<Verdict>,
}

/// Why a match could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error("a match needs two computer players; `{0}` is a person")]
    Human(PlayerSpec),
    #[error("game {index}: {error}")]
    Game { index: u32, error: GameError },
}

/// Plays the match. `on_game` sees each game as it finishes (on the calling thread) with
/// the tally so far. With an SPRT, no new game starts once it is conclusive.
pub fn run_match(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&Finished, &Tally),
) -> Result<Summary, MatchError> {
    for spec in [config.player1, config.player2] {
        if spec.is_human() {
            return Err(MatchError::Human(spec));
        }
    }
    let start = config
        .game
        .start(&config.options, None)
        .expect("the options were checked against the game");
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    let mut tally = Tally::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            let sender = sender.clone();
            let (next, stop, start) = (&next, &stop, &start);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                if index >= config.games || stop.load(Ordering::SeqCst) {
                    break;
                }
                let outcome = play_game(config, start, index);
                if sender.send((index, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for (index, outcome) in receiver {
            match outcome {
                Ok(finished) => {
                    tally.add(finished.score);
                    on_game(&finished, &tally);
                    let conclusive = config
                        .sprt
                        .is_some_and(|sprt| sprt.verdict(&tally) != Verdict::Inconclusive);
                    if conclusive {
                        stop.store(true, Ordering::SeqCst);
                    }
                }
                Err(error) => {
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(MatchError::Game { index, error });
                }
            }
        }
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    Ok(Summary {
        tally,
        elo: tally.elo(),
        verdict: config.sprt.map(|sprt| sprt.verdict(&tally)),
    })
}

/// Game `index`: opening `index / 2`, player 1 White in even games and Black in odd ones.
fn play_game(config: &MatchConfig, start: &Session, index: u32) -> Result<Finished, GameError> {
    let opening = (index / 2) % config.openings.max(1);
    let opening_seed = mix(config.seed, u64::from(opening));
    let mut session = random_opening(start, opening_seed);
    let player1_color = if index % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let timed = |spec: PlayerSpec| PlayerSpec {
        movetime: spec.movetime.or(config.movetime),
        ..spec
    };
    let (white, black) = match player1_color {
        Color::White => (timed(config.player1), timed(config.player2)),
        Color::Black => (timed(config.player2), timed(config.player1)),
    };
    let game_seed = mix(config.seed ^ 0x5eed, u64::from(index));
    let mut white_player = white.player(game_seed).expect("not a person");
    let mut black_player = black.player(game_seed ^ 1).expect("not a person");
    let result = play_out(
        &mut session,
        white_player.as_mut(),
        black_player.as_mut(),
        config.max_turns,
    )?;
    let tags = [
        ("Event".to_string(), "diplo match".to_string()),
        ("Round".to_string(), (index + 1).to_string()),
        ("White".to_string(), white.to_string()),
        ("Black".to_string(), black.to_string()),
    ];
    Ok(Finished {
        index,
        player1_color,
        result,
        score: result.outcome.score(player1_color),
        record: session.record(&tags),
    })
}

/// A well-spread seed for item `n` of a run seeded with `seed` (SplitMix64's finaliser).
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
