//! The pieces of Diplomatic Chess: the FIDE pieces without the King, plus the Diplomat. Their
//! FEN letters are written and read as board8 writes and reads the FIDE pieces'.

use board8::{fen_letter, split_fen_letter};
use diplo_core::Color;

/// A piece kind. The order is the index of the role's bitboard; the Diplomat takes the
/// King's place (index 5, as in `board8::Role` and its Zobrist keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    Diplomat = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::Diplomat,
    ];
    /// What a pawn may promote to.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The SAN/FEN letter, upper case (`P` for pawns).
    pub const fn upper(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::Diplomat => 'D',
        }
    }

    /// The role whose upper-case letter is `c`.
    pub fn from_upper(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.upper() == c)
    }
}

/// A piece of one colour. (Not board8's `Piece` made generic over its role: tried, it cost
/// Diplomacy Chess's resolution a fifth more instructions through different inlining.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case White, lower case Black.
    pub fn char(self) -> char {
        fen_letter(self.color, self.role.upper())
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let (color, upper) = split_fen_letter(c);
        Some(Piece {
            color,
            role: Role::from_upper(upper)?,
        })
    }
}
