//! What every diplo game shares.
//!
//! The game crates implement the position traits ([`SequentialPosition`],
//! [`SimultaneousPosition`]); the generic games on top of them ([`SequentialGame`],
//! [`SimultaneousGame`]) add history, repetition and records, and the command line, the
//! engine and the server drive every game through them without knowing its rules.

mod color;
pub mod describe;
mod options;
pub mod orders_file;
mod outcome;
pub mod record;
pub mod sequential;
pub mod simultaneous;
#[cfg(feature = "serde")]
pub mod text_serde;

pub use color::{ByColor, Color};
pub use options::{GameInfo, GameRules, OptionError, OptionSpec, Options, PerftLimit};
pub use outcome::{EndReason, GameResult, Outcome, Status, UnknownResultToken};
pub use record::{parse_record, write_record, Record, RecordError};
pub use sequential::{Game as SequentialGame, MoveError, SequentialPosition};
pub use simultaneous::{
    Game as SimultaneousGame, NoHistory, Phase, PhaseKind, Repetitions, SimultaneousPosition,
};
