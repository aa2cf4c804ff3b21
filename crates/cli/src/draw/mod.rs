//! Text drawings of positions, from the game's description ([`diplo_core::describe`]): a
//! drawer for each kind of board ([`grid`] for any grid, [`round`] for any round board)
//! draws what stands where with the cells marked, and the caption the game describes is
//! printed under it. Nothing here knows which game it draws.

mod grid;
mod round;

pub use round::Layout;

use crate::error::{CliError, Result};
use crate::term::{Paint, Style};
use diplo_core::describe::{BoardView, Caption, Geometry, PieceView, Targets};
use diplo_core::Color;
use diplo_games::Session;
use std::fmt::Write;

/// How `show` (and `play`) should draw a position.
#[derive(Debug, Clone, Default)]
pub struct View {
    /// Cells to mark, as the user typed them.
    pub highlight: Vec<String>,
    /// A cell whose piece's legal destinations (and suborn targets) are marked.
    pub targets: Option<String>,
    /// Mark the cells of the last move played.
    pub last_move: bool,
    /// Add the notes explaining the drawing.
    pub notes: bool,
    /// Black's side at the bottom.
    pub flip: bool,
    /// How a round board is laid out.
    pub layout: Layout,
    pub style: Style,
}

/// How a cell is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    None,
    /// `[X]`: highlighted, a target, or part of the last move.
    Bracket,
    /// `<X>`: the piece whose targets are shown, or one that must retreat.
    Origin,
}

impl Mark {
    /// The brackets around a marked cell (spaces for an unmarked one).
    fn brackets(self) -> (char, char) {
        match self {
            Mark::None => (' ', ' '),
            Mark::Bracket => ('[', ']'),
            Mark::Origin => ('<', '>'),
        }
    }
}

/// A colour's name with an upper-case first letter (`White`).
pub fn side_name(color: Color) -> &'static str {
    color.title()
}

/// A board to draw: what each cell shows and how it is marked, by cell index.
pub struct Board {
    pub geometry: Geometry,
    pub pieces: Vec<Option<PieceView>>,
    pub marks: Vec<Mark>,
}

impl Board {
    /// The board of `view`: a piece that must retreat is shown where it stood while no
    /// other stands there.
    fn new(geometry: Geometry, view: &BoardView) -> Board {
        let mut pieces = view.cells.clone();
        for retreating in &view.retreating {
            let shown = &mut pieces[retreating.cell.index()];
            shown.get_or_insert(retreating.piece);
        }
        Board {
            geometry,
            pieces,
            marks: vec![Mark::None; geometry.cell_count()],
        }
    }
}

/// A cell drawn three characters wide: the piece letter (or `.`) between its mark's
/// brackets; `plain`: an unmarked cell's spaces are not painted.
fn cell_text(board: &Board, index: usize, plain: bool, style: Style) -> String {
    let (c, paint) = match board.pieces[index] {
        Some(p) => (
            p.letter(),
            p.color.fold(Paint::WhitePiece, Paint::BlackPiece),
        ),
        None => ('.', Paint::Dim),
    };
    let piece = style.paint(paint, &c.to_string());
    let mark = board.marks[index];
    if plain && mark == Mark::None {
        return format!(" {piece} ");
    }
    let (l, r) = mark.brackets();
    let (l, r) = (
        style.paint(Paint::Mark, &l.to_string()),
        style.paint(Paint::Mark, &r.to_string()),
    );
    format!("{l}{piece}{r}")
}

/// Marks every cell the `--highlight`-style lists (`d2,d3 e4`) name.
fn highlight(texts: &[String], board: &mut Board) -> Result<()> {
    for text in texts {
        for name in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if !name.is_empty() {
                let cell = board
                    .geometry
                    .parse_cell(name)
                    .map_err(|e| CliError::usage(format!("--highlight: {e}")))?;
                board.marks[cell.index()] = Mark::Bracket;
            }
        }
    }
    Ok(())
}

/// Marks where the piece on the cell named `text` can go, as the game describes it.
fn targets(session: &Session, text: &str, board: &mut Board) -> Result<Targets> {
    let cell = board
        .geometry
        .parse_cell(text)
        .map_err(|e| CliError::usage(format!("--targets: {e}")))?;
    let targets = session
        .targets(cell)
        .ok_or_else(|| CliError::usage("--targets is for the sequential games"))?
        .map_err(CliError::usage)?;
    board.marks[targets.from.index()] = Mark::Origin;
    for cell in &targets.cells {
        board.marks[cell.index()] = Mark::Bracket;
    }
    Ok(targets)
}

/// Draws the current position of any game. Errors are about the view (a bad cell name, a
/// view the game has no use for).
pub fn draw(session: &Session, view: &View) -> Result<String> {
    if view.targets.is_some() && session.as_sequential().is_none() {
        return Err(CliError::usage(format!(
            "--targets is for the sequential games; in {} type `moves` at the order prompt",
            session.entry().id()
        )));
    }
    let geometry = session.geometry();
    let board_view = session.board_view();
    let mut board = Board::new(geometry, &board_view);
    highlight(&view.highlight, &mut board)?;
    if view.last_move {
        if let Some(shape) = session.last_move_shape() {
            for cell in shape.played_cells() {
                board.marks[cell.index()] = Mark::Bracket;
            }
        }
    }
    // The pieces that must retreat are off the board: mark where they stood.
    for retreating in &board_view.retreating {
        board.marks[retreating.cell.index()] = Mark::Origin;
    }
    let targets = match &view.targets {
        Some(text) => Some(targets(session, text, &mut board)?),
        None => None,
    };

    // The drawing, its own notes, and the indentation of the caption under it.
    let (mut out, indent) = match geometry {
        Geometry::Grid { files, ranks } => {
            (grid::draw(&board, files, ranks, view.flip, view.style), "")
        }
        Geometry::Round { .. } => {
            let mut out = round::draw(&board, view.layout, view.flip, view.style);
            if view.notes {
                out.push_str(&round::notes(&board, view.layout, targets.is_some()));
            }
            (out, "  ")
        }
    };
    for part in session.caption() {
        match part {
            Caption::Line(line) if line.warning => {
                let text = view.style.paint(Paint::Bad, &line.text);
                let _ = writeln!(out, "{indent}{text}");
            }
            Caption::Line(line) => {
                let _ = writeln!(out, "{indent}{}", line.text);
            }
            Caption::Note(note) => {
                if view.notes {
                    let _ = writeln!(out, "{indent}{note}");
                }
            }
            Caption::Position => {
                let _ = writeln!(out, "{indent}position: {}", session.position_string());
            }
            Caption::Targets => {
                for line in targets.iter().flat_map(|t| &t.note) {
                    let _ = writeln!(out, "{indent}{line}");
                }
            }
        }
    }
    Ok(out)
}
