//! Cells of the round board and sets of them.

use crate::geometry;
use std::fmt;
use std::str::FromStr;

/// One of the 43 cells: `a1`..`n3` on the rings, `4` for the centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    pub const CENTRE: Cell = Cell(geometry::CENTRE);
    pub const COUNT: usize = geometry::CELLS as usize;

    /// The cell with this index (crown-major: a1 = 0 … n1 = 13, a2 = 14 …, centre = 42).
    pub const fn new(index: u8) -> Option<Cell> {
        if index < geometry::CELLS {
            Some(Cell(index))
        } else {
            None
        }
    }

    /// Index without the range check; callers guarantee `index < 43`.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Cell {
        Cell(index)
    }

    /// The ring cell on radius 0..14 (`a`..`n`) and crown 1..=3.
    pub fn ring(radius: u8, crown: u8) -> Option<Cell> {
        (radius < geometry::RADII && (1..=3).contains(&crown))
            .then(|| Cell(geometry::ring(radius as i32, crown)))
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Radius 0..14, or `None` for the centre.
    pub fn radius(self) -> Option<u8> {
        geometry::radius(self.0)
    }

    /// The radius letter `a`..`n`, or `None` for the centre.
    pub fn radius_char(self) -> Option<char> {
        self.radius().map(|r| (b'a' + r) as char)
    }

    /// Crown 1..=3, or 4 for the centre.
    pub fn crown(self) -> u8 {
        geometry::crown(self.0)
    }

    pub fn is_centre(self) -> bool {
        self == Cell::CENTRE
    }

    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All cells, in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..geometry::CELLS).map(Cell)
    }

    /// The cells one king step away (circular, radial, diagonal; the centre touches every
    /// crown-3 cell), from the rules' compiled tables.
    #[inline]
    pub fn king_steps(self) -> CellSet {
        CellSet(crate::tables::KING_STEPS[self.index()])
    }

    /// The cells a horse on this cell leaps to (the unfolded-diameter model), from the
    /// rules' compiled tables.
    #[inline]
    pub fn horse_leaps(self) -> CellSet {
        CellSet(crate::tables::HORSE_LEAPS[self.index()])
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.radius_char() {
            None => f.write_str("4"),
            Some(r) => write!(f, "{}{}", r, self.crown()),
        }
    }
}

/// Why a cell name was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a cell (cells are a1..n3 and 4 for the centre)")]
pub struct CellParseError(pub String);

impl FromStr for Cell {
    type Err = CellParseError;
    fn from_str(s: &str) -> Result<Cell, CellParseError> {
        let err = || CellParseError(s.to_string());
        match s.as_bytes() {
            [b'4'] => Ok(Cell::CENTRE),
            [r @ b'a'..=b'n', k @ b'1'..=b'3'] => Cell::ring(r - b'a', k - b'0').ok_or_else(err),
            _ => Err(err()),
        }
    }
}

/// A set of cells as a 43-bit bitboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(pub u64);

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);
    pub const ALL: CellSet = CellSet((1u64 << geometry::CELLS) - 1);

    #[inline]
    pub fn contains(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The lowest-index cell, if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| Cell(self.0.trailing_zeros() as u8))
    }
    pub fn with(self, cell: Cell) -> CellSet {
        CellSet(self.0 | cell.bit())
    }
}

impl Iterator for CellSet {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let c = self.first()?;
        self.0 &= self.0 - 1;
        Some(c)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.len(), Some(self.len()))
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        CellSet(iter.into_iter().fold(0, |acc, c| acc | c.bit()))
    }
}

impl fmt::Display for CellSet {
    /// Space-separated cell names in index order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.map(|c| c.to_string()).collect();
        f.write_str(&names.join(" "))
    }
}

/// Iterates the set bits of a raw bitboard as cells.
#[inline]
pub(crate) fn cells(bits: u64) -> CellSet {
    CellSet(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_counts_match_the_rules() {
        let cell = |name: &str| name.parse::<Cell>().unwrap();
        // King steps: a rim cell has 5, a crown-2 cell 8, a crown-3 cell 6 (the centre
        // included), the centre all 14 crown-3 cells.
        assert_eq!(cell("a1").king_steps().len(), 5);
        assert_eq!(cell("a2").king_steps().len(), 8);
        assert_eq!(cell("a3").king_steps().len(), 6);
        assert_eq!(Cell::CENTRE.king_steps().len(), 14);
        assert!(cell("a3").king_steps().contains(Cell::CENTRE));
        assert_eq!(cell("a1").horse_leaps().len(), 4);
        assert_eq!(cell("a2").horse_leaps().len(), 5);
        assert_eq!(cell("a3").horse_leaps().len(), 7);
        assert_eq!(Cell::CENTRE.horse_leaps().len(), 28);
    }
}
