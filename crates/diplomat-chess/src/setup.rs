//! The position string: a raw, unvalidated [`Setup`] and its text form.
//!
//! `<crown1>/<crown2>/<crown3>/<centre>[<hand>] <side> <fullmove>`, crowns listing radii
//! a..n with piece letters (White upper case) and decimal runs of empty cells.

use crate::{Cell, Piece, Role};
use diplo_core::{ByColor, Color};
use std::fmt;
use std::str::FromStr;

/// The pieces a side holds in hand (drop subvariant), counted per role (never a King).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand([u8; 5]);

impl Hand {
    pub fn count(&self, role: Role) -> u8 {
        if role == Role::King {
            0
        } else {
            self.0[role.hand_index()]
        }
    }
    pub(crate) fn set(&mut self, role: Role, count: u8) {
        self.0[role.hand_index()] = count;
    }
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    /// Roles present, in the order the position string writes them (alphabetical letters).
    pub fn roles(&self) -> impl Iterator<Item = (Role, u8)> + '_ {
        let mut roles = Role::IN_HAND;
        roles.sort_by_key(|r| r.upper());
        roles
            .into_iter()
            .map(|r| (r, self.count(r)))
            .filter(|&(_, n)| n > 0)
    }
}

/// A position as written, before any rules check: anything the string can express.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: [Option<Piece>; 43],
    /// `None` when the string has no hand field (the non-drop subvariants).
    pub hands: Option<ByColor<Hand>>,
    pub side_to_move: Color,
    pub fullmove: u32,
}

/// Why a position string could not be read (as opposed to a readable but illegal position,
/// see [`crate::PositionError`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupParseError {
    #[error("empty position string")]
    Empty,
    #[error("expected 4 board fields separated by `/` (crown 1, 2, 3 and the centre), found {0}")]
    BoardFields(usize),
    #[error("crown {crown}: unexpected `{found}` (piece letters are K R B H D P, or k r b h d p for Black)")]
    BadChar { crown: u8, found: char },
    #[error("crown {crown}: describes {cells} cells, a crown has 14")]
    CrownLength { crown: u8, cells: u32 },
    #[error("centre field `{0}`: expected one piece letter or `1`")]
    Centre(String),
    #[error("hand field `{0}`: expected `[` piece letters other than K `]`")]
    Hand(String),
    #[error("side to move `{0}`: expected `w` or `b`")]
    Side(String),
    #[error("move number `{0}`: expected a whole number from 1")]
    Fullmove(String),
    #[error("unexpected extra field `{0}`")]
    Extra(String),
}

impl Setup {
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }
}

fn parse_crown(
    crown: u8,
    field: &str,
    board: &mut [Option<Piece>; 43],
) -> Result<(), SetupParseError> {
    let mut radius: u32 = 0;
    let mut chars = field.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut run = d;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                run = run.saturating_mul(10).saturating_add(d);
                chars.next();
            }
            if run == 0 {
                return Err(SetupParseError::BadChar { crown, found: '0' });
            }
            radius = radius.saturating_add(run);
        } else {
            let piece = Piece::from_char(c).ok_or(SetupParseError::BadChar { crown, found: c })?;
            if let Some(cell) = u8::try_from(radius).ok().and_then(|r| Cell::ring(r, crown)) {
                board[cell.index()] = Some(piece);
            }
            radius = radius.saturating_add(1);
        }
    }
    if radius != 14 {
        return Err(SetupParseError::CrownLength {
            crown,
            cells: radius,
        });
    }
    Ok(())
}

fn parse_hands(field: &str) -> Result<ByColor<Hand>, SetupParseError> {
    let err = || SetupParseError::Hand(field.to_string());
    let inner = field
        .strip_prefix('[')
        .and_then(|f| f.strip_suffix(']'))
        .ok_or_else(err)?;
    let mut hands = ByColor::<Hand>::default();
    for c in inner.chars() {
        let piece = Piece::from_char(c)
            .filter(|p| p.role != Role::King)
            .ok_or_else(err)?;
        let hand = &mut hands[piece.color];
        let n = hand.count(piece.role);
        hand.set(piece.role, n.checked_add(1).ok_or_else(err)?);
    }
    Ok(hands)
}

impl FromStr for Setup {
    type Err = SetupParseError;
    fn from_str(s: &str) -> Result<Setup, SetupParseError> {
        let mut fields = s.split_whitespace();
        let board_field = fields.next().ok_or(SetupParseError::Empty)?;
        let (board_part, hand_part) = match board_field.find('[') {
            Some(i) => (&board_field[..i], Some(&board_field[i..])),
            None => (board_field, None),
        };
        let parts: Vec<&str> = board_part.split('/').collect();
        if parts.len() != 4 {
            return Err(SetupParseError::BoardFields(parts.len()));
        }
        let mut board = [None; 43];
        for (i, part) in parts[..3].iter().enumerate() {
            parse_crown(i as u8 + 1, part, &mut board)?;
        }
        let centre = parts[3];
        let mut centre_chars = centre.chars();
        match (centre_chars.next(), centre_chars.next()) {
            (Some('1'), None) => {}
            (Some(c), None) => {
                board[Cell::CENTRE.index()] = Some(
                    Piece::from_char(c)
                        .ok_or_else(|| SetupParseError::Centre(centre.to_string()))?,
                )
            }
            _ => return Err(SetupParseError::Centre(centre.to_string())),
        }
        let hands = hand_part.map(parse_hands).transpose()?;
        let side_to_move = match fields.next() {
            None => Color::White,
            Some(f) => {
                let mut cs = f.chars();
                match (cs.next().and_then(Color::from_letter), cs.next()) {
                    (Some(c), None) => c,
                    _ => return Err(SetupParseError::Side(f.to_string())),
                }
            }
        };
        let fullmove = match fields.next() {
            None => 1,
            Some(f) => f
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| SetupParseError::Fullmove(f.to_string()))?,
        };
        if let Some(extra) = fields.next() {
            return Err(SetupParseError::Extra(extra.to_string()));
        }
        Ok(Setup {
            board,
            hands,
            side_to_move,
            fullmove,
        })
    }
}

fn write_run(
    f: &mut fmt::Formatter<'_>,
    cells: impl Iterator<Item = Option<Piece>>,
) -> fmt::Result {
    let mut empty = 0;
    for cell in cells {
        match cell {
            None => empty += 1,
            Some(p) => {
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{}", p.char())?;
            }
        }
    }
    if empty > 0 {
        write!(f, "{empty}")?;
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for crown in 1..=3u8 {
            write_run(
                f,
                (0..14).map(|r| self.board[Cell::ring(r, crown).expect("valid").index()]),
            )?;
            f.write_str("/")?;
        }
        match self.board[Cell::CENTRE.index()] {
            None => f.write_str("1")?,
            Some(p) => write!(f, "{}", p.char())?,
        }
        if let Some(hands) = &self.hands {
            f.write_str("[")?;
            for color in Color::ALL {
                for (role, n) in hands[color].roles() {
                    let c = Piece { color, role }.char();
                    for _ in 0..n {
                        write!(f, "{c}")?;
                    }
                }
            }
            f.write_str("]")?;
        }
        write!(f, " {} {}", self.side_to_move.letter(), self.fullmove)
    }
}
