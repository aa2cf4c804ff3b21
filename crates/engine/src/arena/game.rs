//! One game between two computer players, and the random openings matches start from.

use crate::analysis::{Analysis, Limit, Score};
use crate::choice::Choice;
use crate::player::{analyse, Player, RandomPlayer};
use diplo_core::{Color, EndReason, GameResult};
use diplo_games::Session;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Why a game could not be played to its end: a player broke the rules. Never expected;
/// a match reports it rather than scoring it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("{side} chose `{choice}`, which the game refused: {why}")]
    Refused {
        side: Color,
        choice: String,
        why: String,
    },
    #[error("{side} chose nothing in an unfinished game")]
    NoChoice { side: Color },
}

/// Plays the game on from `session` with `white` and `black` until the rules end it, or
/// until `max_turns` more moves (sequential) or phases (simultaneous) have been played,
/// which ends it as a draw by the match's move limit.
pub fn play_out(
    session: &mut Session,
    white: &mut dyn Player,
    black: &mut dyn Player,
    max_turns: u32,
) -> Result<GameResult, GameError> {
    let mut players: [&mut dyn Player; 2] = [white, black];
    for _ in 0..max_turns {
        if let Some(result) = session.result() {
            return Ok(result);
        }
        step(session, &mut players)?;
    }
    Ok(session.result().unwrap_or_else(|| {
        let result = GameResult::draw(EndReason::MoveLimit);
        session.end(result);
        result
    }))
}

/// One move, or one phase of both sides' orders.
fn step(session: &mut Session, players: &mut [&mut dyn Player; 2]) -> Result<(), GameError> {
    if let Some(game) = session.as_sequential() {
        let side = game.side_to_move();
        let choice = players[side.index()].choose(session, side);
        let Some(Choice::Move(text)) = choice else {
            return Err(GameError::NoChoice { side });
        };
        let game = session
            .as_sequential_mut()
            .expect("a sequential session stays sequential");
        return game.play(&text).map(drop).map_err(|e| GameError::Refused {
            side,
            choice: text,
            why: e.to_string(),
        });
    }
    let mut orders: [Option<Vec<String>>; 2] = [None, None];
    for side in [Color::White, Color::Black] {
        let owes = session
            .as_simultaneous()
            .is_some_and(|game| game.owes_orders(side));
        if owes {
            match players[side.index()].choose(session, side) {
                Some(Choice::Orders(set)) => orders[side.index()] = Some(set),
                _ => return Err(GameError::NoChoice { side }),
            }
        }
    }
    let game = session
        .as_simultaneous_mut()
        .expect("a session is sequential or simultaneous");
    let [white, black] = &orders;
    game.resolve(white.as_deref(), black.as_deref())
        .map(drop)
        .map_err(|e| GameError::Refused {
            side: match &e {
                diplo_games::ResolveError::Orders { side, .. } => *side,
                diplo_games::ResolveError::Over(_) => Color::White,
            },
            choice: String::new(),
            why: e.to_string(),
        })
}

/// How far from even an opening may be: 1.5 pawns, or an expected score within 0.35–0.65.
const BALANCED_CP: i32 = 150;
const BALANCED_VALUE: f64 = 0.15;
/// How many random openings are tried for a balanced one before the most even is taken.
const OPENING_TRIES: u32 = 24;

/// A balanced random opening: a few random moves (sequential games: 4 to 8 plies) or phases
/// (simultaneous games: 1 or 2) from `start`, kept when a short search finds it roughly even.
pub fn random_opening(start: &Session, seed: u64) -> Session {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut best: Option<(f64, Session)> = None;
    for _ in 0..OPENING_TRIES {
        let turns = if start.as_sequential().is_some() {
            rng.gen_range(4..=8)
        } else {
            rng.gen_range(1..=2)
        };
        let mut session = start.clone();
        let mut white = RandomPlayer::new(rng.gen());
        let mut black = RandomPlayer::new(rng.gen());
        if play_out(&mut session, &mut white, &mut black, turns).is_err() {
            continue;
        }
        // `play_out` ends a game still going at its move limit; an opening goes on from there.
        if session
            .result()
            .is_some_and(|r| r.reason == EndReason::MoveLimit)
        {
            session.cancel_end();
        }
        if session.result().is_some() {
            continue;
        }
        let imbalance = imbalance(&session, rng.gen());
        if imbalance <= 0.0 {
            return session;
        }
        if best.as_ref().map_or(true, |(b, _)| imbalance < *b) {
            best = Some((imbalance, session));
        }
    }
    best.map_or_else(|| start.clone(), |(_, s)| s)
}

/// How far past the balance bounds a short analysis finds the position (0: within them).
fn imbalance(session: &Session, seed: u64) -> f64 {
    let limit = if session.as_sequential().is_some() {
        Limit::Depth(4)
    } else {
        Limit::Nodes(300)
    };
    match analyse(session, limit, Color::White, seed, &mut |_| {}) {
        Some(Analysis::Line {
            last: Some(line), ..
        }) => match line.score {
            Score::Centipawns(cp) => f64::from((cp.abs() - BALANCED_CP).max(0)),
            Score::Mate(_) => f64::MAX,
        },
        Some(Analysis::Mixed { summary, .. }) => {
            ((summary.value - 0.5).abs() - BALANCED_VALUE).max(0.0)
        }
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_opening_is_played_and_left_unfinished() {
        for id in ["diplomat-chess", "diplomatic-chess", "diplochess"] {
            let entry = diplo_games::find(id).unwrap();
            let start = entry
                .start(&entry.options::<&str>(&[]).unwrap(), None)
                .unwrap();
            let openings: Vec<String> = (0..4)
                .map(|seed| {
                    let opening = random_opening(&start, seed);
                    assert_eq!(opening.result(), None, "{id}");
                    opening.position_string()
                })
                .collect();
            assert!(
                openings.iter().all(|p| *p != start.position_string()),
                "{id}: an opening stayed at the start"
            );
            if start.as_sequential().is_some() {
                let played = random_opening(&start, 9);
                let plies = played.as_sequential().map_or(0, |g| g.moves().len());
                assert!((4..=8).contains(&plies), "{id}: {plies} plies");
            }
        }
    }
}
