//! Players: what chooses a move, or a side's orders, in a game held by a session, and the
//! dispatch from a session to the search of its kind (choosing, analysing).

use crate::analysis::{Analysis, Info, Limit};
use crate::choice::Choice;
use crate::spec::{PlayerKind, PlayerSpec};
use diplo_core::Color;
use diplo_games::Session;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A computer player.
pub trait Player: Send {
    /// Chooses for `side` in the game `session` holds: the next move when `side` is to move
    /// in a sequential game, or `side`'s orders for the current phase of a simultaneous
    /// game. `None` when there is nothing to choose (the game is over, or `side` is not
    /// to move).
    fn choose(&mut self, session: &Session, side: Color) -> Option<Choice>;
}

/// A uniformly random legal move; in a simultaneous game, a random acceptable set of the
/// side's legal orders.
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

/// How many random sets are tried before a side falls back on its default orders.
const SET_TRIES: usize = 64;

impl Player for RandomPlayer {
    fn choose(&mut self, session: &Session, side: Color) -> Option<Choice> {
        RandomPlayer::choose_with(&mut self.rng, session, side)
    }
}

impl RandomPlayer {
    /// The random choice, drawn from `rng`.
    pub(crate) fn choose_with(
        rng: &mut SmallRng,
        session: &Session,
        side: Color,
    ) -> Option<Choice> {
        if session.result().is_some() {
            return None;
        }
        if let Some(game) = session.as_sequential() {
            if game.side_to_move() != side {
                return None;
            }
            let moves = game.legal_moves();
            return moves
                .choose(rng)
                .map(|m| Choice::Move(m.coordinate.clone()));
        }
        let game = session.as_simultaneous()?;
        if !game.owes_orders(side) {
            return None;
        }
        let legal = game.legal_orders(side);
        let (least, most) = game.order_count(side);
        for _ in 0..SET_TRIES {
            let size = rng.gen_range(least..=most.max(least)).min(legal.len());
            let set: Vec<String> = legal.choose_multiple(rng, size).cloned().collect();
            if game.check_orders(side, &set).is_ok() {
                return Some(Choice::Orders(set));
            }
        }
        Some(Choice::Orders(game.default_orders(side)))
    }
}

/// An engine level or the `greedy` baseline: alpha-beta search in the sequential games,
/// equilibrium search in the simultaneous ones.
pub struct ComputerPlayer {
    spec: PlayerSpec,
    rng: SmallRng,
}

impl ComputerPlayer {
    pub fn new(spec: PlayerSpec, seed: u64) -> ComputerPlayer {
        ComputerPlayer {
            spec,
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Player for ComputerPlayer {
    fn choose(&mut self, session: &Session, side: Color) -> Option<Choice> {
        if session.as_sequential().is_some() {
            crate::sequential::choose(session, side, &self.spec, &mut self.rng)
        } else {
            crate::simultaneous::choose(session, side, &self.spec, &mut self.rng)
        }
    }
}

impl PlayerSpec {
    /// The computer player this spec names (`None` for `human`), its random choices drawn
    /// from `seed`.
    pub fn player(&self, seed: u64) -> Option<Box<dyn Player>> {
        match self.kind {
            PlayerKind::Human => None,
            PlayerKind::Random => Some(Box::new(RandomPlayer::new(seed))),
            PlayerKind::Engine { .. } | PlayerKind::Greedy => {
                Some(Box::new(ComputerPlayer::new(*self, seed)))
            }
        }
    }
}

/// Analyses the game `session` holds: for the side to move in a sequential game, for `side`
/// in a simultaneous one. `progress` sees each `info` as it is found. `None` when the game
/// is over or `side` owes nothing.
pub fn analyse(
    session: &Session,
    limit: Limit,
    side: Color,
    seed: u64,
    progress: &mut dyn FnMut(&Info),
) -> Option<Analysis> {
    if session.result().is_some() {
        return None;
    }
    if session.as_sequential().is_some() {
        crate::sequential::analyse(session, limit, seed, progress)
    } else {
        crate::simultaneous::analyse(session, limit, side, seed, progress)
    }
}
