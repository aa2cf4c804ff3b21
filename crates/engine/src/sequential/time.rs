//! Time management: how long to think for a fixed move time or for a clock.

use super::search::Limits;
use std::time::Duration;

/// How the engine's thinking time is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// Exactly this much per move.
    MoveTime(Duration),
    /// A chess clock: the time left, the increment added after each move, and (if known)
    /// the moves left until the next time control.
    Clock {
        remaining: Duration,
        increment: Duration,
        moves_to_go: Option<u32>,
    },
}

/// Time kept in hand so the answer arrives before the clock runs out.
const SAFETY: Duration = Duration::from_millis(5);

impl TimeControl {
    /// The search limits for one move.
    ///
    /// A fixed move time: the search is abandoned at the time (less a small margin) and no
    /// new iteration starts after half of it, since an iteration costs about as much as all
    /// before it. A clock: the move gets an even share of the time left (over 30 moves, or
    /// the moves to go) plus most of the increment; it may run to three times that share
    /// when an iteration is under way, but never past a quarter of the time left.
    pub fn limits(self) -> Limits {
        match self {
            TimeControl::MoveTime(t) => {
                let hard = t.saturating_sub(SAFETY.min(t / 10));
                Limits {
                    soft: Some(hard / 2),
                    hard: Some(hard),
                    ..Limits::default()
                }
            }
            TimeControl::Clock {
                remaining,
                increment,
                moves_to_go,
            } => {
                let usable = remaining.saturating_sub(SAFETY);
                let share = usable / moves_to_go.unwrap_or(30).clamp(1, 100) + increment * 3 / 4;
                let cap = (usable / 4).max(usable.min(increment));
                let soft = share.min(cap);
                let hard = (share * 3).min(cap).max(soft);
                Limits {
                    soft: Some(soft / 2),
                    hard: Some(hard.max(Duration::from_millis(1))),
                    ..Limits::default()
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_limits_stay_within_the_time_left() {
        for (left, inc) in [
            (60_000, 0),
            (1_000, 100),
            (50, 0),
            (5, 1000),
            (300_000, 2_000),
        ] {
            let tc = TimeControl::Clock {
                remaining: Duration::from_millis(left),
                increment: Duration::from_millis(inc),
                moves_to_go: None,
            };
            let l = tc.limits();
            let hard = l.hard.unwrap();
            assert!(l.soft.unwrap() <= hard);
            assert!(
                hard <= Duration::from_millis(left).max(Duration::from_millis(1)),
                "{left} {inc}: {hard:?}"
            );
        }
        let l = TimeControl::MoveTime(Duration::from_millis(100)).limits();
        assert!(l.hard.unwrap() <= Duration::from_millis(100));
    }
}
