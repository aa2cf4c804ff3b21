//! A plain 8x8 board for the simultaneous games: rank 8 on top, White in upper case.

use board8::{Board, Square};

/// Draws `board`, each line after `margin`.
pub fn draw(board: &Board, margin: &str) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{margin}{} ", rank + 1));
        for file in 0..8u8 {
            out.push(' ');
            let piece = Square::from_coords(file, rank).and_then(|sq| board.piece_at(sq));
            out.push(piece.map_or('.', |p| p.char()));
        }
        out.push('\n');
    }
    out.push_str(&format!("{margin}   a b c d e f g h\n"));
    out
}
