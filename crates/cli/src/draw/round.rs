//! A round board (any [`Geometry::Round`]) drawn as text, 80-column friendly for the
//! 43-cell board, in one of two layouts:
//!
//! - `round`: the board as it is, the crowns as rings around the centre. Every cell has its
//!   neighbours next to it: along a crown (the last radius next to the first as well), along
//!   a radius, and across the centre (a straight line runs a1 a2 a3 4 h3 h2 h1 on the
//!   14-radius board).
//! - `columns`: the diameters side by side: White's half of the radii on top with the
//!   crowns going down toward the centre, the centre cell in the middle, then the crowns of
//!   the opposite radii below. Compact, but a crown is cut in two halves (g and h, n and a
//!   are neighbours on the 14-radius board, not in the drawing).
//!
//! Every size comes from the geometry: its radii, its crowns, and the radius that points
//! to White.

use super::{cell_text, Board};
use crate::term::{Paint, Style};
use diplo_core::describe::{CellId, Geometry, LETTERS_NOTE};
use std::f64::consts::{FRAC_PI_2, PI, TAU};

/// How a round board is laid out (`--layout`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// The rings as rings: every neighbour next to its cell
    #[default]
    Round,
    /// Seven diameters side by side (compact; each crown cut in two halves)
    Columns,
}

/// The round board's shape, read from its geometry.
#[derive(Clone, Copy)]
struct Shape {
    geometry: Geometry,
    radii: u8,
    crowns: u8,
    white_radius: u8,
}

impl Shape {
    fn of(geometry: Geometry) -> Shape {
        match geometry {
            Geometry::Round {
                radii,
                crowns,
                white_radius,
            } => Shape {
                geometry,
                radii,
                crowns,
                white_radius,
            },
            Geometry::Grid { .. } => unreachable!("a round drawing of a grid"),
        }
    }

    /// The cell on `radius` (any number, taken round the board) and `crown`.
    fn cell(self, radius: u8, crown: u8) -> CellId {
        let radius = ((u16::from(radius)) % u16::from(self.radii)) as u8;
        self.geometry
            .ring_cell(radius, crown)
            .expect("a radius and crown of the board")
    }

    fn centre(self) -> CellId {
        self.cell(0, self.crowns + 1)
    }

    fn name(self, cell: CellId) -> String {
        self.geometry.cell_name(cell)
    }

    /// A radius's letter (taken round the board).
    fn letter(self, radius: u8) -> char {
        char::from(b'a' + ((u16::from(radius)) % u16::from(self.radii)) as u8)
    }

    /// The diameters of the columns layout: half the radii.
    fn half(self) -> u8 {
        self.radii / 2
    }

    /// The first radius of White's half in the columns layout: the one that points to
    /// White stands in its middle.
    fn white_first(self) -> u8 {
        (self.white_radius + self.radii - self.half() / 2) % self.radii
    }
}

/// Draws the board in `layout`.
pub fn draw(board: &Board, layout: Layout, flip: bool, style: Style) -> String {
    let shape = Shape::of(board.geometry);
    let mut out = String::new();
    match layout {
        Layout::Round => rings(&mut out, board, shape, flip, style),
        Layout::Columns => columns(&mut out, board, shape, flip, style),
    }
    out
}

