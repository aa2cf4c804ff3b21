//! `diplo show`: a text drawing of a position, of any of the games.

use crate::draw::{draw, Layout, View};
use crate::error::Result;
use crate::setup::{GameArgs, PositionArg};
use crate::term::ColorArg;
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
    /// (sequential games)
    #[arg(long, value_name = "CELL")]
    pub targets: Option<String>,
    /// Draw the board from Black's side
    #[arg(long)]
    pub flip: bool,
    /// Diplomat Chess: the round board as rings, or as seven diameters side by side
    #[arg(long, value_enum, value_name = "LAYOUT", default_value_t = Layout::Round)]
    pub layout: Layout,
    #[command(flatten)]
    pub color: ColorArg,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let session = args.game.any_session(&args.position)?;
    let view = View {
        highlight: args.highlight.clone(),
        targets: args.targets.clone(),
        last_move: false,
        notes: true,
        flip: args.flip,
        layout: args.layout,
        style: args.color.style(),
    };
    write!(out, "{}", draw(&session, &view)?)?;
    Ok(())
}
