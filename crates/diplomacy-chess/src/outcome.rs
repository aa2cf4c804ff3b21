//! What became of an order: executed, or the failure with the piece, square and time step
//! that explain it (the short reasons of §12.4 and sentences for players).

use board8::{Piece, Role, Square};
use std::fmt;

/// Why an order was not executed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "reason"))]
pub enum Failure {
    /// Two pieces were on one square at the same tick while at least one was passing (§5.3.1).
    Met {
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
        square: Square,
        tick: u8,
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::piece"))]
        with: Piece,
    },
    /// A passing piece ran into a piece standing on its path (§5.3.1).
    Obstacle {
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
        square: Square,
        tick: u8,
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::piece"))]
        piece: Piece,
    },
    /// Two pieces swapped squares between two ticks (§5.2).
    Crossed {
        tick: u8,
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::piece"))]
        with: Piece,
    },
    /// Two pieces of one colour claimed the same square (§5.3.2).
    SameColour {
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
        square: Square,
        tick: u8,
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::piece"))]
        with: Piece,
    },
    /// Two pieces of equal rank claimed the same square (§5.3.3).
    EqualRank {
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
        square: Square,
        tick: u8,
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::piece"))]
        with: Piece,
    },
    /// A pawn push found a piece standing on its destination (§5.3.4), or a move found its own
    /// side's stationary piece there.
    Blocked {
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
        square: Square,
        tick: u8,
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::piece"))]
        piece: Piece,
    },
    /// The other half of a castling failed (§5.3.5).
    Castling { tick: u8 },
    /// Taken by a higher rank (§5.4.1).
    Captured {
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
        square: Square,
        tick: u8,
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::piece"))]
        by: Piece,
    },
    /// The king's destination (or castling transit) was attacked after the turn (§6).
    KingSafety {
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
        square: Square,
    },
}

impl Failure {
    /// The short reason of the adjudication output (§12.4).
    pub fn short(&self) -> String {
        match self {
            Failure::Met { square, .. } => format!("met at {square}"),
            Failure::Obstacle { square, .. } => format!("obstacle at {square}"),
            Failure::Crossed { .. } => "crossed".to_string(),
            Failure::SameColour { square, .. } => format!("same colour at {square}"),
            Failure::EqualRank { square, .. } => format!("equal rank at {square}"),
            Failure::Blocked { square, .. } => format!("blocked at {square}"),
            Failure::Castling { .. } => "castling partner failed".to_string(),
            Failure::Captured { square, .. } => format!("captured at {square}"),
            Failure::KingSafety { .. } => "king safety".to_string(),
        }
    }
}

pub(crate) fn piece_name(p: &Piece) -> String {
    let role = match p.role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    };
    format!("{} {role}", p.color)
}

impl fmt::Display for Failure {
    /// A sentence for a player: which piece, which square, which tick.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Met { square, tick, with } => write!(
                f,
                "met the {} on {square} at tick {tick}; both went back",
                piece_name(with)
            ),
            Failure::Obstacle {
                square,
                tick,
                piece,
            } => write!(
                f,
                "ran into the {} standing on {square} at tick {tick}",
                piece_name(piece)
            ),
            Failure::Crossed { tick, with } => write!(
                f,
                "crossed the {} head-on at tick {tick}; both went back",
                piece_name(with)
            ),
            Failure::SameColour { square, tick, with } => write!(
                f,
                "the {} claimed {square} too at tick {tick}",
                piece_name(with)
            ),
            Failure::EqualRank { square, tick, with } => write!(
                f,
                "the {} of equal rank claimed {square} too at tick {tick}",
                piece_name(with)
            ),
            Failure::Blocked {
                square,
                tick,
                piece,
            } => write!(
                f,
                "the {} stayed on {square} (tick {tick})",
                piece_name(piece)
            ),
            Failure::Castling { tick } => {
                write!(f, "the other half of the castling failed at tick {tick}")
            }
            Failure::Captured { square, tick, by } => write!(
                f,
                "captured on {square} by the higher-ranked {} at tick {tick}",
                piece_name(by)
            ),
            Failure::KingSafety { square } => {
                write!(
                    f,
                    "{square} was attacked after the turn, so the king stayed"
                )
            }
        }
    }
}

/// What became of one order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OrderOutcome {
    Executed,
    Failed(Failure),
}

impl OrderOutcome {
    pub fn is_executed(&self) -> bool {
        matches!(self, OrderOutcome::Executed)
    }
}

/// The rank of §2.2 (K 5, Q 4, R 3, B = N 2, P 1).
#[inline]
pub fn rank_of(role: Role) -> u8 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}
