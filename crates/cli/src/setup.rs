//! The flags most commands share (`--game`, `--position`, `--option`), turned into a
//! checked game.

use crate::error::{CliError, Result};
use clap::Args;
use diplo_core::Options;
use diplo_games::{GameEntry, Kind, Session, DEFAULT_GAME};

#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Game id (see `diplo games`; default diplomat-chess)
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// A rule option of the game, `key=value`; repeat for several
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

#[derive(Args, Debug, Clone, Default)]
pub struct PositionArg {
    /// The start position (the game's position string); the standard start by default
    #[arg(long, value_name = "POS")]
    pub position: Option<String>,
}

impl GameArgs {
    pub fn entry(&self) -> Result<&'static GameEntry> {
        Ok(diplo_games::find(
            self.game.as_deref().unwrap_or(DEFAULT_GAME),
        )?)
    }

    pub fn checked_options(&self, entry: &GameEntry) -> Result<Options> {
        Ok(entry.options(&self.options)?)
    }

    /// A game for any command that works on any game.
    pub fn any_session(&self, position: &PositionArg) -> Result<Session> {
        let entry = self.entry()?;
        let options = self.checked_options(entry)?;
        Ok(entry.start(&options, position.position.as_deref())?)
    }

    /// A game for a command that needs a sequential game.
    pub fn session(&self, position: &PositionArg, command: &str) -> Result<Session> {
        let entry = self.entry()?;
        if entry.kind != Kind::Sequential {
            return Err(CliError::usage(format!(
                "`{command}` needs a sequential game; {} is a simultaneous game \
                 (use `diplo adjudicate`)",
                entry.id()
            )));
        }
        self.any_session(position)
    }
}

/// The sequential face of a session that [`GameArgs::session`] made.
pub fn sequential(session: &Session) -> Result<&dyn diplo_games::SequentialSession> {
    session.as_sequential().ok_or_else(|| {
        CliError::usage(format!("{} is not a sequential game", session.entry().id()))
    })
}
