//! The endpoints the web page's lobby and analysis board use beyond interfaces.md's API:
//! `GET /api/variants` (the games, their options and boards), `POST /api/position` (the
//! board and legal moves or orders of any position) and `POST /api/analyse` (the engine's
//! line or strategy, in bounded time, on a blocking thread).

use super::error::ApiError;
use super::limits::Body;
use super::start::GameStart;
use crate::app::App;
use crate::board;
use axum::routing::{get, post};
use axum::{Json, Router};
use diplo_core::Color;
use diplo_games::{Kind, Session};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// `GET /api/variants`, `POST /api/position`, `POST /api/analyse`.
pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/api/variants", get(variants))
        .route("/api/position", post(position))
        .route("/api/analyse", post(analyse))
}

/// The longest an analysis may think, in milliseconds.
pub const MAX_ANALYSIS_MS: u64 = 5_000;

/// `GET /api/variants`: every game with its kind, options (allowed values, default first)
/// and board (geometry and cell names).
pub async fn variants() -> Json<Value> {
    let games: Vec<Value> = diplo_games::GAMES
        .iter()
        .map(|entry| {
            let options: Vec<Value> = entry
                .info
                .options
                .iter()
                .map(|o| {
                    json!({"key": o.name, "values": o.values, "default": o.default_value(),
                           "help": o.help})
                })
                .collect();
            json!({
                "id": entry.id(),
                "name": entry.info.name,
                "short_name": entry.info.short_name,
                "notation": entry.info.notation_help,
                "examples": entry.info.typed_examples.iter().copied().collect::<BTreeMap<_, _>>(),
                "summary": entry.info.summary,
                "kind": entry.kind.name(),
                "options": options,
                "geometry": entry.geometry.name(),
                "cells": entry.geometry.cell_names(),
            })
        })
        .collect();
    Json(json!({ "games": games }))
}

#[derive(Deserialize)]
pub struct PositionBody {
    #[serde(flatten)]
    start: GameStart,
    /// The moves to play from the position first (coordinates or SAN; sequential games).
    #[serde(default)]
    moves: Vec<String>,
}

/// A session of the asked game and position, with the asked moves played.
fn session_of(body: &PositionBody) -> Result<Session, ApiError> {
    let (entry, options) = body.start.entry_and_options()?;
    if body.moves.len() > 1024 {
        return Err(ApiError::bad_request("too many moves (at most 1024)"));
    }
    let mut session = entry
        .start(&options, body.start.position.as_deref())
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    if !body.moves.is_empty() {
        let game = session
            .as_sequential_mut()
            .ok_or_else(|| ApiError::bad_request("`moves` are for the sequential games only"))?;
        for (i, text) in body.moves.iter().enumerate() {
            game.play(text).map_err(|e| {
                ApiError::new(
                    axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                    format!("move {} `{text}`: {e}", i + 1),
                )
            })?;
        }
    }
    Ok(session)
}

/// The position as the page draws it.
fn describe(session: &Session) -> Value {
    let result = session
        .result()
        .map(|r| json!({"token": r.outcome.token(), "reason": r.reason.to_string()}));
    let mut view = json!({
        "game": session.entry().id(),
        "kind": session.entry().kind.name(),
        "position": session.position_string(),
        "geometry": session.geometry().name(),
        "board": board::board(session),
        "result": result,
    });
    if let Some(game) = session.as_sequential() {
        view["to_move"] = json!(session
            .result()
            .is_none()
            .then(|| game.side_to_move().name()));
        view["legal"] = json!(board::legal_moves(session));
        view["check"] = json!(board::in_check(session));
        view["last_move"] = board::last_move(session);
    }
    if let Some(game) = session.as_simultaneous() {
        view["phase"] = json!(game.phase().to_string());
        view["legal_orders"] = json!({
            "white": board::legal_orders(session, Color::White),
            "black": board::legal_orders(session, Color::Black),
        });
        view["dislodged"] = json!(board::dislodged(session));
        view["entry"] = json!(session.order_entry().map(|e| board::entry_json(&e)));
    }
    view
}

/// `POST /api/position`: the board and legal moves (or both sides' legal orders) of a
/// position, after the given moves.
pub async fn position(Body(body): Body<PositionBody>) -> Result<Json<Value>, ApiError> {
    let session = session_of(&body)?;
    Ok(Json(describe(&session)))
}

