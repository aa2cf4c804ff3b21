//! Computer opponents on the server.
//!
//! When an engine owes a move (sequential) or orders (simultaneous, as soon as the phase
//! opens), a task takes a copy of the game, runs [`diplo_engine::Player::choose`] on a
//! blocking thread (at most one per core at a time), waits a bounded time for it, and
//! submits the choice through the same path as a person's, for the version of the game it
//! chose in (a stale choice is dropped). If the engine fails or runs out of time, the
//! first legal move or the default orders are played, so a game never hangs on it.

use crate::app::{Action, Actor, App};
use diplo_core::Color;
use diplo_engine::{Choice, PlayerSpec};
use diplo_games::Session;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// What it takes beyond the engine's own time to give up on it.
const GRACE: Duration = Duration::from_secs(2);

pub struct Engines {
    /// (game, side, version) under way in this process.
    running: Mutex<HashSet<(String, Color, i64)>>,
    threads: Arc<Semaphore>,
    /// The longest an engine may think.
    max_time: Duration,
}

impl Engines {
    pub fn new(max_time: Duration) -> Engines {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Engines {
            running: Mutex::new(HashSet::new()),
            threads: Arc::new(Semaphore::new(cores)),
            max_time,
        }
    }

    /// The spec an engine plays with: its own time, capped at the server's maximum.
    fn bounded(&self, spec: PlayerSpec) -> PlayerSpec {
        PlayerSpec {
            movetime: spec.movetime.map(|t| t.min(self.max_time)),
            ..spec
        }
    }

    /// Starts the engine of `side` on the game at `version`, unless it is already thinking.
    pub fn start(
        &self,
        app: &Arc<App>,
        id: &str,
        side: Color,
        version: i64,
        spec: PlayerSpec,
        session: Session,
    ) {
        let key = (id.to_string(), side, version);
        {
            let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
            if !running.insert(key.clone()) {
                return;
            }
        }
        let spec = self.bounded(spec);
        let wait = spec.movetime.unwrap_or(self.max_time).min(self.max_time) + GRACE;
        let threads = self.threads.clone();
        let app = app.clone();
        tokio::spawn(async move {
            let fallback = fallback(&session, side);
            let backup = fallback.clone();
            let choice = match threads.acquire_owned().await {
                Ok(permit) => {
                    let thinking = tokio::task::spawn_blocking(move || {
                        let _permit = permit;
                        let mut player = spec.player(rand::random())?;
                        player.choose(&session, side)
                    });
                    match tokio::time::timeout(wait, thinking).await {
                        Ok(Ok(Some(choice))) => Some(choice),
                        Ok(Ok(None)) => None,
                        Ok(Err(e)) => {
                            eprintln!("diplo serve: engine failed in game {}: {e}", key.0);
                            fallback
                        }
                        Err(_) => {
                            eprintln!("diplo serve: engine out of time in game {}", key.0);
                            fallback
                        }
                    }
                }
                Err(_) => None,
            };
            if let Some(choice) = choice {
                let actor = Actor::Engine { side };
                let refused = match app
                    .act(&key.0, actor.clone(), action(choice, version))
                    .await
                {
                    Err(e) if e.status == axum::http::StatusCode::UNPROCESSABLE_ENTITY => Some(e),
                    Err(e) if e.status.is_server_error() => {
                        eprintln!("diplo serve: engine move in game {}: {e}", key.0);
                        None
                    }
                    _ => None,
                };
                // An engine whose choice the rules refuse must not hold the game up.
                if let (Some(e), Some(backup)) = (refused, backup) {
                    eprintln!("diplo serve: engine choice refused in game {}: {e}", key.0);
                    let _ = app.act(&key.0, actor, action(backup, version)).await;
                }
            }
            let mut running = app
                .engines
                .running
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            running.remove(&key);
        });
    }
}

fn action(choice: Choice, version: i64) -> Action {
    match choice {
        Choice::Move(text) => Action::Move {
            text,
            version: Some(version),
        },
        Choice::Orders(orders) => Action::Orders {
            orders,
            version: Some(version),
        },
    }
}

/// What an engine that fails plays: the first legal move, or its default orders.
fn fallback(session: &Session, side: Color) -> Option<Choice> {
    if let Some(game) = session.as_sequential() {
        return game
            .legal_moves()
            .first()
            .map(|m| Choice::Move(m.coordinate.clone()));
    }
    session
        .as_simultaneous()
        .map(|game| Choice::Orders(game.default_orders(side)))
}
