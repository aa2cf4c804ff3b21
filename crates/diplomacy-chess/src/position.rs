//! The position between turns: board, castling rights, en-passant squares, clock and turn
//! number, and its string form (spec §12.2).

use board8::{
    parse_board_field, write_board_field, Board, BoardParseError, CastlingParseError,
    CastlingRights, Piece, Role, Square,
};
use diplo_core::Color;
use std::fmt;
use std::str::FromStr;

/// Everything the rules need to resolve the next turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub board: Board,
    pub castling: CastlingRights,
    /// Squares skipped by a two-square pawn advance in the previous turn (step). A square on
    /// rank 3 gives Black the right to capture there, on rank 6 White.
    pub en_passant: u64,
    /// Turns (steps in progressive mode) since the last executed pawn move or capture.
    pub clock: u32,
    /// The number of the next turn, starting at 1.
    pub turn: u32,
}

/// Why a position string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("empty position string")]
    Empty,
    #[error("position has {0} fields; expected the board alone, 5 fields (board castling en-passant clock turn) or a FEN")]
    FieldCount(usize),
    #[error("board: {0}")]
    Board(#[from] BoardParseError),
    #[error("{0}")]
    Castling(#[from] CastlingParseError),
    #[error("en-passant field `{0}`: expected `-` or squares on rank 3 or 6 (e.g. `e3`, `c6e3`)")]
    EnPassant(String),
    #[error("clock `{0}` is not a number")]
    Clock(String),
    #[error("turn `{0}` is not a number of at least 1")]
    Turn(String),
    #[error("{0} has {1} kings; each side has exactly one (§13: the diagrams' kings were added)")]
    Kings(Color, u32),
    #[error("{0} has {1} pieces; at most 16 are allowed")]
    TooManyPieces(Color, u32),
    #[error("a pawn stands on {0}, a first or last rank")]
    PawnOnBackRank(Square),
    #[error("castling right `{0}` without the king and rook on their squares")]
    CastlingPieces(char),
}

impl Position {
    /// The FIDE start, turn 1.
    pub fn start() -> Position {
        Position {
            board: Board::standard(),
            castling: CastlingRights::ALL,
            en_passant: 0,
            clock: 0,
            turn: 1,
        }
    }

    /// The squares where `color` may capture en passant (rank 6 for White, 3 for Black).
    pub fn en_passant_for(&self, color: Color) -> u64 {
        let rank: u64 = color.fold(0x0000_FF00_0000_0000, 0x0000_0000_00FF_0000);
        self.en_passant & rank
    }

    /// The same position seen from the other side: colours swapped, ranks mirrored.
    pub fn mirrored(&self) -> Position {
        Position {
            board: self.board.mirrored(),
            castling: self.castling.mirrored(),
            en_passant: self.en_passant.swap_bytes(),
            clock: self.clock,
            turn: self.turn,
        }
    }

    fn check(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            let kings = self.board.pieces(color, Role::King).count_ones();
            // The rules need a king on each side: check, mate and stalemate (§3.6, §8.1)
            // are about it, and a side without one could never lose.
            if kings != 1 {
                return Err(PositionError::Kings(color, kings));
            }
            // A side's orders must fit one resolution (at most 32 orders in all).
            let pieces = self.board.by_color(color).count_ones();
            if pieces > 16 {
                return Err(PositionError::TooManyPieces(color, pieces));
            }
        }
        let pawns = self.board.by_role(Role::Pawn) & 0xFF00_0000_0000_00FF;
        if let Some(sq) = board8::Bitboard(pawns).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for (flag, letter, king, rook) in CASTLINGS {
            if self.castling.has(flag) {
                let color = if letter.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let has =
                    |sq: u8, role| self.board.piece_at(sq_of(sq)) == Some(Piece { color, role });
                if !has(king, Role::King) || !has(rook, Role::Rook) {
                    return Err(PositionError::CastlingPieces(letter));
                }
            }
        }
        Ok(())
    }
}

/// (flag, FEN letter, king square, rook square) of the four castlings.
pub(crate) const CASTLINGS: [(u8, char, u8, u8); 4] = [
    (CastlingRights::WHITE_KINGSIDE, 'K', 4, 7),
    (CastlingRights::WHITE_QUEENSIDE, 'Q', 4, 0),
    (CastlingRights::BLACK_KINGSIDE, 'k', 60, 63),
    (CastlingRights::BLACK_QUEENSIDE, 'q', 60, 56),
];

pub(crate) fn sq_of(index: u8) -> Square {
    Square::new(index & 63).expect("masked to 0..64")
}

fn parse_en_passant(field: &str) -> Result<u64, PositionError> {
    let bad = || PositionError::EnPassant(field.to_string());
    if field == "-" {
        return Ok(0);
    }
    if field.is_empty() || field.len() % 2 != 0 || !field.is_ascii() {
        return Err(bad());
    }
    let mut bits = 0u64;
    for i in (0..field.len()).step_by(2) {
        let sq: Square = field[i..i + 2].parse().map_err(|_| bad())?;
        if sq.rank() != 2 && sq.rank() != 5 {
            return Err(bad());
        }
        bits |= sq.bit();
    }
    Ok(bits)
}

