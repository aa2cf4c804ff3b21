use crate::{Color, GameResult};

/// A game in which both sides order at the same time and one adjudication resolves the
/// phase (Diplomacy Chess, DiploChess).
///
/// Orders are read per side (sealed: neither side sees the other's before resolution), then
/// [`SimultaneousGame::resolve`] is a pure function of the position and both sides' orders
/// that also explains what happened to every order.
pub trait SimultaneousGame: Clone {
    /// One side's orders for the current phase, validated.
    type Orders: Clone;
    /// What the adjudication did, with the reason for every order that failed.
    type Resolution;
    /// Why orders were not accepted (cannot parse, or not valid here).
    type Error: std::error::Error;

    /// What the current phase asks of the players (e.g. `movement`, `retreats`, `turn 3`).
    fn phase(&self) -> String;
    /// Reads one side's entries for the current phase.
    fn parse_orders(&self, side: Color, entries: &[&str]) -> Result<Self::Orders, Self::Error>;
    /// Resolves the phase with both sides' orders and moves the game on.
    fn resolve(&mut self, white: &Self::Orders, black: &Self::Orders) -> Self::Resolution;
    /// The result if the rules have ended the game.
    fn result(&self) -> Option<GameResult>;
    /// The current position string.
    fn position_string(&self) -> String;
}
