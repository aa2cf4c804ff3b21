//! What the command line needs from a game's rules engine.
//!
//! Each implemented game has a small adapter in [`crate::games`] that implements one of these
//! traits over its crate; the commands only ever talk to the traits, so adding a game means
//! adding its crate, an adapter, and a line in [`crate::registry`].

use crate::error::Result;
use diplo_core::{Color, GameResult, MoveError, Options, Record};

/// A move as the command line shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText {
    /// Coordinate notation (`d2d3`, `n2a3`, `H@c2`).
    pub coordinate: String,
    /// Canonical SAN in the position the move was played from.
    pub san: String,
}

/// How `show` (and `play`) should draw a position.
#[derive(Debug, Clone, Default)]
pub struct View {
    /// Cells to mark, as the user typed them.
    pub highlight: Vec<String>,
    /// A cell whose piece's legal destinations (and suborn targets) are marked.
    pub targets: Option<String>,
    /// Mark the cells of the last move played.
    pub last_move: bool,
    /// Add the notes explaining the drawing.
    pub notes: bool,
}

/// The engine of a sequential game (the two sides take turns).
pub trait SequentialEngine: Sync {
    /// Starts a game from a position string (`None`: the standard start) under the options.
    /// An unreadable or illegal position is reported as the error message.
    fn new_game(
        &self,
        options: &Options,
        position: Option<&str>,
    ) -> std::result::Result<Box<dyn Session>, String>;

    /// Replays a game record under the options (already merged from the `[Options]` tag and
    /// the command line): its `[Position]` tag or the standard start, then every move.
    /// A bad tag or move is a record error.
    fn replay(&self, record: &Record, options: &Options) -> Result<Box<dyn Session>>;
}

/// A game in progress: a start position, the moves played, and the rules' verdict.
pub trait Session {
    fn side_to_move(&self) -> Color;
    /// The legal moves of the position (the pure move tree: draw rules do not empty it), in
    /// the engine's deterministic generation order.
    fn legal_moves(&self) -> Vec<MoveText>;
    /// Reads a move in SAN or coordinates and plays it.
    fn play(&mut self, text: &str) -> std::result::Result<MoveText, MoveError>;
    /// Takes back the last move; `false` if none was played.
    fn undo(&mut self) -> bool;
    /// The result if the rules have ended the game.
    fn result(&self) -> Option<GameResult>;
    /// The `result:` line of `diplo replay`, for a game whose rules fix it (Diplomatic Chess
    /// ignores the recorded result); `None` reconciles the rules' result with the record's.
    fn replay_result_line(&self) -> Option<String> {
        None
    }
    fn position_string(&self) -> String;
    /// Leaf count of the legal move tree.
    fn perft(&self, depth: u32) -> u64;
    /// Per root move (coordinate notation), the leaf count below it.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// A text drawing of the current position. Errors are about the view (a bad cell name).
    fn draw(&self, view: &View) -> Result<String>;
    /// The game as a canonical PGN record; `result` is a result the rules did not give
    /// (a resignation).
    fn to_pgn(&self, result: Option<&GameResult>) -> String;
}

/// The engine of a simultaneous game (both sides order, then one adjudication).
pub trait SimultaneousEngine: Sync {
    /// Resolves one turn: the text of the orders file against a position string; returns the
    /// adjudication output (see interfaces.md).
    fn adjudicate(&self, options: &Options, position: &str, orders: &str) -> Result<String>;

    /// Starts a game for `play` from a position string (`None`: the standard start). An
    /// unreadable position is reported as the error message.
    fn new_game(
        &self,
        _options: &Options,
        _position: Option<&str>,
    ) -> std::result::Result<Box<dyn SimultaneousSession>, String> {
        Err("this game cannot be played at the terminal yet".to_string())
    }

    /// Replays the text of a game record under the options (already merged from the
    /// `[Options]` tag and the command line). Errors name turn, side and entry.
    fn replay(&self, _record: &str, _options: &Options) -> Result<Box<dyn SimultaneousSession>> {
        Err(crate::error::CliError::usage(
            "this game cannot replay records yet",
        ))
    }
}

/// A simultaneous game in progress, as `play` and `replay` drive it.
pub trait SimultaneousSession {
    /// What the current phase asks of the players (`turn 3`).
    fn phase(&self) -> String;
    /// How many entries each side gives now: (least, most).
    fn entry_count(&self) -> (usize, usize);
    /// A short reminder of the order syntax.
    fn order_help(&self) -> String;
    /// Checks one side's entries for the current phase without resolving them.
    fn check(&self, side: Color, entries: &[String]) -> std::result::Result<(), String>;
    /// Resolves the phase with both sides' entries; returns the explanation for the players.
    fn resolve(
        &mut self,
        white: &[String],
        black: &[String],
    ) -> std::result::Result<String, String>;
    /// The result if the rules have ended the game.
    fn result(&self) -> Option<GameResult>;
    fn position_string(&self) -> String;
    /// A text drawing of the current position.
    fn draw(&self) -> String;
}

/// Folds a colour's name with an upper-case first letter (`White`).
pub fn side_name(color: Color) -> &'static str {
    color.fold("White", "Black")
}
