//! Order notation (spec §4.1): parsing and the canonical spaced form.

use board8::{Role, Square};
use std::fmt;
use std::str::FromStr;

/// A piece named in an order: its type and the square it stands on. The colour comes from
/// the `white:` / `black:` prefix of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceRef {
    pub role: Role,
    pub square: Square,
}

impl fmt::Display for PieceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.role.upper(), self.square)
    }
}

/// Which castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum CastleSide {
    King,
    Queen,
}

/// Any order of any phase, as written. Which phase accepts which form is checked by the
/// phase's reader ([`Order::fits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Order {
    /// `N c3 H`
    Hold(PieceRef),
    /// `R a1 - a5` (movement) or `N e5 - c6` (retreat)
    Move(PieceRef, Square),
    /// `Q d1 S N d4`
    SupportHold(PieceRef, PieceRef),
    /// `B b2 S R a1 - a5`
    SupportMove(PieceRef, PieceRef, Square),
    /// `O-O`, `O-O-O`
    Castle(CastleSide),
    /// `N e5 D`: a dislodged piece disbands instead of retreating.
    RetreatDisband(PieceRef),
    /// `e8 = N`
    Convert(Square, Role),
    /// `Build R a1`
    Build(Role, Square),
    /// `Disband N c3` (adjustments)
    Disband(PieceRef),
}

/// The phases that take orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Phase {
    Movement,
    Retreats,
    Builds,
    Adjustments,
}

impl Phase {
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Movement => "movement",
            Phase::Retreats => "retreats",
            Phase::Builds => "builds",
            Phase::Adjustments => "adjustments",
        }
    }
}

impl From<Phase> for diplo_core::PhaseKind {
    fn from(phase: Phase) -> diplo_core::PhaseKind {
        match phase {
            Phase::Movement => diplo_core::PhaseKind::Movement,
            Phase::Retreats => diplo_core::PhaseKind::Retreats,
            Phase::Builds => diplo_core::PhaseKind::Builds,
            Phase::Adjustments => diplo_core::PhaseKind::Adjustments,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Order {
    /// Whether the order's form belongs to `phase` (§4.1's table). A move is both a movement
    /// and a retreat order; a build both a build-step and an adjustment order.
    pub fn fits(&self, phase: Phase) -> bool {
        use Order::*;
        match phase {
            Phase::Movement => matches!(
                self,
                Hold(_) | Move(..) | SupportHold(..) | SupportMove(..) | Castle(_)
            ),
            Phase::Retreats => matches!(self, Move(..) | RetreatDisband(_)),
            Phase::Builds => matches!(self, Convert(..) | Build(..)),
            Phase::Adjustments => matches!(self, Build(..) | Disband(_)),
        }
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Order::Hold(p) => write!(f, "{p} H"),
            Order::Move(p, to) => write!(f, "{p} - {to}"),
            Order::SupportHold(p, q) => write!(f, "{p} S {q}"),
            Order::SupportMove(p, q, to) => write!(f, "{p} S {q} - {to}"),
            Order::Castle(CastleSide::King) => f.write_str("O-O"),
            Order::Castle(CastleSide::Queen) => f.write_str("O-O-O"),
            Order::RetreatDisband(p) => write!(f, "{p} D"),
            Order::Convert(sq, role) => write!(f, "{sq} = {}", role.upper()),
            Order::Build(role, sq) => write!(f, "Build {} {sq}", role.upper()),
            Order::Disband(p) => write!(f, "Disband {p}"),
        }
    }
}

/// Why an order could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderParseError {
    #[error("empty order")]
    Empty,
    #[error("order `{order}`: unexpected `{found}`")]
    BadToken { order: String, found: String },
    #[error("order `{0}`: not an order (see the order forms: `N c3 H`, `R a1 - a5`, `Q d1 S N d4`, `O-O`, `N e5 D`, `e8 = N`, `Build R a1`, `Disband N c3`)")]
    Form(String),
    #[error("`{0}` does not name a piece (a type and a square, as in `N c3`)")]
    NotAPiece(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Piece(Role),
    Square(Square),
    Dash,
    Hold,
    Support,
    Disband,
    Equals,
    BuildWord,
    DisbandWord,
    CastleShort,
    CastleLong,
}

fn tokenize(text: &str) -> Result<Vec<Token>, OrderParseError> {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(tokens);
        }
        // Longest words first: `O-O-O` before `O-O`, `Build` before the bishop's `B`.
        let words: [(&str, Token); 4] = [
            ("O-O-O", Token::CastleLong),
            ("O-O", Token::CastleShort),
            ("Build", Token::BuildWord),
            ("Disband", Token::DisbandWord),
        ];
        if let Some((word, token)) = words.iter().find(|(w, _)| rest.starts_with(w)) {
            tokens.push(*token);
            rest = &rest[word.len()..];
            continue;
        }
        let bytes = rest.as_bytes();
        if let [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] = bytes {
            let sq = Square::from_coords(f - b'a', r - b'1').expect("a1..h8");
            tokens.push(Token::Square(sq));
            rest = &rest[2..];
            continue;
        }
        let c = rest.chars().next().expect("not empty");
        let token = match c {
            '-' => Token::Dash,
            '=' => Token::Equals,
            'H' => Token::Hold,
            'S' => Token::Support,
            'D' => Token::Disband,
            _ => match Role::from_upper(c) {
                Some(role) => Token::Piece(role),
                None => {
                    let found: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
                    return Err(OrderParseError::BadToken {
                        order: text.trim().to_string(),
                        found,
                    });
                }
            },
        };
        tokens.push(token);
        rest = &rest[c.len_utf8()..];
    }
}

