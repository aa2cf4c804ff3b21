//! A grid of squares (any [`Geometry::Grid`](diplo_core::describe::Geometry::Grid)): the
//! last rank on top (the first when flipped), files lettered below and above, ranks numbered
//! on both sides, marked squares in brackets.

use super::{cell_text, Board};
use crate::term::{Paint, Style};

/// Draws the grid of `files` by `ranks`.
pub fn draw(board: &Board, files: u8, ranks: u8, flip: bool, style: Style) -> String {
    let files: Vec<u8> = if flip {
        (0..files).rev().collect()
    } else {
        (0..files).collect()
    };
    let ranks: Vec<u8> = if flip {
        (0..ranks).collect()
    } else {
        (0..ranks).rev().collect()
    };
    let letters: String = files
        .iter()
        .map(|&f| format!("  {}", char::from(b'a' + f)))
        .collect();
    let letters = format!("   {}\n", style.paint(Paint::Dim, &letters));
    let mut out = letters.clone();
    for &rank in &ranks {
        let label = style.paint(Paint::Dim, &(u32::from(rank) + 1).to_string());
        out.push_str(&format!(" {label}  "));
        for &file in &files {
            if let Some(cell) = board.geometry.grid_cell(file, rank) {
                out.push_str(&cell_text(board, cell.index(), true, style));
            }
        }
        out.push_str(&format!("  {label}\n"));
    }
    out.push_str(&letters);
    out
}
