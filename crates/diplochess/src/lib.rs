//! Rules engine for **DiploChess** (Edi Birsan, with Fred Davis's additions): chess pieces
//! take Diplomacy orders — move, hold, support — written by both sides at once and settled by
//! power points, with retreats, removals and builds.
//!
//! The rules are the project's spec (`docs/rules/diplochess.md`). Movement is adjudicated
//! with the decision model of the Diplomacy Adjudicator Test Cases (DATC v3.0 §5): one
//! decision per order, resolved recursively with cycle detection ([`adjudicate`]).
//!
//! A game is the generic [`diplo_core::SimultaneousGame`] over [`State`], DiploChess's
//! [`diplo_core::SimultaneousPosition`]: typed orders, their enumeration, the phases of a
//! turn, the end of the game and the records.
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
//!
//! The same turn through the game layer:
//!
//! ```
//! use diplo_core::{Color, SimultaneousPosition};
//! use diplochess::{Game, Rules, State};
//! let mut game = Game::standard(Rules::default());
//! let start = game.position().clone();
//! let white = start.parse_order(Color::White, "P e2 - e4").unwrap();
//! let black = start.parse_order(Color::Black, "N g8 - f6").unwrap();
//! let white = start.check_orders(Color::White, &[white]).unwrap();
//! let black = start.check_orders(Color::Black, &[black]).unwrap();
//! game.play(white, black).unwrap();
//! assert_eq!(
//!     game.position().to_string(),
//!     "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR KQkq - 0 2"
//! );
//! assert!(game.record(&[]).contains("turn 1\nwhite: P e2 - e4\nblack: N g8 - f6\n"));
//! ```

mod adjust;
mod build;
pub mod describe;
mod enumerate;
mod game;
mod movement;
mod order;
pub mod orders_file;
mod outcome;
mod position;
pub mod record;
mod retreat;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;
mod validity;

pub use adjust::{adjust, AdjustmentReport};
pub use build::{build_step, BuildError, BuildReport};
pub use enumerate::move_destinations;
pub use game::{Game, OrderError, PhaseReport, Resolution, GAME_INFO, NO_PROGRESS_TURNS};
pub use movement::{
    adjudicate, Adjudication, Dislodgement, MovementError, OrderOutcome, OrderReport,
};
pub use order::{CastleSide, Order, OrderParseError, Phase, PieceRef};
pub use outcome::{Consequence, Failure, FailureKind, FailureParseError, Void};
pub use position::{cap, first_rank, last_rank, value, Position, PositionError, START};
pub use retreat::{legal_retreats, retreat, RetreatError, RetreatReport};
pub use state::{Orders, State};
pub use validity::{
    can_capture_onto, castle_flag, castle_specs, move_spec, ordered_squares, validate, MoveSpec,
    Valid, VoidReason,
};

// Seeded random positions and orders: for this crate's unit tests, and with the `random`
// feature for the integration tests and the benchmark (through `diplo_testkit::diplochess`).
#[cfg(any(test, feature = "random"))]
pub mod random;

/// The rule options (§1), read from checked options with
/// [`GameRules::from_options`](diplo_core::GameRules::from_options).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Rule 15's home-square adjustments every 10th turn.
    pub adjustments: bool,
    /// Dislodged pieces other than the King are removed at once.
    pub bloody: bool,
}
