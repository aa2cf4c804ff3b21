//! Rules engine for **DiploChess** (Edi Birsan, with Fred Davis's additions): chess pieces
//! take Diplomacy orders — move, hold, support — written by both sides at once and settled by
//! power points, with retreats, removals and builds.
//!
//! The rules are the project's spec (`docs/rules/diplochess.md`). Movement is adjudicated
//! with the decision model of the Diplomacy Adjudicator Test Cases (DATC v3.0 §5): one
//! decision per order, resolved recursively with cycle detection ([`adjudicate`]).
//!
//! ```
//! use diplochess::{adjudicate, orders_file, Position};
//! let start = Position::start();
//! let orders = orders_file::parse("white: P e2 - e4\nblack: N g8 - f6\n").unwrap();
//! let result = adjudicate(&start, &orders).unwrap();
//! assert_eq!(
//!     result.position.to_string(),
//!     "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR KQkq - 0 1"
//! );
//! ```

mod adjust;
mod build;
mod game;
mod movement;
mod order;
pub mod orders_file;
mod position;
pub mod random;
pub mod record;
mod retreat;
mod validity;

pub use adjust::{adjust, AdjustmentReport};
pub use build::{build_step, BuildReport};
pub use game::{Game, GameError, PhaseReport, GAME_INFO};
pub use movement::{adjudicate, Adjudication, Dislodgement, MovementError, OrderReport, Outcome};
pub use order::{CastleSide, Order, OrderParseError, Phase, PieceRef};
pub use position::{cap, first_rank, last_rank, value, Position, PositionError, START};
pub use retreat::{legal_retreats, retreat, RetreatReport};
pub use validity::{can_capture_onto, move_spec, validate, MoveSpec, Valid, VoidReason};

/// The rule options (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// Rule 15's home-square adjustments every 10th turn.
    pub adjustments: bool,
    /// Dislodged pieces other than the King are removed at once.
    pub bloody: bool,
}

impl Rules {
    /// Reads the options checked against [`GAME_INFO`].
    pub fn from_options(options: &diplo_core::Options) -> Rules {
        Rules {
            adjustments: options.get("adjustments") == Some("on"),
            bloody: options.get("bloody") == Some("on"),
        }
    }
}
