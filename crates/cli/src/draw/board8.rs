//! The 8x8 grid the three 8x8 games share: rank 8 on top (rank 1 when flipped), White in
//! upper case, marked squares in brackets.

use super::Mark;
use crate::term::{Paint, Style};
use board8::Square;
use diplo_core::Color;

/// Draws the grid. `piece` tells what stands on a square: its letter and colour.
pub fn grid(
    piece: impl Fn(Square) -> Option<(char, Color)>,
    marks: &[Mark; 64],
    flip: bool,
    style: Style,
) -> String {
    let files: Vec<u8> = if flip {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let ranks: Vec<u8> = if flip {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let letters: String = files
        .iter()
        .map(|&f| format!("  {}", (b'a' + f) as char))
        .collect();
    let letters = format!("   {}\n", style.paint(Paint::Dim, &letters));
    let mut out = letters.clone();
    for &rank in &ranks {
        let label = style.paint(Paint::Dim, &(rank + 1).to_string());
        out.push_str(&format!(" {label}  "));
        for &file in &files {
            let Some(sq) = Square::from_coords(file, rank) else {
                continue;
            };
            let (c, paint) = match piece(sq) {
                Some((c, Color::White)) => (c, Paint::WhitePiece),
                Some((c, Color::Black)) => (c, Paint::BlackPiece),
                None => ('.', Paint::Dim),
            };
            let (l, r) = mark_brackets(marks[sq.index()]);
            let cell = style.paint(paint, &c.to_string());
            if l == ' ' {
                out.push_str(&format!(" {cell} "));
            } else {
                let (l, r) = (
                    style.paint(Paint::Mark, &l.to_string()),
                    style.paint(Paint::Mark, &r.to_string()),
                );
                out.push_str(&format!("{l}{cell}{r}"));
            }
        }
        out.push_str(&format!("  {label}\n"));
    }
    out.push_str(&letters);
    out
}

/// The brackets around a marked cell (spaces for an unmarked one).
pub fn mark_brackets(mark: Mark) -> (char, char) {
    match mark {
        Mark::None => (' ', ' '),
        Mark::Bracket => ('[', ']'),
        Mark::Origin => ('<', '>'),
    }
}

/// Reads `--highlight`-style square lists (`d2,d3 e4`) into marks.
pub fn highlight(texts: &[String], marks: &mut [Mark; 64]) -> crate::error::Result<()> {
    for text in texts {
        for name in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if !name.is_empty() {
                let sq: Square = name
                    .parse()
                    .map_err(|e| crate::error::CliError::usage(format!("--highlight: {e}")))?;
                marks[sq.index()] = Mark::Bracket;
            }
        }
    }
    Ok(())
}
