//! The position string (spec §10.1) and the piece values and caps of §2.

use board8::{parse_board_field, write_board_field, Board, CastlingRights, Piece, Role, Square};
use diplo_core::{ByColor, Color};
use std::fmt;
use std::str::FromStr;

/// The start position string.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1";

/// Power points (rules 6 and 7): K 0, Q 9, R 5, B 3, N 3, P 1.
#[inline]
pub const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Queen => 9,
        Role::Rook => 5,
        Role::Bishop | Role::Knight => 3,
        Role::Pawn => 1,
    }
}

/// The initial distribution, the cap of rule 17 (§2.3): how many of a type a side may have.
#[inline]
pub const fn cap(role: Role) -> u32 {
    match role {
        Role::King | Role::Queen => 1,
        Role::Rook | Role::Bishop | Role::Knight => 2,
        Role::Pawn => 8,
    }
}

/// A side's first rank (0-based): where castling, deferred builds and adjustments happen.
#[inline]
pub const fn first_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// A side's last rank (0-based): where its pawns convert.
#[inline]
pub const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// The board between turns, with castling rights, held pawns (rule 18), the no-progress
/// clock and the number of the next turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: Board,
    pub castling: CastlingRights,
    /// Pawns removed on the last rank and held for a deferred build.
    pub held: ByColor<u8>,
    /// Turns since the last progress (§9.3).
    pub clock: u32,
    /// The number of the next turn (1 = first).
    pub turn: u32,
}

/// Why a position string was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("empty position string")]
    Empty,
    #[error("position: {0}")]
    Board(#[from] board8::BoardParseError),
    #[error("position: {0}")]
    Castling(#[from] board8::CastlingParseError),
    #[error("position: expected `<board> <castling> <held> <clock> <turn>`, found {0} fields")]
    Fields(usize),
    #[error("position: held field `{0}`: expected `-` or `P`s followed by `p`s")]
    Held(String),
    #[error("position: `{0}` is not a number of turns")]
    Number(String),
    #[error("position: the turn number must be at least 1")]
    TurnZero,
    #[error("position: {color} has {count} Kings, needs exactly one")]
    Kings { color: Color, count: u32 },
    #[error("position: a {color} pawn on its last rank ({square})")]
    PawnOnLastRank { color: Color, square: Square },
    #[error("position: {color} has more {role} pieces than the initial distribution allows")]
    TooMany { color: Color, role: char },
    #[error("position: castling right `{letter}` without the King and rook on their squares")]
    CastlingPieces { letter: char },
}

impl Position {
    /// The FIDE start.
    pub fn start() -> Position {
        START.parse().expect("the start position is valid")
    }

    /// The value of a side's pieces on the board.
    pub fn material(&self, color: Color) -> i32 {
        self.board
            .iter()
            .filter(|(_, p)| p.color == color)
            .map(|(_, p)| value(p.role))
            .sum()
    }

    /// How many pieces of a type a side has on the board.
    pub fn count(&self, color: Color, role: Role) -> u32 {
        self.board.pieces(color, role).count_ones()
    }

    /// The position with colours swapped and the board mirrored (a1 <-> a8).
    pub fn mirrored(&self) -> Position {
        Position {
            board: self.board.mirrored(),
            castling: self.castling.mirrored(),
            held: ByColor::new(self.held.black, self.held.white),
            clock: self.clock,
            turn: self.turn,
        }
    }

    /// Drops every castling right whose King or rook is no longer on its start square (a
    /// piece disbanded in the adjustments, §5.8.5: the right is lost for good).
    pub fn drop_stale_castling(&mut self) {
        for (flag, color, rook_file) in [
            (CastlingRights::WHITE_KINGSIDE, Color::White, 7),
            (CastlingRights::WHITE_QUEENSIDE, Color::White, 0),
            (CastlingRights::BLACK_KINGSIDE, Color::Black, 7),
            (CastlingRights::BLACK_QUEENSIDE, Color::Black, 0),
        ] {
            let rank = first_rank(color);
            let at = |file| Square::from_coords(file, rank).and_then(|s| self.board.piece_at(s));
            let king = Some(Piece {
                color,
                role: Role::King,
            });
            let rook = Some(Piece {
                color,
                role: Role::Rook,
            });
            if at(4) != king || at(rook_file) != rook {
                self.castling.remove(flag);
            }
        }
    }

    /// Checks the invariants every position between turns keeps.
    pub fn validate(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            let kings = self.count(color, Role::King);
            if kings != 1 {
                return Err(PositionError::Kings {
                    color,
                    count: kings,
                });
            }
            // More queens, rooks, bishops or knights than the initial distribution are
            // allowed in a custom position (a ported DATC case may need three knights): the
            // cap of §2.3 only decides which types are short (§7.1). Pawns with held pawns
            // stay within eight, so that the held field always reads back.
            if self.count(color, Role::Pawn) + u32::from(self.held[color]) > cap(Role::Pawn) {
                return Err(PositionError::TooMany { color, role: 'P' });
            }
            let last = self.board.pieces(color, Role::Pawn) & (0xFFu64 << (8 * last_rank(color)));
            if let Some(square) = board8::Bitboard(last).first() {
                return Err(PositionError::PawnOnLastRank { color, square });
            }
        }
        for (flag, letter, color, rook_file) in [
            (CastlingRights::WHITE_KINGSIDE, 'K', Color::White, 7),
            (CastlingRights::WHITE_QUEENSIDE, 'Q', Color::White, 0),
            (CastlingRights::BLACK_KINGSIDE, 'k', Color::Black, 7),
            (CastlingRights::BLACK_QUEENSIDE, 'q', Color::Black, 0),
        ] {
            if !self.castling.has(flag) {
                continue;
            }
            let rank = first_rank(color);
            let at = |file| Square::from_coords(file, rank).and_then(|s| self.board.piece_at(s));
            let king = Piece {
                color,
                role: Role::King,
            };
            let rook = Piece {
                color,
                role: Role::Rook,
            };
            if at(4) != Some(king) || at(rook_file) != Some(rook) {
                return Err(PositionError::CastlingPieces { letter });
            }
        }
        Ok(())
    }
}

