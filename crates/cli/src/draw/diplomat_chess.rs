//! A text drawing of a Diplomat Chess position, 80-column friendly.
//!
//! The round board is drawn as seven diameters side by side: columns a..g on top with crowns
//! 1, 2, 3 going down toward the centre, the centre cell in the middle, then crowns 3, 2, 1 of
//! the opposite radii h..n below. Column a is thus the straight line a1 a2 a3 4 h3 h2 h1.

use super::{side_name, View};
use crate::error::{CliError, Result};
use diplo_core::Color;
use diplomat_chess::{Cell, Game, Move, Piece, Position, Role, SubornRule};
use std::fmt::Write;

/// How a cell is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    /// `[X]`: highlighted, a target, or part of the last move.
    Bracket,
    /// `<X>`: the piece whose targets are shown.
    Origin,
}

/// Left margin before the first column, and the width of a column.
const MARGIN: usize = 6;
const COLUMN: usize = 5;
/// Where the right-hand labels start.
const LABELS: usize = MARGIN + 7 * COLUMN + 2;

/// Draws the current position of a game.
pub fn draw(game: &Game, view: &View) -> Result<String> {
    let pos = game.position();
    let mut marks = [Mark::None; Cell::COUNT];
    for text in &view.highlight {
        for name in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if name.is_empty() {
                continue;
            }
            let cell: Cell = name
                .parse()
                .map_err(|e| CliError::usage(format!("--highlight: {e}")))?;
            marks[cell.index()] = Mark::Bracket;
        }
    }
    if view.last_move {
        if let Some(&mv) = game.moves().last() {
            if let Some(from) = mv.from() {
                marks[from.index()] = Mark::Bracket;
            }
            marks[mv.to().index()] = Mark::Bracket;
        }
    }
    let mut notes = Vec::new();
    if let Some(text) = &view.targets {
        let cell: Cell = text
            .parse()
            .map_err(|e| CliError::usage(format!("--targets: {e}")))?;
        notes.push(targets(pos, cell, &mut marks)?);
    }

    let mut out = String::new();
    board(&mut out, pos, &marks);
    if view.notes {
        out.push_str(
            "  Each column is a diameter: a1 a2 a3 4 h3 h2 h1 is one straight line.\n  \
             Around each crown the radii run a b c ... n and back to a:\n  \
             g is next to h, and n is next to a. White upper case, Black lower case.\n",
        );
        if marks.iter().any(|&m| m != Mark::None) {
            out.push_str("  [X] marked cell");
            if view.targets.is_some() {
                out.push_str(", <X> the piece whose moves are shown");
            }
            out.push('\n');
        }
    }
    for note in notes {
        out.push_str(&note);
    }
    status(&mut out, game);
    Ok(out)
}

fn cell_text(pos: &Position, cell: Cell, mark: Mark) -> String {
    let c = pos.piece_at(cell).map_or('.', Piece::char);
    match mark {
        Mark::None => format!(" {c} "),
        Mark::Bracket => format!("[{c}]"),
        Mark::Origin => format!("<{c}>"),
    }
}

/// Pads `line` with spaces to `width` characters.
fn pad_to(line: &mut String, width: usize) {
    let len = line.chars().count();
    if len < width {
        line.extend(std::iter::repeat(' ').take(width - len));
    }
}

fn ring_row(pos: &Position, marks: &[Mark], crown: u8, first_radius: u8, label: &str) -> String {
    let mut line = format!("  {crown}");
    pad_to(&mut line, MARGIN - 1);
    for i in 0..7 {
        let Some(cell) = Cell::ring(first_radius + i, crown) else {
            continue;
        };
        line.push_str(&cell_text(pos, cell, marks[cell.index()]));
        if i < 6 {
            line.push_str("  ");
        }
    }
    if !label.is_empty() {
        pad_to(&mut line, LABELS);
        line.push_str(label);
    }
    line.trim_end().to_string() + "\n"
}

fn radius_letters(first_radius: u8) -> String {
    let mut line = String::new();
    pad_to(&mut line, MARGIN);
    for i in 0..7u8 {
        line.push((b'a' + first_radius + i) as char);
        if i < 6 {
            line.push_str(&" ".repeat(COLUMN - 1));
        }
    }
    line + "\n"
}

/// The spokes from the crown-3 cells to the centre; `upper` is the line above the centre.
fn spokes(upper: bool) -> String {
    let mut line = String::new();
    for i in 0..7usize {
        let centre_of_column = MARGIN + COLUMN * i;
        let (at, c) = match (i.cmp(&3), upper) {
            (std::cmp::Ordering::Less, true) => (centre_of_column + 1, '\\'),
            (std::cmp::Ordering::Less, false) => (centre_of_column + 1, '/'),
            (std::cmp::Ordering::Equal, _) => (centre_of_column, '|'),
            (std::cmp::Ordering::Greater, true) => (centre_of_column - 1, '/'),
            (std::cmp::Ordering::Greater, false) => (centre_of_column - 1, '\\'),
        };
        pad_to(&mut line, at);
        line.push(c);
    }
    line + "\n"
}

