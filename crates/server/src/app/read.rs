//! Reading games: views, records, the lobby. A read applies a deadline that has passed
//! first (through the unit of work), then shows the game as last committed.

use super::slots::Cached;
use super::App;
use crate::config::now_ms;
use crate::domain::{Action, Actor, GameError, GameState, Live, ServerGame, Status};
use crate::secret;
use crate::view::render;
use diplo_games::Kind;
use serde_json::{json, Value};
use std::sync::Arc;

impl App {
    /// Runs `f` on a game as last committed (a deadline that has passed is applied first).
    pub async fn read<T>(
        self: &Arc<Self>,
        id: &str,
        f: impl FnOnce(&ServerGame) -> T,
    ) -> Result<T, GameError> {
        if !secret::is_game_id(id) {
            return Err(GameError::UnknownGame);
        }
        let mut state = self.state(id).await?;
        if state.overdue(now_ms()) {
            self.act(id, Actor::System, Action::Expire).await?;
            state = self.state(id).await?;
        }
        let slot = self.slots.get(id);
        let mut guard = slot.lock().await;
        for _ in 0..3 {
            if guard
                .as_ref()
                .is_some_and(|c| c.live.version > state.version)
            {
                state = self.state(id).await?;
            }
        }
        let (cached, known) = match guard.take() {
            Some(Cached { live, known }) if live.version <= state.version => (Some(live), known),
            _ => (None, None),
        };
        let after = Live::reusable_from(cached.as_ref(), state.version);
        let log = if after < state.version {
            self.store.log(id, after, state.version).await?
        } else {
            Vec::new()
        };
        let live = Live::catch_up(cached, &state, log)?;
        let game = ServerGame { state, live };
        let out = f(&game);
        *guard = Some(Cached {
            live: game.live,
            known,
        });
        Ok(out)
    }

    async fn state(&self, id: &str) -> Result<GameState, GameError> {
        self.store.game(id).await?.ok_or(GameError::UnknownGame)
    }

    /// The game as everyone may see it, and the stamp of the state it shows.
    pub async fn public_view(self: &Arc<Self>, id: &str) -> Result<(i64, String), GameError> {
        let now = now_ms();
        self.read(id, |game| {
            (game.state.stamp, render(game, None, now).to_json())
        })
        .await
    }

    /// The game as `GET /api/games/{id}` shows it; with a player's token, with that
    /// player's own saved orders and whether it is ready.
    pub async fn view(self: &Arc<Self>, id: &str, token: Option<&str>) -> Result<Value, GameError> {
        let now = now_ms();
        let (mut view, version, viewer, legal) = self
            .read(id, |game| {
                let viewer = token
                    .map(|token| {
                        let side = game.state.side_of_token(token)?;
                        let (saved, ready) =
                            (game.state.has_saved(side), game.state.is_ready(side));
                        Ok::<_, GameError>((side, saved, ready))
                    })
                    .transpose()?;
                // The player's legal orders and how many it owes, for the page's order
                // entry (src/board.rs).
                let legal = viewer.map(|(side, ..)| {
                    let session = &game.live.session;
                    (
                        crate::board::legal_orders(session, side),
                        crate::view::order_count(session, side),
                    )
                });
                Ok::<_, GameError>((
                    render(game, None, now).to_value(),
                    game.state.version,
                    viewer,
                    legal,
                ))
            })
            .await??;
        if let Some((side, saved, ready)) = viewer {
            // Only the author reads its own saved orders, and whether it is ready.
            let pending = match saved {
                true => self.store.pending(id, side, version).await?,
                false => None,
            };
            view["you"] = Value::from(side.name());
            if view["kind"] == Kind::Simultaneous.name() {
                view["pending"] = json!(pending.as_ref().and_then(|p| p.orders()));
                view["ready"] = json!(ready);
                let (legal, count) = legal.unwrap_or_default();
                view["legal"] = json!(legal);
                view["order_count"] = count;
            }
        }
        Ok(view)
    }

    /// The game's record, which `diplo replay` accepts.
    pub async fn record(self: &Arc<Self>, id: &str) -> Result<String, GameError> {
        self.read(id, |game| {
            let seats = &game.state.seats;
            let tags = [
                ("White".to_string(), seats.white.player().into_owned()),
                ("Black".to_string(), seats.black.player().into_owned()),
            ];
            game.live.session.record(&tags)
        })
        .await
    }

    /// Games of one status, the most recently changed first.
    pub async fn list(&self, status: Status, limit: i64) -> Result<Vec<GameState>, GameError> {
        Ok(self.store.list(status, limit).await?)
    }

    /// Starts the engines of a game that owe something (after a restart, or when the
    /// process that should have started them went away).
    pub async fn resume_engines(self: &Arc<Self>, id: &str) -> Result<(), GameError> {
        let app = self.clone();
        self.read(id, move |game| {
            if game.state.engine_due {
                app.kick(game);
            }
        })
        .await
    }
}
