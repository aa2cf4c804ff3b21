//! The state of a game between two adjudications ([`State`]) and the phases of a turn (§3):
//! movement, retreats, the build step, adjustments, then the end check (§9) and the next
//! turn. [`State`] is DiploChess's [`SimultaneousPosition`].

mod explain;
mod phases;
mod reading;
mod simultaneous_position;

use crate::adjust;
use crate::build;
use crate::movement::{Adjudication, Dislodgement};
use crate::order::{Order, Phase};
use crate::position::Position;
use crate::retreat;
use crate::Rules;
use board8::{Bitboard, Role};
#[cfg(doc)]
use diplo_core::SimultaneousPosition;
use diplo_core::{Color, GameResult};
use std::fmt;

/// Where the turn stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Stage {
    Movement,
    /// The movement adjudication whose dislodged pieces retreat now.
    Retreats(Box<Adjudication>),
    Builds,
    Adjustments,
    Over,
}

/// Everything the rules need between two adjudications: the rules, the board (during the
/// retreats: after movement, the dislodged pieces off it), the phase waiting for orders
/// (with the movement adjudication the retreats need), whether this turn has made progress
/// so far (§9.3), and the result once the rules have ended the game.
///
/// `Display` writes the position string (§10.1) of the board now; between turns it reads
/// back with [`SimultaneousPosition::parse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    rules: Rules,
    position: Position,
    stage: Stage,
    /// Something counted as progress this turn (§9.3).
    progress: bool,
    result: Option<GameResult>,
}

/// One side's orders for a phase, checked ([`SimultaneousPosition::check_orders`]), in the
/// order they were given.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Orders(Vec<Order>);

impl Orders {
    pub fn as_slice(&self) -> &[Order] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl State {
    /// A game at the movement phase of `position`'s turn.
    pub fn new(position: Position, rules: Rules) -> State {
        State {
            rules,
            position,
            stage: Stage::Movement,
            progress: false,
            result: None,
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The board now (during retreats: after movement, dislodged pieces off the board; before
    /// the build step a pawn may still stand on its last rank).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The phase now waiting for orders; `None` when the game is over.
    pub fn current_phase(&self) -> Option<Phase> {
        match self.stage {
            Stage::Movement => Some(Phase::Movement),
            Stage::Retreats(_) => Some(Phase::Retreats),
            Stage::Builds => Some(Phase::Builds),
            Stage::Adjustments => Some(Phase::Adjustments),
            Stage::Over => None,
        }
    }

    /// The result if the rules have ended the game.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// During the retreats: the movement adjudication whose dislodged pieces retreat.
    pub fn movement(&self) -> Option<&Adjudication> {
        match &self.stage {
            Stage::Retreats(adj) => Some(adj),
            _ => None,
        }
    }

    /// The dislodged pieces waiting to retreat, with their legal retreat squares.
    pub fn pending_retreats(&self) -> Vec<(Dislodgement, Bitboard)> {
        match &self.stage {
            Stage::Retreats(adj) => adj
                .dislodged
                .iter()
                .map(|d| (*d, retreat::legal_retreats(&adj.position, d, adj.standoffs)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether `color` has anything to decide in the current phase.
    pub fn needs_orders(&self, color: Color) -> bool {
        match &self.stage {
            Stage::Movement => true,
            Stage::Retreats(adj) => adj.dislodged.iter().any(|d| self.retreats(d, color)),
            Stage::Builds => build::needs_orders(&self.position, color),
            Stage::Adjustments => adjust::needs_orders(&self.position, color),
            Stage::Over => false,
        }
    }

    /// Whether a dislodged piece of `color` may retreat (with `bloody=on` only the King does).
    pub(crate) fn retreats(&self, d: &Dislodgement, color: Color) -> bool {
        d.piece.color == color && !(self.rules.bloody && d.piece.role != Role::King)
    }

    /// How many decisions `side` has in this phase: its pieces in movement, its dislodged
    /// pieces that may retreat, its builds and conversions, its adjustment.
    fn decisions(&self, side: Color) -> usize {
        match &self.stage {
            Stage::Movement => self.position.board.by_color(side).count_ones() as usize,
            Stage::Retreats(adj) => adj
                .dislodged
                .iter()
                .filter(|d| self.retreats(d, side))
                .count(),
            Stage::Builds => build::decisions(&self.position, side),
            Stage::Adjustments => adjust::balance(&self.position, side).unsigned_abs() as usize,
            Stage::Over => 0,
        }
    }
}

impl fmt::Display for State {
    /// The position string of the board now (§10.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.fmt(f)
    }
}
