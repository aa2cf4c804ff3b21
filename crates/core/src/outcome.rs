use crate::Color;
use std::fmt;

/// How a finished game ended, without the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
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

    /// Reads a PGN result token; `*` (no result yet) is `Ok(None)`.
    pub fn from_token(token: &str) -> Result<Option<Outcome>, UnknownResultToken> {
        match token {
            "1-0" => Ok(Some(Outcome::Win(Color::White))),
            "0-1" => Ok(Some(Outcome::Win(Color::Black))),
            "1/2-1/2" => Ok(Some(Outcome::Draw)),
            "*" => Ok(None),
            _ => Err(UnknownResultToken(token.to_string())),
        }
    }

    /// The score of `side`: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score(self, side: Color) -> f64 {
        match self {
            Outcome::Win(winner) if winner == side => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }
}

/// A result token that is none of `1-0`, `0-1`, `1/2-1/2`, `*`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a result (1-0, 0-1, 1/2-1/2 or *)")]
pub struct UnknownResultToken(pub String);

/// Why a game ended. The rules of each game use some of these; the last few are decided by
/// the players or the program around the rules (a resignation, a clock, a match's length cap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EndReason {
    Checkmate,
    Stalemate,
    DoubleCheckmate,
    /// Diplomat Chess: only the two kings are left (a draw).
    BareKings,
    /// DiploChess: one side has only its King against enough material (a win).
    BareKing,
    BothBareKings,
    KingLost,
    BothKingsLost,
    Invasion,
    NoQueens,
    ThreefoldRepetition,
    FiftyMoveRule,
    InsufficientMaterial,
    NoProgress,
    /// The side named resigned.
    Resignation(Color),
    /// The side named ran out of time on its clock.
    TimeForfeit(Color),
    /// A match stopped the game at its move limit (a match setting, not a rule).
    MoveLimit,
    /// The side named sent no orders for too many phases in a row (a server's deadline
    /// rule, not a rule of the game): it loses.
    Forfeit(Color),
    /// Neither side sent orders for too many phases in a row (a server's deadline rule): the
    /// game ends without a winner, scored as a draw.
    Abandoned,
}

impl fmt::Display for EndReason {
    /// The short lower-case reason the `result:` lines print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::DoubleCheckmate => "double checkmate",
            EndReason::BareKings => "bare kings",
            EndReason::BareKing => "bare king",
            EndReason::BothBareKings => "both bare kings",
            EndReason::KingLost => "king lost",
            EndReason::BothKingsLost => "both kings lost",
            EndReason::Invasion => "invasion",
            EndReason::NoQueens => "no queens",
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::FiftyMoveRule => "fifty-move rule",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::NoProgress => "no progress",
            EndReason::Resignation(side) => return write!(f, "{side} resigns"),
            EndReason::TimeForfeit(side) => return write!(f, "{side} ran out of time"),
            EndReason::MoveLimit => "move limit",
            EndReason::Forfeit(side) => return write!(f, "{side} forfeits: it sent no orders"),
            EndReason::Abandoned => "abandoned: neither side sent orders",
        };
        f.write_str(text)
    }
}

/// The result of a finished game: who won (or a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameResult {
    pub outcome: Outcome,
    pub reason: EndReason,
}

impl GameResult {
    pub const fn new(outcome: Outcome, reason: EndReason) -> GameResult {
        GameResult { outcome, reason }
    }

    pub const fn win(winner: Color, reason: EndReason) -> GameResult {
        GameResult::new(Outcome::Win(winner), reason)
    }

    pub const fn draw(reason: EndReason) -> GameResult {
        GameResult::new(Outcome::Draw, reason)
    }
}

impl fmt::Display for GameResult {
    /// `1-0 (checkmate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.outcome.token(), self.reason)
    }
}

/// Whether the rules have ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Status {
    Ongoing,
    Over(GameResult),
}

impl Status {
    pub fn result(self) -> Option<GameResult> {
        match self {
            Status::Over(result) => Some(result),
            Status::Ongoing => None,
        }
    }

    pub fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_as_the_result_lines_print_them() {
        let r = GameResult::win(Color::Black, EndReason::Resignation(Color::White));
        assert_eq!(r.to_string(), "0-1 (white resigns)");
        assert_eq!(
            GameResult::draw(EndReason::FiftyMoveRule).to_string(),
            "1/2-1/2 (fifty-move rule)"
        );
        let r = GameResult::win(Color::White, EndReason::Forfeit(Color::Black));
        assert_eq!(r.to_string(), "1-0 (black forfeits: it sent no orders)");
        assert_eq!(
            GameResult::draw(EndReason::Abandoned).to_string(),
            "1/2-1/2 (abandoned: neither side sent orders)"
        );
        assert_eq!(Outcome::Win(Color::White).score(Color::Black), 0.0);
        assert_eq!(Outcome::Draw.score(Color::Black), 0.5);
    }
}
