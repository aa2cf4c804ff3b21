//! Pieces, their kinds, and the subvariant that decides what suborning does.

use diplo_core::Color;
use std::fmt;
use std::str::FromStr;

/// A kind of piece. The Diplomat moves like a King to empty cells and suborns instead of
/// capturing; the Horse leaps like a chess knight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    King = 0,
    Rook = 1,
    Bishop = 2,
    Horse = 3,
    Diplomat = 4,
    Pawn = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::King,
        Role::Rook,
        Role::Bishop,
        Role::Horse,
        Role::Diplomat,
        Role::Pawn,
    ];
    /// What a pawn may promote to.
    pub const PROMOTIONS: [Role; 4] = [Role::Rook, Role::Bishop, Role::Horse, Role::Diplomat];
    /// What can be held in hand (drop subvariant): everything but the King.
    pub const IN_HAND: [Role; 5] = [
        Role::Rook,
        Role::Bishop,
        Role::Horse,
        Role::Diplomat,
        Role::Pawn,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter: K R B H D P.
    pub const fn upper(self) -> char {
        match self {
            Role::King => 'K',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            Role::Horse => 'H',
            Role::Diplomat => 'D',
            Role::Pawn => 'P',
        }
    }

    pub fn from_upper(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.upper() == c)
    }

    /// The full English name, as canonical promotions write it (`=Rook`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "King",
            Role::Rook => "Rook",
            Role::Bishop => "Bishop",
            Role::Horse => "Horse",
            Role::Diplomat => "Diplomat",
            Role::Pawn => "Pawn",
        }
    }

    /// Index into hand tables (roles other than the King).
    #[inline]
    pub(crate) const fn hand_index(self) -> usize {
        self as usize - 1
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// The position-string letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        let c = self.role.upper();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_upper(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// What happens to a suborned piece (the `suborn` option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SubornRule {
    /// It changes colour where it stands (the main game).
    #[default]
    Convert,
    /// It is taken off the board.
    Remove,
    /// It is taken off and goes into the suborner's hand, to be dropped later.
    Drop,
}

impl SubornRule {
    pub const ALL: [SubornRule; 3] = [SubornRule::Convert, SubornRule::Remove, SubornRule::Drop];

    pub const fn name(self) -> &'static str {
        match self {
            SubornRule::Convert => "convert",
            SubornRule::Remove => "remove",
            SubornRule::Drop => "drop",
        }
    }
}

impl fmt::Display for SubornRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SubornRule {
    type Err = String;
    fn from_str(s: &str) -> Result<SubornRule, String> {
        SubornRule::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| format!("unknown suborn rule `{s}` (convert, remove or drop)"))
    }
}
