//! The games diplo plays, as one closed set.
//!
//! The [registry](GAMES) lists the games with their options and board, and starts or replays
//! a game of any of them as a [`Session`]: an enum with one variant per game, so that code
//! which must treat each game its own way (search, drawing) does so by an exhaustive
//! `match`, and everything else uses the session's game-neutral methods: its sequential or
//! simultaneous face ([`SequentialSession`], [`SimultaneousSession`]) and its description
//! ([`diplo_core::describe`]: the board, what the position asks, each move's or order's
//! shape, each resolution as drawn).

mod error;
mod faces;
mod registry;
mod session;

pub use error::Error;
pub use faces::{
    MoveInfo, OrderError, PhaseView, ResolveError, SequentialSession, SimultaneousSession,
};
pub use registry::{
    find, ids_of, merged_options, replay_record, GameEntry, Kind, Replayed, DEFAULT_GAME, GAMES,
};
pub use session::Session;
