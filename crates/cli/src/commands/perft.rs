//! `diplo perft`: leaf count of the legal move tree, optionally per root move.

use crate::error::Result;
use crate::setup::{GameArgs, PositionArg};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub position: PositionArg,
    /// First print each root move with the count below it
    #[arg(long)]
    pub divide: bool,
    /// Depth in plies
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let session = args.game.session(&args.position, "perft")?;
    let session = crate::setup::sequential(session.as_ref())?;
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, count) in session.divide(args.depth) {
            writeln!(out, "{mv} {count}")?;
            total += count;
        }
        if args.depth == 0 {
            1
        } else {
            total
        }
    } else {
        session.perft(args.depth)
    };
    writeln!(out, "nodes: {nodes}")?;
    Ok(())
}
