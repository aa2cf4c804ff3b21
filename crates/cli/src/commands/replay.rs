//! `diplo replay`: checks a game record move by move.
//!
//! The game is `--game`, else the record's `[Game]` tag, else the default; the options are
//! the record's `[Options]` tag with each `--option` replacing the tag's value for its key;
//! the start is the `[Position]` tag or the game's start position.

use crate::error::Result;
use crate::setup::GameArgs;
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The record file (`-` = standard input)
    #[arg(value_name = "FILE")]
    pub file: String,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let text = super::read_input(&args.file)?;
    let replayed =
        diplo_games::replay_record(&text, args.game.game.as_deref(), &args.game.options)?;
    writeln!(out, "position: {}", replayed.session.position_string())?;
    writeln!(out, "result: {}", replayed.result)?;
    Ok(())
}
