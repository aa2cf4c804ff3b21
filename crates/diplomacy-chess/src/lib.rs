//! Diplomacy Chess (João Pedro Neto, 1996): both players move at the same time; moves that
//! meet on the way fail, moves to the same square are settled by rank.
//!
//! The rules as diplo plays them are `docs/rules/diplomacy-chess.md`. The layers:
//! [`Position`] (and its string), [`Order`]s read from SAN or coordinates against the
//! [valid orders](validity::valid_orders), the [resolution](resolve::resolve) of a set of
//! orders, and the [`State`] between two turns behind the shared
//! [`SimultaneousPosition`](diplo_core::SimultaneousPosition) trait, which reads a side's
//! entries, plays turns in the three modes and explains them; a [`Game`] is the generic
//! [`SimultaneousGame`](diplo_core::SimultaneousGame) of states.

pub mod adjudicate;
pub mod conditional;
pub mod describe;
mod explain;
pub mod game;
mod mode;
pub mod notation;
pub mod order;
pub mod outcome;
pub mod position;
pub mod record;
mod report;
pub mod resolve;
#[cfg(feature = "serde")]
mod serde_impls;
mod simulate;
pub mod state;
pub mod terminal;
pub mod validity;

pub use adjudicate::{adjudicate, AdjudicateError};
pub use conditional::{Condition, Entry, EntryError, EntryProblem};
pub use game::{EntryOutcome, EntryReport, Mode, Orders, TurnError, TurnReport};
pub use notation::{Notation, NotationError, OrderError};
pub use order::{Order, OrderKind};
pub use position::{Position, PositionError};
pub use resolve::{resolve, Failure, OrderOutcome, Resolution};
pub use state::{Game, State};

use diplo_core::{GameInfo, OptionSpec};

/// What `diplo games` shows.
pub static GAME_INFO: GameInfo = GameInfo {
    id: "diplomacy-chess",
    name: "Diplomacy Chess (Neto)",
    short_name: "Diplomacy Chess",
    summary: "8x8; both sides move at once; conflicts by rank and by pieces meeting on the way",
    options: &[OptionSpec {
        name: "mode",
        values: &["basic", "progressive", "simultaneous-progressive"],
        help: "one move per side per turn, n moves in turn n in order, or a set of 1..n moves resolved together",
    }],
    notation_help: "Orders in SAN (Nf3, exd5, e8=Q, O-O) or coordinates (g1f3). Progressive mode \
                    takes conditional entries: `~e5?e5:exf6`, `wNh6?Nf5:d4`, `2Q?e4:Rd1`, \
                    `1?Bb5:Be2`.",
    perft_limit: None,
    typed_examples: &[("order", "e4"), ("entry", "Nh6?e5:d5")],
};
