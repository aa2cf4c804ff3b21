//! Text drawings of positions, one module per board, and the dispatch from a session to the
//! drawing of its game.

mod board8;
mod diplomat_chess;
mod diplomatic_chess;

use crate::error::{CliError, Result};
use diplo_core::{Color, SequentialGame, SimultaneousGame};
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
}

/// A colour's name with an upper-case first letter (`White`).
pub fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}

/// Draws the current position of any game. Errors are about the view (a bad cell name).
pub fn draw(session: &dyn Session, view: &View) -> Result<String> {
    let game = session.as_any();
    if let Some(game) = game.downcast_ref::<SequentialGame<::diplomat_chess::Position>>() {
        return diplomat_chess::draw(game, view);
    }
    if let Some(game) = game.downcast_ref::<SequentialGame<::diplomatic_chess::Position>>() {
        return diplomatic_chess::draw(game, view);
    }
    if let Some(game) = game.downcast_ref::<SimultaneousGame<::diplomacy_chess::State>>() {
        return Ok(board8::draw(&game.position().board, " "));
    }
    if let Some(game) = game.downcast_ref::<SimultaneousGame<::diplochess::State>>() {
        return Ok(board8::draw(&game.position().position().board, ""));
    }
    Err(CliError::usage(format!(
        "{} positions cannot be drawn yet",
        session.entry().id()
    )))
}