#[derive(Deserialize)]
pub struct AnalyseBody {
    #[serde(flatten)]
    at: PositionBody,
    /// Thinking time in milliseconds (at most [`MAX_ANALYSIS_MS`]; default 1000).
    #[serde(default)]
    movetime_ms: Option<u64>,
    /// Simultaneous games: the side to analyse for (default white).
    #[serde(default)]
    side: Option<String>,
}

/// At most one analysis per core at a time; more wait their turn.
fn analysis_threads() -> Arc<Semaphore> {
    static THREADS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    THREADS
        .get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
            Arc::new(Semaphore::new(cores))
        })
        .clone()
}

/// `POST /api/analyse`: the engine's view of a position. Sequential games: the best move
/// and the principal variation (each move with its SAN and cells); simultaneous games: the
/// side's mixed strategy and one order set drawn from it.
pub async fn analyse(Body(body): Body<AnalyseBody>) -> Result<Json<Value>, ApiError> {
    let movetime = body.movetime_ms.unwrap_or(1000);
    if !(1..=MAX_ANALYSIS_MS).contains(&movetime) {
        return Err(ApiError::bad_request(format!(
            "`movetime_ms` is from 1 to {MAX_ANALYSIS_MS}"
        )));
    }
    let side = match body.side.as_deref() {
        None | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "`{other}` is not a side (white, black)"
            )))
        }
    };
    let session = session_of(&body.at)?;
    if let Some(result) = session.result() {
        return Err(ApiError::new(
            axum::http::StatusCode::CONFLICT,
            format!("the game is over ({})", result.outcome.token()),
        ));
    }
    let permit = analysis_threads()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal())?;
    let limit = diplo_engine::Limit::Time(Duration::from_millis(movetime));
    let thinking = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let analysis = diplo_engine::analyse(&session, limit, side, rand::random(), &mut |_| {});
        analysis.map(|a| explain(&session, a))
    });
    let wait = Duration::from_millis(movetime) + Duration::from_secs(3);
    match tokio::time::timeout(wait, thinking).await {
        Ok(Ok(Some(answer))) => Ok(Json(answer)),
        Ok(Ok(None)) => Err(ApiError::new(
            axum::http::StatusCode::CONFLICT,
            "there is nothing to analyse here (the game is over, or the side owes no orders)",
        )),
        _ => Err(ApiError::internal()),
    }
}

/// The analysis as JSON, a sequential line with each move's SAN and cells.
fn explain(session: &Session, analysis: diplo_engine::Analysis) -> Value {
    match analysis {
        diplo_engine::Analysis::Line { best, last } => {
            let mut line = session.clone();
            let mut pv = Vec::new();
            let moves = last
                .as_ref()
                .map_or_else(|| vec![best.clone()], |l| l.pv.clone());
            for coordinate in moves {
                let legal = board::legal_moves(&line);
                let Some(found) = legal.into_iter().find(|m| m["coordinate"] == coordinate) else {
                    break;
                };
                let Some(game) = line.as_sequential_mut() else {
                    break;
                };
                if game.play(&coordinate).is_err() {
                    break;
                }
                pv.push(found);
            }
            let score = last.as_ref().map(|l| match l.score {
                diplo_engine::Score::Centipawns(cp) => json!({"cp": cp}),
                diplo_engine::Score::Mate(n) => json!({"mate": n}),
            });
            json!({
                "kind": Kind::Sequential.name(),
                "best": best,
                "depth": last.as_ref().map(|l| l.depth),
                "nodes": last.as_ref().map(|l| l.nodes),
                "score": score,
                "pv": pv,
            })
        }
        diplo_engine::Analysis::Mixed {
            summary,
            strategy,
            orders,
        } => {
            let strategy: Vec<Value> = strategy
                .into_iter()
                .filter(|(p, _)| *p >= 0.01)
                .map(|(p, set)| json!({"probability": p, "orders": set}))
                .collect();
            json!({
                "kind": Kind::Simultaneous.name(),
                "iterations": summary.iterations,
                "value": summary.value,
                "strategy": strategy,
                "orders": orders,
            })
        }
    }
}
