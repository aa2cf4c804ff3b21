//! Squares `a1`..`h8` and sets of them.

use std::fmt;
use std::str::FromStr;

/// A file `a`..`h` as 0..8.
pub type File = u8;
/// A rank `1`..`8` as 0..8.
pub type Rank = u8;

/// One of the 64 squares; index `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on file 0..8 and rank 0..8.
    pub const fn from_coords(file: File, rank: Rank) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn file(self) -> File {
        self.0 % 8
    }
    #[inline]
    pub const fn rank(self) -> Rank {
        self.0 / 8
    }
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
    /// The same square seen from the other side (a1 <-> a8).
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }
    /// Light squares are those like h1; a1 is dark.
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square (a1..h8)")]
pub struct SquareParseError(pub String);

impl FromStr for Square {
    type Err = SquareParseError;
    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(SquareParseError(s.to_string())),
        }
    }
}

/// A set of squares as a 64-bit board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    #[inline]
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square(self.0.trailing_zeros() as u8))
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.len(), Some(self.len()))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        Bitboard(iter.into_iter().fold(0, |acc, s| acc | s.bit()))
    }
}

impl fmt::Display for Bitboard {
    /// Space-separated square names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.map(|s| s.to_string()).collect();
        f.write_str(&names.join(" "))
    }
}
