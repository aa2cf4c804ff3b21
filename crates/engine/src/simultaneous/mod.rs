//! The computer players of the simultaneous games (Diplomacy Chess, DiploChess).
//!
//! A phase of a simultaneous game is a matrix game: each side's candidate order sets
//! against the other's, every cell adjudicated by the game's rules and valued by an
//! evaluation ([`search`]). The engine plays a draw from an approximate equilibrium of that
//! game ([`matrix`]: regret matching+), so that no predictable choice can be exploited; the
//! higher levels also value the most played cells by the equilibrium one turn further on.
//! `greedy` is the best response to a uniformly random opponent over the same candidates.
//! The level table is [`levels`]; the games' evaluations and candidates are [`diplomacy`]
//! and [`diplochess`].

pub mod diplochess;
pub mod diplomacy;
pub mod levels;
pub mod matrix;
mod policy;
pub mod search;

use crate::analysis::{Analysis, Equilibrium, Info, Limit};
use crate::choice::Choice;
use crate::spec::{PlayerKind, PlayerSpec, MAX_LEVEL};
use diplo_core::{Color, SimultaneousPosition};
use diplo_games::Session;
use levels::Settings;
use matrix::{Matrix, Solution};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use search::{Budget, Outcome, Searchable};
use std::time::{Duration, Instant};

/// The choice of the player `spec` names (an engine level or `greedy`) for `side` in a
/// simultaneous game.
pub(crate) fn choose(
    session: &Session,
    side: Color,
    spec: &PlayerSpec,
    rng: &mut SmallRng,
) -> Option<Choice> {
    let game = session.as_simultaneous()?;
    if session.result().is_some() || !game.owes_orders(side) {
        return None;
    }
    // Every simultaneous game has its evaluation and candidates.
    let texts = match session {
        Session::DiplomacyChess(s) => play(s, side, spec, rng),
        Session::DiploChess(s) => play(s, side, spec, rng),
        Session::DiplomatChess(_) | Session::DiplomaticChess(_) => return None,
    };
    // Never hand over orders the game would refuse.
    if game.check_orders(side, &texts).is_ok() {
        Some(Choice::Orders(texts))
    } else {
        Some(Choice::Orders(game.default_orders(side)))
    }
}

/// The orders `spec` plays for `side` in the game's current position.
fn play<S: Searchable>(
    game: &diplo_core::SimultaneousGame<S>,
    side: Color,
    spec: &PlayerSpec,
    rng: &mut SmallRng,
) -> Vec<String> {
    let state = game.position();
    let history = search::history_of(game);
    let context = search::Context {
        history: &history,
        draw: 0.5 - side.fold(levels::CONTEMPT, -levels::CONTEMPT),
    };
    match spec.kind {
        PlayerKind::Greedy => {
            let time = spec
                .movetime
                .unwrap_or(Duration::from_millis(levels::GREEDY_MOVETIME_MS));
            let deadline = Instant::now() + time;
            search::greedy(
                state,
                &context,
                side,
                levels::GREEDY_CANDIDATES,
                Some(deadline),
                rng,
            )
            .texts
        }
        PlayerKind::Engine { level } => {
            let settings = levels::settings(level);
            let time = spec
                .movetime
                .unwrap_or(Duration::from_millis(settings.movetime_ms));
            let budget = Budget {
                deadline: Some(Instant::now() + time),
                iterations: settings.iterations,
            };
            let outcome =
                search::search(state, &context, &settings, budget, rng, &mut |_, _, _| {});
            let (candidates, equilibrium) = outcome.strategy(side);
            let strategy = exploiting(&outcome, side, settings.model_weight, settings.iterations)
                .unwrap_or_else(|| equilibrium.to_vec());
            let pick = search::draw(&strategy, settings.noise, rng);
            candidates[pick].texts.clone()
        }
        PlayerKind::Random | PlayerKind::Human => {
            let candidates = search::checked_candidates(state, side, 32, rng);
            let uniform = vec![1.0 / candidates.len() as f64; candidates.len()];
            candidates[search::draw(&uniform, 0.0, rng)].texts.clone()
        }
    }
}

