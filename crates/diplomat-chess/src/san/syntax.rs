//! The syntax of SAN: the [`San`] value a text means before any position is known, how it
//! is read ([`San::from_str`], accepting the variants) and how it is written (canonically).

use crate::{Cell, Role};
use diplo_core::Color;
use std::fmt;
use std::str::FromStr;

/// Where a move says its piece comes from, when it has to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A radius letter, 0..14 for `a`..`n`.
    Radius(u8),
    /// A crown digit 1..=3.
    Crown(u8),
    /// A whole cell; the centre is written `4`.
    Cell(Cell),
}

impl Origin {
    /// Whether a piece standing on `cell` fits this origin.
    pub fn matches(self, cell: Cell) -> bool {
        match self {
            Origin::Radius(r) => cell.radius() == Some(r),
            Origin::Crown(k) => cell.crown() == k,
            Origin::Cell(c) => cell == c,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Origin::Radius(r) => write!(f, "{}", radius_char(r)),
            Origin::Crown(k) => write!(f, "{k}"),
            Origin::Cell(c) => write!(f, "{c}"),
        }
    }
}

/// A move as SAN writes it, before it is matched against a position. Check and mate marks
/// are not part of it: [`San::from_str`] ignores them and [`to_san`](super::to_san) adds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn moves (capturing if `capture`); a pawn may name its promotion.
    Normal {
        role: Role,
        origin: Option<Origin>,
        capture: bool,
        to: Cell,
        promotion: Option<Role>,
    },
    /// A Diplomat suborns the piece on `target`; `color` is the suborning side's colour.
    Suborn {
        diplomat: Option<Origin>,
        target: Cell,
        color: Color,
    },
    /// A piece from hand is dropped (suborn=drop).
    Drop { role: Role, to: Cell },
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Normal {
                role,
                origin,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.upper())?;
                }
                if let Some(origin) = origin {
                    write!(f, "{origin}")?;
                }
                if capture {
                    f.write_str("x")?;
                } else if origin.is_some() && (role == Role::Pawn || to.is_centre()) {
                    f.write_str("-")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.name())?;
                }
                Ok(())
            }
            San::Suborn {
                diplomat,
                target,
                color,
            } => {
                if let Some(origin) = diplomat {
                    write!(f, "D{origin}:")?;
                }
                write!(f, "{target}={}", color.name())
            }
            San::Drop { role, to } => write!(f, "{}@{to}", role.upper()),
        }
    }
}

/// Why a text is not SAN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot parse `{text}`: {reason}")]
pub struct SanParseError {
    pub text: String,
    pub reason: String,
}

/// Removes trailing check/mate marks and `!`/`?` annotations.
pub(super) fn strip_marks(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?'])
}

/// `a`..`n` for radii 0..14 (`?` for anything else a caller may have built).
fn radius_char(r: u8) -> char {
    if r < 14 {
        (b'a' + r) as char
    } else {
        '?'
    }
}

fn radius_of(b: u8) -> Option<u8> {
    (b'a'..=b'n').contains(&b).then(|| b - b'a')
}

/// Splits a destination cell off the end of `s`: `4`, or a radius letter and a crown digit.
fn split_last_cell(s: &str) -> Option<(&str, Cell)> {
    let b = s.as_bytes();
    match b {
        [.., b'4'] => Some((&s[..s.len() - 1], Cell::CENTRE)),
        [.., r, k @ b'1'..=b'3'] => {
            let cell = Cell::ring(radius_of(*r)?, k - b'0')?;
            Some((&s[..s.len() - 2], cell))
        }
        _ => None,
    }
}

fn parse_cell(s: &str) -> Option<Cell> {
    match split_last_cell(s) {
        Some(("", cell)) => Some(cell),
        _ => None,
    }
}

fn parse_origin(s: &str) -> Option<Origin> {
    match s.as_bytes() {
        [b'4'] => Some(Origin::Cell(Cell::CENTRE)),
        [k @ b'1'..=b'3'] => Some(Origin::Crown(k - b'0')),
        [r] => radius_of(*r).map(Origin::Radius),
        _ => parse_cell(s).map(Origin::Cell),
    }
}

fn parse_colour(s: &str) -> Option<Color> {
    match s {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ if s.eq_ignore_ascii_case("white") => Some(Color::White),
        _ if s.eq_ignore_ascii_case("black") => Some(Color::Black),
        _ => None,
    }
}

fn parse_promotion(s: &str) -> Option<Role> {
    match s {
        "R" => Some(Role::Rook),
        "B" => Some(Role::Bishop),
        "H" => Some(Role::Horse),
        "D" => Some(Role::Diplomat),
        _ => Role::PROMOTIONS
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s)),
    }
}

const SUFFIX_HELP: &str = "after `=` comes a colour (white, black, w, b) for a suborn or a piece \
     (Rook, Bishop, Horse, Diplomat, or R, B, H, D) for a promotion";

impl FromStr for San {
    type Err = SanParseError;

