//! A text drawing of a Diplomat Chess position, 80-column friendly, in one of two layouts.
//!
//! - `round`: the board as it is, three rings of fourteen cells around the centre. Every
//!   cell has its neighbours next to it: along a crown (n next to a as well), along a radius,
//!   and across the centre (a straight line runs a1 a2 a3 4 h3 h2 h1).
//! - `columns`: seven diameters side by side: columns a..g on top with crowns 1, 2, 3 going
//!   down toward the centre, the centre cell in the middle, then crowns 3, 2, 1 of the
//!   opposite radii h..n below. Compact, but a crown is cut in two halves (g and h, n and a
//!   are neighbours on the board, not in the drawing).

use super::board8::mark_brackets;
use super::{side_name, Mark, View};
use crate::error::{CliError, Result};
use crate::term::{Paint, Style};
use diplo_core::Color;
use diplomat_chess::{Cell, Game, Move, Piece, Position, Role, SubornRule};
use std::fmt::Write;

/// How the round board is laid out (`--layout`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// The rings as rings: every neighbour next to its cell
    #[default]
    Round,
    /// Seven diameters side by side (compact; each crown cut in two halves)
    Columns,
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
    match view.layout {
        Layout::Round => round(&mut out, pos, &marks, view.flip, view.style),
        Layout::Columns => board(&mut out, pos, &marks, view.flip, view.style),
    }
    if view.notes {
        out.push_str(match view.layout {
            Layout::Round => {
                "  The labels name the rim cells (crown 1); along radius d, d2 and d3 lie inward,\n  \
                 then the centre 4. Opposite radii (a and h, b and i, ...) meet in a straight\n  \
                 line through the centre. White upper case, Black lower case.\n"
            }
            Layout::Columns => {
                "  Each column is a diameter: a1 a2 a3 4 h3 h2 h1 is one straight line.\n  \
                 Around each crown the radii run a b c ... n and back to a:\n  \
                 g is next to h, and n is next to a. White upper case, Black lower case.\n"
            }
        });
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

/// A cell, three characters wide: the piece (or `.`) between its mark's brackets.
fn cell_text(pos: &Position, cell: Cell, mark: Mark, style: Style) -> String {
    let (c, paint) = match pos.piece_at(cell) {
        Some(p) => (p.char(), p.color.fold(Paint::WhitePiece, Paint::BlackPiece)),
        None => ('.', Paint::Dim),
    };
    let (l, r) = mark_brackets(mark);
    let (l, r) = (
        style.paint(Paint::Mark, &l.to_string()),
        style.paint(Paint::Mark, &r.to_string()),
    );
    format!("{l}{}{r}", style.paint(paint, &c.to_string()))
}

/// Pads `line` to `width` visible characters (colour sequences take no room).
fn pad_visible(line: &mut String, width: usize) {
    let len = visible_len(line);
    if len < width {
        line.extend(std::iter::repeat(' ').take(width - len));
    }
}

fn visible_len(text: &str) -> usize {
    let mut n = 0;
    let mut escape = false;
    for c in text.chars() {
        match (escape, c) {
            (false, '\x1b') => escape = true,
            (true, 'm') => escape = false,
            (true, _) => {}
            (false, _) => n += 1,
        }
    }
    n
}

/// Distances from the centre, in rows, of crowns 1, 2, 3 and of the radius letters; a row
/// is about `STRETCH` columns wide on a terminal, so x distances are stretched by it. The
/// inner crown needs at least 4 columns between neighbours: 2π·3.6·2.75/14 ≈ 4.4.
const RING: [f64; 3] = [9.6, 6.6, 3.6];
const LETTERS: f64 = 11.0;
/// The labels sit a little further out sideways, clear of the rim cells beside them.
const LETTERS_X: f64 = 11.8;
const STRETCH: f64 = 2.75;

/// The round layout: radius d points down (White's side), k up, a..g run left to right
/// along the bottom and h..n right to left along the top; flipped, it turns half a turn.
fn round(out: &mut String, pos: &Position, marks: &[Mark], flip: bool, style: Style) {
    let rows = 2 * LETTERS as usize + 1;
    let width = (2.0 * LETTERS_X * STRETCH) as usize + 4;
    let (cx, cy) = (width as f64 / 2.0, (rows / 2) as f64);
    // Each row: (column, text) pieces, drawn left to right.
    let mut items: Vec<Vec<(usize, String)>> = vec![Vec::new(); rows];
    let mut place = |x: f64, y: f64, text: String, centre: usize| {
        let row = y.round().clamp(0.0, (rows - 1) as f64) as usize;
        let col = (x.round().max(centre as f64) as usize) - centre;
        items[row].push((col, text));
    };
    let step = std::f64::consts::TAU / 14.0;
    for radius in 0..14u8 {
        let mut angle = -std::f64::consts::FRAC_PI_2 - (3.0 - f64::from(radius)) * step;
        if flip {
            angle += std::f64::consts::PI;
        }
        let (dx, dy) = (angle.cos() * STRETCH, -angle.sin());
        for crown in 1..=3u8 {
            let Some(cell) = Cell::ring(radius, crown) else {
                continue;
            };
            let r = RING[usize::from(crown) - 1];
            let text = cell_text(pos, cell, marks[cell.index()], style);
            place(cx + r * dx, cy + r * dy, text, 1);
        }
        // The rim cell's name: a bare letter next to a piece letter would read as a piece.
        let name = format!("{}1", (b'a' + radius) as char);
        place(
            cx + LETTERS_X * dx,
            cy + LETTERS * dy,
            style.paint(Paint::Dim, &name),
            1,
        );
    }
    let centre = cell_text(pos, Cell::CENTRE, marks[Cell::CENTRE.index()], style);
    place(cx, cy, centre, 1);
    for row in &mut items {
        row.sort_by_key(|(col, _)| *col);
        let mut line = String::new();
        for (col, text) in row.iter() {
            pad_visible(&mut line, *col);
            line.push_str(text);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// Pads `line` with spaces to `width` characters.
fn pad_to(line: &mut String, width: usize) {
    let len = line.chars().count();
    if len < width {
        line.extend(std::iter::repeat(' ').take(width - len));
    }
}

fn ring_row(
    pos: &Position,
    marks: &[Mark],
    (crown, first_radius): (u8, u8),
    label: &str,
    style: Style,
) -> String {
    let mut line = format!("  {crown}");
    pad_to(&mut line, MARGIN - 1);
    for i in 0..7 {
        let Some(cell) = Cell::ring(first_radius + i, crown) else {
            continue;
        };
        line.push_str(&cell_text(pos, cell, marks[cell.index()], style));
        if i < 6 {
            line.push_str("  ");
        }
    }
    if !label.is_empty() {
        pad_visible(&mut line, LABELS);
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

/// The columns layout: White's half on top (Black's when flipped).
fn board(out: &mut String, pos: &Position, marks: &[Mark], flip: bool, style: Style) {
    let halves = [
        (0u8, "White's half, radii a-g"),
        (7, "Black's half, radii h-n"),
    ];
    let (top, bottom) = if flip {
        (halves[1], halves[0])
    } else {
        (halves[0], halves[1])
    };
    out.push_str(&radius_letters(top.0));
    out.push_str(&ring_row(pos, marks, (1, top.0), top.1, style));
    out.push_str(&ring_row(pos, marks, (2, top.0), "", style));
    out.push_str(&ring_row(pos, marks, (3, top.0), "", style));
    out.push_str(&spokes(true));
    let mut centre = "  4".to_string();
    pad_to(&mut centre, MARGIN - 1 + 3 * COLUMN);
    centre.push_str(&cell_text(
        pos,
        Cell::CENTRE,
        marks[Cell::CENTRE.index()],
        style,
    ));
    pad_visible(&mut centre, LABELS);
    centre.push_str("the centre, 4");
    out.push_str(&centre);
    out.push('\n');
    out.push_str(&spokes(false));
    out.push_str(&ring_row(pos, marks, (3, bottom.0), "", style));
    out.push_str(&ring_row(pos, marks, (2, bottom.0), "", style));
    out.push_str(&ring_row(pos, marks, (1, bottom.0), bottom.1, style));
    out.push_str(&radius_letters(bottom.0));
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
