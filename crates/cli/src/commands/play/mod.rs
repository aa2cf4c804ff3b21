//! `diplo play`: a game at the terminal. Reads standard input line by line, so a session can
//! also be piped in; end of input ends it.

mod sequential;
mod simultaneous;

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
    let mut session = args.game.any_session(&args.position)?;
    if session.as_simultaneous().is_some() {
        simultaneous::play(session.as_mut(), out)
    } else {
        sequential::play(session.as_mut(), out)
    }
}

/// How moves of a game are written, for the help text.
fn notation_help(game: &str) -> &'static str {
    match game {
        "diplomat-chess" => {
            "Type a move in SAN (d3, Hc3, Bxe3, d-4, a3=black, b1=Rook, H@c2) or in \
             coordinates (d2d3, d34, n2a3, a1b1r)"
        }
        "diplomatic-chess" => {
            "Type a move in SAN (e4, Nf3, Bxc6, e8=Q; a push Nxf6>g7; an extra Diplomat \
             step Re7&Dg6) or in coordinates (g1f3, e4f6>g7, e2e7&h5g6)"
        }
        _ => "Type a move",
    }
}