fn board(out: &mut String, pos: &Position, marks: &[Mark]) {
    out.push_str(&radius_letters(0));
    out.push_str(&ring_row(pos, marks, 1, 0, "White's half, radii a-g"));
    out.push_str(&ring_row(pos, marks, 2, 0, ""));
    out.push_str(&ring_row(pos, marks, 3, 0, ""));
    out.push_str(&spokes(true));
    let mut centre = "  4".to_string();
    pad_to(&mut centre, MARGIN - 1 + 3 * COLUMN);
    centre.push_str(&cell_text(pos, Cell::CENTRE, marks[Cell::CENTRE.index()]));
    pad_to(&mut centre, LABELS);
    centre.push_str("the centre, 4");
    out.push_str(&centre);
    out.push('\n');
    out.push_str(&spokes(false));
    out.push_str(&ring_row(pos, marks, 3, 7, ""));
    out.push_str(&ring_row(pos, marks, 2, 7, ""));
    out.push_str(&ring_row(pos, marks, 1, 7, "Black's half, radii h-n"));
    out.push_str(&radius_letters(7));
}

fn piece_name(piece: Piece) -> String {
    format!("{} {}", side_name(piece.color), piece.role.name())
}

/// Marks the legal destinations and suborn targets of the piece on `cell` and describes them.
fn targets(pos: &Position, cell: Cell, marks: &mut [Mark]) -> Result<String> {
    let piece = pos
        .piece_at(cell)
        .ok_or_else(|| CliError::usage(format!("--targets {cell}: there is no piece there")))?;
    marks[cell.index()] = Mark::Origin;
    let mut note = format!("  {} on {cell}", piece_name(piece));
    let flipped;
    let moving = if piece.color == pos.side_to_move() {
        pos
    } else {
        let mut setup = pos.to_setup();
        setup.side_to_move = piece.color;
        match Position::from_setup(&setup, pos.rule()) {
            Ok(p) => {
                flipped = p;
                note.push_str(&format!(" (as if {} were to move)", piece.color.name()));
                &flipped
            }
            Err(_) => {
                note.push_str(&format!(
                    ": no moves shown, {} is in check and must move\n",
                    pos.side_to_move().name()
                ));
                return Ok(note);
            }
        }
    };
    let mut moves = Vec::new();
    let mut suborns = Vec::new();
    for mv in moving.moves_from(cell) {
        match mv {
            Move::Normal { to, .. } if moving.is_suborn(mv) => suborns.push(to),
            Move::Normal { to, .. } => {
                if !moves.contains(&to) {
                    moves.push(to);
                }
            }
            Move::Drop { .. } => {}
        }
    }
    for &c in moves.iter().chain(&suborns) {
        marks[c.index()] = Mark::Bracket;
    }
    let list = |cells: &[Cell]| {
        cells
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    if moves.is_empty() && suborns.is_empty() {
        note.push_str(": no legal moves\n");
    } else {
        note.push_str(":\n");
        if !moves.is_empty() {
            let _ = writeln!(note, "    moves to:  {}", list(&moves));
        }
        if !suborns.is_empty() {
            let verb = match pos.rule() {
                SubornRule::Convert => "suborns (converts)",
                SubornRule::Remove => "suborns (removes)",
                SubornRule::Drop => "suborns (to hand)",
            };
            let _ = writeln!(note, "    {verb}: {}", list(&suborns));
        }
    }
    Ok(note)
}

fn hand_text(pos: &Position, color: Color) -> String {
    let hand = pos.hand(color);
    let pieces: Vec<String> = hand
        .roles()
        .flat_map(|(role, n)| std::iter::repeat(role_letter(role, color)).take(n as usize))
        .map(String::from)
        .collect();
    if pieces.is_empty() {
        "-".to_string()
    } else {
        pieces.join(" ")
    }
}

fn role_letter(role: Role, color: Color) -> char {
    Piece { color, role }.char()
}

fn status(out: &mut String, game: &Game) {
    let pos = game.position();
    let side = pos.side_to_move();
    if pos.rule() == SubornRule::Drop {
        let _ = writeln!(
            out,
            "  In hand: White {}; Black {}",
            hand_text(pos, Color::White),
            hand_text(pos, Color::Black)
        );
    }
    match game.result() {
        Some(result) => {
            let _ = writeln!(out, "  Game over: {result}");
        }
        None => {
            let check = if pos.is_check() { ", in check" } else { "" };
            let _ = writeln!(
                out,
                "  {} to move (move {}){check}",
                side_name(side),
                pos.fullmove()
            );
        }
    }
    let _ = writeln!(out, "  position: {pos}");
}