fn parse_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let Some(board_field) = fields.first() else {
            return Err(PositionError::Empty);
        };
        let squares = parse_board_field(board_field, Piece::from_char)?;
        let mut board = Board::empty();
        for (i, p) in squares.iter().enumerate() {
            if let Some(p) = p {
                board.put(sq_of(i as u8), *p);
            }
        }
        let mut pos = Position {
            board,
            castling: CastlingRights::NONE,
            en_passant: 0,
            clock: 0,
            turn: 1,
        };
        match fields.len() {
            1 => {}
            // A standard FEN: its side to move means nothing here and the counters default.
            2..=6 if fields[1] == "w" || fields[1] == "b" => {
                if let Some(c) = fields.get(2) {
                    pos.castling = c.parse()?;
                }
                if let Some(e) = fields.get(3) {
                    pos.en_passant = parse_en_passant(e)?;
                }
            }
            5 => {
                pos.castling = fields[1].parse()?;
                pos.en_passant = parse_en_passant(fields[2])?;
                pos.clock = parse_number(fields[3])
                    .ok_or_else(|| PositionError::Clock(fields[3].into()))?;
                pos.turn = parse_number(fields[4])
                    .filter(|&t| t >= 1)
                    .ok_or_else(|| PositionError::Turn(fields[4].into()))?;
            }
            n => return Err(PositionError::FieldCount(n)),
        }
        pos.check()?;
        Ok(pos)
    }
}

/// Writes en-passant squares, rank 6 before rank 3 and by file within a rank.
pub(crate) fn write_en_passant(bits: u64) -> String {
    if bits == 0 {
        return "-".to_string();
    }
    let mut out = String::new();
    for rank in [5u8, 2] {
        for file in 0..8u8 {
            let sq = sq_of(rank * 8 + file);
            if bits & sq.bit() != 0 {
                out.push_str(&sq.to_string());
            }
        }
    }
    out
}

/// The FEN board field of a board.
pub fn board_field(board: &Board) -> String {
    let mut squares = [None; 64];
    for (sq, p) in board.iter() {
        squares[sq.index()] = Some(p);
    }
    write_board_field(&squares, Piece::char)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {}",
            board_field(&self.board),
            self.castling,
            write_en_passant(self.en_passant),
            self.clock,
            self.turn
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1";
        assert_eq!(start.parse::<Position>().unwrap().to_string(), start);
        assert_eq!(Position::start().to_string(), start);
        let p: Position = "4k3/8/8/2pP4/4Pp2/8/8/4K3 - c6e3 3 7".parse().unwrap();
        assert_eq!(p.to_string(), "4k3/8/8/2pP4/4Pp2/8/8/4K3 - c6e3 3 7");
        assert_eq!(p.en_passant_for(Color::White).count_ones(), 1);
        let board_only: Position = "4k3/8/8/8/8/8/8/4K3".parse().unwrap();
        assert_eq!(board_only.to_string(), "4k3/8/8/8/8/8/8/4K3 - - 0 1");
        let fen: Position = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1".parse().unwrap();
        assert_eq!(fen.to_string(), "4k3/8/8/8/4P3/8/8/4K3 - e3 0 1");
    }

    #[test]
    fn errors() {
        let err = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(err(""), PositionError::Empty);
        assert!(matches!(
            err("8/8/8/8/8/8/8/8 - -"),
            PositionError::FieldCount(3)
        ));
        assert!(matches!(
            err("8/8/8/8/8/8/8/8 - e4 0 1"),
            PositionError::EnPassant(_)
        ));
        assert!(matches!(
            err("8/8/8/8/8/8/8/8 - - x 1"),
            PositionError::Clock(_)
        ));
        assert!(matches!(
            err("8/8/8/8/8/8/8/8 - - 0 0"),
            PositionError::Turn(_)
        ));
        assert!(matches!(
            err("KK5k/8/8/8/8/8/8/8"),
            PositionError::Kings(Color::White, 2)
        ));
        // Each side needs its King (the diagrams' kings were added, §13).
        assert!(matches!(
            err("8/8/8/8/8/8/8/8"),
            PositionError::Kings(Color::White, 0)
        ));
        assert!(matches!(
            err("Q7/8/8/8/8/8/8/4K3"),
            PositionError::Kings(Color::Black, 0)
        ));
        assert!(matches!(
            err("P6k/8/8/8/8/8/8/K7"),
            PositionError::PawnOnBackRank(_)
        ));
        assert!(matches!(
            err("7k/8/8/8/8/8/8/7K K - 0 1"),
            PositionError::CastlingPieces('K')
        ));
    }
}
