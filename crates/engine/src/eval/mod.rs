//! Static evaluation, one module per sequential game, behind the small [`Evaluate`] trait
//! that the generic search in [`crate::sequential`] needs.
//!
//! Every evaluation is linear: a feature vector (white's count minus black's, see each
//! module's `FEATURE_NAMES`) dotted with a weight vector. That keeps the Texel tuner
//! (`examples/tune/`) exact and fast: it extracts the features once per position and fits
//! the weights on them.

pub mod diplomat;
pub mod diplomatic;

use diplo_core::{Color, SequentialPosition};

/// A score far beyond any evaluation: a win `ply` plies from the root is `MATE - ply`.
pub const MATE: i32 = 32_000;
/// Scores beyond this bound are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// What the search needs to know about a game beyond its rules.
pub trait Evaluate: SequentialPosition {
    /// The static evaluation in centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// The score of a position without legal moves (from the side to move's view), `ply`
    /// plies from the root: the rules' verdict turned into a mate score or a draw.
    fn terminal_score(&self, ply: i32) -> i32;

    /// A draw the rules declare while moves remain (bare kings, the fifty-move rule).
    fn is_rule_draw(&self) -> bool;

    /// The quiescence search may not "stand pat" here: doing nothing loses at once
    /// (a Diplomatic Chess last chance). Being in check is handled by the search itself.
    fn must_act(&self) -> bool {
        false
    }

    /// The score of a position where [`Evaluate::must_act`] holds and no tactical move
    /// saves it: lost on the next ply.
    fn quiet_loss(&self, ply: i32) -> i32 {
        -(MATE - ply - 1)
    }

    /// The material the move wins for the side making it, in centipawns (a capture's victim,
    /// a suborn's double swing, a promotion's gain): move ordering and the `greedy` player.
    fn gain(&self, mv: Self::Move) -> i32;

    /// The value of the piece that moves (for "least valuable attacker first").
    fn mover_value(&self, mv: Self::Move) -> i32;

    /// A small index of the move for the history and countermove tables (< [`MOVE_INDEXES`]).
    fn move_index(mv: Self::Move) -> usize;

    /// Whether null-move pruning is sound here (see docs/engine.md): never in Diplomat Chess,
    /// where zugzwang and winning stalemates are everywhere near the end.
    fn null_move_allowed(&self) -> bool {
        false
    }
}

/// The size of the history and countermove tables.
pub const MOVE_INDEXES: usize = 64 * 64;

/// A game whose evaluation is linear: a white-minus-black feature vector dotted with a
/// weight vector (the tuner fits the weights on the vectors).
pub trait Linear: SequentialPosition {
    /// The feature vector (a fixed-size array).
    type Features: AsRef<[i32]>;

    /// The feature vector of this position, white's count minus black's for each term.
    fn features(&self) -> Self::Features;
}

/// The evaluation under arbitrary weights, side to move's view (the search uses the
/// compiled-in weights; the tuner any others).
#[inline]
pub fn evaluate_with<P: Linear>(pos: &P, weights: &[i32]) -> i32 {
    let features = pos.features();
    let white: i32 = weights
        .iter()
        .zip(features.as_ref())
        .map(|(w, f)| w * f)
        .sum();
    match pos.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}