impl FromStr for PieceRef {
    type Err = OrderParseError;

    /// Reads `N c3` (the space is optional).
    fn from_str(text: &str) -> Result<PieceRef, OrderParseError> {
        match tokenize(text)?.as_slice() {
            [] => Err(OrderParseError::Empty),
            [Token::Piece(role), Token::Square(square)] => Ok(PieceRef {
                role: *role,
                square: *square,
            }),
            _ => Err(OrderParseError::NotAPiece(text.trim().to_string())),
        }
    }
}

impl FromStr for Order {
    type Err = OrderParseError;

    fn from_str(text: &str) -> Result<Order, OrderParseError> {
        use Token::*;
        let tokens = tokenize(text)?;
        let piece = |role, square| PieceRef { role, square };
        let order = match tokens.as_slice() {
            [] => return Err(OrderParseError::Empty),
            [Piece(r), Square(s), Hold] => Order::Hold(piece(*r, *s)),
            [Piece(r), Square(s), Dash, Square(t)] => Order::Move(piece(*r, *s), *t),
            [Piece(r), Square(s), Support, Piece(r2), Square(s2)] => {
                Order::SupportHold(piece(*r, *s), piece(*r2, *s2))
            }
            [Piece(r), Square(s), Support, Piece(r2), Square(s2), Dash, Square(t)] => {
                Order::SupportMove(piece(*r, *s), piece(*r2, *s2), *t)
            }
            [CastleShort] => Order::Castle(CastleSide::King),
            [CastleLong] => Order::Castle(CastleSide::Queen),
            [Piece(r), Square(s), Disband] => Order::RetreatDisband(piece(*r, *s)),
            [Square(s), Equals, Piece(r)] => Order::Convert(*s, *r),
            [BuildWord, Piece(r), Square(s)] => Order::Build(*r, *s),
            [DisbandWord, Piece(r), Square(s)] => Order::Disband(piece(*r, *s)),
            _ => return Err(OrderParseError::Form(text.trim().to_string())),
        };
        Ok(order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_is_optional_and_output_is_spaced() {
        for (input, canonical) in [
            ("R a1 - a5", "R a1 - a5"),
            ("Ra1-a5", "R a1 - a5"),
            ("Ra1 - a5", "R a1 - a5"),
            ("N c3 H", "N c3 H"),
            ("Nc3H", "N c3 H"),
            ("Q d1 S N d4", "Q d1 S N d4"),
            ("Bb2SRa1-a5", "B b2 S R a1 - a5"),
            ("O-O", "O-O"),
            ("O-O-O", "O-O-O"),
            ("N e5 D", "N e5 D"),
            ("e8=N", "e8 = N"),
            ("Build R a1", "Build R a1"),
            ("BuildBa1", "Build B a1"),
            ("Disband N c3", "Disband N c3"),
            ("P e2 - e4", "P e2 - e4"),
        ] {
            let order: Order = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(order.to_string(), canonical);
            assert_eq!(canonical.parse::<Order>(), Ok(order));
        }
    }

    #[test]
    fn errors() {
        assert_eq!("".parse::<Order>(), Err(OrderParseError::Empty));
        assert!(matches!(
            "n c3 H".parse::<Order>(),
            Err(OrderParseError::BadToken { .. })
        ));
        assert!(matches!(
            "N c3".parse::<Order>(),
            Err(OrderParseError::Form(_))
        ));
        assert!(matches!(
            "N c9 H".parse::<Order>(),
            Err(OrderParseError::BadToken { .. })
        ));
        assert!(matches!(
            "O-O H".parse::<Order>(),
            Err(OrderParseError::Form(_))
        ));
    }

    #[test]
    fn piece_refs() {
        let p: PieceRef = "Nc3".parse().unwrap();
        assert_eq!(p.to_string(), "N c3");
        assert_eq!("N c3".parse::<PieceRef>(), Ok(p));
        assert!(matches!(
            "N c3 H".parse::<PieceRef>(),
            Err(OrderParseError::NotAPiece(_))
        ));
    }
}
