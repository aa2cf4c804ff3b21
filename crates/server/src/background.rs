//! What each process does beside answering requests: applying deadlines that have passed,
//! restarting engines that owe a move, applying the engines' choices, and (PostgreSQL)
//! hearing the changes other processes make.

use crate::app::App;
use crate::config::now_ms;
use crate::domain::{Action, Actor, GameError};
use crate::engine::Chosen;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Applies deadlines that have passed and starts engines that owe a move (at start, every
/// engine that owes one: the server may have been stopped).
pub async fn sweep(app: Arc<App>) {
    let mut engines_checked: Option<i64> = None;
    loop {
        let now = now_ms();
        match app.store.overdue(now, 256).await {
            Ok(ids) => {
                for id in ids {
                    let expired = app.act(&id, Actor::System, Action::Expire).await;
                    if let Err(GameError::Internal(e)) = expired {
                        eprintln!("diplo serve: deadline of game {id}: {e}");
                    }
                }
            }
            Err(e) => eprintln!("diplo serve: looking for deadlines: {e}"),
        }
        if engines_checked.map_or(true, |at| now - at >= 2_000) {
            // An engine has had 2 s to start since its turn began; at start, any age.
            let before = if engines_checked.is_none() {
                i64::MAX
            } else {
                now - 2_000
            };
            match app.store.engine_waiting(before, 256).await {
                Ok(ids) => {
                    for id in ids {
                        let _ = app.resume_engines(&id).await;
                    }
                }
                Err(e) => eprintln!("diplo serve: looking for engines: {e}"),
            }
            engines_checked = Some(now);
        }
        tokio::time::sleep(app.config.sweep_interval).await;
    }
}

/// Applies the engines' choices, each as its engine's change, and tells the engine how it
/// went.
pub async fn engine_choices(app: Arc<App>, mut choices: mpsc::UnboundedReceiver<Chosen>) {
    while let Some(chosen) = choices.recv().await {
        let app = app.clone();
        tokio::spawn(async move {
            let actor = Actor::Engine { side: chosen.side };
            let applied = app.act(&chosen.game, actor, chosen.action).await;
            let _ = chosen.applied.send(applied.map(|_| ()));
        });
    }
}

/// PostgreSQL: hears the changes other processes make and publishes them to this
/// process's watchers.
pub async fn listen(app: Arc<App>) {
    loop {
        match sqlx::postgres::PgListener::connect(app.store.url()).await {
            Ok(mut listener) => {
                if let Err(e) = listener.listen("diplo_games").await {
                    eprintln!("diplo serve: LISTEN failed: {e}");
                } else {
                    // Anything missed while not listening: publish every watched game.
                    for id in app.hub.watched_games() {
                        refresh(&app, &id, i64::MIN).await;
                    }
                    while let Ok(note) = listener.recv().await {
                        let mut parts = note.payload().split(' ');
                        let (Some(id), Some(stamp)) = (parts.next(), parts.next()) else {
                            continue;
                        };
                        let Ok(stamp) = stamp.parse::<i64>() else {
                            continue;
                        };
                        refresh(&app, id, stamp).await;
                    }
                }
            }
            Err(e) => eprintln!("diplo serve: cannot LISTEN for other servers' changes: {e}"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Publishes a game's view to this process's watchers if it is newer than `stamp` says
/// they have.
async fn refresh(app: &Arc<App>, id: &str, stamp: i64) {
    match app.hub.watched(id) {
        Some(last) if last < stamp || stamp == i64::MIN => {}
        _ => return,
    }
    if let Ok((stamp, view)) = app.public_view(id).await {
        app.hub.publish(id, stamp, view);
    }
}
