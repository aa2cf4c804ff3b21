//! `diplo show`: a text drawing of a position.

use crate::draw::{draw, View};
use crate::error::Result;
use crate::setup::{GameArgs, PositionArg};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub position: PositionArg,
    /// Cells to mark, separated by commas or spaces (`d2,d3`)
    #[arg(long, value_name = "CELLS")]
    pub highlight: Vec<String>,
    /// Mark the legal destinations (and suborn targets) of the piece on this cell
    #[arg(long, value_name = "CELL")]
    pub targets: Option<String>,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let session = args.game.session(&args.position, "show")?;
    let view = View {
        highlight: args.highlight.clone(),
        targets: args.targets.clone(),
        last_move: false,
        notes: true,
    };
    write!(out, "{}", draw(session.as_ref(), &view)?)?;
    Ok(())
}
