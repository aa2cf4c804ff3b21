//! Conditional entries of progressive mode (§11): `condition?if-true:if-false`, nested.

use crate::notation::Notation;
use crate::position::Position;
use board8::{Bitboard, Role, Square};
use diplo_core::Color;
use std::fmt;

/// A condition, judged on the position at the start of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Condition {
    /// `Nh6`, `wNh6`: a piece of that type (and colour, if given) stands on the square.
    Occupant {
        color: Option<Color>,
        role: Role,
        square: Square,
    },
    /// `2Q`, `0bR`: exactly that many such pieces are on the board.
    Count {
        number: u32,
        color: Option<Color>,
        role: Role,
    },
    /// `~e5`: the square is empty.
    Empty(Square),
    /// `3`: this player's entry 3 of the current turn was executed.
    Executed(u32),
}

/// One entry of a progressive series: a move, or a condition choosing between two entries.
/// In basic and simultaneous-progressive mode an entry is a plain move.
///
/// A move keeps its text as given (without annotations): reports and error messages quote
/// it, and `Display` writes it back, so that an entry read again from its display is equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Entry {
    Move { notation: Notation, text: String },
    If(Condition, Box<Entry>, Box<Entry>),
}

/// Why an entry could not be read; `column` (1-based) points at the offending token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("column {column}: {problem} at `{token}`")]
pub struct EntryError {
    pub column: usize,
    pub token: String,
    pub problem: EntryProblem,
}

/// What is wrong at the token an [`EntryError`] points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EntryProblem {
    #[error("nested too deeply")]
    TooDeep,
    #[error("expected a move or a condition")]
    ExpectedEntry,
    #[error("not a condition")]
    NotACondition,
    #[error("expected `:`")]
    ExpectedColon,
    #[error("not a move")]
    NotAMove,
    #[error("unexpected text")]
    UnexpectedText,
    /// An `executed` condition that names this entry or a later one (§11.5).
    #[error("an entry may only ask about an earlier entry (this is entry {step})")]
    NotEarlier { step: usize },
}

fn role_of(c: u8) -> Option<Role> {
    match c {
        b'K' => Some(Role::King),
        b'Q' => Some(Role::Queen),
        b'R' => Some(Role::Rook),
        b'B' => Some(Role::Bishop),
        b'N' => Some(Role::Knight),
        b'P' => Some(Role::Pawn),
        _ => None,
    }
}

/// An optional `w`/`b` colour letter and how many bytes it takes.
fn colour_prefix(s: &[u8]) -> (Option<Color>, usize) {
    match s.first() {
        Some(b'w') => (Some(Color::White), 1),
        Some(b'b') => (Some(Color::Black), 1),
        _ => (None, 0),
    }
}

