//! The game's history as the repetition rules see it from inside the search.

use diplo_core::{PhaseKind, Repetitions, SimultaneousPosition};

/// The positions a game has reached, as the repetition rules see them from the search: a
/// position found one phase on has occurred once more than the game's history says (the
/// search's own lines are too short to repeat themselves).
pub struct SearchHistory<'a, S> {
    pub past: &'a [S],
}

impl<S: SimultaneousPosition> Repetitions<S> for SearchHistory<'_, S> {
    fn reached(&mut self, position: &S) -> usize {
        let hash = position.hash();
        1 + self
            .past
            .iter()
            .filter(|p| p.hash() == hash && p.same_for_repetition(position))
            .count()
    }
}

/// The positions of a game's history the repetition rules count: the start of every turn
/// (the phases within a turn are not positions between turns), and the current position.
pub fn history_of<S: SimultaneousPosition>(game: &diplo_core::SimultaneousGame<S>) -> Vec<S> {
    let mut past: Vec<S> = game
        .phases()
        .iter()
        .map(|record| &record.before)
        .filter(|s| matches!(s.phase().kind, PhaseKind::Turn | PhaseKind::Movement))
        .cloned()
        .collect();
    past.push(game.position().clone());
    past
}
