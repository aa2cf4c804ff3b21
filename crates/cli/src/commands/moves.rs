//! `diplo moves`: the legal moves of the side to move, `<coordinate> <SAN>` per line.

use crate::error::Result;
use crate::setup::{GameArgs, PositionArg};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub position: PositionArg,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let session = args.game.session(&args.position, "moves")?;
    // No move is legal once the game is over, whatever the pure move tree holds: the list
    // is empty (as for a mate, exit status 0), and a note on standard error says why.
    if let Some(result) = session.result() {
        writeln!(
            std::io::stderr(),
            "note: the game is over in this position, {result}: no move is legal"
        )?;
        return Ok(());
    }
    for mv in crate::setup::sequential(&session)?.legal_moves() {
        writeln!(out, "{} {}", mv.coordinate, mv.san)?;
    }
    Ok(())
}
