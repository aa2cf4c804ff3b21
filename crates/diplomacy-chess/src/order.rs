//! A validated order: one piece's move (castling moves two) as the resolution sees it.

use board8::{Role, Square};
use diplo_core::Color;
use std::fmt;

/// What sort of move an order is; it decides the path and the special conflict rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OrderKind {
    /// Any move of a knight, bishop, rook, queen or a king step.
    Piece,
    /// A pawn's straight advance of one square (never captures, §7.4).
    Push,
    /// A pawn's two-square advance from its second rank.
    DoublePush,
    /// A pawn's diagonal move onto an enemy piece (or where one stood, §5.8).
    PawnDiagonal,
    /// A pawn's diagonal move onto an en-passant square.
    EnPassant,
    /// Castling; `from`/`to` are the king's squares.
    Castle,
}

/// One order, already checked against the position it was given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Order {
    pub color: Color,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::role"))]
    pub role: Role,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
    pub from: Square,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::square"))]
    pub to: Square,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::opt_role"))]
    pub promotion: Option<Role>,
    pub kind: OrderKind,
}

impl Order {
    /// For castling: the rook's origin and destination.
    pub fn castle_rook(&self) -> Option<(Square, Square)> {
        if self.kind != OrderKind::Castle {
            return None;
        }
        let rank = self.from.rank();
        let (rook_file, rook_to) = if self.to.file() > self.from.file() {
            (7, 5)
        } else {
            (0, 3)
        };
        Some((
            Square::from_coords(rook_file, rank)?,
            Square::from_coords(rook_to, rank)?,
        ))
    }

    /// The king's transit square of a castling (it must not be attacked after the turn).
    pub fn castle_transit(&self) -> Option<Square> {
        (self.kind == OrderKind::Castle)
            .then(|| self.castle_rook().map(|(_, to)| to))
            .flatten()
    }

    /// The square of the pawn an en-passant order would take.
    pub fn passed_pawn(&self) -> Option<Square> {
        (self.kind == OrderKind::EnPassant)
            .then(|| Square::from_coords(self.to.file(), self.from.rank()))
            .flatten()
    }

    /// The same order for the mirrored position (colours swapped, a1 <-> a8).
    pub fn mirrored(&self) -> Order {
        Order {
            color: !self.color,
            from: self.from.flip_vertical(),
            to: self.to.flip_vertical(),
            ..*self
        }
    }

    /// Coordinate notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    pub fn coordinate(&self) -> String {
        let mut s = format!("{}{}", self.from, self.to);
        if let Some(p) = self.promotion {
            s.push(p.upper().to_ascii_lowercase());
        }
        s
    }
}

impl fmt::Display for Order {
    /// Coordinate notation (SAN needs the position: see [`crate::notation::san`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.coordinate())
    }
}
