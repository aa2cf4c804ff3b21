//! Piece placement with FIDE pieces, as bitboards plus a mailbox.

use crate::attacks::*;
use crate::Square;
use diplo_core::Color;

/// The FIDE piece kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

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
            Role::King => 'K',
        }
    }

    pub fn from_upper(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.upper() == c)
    }
}

/// A FIDE piece of one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

/// A piece's FEN letter from its role's upper-case letter: upper case White, lower case Black.
pub fn fen_letter(color: Color, upper: char) -> char {
    color.fold(upper, upper.to_ascii_lowercase())
}

/// The colour a FEN letter gives (upper case White, anything else Black) and the letter in
/// upper case: the inverse of [`fen_letter`].
pub fn split_fen_letter(c: char) -> (Color, char) {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    (color, c.to_ascii_uppercase())
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

/// Where the pieces stand. Keeps bitboards by colour and by role, and a mailbox.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_color: [u64; 2],
    by_role: [u64; 6],
    mailbox: [Option<Piece>; 64],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// The Zobrist hash of the placement (see [`crate::zobrist`]), computed from scratch.
    pub fn zobrist(&self) -> u64 {
        let mut hash = 0;
        for (sq, piece) in self.mailbox.iter().enumerate() {
            if let Some(p) = piece {
                hash ^= crate::zobrist::piece(p.color.index(), p.role.index(), sq);
            }
        }
        hash
    }

    pub const fn empty() -> Board {
        Board {
            by_color: [0; 2],
            by_role: [0; 6],
            mailbox: [None; 64],
        }
    }

    /// The FIDE start position.
    pub fn standard() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            let f = file as u8;
            for (color, rank, pawn_rank) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                board.put(
                    Square::from_coords(f, rank).expect("on board"),
                    Piece { color, role },
                );
                board.put(
                    Square::from_coords(f, pawn_rank).expect("on board"),
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
            }
        }
        board
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    /// Puts a piece on a square, replacing whatever stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.by_color[piece.color.index()] |= sq.bit();
        self.by_role[piece.role.index()] |= sq.bit();
        self.mailbox[sq.index()] = Some(piece);
    }

    /// Takes the piece off a square and returns it.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.mailbox[sq.index()].take()?;
        self.by_color[piece.color.index()] &= !sq.bit();
        self.by_role[piece.role.index()] &= !sq.bit();
        Some(piece)
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    pub fn by_color(&self, color: Color) -> u64 {
        self.by_color[color.index()]
    }
    #[inline]
    pub fn by_role(&self, role: Role) -> u64 {
        self.by_role[role.index()]
    }
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> u64 {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The king of a side, if it has exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.pieces(color, Role::King);
        (kings.count_ones() == 1).then(|| Square::new(kings.trailing_zeros() as u8).expect("< 64"))
    }

    /// Pieces of `by` attacking `sq` with the given occupancy (FIDE attacks: pawns diagonally).
    pub fn attackers(&self, sq: Square, by: Color, occupied: u64) -> u64 {
        let theirs = self.by_color[by.index()];
        let rooks = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bishops = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        theirs
            & ((knight_attacks(sq) & self.by_role(Role::Knight))
                | (king_attacks(sq) & self.by_role(Role::King))
                | (pawn_attacks(!by, sq) & self.by_role(Role::Pawn))
                | (rook_attacks(sq, occupied) & rooks)
                | (bishop_attacks(sq, occupied) & bishops))
    }

    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers(sq, by, self.occupied()) != 0
    }

    /// The squares a piece on `sq` attacks (FIDE patterns, pawns' diagonals only).
    pub fn attacks_from(&self, sq: Square) -> u64 {
        let Some(piece) = self.piece_at(sq) else {
            return 0;
        };
        let occupied = self.occupied();
        match piece.role {
            Role::Pawn => pawn_attacks(piece.color, sq),
            Role::Knight => knight_attacks(sq),
            Role::Bishop => bishop_attacks(sq, occupied),
            Role::Rook => rook_attacks(sq, occupied),
            Role::Queen => queen_attacks(sq, occupied),
            Role::King => king_attacks(sq),
        }
    }

    /// The board with colours swapped and ranks mirrored (a1 <-> a8).
    pub fn mirrored(&self) -> Board {
        let mut out = Board::empty();
        for sq in Square::all() {
            if let Some(p) = self.piece_at(sq) {
                out.put(
                    sq.flip_vertical(),
                    Piece {
                        color: !p.color,
                        role: p.role,
                    },
                );
            }
        }
        out
    }

    /// Pieces with their squares, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}
