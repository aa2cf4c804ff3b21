//! What a player chose, shared by the players and the searches that make the choice.

/// What a player chose, in the game's notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The next move of a sequential game (coordinate notation).
    Move(String),
    /// One side's orders for the current phase of a simultaneous game.
    Orders(Vec<String>),
}
