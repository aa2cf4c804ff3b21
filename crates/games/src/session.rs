//! The dyn-safe face of a game in progress.

use crate::GameEntry;
use diplo_core::{Color, GameResult, MoveError, Options, Phase};
use std::any::Any;

/// A game in progress, of any of the four games.
pub trait Session: Send + Sync {
    /// The game's registry entry (id, name, options, kind).
    fn entry(&self) -> &'static GameEntry;
    /// The rule options the game is played under.
    fn options(&self) -> Options;
    /// The current position string.
    fn position_string(&self) -> String;
    /// The position string the game started from.
    fn start_position_string(&self) -> String;
    /// The result, if the game is over (by the rules, or by [`Session::end`]).
    fn result(&self) -> Option<GameResult>;
    /// Why an unfinished game is unfinished (`in progress`, Diplomatic Chess's `last chance`).
    fn unfinished_reason(&self) -> &'static str;
    /// Ends an unfinished game with a result the rules do not give (a resignation, a flag).
    fn end(&mut self, result: GameResult);
    /// Takes back a result decided outside the rules; returns it.
    fn cancel_end(&mut self) -> Option<GameResult>;
    /// The game as a record that `diplo replay` accepts, with extra tag pairs.
    fn record(&self, extra_tags: &[(String, String)]) -> String;

    fn as_sequential(&self) -> Option<&dyn SequentialSession>;
    fn as_sequential_mut(&mut self) -> Option<&mut dyn SequentialSession>;
    fn as_simultaneous(&self) -> Option<&dyn SimultaneousSession>;
    fn as_simultaneous_mut(&mut self) -> Option<&mut dyn SimultaneousSession>;

    /// The typed game (`diplo_core::SequentialGame<P>` or `diplo_core::SimultaneousGame<S>`),
    /// for code that works on one game's positions (search, drawing).
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_box(&self) -> Box<dyn Session>;
}

impl Clone for Box<dyn Session> {
    fn clone(&self) -> Box<dyn Session> {
        self.clone_box()
    }
}

/// A move as people and tools see it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveInfo {
    /// Coordinate notation (`d2d3`, `n2a3`, `H@c2`).
    pub coordinate: String,
    /// Canonical SAN in the position the move is (or was) played from.
    pub san: String,
}

/// A game in which the sides take turns.
pub trait SequentialSession: Send + Sync {
    fn side_to_move(&self) -> Color;
    /// The full-move number of the current position.
    fn fullmove(&self) -> u32;
    fn is_check(&self) -> bool;
    /// The legal moves of the current position in generation order: the pure move tree, which
    /// draws by repetition do not empty.
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// Reads a move in SAN or coordinates and plays it.
    fn play(&mut self, text: &str) -> Result<MoveInfo, MoveError>;
    /// Takes back the last move (and a result decided outside the rules); `false` if none.
    fn undo(&mut self) -> bool;
    /// The moves played so far.
    fn moves(&self) -> Vec<MoveInfo>;
    /// Leaf count of the legal move tree from the current position.
    fn perft(&self, depth: u32) -> u64;
    /// Per root move (coordinate notation), the leaf count below it.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
}

/// One played phase of a simultaneous game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhaseView {
    pub phase: Phase,
    /// Each side's orders as given (canonical text).
    pub white: Vec<String>,
    pub black: Vec<String>,
    /// What the adjudication did: the lines of `diplo adjudicate`'s output.
    pub report: Vec<String>,
    /// The same told to the players: each order with the whole reason, then what the next
    /// phase asks.
    pub explanation: Vec<String>,
}

impl PhaseView {
    pub fn orders(&self, side: Color) -> &[String] {
        side.fold(&self.white, &self.black)
    }
}

/// Why a phase was not resolved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// One side's orders are not valid here; nothing was resolved.
    #[error("{side}: {message}")]
    Orders { side: Color, message: String },
    #[error("the game is over ({0})")]
    Over(GameResult),
}

/// A game in which both sides give their orders at once.
pub trait SimultaneousSession: Send + Sync {
    /// The phase waiting for orders.
    fn phase(&self) -> Phase;
    /// Whether `side` has anything to decide now (never once the game is over).
    fn owes_orders(&self, side: Color) -> bool;
    /// How many orders `side` may give now: (least, most).
    fn order_count(&self, side: Color) -> (usize, usize);
    /// Reads one order of `side` and checks it on its own; returns its canonical text.
    fn check_order(&self, side: Color, text: &str) -> Result<String, String>;
    /// Checks one more order of `side` as a player types it, after the orders `before`
    /// (canonical texts already taken this phase): readable, possible now, and not at odds
    /// with the others in a way more orders could not mend (the position's `check_next`).
    /// Returns its canonical text, or why it is refused.
    fn check_next_order(
        &self,
        side: Color,
        before: &[String],
        text: &str,
    ) -> Result<String, String>;
    /// Checks a side's whole set of orders for this phase.
    fn check_orders(&self, side: Color, orders: &[String]) -> Result<(), String>;
    /// Every order `side` may give now, in canonical text.
    fn legal_orders(&self, side: Color) -> Vec<String>;
    /// The orders a side that sends none gets.
    fn default_orders(&self, side: Color) -> Vec<String>;
    /// Resolves the phase. `None` for a side means its default orders (a side that owes
    /// nothing, or missed its deadline).
    fn resolve(
        &mut self,
        white: Option<&[String]>,
        black: Option<&[String]>,
    ) -> Result<PhaseView, ResolveError>;
    /// Every phase played so far.
    fn phases(&self) -> Vec<PhaseView>;
}
