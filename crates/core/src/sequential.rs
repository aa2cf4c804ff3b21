use crate::{Color, GameResult};
use thiserror::Error;

/// Why a move written as text was not played. The three kinds are kept apart so that a user
/// (and a record reader) can tell a typo from a rules mistake from an unclear move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in any notation the game reads.
    #[error("cannot parse `{text}`: {reason}")]
    Parse { text: String, reason: String },
    /// The text is a well-formed move, but no legal move matches it.
    #[error("illegal move `{text}`: {reason}")]
    Illegal { text: String, reason: String },
    /// Several legal moves match the text.
    #[error("ambiguous move `{text}`: could be {candidates}")]
    Ambiguous { text: String, candidates: String },
}

/// A game in which the two sides take turns, one move at a time.
///
/// This is what the command line, the AI and the server drive; each sequential game crate
/// implements it for its game type (which owns the history and knows the result).
pub trait SequentialGame: Clone {
    type Move: Copy + Eq + std::fmt::Debug;

    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// The legal moves of the side to move; none once [`SequentialGame::result`] says the
    /// game is over (whatever the reason: checkmate, or a draw by repetition).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a legal move. Callers pass moves from [`SequentialGame::legal_moves`] or from
    /// [`SequentialGame::parse_move`].
    fn play(&mut self, mv: Self::Move);
    /// Plays a move if it is legal and the game is not over; otherwise says why not and
    /// leaves the game as it was.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), MoveError>;
    /// The full-move number of the current position (as in FEN: it grows after Black's move).
    fn fullmove(&self) -> u32;
    /// Takes back the last move; `false` if there is none.
    fn undo(&mut self) -> bool;
    /// The result if the rules have ended the game.
    fn result(&self) -> Option<GameResult>;
    /// Reads a move in any notation the game accepts (SAN or coordinates).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// The canonical SAN of a legal move in the current position.
    fn san(&self, mv: Self::Move) -> String;
    /// The coordinate notation of a move.
    fn coordinate(&self, mv: Self::Move) -> String;
    /// The current position string.
    fn position_string(&self) -> String;
}
