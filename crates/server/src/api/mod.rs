//! The HTTP API (interfaces.md v2, "HTTP API") and what the web page needs beyond it, one
//! router per resource: [`games`] (and the event streams, [`events`]), the page's
//! endpoints ([`page`]), the embedded web page ([`web`]). The domain's errors become HTTP
//! statuses here ([`error`]).

mod create;
pub mod error;
mod events;
mod extract;
mod games;
pub mod limits;
mod page;
mod start;
mod web;

pub use error::ApiError;

use crate::app::App;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use limits::{BodyLimit, RateLimiter};
use std::sync::{Arc, OnceLock};

/// The whole service: API, event streams, OpenAPI description and web page.
pub fn router(app: Arc<App>) -> Router {
    let config = &app.config;
    let limiter = Arc::new(RateLimiter::new(config.rate_per_s, config.rate_burst));
    let timed = Router::new()
        .merge(games::router())
        .merge(page::router())
        .route("/api/openapi.json", get(openapi))
        // Last: the web page's paths take whatever the API does not.
        .merge(web::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            config.request_timeout,
            limits::time_limit,
        ));
    Router::new()
        .merge(events::router())
        .merge(timed)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(Extension(BodyLimit(config.body_limit)))
        .layer(axum::middleware::from_fn_with_state(
            limiter,
            limits::rate_limit,
        ))
        .with_state(app)
}

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        openapi_document(),
    )
        .into_response()
}

/// The OpenAPI description with the games' ids filled in from the registry.
pub fn openapi_document() -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let mut document: serde_json::Value =
            serde_json::from_str(crate::OPENAPI).unwrap_or_default();
        let ids: Vec<&str> = diplo_games::GAMES.iter().map(|g| g.id()).collect();
        if let Some(game) = document.pointer_mut("/components/schemas/NewGame/properties/game") {
            game["enum"] = serde_json::json!(ids);
        }
        serde_json::to_string_pretty(&document).unwrap_or_else(|_| crate::OPENAPI.to_string())
    })
}

async fn not_found() -> ApiError {
    ApiError::not_found("there is nothing here (the API is under /api, see /api/openapi.json)")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this path does not take that method (see /api/openapi.json)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_openapi_description_lists_every_game() {
        let document: serde_json::Value = serde_json::from_str(openapi_document()).unwrap();
        let listed = &document["components"]["schemas"]["NewGame"]["properties"]["game"]["enum"];
        let ids: Vec<&str> = diplo_games::GAMES.iter().map(|g| g.id()).collect();
        assert_eq!(listed, &serde_json::json!(ids));
        assert!(document["paths"]["/api/games"].is_object());
    }
}