fn parse_condition(text: &str) -> Option<Condition> {
    let b = text.as_bytes();
    if let Some(sq) = text.strip_prefix('~') {
        return sq.parse().ok().map(Condition::Empty);
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let (color, skip) = colour_prefix(&b[digits..]);
    let rest = &b[digits + skip..];
    if digits > 0 {
        let number: u32 = text[..digits].parse().ok()?;
        if rest.is_empty() && color.is_none() {
            return Some(Condition::Executed(number));
        }
        return match rest {
            [p] => Some(Condition::Count {
                number,
                color,
                role: role_of(*p)?,
            }),
            _ => None,
        };
    }
    match rest {
        [p, f, r] => Some(Condition::Occupant {
            color,
            role: role_of(*p)?,
            square: std::str::from_utf8(&[*f, *r]).ok()?.parse().ok()?,
        }),
        _ => None,
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, start: usize, end: usize, problem: EntryProblem) -> EntryError {
        let token = self.text.get(start..end.max(start)).unwrap_or("");
        EntryError {
            column: start + 1,
            token: if token.is_empty() {
                "end of entry".to_string()
            } else {
                token.to_string()
            },
            problem,
        }
    }

    /// The next token: everything up to `?`, `:` or the end.
    fn token(&mut self) -> (usize, &str) {
        let start = self.pos;
        let len = self.text[start..]
            .find(['?', ':'])
            .unwrap_or(self.text.len() - start);
        self.pos = start + len;
        (start, &self.text[start..start + len])
    }

    fn entry(&mut self, depth: usize) -> Result<Entry, EntryError> {
        if depth > 64 {
            return Err(self.error(self.pos, self.text.len(), EntryProblem::TooDeep));
        }
        let (start, token) = self.token();
        let token = token.to_string();
        let end = start + token.len();
        if token.trim() != token || token.is_empty() {
            return Err(self.error(start, end, EntryProblem::ExpectedEntry));
        }
        if self.text[self.pos..].starts_with('?') {
            let cond = parse_condition(&token)
                .ok_or_else(|| self.error(start, end, EntryProblem::NotACondition))?;
            self.pos += 1;
            let yes = self.entry(depth + 1)?;
            if !self.text[self.pos..].starts_with(':') {
                return Err(self.error(self.pos, self.text.len(), EntryProblem::ExpectedColon));
            }
            self.pos += 1;
            let no = self.entry(depth + 1)?;
            return Ok(Entry::If(cond, Box::new(yes), Box::new(no)));
        }
        let notation: Notation = token
            .parse()
            .map_err(|_| self.error(start, end, EntryProblem::NotAMove))?;
        Ok(Entry::Move {
            notation,
            text: token,
        })
    }
}

impl Entry {
    /// Reads an entry; `step` (1-based) is its place in the series, for `executed` checks
    /// (§11.5). Annotations are allowed only on a plain move.
    pub fn parse(text: &str, step: usize) -> Result<Entry, EntryError> {
        let entry = Entry::read(text)?;
        entry.check_executed(text.trim(), step)?;
        Ok(entry)
    }

    /// Reads an entry on its own, without knowing its place in the series: an `executed`
    /// condition is checked against the place later ([`Entry::check_step`]).
    pub fn read(text: &str) -> Result<Entry, EntryError> {
        let text = text.trim();
        let mut p = Parser { text, pos: 0 };
        // A plain move may carry `?`/`!` annotations (§12.1.4).
        if !text.contains(':') {
            if let Ok(notation) = text.parse::<Notation>() {
                return Ok(Entry::Move {
                    notation,
                    text: text.trim_end_matches(['+', '#', '!', '?']).to_string(),
                });
            }
        }
        let entry = p.entry(0)?;
        if p.pos < text.len() {
            return Err(p.error(p.pos, text.len(), EntryProblem::UnexpectedText));
        }
        Ok(entry)
    }

    /// Checks that every `executed` condition names an entry before `step` (1-based), with
    /// the error [`Entry::parse`] gives; the column is found in the entry's text.
    pub fn check_step(&self, step: usize) -> Result<(), EntryError> {
        self.check_executed(&self.to_string(), step)
    }

    fn check_executed(&self, text: &str, step: usize) -> Result<(), EntryError> {
        if let Entry::If(cond, yes, no) = self {
            if let Condition::Executed(n) = cond {
                if *n == 0 || *n as usize >= step {
                    let token = n.to_string();
                    let column = text.find(&token).unwrap_or(0) + 1;
                    return Err(EntryError {
                        column,
                        token,
                        problem: EntryProblem::NotEarlier { step },
                    });
                }
            }
            yes.check_executed(text, step)?;
            no.check_executed(text, step)?;
        }
        Ok(())
    }

    /// Whether the entry holds a condition (only progressive mode allows one).
    pub fn is_conditional(&self) -> bool {
        matches!(self, Entry::If(..))
    }

    /// The branch taken: the move notation and its text. `executed[k]` says whether this
    /// player's entry k+1 of the turn was executed.
    pub fn choose(&self, pos: &Position, executed: &[bool]) -> (&Notation, &str) {
        match self {
            Entry::Move { notation, text } => (notation, text),
            Entry::If(cond, yes, no) => {
                if cond.holds(pos, executed) {
                    yes.choose(pos, executed)
                } else {
                    no.choose(pos, executed)
                }
            }
        }
    }
}

impl Condition {
    pub fn holds(&self, pos: &Position, executed: &[bool]) -> bool {
        let board = &pos.board;
        let of = |color: Option<Color>, role: Role| match color {
            Some(c) => board.pieces(c, role),
            None => board.by_role(role),
        };
        match *self {
            Condition::Occupant {
                color,
                role,
                square,
            } => of(color, role) & square.bit() != 0,
            Condition::Count {
                number,
                color,
                role,
            } => Bitboard(of(color, role)).len() as u32 == number,
            Condition::Empty(sq) => board.piece_at(sq).is_none(),
            Condition::Executed(n) => executed.get(n as usize - 1).copied().unwrap_or(false),
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = |c: Option<Color>| c.map(|c| c.letter().to_string()).unwrap_or_default();
        match *self {
            Condition::Occupant {
                color,
                role,
                square,
            } => write!(f, "{}{}{square}", colour(color), role.upper()),
            Condition::Count {
                number,
                color,
                role,
            } => write!(f, "{number}{}{}", colour(color), role.upper()),
            Condition::Empty(sq) => write!(f, "~{sq}"),
            Condition::Executed(n) => write!(f, "{n}"),
        }
    }
}

impl fmt::Display for Entry {
    /// The entry as given: each move's text (annotations left out), conditions canonical.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Move { text, .. } => f.write_str(text),
            Entry::If(c, yes, no) => write!(f, "{c}?{yes}:{no}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar() {
        let e = Entry::parse("bNf6?e5:d4", 3).unwrap();
        assert_eq!(e.to_string(), "bNf6?e5:d4");
        let e = Entry::parse("Nh6?2Q?e4:Rd1:~e5?e5:exf6", 2).unwrap();
        assert_eq!(e.to_string(), "Nh6?2Q?e4:Rd1:~e5?e5:exf6");
        assert!(matches!(
            Entry::parse("2?Nf6:d6", 3).unwrap(),
            Entry::If(Condition::Executed(2), _, _)
        ));
        assert!(matches!(
            Entry::parse("0bR?Nf6:d6", 1).unwrap(),
            Entry::If(Condition::Count { number: 0, .. }, _, _)
        ));
        assert_eq!(Entry::parse("e4!?", 1).unwrap().to_string(), "e4");
        // Moves are written back as given, so that they read back equal.
        for text in ["Rxa1+", "0-0", "02?Nxf6:e8Q", "wNh6?Bxc4:~e5?O-O-O:e7e8q"] {
            let e = Entry::read(text).unwrap();
            assert_eq!(Entry::read(&e.to_string()), Ok(e));
        }
        assert_eq!(Entry::read("Rxa1+").unwrap().to_string(), "Rxa1");
        assert_eq!(
            Entry::read("02?Nxf6:e8Q").unwrap().to_string(),
            "2?Nxf6:e8Q"
        );
        // The place of an `executed` condition is checked apart.
        let e = Entry::read("3?e5:d4").unwrap();
        assert!(e.check_step(4).is_ok());
        let err = e.check_step(3).unwrap_err();
        assert_eq!(err, Entry::parse("3?e5:d4", 3).unwrap_err());
    }

    #[test]
    fn errors_point_at_tokens() {
        let e = Entry::parse("Xh6?e5:d4", 1).unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (1, "Xh6"));
        let e = Entry::parse("Nh6?e5", 1).unwrap_err();
        assert_eq!(e.token, "end of entry");
        let e = Entry::parse("Nh6?e5:zz", 1).unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (8, "zz"));
        let e = Entry::parse("3?e5:d4", 3).unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (1, "3"));
        let e = Entry::parse("~e5?e5:d4:e3", 2).unwrap_err();
        assert_eq!(e.token, ":e3");
        assert!(Entry::parse("", 1).is_err());
        assert!(Entry::parse("Nh6?:d4", 1).is_err());
    }
}
