//! A raw position as FEN describes it, before any rule is checked.

use crate::Piece;
use board8::{
    parse_board_field, write_board_field, BoardParseError, CastlingParseError, CastlingRights,
    Square,
};
use diplo_core::Color;
use std::fmt;
use std::str::FromStr;

/// The six FEN fields, read but not validated (see [`crate::Position::from_setup`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Index `rank * 8 + file`.
    pub board: [Option<Piece>; 64],
    pub side: Color,
    pub castling: CastlingRights,
    pub en_passant: Option<Square>,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// Why a position string could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupParseError {
    #[error("expected 6 fields (or the board field alone), found {0}")]
    Fields(usize),
    #[error("board: `K` is not a piece here (the Diplomat `D` takes the King's place)")]
    King,
    #[error("board: {0}")]
    Board(#[from] BoardParseError),
    #[error("side to move `{0}`: expected `w` or `b`")]
    Side(String),
    #[error("{0}")]
    Castling(#[from] CastlingParseError),
    #[error("en-passant field `{0}`: expected `-` or a square")]
    EnPassant(String),
    #[error("halfmove clock `{0}`: expected a number")]
    Halfmove(String),
    #[error("fullmove number `{0}`: expected a number from 1")]
    Fullmove(String),
}

impl FromStr for Setup {
    type Err = SetupParseError;

    /// Reads FEN with `D`/`d` for the Diplomats; the board field alone means White to move,
    /// no castling or en-passant rights, clock 0, move 1. The four-field form (no clocks) is
    /// read too.
    fn from_str(s: &str) -> Result<Setup, SetupParseError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if !matches!(fields.len(), 1 | 4 | 6) {
            return Err(SetupParseError::Fields(fields.len()));
        }
        if fields[0].contains(['K', 'k']) {
            return Err(SetupParseError::King);
        }
        let board = parse_board_field(fields[0], Piece::from_char)?;
        let mut setup = Setup {
            board,
            side: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        };
        if fields.len() == 1 {
            return Ok(setup);
        }
        setup.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(SetupParseError::Side(other.to_string())),
        };
        setup.castling = fields[2].parse()?;
        setup.en_passant = match fields[3] {
            "-" => None,
            text => Some(
                text.parse()
                    .map_err(|_| SetupParseError::EnPassant(text.to_string()))?,
            ),
        };
        if fields.len() == 6 {
            setup.halfmove = fields[4]
                .parse()
                .map_err(|_| SetupParseError::Halfmove(fields[4].to_string()))?;
            setup.fullmove = fields[5]
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| SetupParseError::Fullmove(fields[5].to_string()))?;
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {} {}",
            write_board_field(&self.board, Piece::char),
            self.side.fold('w', 'b'),
            self.castling,
            self.en_passant.map_or("-".to_string(), |s| s.to_string()),
            self.halfmove,
            self.fullmove
        )
    }
}
