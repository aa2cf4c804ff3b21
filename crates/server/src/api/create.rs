//! The body of `POST /api/games`, checked into a new game.

use super::error::ApiError;
use super::start::GameStart;
use crate::domain::{NewGame, TimeControl, HUMAN};
use diplo_core::Color;
use diplo_engine::PlayerSpec;
use diplo_games::Kind;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct CreateBody {
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

pub fn new_game(body: CreateBody) -> Result<NewGame, ApiError> {
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
        None | Some(HUMAN) => None,
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
