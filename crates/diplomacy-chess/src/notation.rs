//! Order notation (§12.1): SAN as in FIDE and coordinates, read against the valid orders of
//! a position, and the canonical SAN written back.

use crate::order::{Order, OrderKind};
use crate::position::Position;
use board8::{Role, Square};
use std::fmt;
use std::str::FromStr;

/// An order as written, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `Nbd7`, `exd5`, `e8=Q`, `Rxa1`: the piece, optional origin file/rank, destination.
    San {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<Role>,
    },
    /// `O-O` (kingside) or `O-O-O`.
    Castle { kingside: bool },
    /// `e2e4`, `e7e8q`.
    Coordinate {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
}

/// Why an order's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error(
    "`{0}` is not an order (SAN like `Nf3`, `exd5`, `e8=Q`, `O-O`, or coordinates like `e2e4`)"
)]
pub struct NotationError(pub String);

/// Why a readable order cannot be given in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OrderError {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error("`{0}` is not a valid order here")]
    Invalid(String),
    #[error("`{0}` is ambiguous here ({1})")]
    Ambiguous(String, String),
}

fn promo_role(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'Q' => Some(Role::Queen),
        'R' => Some(Role::Rook),
        'B' => Some(Role::Bishop),
        'N' => Some(Role::Knight),
        _ => None,
    }
}

impl FromStr for Notation {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Notation, NotationError> {
        let err = || NotationError(text.to_string());
        let s = text.trim_end_matches(['+', '#', '!', '?']);
        if !s.is_ascii() || s.is_empty() {
            return Err(err());
        }
        match s {
            "O-O" | "0-0" => return Ok(Notation::Castle { kingside: true }),
            "O-O-O" | "0-0-0" => return Ok(Notation::Castle { kingside: false }),
            _ => {}
        }
        let b = s.as_bytes();
        let square = |i: usize| -> Option<Square> { s.get(i..i + 2)?.parse().ok() };
        // Coordinates: two squares and an optional lower-case promotion letter.
        if (b.len() == 4 || b.len() == 5) && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() {
            if let (Some(from), Some(to)) = (square(0), square(2)) {
                let promotion = match b.get(4) {
                    None => None,
                    Some(&c) if c.is_ascii_lowercase() => {
                        Some(promo_role(c as char).ok_or_else(err)?)
                    }
                    Some(_) => return Err(err()),
                };
                return Ok(Notation::Coordinate {
                    from,
                    to,
                    promotion,
                });
            }
        }
        // SAN: [piece][file][rank][x]square[=promotion]
        let mut rest = s;
        let role = match rest.chars().next() {
            Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N')) => {
                rest = &rest[1..];
                Role::from_upper(c).ok_or_else(err)?
            }
            _ => Role::Pawn,
        };
        let mut promotion = None;
        if role == Role::Pawn {
            if let Some((body, p)) = rest.split_once('=') {
                let mut cs = p.chars();
                let (Some(c), None) = (cs.next(), cs.next()) else {
                    return Err(err());
                };
                if !c.is_ascii_uppercase() {
                    return Err(err());
                }
                promotion = Some(promo_role(c).ok_or_else(err)?);
                rest = body;
            } else if rest.len() >= 3 {
                // `e8Q` without the `=`.
                let last = rest.as_bytes()[rest.len() - 1] as char;
                if last.is_ascii_uppercase() {
                    promotion = Some(promo_role(last).ok_or_else(err)?);
                    rest = &rest[..rest.len() - 1];
                }
            }
        }
        if rest.len() < 2 {
            return Err(err());
        }
        let to: Square = rest[rest.len() - 2..].parse().map_err(|_| err())?;
        let mut head = &rest[..rest.len() - 2];
        if let Some(h) = head.strip_suffix('x') {
            head = h;
        }
        let (mut file, mut rank) = (None, None);
        for c in head.chars() {
            match c {
                'a'..='h' if file.is_none() && rank.is_none() => file = Some(c as u8 - b'a'),
                '1'..='8' if rank.is_none() => rank = Some(c as u8 - b'1'),
                _ => return Err(err()),
            }
        }
        if role == Role::Pawn && rank.is_some() {
            return Err(err());
        }
        Ok(Notation::San {
            role,
            file,
            rank,
            to,
            promotion,
        })
    }
}

impl Notation {
    pub(crate) fn matches(&self, o: &Order) -> bool {
        match *self {
            Notation::Castle { kingside } => {
                o.kind == OrderKind::Castle && (o.to.file() > o.from.file()) == kingside
            }
            Notation::Coordinate {
                from,
                to,
                promotion,
            } => o.from == from && o.to == to && o.promotion == promotion,
            Notation::San {
                role,
                file,
                rank,
                to,
                promotion,
            } => {
                o.role == role
                    && o.kind != OrderKind::Castle
                    && o.to == to
                    && o.promotion == promotion
                    && file.map_or(true, |f| o.from.file() == f)
                    && rank.map_or(true, |r| o.from.rank() == r)
                    // A pawn SAN without a file is a straight push; with one, a diagonal.
                    && (role != Role::Pawn
                        || match file {
                            None => o.from.file() == to.file(),
                            Some(_) => o.from.file() != to.file(),
                        })
            }
        }
    }