fn parse_number(s: &str) -> Result<u32, PositionError> {
    s.parse::<u32>()
        .map_err(|_| PositionError::Number(s.to_string()))
}

fn parse_held(s: &str) -> Result<ByColor<u8>, PositionError> {
    if s == "-" {
        return Ok(ByColor::default());
    }
    let white = s.chars().take_while(|&c| c == 'P').count();
    let black = s[white..].chars().take_while(|&c| c == 'p').count();
    if white + black != s.len() || s.is_empty() || white > 8 || black > 8 {
        return Err(PositionError::Held(s.to_string()));
    }
    Ok(ByColor::new(white as u8, black as u8))
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads `<board> <castling> <held> <clock> <turn>`, the board field alone, or a standard
    /// FEN (second field `w` or `b`: board and castling are used).
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let first = *fields.first().ok_or(PositionError::Empty)?;
        let squares = parse_board_field(first, Piece::from_char)?;
        let mut board = Board::empty();
        for sq in Square::all() {
            if let Some(p) = squares[sq.index()] {
                board.put(sq, p);
            }
        }
        let mut position = Position {
            board,
            castling: CastlingRights::NONE,
            held: ByColor::default(),
            clock: 0,
            turn: 1,
        };
        match fields.as_slice() {
            [_] => {}
            [_, side, rest @ ..] if (*side == "w" || *side == "b") && rest.len() <= 4 => {
                if let Some(castling) = rest.first() {
                    position.castling = castling.parse()?;
                }
            }
            [_, castling, held, clock, turn] => {
                position.castling = castling.parse()?;
                position.held = parse_held(held)?;
                position.clock = parse_number(clock)?;
                position.turn = parse_number(turn)?;
                if position.turn == 0 {
                    return Err(PositionError::TurnZero);
                }
            }
            _ => return Err(PositionError::Fields(fields.len())),
        }
        position.validate()?;
        Ok(position)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let squares: [Option<Piece>; 64] =
            std::array::from_fn(|i| self.board.piece_at(Square::new(i as u8).expect("< 64")));
        let castling = self.castling.to_string();
        let mut held = String::new();
        held.extend(std::iter::repeat('P').take(self.held.white as usize));
        held.extend(std::iter::repeat('p').take(self.held.black as usize));
        if held.is_empty() {
            held.push('-');
        }
        write!(
            f,
            "{} {} {} {} {}",
            write_board_field(&squares, Piece::char),
            castling,
            held,
            self.clock,
            self.turn
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip() {
        let p = Position::start();
        assert_eq!(p.to_string(), START);
        assert_eq!(p.material(Color::White), 39);
    }

    #[test]
    fn short_forms() {
        let p: Position = "4k3/8/8/8/8/8/8/4K3".parse().unwrap();
        assert_eq!(p.to_string(), "4k3/8/8/8/8/8/8/4K3 - - 0 1");
        let p: Position = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 12".parse().unwrap();
        assert_eq!(p.to_string(), "r3k3/8/8/8/8/8/8/4K2R Kq - 0 1");
        let p: Position = "4k3/8/8/8/8/8/8/4K3 - PPp 7 31".parse().unwrap();
        assert_eq!(p.held, ByColor::new(2, 1));
        assert_eq!(p.to_string(), "4k3/8/8/8/8/8/8/4K3 - PPp 7 31");
    }

    #[test]
    fn more_pieces_than_the_initial_distribution() {
        // §2.3's cap decides which types are short; it does not forbid a custom position.
        let p: Position = "4k3/8/8/8/2NNN3/8/8/4K3".parse().unwrap();
        assert_eq!(p.count(Color::White, Role::Knight), 3);
        assert_eq!(p.to_string(), "4k3/8/8/8/2NNN3/8/8/4K3 - - 0 1");
    }

    #[test]
    fn errors() {
        for bad in [
            "",
            "4k3/8/8/8/8/8/8/8",
            "4k3/8/8/8/8/8/8/4K2R K",
            "4k3/8/8/8/8/8/8/4K3 - pP 0 1",
            "4k3/8/8/8/8/8/8/4K3 - - 0 0",
            "4k3/8/8/8/8/8/8/4K3 - - x 1",
            "4kP2/8/8/8/8/8/8/4K3",
            "4k3/8/8/8/8/8/8/4K3 K - 0 1",
            "4k3/8/8/8/8/8/PPPPPPPP/4K3 - P 0 1",
            "4k3/8/8/8/8/8/8/4K3 - PPPPPPPPP 0 1",
        ] {
            let e = bad.parse::<Position>().unwrap_err();
            assert!(!e.to_string().is_empty());
        }
    }
}
