//! `GET /api/games/{id}/events`: the game, then the game after every change, as a
//! WebSocket or as server-sent events.

use super::error::ApiError;
use super::extract::GameId;
use crate::app::App;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

type Shared = State<Arc<App>>;

/// The event streams (not under the request time limit).
pub fn router() -> Router<Arc<App>> {
    Router::new().route("/api/games/{id}/events", get(events))
}

/// `GET /api/games/{id}/events`: a WebSocket when the request asks to upgrade, else
/// server-sent events. Either way the current game first, then the game after every change.
async fn events(
    State(app): Shared,
    GameId(id): GameId,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    if app.hub.watchers() >= app.config.max_watchers {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server follows as many games as it can; try again later",
        ));
    }
    // Subscribe before reading, so that no change falls between the two.
    let receiver = app.hub.subscribe(&id);
    let first = match app.public_view(&id).await {
        Ok((stamp, view)) => {
            app.hub.seen(&id, stamp);
            (stamp, view)
        }
        Err(e) => {
            drop(receiver);
            app.hub.release(&id);
            return Err(e.into());
        }
    };
    let watch = Watch {
        app,
        id,
        receiver,
        sent: first.0,
        shown: fingerprint(&first.1),
        first: Some(first.1),
    };
    Ok(match upgrade {
        Ok(upgrade) => upgrade
            .max_message_size(4096)
            .on_upgrade(move |socket| watch.websocket(socket))
            .into_response(),
        Err(_) => Sse::new(futures_util::stream::unfold(
            watch,
            |mut watch| async move {
                let view = watch.next().await?;
                Some((
                    Ok::<_, std::convert::Infallible>(Event::default().data(view)),
                    watch,
                ))
            },
        ))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
        .into_response(),
    })
}

/// One watcher of a game.
struct Watch {
    app: Arc<App>,
    id: String,
    receiver: tokio::sync::broadcast::Receiver<crate::events::Published>,
    /// The stamp of the newest state sent: a view published for it again (by a process
    /// that caught up with the store while this watcher subscribed) is not sent twice.
    sent: i64,
    /// A fingerprint of the last view sent: a view published again with nothing new in it
    /// (PostgreSQL: a refresh after the LISTEN connection was made again, whose stamp counts
    /// changes nobody else may see, such as saved orders) is not sent.
    shown: u64,
    first: Option<String>,
}

fn fingerprint(view: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    view.hash(&mut hasher);
    hasher.finish()
}

impl Watch {
    /// The next view to send; `None` when the server shuts down.
    async fn next(&mut self) -> Option<String> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        loop {
            let (stamp, view) = match self.receiver.recv().await {
                Ok(published) => published,
                // Fell behind: skip to the latest view.
                Err(RecvError::Lagged(_)) => {
                    self.receiver = self.receiver.resubscribe();
                    self.app.hub.last(&self.id)?
                }
                Err(RecvError::Closed) => return None,
            };
            if stamp > self.sent {
                self.sent = stamp;
                let shown = fingerprint(&view);
                if shown != self.shown {
                    self.shown = shown;
                    return Some(view.to_string());
                }
            }
        }
    }

    async fn websocket(mut self, mut socket: WebSocket) {
        loop {
            tokio::select! {
                view = self.next() => {
                    let Some(view) = view else { break };
                    if socket.send(Message::Text(view.into())).await.is_err() {
                        break;
                    }
                }
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => {}
                },
            }
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        // The receiver goes with this watcher; forget the topic if it was the last one.
        let receiver = std::mem::replace(&mut self.receiver, tokio::sync::broadcast::channel(1).1);
        drop(receiver);
        self.app.hub.release(&self.id);
    }
}
