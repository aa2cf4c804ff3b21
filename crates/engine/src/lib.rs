//! Computer opponents for diplo's four games.
//!
//! A [`PlayerSpec`] (`human`, `engine`, `engine:L`, `random`, `greedy`, each with an optional
//! `@ms=N`) names a player; [`PlayerSpec::player`] makes it, and a [`Player`] chooses the next
//! move, or a side's orders, for any game held in a [`diplo_games::Session`].
//!
//! The sequential games (Diplomat Chess, Diplomatic Chess) are searched by alpha-beta in
//! [`sequential`]; the simultaneous games (Diplomacy Chess, DiploChess) by equilibrium search
//! in [`simultaneous`].

mod analysis;
pub mod arena;
mod choice;
pub mod eval;
mod player;
pub mod sequential;
pub mod simultaneous;
mod spec;

pub use analysis::{Analysis, Equilibrium, Info, Iteration, Limit, Score};
pub use choice::Choice;
pub use player::{analyse, ComputerPlayer, Player, RandomPlayer};
pub use spec::{PlayerKind, PlayerSpec, SpecError};
