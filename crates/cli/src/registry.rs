//! The games the program knows, implemented or not.

use crate::engine::{SequentialEngine, SimultaneousEngine};
use crate::error::{CliError, Result};
use diplo_core::{GameInfo, OptionSpec};

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
#[allow(dead_code)] // no simultaneous engine exists yet
pub enum Engine {
    Sequential(&'static dyn SequentialEngine),
    Simultaneous(&'static dyn SimultaneousEngine),
    /// Specified but not implemented yet.
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
        info: &DIPLOMATIC_CHESS,
        engine: Engine::Planned(Kind::Sequential),
    },
    GameEntry {
        info: &DIPLOMACY_CHESS,
        engine: Engine::Planned(Kind::Simultaneous),
    },
    GameEntry {
        info: &DIPLOCHESS,
        engine: Engine::Planned(Kind::Simultaneous),
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

// The games below have specs but no engine yet. When a game's crate lands, it exports its
// own `GAME_INFO` and replaces the constant here.

const OFF_ON: &[&str] = &["off", "on"];

static DIPLOMATIC_CHESS: GameInfo = GameInfo {
    id: "diplomatic-chess",
    name: "Diplomatic Chess (Carey & Fernandez)",
    summary: "8x8; an uncapturable Diplomat instead of the King; win by invasion",
    options: &[
        OptionSpec {
            name: "push-back",
            values: OFF_ON,
            help: "an enemy piece may attack the Diplomat and push it back",
        },
        OptionSpec {
            name: "extra-diplomat-move",
            values: OFF_ON,
            help: "after its regular move a player may also step its Diplomat",
        },
        OptionSpec {
            name: "extended-pawns",
            values: OFF_ON,
            help: "pawns move 1-2 squares forward, backward or sideways",
        },
    ],
};

static DIPLOMACY_CHESS: GameInfo = GameInfo {
    id: "diplomacy-chess",
    name: "Diplomacy Chess (Neto)",
    summary: "8x8; both sides move at once; conflicts by rank and by pieces meeting on the way",
    options: &[OptionSpec {
        name: "mode",
        values: &["basic", "progressive", "simultaneous-progressive"],
        help: "one move per side per turn, n moves in turn n in order, or a set of 1..n moves resolved together",
    }],
};

static DIPLOCHESS: GameInfo = GameInfo {
    id: "diplochess",
    name: "DiploChess (Birsan and Davis)",
    summary: "8x8; Diplomacy orders (move, hold, support) for every piece at once",
    options: &[
        OptionSpec {
            name: "adjustments",
            values: OFF_ON,
            help: "home-square adjustments every 10th turn (rule 15)",
        },
        OptionSpec {
            name: "bloody",
            values: OFF_ON,
            help: "dislodged pieces other than the King are removed without a retreat",
        },
    ],
};
