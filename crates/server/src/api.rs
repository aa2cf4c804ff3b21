//! The HTTP API (interfaces.md v2, "HTTP API"), its extensions (the lobby list, the event
//! stream as server-sent events too), the OpenAPI description and the web page.

use crate::app::{Acted, Action, Actor, App, NewGame};
use crate::error::ApiError;
use crate::limits::{self, Body, BodyLimit, MaybeBody, RateLimiter};
use crate::page;
use crate::secret;
use crate::store::Listed;
use crate::timing::TimeControl;
use crate::view;
use crate::web;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use diplo_core::Color;
use diplo_engine::PlayerSpec;
use diplo_games::Kind;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// The whole service: API, event streams, OpenAPI description and web page.
pub fn router(app: Arc<App>) -> Router {
    let config = &app.config;
    let limiter = Arc::new(RateLimiter::new(config.rate_per_s, config.rate_burst));
    let timed = Router::new()
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/orders", post(orders))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/openapi.json", get(openapi))
        .route("/api/variants", get(page::variants))
        .route("/api/position", post(page::position))
        .route("/api/analyse", post(page::analyse))
        .route("/", get(web::index))
        .route("/games/{id}", get(web::game))
        .route("/{*path}", get(web::asset))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            config.request_timeout,
            limits::time_limit,
        ));
    Router::new()
        .route("/api/games/{id}/events", get(events))
        .merge(timed)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(Extension(BodyLimit(config.body_limit)))
        .layer(axum::middleware::from_fn_with_state(
            limiter,
            limits::rate_limit,
        ))
        .with_state(app)
}

type Shared = State<Arc<App>>;

/// The game id of a path (`/api/games/{id}/...`): anything that cannot be an id is 404.
struct GameId(String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::unknown_game())?;
        if secret::is_game_id(&id) {
            Ok(GameId(id))
        } else {
            Err(ApiError::unknown_game())
        }
    }
}

/// The token of `Authorization: Bearer <token>`, if the header is there.
struct Token(Option<String>);

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
    fn required(self) -> Result<Actor, ApiError> {
        self.0.map(Actor::Token).ok_or_else(|| {
            ApiError::unauthorized("this needs a player's token (Authorization: Bearer <token>)")
        })
    }
}

