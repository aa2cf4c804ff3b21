//! Errors as the API answers them: a status and `{"error": "<one clear sentence>"}`. The
//! domain's typed errors get their status here, and only here.

use crate::domain::GameError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// An error answer. Every error the server sends is one of these, so every error body is
/// one JSON line with an `error` field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400: the body (or a query) is malformed or asks for something that cannot be.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 401: no token, or a token this game does not know.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, message)
    }

    /// 403: a known credential that may not do this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such game (or page).
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    pub fn unknown_game() -> ApiError {
        ApiError::not_found("there is no such game")
    }

    /// 409: not your turn, the phase is over, the game is over, the seat is taken.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 422: an illegal move or order.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 413: the body is larger than the server takes.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {limit} bytes"),
        )
    }

    /// 500: the store failed. The cause goes to the server's log, not to the client.
    pub fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server could not complete the request; try again",
        )
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status.as_u16(), self.message)
    }
}

impl std::error::Error for ApiError {}

/// The body of an error answer: `{"error": "..."}` on one line.
pub fn error_body(message: &str) -> String {
    let one_line = message.split_whitespace().collect::<Vec<_>>().join(" ");
    serde_json::json!({ "error": one_line }).to_string()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, error_body(&self.message)).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        let status = match &e {
            GameError::UnknownGame => StatusCode::NOT_FOUND,
            GameError::BadStart(_) | GameError::WrongKind { .. } => StatusCode::BAD_REQUEST,
            GameError::NeedsToken | GameError::UnknownToken => StatusCode::UNAUTHORIZED,
            GameError::NotEngineSide | GameError::WrongInvite | GameError::NeedsInvite => {
                StatusCode::FORBIDDEN
            }
            GameError::NotStarted
            | GameError::Over(_)
            | GameError::TimeRanOut
            | GameError::Stale { .. }
            | GameError::NoFreeSeat
            | GameError::NotYourTurn { .. }
            | GameError::OwesNoOrders { .. }
            | GameError::NotFinished
            | GameError::RematchSeatTaken => StatusCode::CONFLICT,
            GameError::MoveTooLong
            | GameError::IllegalMove(_)
            | GameError::TooManyOrders
            | GameError::OrderRefused { .. }
            | GameError::OrdersRefused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            // The cause goes to the server's log, not to the client.
            GameError::Internal(cause) => {
                eprintln!("diplo serve: {cause}");
                return ApiError::internal();
            }
        };
        ApiError::new(status, e.to_string())
    }
}
