//! The game service: every change to a game goes through one unit of work ([`unit`]); every
//! read of one through [`App::read`]. The rules of a change are the domain's
//! (`crate::domain`); the app locks, loads, stores, publishes and starts engines.

mod read;
mod slots;
mod unit;

pub use slots::{Cached, Slots};
pub use unit::{Done, Lock, Work};

use crate::config::{now_ms, Config};
use crate::domain::{Action, Actor, GameError, NewGame, Rematch, ServerGame};
use crate::engine::{Engines, Owed};
use crate::events::Hub;
use crate::secret;
use crate::store::Store;
use diplo_core::Color;
use std::sync::Arc;

/// What a change did, as the one who asked sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Acted {
    /// The game after the change, as its player sees it (JSON text).
    Game(String),
    /// The side is ready with its orders; the phase waits for the other side.
    Sealed,
    /// The orders are saved, the side not ready.
    Saved,
    /// The seat of this colour is taken.
    Joined(Color),
    /// Nothing was due.
    Nothing,
}

/// What creating a game answers.
pub struct Created {
    pub id: String,
    pub color: Color,
    pub token: String,
    pub invite: Option<String>,
}

/// What asking for a rematch answers: the new game, the asker's colour and token, and
/// whether this call created the game.
pub struct Rematched {
    pub id: String,
    pub color: Color,
    pub token: String,
    pub created: bool,
}

/// The server's state, shared by every request and background task.
pub struct App {
    pub store: Store,
    pub config: Config,
    pub slots: Slots,
    pub hub: Hub,
    pub engines: Engines,
}

impl App {
    pub fn new(store: Store, config: Config, engines: Engines) -> App {
        App {
            store,
            slots: Slots::new(config.cached_games),
            hub: Hub::default(),
            engines,
            config,
        }
    }

    /// Creates a game; the creator takes `new.color`.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<Created, GameError> {
        let (color, token, invite) = (new.color, secret::new_secret(), secret::new_secret());
        let game = ServerGame::create(new, secret::new_game_id(), &token, &invite, now_ms())?;
        let invited = game.state.invite.is_some();
        let done = self
            .unit(Lock::None, |work| {
                work.insert(game);
                Ok(())
            })
            .await?;
        Ok(Created {
            id: done.inserted.into_iter().next().unwrap_or_default(),
            color,
            token,
            invite: invited.then_some(invite),
        })
    }

    /// Applies a change to a game.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        actor: Actor,
        action: Action,
    ) -> Result<Acted, GameError> {
        if !secret::is_game_id(id) {
            return Err(GameError::UnknownGame);
        }
        let done = self
            .unit(Lock::Game(id), |work| {
                let progress = work.game(0)?.apply(&actor, action, now_ms())?;
                work.record(0, progress);
                Ok(())
            })
            .await?;
        Ok(done.answers.into_iter().next().unwrap_or(Acted::Nothing))
    }

    /// Takes the free seat of a game: the colour and the new player's token.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        invite: Option<String>,
    ) -> Result<(Color, String), GameError> {
        let token = secret::new_secret();
        let action = Action::Join {
            invite,
            token: token.clone(),
        };
        match self.act(id, Actor::Anyone, action).await? {
            Acted::Joined(color) => Ok((color, token)),
            _ => Err(GameError::Internal("a join took no seat".into())),
        }
    }

    /// A rematch of a finished game, colours swapped. The first player to ask creates it
    /// and takes a seat (an engine opponent takes the other at once); the other player asks
    /// too to take the other seat. The old game shows the rematch's id.
    pub async fn rematch(self: &Arc<Self>, id: &str, token: &str) -> Result<Rematched, GameError> {
        if !secret::is_game_id(id) {
            return Err(GameError::UnknownGame);
        }
        let (new_id, new_token) = (secret::new_game_id(), secret::new_secret());
        let done = self
            .unit(Lock::WithRematch(id), |work| {
                let now = now_ms();
                let (old, rest) = work.games.split_first_mut().ok_or(GameError::UnknownGame)?;
                let old = old.as_mut().ok_or(GameError::UnknownGame)?;
                let link = old.state.rematch.clone();
                let offered = rest
                    .iter_mut()
                    .flatten()
                    .find(|g| Some(&g.state.id) == link.as_ref());
                match old.rematch(token, offered, new_id, &new_token, now)? {
                    Rematch::Created { game, seat, old } => {
                        work.record(0, old);
                        work.insert(*game);
                        Ok((None, seat))
                    }
                    Rematch::Joined { seat, offered } => {
                        let at = work
                            .games
                            .iter()
                            .position(|g| g.as_ref().map(|g| &g.state.id) == link.as_ref());
                        work.record(at.ok_or(GameError::UnknownGame)?, offered);
                        Ok((link, seat))
                    }
                }
            })
            .await?;
        let (link, color) = done.value;
        let created = link.is_none();
        Ok(Rematched {
            id: link
                .or(done.inserted.into_iter().next())
                .unwrap_or_default(),
            color,
            token: new_token,
            created,
        })
    }

    /// Starts the engines that owe a move or orders in this game.
    pub fn kick(&self, game: &ServerGame) {
        for (side, spec) in game.engines_owed() {
            self.engines.ask(Owed {
                game: game.state.id.clone(),
                side,
                version: game.state.version,
                spec,
                session: game.live.session.clone(),
            });
        }
    }
}