    /// The one valid order this notation names.
    pub fn select(&self, text: &str, valid: &[Order]) -> Result<Order, OrderError> {
        let mut found = valid.iter().filter(|o| self.matches(o));
        let Some(first) = found.next() else {
            return Err(OrderError::Invalid(text.to_string()));
        };
        let others: Vec<&Order> = found.collect();
        if !others.is_empty() {
            let list: Vec<String> = std::iter::once(first)
                .chain(others)
                .map(|o| o.coordinate())
                .collect();
            return Err(OrderError::Ambiguous(text.to_string(), list.join(", ")));
        }
        Ok(*first)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Notation::Castle { kingside } => f.write_str(if kingside { "O-O" } else { "O-O-O" }),
            Notation::Coordinate {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{}", p.upper().to_ascii_lowercase())?;
                }
                Ok(())
            }
            Notation::San {
                role,
                file,
                rank,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper())?;
                }
                if let Some(fl) = file {
                    write!(f, "{}", (b'a' + fl) as char)?;
                    if role == Role::Pawn {
                        f.write_str("x")?;
                    }
                }
                if let Some(r) = rank {
                    write!(f, "{}", (b'1' + r) as char)?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.upper())?;
                }
                Ok(())
            }
        }
    }
}

/// The canonical SAN of a valid order as a notation: the origin file, rank or square only
/// where another order in `valid` (the orders valid where it is given) takes the same kind of
/// piece to the same square; coordinates for a pawn push that SAN cannot single out. It
/// selects exactly `order` among `valid`.
pub fn san_notation(order: &Order, valid: &[Order]) -> Notation {
    if order.kind == OrderKind::Castle {
        return Notation::Castle {
            kingside: order.to.file() > order.from.file(),
        };
    }
    let (mut file, mut rank) = (None, None);
    if order.role == Role::Pawn {
        // A diagonal move names its file. A push needs nothing more, except where own pieces
        // may be passed (§10.2): then two pawns of a file may push to one square (`f7f5`
        // passing `f6`, and `f6f5`), which SAN cannot tell apart; coordinates can.
        if order.from.file() != order.to.file() {
            file = Some(order.from.file());
        } else if valid.iter().any(|o| {
            o.role == Role::Pawn
                && o.to == order.to
                && o.from != order.from
                && o.from.file() == order.to.file()
                && o.promotion == order.promotion
        }) {
            return Notation::Coordinate {
                from: order.from,
                to: order.to,
                promotion: order.promotion,
            };
        }
    } else {
        let rivals: Vec<&Order> = valid
            .iter()
            .filter(|o| {
                o.role == order.role
                    && o.to == order.to
                    && o.from != order.from
                    && o.kind != OrderKind::Castle
            })
            .collect();
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|o| o.from.file() != order.from.file());
            let rank_unique = rivals.iter().all(|o| o.from.rank() != order.from.rank());
            if file_unique {
                file = Some(order.from.file());
            } else if rank_unique {
                rank = Some(order.from.rank());
            } else {
                file = Some(order.from.file());
                rank = Some(order.from.rank());
            }
        }
    }
    Notation::San {
        role: order.role,
        file,
        rank,
        to: order.to,
        promotion: order.promotion,
    }
}

/// Canonical SAN of a valid order: disambiguated over `valid` ([`san_notation`]), `x` when
/// the final square holds an enemy piece now (and for en passant), no check signs.
pub fn san(pos: &Position, order: &Order, valid: &[Order]) -> String {
    let notation = san_notation(order, valid);
    let capture = order.kind == OrderKind::EnPassant
        || pos
            .board
            .piece_at(order.to)
            .is_some_and(|p| p.color != order.color);
    match notation {
        // A piece's capture sign goes before its square (a pawn's is part of the notation).
        Notation::San {
            role,
            file,
            rank,
            to,
            ..
        } if role != Role::Pawn && capture => {
            let mut s = String::with_capacity(6);
            s.push(role.upper());
            if let Some(f) = file {
                s.push((b'a' + f) as char);
            }
            if let Some(r) = rank {
                s.push((b'1' + r) as char);
            }
            s.push('x');
            s.push_str(&to.to_string());
            s
        }
        _ => notation.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_notations() {
        for (text, shown) in [
            ("Nf3", "Nf3"),
            ("Nbd7", "Nbd7"),
            ("R1a3", "R1a3"),
            ("Qh4e1", "Qh4e1"),
            ("exd5", "exd5"),
            ("e8=Q", "e8=Q"),
            ("e8Q", "e8=Q"),
            ("Rxa1+", "Ra1"),
            ("e2e4", "e2e4"),
            ("e7e8q", "e7e8q"),
            ("O-O", "O-O"),
            ("0-0-0", "O-O-O"),
        ] {
            let n: Notation = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(n.to_string(), shown);
        }
        for bad in [
            "", "x", "Z4", "e9", "Ke", "e8=K", "e2e4k", "exd", "e4e", "é4", "Nxx3",
        ] {
            assert!(bad.parse::<Notation>().is_err(), "{bad}");
        }
    }
}
