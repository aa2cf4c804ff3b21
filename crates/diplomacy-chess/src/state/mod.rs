//! Diplomacy Chess behind the shared traits: the state between two turns as a
//! [`SimultaneousPosition`] (the `mode` option is its [`diplo_core::GameRules`], in
//! `src/mode.rs`), and a game as the generic [`diplo_core::SimultaneousGame`].
//!
//! A turn ([`State::resolve`]) is a pure function of the state, both sides' checked
//! [`Orders`] and the positions reached before (for threefold repetition): basic and
//! simultaneous-progressive turns are one resolution; a progressive turn runs its steps one
//! by one and may end in the middle (§9.2.1).

mod repetition;
mod set_orders;
mod simultaneous_position;
mod turn;

use crate::conditional::Entry;
use crate::game::{Orders, TurnError};
use crate::mode::Mode;
use crate::notation::{san, san_notation};
use crate::order::Order;
use crate::position::Position;
use crate::terminal::mate_or_stalemate;
#[cfg(doc)]
use diplo_core::SimultaneousPosition;
use diplo_core::{Color, GameResult};
use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

/// A game of Diplomacy Chess from some start, with its history and record.
pub type Game = diplo_core::SimultaneousGame<State>;

/// Everything the rules need between two turns: the [`Position`] (board, castling rights,
/// en-passant squares, clock, turn number), the mode, and the rules' verdict on it — a draw
/// judged after the turn (step) that reached it, or else checkmate or stalemate at the start
/// of the next turn (§8.1, §8.4). A state read from a string or set up as a start has had
/// no turn, so no draw is judged on it (as in chess, §8.4).
///
/// It reads as its position ([`Deref`]); `Display` writes the position string.
#[derive(Debug, Clone)]
pub struct State {
    // Crate-visible for the entry checks of `src/game.rs`; only the constructors set them.
    pub(crate) position: Position,
    pub(crate) mode: Mode,
    result: Option<GameResult>,
    /// [`SimultaneousPosition::hash`], computed when first asked for (a search that keeps no
    /// history never pays for it).
    hash: OnceLock<u64>,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.position == other.position && self.mode == other.mode && self.result == other.result
    }
}

impl Eq for State {}

impl State {
    /// A state that no turn has led to: a start, or a position given by a string. Only
    /// checkmate and stalemate can have ended it.
    pub fn new(position: Position, mode: Mode) -> State {
        let result = mate_or_stalemate(&position);
        State::judged(position, mode, result)
    }

    fn judged(position: Position, mode: Mode, result: Option<GameResult>) -> State {
        State {
            position,
            mode,
            result,
            hash: OnceLock::new(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn into_position(self) -> Position {
        self.position
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The rules' result, if they have ended the game.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The entry counts the rules ask of each side this turn: (least, most).
    pub fn entry_count(&self) -> (usize, usize) {
        let n = self.position.turn as usize;
        match self.mode {
            Mode::Basic => (1, 1),
            Mode::Progressive => (n, n),
            Mode::SimultaneousProgressive => (1, n),
        }
    }

    fn check_count(&self, got: usize) -> Result<(), TurnError> {
        let (least, most) = self.entry_count();
        if got < least || got > most {
            let expected = if least == most {
                least.to_string()
            } else {
                format!("{least} to {most}")
            };
            return Err(TurnError::Count { expected, got });
        }
        Ok(())
    }

    /// Reads one side's entries for this turn, their number checked against the turn.
    pub fn parse_orders<S: AsRef<str>>(
        &self,
        side: Color,
        entries: &[S],
    ) -> Result<Orders, TurnError> {
        self.check_count(entries.len())?;
        self.read_entries(side, entries)
    }

    /// A valid order as an entry: its canonical SAN over `valid`, as notation and as text.
    fn entry_of(&self, order: &Order, valid: &[Order]) -> Entry {
        Entry::Move {
            notation: san_notation(order, valid),
            text: san(&self.position, order, valid),
        }
    }
}

impl Deref for State {
    type Target = Position;

    fn deref(&self) -> &Position {
        &self.position
    }
}

impl fmt::Display for State {
    /// The position string (§12.2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.fmt(f)
    }
}
