//! `diplo games`: the games, their kind, and their rule options.

use super::wrap;
use crate::error::Result;
use diplo_games::{DEFAULT_GAME, GAMES};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_args: &Args, out: &mut dyn Write) -> Result<()> {
    writeln!(
        out,
        "Games (--game ID) and their rule options (--option key=value, repeatable):"
    )?;
    for game in &GAMES {
        writeln!(out)?;
        let mut title = format!("{}  {}", game.id(), game.info.name);
        if game.id() == DEFAULT_GAME {
            title.push_str("  (default)");
        }
        writeln!(out, "{title}")?;
        let summary = format!("{} game; {}", game.kind.name(), game.info.summary);
        write!(out, "{}", wrap(&summary, "  ", 79))?;
        if game.info.options.is_empty() {
            writeln!(out, "  no options")?;
        }
        for option in game.info.options {
            let values: Vec<String> = option
                .values
                .iter()
                .map(|v| {
                    if *v == option.default_value() {
                        format!("{v} (default)")
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            writeln!(out, "  option {}: {}", option.name, values.join(", "))?;
            write!(out, "{}", wrap(option.help, "      ", 79))?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "Start a game: diplo play --game ID [--option key=value]... for two people at one\n\
         keyboard; add --black random to play against the computer. At the prompt, `help`\n\
         lists the commands."
    )?;
    Ok(())
}
