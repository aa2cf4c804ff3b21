//! The games the program knows, implemented or not.

use crate::engine::{SequentialEngine, SimultaneousEngine};
use crate::error::{CliError, Result};
use diplo_core::GameInfo;

/// The default `--game`.
pub const DEFAULT_GAME: &str = "diplomat-chess";

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The sides take turns: `moves`, `perft`, `replay`, `show`, `play`.
    Sequential,
    /// Both sides order at once: `adjudicate`.
    Simultaneous,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sequential => "sequential",
            Kind::Simultaneous => "simultaneous",
        }
    }
}

/// A game's rules engine, if it exists yet.
#[derive(Clone, Copy)]
pub enum Engine {
    Sequential(&'static dyn SequentialEngine),
    Simultaneous(&'static dyn SimultaneousEngine),
    /// Specified but not implemented yet.
    #[allow(dead_code)] // every game has an engine now; kept for games still to come
    Planned(Kind),
}

/// One game of the program.
pub struct GameEntry {
    pub info: &'static GameInfo,
    pub engine: Engine,
}

impl GameEntry {
    pub fn id(&self) -> &'static str {
        self.info.id
    }

    pub fn kind(&self) -> Kind {
        match self.engine {
            Engine::Sequential(_) => Kind::Sequential,
            Engine::Simultaneous(_) => Kind::Simultaneous,
            Engine::Planned(kind) => kind,
        }
    }

    pub fn is_implemented(&self) -> bool {
        !matches!(self.engine, Engine::Planned(_))
    }

    fn not_implemented(&self) -> CliError {
        CliError::usage(format!(
            "{} is not implemented yet (see `diplo games`)",
            self.info.id
        ))
    }

    /// The engine for a command that needs a sequential game.
    pub fn sequential(&self, command: &str) -> Result<&'static dyn SequentialEngine> {
        match self.engine {
            Engine::Sequential(engine) => Ok(engine),
            Engine::Planned(Kind::Sequential) => Err(self.not_implemented()),
            Engine::Simultaneous(_) | Engine::Planned(Kind::Simultaneous) => {
                Err(CliError::usage(format!(
                    "`{command}` needs a sequential game; {} is a simultaneous game \
                     (use `diplo adjudicate`)",
                    self.info.id
                )))
            }
        }
    }

    fn any_simultaneous_implemented(&self) -> bool {
        GAMES
            .iter()
            .any(|g| matches!(g.engine, Engine::Simultaneous(_)))
    }

    /// The engine for `adjudicate`.
    pub fn simultaneous(&self) -> Result<&'static dyn SimultaneousEngine> {
        match self.engine {
            Engine::Simultaneous(engine) => Ok(engine),
            Engine::Planned(Kind::Simultaneous) => Err(CliError::usage(format!(
                "adjudicate needs a simultaneous game ({}), which is not implemented yet",
                simultaneous_ids()
            ))),
            Engine::Sequential(_) | Engine::Planned(Kind::Sequential) => {
                Err(CliError::usage(format!(
                    "{} is a sequential game; adjudicate needs a simultaneous game ({}){}",
                    self.info.id,
                    simultaneous_ids(),
                    if self.any_simultaneous_implemented() {
                        ""
                    } else {
                        ", which is not implemented yet"
                    }
                )))
            }
        }
    }
}

/// Every game, in the order `diplo games` lists them.
pub static GAMES: [GameEntry; 4] = [
    GameEntry {
        info: &diplomat_chess::GAME_INFO,
        engine: Engine::Sequential(&crate::games::diplomat_chess::DiplomatChess),
    },
    GameEntry {
        info: &diplomatic_chess::GAME_INFO,
        engine: Engine::Sequential(&crate::games::diplomatic_chess::DiplomaticChess),
    },
    GameEntry {
        info: &diplomacy_chess::GAME_INFO,
        engine: Engine::Simultaneous(&crate::games::diplomacy_chess::DiplomacyChess),
    },
    GameEntry {
        info: &diplochess::GAME_INFO,
        engine: Engine::Simultaneous(&crate::games::diplochess::DiploChess),
    },
];

/// Finds a game by id.
pub fn find(id: &str) -> Result<&'static GameEntry> {
    GAMES.iter().find(|g| g.id() == id).ok_or_else(|| {
        let known: Vec<&str> = GAMES.iter().map(GameEntry::id).collect();
        CliError::usage(format!("unknown game `{id}` (known: {})", known.join(", ")))
    })
}

fn simultaneous_ids() -> String {
    GAMES
        .iter()
        .filter(|g| g.kind() == Kind::Simultaneous)
        .map(GameEntry::id)
        .collect::<Vec<_>>()
        .join(", ")
}
