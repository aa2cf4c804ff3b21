//! What a search returns: the checked candidates, the payoff matrix over them and its
//! solution, and the value of a finished game.

use crate::simultaneous::matrix::{Matrix, Solution};
use diplo_core::{Color, SimultaneousPosition, Status};
use std::time::Duration;

/// A checked candidate: its orders and their texts.
#[derive(Debug, Clone)]
pub struct Candidate<S: SimultaneousPosition> {
    pub orders: S::Orders,
    pub texts: Vec<String>,
}

/// The search's result.
#[derive(Debug, Clone)]
pub struct Outcome<S: SimultaneousPosition> {
    pub white: Vec<Candidate<S>>,
    pub black: Vec<Candidate<S>>,
    /// The payoff matrix over the candidates (White's score), as far as it was filled.
    pub matrix: Matrix,
    pub solution: Solution,
    /// Adjudications done (matrix cells and look-ahead).
    pub resolutions: u64,
    pub time: Duration,
    /// Every cell ends the game: no look-ahead could change the matrix.
    pub exact: bool,
    /// Each side's myopic choice over its candidates (the best mean against a uniform
    /// opponent in the one-turn matrix): the opponent model of [`crate::simultaneous`].
    pub myopic: (Vec<f64>, Vec<f64>),
}

impl<S: SimultaneousPosition> Outcome<S> {
    /// `side`'s candidates (those the matrix covers) and its mixed strategy over them.
    pub fn strategy(&self, side: Color) -> (&[Candidate<S>], &[f64]) {
        match side {
            Color::White => (&self.white[..self.matrix.rows()], &self.solution.row),
            Color::Black => (&self.black[..self.matrix.cols()], &self.solution.col),
        }
    }

    /// `side`'s expected score.
    pub fn value(&self, side: Color) -> f64 {
        match side {
            Color::White => self.solution.value,
            Color::Black => 1.0 - self.solution.value,
        }
    }
}

/// White's score of a finished game, or `None` while it goes on.
pub fn terminal_value<S: SimultaneousPosition>(state: &S) -> Option<f64> {
    match state.status() {
        Status::Over(result) => Some(result.outcome.score(Color::White)),
        Status::Ongoing => None,
    }
}
