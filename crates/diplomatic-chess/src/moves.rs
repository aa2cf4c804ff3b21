//! A whole turn: the regular move, the pushed Diplomat's new square if it pushes, and the
//! optional extra Diplomat step; and its coordinate notation (`e4f6>g7&d1c2`).

use crate::Role;
use board8::Square;
use std::fmt;
use std::str::FromStr;

/// One turn. Castling is the Diplomat's two-square move (`e1g1`); en passant is a pawn's
/// diagonal move to the empty en-passant square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// The piece a pawn becomes on its last rank.
    pub promotion: Option<Role>,
    /// For a push (`push-back`): where the pushed Diplomat is put.
    pub push: Option<Square>,
    /// The extra Diplomat step (`extra-diplomat-move`): from, to.
    pub extra: Option<(Square, Square)>,
}

impl Move {
    /// A plain move with nothing attached.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            push: None,
            extra: None,
        }
    }

    /// The turn without its extra Diplomat step.
    pub const fn regular(self) -> Move {
        Move {
            extra: None,
            ..self
        }
    }
}

fn promotion_letter(role: Role) -> char {
    role.upper().to_ascii_lowercase()
}

impl fmt::Display for Move {
    /// Coordinate notation: `e2e4`, `e7e8q`, `e4f6>g7`, `e2e7&h5g6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", promotion_letter(role))?;
        }
        if let Some(sq) = self.push {
            write!(f, ">{sq}")?;
        }
        if let Some((a, b)) = self.extra {
            write!(f, "&{a}{b}")?;
        }
        Ok(())
    }
}

/// Text that is not coordinate notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not coordinate notation (like e2e4, e7e8q, e4f6>g7, e2e7&h5g6)")]
pub struct MoveParseError(pub String);

fn square(text: &str) -> Option<Square> {
    text.parse().ok()
}

impl FromStr for Move {
    type Err = MoveParseError;
    /// Reads coordinate notation (syntax only; legality is the position's business).
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let bad = || MoveParseError(s.to_string());
        let (regular, extra) = match s.split_once('&') {
            Some((r, e)) => (r, Some(e)),
            None => (s, None),
        };
        let (main, push) = match regular.split_once('>') {
            Some((m, p)) => (m, Some(square(p).ok_or_else(bad)?)),
            None => (regular, None),
        };
        if !main.is_ascii() || !(4..=5).contains(&main.len()) {
            return Err(bad());
        }
        let from = square(&main[0..2]).ok_or_else(bad)?;
        let to = square(&main[2..4]).ok_or_else(bad)?;
        let promotion = match &main[4..] {
            "" => None,
            "q" => Some(Role::Queen),
            "r" => Some(Role::Rook),
            "b" => Some(Role::Bishop),
            "n" => Some(Role::Knight),
            _ => return Err(bad()),
        };
        let extra = match extra {
            None => None,
            Some(e) if e.is_ascii() && e.len() == 4 => Some((
                square(&e[0..2]).ok_or_else(bad)?,
                square(&e[2..4]).ok_or_else(bad)?,
            )),
            Some(_) => return Err(bad()),
        };
        Ok(Move {
            from,
            to,
            promotion,
            push,
            extra,
        })
    }
}
