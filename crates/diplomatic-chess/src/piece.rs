//! The pieces of Diplomatic Chess: the FIDE pieces without the King, plus the Diplomat. The
//! piece of one colour and its FEN letters are board8's ([`board8::ColoredPiece`]).

use board8::PieceKind;

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
        <Role as PieceKind>::from_upper(c)
    }
}

impl PieceKind for Role {
    const ALL: &'static [Role] = &Role::ALL;

    #[inline]
    fn upper(self) -> char {
        Role::upper(self)
    }
}

/// A piece of one colour: `color` and `role`, with `char` and `from_char` for its FEN letter.
pub type Piece = board8::ColoredPiece<Role>;
