//! What every diplo game shares.
//!
//! The game crates implement these types and traits; the command line (and later the AI and
//! the server) drive every game through them without knowing its rules.

mod color;
mod options;
mod outcome;
pub mod record;
mod sequential;
mod simultaneous;

pub use color::{ByColor, Color};
pub use options::{GameInfo, OptionError, OptionSpec, Options};
pub use outcome::{GameResult, Outcome, UnknownResultToken};
pub use record::{parse_record, write_record, Record, RecordError, RecordMove};
pub use sequential::{MoveError, SequentialGame};
pub use simultaneous::SimultaneousGame;
