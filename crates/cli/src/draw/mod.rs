//! Text drawings of positions, one module per board, and the dispatch from a session to the
//! drawing of its game.

mod board8;
mod diplochess;
mod diplomacy_chess;
mod diplomat_chess;
mod diplomatic_chess;

pub use diplomat_chess::Layout;

use crate::error::{CliError, Result};
use crate::term::Style;
use diplo_core::Color;
use diplo_games::Session;

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
    /// How the round board of Diplomat Chess is laid out.
    pub layout: Layout,
    pub style: Style,
}

/// How a cell is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    None,
    /// `[X]`: highlighted, a target, or part of the last move.
    Bracket,
    /// `<X>`: the piece whose targets are shown.
    Origin,
}

/// A colour's name with an upper-case first letter (`White`).
pub fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// Draws the current position of any game. Errors are about the view (a bad cell name, a
/// view the game has no use for).
pub fn draw(session: &Session, view: &View) -> Result<String> {
    let simultaneous = || {
        view.targets.as_ref().map_or(Ok(()), |_| {
            Err(CliError::usage(format!(
                "--targets is for the sequential games; in {} type `moves` at the order prompt",
                session.entry().id()
            )))
        })
    };
    match session {
        Session::DiplomatChess(game) => diplomat_chess::draw(game, view),
        Session::DiplomaticChess(game) => diplomatic_chess::draw(game, view),
        Session::DiplomacyChess(game) => {
            simultaneous().and_then(|()| diplomacy_chess::draw(game, view))
        }
        Session::DiploChess(game) => simultaneous().and_then(|()| diplochess::draw(game, view)),
    }
}
