//! Computer opponents on the server, fed through channels.
//!
//! The app asks ([`Engines::ask`]) whenever an engine owes a move (sequential) or orders
//! (simultaneous, as soon as the phase opens): game, side, version and a copy of the game.
//! A dispatcher starts each request once (a request already under way is dropped), runs
//! [`diplo_engine::Player::choose`] on a blocking thread (at most one per core), waits a
//! bounded time, and sends the choice back as an [`Action`] for the app to apply as the
//! engine's, for the version it chose at ([`Chosen`]). The app answers with the typed
//! outcome: a stale version is dropped; a choice the rules refuse, like an engine that
//! fails or runs out of time, is replaced by the first legal move or the default orders,
//! so a game never hangs on its engine.

use crate::domain::{Action, GameError};
use diplo_core::Color;
use diplo_engine::{Choice, PlayerSpec};
use diplo_games::Session;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, Semaphore};

/// What it takes beyond the engine's own time to give up on it.
const GRACE: Duration = Duration::from_secs(2);

/// A computer side owes a move or orders.
pub struct Owed {
    pub game: String,
    pub side: Color,
    /// The game's version the move or orders are for.
    pub version: i64,
    pub spec: PlayerSpec,
    /// The game to think on.
    pub session: Session,
}

/// An engine's choice, for the app to apply as the engine of `side`; the app tells how it
/// went on `applied`.
pub struct Chosen {
    pub game: String,
    pub side: Color,
    pub action: Action,
    pub applied: oneshot::Sender<Result<(), GameError>>,
}

/// A request under way: (game, side, version).
type Key = (String, Color, i64);

/// The way to the engines.
#[derive(Clone)]
pub struct Engines {
    owed: mpsc::UnboundedSender<Owed>,
}

impl Engines {
    /// Starts the dispatcher; the engines' choices come out of the receiver. The longest an
    /// engine may think is `max_time`, whatever its spec asks.
    pub fn start(max_time: Duration) -> (Engines, mpsc::UnboundedReceiver<Chosen>) {
        let (owed, requests) = mpsc::unbounded_channel();
        let (chosen, choices) = mpsc::unbounded_channel();
        tokio::spawn(dispatch(requests, chosen, max_time));
        (Engines { owed }, choices)
    }

    /// Asks for a move or orders (nothing happens if that one is under way already).
    pub fn ask(&self, owed: Owed) {
        // Closed only while the server stops.
        let _ = self.owed.send(owed);
    }
}

/// Starts every request not already under way, until the app goes.
async fn dispatch(
    mut requests: mpsc::UnboundedReceiver<Owed>,
    chosen: mpsc::UnboundedSender<Chosen>,
    max_time: Duration,
) {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let threads = Arc::new(Semaphore::new(cores));
    let mut running: HashSet<Key> = HashSet::new();
    let (done, mut finished) = mpsc::unbounded_channel::<Key>();
    loop {
        tokio::select! {
            owed = requests.recv() => {
                let Some(owed) = owed else { return };
                let key = (owed.game.clone(), owed.side, owed.version);
                if running.insert(key.clone()) {
                    let (threads, chosen, done) = (threads.clone(), chosen.clone(), done.clone());
                    tokio::spawn(async move {
                        think(owed, threads, max_time, &chosen).await;
                        let _ = done.send(key);
                    });
                }
            }
            Some(key) = finished.recv() => {
                running.remove(&key);
            }
        }
    }
}

/// Chooses for one request and has the app apply the choice (or the fallback).
async fn think(
    owed: Owed,
    threads: Arc<Semaphore>,
    max_time: Duration,
    chosen: &mpsc::UnboundedSender<Chosen>,
) {
    let Owed {
        game,
        side,
        version,
        spec,
        session,
    } = owed;
    let spec = PlayerSpec {
        movetime: spec.movetime.map(|t| t.min(max_time)),
        ..spec
    };
    let wait = spec.movetime.unwrap_or(max_time).min(max_time) + GRACE;
    let fallback = fallback(&session, side);
    let choice = match threads.acquire_owned().await {
        Ok(permit) => {
            let thinking = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let mut player = spec.player(rand::random())?;
                player.choose(&session, side)
            });
            match tokio::time::timeout(wait, thinking).await {
                Ok(Ok(choice)) => choice,
                Ok(Err(e)) => {
                    eprintln!("diplo serve: engine failed in game {game}: {e}");
                    fallback.clone()
                }
                Err(_) => {
                    eprintln!("diplo serve: engine out of time in game {game}");
                    fallback.clone()
                }
            }
        }
        Err(_) => None,
    };
    let Some(choice) = choice else {
        return;
    };
    match submit(chosen, &game, side, action(choice, version)).await {
        // An engine whose choice the rules refuse must not hold the game up.
        Some(Err(e)) if e.is_refused_choice() => {
            eprintln!("diplo serve: engine choice refused in game {game}: {e}");
            if let Some(backup) = fallback {
                let _ = submit(chosen, &game, side, action(backup, version)).await;
            }
        }
        Some(Err(GameError::Internal(e))) => {
            eprintln!("diplo serve: engine move in game {game}: {e}");
        }
        // Played, or the game moved on (a stale choice is dropped), or the server stops.
        _ => {}
    }
}

/// Sends a choice to the app and waits until it is applied; `None` if the app is gone.
async fn submit(
    chosen: &mpsc::UnboundedSender<Chosen>,
    game: &str,
    side: Color,
    action: Action,
) -> Option<Result<(), GameError>> {
    let (applied, outcome) = oneshot::channel();
    let choice = Chosen {
        game: game.to_string(),
        side,
        action,
        applied,
    };
    chosen.send(choice).ok()?;
    outcome.await.ok()
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
            ready: true,
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
