use crate::Color;
use std::fmt;

/// How a finished game ended, without the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Color),
    Draw,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn token(self) -> &'static str {
        match self {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Reads a PGN result token; `*` (game not finished) gives `Ok(None)`.
    pub fn from_token(token: &str) -> Result<Option<Outcome>, UnknownResultToken> {
        match token {
            "1-0" => Ok(Some(Outcome::Win(Color::White))),
            "0-1" => Ok(Some(Outcome::Win(Color::Black))),
            "1/2-1/2" => Ok(Some(Outcome::Draw)),
            "*" => Ok(None),
            _ => Err(UnknownResultToken(token.to_string())),
        }
    }
}

/// A string that is not one of the result tokens `1-0`, `0-1`, `1/2-1/2`, `*`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a result (1-0, 0-1, 1/2-1/2 or *)")]
pub struct UnknownResultToken(pub String);

/// A finished game's outcome with the rule that ended it, e.g. `1-0 (checkmate)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub outcome: Outcome,
    /// Short lower-case reason: `checkmate`, `stalemate`, `bare kings`, …
    pub reason: String,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.outcome.token(), self.reason)
    }
}
