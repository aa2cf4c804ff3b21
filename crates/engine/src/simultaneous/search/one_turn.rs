//! The one-turn search of a position: both sides' candidates, the matrix of their
//! adjudicated and statically valued cells, and its equilibrium.

use super::{
    checked_candidates, terminal_value, Budget, Context, Outcome, SearchHistory, Searchable,
};
use crate::simultaneous::levels::Settings;
use crate::simultaneous::matrix::{Matrix, Solver};
use diplo_core::{Color, Outcome as GameOutcome, SimultaneousPosition, Status};
use rand::rngs::SmallRng;
use std::time::Instant;

/// White's score after the phase `white` × `black` is resolved, valued statically.
pub(super) fn cell_value<S: Searchable>(
    state: &S,
    white: &S::Orders,
    black: &S::Orders,
    context: &Context<S>,
) -> (S, f64) {
    let past = SearchHistory {
        past: context.history,
    };
    let (next, _) = state.resolve(white, black, &mut { past });
    let value = match next.status() {
        Status::Over(result) if result.outcome == GameOutcome::Draw => context.draw,
        Status::Over(result) => result.outcome.score(Color::White),
        Status::Ongoing => next.evaluate(),
    };
    (next, value)
}

/// The one-turn search of a position: its candidates, the static matrix, its equilibrium,
/// and the positions the cells lead to (kept for a look-ahead).
pub(super) struct OneTurn<S: SimultaneousPosition> {
    pub(super) outcome: Outcome<S>,
    /// The positions the cells lead to (`None` where the game ends, or when not kept),
    /// row-major over all of the candidates' columns.
    pub(super) children: Vec<Option<S>>,
    /// Some cell leads to a position where the game goes on.
    pub(super) goes_on: bool,
}

/// The one-turn search of `state`; `keep_children`: keep the positions the cells lead to.
pub(super) fn one_turn<S: Searchable>(
    state: &S,
    context: &Context<S>,
    settings: &Settings,
    keep_children: bool,
    budget: Budget,
    rng: &mut SmallRng,
) -> OneTurn<S> {
    let start = Instant::now();
    let white = checked_candidates(state, Color::White, settings.candidates, rng);
    let black = checked_candidates(state, Color::Black, settings.candidates, rng);
    let (rows, cols) = (white.len(), black.len());
    let mut full = Matrix::new(rows, cols);
    let mut children: Vec<Option<S>> = vec![None; rows * cols];
    let mut resolutions = 0u64;
    let mut goes_on = false;
    // Fill in growing squares, the most promising candidates first, so that a deadline
    // leaves a complete top-left block.
    let (mut r, mut c) = (0, 0);
    'fill: for k in 0..rows.max(cols) {
        let (nr, nc) = ((k + 1).min(rows), (k + 1).min(cols));
        for i in 0..nr {
            for j in 0..nc {
                if i < r && j < c {
                    continue;
                }
                // The first cell always gets filled, whatever the clock says.
                if resolutions > 0 && budget.over() {
                    break 'fill;
                }
                let (next, value) = cell_value(state, &white[i].orders, &black[j].orders, context);
                resolutions += 1;
                full.set(i, j, value);
                if terminal_value(&next).is_none() {
                    goes_on = true;
                    if keep_children {
                        children[i * cols + j] = Some(next);
                    }
                }
            }
        }
        (r, c) = (nr, nc);
    }
    let matrix = full.block(r, c);
    let mut stop = || budget.over();
    let solution = Solver::new(r, c).run(&matrix, budget.iterations, 1e-4, &mut stop);
    let myopic = (matrix.myopic_rows(), matrix.myopic_cols());
    let outcome = Outcome {
        white,
        black,
        matrix,
        solution,
        resolutions,
        time: start.elapsed(),
        // Nothing to deepen: every cell ends the game.
        exact: !goes_on && r == rows && c == cols,
        myopic,
    };
    OneTurn {
        outcome,
        children,
        goes_on,
    }
}
