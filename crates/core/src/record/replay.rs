//! Replaying a record onto a sequential game, and the result to report for it.

use super::Record;
use crate::{
    Color, EndReason, GameResult, MoveError, Outcome, SequentialGame as Game, SequentialPosition,
};
use std::fmt;
use thiserror::Error;

/// The first move of a record that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ReplayError {
    /// The full-move number of the position where the move failed.
    pub number: u32,
    /// The side to move in that position.
    pub side: Color,
    /// The move token as the record writes it.
    pub token: String,
    pub error: MoveError,
}

impl fmt::Display for ReplayError {
    /// `move 9 (black) `Nf3`: illegal move: no black knight can move to f3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}) `{}`: ", self.number, self.side, self.token)?;
        match &self.error {
            MoveError::Parse { reason, .. } => write!(f, "cannot parse: {reason}"),
            MoveError::Illegal { reason, .. } => write!(f, "illegal move: {reason}"),
            MoveError::Ambiguous { candidates, .. } => {
                write!(f, "ambiguous move: could be {candidates}")
            }
        }
    }
}

/// Plays every move of the record on `game` (in any notation the game reads). Fails at the
/// first move that cannot be read or played, and at a move that follows the end of the game.
///
/// The record's move numbers are not compared with the game's: the error names the
/// position's own full-move number and side to move.
pub fn replay<P: SequentialPosition>(
    record: &Record,
    mut game: Game<P>,
) -> Result<Game<P>, ReplayError> {
    for rm in &record.moves {
        let (number, side) = (game.position().fullmove(), game.side_to_move());
        game.play_text(&rm.text).map_err(|error| ReplayError {
            number,
            side,
            token: rm.text.clone(),
            error,
        })?;
    }
    Ok(game)
}

/// The result to report for a replayed record: the outcome (none: `*`) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FinalResult {
    pub outcome: Option<Outcome>,
    pub reason: FinalReason,
}

/// Why a replayed record ends as it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FinalReason {
    /// The rules ended the game.
    Rules(EndReason),
    /// The record gives a result the rules did not reach (a resignation, an agreed draw).
    AsRecorded,
    /// The game goes on: `in progress`, or a game's own word (`last chance`).
    Unfinished(&'static str),
}

impl fmt::Display for FinalResult {
    /// `1-0 (checkmate)`, `* (in progress)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = self.outcome.map_or("*", Outcome::token);
        match self.reason {
            FinalReason::Rules(reason) => write!(f, "{token} ({reason})"),
            FinalReason::AsRecorded => write!(f, "{token} (as recorded)"),
            FinalReason::Unfinished(why) => write!(f, "{token} ({why})"),
        }
    }
}

impl From<&GameResult> for FinalResult {
    fn from(r: &GameResult) -> FinalResult {
        FinalResult {
            outcome: Some(r.outcome),
            reason: FinalReason::Rules(r.reason),
        }
    }
}

/// A recorded result that the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResultError {
    #[error("the record gives the result {recorded} but the game ended {rules}")]
    Contradicts { recorded: String, rules: GameResult },
    #[error("`{0}` is not a result (1-0, 0-1, 1/2-1/2 or *)")]
    NotAResult(String),
}

/// Reconciles a recorded result with the rules' one. The rules' result wins; a recorded
/// decisive or drawn result that differs from it is an error (`*` never contradicts).
/// A recorded result the rules did not reach is reported `as recorded` (a resignation, an
/// agreed draw); with neither, the game is in progress.
pub fn final_result(
    rules: Option<&GameResult>,
    recorded: Option<&str>,
) -> Result<FinalResult, ResultError> {
    let recorded = match recorded {
        None => None,
        Some(token) => match Outcome::from_token(token) {
            Ok(outcome) => outcome.map(|o| (token, o)),
            Err(_) => return Err(ResultError::NotAResult(token.to_string())),
        },
    };
    match (rules, recorded) {
        (Some(rules), Some((token, outcome))) if outcome != rules.outcome => {
            Err(ResultError::Contradicts {
                recorded: token.to_string(),
                rules: *rules,
            })
        }
        (Some(rules), _) => Ok(rules.into()),
        (None, Some((_, outcome))) => Ok(FinalResult {
            outcome: Some(outcome),
            reason: FinalReason::AsRecorded,
        }),
        (None, None) => Ok(FinalResult {
            outcome: None,
            reason: FinalReason::Unfinished("in progress"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        let mate = GameResult::win(Color::White, EndReason::Checkmate);
        assert_eq!(
            final_result(Some(&mate), Some("1-0")).unwrap().to_string(),
            "1-0 (checkmate)"
        );
        assert_eq!(
            final_result(Some(&mate), None).unwrap().to_string(),
            "1-0 (checkmate)"
        );
        assert_eq!(
            final_result(Some(&mate), Some("0-1"))
                .unwrap_err()
                .to_string(),
            "the record gives the result 0-1 but the game ended 1-0 (checkmate)"
        );
        assert_eq!(
            final_result(None, Some("0-1")).unwrap().to_string(),
            "0-1 (as recorded)"
        );
        assert_eq!(
            final_result(None, None).unwrap().to_string(),
            "* (in progress)"
        );
        assert_eq!(
            final_result(None, Some("*")).unwrap().to_string(),
            "* (in progress)"
        );
    }
}
