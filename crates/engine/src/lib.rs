//! Computer opponents for diplo's four games.
//!
//! A [`PlayerSpec`] (`human`, `engine`, `engine:L`, `random`, `greedy`, each with an optional
//! `@ms=N`) names a player; [`PlayerSpec::player`] makes it, and a [`Player`] chooses the next
//! move, or a side's orders, for any game held in a [`diplo_games::Session`].

mod player;
mod spec;

pub use player::{Choice, Player, RandomPlayer};
pub use spec::{PlayerKind, PlayerSpec, SpecError};