/// `side`'s strategy in the root matrix of `outcome` when the other side is expected to play
/// its myopic choice with probability `weight` ([`Matrix::restricted_for_rows`]); `None` when
/// `weight` is 0 or the matrix is empty.
fn exploiting<S: SimultaneousPosition>(
    outcome: &Outcome<S>,
    side: Color,
    weight: f64,
    iterations: u64,
) -> Option<Vec<f64>> {
    let m = &outcome.matrix;
    if weight <= 0.0 || m.rows() == 0 || m.cols() == 0 {
        return None;
    }
    // The restricted game is small and solved from scratch: a few thousand iterations
    // settle it well within the tolerance the root search uses.
    let iterations = iterations.min(RESTRICTED_ITERATIONS);
    let (rows_model, cols_model) = &outcome.myopic;
    Some(match side {
        Color::White => {
            let restricted = m.restricted_for_rows(cols_model, weight);
            matrix::solve(&restricted, iterations, RESTRICTED_TOLERANCE).row
        }
        Color::Black => {
            let restricted = m.restricted_for_cols(rows_model, weight);
            matrix::solve(&restricted, iterations, RESTRICTED_TOLERANCE).col
        }
    })
}

const RESTRICTED_ITERATIONS: u64 = 4_000;
const RESTRICTED_TOLERANCE: f64 = 1e-3;

/// The analysis of a simultaneous game for `side` (see [`crate::analyse`]).
pub(crate) fn analyse(
    session: &Session,
    limit: Limit,
    side: Color,
    seed: u64,
    progress: &mut dyn FnMut(&Info),
) -> Option<Analysis> {
    let game = session.as_simultaneous()?;
    if session.result().is_some() || !game.owes_orders(side) {
        return None;
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    match session {
        Session::DiplomacyChess(s) => analyse_state(s, limit, side, &mut rng, progress),
        Session::DiploChess(s) => analyse_state(s, limit, side, &mut rng, progress),
        Session::DiplomatChess(_) | Session::DiplomaticChess(_) => None,
    }
}

/// The full-strength settings and budget for an analysis `limit`: a time, a depth (1: the
/// one-turn equilibrium alone, 2 or more: with the look-ahead) or a number of iterations
/// (the one-turn equilibrium, without a clock, so that it repeats exactly).
fn analysis_settings(limit: Limit) -> (Settings, Budget) {
    let mut settings = levels::settings(MAX_LEVEL);
    let default_time = Duration::from_millis(settings.movetime_ms);
    let (time, iterations) = match limit {
        Limit::Time(t) => (Some(t), settings.iterations),
        Limit::Depth(d) => {
            settings.depth = d.max(1);
            (Some(default_time), settings.iterations)
        }
        // A node budget must give the same answer on any machine: no clock, and the
        // one-turn equilibrium alone, whose cost the iteration count bounds.
        Limit::Nodes(n) => {
            settings.depth = 1;
            (None, n.max(1))
        }
    };
    let budget = Budget {
        deadline: time.map(|t| Instant::now() + t),
        iterations,
    };
    (settings, budget)
}

fn analyse_state<S: Searchable>(
    game: &diplo_core::SimultaneousGame<S>,
    limit: Limit,
    side: Color,
    rng: &mut SmallRng,
    progress: &mut dyn FnMut(&Info),
) -> Option<Analysis> {
    let (settings, budget) = analysis_settings(limit);
    let state = game.position();
    let history = search::history_of(game);
    let context = search::Context {
        history: &history,
        draw: 0.5,
    };
    let mut report = |solution: &Solution, resolutions: u64, time: Duration| {
        progress(&Info::Equilibrium(Equilibrium {
            iterations: solution.iterations,
            value: side.fold(solution.value, 1.0 - solution.value),
            time,
            resolutions,
        }));
    };
    let outcome = search::search(state, &context, &settings, budget, rng, &mut report);
    let (candidates, strategy) = outcome.strategy(side);
    let pick = search::draw(strategy, 0.0, rng);
    let mut lines: Vec<(f64, Vec<String>)> = strategy
        .iter()
        .zip(candidates)
        .map(|(p, c)| (*p, c.texts.clone()))
        .collect();
    lines.sort_by(|a, b| b.0.total_cmp(&a.0));
    Some(Analysis::Mixed {
        summary: Equilibrium {
            iterations: outcome.solution.iterations,
            value: outcome.value(side),
            time: outcome.time,
            resolutions: outcome.resolutions,
        },
        strategy: lines,
        orders: candidates[pick].texts.clone(),
    })
}

/// One phase as a matrix game, for tests, benches and tools: both sides' candidate order
/// sets (texts), the payoff matrix over them (White's score) and the engine's solution.
#[derive(Debug, Clone)]
pub struct PhaseGame {
    pub white: Vec<Vec<String>>,
    pub black: Vec<Vec<String>>,
    pub matrix: Matrix,
    pub solution: Solution,
    /// Adjudications done.
    pub resolutions: u64,
}

/// Why [`phase_game`] could not set up its position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhaseGameError {
    #[error("`{0}` is not a simultaneous game ({known})", known = diplo_games::ids_of(diplo_games::Kind::Simultaneous))]
    Game(String),
    #[error("position: {0}")]
    Position(String),
    #[error("mode: {0}")]
    Mode(String),
}

