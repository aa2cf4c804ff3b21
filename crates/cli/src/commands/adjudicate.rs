//! `diplo adjudicate`: one turn of a simultaneous game.

use crate::error::Result;
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id: a simultaneous game (diplomacy-chess, diplochess)
    #[arg(long, value_name = "GAME")]
    pub game: String,
    /// The position string before the turn
    #[arg(long, value_name = "POS")]
    pub position: String,
    /// The orders file: `white: <order>` / `black: <order>` per line (`-` = stdin)
    #[arg(long, value_name = "FILE")]
    pub orders: String,
    /// A rule option of the game, `key=value`; repeat for several
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let entry = diplo_games::find(&args.game)?;
    let options = entry.options(&args.options)?;
    // Checked before the orders file is read: the command line is wrong, whatever it says.
    entry.require_simultaneous()?;
    let orders = super::read_input(&args.orders)?;
    write!(
        out,
        "{}",
        entry.adjudicate(&options, &args.position, &orders)?
    )?;
    Ok(())
}
