//! Time controls: clocks for the sequential games, phase deadlines for the simultaneous
//! ones. Every time is absolute (milliseconds since the epoch) and kept in the game's row,
//! so a restarted server, or another process, knows every deadline from the store alone.

use super::{BySide, GameState, Status};
use diplo_core::Color;

/// A game's time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    None,
    /// Sequential: each side has `initial_ms` in all, plus `increment_ms` after each move;
    /// the side whose time runs out loses.
    Fischer {
        initial_ms: i64,
        increment_ms: i64,
    },
    /// Sequential, correspondence: `ms` for each move; missing it loses.
    PerMove {
        ms: i64,
    },
    /// Simultaneous: `ms` for each phase; a side that has not sealed its orders by then gets
    /// its default orders.
    Phase {
        ms: i64,
    },
}

/// Where the clocks stand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clocks {
    /// Fischer: each side's time left when the current turn started.
    pub left: BySide<Option<i64>>,
    pub turn_started_ms: Option<i64>,
    /// When the current turn or phase runs out.
    pub deadline_ms: Option<i64>,
}

impl Clocks {
    /// The clocks of a new game under `time`: full, nothing running yet.
    pub fn new(time: TimeControl) -> Clocks {
        let full = match time {
            TimeControl::Fischer { initial_ms, .. } => Some(initial_ms),
            _ => None,
        };
        Clocks {
            left: BySide::new(full, full),
            turn_started_ms: None,
            deadline_ms: None,
        }
    }
}

impl GameState {
    /// Starts the next turn or phase at `now`: `to_move` is the side whose clock runs
    /// (sequential games), `None` for a simultaneous phase or a finished game.
    pub fn start_turn(&mut self, to_move: Option<Color>, finished: bool, now: i64) {
        let clocks = &mut self.clocks;
        clocks.turn_started_ms = Some(now);
        clocks.deadline_ms = if finished {
            None
        } else {
            match (self.time, to_move) {
                (TimeControl::Fischer { .. }, Some(side)) => {
                    Some(now + clocks.left.get(side).unwrap_or(0))
                }
                (TimeControl::PerMove { ms }, Some(_)) | (TimeControl::Phase { ms }, None) => {
                    Some(now + ms)
                }
                _ => None,
            }
        };
    }

    /// Charges `side` for the move it just made at `now` (Fischer clocks: the time it took,
    /// less the increment).
    pub fn charge(&mut self, side: Color, now: i64) {
        if let TimeControl::Fischer { increment_ms, .. } = self.time {
            let started = self.clocks.turn_started_ms.unwrap_or(now);
            if let Some(ms) = self.clocks.left.get_mut(side) {
                *ms = (*ms - (now - started).max(0)).max(0) + increment_ms;
            }
        }
    }

    /// Each side's time left at `now` (Fischer clocks), the running side's clock run down.
    pub fn clocks_at(&self, running: Option<Color>, now: i64) -> Option<(i64, i64)> {
        let (white, black) = (self.clocks.left.white?, self.clocks.left.black?);
        let spent = |side| match (running, self.clocks.turn_started_ms) {
            (Some(r), Some(started)) if r == side && self.status == Status::Active => {
                (now - started).max(0)
            }
            _ => 0,
        };
        Some((
            (white - spent(Color::White)).max(0),
            (black - spent(Color::Black)).max(0),
        ))
    }

    /// Whether the current turn or phase has run out at `now`.
    pub fn overdue(&self, now: i64) -> bool {
        self.status == Status::Active && self.clocks.deadline_ms.is_some_and(|d| d <= now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(time: TimeControl) -> GameState {
        let mut state = GameState::sample("g");
        state.time = time;
        state.clocks = Clocks::new(time);
        state
    }

    #[test]
    fn fischer_clocks_run_down_and_take_the_increment() {
        let mut r = row(TimeControl::Fischer {
            initial_ms: 60_000,
            increment_ms: 2_000,
        });
        r.start_turn(Some(Color::White), false, 1_000);
        assert_eq!(r.clocks.deadline_ms, Some(61_000));
        assert_eq!(
            r.clocks_at(Some(Color::White), 11_000),
            Some((50_000, 60_000))
        );
        r.charge(Color::White, 11_000);
        assert_eq!(r.clocks.left.white, Some(52_000));
        r.start_turn(Some(Color::Black), false, 11_000);
        assert_eq!(r.clocks.deadline_ms, Some(71_000));
        assert!(!r.overdue(70_999));
        assert!(r.overdue(71_000));
        r.start_turn(None, true, 12_000);
        assert_eq!(r.clocks.deadline_ms, None);
    }

    #[test]
    fn per_move_and_phase_deadlines() {
        let mut r = row(TimeControl::PerMove { ms: 86_400_000 });
        r.start_turn(Some(Color::Black), false, 5);
        assert_eq!(r.clocks.deadline_ms, Some(86_400_005));
        assert_eq!(r.time, TimeControl::PerMove { ms: 86_400_000 });
        let mut r = row(TimeControl::Phase { ms: 3_000 });
        r.start_turn(None, false, 10);
        assert_eq!(r.clocks.deadline_ms, Some(3_010));
        let mut r = row(TimeControl::None);
        r.start_turn(Some(Color::White), false, 10);
        assert_eq!(r.clocks.deadline_ms, None);
    }
}
