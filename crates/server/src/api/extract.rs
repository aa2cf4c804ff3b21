//! What the game endpoints read from a request's path and headers.

use super::error::ApiError;
use crate::domain::{Actor, GameError};
use crate::secret;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};

/// The game id of a path (`/api/games/{id}/...`): anything that cannot be an id is 404.
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| GameError::UnknownGame)?;
        if secret::is_game_id(&id) {
            Ok(GameId(id))
        } else {
            Err(GameError::UnknownGame.into())
        }
    }
}

/// The token of `Authorization: Bearer <token>`, if the header is there.
pub struct Token(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        token(&parts.headers).map(Token)
    }
}

fn token(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let malformed = || ApiError::unauthorized("the Authorization header is not `Bearer <token>`");
    let value = value.to_str().map_err(|_| malformed())?;
    let (scheme, token) = value.trim().split_once(' ').ok_or_else(malformed)?;
    let token = token.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() || token.len() > 128 {
        return Err(malformed());
    }
    Ok(Some(token.to_string()))
}

impl Token {
    /// The token, which this request needs.
    pub fn required(self) -> Result<String, ApiError> {
        Ok(self.0.ok_or(GameError::NeedsToken)?)
    }

    /// The player the token names, for a change.
    pub fn actor(self) -> Result<Actor, ApiError> {
        self.required().map(Actor::Token)
    }
}
