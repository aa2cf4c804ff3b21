//! What a turn did to every entry, as the adjudication lines of §12.4 and as sentences.

use crate::notation::OrderError;
use crate::resolve::{Failure, OrderOutcome};
use diplo_core::{Color, GameResult};
use std::fmt;

/// What became of one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EntryOutcome {
    Resolved(OrderOutcome),
    /// A progressive entry that was not valid at its step (skipped, §9.2.3), and why.
    Invalid(OrderError),
    /// The game had ended before the entry's step.
    GameOver,
}

/// One line of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EntryReport {
    pub color: Color,
    /// 0-based place in its side's list.
    pub index: usize,
    /// The order as written back (canonical SAN; for a conditional, the branch taken).
    pub text: String,
    /// The order the entry was read as at its step (`None` when it was invalid there or the
    /// game was over), so that a reader need not replay the turn to find its squares.
    pub order: Option<crate::Order>,
    pub outcome: EntryOutcome,
    /// The enemy piece the order's piece took, if it took one (even if it then failed).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub took: Option<board8::Piece>,
}

impl EntryReport {
    pub fn executed(&self) -> bool {
        matches!(self.outcome, EntryOutcome::Resolved(OrderOutcome::Executed))
    }

    /// The failure, if the entry reached a resolution and failed there.
    pub fn failure(&self) -> Option<Failure> {
        match self.outcome {
            EntryOutcome::Resolved(OrderOutcome::Failed(f)) => Some(f),
            _ => None,
        }
    }

    /// A sentence explaining the outcome for a player.
    pub fn explain(&self) -> String {
        let what = match &self.outcome {
            EntryOutcome::Resolved(OrderOutcome::Executed) => "executed".to_string(),
            EntryOutcome::Resolved(OrderOutcome::Failed(f)) => format!("failed: {f}"),
            EntryOutcome::Invalid(why) => format!("skipped: {why}"),
            EntryOutcome::GameOver => "not played: the game was over".to_string(),
        };
        format!("{} {}: {what}", self.color, self.text)
    }
}

impl fmt::Display for EntryReport {
    /// The adjudication line of §12.4.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} => ", self.color, self.text)?;
        match &self.outcome {
            EntryOutcome::Resolved(OrderOutcome::Executed) => f.write_str("executed"),
            EntryOutcome::Resolved(OrderOutcome::Failed(why)) => {
                write!(f, "failed: {}", why.short())
            }
            EntryOutcome::Invalid(_) => f.write_str("failed: invalid"),
            EntryOutcome::GameOver => f.write_str("failed: game over"),
        }
    }
}

/// What a turn did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TurnReport {
    /// Step by step, white then black (progressive); else white's then black's.
    pub entries: Vec<EntryReport>,
    /// Set when the game ended during or at the end of the turn.
    pub result: Option<GameResult>,
}

impl fmt::Display for TurnReport {
    /// The adjudication lines of §12.4 for the turn: one line per entry (step by step, white
    /// then black, in progressive mode; White's entries then Black's otherwise), then
    /// `result: <token> (<reason>)` when the game is over.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for entry in &self.entries {
            writeln!(f, "{entry}")?;
        }
        if let Some(result) = &self.result {
            writeln!(f, "result: {result}")?;
        }
        Ok(())
    }
}
