//! The passes of the root's look-ahead: how deep each goes, how many candidates it draws
//! one turn on, and how its block grows.

use crate::simultaneous::levels::Settings;
use std::time::Duration;

/// One pass of the root's look-ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pass {
    /// Turns searched.
    pub(super) depth: u32,
    /// Candidates per side one turn on.
    pub(super) child_candidates: usize,
    pub(super) growth: Growth,
}

/// The look-ahead's passes at the root: two turns with the level's candidates over the
/// whole matrix, then either (a level that stops at two turns) two turns again with twice
/// as many candidates one turn on, or each further turn over a block grown until it
/// closes. *Why:* a third turn over the whole matrix does not fit in the time a phase
/// allows, while the block an equilibrium plays closes over a handful of candidates per
/// side; and a closed three-turn block beat two turns over every candidate in matches
/// (`docs/engine-simultaneous.md`).
pub(super) fn passes(settings: &Settings) -> Vec<Pass> {
    let child = settings.child_candidates;
    let pass = |depth, child_candidates, growth| Pass {
        depth,
        child_candidates,
        growth,
    };
    let mut out = vec![pass(2, child, Growth::Exhaustive)];
    if settings.depth == 2 {
        out.push(pass(2, 2 * child, Growth::Exhaustive));
    }
    out.extend((3..=settings.depth).map(|depth| pass(depth, child, Growth::Closing)));
    out
}

/// How a look-ahead block grows past its first one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Growth {
    /// By each side's best reply, whatever it gains, until the candidates (or the clock)
    /// run out.
    Exhaustive,
    /// By a side's best reply only while it gains more than [`CLOSES_WITHIN`] against the
    /// block's equilibrium; the block is closed when neither side's does.
    Closing,
}

impl Growth {
    /// Whether a best reply that gains `gain` (for the side that plays it) joins the block.
    pub(super) fn takes(self, gain: f64) -> bool {
        match self {
            Growth::Exhaustive => true,
            Growth::Closing => gain > CLOSES_WITHIN,
        }
    }
}

/// What a best reply outside a closing block may gain (in expected score) without joining
/// it.
pub(super) const CLOSES_WITHIN: f64 = 0.005;

/// The time for a phase from which the first pass stops at a third of it.
pub(super) const SPLIT_FROM: Duration = Duration::from_millis(300);
