//! Time controls: clocks for the sequential games, phase deadlines for the simultaneous
//! ones. Everything is an absolute time in the game's row (milliseconds since the epoch),
//! so a restarted server, or another process, knows every deadline from the store alone.

use crate::store::GameRow;
use diplo_core::Color;

/// A game's time control, as its row stores it.
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

impl TimeControl {
    pub fn of(row: &GameRow) -> TimeControl {
        match (row.clock_kind.as_deref(), row.clock_ms) {
            (Some("fischer"), Some(initial_ms)) => TimeControl::Fischer {
                initial_ms,
                increment_ms: row.increment_ms.unwrap_or(0),
            },
            (Some("per_move"), Some(ms)) => TimeControl::PerMove { ms },
            (Some("phase"), Some(ms)) => TimeControl::Phase { ms },
            _ => TimeControl::None,
        }
    }

    /// Writes the time control into a new row (the clocks full, nothing running yet).
    pub fn set(self, row: &mut GameRow) {
        let (kind, ms, increment) = match self {
            TimeControl::None => (None, None, None),
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => (Some("fischer"), Some(initial_ms), Some(increment_ms)),
            TimeControl::PerMove { ms } => (Some("per_move"), Some(ms), None),
            TimeControl::Phase { ms } => (Some("phase"), Some(ms), None),
        };
        row.clock_kind = kind.map(str::to_string);
        row.clock_ms = ms;
        row.increment_ms = increment;
        if let TimeControl::Fischer { initial_ms, .. } = self {
            row.white_ms = Some(initial_ms);
            row.black_ms = Some(initial_ms);
        }
    }
}

fn remaining_mut(row: &mut GameRow, side: Color) -> &mut Option<i64> {
    match side {
        Color::White => &mut row.white_ms,
        Color::Black => &mut row.black_ms,
    }
}

/// Starts the next turn or phase at `now`: `to_move` is the side whose clock runs
/// (sequential games), `None` for a simultaneous phase or a finished game.
pub fn start_turn(row: &mut GameRow, to_move: Option<Color>, finished: bool, now: i64) {
    row.turn_started_ms = Some(now);
    row.deadline_ms = if finished {
        None
    } else {
        match (TimeControl::of(row), to_move) {
            (TimeControl::Fischer { .. }, Some(side)) => {
                Some(now + remaining_mut(row, side).unwrap_or(0))
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
pub fn charge(row: &mut GameRow, side: Color, now: i64) {
    if let TimeControl::Fischer { increment_ms, .. } = TimeControl::of(row) {
        let started = row.turn_started_ms.unwrap_or(now);
        let left = remaining_mut(row, side);
        if let Some(ms) = left {
            *ms = (*ms - (now - started).max(0)).max(0) + increment_ms;
        }
    }
}

/// Each side's time left at `now` (Fischer clocks), the running side's clock run down.
pub fn clocks_at(row: &GameRow, running: Option<Color>, now: i64) -> Option<(i64, i64)> {
    let (white, black) = (row.white_ms?, row.black_ms?);
    let spent = |side| match (running, row.turn_started_ms) {
        (Some(r), Some(started)) if r == side && row.status == "active" => (now - started).max(0),
        _ => 0,
    };
    Some((
        (white - spent(Color::White)).max(0),
        (black - spent(Color::Black)).max(0),
    ))
}

/// Whether the current turn or phase has run out at `now`.
pub fn overdue(row: &GameRow, now: i64) -> bool {
    row.status == "active" && row.deadline_ms.is_some_and(|d| d <= now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> GameRow {
        crate::store::sample_row("g")
    }

    #[test]
    fn fischer_clocks_run_down_and_take_the_increment() {
        let mut r = row();
        TimeControl::Fischer {
            initial_ms: 60_000,
            increment_ms: 2_000,
        }
        .set(&mut r);
        start_turn(&mut r, Some(Color::White), false, 1_000);
        assert_eq!(r.deadline_ms, Some(61_000));
        assert_eq!(
            clocks_at(&r, Some(Color::White), 11_000),
            Some((50_000, 60_000))
        );
        charge(&mut r, Color::White, 11_000);
        assert_eq!(r.white_ms, Some(52_000));
        start_turn(&mut r, Some(Color::Black), false, 11_000);
        assert_eq!(r.deadline_ms, Some(71_000));
        assert!(!overdue(&r, 70_999));
        assert!(overdue(&r, 71_000));
        start_turn(&mut r, None, true, 12_000);
        assert_eq!(r.deadline_ms, None);
    }

    #[test]
    fn per_move_and_phase_deadlines() {
        let mut r = row();
        TimeControl::PerMove { ms: 86_400_000 }.set(&mut r);
        start_turn(&mut r, Some(Color::Black), false, 5);
        assert_eq!(r.deadline_ms, Some(86_400_005));
        assert_eq!(TimeControl::of(&r), TimeControl::PerMove { ms: 86_400_000 });
        let mut r = row();
        TimeControl::Phase { ms: 3_000 }.set(&mut r);
        start_turn(&mut r, None, false, 10);
        assert_eq!(r.deadline_ms, Some(3_010));
        let mut r = row();
        start_turn(&mut r, Some(Color::White), false, 10);
        assert_eq!(r.deadline_ms, None);
    }
}
