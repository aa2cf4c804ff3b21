//! Why a change to a game was refused. Each error's text is the sentence the API answers
//! with; its HTTP status is chosen only at the API's edge (`crate::api::error`).

use super::{MAX_ORDERS, MAX_TEXT};
use diplo_core::{Color, GameResult, MoveError, Phase};
use diplo_games::{Kind, OrderError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("there is no such game")]
    UnknownGame,
    /// The game cannot be set up as asked (game, options, position).
    #[error("{0}")]
    BadStart(String),
    #[error("this needs a player's token (Authorization: Bearer <token>)")]
    NeedsToken,
    #[error("the token is not a player's token in this game")]
    UnknownToken,
    /// An engine's choice for a side a person plays.
    #[error("that side is not the engine's")]
    NotEngineSide,
    #[error("the game has not started: the second player has not joined")]
    NotStarted,
    #[error("the game is over{}", over(.0))]
    Over(Option<GameResult>),
    /// A deadline this very request applied played the turn the move or orders were for.
    #[error("the time for that turn ran out: it was played without this request")]
    TimeRanOut,
    /// The player saw another version of the game than the one it is at.
    #[error("the game has moved on: it is at version {version}, not {seen}")]
    Stale { version: i64, seen: i64 },
    #[error("the game has no free seat: its invite was used")]
    NoFreeSeat,
    #[error("the invite code is not this game's")]
    WrongInvite,
    #[error("joining this game needs its invite code")]
    NeedsInvite,
    /// A move for a simultaneous game, or orders for a sequential one.
    #[error("{}", wrong_kind(.game, *.kind))]
    WrongKind { game: String, kind: Kind },
    #[error("it is not your turn: {to_move} is to move")]
    NotYourTurn { to_move: Color },
    #[error("a move is at most {MAX_TEXT} characters")]
    MoveTooLong,
    #[error("{0}")]
    IllegalMove(MoveError),
    #[error("{side} owes no orders in this phase ({phase})")]
    OwesNoOrders { side: Color, phase: Phase },
    #[error("at most {MAX_ORDERS} orders of at most {MAX_TEXT} characters each")]
    TooManyOrders,
    /// One order cannot be read or given now.
    #[error("`{text}`: {error}")]
    OrderRefused { text: String, error: OrderError },
    /// The orders cannot be given together.
    #[error("{0}")]
    OrdersRefused(OrderError),
    #[error("a rematch needs a finished game")]
    NotFinished,
    #[error("your seat in the rematch is taken")]
    RematchSeatTaken,
    /// The store failed, or a game in it cannot be rebuilt: the cause, for the server's log.
    #[error("{0}")]
    Internal(String),
}

fn over(result: &Option<GameResult>) -> String {
    result.map_or_else(String::new, |r| format!(" ({r})"))
}

fn wrong_kind(game: &str, kind: Kind) -> String {
    match kind {
        Kind::Simultaneous => format!("{game} is a simultaneous game: send orders to /orders"),
        Kind::Sequential => format!("{game} is a sequential game: send a move to /move"),
    }
}

impl GameError {
    /// Whether the rules refused a move or orders (an engine then plays its fallback).
    pub fn is_refused_choice(&self) -> bool {
        matches!(
            self,
            GameError::IllegalMove(_)
                | GameError::MoveTooLong
                | GameError::TooManyOrders
                | GameError::OrderRefused { .. }
                | GameError::OrdersRefused(_)
        )
    }
}