#[derive(Deserialize)]
struct CreateBody {
    #[serde(flatten)]
    start: GameStart,
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    clock: Option<ClockBody>,
    #[serde(default)]
    deadline_s: Option<u64>,
    #[serde(default)]
    open: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockBody {
    initial_s: Option<u64>,
    increment_s: Option<u64>,
    days_per_move: Option<u64>,
}

const DAY_S: u64 = 86_400;

/// A game, its options and the position it starts from: what creating a game and the
/// page's position and analysis requests share.
#[derive(Deserialize)]
pub(crate) struct GameStart {
    pub game: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    #[serde(default)]
    pub position: Option<String>,
}

impl GameStart {
    /// The game and its options (at most 32, checked by the game), once the position is
    /// known to be at most 256 characters long.
    pub(crate) fn entry_and_options(
        &self,
    ) -> Result<(&'static diplo_games::GameEntry, diplo_core::Options), ApiError> {
        let entry =
            diplo_games::find(&self.game).map_err(|e| ApiError::bad_request(e.to_string()))?;
        if self.options.len() > 32 {
            return Err(ApiError::bad_request("too many options"));
        }
        let pairs: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let options = entry
            .options(&pairs)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        if self.position.as_ref().is_some_and(|p| p.len() > 256) {
            return Err(ApiError::bad_request(
                "the position is longer than 256 characters",
            ));
        }
        Ok((entry, options))
    }
}

fn new_game(body: CreateBody) -> Result<NewGame, ApiError> {
    let (game, options) = body.start.entry_and_options()?;
    let color = match body.color.as_deref() {
        None | Some("random") => {
            if rand::random::<bool>() {
                Color::White
            } else {
                Color::Black
            }
        }
        Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "`{other}` is not a color (white, black, random)"
            )))
        }
    };
    let opponent = match body.opponent.as_deref() {
        None | Some("human") => None,
        Some(text) => {
            let spec: PlayerSpec = text
                .parse()
                .map_err(|e: diplo_engine::SpecError| ApiError::bad_request(e.to_string()))?;
            (!spec.is_human()).then_some(spec)
        }
    };
    let time =
        match (game.kind, body.clock, body.deadline_s) {
            (_, Some(_), Some(_)) => {
                return Err(ApiError::bad_request(
                    "give a clock or a deadline, not both",
                ))
            }
            (Kind::Simultaneous, Some(_), None) => {
                return Err(ApiError::bad_request(
                    "the simultaneous games take `deadline_s` (each phase's time), not a clock",
                ))
            }
            (Kind::Sequential, None, Some(_)) => {
                return Err(ApiError::bad_request(
                    "the sequential games take a `clock` ({\"initial_s\", \"increment_s\"} or \
                 {\"days_per_move\"}), not `deadline_s`",
                ))
            }
            (_, None, None) => TimeControl::None,
            (Kind::Simultaneous, None, Some(s)) => {
                if !(1..=30 * DAY_S).contains(&s) {
                    return Err(ApiError::bad_request(
                        "`deadline_s` is from 1 to 2592000 (30 days)",
                    ));
                }
                TimeControl::Phase { ms: ms_of(s) }
            }
            (Kind::Sequential, Some(clock), None) => match clock {
                ClockBody {
                    initial_s: Some(initial),
                    increment_s,
                    days_per_move: None,
                } => {
                    let increment = increment_s.unwrap_or(0);
                    if !(1..=7 * DAY_S).contains(&initial) || increment > 3_600 {
                        return Err(ApiError::bad_request(
                        "a clock is `initial_s` from 1 to 604800 and `increment_s` from 0 to 3600",
                    ));
                    }
                    TimeControl::Fischer {
                        initial_ms: ms_of(initial),
                        increment_ms: ms_of(increment),
                    }
                }
                ClockBody {
                    initial_s: None,
                    increment_s: None,
                    days_per_move: Some(days),
                } => {
                    if !(1..=60).contains(&days) {
                        return Err(ApiError::bad_request("`days_per_move` is from 1 to 60"));
                    }
                    TimeControl::PerMove {
                        ms: ms_of(days * DAY_S),
                    }
                }
                _ => return Err(ApiError::bad_request(
                    "a clock is {\"initial_s\": N, \"increment_s\": M} or {\"days_per_move\": D}",
                )),
            },
        };
    Ok(NewGame {
        game,
        options,
        position: body.start.position,
        color,
        opponent,
        time,
        open: body.open,
    })
}

fn ms_of(seconds: u64) -> i64 {
    i64::try_from(seconds.saturating_mul(1000)).unwrap_or(i64::MAX)
}

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
    let status = query.status.as_deref().unwrap_or("waiting");
    if !matches!(status, "waiting" | "active" | "finished") {
        return Err(ApiError::bad_request(
            "`status` is one of waiting, active, finished",
        ));
    }
    let limit = query.limit.unwrap_or(50).clamp(1, 200);
    let games = app.store.list(status, limit).await?;
    let listed: Vec<Value> = games
        .iter()
        // A waiting game is listed only if its creator opened it to anyone.
        .filter(|g| status != "waiting" || g.open)
        .map(listed)
        .collect();
    Ok(Json(json!({ "games": listed })))
}

