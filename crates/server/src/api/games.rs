//! The games resource (interfaces.md v2, "HTTP API", and its extensions: the lobby list and
//! rematches): creating, reading, joining and playing games.

use super::create::{new_game, CreateBody};
use super::error::ApiError;
use super::extract::{GameId, Token};
use super::limits::{Body, MaybeBody};
use crate::app::{Acted, App};
use crate::domain::{Action, GameState, Status};
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/orders", post(orders))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/rematch", post(rematch))
}

type Shared = State<Arc<App>>;

async fn create(State(app): Shared, Body(body): Body<CreateBody>) -> Result<Response, ApiError> {
    let new = new_game(body)?;
    let created = app.create(new).await?;
    let mut answer =
        json!({"id": created.id, "color": created.color.name(), "token": created.token});
    if let Some(invite) = created.invite {
        answer["invite"] = json!(invite);
    }
    let mut response = (StatusCode::CREATED, Json(answer)).into_response();
    if let Ok(location) = HeaderValue::from_str(&format!("/api/games/{}", created.id)) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    Ok(response)
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<String>,
    limit: Option<i64>,
}

async fn list(
    State(app): Shared,
    query: Result<axum::extract::Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let axum::extract::Query(query) =
        query.map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))?;
    let status = match query.status.as_deref() {
        None => Status::Waiting,
        Some(text) => Status::parse(text)
            .ok_or_else(|| ApiError::bad_request("`status` is one of waiting, active, finished"))?,
    };
    let limit = query.limit.unwrap_or(50).clamp(1, 200);
    let games = app.list(status, limit).await?;
    let listed: Vec<Value> = games
        .iter()
        // A waiting game is listed only if its creator opened it to anyone.
        .filter(|g| status != Status::Waiting || g.open)
        .map(listed)
        .collect();
    Ok(Json(json!({ "games": listed })))
}

fn listed(g: &GameState) -> Value {
    let seats = &g.seats;
    json!({
        "id": g.id,
        "game": g.game,
        "status": g.status.as_str(),
        "players": {"white": seats.white.player(), "black": seats.black.player()},
        "seats": {"white": seats.white.is_taken(), "black": seats.black.is_taken()},
        "open": g.open,
        "result": g.result.as_ref().map(|r| &r.token),
        "updated": g.updated_ms,
    })
}

async fn game(
    State(app): Shared,
    GameId(id): GameId,
    Token(token): Token,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.view(&id, token.as_deref()).await?))
}

#[derive(Deserialize)]
struct JoinBody {
    invite: Option<String>,
}

async fn join(
    State(app): Shared,
    GameId(id): GameId,
    MaybeBody(body): MaybeBody<JoinBody>,
) -> Result<Json<Value>, ApiError> {
    let invite = body.and_then(|b| b.invite);
    let (color, token) = app.join(&id, invite).await?;
    Ok(Json(json!({"color": color.name(), "token": token})))
}

#[derive(Deserialize)]
struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
    /// The game's version the player saw (optional).
    #[serde(default)]
    version: Option<i64>,
}

async fn play(
    State(app): Shared,
    GameId(id): GameId,
    token: Token,
    Body(body): Body<MoveBody>,
) -> Result<Response, ApiError> {
    let actor = token.actor()?;
    answer(
        app.act(
            &id,
            actor,
            Action::Move {
                text: body.mv,
                version: body.version,
            },
        )
        .await?,
    )
}

#[derive(Deserialize)]
struct OrdersBody {
    orders: Vec<String>,
    #[serde(default)]
    version: Option<i64>,
    /// Ready with these orders (the default, v2's meaning), or only saving them.
    #[serde(default = "ready_by_default")]
    ready: bool,
}

fn ready_by_default() -> bool {
    true
}

async fn orders(
    State(app): Shared,
    GameId(id): GameId,
    token: Token,
    Body(body): Body<OrdersBody>,
) -> Result<Response, ApiError> {
    let actor = token.actor()?;
    answer(
        app.act(
            &id,
            actor,
            Action::Orders {
                orders: body.orders,
                version: body.version,
                ready: body.ready,
            },
        )
        .await?,
    )
}

async fn resign(
    State(app): Shared,
    GameId(id): GameId,
    token: Token,
) -> Result<Response, ApiError> {
    let actor = token.actor()?;
    answer(app.act(&id, actor, Action::Resign).await?)
}

async fn rematch(
    State(app): Shared,
    GameId(id): GameId,
    token: Token,
) -> Result<Response, ApiError> {
    let token = token.required()?;
    let rematch = app.rematch(&id, &token).await?;
    let status = match rematch.created {
        true => StatusCode::CREATED,
        false => StatusCode::OK,
    };
    let answer = json!({"id": rematch.id, "color": rematch.color.name(), "token": rematch.token});
    Ok((status, Json(answer)).into_response())
}

fn answer(acted: Acted) -> Result<Response, ApiError> {
    match acted {
        Acted::Game(view) => {
            Ok(([(header::CONTENT_TYPE, "application/json")], view).into_response())
        }
        Acted::Sealed => Ok((StatusCode::ACCEPTED, Json(json!({"sealed": true}))).into_response()),
        Acted::Saved => Ok((StatusCode::ACCEPTED, Json(json!({"saved": true}))).into_response()),
        Acted::Joined(_) | Acted::Nothing => Err(ApiError::internal()),
    }
}

async fn record(State(app): Shared, GameId(id): GameId) -> Result<Response, ApiError> {
    let text = app.record(&id).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}
