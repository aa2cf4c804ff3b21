//! The flags most commands share (`--game`, `--position`, `--option`), turned into a
//! validated game.

use crate::engine::{SequentialEngine, Session};
use crate::error::{CliError, Result};
use crate::registry::{self, GameEntry, DEFAULT_GAME};
use clap::Args;
use diplo_core::Options;

/// `--game` and the repeated `--option`.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Game id (see `diplo games`) [default: diplomat-chess]
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// A rule option of the game, `key=value`; repeat for several (see `diplo games`)
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

/// `--position`.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArg {
    /// Start from this position string instead of the game's start position
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
}

impl GameArgs {
    /// The game named by `--game`, or the default.
    pub fn entry(&self) -> Result<&'static GameEntry> {
        registry::find(self.game.as_deref().unwrap_or(DEFAULT_GAME))
    }

    /// The sequential engine of the chosen game and its validated options (`command` names
    /// the command in the error for a simultaneous game).
    pub fn sequential(&self, command: &str) -> Result<(&'static dyn SequentialEngine, Options)> {
        let entry = self.entry()?;
        let engine = entry.sequential(command)?;
        let options = parse_options(entry, &self.options)?;
        Ok((engine, options))
    }

    /// A game from `--position` (or the start) for a sequential command.
    pub fn session(&self, position: &PositionArg, command: &str) -> Result<Box<dyn Session>> {
        let (engine, options) = self.sequential(command)?;
        engine
            .new_game(&options, position.position.as_deref())
            .map_err(CliError::Usage)
    }
}

/// Checks `key=value` pairs against the game's options (usage errors).
pub fn parse_options(entry: &GameEntry, pairs: &[String]) -> Result<Options> {
    Options::parse(entry.info, pairs).map_err(|e| CliError::usage(e.to_string()))
}
