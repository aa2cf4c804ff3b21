//! The web page: the files of `web/` at the workspace root, embedded in the binary.
//!
//! `GET /` serves `web/index.html` (the lobby), `GET /games/{id}` serves `web/game.html`
//! (one game; the page reads the id from its address), and any other path serves the file
//! of that name under `web/` (scripts, styles, images), with its MIME type from its
//! extension. Adding a page or an asset is adding a file to `web/`; the files are embedded
//! in debug builds too, so a new file (as opposed to a changed one) is picked up once this
//! crate is rebuilt (`touch crates/server/src/web.rs`).

use super::error::ApiError;
use crate::app::App;
use axum::extract::Path;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::RustEmbed;
use std::sync::Arc;

/// The page's files: `/`, `/games/{id}` and every other file of `web/`.
pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/", get(index))
        .route("/games/{id}", get(game))
        .route("/{*path}", get(asset))
}

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Files;

fn serve(path: &str) -> Result<Response, ApiError> {
    let file = Files::get(path).ok_or_else(|| ApiError::not_found("there is no such page"))?;
    let mime = file.metadata.mimetype();
    let mut response = file.data.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(mime) = HeaderValue::from_str(mime) {
        headers.insert(header::CONTENT_TYPE, mime);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

async fn index() -> Result<Response, ApiError> {
    serve("index.html")
}

async fn game(Path(_id): Path<String>) -> Result<Response, ApiError> {
    serve("game.html")
}

async fn asset(Path(path): Path<String>) -> Result<Response, ApiError> {
    if path.starts_with("api/") || path == "api" {
        return Err(ApiError::not_found(
            "there is nothing here (the API is under /api, see /api/openapi.json)",
        ));
    }
    serve(&path)
}
