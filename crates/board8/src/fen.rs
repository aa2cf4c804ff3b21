//! The board field of FEN, generic over the piece letters a game uses.

/// Why a FEN board field could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardParseError {
    #[error("the board has {0} ranks separated by `/`, expected 8")]
    Ranks(usize),
    #[error("rank {rank}: unexpected `{found}`")]
    BadChar { rank: u8, found: char },
    #[error("rank {rank}: describes {squares} squares, a rank has 8")]
    RankLength { rank: u8, squares: u32 },
}

/// Reads a FEN board field (rank 8 first) with `piece` mapping each letter to a piece.
/// Returns the 64 squares, index `rank * 8 + file`.
pub fn parse_board_field<P: Copy>(
    field: &str,
    piece: impl Fn(char) -> Option<P>,
) -> Result<[Option<P>; 64], BoardParseError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(BoardParseError::Ranks(ranks.len()));
    }
    let mut board = [None; 64];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        for c in text.chars() {
            match c {
                '1'..='8' => file += c.to_digit(10).expect("digit"),
                _ => {
                    let p = piece(c).ok_or(BoardParseError::BadChar {
                        rank: rank + 1,
                        found: c,
                    })?;
                    if file < 8 {
                        board[rank as usize * 8 + file as usize] = Some(p);
                    }
                    file += 1;
                }
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            let squares = text.chars().map(|c| c.to_digit(10).unwrap_or(1)).sum();
            return Err(BoardParseError::RankLength {
                rank: rank + 1,
                squares,
            });
        }
    }
    Ok(board)
}

/// Writes a FEN board field with `letter` giving each piece's letter.
pub fn write_board_field<P: Copy>(board: &[Option<P>; 64], letter: impl Fn(P) -> char) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(letter(p));
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece, Square};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    #[test]
    fn round_trip_start() {
        let squares = parse_board_field(START, Piece::from_char).unwrap();
        assert_eq!(write_board_field(&squares, Piece::char), START);
        let board = Board::standard();
        for sq in Square::all() {
            assert_eq!(board.piece_at(sq), squares[sq.index()], "{sq}");
        }
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse_board_field("8/8", Piece::from_char),
            Err(BoardParseError::Ranks(2))
        );
        assert!(matches!(
            parse_board_field("45/8/8/8/8/8/8/8", Piece::from_char),
            Err(BoardParseError::RankLength { rank: 8, .. })
        ));
        assert!(matches!(
            parse_board_field("x7/8/8/8/8/8/8/8", Piece::from_char),
            Err(BoardParseError::BadChar { found: 'x', .. })
        ));
        assert!(matches!(
            parse_board_field("ppppppppp/8/8/8/8/8/8/8", Piece::from_char),
            Err(BoardParseError::RankLength { .. })
        ));
    }
}