/// The one-turn matrix game of a position of `game` (a simultaneous game's id, with its
/// `mode` option where it has one), with up to `candidates` order sets per side, solved with
/// up to `iterations` regret-matching+ iterations and no time limit (no look-ahead).
pub fn phase_game(
    game: &str,
    mode: Option<&str>,
    position: &str,
    candidates: usize,
    iterations: u64,
    seed: u64,
) -> Result<PhaseGame, PhaseGameError> {
    let entry = diplo_games::find(game).map_err(|_| PhaseGameError::Game(game.to_string()))?;
    let pairs: Vec<String> = mode.map(|m| format!("mode={m}")).into_iter().collect();
    let options = entry
        .options(&pairs)
        .map_err(|e| PhaseGameError::Mode(e.to_string()))?;
    let session = entry
        .start(&options, Some(position))
        .map_err(|e| PhaseGameError::Position(e.to_string()))?;
    let mut settings = levels::settings(1);
    settings.candidates = candidates;
    settings.depth = 1;
    let budget = Budget {
        deadline: None,
        iterations,
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    match &session {
        Session::DiplomacyChess(g) => Ok(phase_game_of(g.position(), &settings, budget, &mut rng)),
        Session::DiploChess(g) => Ok(phase_game_of(g.position(), &settings, budget, &mut rng)),
        Session::DiplomatChess(_) | Session::DiplomaticChess(_) => {
            Err(PhaseGameError::Game(game.to_string()))
        }
    }
}

fn phase_game_of<S: Searchable>(
    state: &S,
    settings: &Settings,
    budget: Budget,
    rng: &mut SmallRng,
) -> PhaseGame {
    let history = [state.clone()];
    let context = search::Context {
        history: &history,
        draw: 0.5,
    };
    let outcome: Outcome<S> =
        search::search(state, &context, settings, budget, rng, &mut |_, _, _| {});
    PhaseGame {
        white: outcome.white.iter().map(|c| c.texts.clone()).collect(),
        black: outcome.black.iter().map(|c| c.texts.clone()).collect(),
        matrix: outcome.matrix,
        solution: outcome.solution,
        resolutions: outcome.resolutions,
    }
}