fn listed(g: &Listed) -> Value {
    json!({
        "id": g.id,
        "game": g.game,
        "status": g.status,
        "players": {"white": g.white_player, "black": g.black_player},
        "seats": {"white": g.white_seated, "black": g.black_seated},
        "open": g.open,
        "result": g.result,
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
    match app.act(&id, Actor::Anyone, Action::Join { invite }).await? {
        Acted::Joined { color, token } => Ok(Json(json!({"color": color.name(), "token": token}))),
        _ => Err(ApiError::internal()),
    }
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
    let actor = token.required()?;
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
}

async fn orders(
    State(app): Shared,
    GameId(id): GameId,
    token: Token,
    Body(body): Body<OrdersBody>,
) -> Result<Response, ApiError> {
    let actor = token.required()?;
    answer(
        app.act(
            &id,
            actor,
            Action::Orders {
                orders: body.orders,
                version: body.version,
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
    let actor = token.required()?;
    answer(app.act(&id, actor, Action::Resign).await?)
}

async fn rematch(
    State(app): Shared,
    GameId(id): GameId,
    token: Token,
) -> Result<Response, ApiError> {
    let Actor::Token(token) = token.required()? else {
        return Err(ApiError::internal());
    };
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
        Acted::Joined { .. } | Acted::Nothing => Err(ApiError::internal()),
    }
}

async fn record(State(app): Shared, GameId(id): GameId) -> Result<Response, ApiError> {
    let text = app.record(&id).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `GET /api/games/{id}/events`: a WebSocket when the request asks to upgrade, else
/// server-sent events. Either way the current game first, then the game after every change.
async fn events(
    State(app): Shared,
    GameId(id): GameId,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    if app.hub.watchers() >= app.config.max_watchers {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server follows as many games as it can; try again later",
        ));
    }
    // Subscribe before reading, so that no change falls between the two.
    let receiver = app.hub.subscribe(&id);
    let now = crate::now_ms();
    let first = match app
        .read(&id, |row, live| {
            (row.stamp, view::render(row, live, None, now).to_json())
        })
        .await
    {
        Ok((stamp, view)) => {
            app.hub.seen(&id, stamp);
            (stamp, view)
        }
        Err(e) => {
            drop(receiver);
            app.hub.release(&id);
            return Err(e);
        }
    };
    let watch = Watch {
        app,
        id,
        receiver,
        sent: first.0,
        first: Some(first.1),
    };
    Ok(match upgrade {
        Ok(upgrade) => upgrade
            .max_message_size(4096)
            .on_upgrade(move |socket| watch.websocket(socket))
            .into_response(),
        Err(_) => Sse::new(futures_util::stream::unfold(
            watch,
            |mut watch| async move {
                let view = watch.next().await?;
                Some((
                    Ok::<_, std::convert::Infallible>(Event::default().data(view)),
                    watch,
                ))
            },
        ))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
        .into_response(),
    })
}

/// One watcher of a game.
struct Watch {
    app: Arc<App>,
    id: String,
    receiver: tokio::sync::broadcast::Receiver<crate::events::Published>,
    /// The stamp of the newest state sent: a view published for it again (by a process
    /// that caught up with the store while this watcher subscribed) is not sent twice.
    sent: i64,
    first: Option<String>,
}

impl Watch {
    /// The next view to send; `None` when the server shuts down.
    async fn next(&mut self) -> Option<String> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        loop {
            let (stamp, view) = match self.receiver.recv().await {
                Ok(published) => published,
                // Fell behind: skip to the latest view.
                Err(RecvError::Lagged(_)) => {
                    self.receiver = self.receiver.resubscribe();
                    self.app.hub.last(&self.id)?
                }
                Err(RecvError::Closed) => return None,
            };
            if stamp > self.sent {
                self.sent = stamp;
                return Some(view.to_string());
            }
        }
    }

    async fn websocket(mut self, mut socket: WebSocket) {
        loop {
            tokio::select! {
                view = self.next() => {
                    let Some(view) = view else { break };
                    if socket.send(Message::Text(view.into())).await.is_err() {
                        break;
                    }
                }
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => {}
                },
            }
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        // The receiver goes with this watcher; forget the topic if it was the last one.
        let receiver = std::mem::replace(&mut self.receiver, tokio::sync::broadcast::channel(1).1);
        drop(receiver);
        self.app.hub.release(&self.id);
    }
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], crate::OPENAPI).into_response()
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
