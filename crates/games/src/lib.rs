//! The games diplo plays, behind one interface.
//!
//! The [registry](GAMES) lists the four games with their options and starts or replays a
//! game of any of them as a [`Session`]: a dyn-safe handle that the command line, the engine's
//! match runner and the server drive without knowing which game it holds. A session hands
//! out its sequential or simultaneous face ([`SequentialSession`], [`SimultaneousSession`])
//! and, for code that needs the typed game (search, drawing), the game itself through
//! [`Session::as_any`].

mod error;
mod registry;
mod sequential;
mod session;
mod simultaneous;

pub use error::Error;
pub use registry::{
    find, ids_of, merged_options, replay_record, GameEntry, Kind, Replayed, DEFAULT_GAME, GAMES,
};
pub use sequential::SequentialGameSession;
pub use session::{
    MoveInfo, PhaseView, ResolveError, SequentialSession, Session, SimultaneousSession,
};
pub use simultaneous::SimultaneousGameSession;
