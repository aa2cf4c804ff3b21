//! The server's own model of a game, apart from HTTP and the store (after lila's split of
//! game, actor and persistence).
//!
//! A [`ServerGame`] is the game's [`GameState`] (what its row in the store says, typed:
//! status, seats, time control and clocks, saved orders, version) and its [`Live`] session.
//! [`ServerGame::apply`] decides every change (a move, orders, a resignation, a join, a
//! deadline that passed) without I/O and says what it did in a [`Progress`], or refuses with
//! a typed [`GameError`]; the app writes and publishes what it did (`crate::app`), and only
//! the API turns an error into an HTTP status (`crate::api`).

mod apply;
mod clock;
mod error;
mod game;
mod live;
mod missed;
mod orders;
mod rematch;
mod seat;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_rematch;
#[cfg(test)]
mod tests_saved;
#[cfg(test)]
mod tests_time;

pub use apply::{Action, Actor, Outcome, Progress};
pub use clock::{Clocks, TimeControl};
pub use error::GameError;
pub use game::{Finish, GameState, NewGame, ServerGame};
pub use live::{Entry, Live, Logged, PhaseOrders};
pub use missed::{Absence, Late, ABANDON_AFTER, FORFEIT_AFTER};
pub use rematch::Rematch;
pub use seat::{BySide, Saved, Sealed, Seat, Status, HUMAN};

/// The most orders one request may give, and the longest move or order text.
pub const MAX_ORDERS: usize = 256;
pub const MAX_TEXT: usize = 64;
