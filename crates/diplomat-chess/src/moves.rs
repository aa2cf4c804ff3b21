//! Moves and their coordinate notation.

use crate::{Cell, Role};
use std::fmt;
use std::str::FromStr;

/// A move of Diplomat Chess, named without the position (as coordinate notation names it).
///
/// A suborn is the [`Move::Normal`] from the Diplomat's cell to the enemy piece beside it:
/// a Diplomat only ever moves to empty cells, so the position tells a suborn from a step
/// ([`crate::Position::is_suborn`]), and a move read from text equals the generated one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves (and captures whatever enemy piece stands on `to`), or a Diplomat
    /// suborns the enemy piece on `to` and stays; a pawn reaching a promotion cell names its
    /// new role.
    Normal {
        from: Cell,
        to: Cell,
        promotion: Option<Role>,
    },
    /// A piece from the mover's hand is put on an empty cell (drop subvariant only).
    Drop { role: Role, to: Cell },
}

impl Move {
    /// The cell the move acts on: the destination, the suborned cell or the drop cell.
    pub fn to(self) -> Cell {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The cell a piece leaves or acts from; `None` for drops.
    pub fn from(self) -> Option<Cell> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The coordinate notation (see [`Coordinate`]).
    pub fn coordinate(self) -> Coordinate {
        match self {
            Move::Normal {
                from,
                to,
                promotion,
            } => Coordinate::Move {
                from,
                to,
                promotion,
            },
            Move::Drop { role, to } => Coordinate::Drop { role, to },
        }
    }
}

impl From<Coordinate> for Move {
    fn from(c: Coordinate) -> Move {
        match c {
            Coordinate::Move {
                from,
                to,
                promotion,
            } => Move::Normal {
                from,
                to,
                promotion,
            },
            Coordinate::Drop { role, to } => Move::Drop { role, to },
        }
    }
}

impl FromStr for Move {
    type Err = CoordinateParseError;
    /// Reads coordinate notation; whether the move is legal is the position's business.
    fn from_str(text: &str) -> Result<Move, CoordinateParseError> {
        text.parse::<Coordinate>()
            .map(<Move as From<Coordinate>>::from)
    }
}

impl fmt::Display for Move {
    /// Writes the coordinate notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.coordinate().fmt(f)
    }
}

/// A move in coordinate notation, before it is matched against a position: `d2d3`, `d34`
/// (into the centre), `4m3`, `a1b1r` (promotion), `n2a3` (a suborn reads like a move from
/// the Diplomat's cell to its target), `H@c2` (drop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coordinate {
    Move {
        from: Cell,
        to: Cell,
        promotion: Option<Role>,
    },
    Drop {
        role: Role,
        to: Cell,
    },
}

impl fmt::Display for Coordinate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Coordinate::Move {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(role) = promotion {
                    write!(f, "{}", role.upper().to_ascii_lowercase())?;
                }
                Ok(())
            }
            Coordinate::Drop { role, to } => write!(f, "{}@{}", role.upper(), to),
        }
    }
}

/// Why a coordinate move was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a coordinate move: {reason}")]
pub struct CoordinateParseError {
    pub text: String,
    pub reason: &'static str,
}

/// Splits a leading cell (`4` or a radius letter and a crown digit) off `s`.
pub(crate) fn split_cell(s: &str) -> Option<(Cell, &str)> {
    let b = s.as_bytes();
    match b {
        [b'4', ..] => Some((Cell::CENTRE, &s[1..])),
        [r @ b'a'..=b'n', k @ b'1'..=b'3', ..] => Some((Cell::ring(r - b'a', k - b'0')?, &s[2..])),
        _ => None,
    }
}

impl FromStr for Coordinate {
    type Err = CoordinateParseError;
    fn from_str(text: &str) -> Result<Coordinate, CoordinateParseError> {
        let err = |reason| CoordinateParseError {
            text: text.to_string(),
            reason,
        };
        if let Some((role, cell)) = text.split_once('@') {
            let role = match role {
                "" | "P" => Role::Pawn,
                r => r
                    .chars()
                    .next()
                    .filter(|_| r.len() == 1)
                    .and_then(Role::from_upper)
                    .filter(|r| *r != Role::King)
                    .ok_or_else(|| err("a drop starts with R, B, H, D or P before `@`"))?,
            };
            let to = cell.parse().map_err(|_| err("no cell after `@`"))?;
            return Ok(Coordinate::Drop { role, to });
        }
        let (from, rest) = split_cell(text).ok_or_else(|| err("it does not start with a cell"))?;
        let (to, rest) = split_cell(rest).ok_or_else(|| err("no destination cell"))?;
        if from == to {
            return Err(err("origin and destination are the same cell"));
        }
        let promotion = match rest {
            "" => None,
            "r" => Some(Role::Rook),
            "b" => Some(Role::Bishop),
            "h" => Some(Role::Horse),
            "d" => Some(Role::Diplomat),
            _ => return Err(err("a promotion is one of r, b, h, d")),
        };
        Ok(Coordinate::Move {
            from,
            to,
            promotion,
        })
    }
}
