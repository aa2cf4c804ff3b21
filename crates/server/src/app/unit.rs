//! The unit of work: the one path every change to the store takes (creation, moves and
//! orders, joins, resignations, deadlines, rematches).
//!
//! Lock the games' slots → load each (from this process's memory when it is the store's
//! only writer, else in a transaction that locks the game's row, catching the cached game
//! up with the log) → decide (the domain, without I/O) → write the log, sealed orders and
//! rows → commit → then answer, publish the new views, keep the games in memory and start
//! the engines that owe a move. A unit that fails writes nothing, and a game whose change
//! failed halfway is forgotten (the next change reads it back from the store).

use super::slots::Cached;
use super::{Acted, App};
use crate::domain::{GameError, Live, Outcome, Progress, ServerGame};
use crate::secret;
use crate::store::{Tx, Writes};
use crate::view::{render, Viewer};
use std::sync::Arc;
use tokio::sync::OwnedMutexGuard;

/// The games a unit locks before it loads them.
pub enum Lock<'a> {
    /// None: the unit only makes new games.
    None,
    Game(&'a str),
    /// A game and the rematch it links to, if any (found once the game's own slot is held,
    /// so that every rematch locks the old game first).
    WithRematch(&'a str),
}

/// What a unit decides on: the games it holds (in the order locked; `None`: no such game),
/// what changed in each, and the games it makes.
pub struct Work {
    pub games: Vec<Option<ServerGame>>,
    progress: Vec<Option<Progress>>,
    inserts: Vec<ServerGame>,
}

impl Work {
    /// The `i`th game held.
    pub fn game(&mut self, i: usize) -> Result<&mut ServerGame, GameError> {
        self.games
            .get_mut(i)
            .and_then(Option::as_mut)
            .ok_or(GameError::UnknownGame)
    }

    /// What changed in the `i`th game.
    pub fn record(&mut self, i: usize, progress: Progress) {
        self.progress[i] = Some(progress);
    }

    /// A new game to store.
    pub fn insert(&mut self, game: ServerGame) {
        self.inserts.push(game);
    }
}

/// What a unit did: the decision's value, the answer for each game held (its view for the
/// player who asked, when the game went on), and the ids of the games it made.
pub struct Done<T> {
    pub value: T,
    pub answers: Vec<Acted>,
    pub inserted: Vec<String>,
}

/// A game's slot, locked.
type Slot = OwnedMutexGuard<Option<Cached>>;

struct Held {
    id: String,
    slot: Slot,
}

impl App {
    async fn hold(&self, id: &str) -> Held {
        Held {
            id: id.to_string(),
            slot: self.slots.get(id).lock_owned().await,
        }
    }

    /// Runs one unit of work (see the module's documentation); `decide` changes the games
    /// held and records what it did, or refuses, leaving them as they were.
    pub async fn unit<T>(
        self: &Arc<Self>,
        lock: Lock<'_>,
        decide: impl FnOnce(&mut Work) -> Result<T, GameError>,
    ) -> Result<Done<T>, GameError> {
        // Every slot is locked before any transaction begins: on SQLite a transaction holds
        // the one write connection, which a change holding another slot may be waiting for.
        let mut held = Vec::new();
        match lock {
            Lock::None => {}
            Lock::Game(id) => held.push(self.hold(id).await),
            Lock::WithRematch(id) => {
                let old = self.hold(id).await;
                let link = match old.slot.as_ref().and_then(|c| c.known.as_ref()) {
                    Some(known) => known.rematch.clone(),
                    None => self.store.game(id).await?.and_then(|s| s.rematch),
                };
                held.push(old);
                if let Some(link) = link {
                    held.push(self.hold(&link).await);
                }
            }
        }
        let mut tx = None;
        let mut games = Vec::with_capacity(held.len());
        for h in &mut held {
            // The slot stays empty until the unit ends: if this future is dropped halfway,
            // the next request rebuilds the game from the store.
            let cached = h.slot.take();
            games.push(self.load(&mut tx, &h.id, cached).await?);
        }
        if let Lock::WithRematch(_) = lock {
            // Another process linked a rematch since (PostgreSQL: row locks keep this safe).
            let link = games[0].as_ref().and_then(|g| g.state.rematch.clone());
            if let Some(link) = link.filter(|l| held.iter().all(|h| h.id != *l)) {
                let mut h = self.hold(&link).await;
                let cached = h.slot.take();
                games.push(self.load(&mut tx, &link, cached).await?);
                held.push(h);
            }
        }
        let mut work = Work {
            progress: vec![None; games.len()],
            games,
            inserts: Vec::new(),
        };
        let value = match decide(&mut work) {
            Ok(value) => value,
            // Refused: nothing changed (the transaction rolls back as it is dropped).
            Err(e) => {
                if !matches!(e, GameError::Internal(_)) {
                    self.keep(&mut held, work.games, false);
                }
                return Err(e);
            }
        };
        let Work {
            mut games,
            progress,
            inserts,
        } = work;
        let backend = self.store.backend;
        let mut changes = Writes::default();
        for (game, progress) in games.iter_mut().zip(&progress) {
            if let (Some(game), Some(progress)) = (game, progress) {
                if progress.changed() {
                    game.state.mark_stored(progress.visible(), progress.at);
                    changes.change(&game.state, progress, backend);
                }
            }
        }
        let (inserts, inserted) = self
            .commit(tx, changes, inserts, matches!(lock, Lock::None))
            .await?;
        let mut answers = Vec::with_capacity(games.len());
        let mut refused = None;
        for ((h, game), progress) in held.iter_mut().zip(games).zip(progress) {
            let Some(game) = game else {
                answers.push(Acted::Nothing);
                continue;
            };
            let Some(mut progress) = progress else {
                answers.push(Acted::Nothing);
                self.keep_one(h, game, false);
                continue;
            };
            refused = refused.or(progress.refused.take());
            answers.push(self.answer(&game, &progress));
            if progress.changed() && progress.visible() && self.hub.watched(&h.id).is_some() {
                let view = render(&game, None, progress.at).to_json();
                self.hub.publish(&h.id, game.state.stamp, view);
            }
            self.keep_one(h, game, progress.changed());
        }
        for (mut slot, game) in inserts {
            if game.state.engine_due {
                self.kick(&game);
            }
            *slot = Some(self.cached(game));
        }
        match refused {
            Some(e) => Err(e),
            None => Ok(Done {
                value,
                answers,
                inserted,
            }),
        }
    }

    /// A game as last committed: from memory when this server is the store's only writer
    /// and has it, else read under its row's lock (`None`: no such game).
    async fn load(
        &self,
        tx: &mut Option<Tx>,
        id: &str,
        cached: Option<Cached>,
    ) -> Result<Option<ServerGame>, GameError> {
        let live = match cached {
            Some(Cached {
                live,
                known: Some(state),
            }) => return Ok(Some(ServerGame { state, live })),
            other => other.map(|c| c.live),
        };
        let tx = match tx {
            Some(tx) => tx,
            None => tx.insert(self.store.begin().await?),
        };
        let Some(mut state) = self.store.lock_game(tx, id).await? else {
            return Ok(None);
        };
        let after = Live::reusable_from(live.as_ref(), state.version);
        let log = if after < state.version {
            tx.log(id, after, state.version).await?
        } else {
            Vec::new()
        };
        let live = Live::catch_up(live, &state, log)?;
        if state.sealed.white.is_some() || state.sealed.black.is_some() {
            for (side, saved) in tx.pending(id, state.version).await? {
                if state.has_saved(side) {
                    *state.sealed.get_mut(side) = Some(saved);
                }
            }
        }
        Ok(Some(ServerGame { state, live }))
    }

    /// Writes and commits: in the unit's transaction if it has one, else as a change to
    /// games this server knows (SQLite's group committer). New games take their slots
    /// first; a new game (not a rematch, `retry`) whose id is taken gets another.
    async fn commit(
        &self,
        tx: Option<Tx>,
        changes: Writes,
        mut inserts: Vec<ServerGame>,
        retry: bool,
    ) -> Result<(Vec<(Slot, ServerGame)>, Vec<String>), GameError> {
        if inserts.is_empty() {
            if !changes.is_empty() {
                match tx {
                    Some(tx) => tx.commit(changes).await?,
                    None => self.store.commit_known(changes).await?,
                }
            }
            return Ok((Vec::new(), Vec::new()));
        }
        let mut tx = tx;
        for attempt in 0.. {
            let mut slots = Vec::with_capacity(inserts.len());
            let mut writes = Writes::default();
            for game in &mut inserts {
                // A slot held for a new id is another game's: the id is taken.
                let slot = match self.slots.get(&game.state.id).try_lock_owned() {
                    Ok(slot) => slot,
                    Err(_) if retry && attempt < 3 => {
                        game.state.id = secret::new_game_id();
                        continue;
                    }
                    Err(_) => return Err(GameError::Internal("a new game's id is taken".into())),
                };
                slots.push(slot);
                writes.insert_game(&game.state);
            }
            if slots.len() < inserts.len() {
                continue;
            }
            writes.extend(changes.clone());
            let committed = match tx.take() {
                Some(tx) => tx.commit(writes).await,
                None => self.store.commit_known(writes).await,
            };
            match committed {
                Ok(()) => {
                    let ids = inserts.iter().map(|g| g.state.id.clone()).collect();
                    return Ok((slots.into_iter().zip(inserts).collect(), ids));
                }
                // A clash of random ids is all but impossible; try again if it happens.
                Err(e) if retry && attempt < 3 && is_unique_violation(&e) => {
                    for game in &mut inserts {
                        game.state.id = secret::new_game_id();
                    }
                }
                Err(e) => return Err(e.into()),
            }
        }
        unreachable!("the loop returns")
    }

    /// The answer to the player who asked.
    fn answer(&self, game: &ServerGame, progress: &Progress) -> Acted {
        match progress.outcome {
            Outcome::Game => {
                let viewer = progress.viewer.map(|side| Viewer {
                    side,
                    pending: game
                        .state
                        .sealed
                        .get(side)
                        .as_ref()
                        .and_then(|s| s.orders().cloned()),
                    ready: game.state.is_ready(side),
                });
                Acted::Game(render(game, viewer.as_ref(), progress.at).to_json())
            }
            Outcome::Sealed => Acted::Sealed,
            Outcome::Saved => Acted::Saved,
            Outcome::Joined { side } => Acted::Joined(side),
            Outcome::Nothing => Acted::Nothing,
        }
    }

    /// Keeps the games of a unit that changed nothing in memory.
    fn keep(&self, held: &mut [Held], games: Vec<Option<ServerGame>>, changed: bool) {
        for (h, game) in held.iter_mut().zip(games) {
            if let Some(game) = game {
                self.keep_one(h, game, changed);
            }
        }
    }

    /// Keeps a game in memory (and starts its engines if the change made them owe a move).
    fn keep_one(&self, held: &mut Held, game: ServerGame, changed: bool) {
        if changed && game.state.engine_due {
            self.kick(&game);
        }
        *held.slot = Some(self.cached(game));
    }

    fn cached(&self, game: ServerGame) -> Cached {
        Cached {
            live: game.live,
            known: self.store.sole_writer().then_some(game.state),
        }
    }
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}
