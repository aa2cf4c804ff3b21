//! Reading a position: side to move, counters, pieces, kings, the hash and checks.

use super::{decode, Position};
use crate::setup::Hand;
use crate::tables::*;
use crate::{Cell, CellSet, Piece, Role, SubornRule};
use diplo_core::Color;

impl Position {
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    pub fn rule(&self) -> SubornRule {
        self.rule
    }
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        decode(self.mailbox[cell.index()])
    }

    /// The cells of one side's pieces.
    pub fn pieces(&self, color: Color) -> CellSet {
        CellSet(self.by_color[color.index()])
    }

    /// The cells of one side's pieces of one role.
    pub fn pieces_of(&self, color: Color, role: Role) -> CellSet {
        CellSet(self.by_color[color.index()] & self.by_role[role.index()])
    }

    pub fn occupied_cells(&self) -> CellSet {
        CellSet(self.occupied())
    }

    /// The king of a side.
    pub fn king(&self, color: Color) -> Cell {
        Cell::from_index_unchecked(self.king_index(color) as u8)
    }

    /// Zobrist key of what repetition compares: placement, colours, side to move and hands
    /// (not the move number).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key recomputed from nothing; equal to [`Position::hash`] in every reachable position.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (cell, &code) in self.mailbox.iter().enumerate() {
            if let Some(p) = decode(code) {
                h ^= ZOBRIST_PIECES[p.color.index()][p.role.index()][cell];
            }
        }
        if self.side == Color::Black {
            h ^= ZOBRIST_BLACK_TO_MOVE;
        }
        for color in Color::ALL {
            for role in Role::IN_HAND {
                h ^= ZOBRIST_HANDS[color.index()][role.hand_index()]
                    [self.hands[color.index()].count(role) as usize];
            }
        }
        h
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != CellSet::EMPTY
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> CellSet {
        CellSet(self.attackers(self.king_index(self.side), !self.side, self.occupied()))
    }

    /// Whether `color` attacks `cell` (a Diplomat never attacks).
    pub fn is_attacked(&self, cell: Cell, color: Color) -> bool {
        self.attackers(cell.index(), color, self.occupied()) != 0
    }

    /// Only the two kings are on the board (and, with drops, both hands are empty).
    pub fn is_bare_kings(&self) -> bool {
        self.occupied().count_ones() == 2 && self.hands.iter().all(Hand::is_empty)
    }

    #[inline]
    pub(super) fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub(super) fn role_of(&self, color: Color, role: Role) -> u64 {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    #[inline]
    pub(super) fn king_index(&self, color: Color) -> usize {
        self.role_of(color, Role::King).trailing_zeros() as usize
    }
}
