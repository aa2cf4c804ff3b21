//! The game as the API shows it (`GET /api/games/{id}`, the answers to moves and orders,
//! the event stream).
//!
//! Sealed orders appear only in `pending`, and only in a view made for their author
//! ([`Viewer`]); everything else in a view is public. `awaiting` names the sides still due,
//! which tells who has sealed orders, never what or how many.

use crate::board;
use crate::live::Live;
use crate::store::GameRow;
use crate::timing::{clocks_at, TimeControl};
use diplo_core::Color;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The player a view is made for, with that player's own sealed orders, if any.
pub struct Viewer {
    pub side: Color,
    pub pending: Option<Vec<String>>,
}

/// Which sides have sealed orders, from the row's bit set.
pub fn sealed(row: &GameRow, side: Color) -> bool {
    row.sealed & side_bit(side) != 0
}

pub fn side_bit(side: Color) -> i64 {
    1 << side.index()
}

/// The sides whose move or orders are due now.
pub fn due(live: &Live) -> Vec<Color> {
    if live.session.result().is_some() {
        return Vec::new();
    }
    if let Some(game) = live.session.as_sequential() {
        return vec![game.side_to_move()];
    }
    match live.session.as_simultaneous() {
        Some(game) => Color::ALL
            .into_iter()
            .filter(|&side| game.owes_orders(side))
            .collect(),
        None => Vec::new(),
    }
}

/// The sides still due: due, and (simultaneous games) not yet sealed.
pub fn awaiting(row: &GameRow, live: &Live) -> Vec<Color> {
    if row.status != "active" {
        return Vec::new();
    }
    due(live)
        .into_iter()
        .filter(|&side| !sealed(row, side))
        .collect()
}

/// The player of a side: `human` or an engine spec.
pub fn player(row: &GameRow, side: Color) -> &str {
    side.fold(&row.white_player, &row.black_player)
}

/// Whether a side's seat is taken (by a person with a token, or by the engine).
pub fn seated(row: &GameRow, side: Color) -> bool {
    player(row, side) != "human" || side.fold(&row.white_token, &row.black_token).is_some()
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
    status: &'a str,
    position: String,
    start_position: String,
    phase: Option<String>,
    turn: u32,
    to_move: Option<&'static str>,
    result: Option<Value>,
    history: &'a [Value],
    awaiting: Vec<&'static str>,
    due: Vec<&'static str>,
    players: BySide<&'a str>,
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
}

#[derive(Serialize)]
struct BySide<T> {
    white: T,
    black: T,
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

pub fn render<'a>(row: &'a GameRow, live: &'a Live, viewer: Option<&Viewer>, now: i64) -> View<'a> {
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
    let clock = match TimeControl::of(row) {
        TimeControl::None => Value::Null,
        TimeControl::Fischer {
            initial_ms,
            increment_ms,
        } => {
            let (white, black) = clocks_at(row, to_move, now).unwrap_or((0, 0));
            json!({"kind": "fischer", "initial_ms": initial_ms, "increment_ms": increment_ms,
                   "white_ms": white, "black_ms": black,
                   "running": to_move.filter(|_| row.status == "active").map(Color::name)})
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
        status: &row.status,
        position: session.position_string(),
        start_position: session.start_position_string(),
        phase,
        turn,
        to_move: to_move.map(Color::name),
        result,
        history: &live.history,
        awaiting: names(awaiting(row, live)),
        due: names(if row.status == "active" {
            due(live)
        } else {
            Vec::new()
        }),
        players: BySide {
            white: &row.white_player,
            black: &row.black_player,
        },
        seats: BySide {
            white: seated(row, Color::White),
            black: seated(row, Color::Black),
        },
        clock,
        deadline: row.deadline_ms.filter(|_| row.status == "active"),
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
    };
    if let Some(viewer) = viewer {
        view.you = Some(viewer.side.name());
        if simultaneous {
            view.pending = Some(viewer.pending.clone());
            // Public knowledge (the position decides it), but only the player needs it.
            view.legal = Some(board::legal_orders(session, viewer.side));
        }
    }
    view
}
