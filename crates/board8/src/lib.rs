//! The 8x8 board shared by diplo's three 8x8 games (Diplomatic Chess, Diplomacy Chess and
//! DiploChess): squares, bitboards, chess move geometry as tables computed at compile time,
//! the FEN board field and castling rights.
//!
//! Nothing here knows a game's rules: the games build their positions on these pieces.

mod attacks;
mod board;
mod castling;
pub mod describe;
mod fen;
mod square;
pub mod zobrist;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line_through, pawn_attacks,
    queen_attacks, rook_attacks, step_path,
};
pub use board::{fen_letter, split_fen_letter, Board, Piece, Role};
pub use castling::{CastlingParseError, CastlingRights};
pub use fen::{parse_board_field, write_board_field, BoardParseError};
pub use square::{Bitboard, File, Rank, Square, SquareParseError};
