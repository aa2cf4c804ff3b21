//! A legal position: validated from a [`Setup`], with move generation and play.

mod accessors;
mod attacks;
mod movegen;
mod play;
mod sink;

use crate::setup::{Hand, Setup, SetupParseError};
use crate::{Cell, Move, Piece, Role, SubornRule};
use diplo_core::{ByColor, Color};
use std::fmt;

/// Why a readable setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{0} has no king")]
    MissingKing(Color),
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    #[error("{0} is in check but it is {1}'s turn")]
    OppositeCheck(Color, Color),
    #[error("pieces in hand are only possible with suborn=drop")]
    HandWithoutDrop,
    #[error("{0} pieces in all (board and hands); the game has 20")]
    TooManyPieces(u32),
    #[error("{0} pawns in all; the game has 10 and never makes more")]
    TooManyPawns(u32),
}

/// A position string that is unreadable, or readable but illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionParseError {
    #[error("cannot parse position: {0}")]
    Parse(#[from] SetupParseError),
    #[error("illegal position: {0}")]
    Illegal(#[from] PositionError),
}

/// Moves of one position; capacity covers the largest drop-subvariant positions.
pub type MoveList = arrayvec::ArrayVec<Move, 768>;

const EMPTY: u8 = 0;
const RING_CELLS: u64 = (1u64 << 42) - 1;
const CENTRE_BIT: u64 = 1u64 << 42;

/// A legal Diplomat Chess position under one suborn rule.
///
/// Built only through [`Position::from_setup`] (or the start position), so every value is a
/// position the rules allow: one king each, the side not to move not in check.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    by_color: [u64; 2],
    by_role: [u64; 6],
    /// Piece code per cell (0 empty, else 1 + colour * 6 + role) for quick look-ups.
    mailbox: [u8; 43],
    hands: [Hand; 2],
    side: Color,
    fullmove: u32,
    rule: SubornRule,
    hash: u64,
}

fn code(piece: Piece) -> u8 {
    1 + piece.color.index() as u8 * 6 + piece.role.index() as u8
}

fn decode(code: u8) -> Option<Piece> {
    (code != EMPTY).then(|| {
        let c = code - 1;
        Piece {
            color: if c < 6 { Color::White } else { Color::Black },
            role: Role::ALL[(c % 6) as usize],
        }
    })
}

impl Position {
    /// The standard start position under the given rule.
    pub fn start(rule: SubornRule) -> Position {
        Position::parse(crate::START, rule).expect("the start position is legal")
    }

    /// Reads and validates a position string.
    pub fn parse(text: &str, rule: SubornRule) -> Result<Position, PositionParseError> {
        let setup: Setup = text.trim().parse()?;
        Ok(Position::from_setup(&setup, rule)?)
    }

    /// Validates a setup under a suborn rule.
    pub fn from_setup(setup: &Setup, rule: SubornRule) -> Result<Position, PositionError> {
        let mut pos = Position {
            by_color: [0; 2],
            by_role: [0; 6],
            mailbox: [EMPTY; 43],
            hands: [Hand::default(); 2],
            side: setup.side_to_move,
            fullmove: setup.fullmove,
            rule,
            hash: 0,
        };
        for cell in Cell::all() {
            if let Some(piece) = setup.piece_at(cell) {
                pos.put(cell.index(), piece);
            }
        }
        if let Some(hands) = &setup.hands {
            if rule != SubornRule::Drop && !(hands.white.is_empty() && hands.black.is_empty()) {
                return Err(PositionError::HandWithoutDrop);
            }
            pos.hands = [hands.white, hands.black];
        }
        for color in Color::ALL {
            match (pos.by_color[color.index()] & pos.by_role[Role::King.index()]).count_ones() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
        }
        let total = (pos.by_color[0] | pos.by_color[1]).count_ones()
            + pos.hands.iter().map(Hand::total).sum::<u32>();
        if total > 20 {
            return Err(PositionError::TooManyPieces(total));
        }
        let pawns = pos.by_role[Role::Pawn.index()].count_ones()
            + pos
                .hands
                .iter()
                .map(|h| h.count(Role::Pawn) as u32)
                .sum::<u32>();
        if pawns > 10 {
            return Err(PositionError::TooManyPawns(pawns));
        }
        let waiting = !pos.side;
        if pos.attackers(pos.king_index(waiting), pos.side, pos.occupied()) != 0 {
            return Err(PositionError::OppositeCheck(waiting, pos.side));
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The raw setup of this position (what the position string writes).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 43];
        for (cell, slot) in board.iter_mut().enumerate() {
            *slot = decode(self.mailbox[cell]);
        }
        Setup {
            board,
            hands: (self.rule == SubornRule::Drop)
                .then(|| ByColor::new(self.hands[0], self.hands[1])),
            side_to_move: self.side,
            fullmove: self.fullmove,
        }
    }
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self}, suborn={})", self.rule)
    }
}
