//! The game as the API shows it (`GET /api/games/{id}`, the answers to moves and orders,
//! the event stream).
//!
//! Saved orders, ready or not, appear only in `pending`, and only in a view made for their
//! author ([`Viewer`]), with `ready` beside them; everything else in a view is public.
//! `awaiting` names the sides still due, which tells who is ready, never what or how many
//! orders anyone saved, nor whether a side that is not ready saved any.

use crate::board;
use crate::domain::{BySide, ServerGame, Status, TimeControl};
use diplo_core::describe::Due;
use diplo_core::Color;
use serde::Serialize;
use serde_json::{json, Value};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The player a view is made for, with that player's own saved orders, if any, and whether
/// it is ready.
pub struct Viewer {
    pub side: Color,
    pub pending: Option<Vec<String>>,
    pub ready: bool,
}

/// The game as the API shows it. It borrows what the live game keeps (the history, the
/// move list), so an answer is written straight from them into its bytes instead of being
/// copied into a `Value` first; the fields a kind or a viewer lacks are left out.
#[derive(Serialize)]
pub struct View<'a> {
    id: &'a str,
    game: &'a str,
    kind: &'static str,
    options: BTreeMap<&'static str, &'static str>,
    status: &'static str,
    position: String,
    start_position: String,
    phase: Option<String>,
    turn: u32,
    to_move: Option<&'static str>,
    result: Option<Value>,
    history: &'a [Value],
    awaiting: Vec<&'static str>,
    due: Vec<&'static str>,
    players: BySide<Cow<'static, str>>,
    seats: BySide<bool>,
    clock: Value,
    deadline: Option<i64>,
    version: i64,
    rematch: &'a Option<String>,
    /// What the web page draws (src/board.rs): the board as a map, and per kind the legal
    /// moves, the last move, the check and each move's position, or the pieces retreating
    /// (each phase's resolution is in the history).
    board: Value,
    geometry: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_move: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<&'a [Value]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dislodged: Option<Vec<Value>>,
    /// Simultaneous games: how orders are entered under the game's options (a typed box
    /// with its example, one order per piece, orders listed per piece).
    #[serde(skip_serializing_if = "Option::is_none")]
    entry: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    you: Option<&'static str>,
    /// Only in a simultaneous game's view for a player, and then present even when null.
    #[serde(skip_serializing_if = "Option::is_none")]
    pending: Option<Option<Vec<String>>>,
    /// Beside `pending`: whether the player is ready.
    #[serde(skip_serializing_if = "Option::is_none")]
    ready: Option<bool>,
    /// Beside `pending`: how many orders the player may give this phase,
    /// `{"least", "most"}` (null when it owes none). Public knowledge (the position decides
    /// it), shown to the player who needs it.
    #[serde(skip_serializing_if = "Option::is_none")]
    order_count: Option<Value>,
}

impl View<'_> {
    /// The view as a JSON text (a view always serializes).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

pub fn render<'a>(game: &'a ServerGame, viewer: Option<&Viewer>, now: i64) -> View<'a> {
    let (row, live) = (&game.state, &game.live);
    let active = row.status == Status::Active;
    let session = &live.session;
    let (kind, phase, turn, to_move) = match (session.as_sequential(), session.as_simultaneous()) {
        (Some(game), _) => {
            let to_move = (session.result().is_none()).then(|| game.side_to_move());
            ("sequential", None, game.fullmove(), to_move)
        }
        (None, Some(game)) => {
            let phase = game.phase();
            ("simultaneous", Some(phase.to_string()), phase.turn, None)
        }
        (None, None) => ("unknown", None, 0, None),
    };
    let result = session
        .result()
        .map(|r| json!({"token": r.outcome.token(), "reason": r.reason.to_string()}));
    let names =
        |sides: Vec<Color>| -> Vec<&'static str> { sides.into_iter().map(Color::name).collect() };
    let clock = match row.time {
        TimeControl::None => Value::Null,
        TimeControl::Fischer {
            initial_ms,
            increment_ms,
        } => {
            let (white, black) = row.clocks_at(to_move, now).unwrap_or((0, 0));
            json!({"kind": "fischer", "initial_ms": initial_ms, "increment_ms": increment_ms,
                   "white_ms": white, "black_ms": black,
                   "running": to_move.filter(|_| active).map(Color::name)})
        }
        TimeControl::PerMove { ms } => json!({"kind": "per_move", "per_move_ms": ms}),
        TimeControl::Phase { ms } => json!({"kind": "phase", "phase_ms": ms}),
    };
    let sequential = kind == "sequential";
    let simultaneous = kind == "simultaneous";
    let mut view = View {
        id: &row.id,
        game: &row.game,
        kind,
        options: session.options().pairs().collect(),
        status: row.status.as_str(),
        position: session.position_string(),
        start_position: session.start_position_string(),
        phase,
        turn,
        to_move: to_move.map(Color::name),
        result,
        history: &live.history,
        awaiting: names(game.awaiting()),
        due: names(if active { live.due() } else { Vec::new() }),
        players: BySide::new(row.seats.white.player(), row.seats.black.player()),
        seats: BySide::new(row.seats.white.is_taken(), row.seats.black.is_taken()),
        clock,
        deadline: row.clocks.deadline_ms.filter(|_| active),
        version: row.version,
        rematch: &row.rematch,
        board: board::board(session),
        geometry: session.geometry().name(),
        legal: sequential.then(|| board::legal_moves(session)),
        last_move: sequential.then(|| board::last_move(session)),
        check: sequential.then(|| board::in_check(session)),
        played: sequential.then_some(&live.played[..]),
        dislodged: simultaneous.then(|| board::dislodged(session)),
        entry: session.order_entry().map(|e| board::entry_json(&e)),
        you: None,
        pending: None,
        ready: None,
        order_count: None,
    };
    if let Some(viewer) = viewer {
        view.you = Some(viewer.side.name());
        if simultaneous {
            view.pending = Some(viewer.pending.clone());
            view.ready = Some(viewer.ready);
            view.order_count = Some(order_count(session, viewer.side));
            // Public knowledge (the position decides it), but only the player needs it.
            view.legal = Some(board::legal_orders(session, viewer.side));
        }
    }
    view
}

/// How many orders the phase takes from `side`: `{"least", "most"}`, or null when it owes
/// none.
pub fn order_count(session: &diplo_games::Session, side: Color) -> Value {
    match session.due(side) {
        Due::Orders { least, most } => json!({"least": least, "most": most}),
        Due::Nothing | Due::Move => Value::Null,
    }
}