    /// Reads SAN, ignoring surrounding blanks, trailing check/mate marks and annotations.
    fn from_str(text: &str) -> Result<San, SanParseError> {
        let fail = |reason: &str| SanParseError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let s = strip_marks(text.trim());
        if s.is_empty() {
            return Err(fail("empty move"));
        }
        if let Some(c) = s
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '@' | '=' | ':')))
        {
            return Err(fail(&format!(
                "unexpected character `{}`",
                c.escape_debug()
            )));
        }
        if let Some((piece, cell)) = s.split_once('@') {
            let role = match piece {
                "" | "P" => Role::Pawn,
                "R" => Role::Rook,
                "B" => Role::Bishop,
                "H" => Role::Horse,
                "D" => Role::Diplomat,
                "K" => return Err(fail("a King is never dropped")),
                _ => {
                    return Err(fail(
                        "a drop is a piece letter (R, B, H, D, P), `@` and a cell",
                    ))
                }
            };
            let to = parse_cell(cell)
                .ok_or_else(|| fail("a drop is a piece letter (R, B, H, D, P), `@` and a cell"))?;
            return Ok(San::Drop { role, to });
        }
        let (body, suffix) = match s.rsplit_once('=') {
            Some((body, suffix)) => (body, Some(suffix)),
            None => (s, None),
        };
        let colour = suffix.and_then(parse_colour);
        let promotion = suffix.and_then(parse_promotion);
        if suffix.is_some() && colour.is_none() && promotion.is_none() {
            return Err(fail(SUFFIX_HELP));
        }
        if let Some(color) = colour {
            let (diplomat, target) = match body.split_once(':') {
                None => (None, body),
                Some((who, target)) => {
                    let who = who.strip_prefix('D').unwrap_or(who);
                    let origin = if who.is_empty() {
                        None
                    } else {
                        Some(parse_origin(who).ok_or_else(|| {
                            fail("a suborn is written `a3=black` or `Dc2:a3=black`")
                        })?)
                    };
                    (origin, target)
                }
            };
            let target = parse_cell(target)
                .ok_or_else(|| fail("a suborn is written `a3=black` or `Dc2:a3=black`"))?;
            return Ok(San::Suborn {
                diplomat,
                target,
                color,
            });
        }
        if body.contains(':') {
            return Err(fail(
                "`:` belongs to a suborn, written `Dc2:a3=black` (the target, `=` and the new colour)",
            ));
        }
        if body.contains('=') {
            return Err(fail("more than one `=`"));
        }
        let Some(&first) = body.as_bytes().first() else {
            return Err(fail("nothing before `=`"));
        };
        let (role, rest) = match first {
            b'K' => (Role::King, &body[1..]),
            b'R' => (Role::Rook, &body[1..]),
            b'B' => (Role::Bishop, &body[1..]),
            b'H' => (Role::Horse, &body[1..]),
            b'D' => (Role::Diplomat, &body[1..]),
            b'P' => {
                return Err(fail(
                    "pawn moves have no letter (`P` only appears in drops: `P@c2`)",
                ))
            }
            c if c.is_ascii_uppercase() => {
                return Err(fail(&format!(
                    "`{}` is not a piece letter (K, R, B, H, D)",
                    c as char
                )))
            }
            _ => (Role::Pawn, body),
        };
        if promotion.is_some() && role != Role::Pawn {
            return Err(fail("only pawns promote"));
        }
        let (rest, to) = split_last_cell(rest)
            .ok_or_else(|| fail("no destination cell at the end (cells are a1..n3 and 4)"))?;
        let (origin_text, capture, hyphen) = if let Some(o) = rest.strip_suffix('x') {
            (o, true, false)
        } else if let Some(o) = rest.strip_suffix('-') {
            (o, false, true)
        } else {
            (rest, false, false)
        };
        let origin = if origin_text.is_empty() {
            None
        } else {
            Some(parse_origin(origin_text).ok_or_else(|| {
                fail(&format!(
                    "`{origin_text}` is not an origin (a radius a..n, a crown 1..3, a cell, or 4 for the centre)"
                ))
            })?)
        };
        if hyphen && origin.is_none() {
            return Err(fail("`-` must follow the origin (`f-f3`, `d-4`)"));
        }
        if role == Role::Pawn && origin.is_some() && !capture && !hyphen && !to.is_centre() {
            return Err(fail(
                "a pawn's origin is followed by `x` (capture) or `-` (move): `bxa3`, `f-f3`",
            ));
        }
        Ok(San::Normal {
            role,
            origin,
            capture,
            to,
            promotion,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_round_trips() {
        for text in [
            "Ha3",
            "Bxe3",
            "Rx4",
            "d3",
            "bxa3",
            "lx4",
            "4xf3",
            "d-4",
            "dx4",
            "f-f3",
            "h3xi2",
            "h3-i2",
            "R4xa3",
            "Rba3",
            "R2a3",
            "Rb2a3",
            "Ra-4",
            "a3=black",
            "Dc2:b3=black",
            "b1=Rook",
            "bxa1=Horse",
            "H@c2",
            "P@c2",
            "4-m3",
        ] {
            let san: San = text.parse().unwrap();
            assert_eq!(san.to_string(), text);
        }
    }

    #[test]
    fn accepted_variants() {
        let p = |s: &str| s.parse::<San>().unwrap().to_string();
        assert_eq!(p("a3=b"), "a3=black");
        assert_eq!(p("a3=w"), "a3=white");
        assert_eq!(p("b1=R"), "b1=Rook");
        assert_eq!(p("b1=b"), "b1=black");
        assert_eq!(p("@c2"), "P@c2");
        assert_eq!(p("Ha3+"), "Ha3");
        assert_eq!(p("Ha3#"), "Ha3");
        assert_eq!(p("Ha3++!?"), "Ha3");
        assert_eq!(p("d4"), "d-4");
        assert_eq!(p("Ra4"), "Ra-4");
    }

    #[test]
    fn rejects() {
        for text in [
            "", "+", "Z3", "a5", "Pd3", "K@c2", "ba3", "-a3", "a3=x", "Ra3=R", "é", "d3 d4",
            "a3==b", "c2:", "Dc2:b3",
        ] {
            assert!(text.parse::<San>().is_err(), "{text}");
        }
    }
}
