//! The computer players of the sequential games (Diplomat Chess, Diplomatic Chess): a
//! generic alpha-beta [`search`] over any position with an [`Evaluate`] implementation
//! (`crate::eval`), the engine [`levels`], [`time`] management and the [`greedy`] baseline.

pub mod greedy;
pub mod levels;
mod ordering;
pub mod search;
pub mod solver;
pub mod time;
mod tt;

pub use search::{Limits, SearchResult, Searcher, Settings, MAX_PLY};
pub use time::TimeControl;

use crate::analysis::{Analysis, Info, Iteration, Limit};
use crate::choice::Choice;
use crate::eval::Evaluate;
use crate::spec::{PlayerKind, PlayerSpec};
use diplo_core::{Color, SequentialGame, SequentialPosition};
use diplo_games::Session;
use rand::rngs::SmallRng;
use rand::Rng;

/// Searches the current position of `game` (its history counts for repetition).
pub fn think<P: Evaluate>(
    game: &SequentialGame<P>,
    limits: Limits,
    settings: Settings,
    progress: &mut dyn FnMut(&Iteration),
) -> SearchResult<P::Move> {
    let history: Vec<u64> = game
        .positions()
        .iter()
        .map(SequentialPosition::hash)
        .collect();
    let mut searcher = Searcher::<P>::new(settings);
    searcher.search(game.position(), &history, limits, progress)
}

/// Runs `$body` with `$game` bound to the typed game of a sequential session, or
/// `$simultaneous` for a simultaneous one: every sequential game has its evaluation.
macro_rules! with_game {
    ($session:expr, $game:ident => $body:expr, else $simultaneous:expr) => {{
        match $session {
            Session::DiplomatChess($game) => $body,
            Session::DiplomaticChess($game) => $body,
            Session::DiplomacyChess(_) | Session::DiploChess(_) => $simultaneous,
        }
    }};
}

/// The choice of the player `spec` names (an engine level or `greedy`) for `side` in a
/// sequential game, thinking for the spec's (or the level's) time per move.
pub(crate) fn choose(
    session: &Session,
    side: Color,
    spec: &PlayerSpec,
    rng: &mut SmallRng,
) -> Option<Choice> {
    choose_timed(session, side, spec, None, rng)
}

/// As [`choose`], with a clock: `clock` (when given) replaces the fixed move time.
pub fn choose_timed(
    session: &Session,
    side: Color,
    spec: &PlayerSpec,
    clock: Option<TimeControl>,
    rng: &mut SmallRng,
) -> Option<Choice> {
    if session.result().is_some() || session.as_sequential()?.side_to_move() != side {
        return None;
    }
    with_game!(session, game => choose_in(game, spec, clock, rng), else None)
}

fn choose_in<P: Evaluate>(
    game: &SequentialGame<P>,
    spec: &PlayerSpec,
    clock: Option<TimeControl>,
    rng: &mut SmallRng,
) -> Option<Choice> {
    let mv = match spec.kind {
        PlayerKind::Greedy => greedy::choose(game.position(), rng)?,
        PlayerKind::Engine { level } => {
            let level = levels::level_of(level);
            let timing = clock.unwrap_or(TimeControl::MoveTime(
                spec.movetime.unwrap_or(level.movetime),
            ));
            let limits = Limits {
                depth: Some(level.depth),
                ..timing.limits()
            };
            // The table is allocated afresh for each move: sized to what the move's time
            // can fill, so that clearing it costs little of that time.
            let budget_ms = limits.hard.map_or(1_000, |t| t.as_millis()) as usize;
            let settings = Settings {
                hash_mb: level.hash_mb.min(budget_ms / 8).max(1),
                noise: level.noise,
                seed: rng.gen(),
            };
            think(game, limits, settings, &mut |_| {}).best?
        }
        PlayerKind::Human | PlayerKind::Random => {
            let mut moves = Vec::new();
            game.position().legal_moves(&mut moves);
            *rand::seq::SliceRandom::choose(moves.as_slice(), rng)?
        }
    };
    Some(Choice::Move(mv.to_string()))
}

/// The analysis of a sequential game (see [`crate::analyse`]): full strength, one
/// `Info::Iteration` per completed depth.
pub(crate) fn analyse(
    session: &Session,
    limit: Limit,
    seed: u64,
    progress: &mut dyn FnMut(&Info),
) -> Option<Analysis> {
    session.as_sequential()?;
    let limits = match limit {
        Limit::Time(t) => TimeControl::MoveTime(t).limits(),
        Limit::Depth(d) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
        Limit::Nodes(n) => Limits {
            nodes: Some(n),
            ..Limits::default()
        },
    };
    let settings = Settings {
        seed,
        ..Settings::default()
    };
    let mut report = |it: &Iteration| progress(&Info::Iteration(it.clone()));
    with_game!(session, game => {
        let result = think(game, limits, settings, &mut report);
        let best = result.best?;
        Some(Analysis::Line { best: best.to_string(), last: result.last })
    }, else None)
}