/// The notes explaining the drawing in `layout`, then the legend of the marks when some
/// cell is marked (`targets`: the marks include a piece's targets).
pub fn notes(board: &Board, layout: Layout, targets: bool) -> String {
    let s = Shape::of(board.geometry);
    let radius = s.white_radius;
    let mut out = match layout {
        Layout::Round => {
            let inward: Vec<String> = (2..=s.crowns).map(|c| s.name(s.cell(radius, c))).collect();
            format!(
                "  The labels name the rim cells (crown 1); along radius {}, {} lie inward,\n  \
                 then the centre {}. Opposite radii ({} and {}, {} and {}, ...) meet in a \
                 straight\n  line through the centre. {LETTERS_NOTE}\n",
                s.letter(radius),
                and_list(&inward),
                s.name(s.centre()),
                s.letter(0),
                s.letter(s.half()),
                s.letter(1),
                s.letter(s.half() + 1),
            )
        }
        Layout::Columns => {
            let first = s.white_first();
            let opposite = first + s.half();
            let mut diameter: Vec<String> =
                (1..=s.crowns).map(|c| s.name(s.cell(first, c))).collect();
            diameter.push(s.name(s.centre()));
            diameter.extend((1..=s.crowns).rev().map(|c| s.name(s.cell(opposite, c))));
            format!(
                "  Each column is a diameter: {} is one straight line.\n  \
                 Around each crown the radii run {} {} {} ... {} and back to {}:\n  \
                 {} is next to {}, and {} is next to {}. {LETTERS_NOTE}\n",
                diameter.join(" "),
                s.letter(0),
                s.letter(1),
                s.letter(2),
                s.letter(s.radii - 1),
                s.letter(0),
                s.letter(opposite - 1),
                s.letter(opposite),
                s.letter(first + s.radii - 1),
                s.letter(first),
            )
        }
    };
    if board.marks.iter().any(|&m| m != super::Mark::None) {
        out.push_str("  [X] marked cell");
        if targets {
            out.push_str(", <X> the piece whose moves are shown");
        }
        out.push('\n');
    }
    out
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
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

// ---- the round layout ----

/// A row is about `STRETCH` columns wide on a terminal, so x distances are stretched by it.
const STRETCH: f64 = 2.75;

/// Distances from the centre, in tenths of a row: each crown `CROWN_GAP` outside the next,
/// the inner one at least `INNER` out. Neighbours on the inner crown need at least 4.4
/// columns between them (2π·3.6·2.75/14 ≈ 4.4 on 14 radii).
const INNER: u32 = 36;
const CROWN_GAP: u32 = 30;
/// The radius letters beyond the rim: a little further out sideways, clear of the rim
/// cells beside them.
const LETTERS_OUT: u32 = 14;
const LETTERS_OUT_X: u32 = 22;

/// The distance of `crown` from the centre, in tenths of a row.
fn ring_tenths(s: Shape, crown: u8) -> u32 {
    let room = f64::from(s.radii) * 4.4 / (TAU * STRETCH);
    let inner = INNER.max((room * 10.0).ceil() as u32);
    inner + CROWN_GAP * u32::from(s.crowns - crown)
}

fn tenths(n: u32) -> f64 {
    f64::from(n) / 10.0
}

/// The round layout: the radius that points to White points down, the one opposite up;
/// flipped, it turns half a turn.
fn rings(out: &mut String, board: &Board, s: Shape, flip: bool, style: Style) {
    let rim = ring_tenths(s, 1);
    let (letters, letters_x) = (tenths(rim + LETTERS_OUT), tenths(rim + LETTERS_OUT_X));
    let rows = 2 * letters as usize + 1;
    let width = (2.0 * letters_x * STRETCH) as usize + 4;
    let (cx, cy) = (width as f64 / 2.0, (rows / 2) as f64);
    // Each row: (column, text) pieces, drawn left to right.
    let mut items: Vec<Vec<(usize, String)>> = vec![Vec::new(); rows];
    let mut place = |x: f64, y: f64, text: String, centre: usize| {
        let row = y.round().clamp(0.0, (rows - 1) as f64) as usize;
        let col = (x.round().max(centre as f64) as usize) - centre;
        items[row].push((col, text));
    };
    let step = TAU / f64::from(s.radii);
    for radius in 0..s.radii {
        let mut angle = -FRAC_PI_2 - (f64::from(s.white_radius) - f64::from(radius)) * step;
        if flip {
            angle += PI;
        }
        let (dx, dy) = (angle.cos() * STRETCH, -angle.sin());
        for crown in 1..=s.crowns {
            let cell = s.cell(radius, crown);
            let r = tenths(ring_tenths(s, crown));
            let text = cell_text(board, cell.index(), false, style);
            place(cx + r * dx, cy + r * dy, text, 1);
        }
        // The rim cell's name: a bare letter next to a piece letter would read as a piece.
        let name = s.name(s.cell(radius, 1));
        place(
            cx + letters_x * dx,
            cy + letters * dy,
            style.paint(Paint::Dim, &name),
            1,
        );
    }
    let centre = cell_text(board, s.centre().index(), false, style);
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

// ---- the columns layout ----

/// Left margin before the first column, and the width of a column.
const MARGIN: usize = 6;
const COLUMN: usize = 5;

/// Where the right-hand labels start.
fn labels_at(s: Shape) -> usize {
    MARGIN + usize::from(s.half()) * COLUMN + 2
}

/// Pads `line` with spaces to `width` characters.
fn pad_to(line: &mut String, width: usize) {
    let len = line.chars().count();
    if len < width {
        line.extend(std::iter::repeat(' ').take(width - len));
    }
}

fn ring_row(
    board: &Board,
    s: Shape,
    (crown, first_radius): (u8, u8),
    label: &str,
    style: Style,
) -> String {
    let mut line = format!("  {crown}");
    pad_to(&mut line, MARGIN - 1);
    for i in 0..s.half() {
        let cell = s.cell(first_radius + i, crown);
        line.push_str(&cell_text(board, cell.index(), false, style));
        if i + 1 < s.half() {
            line.push_str("  ");
        }
    }
    if !label.is_empty() {
        pad_visible(&mut line, labels_at(s));
        line.push_str(label);
    }
    line.trim_end().to_string() + "\n"
}

fn radius_letters(s: Shape, first_radius: u8) -> String {
    let mut line = String::new();
    pad_to(&mut line, MARGIN);
    for i in 0..s.half() {
        line.push(s.letter(first_radius + i));
        if i + 1 < s.half() {
            line.push_str(&" ".repeat(COLUMN - 1));
        }
    }
    line + "\n"
}

/// The spokes from the inner crown's cells to the centre; `upper` is the line above the
/// centre.
fn spokes(s: Shape, upper: bool) -> String {
    let middle = usize::from(s.half() / 2);
    let mut line = String::new();
    for i in 0..usize::from(s.half()) {
        let centre_of_column = MARGIN + COLUMN * i;
        let (at, c) = match (i.cmp(&middle), upper) {
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
fn columns(out: &mut String, board: &Board, s: Shape, flip: bool, style: Style) {
    let half = |first: u8, side: &str| {
        let last = s.letter(first + s.half() - 1);
        (
            first,
            format!("{side}'s half, radii {}-{last}", s.letter(first)),
        )
    };
    let white = half(s.white_first(), "White");
    let black = half(s.white_first() + s.half(), "Black");
    let (top, bottom) = if flip { (black, white) } else { (white, black) };
    out.push_str(&radius_letters(s, top.0));
    for crown in 1..=s.crowns {
        let label = if crown == 1 { top.1.as_str() } else { "" };
        out.push_str(&ring_row(board, s, (crown, top.0), label, style));
    }
    out.push_str(&spokes(s, true));
    let centre = s.centre();
    let mut line = format!("  {}", s.name(centre));
    pad_to(&mut line, MARGIN - 1 + usize::from(s.half() / 2) * COLUMN);
    line.push_str(&cell_text(board, centre.index(), false, style));
    pad_visible(&mut line, labels_at(s));
    line.push_str(&format!("the centre, {}", s.name(centre)));
    out.push_str(&line);
    out.push('\n');
    out.push_str(&spokes(s, false));
    for crown in (1..=s.crowns).rev() {
        let label = if crown == 1 { bottom.1.as_str() } else { "" };
        out.push_str(&ring_row(board, s, (crown, bottom.0), label, style));
    }
    out.push_str(&radius_letters(s, bottom.0));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::Mark;
    use diplo_core::describe::{BoardView, PieceView};
    use diplo_core::Color;

    fn board(geometry: Geometry) -> Board {
        let mut board = Board::new(geometry, &BoardView::empty(geometry));
        board.pieces[0] = Some(PieceView {
            color: Color::White,
            role: 'K',
        });
        board.marks[1] = Mark::Bracket;
        board
    }

    /// Every cell is drawn once, in either layout, either way round, on boards of other
    /// sizes too.
    #[test]
    fn every_cell_is_drawn_once() {
        for (radii, crowns, white_radius) in [(14, 3, 3), (8, 2, 1), (20, 4, 0)] {
            let geometry = Geometry::Round {
                radii,
                crowns,
                white_radius,
            };
            let board = board(geometry);
            for layout in [Layout::Round, Layout::Columns] {
                for flip in [false, true] {
                    let text = draw(&board, layout, flip, Style::default());
                    let cells = text.matches(['.', 'K']).count();
                    assert_eq!(cells, geometry.cell_count(), "{geometry:?}\n{text}");
                    assert_eq!(text.matches("[.]").count(), 1, "{text}");
                }
            }
        }
    }

    #[test]
    fn the_notes_name_the_cells_of_the_geometry() {
        let geometry = Geometry::Round {
            radii: 14,
            crowns: 3,
            white_radius: 3,
        };
        let board = board(geometry);
        let round = notes(&board, Layout::Round, false);
        assert!(
            round.contains("along radius d, d2 and d3 lie inward"),
            "{round}"
        );
        assert!(round.contains("(a and h, b and i, ...)"), "{round}");
        assert!(round.ends_with("  [X] marked cell\n"), "{round}");
        let columns = notes(&board, Layout::Columns, true);
        assert!(columns.contains("a1 a2 a3 4 h3 h2 h1"), "{columns}");
        assert!(
            columns.contains("g is next to h, and n is next to a."),
            "{columns}"
        );
        assert!(columns.contains("<X> the piece whose moves are shown"));
    }
}
