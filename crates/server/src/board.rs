//! What the web page draws, as JSON, from the game's neutral description
//! ([`diplo_core::describe`], through [`Session`]): the page never parses a position string
//! or an order's text, and nothing here knows which game it draws. The board is a map from
//! cell name to piece letter (White upper case); moves and orders carry their kind and
//! cells; each resolved phase carries its orders with their outcomes and the marks of the
//! adjudication.

use diplo_core::describe::{
    ActionKind, ActionShape, BoardView, CellId, Geometry, OrderEntry, ResolutionView,
};
use diplo_core::Color;
use diplo_games::Session;
use serde_json::{json, Map, Value};

/// The occupied cells as `{"e4": "P", ...}`.
pub fn board_json(geometry: Geometry, board: &BoardView) -> Value {
    let occupied: Map<String, Value> = board
        .occupied()
        .map(|(cell, piece)| (geometry.cell_name(cell), json!(piece.letter().to_string())))
        .collect();
    Value::Object(occupied)
}

/// The current board.
pub fn board(session: &Session) -> Value {
    board_json(session.geometry(), &session.board_view())
}

/// A cell's name, or null.
fn name(geometry: Geometry, cell: Option<CellId>) -> Value {
    cell.map_or(Value::Null, |c| json!(geometry.cell_name(c)))
}

/// A sequential move: its coordinate, SAN, kind and cells, and what sets it apart from
/// other moves between the same cells (a promotion's or a drop's role, a suborn, a push, an
/// extra step); `from` is null for a drop.
fn move_json(geometry: Geometry, shape: &ActionShape) -> Value {
    let role = |kind: ActionKind| {
        shape
            .role
            .filter(|_| shape.kind == kind)
            .map(|r| r.to_string())
    };
    json!({
        "coordinate": shape.text,
        "san": shape.san,
        "kind": shape.kind.name(),
        "from": name(geometry, shape.from),
        "to": name(geometry, shape.to),
        "promotion": role(ActionKind::Move),
        "drop": role(ActionKind::Drop),
        "suborn": shape.suborn,
        "push": name(geometry, shape.push),
        "extra": shape.extra.map(|(a, b)| [geometry.cell_name(a), geometry.cell_name(b)]),
    })
}

/// A simultaneous game's order: `{"order", "kind", "from", "to", "target", "role"}`. The
/// order's text is what the orders endpoint takes.
fn order_json(geometry: Geometry, shape: &ActionShape) -> Value {
    json!({
        "order": shape.text,
        "kind": shape.kind.name(),
        "from": name(geometry, shape.from),
        "to": name(geometry, shape.to),
        "target": name(geometry, shape.target),
        "role": shape.role.map(|r| r.to_string()),
    })
}

/// Sequential games: the legal moves of the side to move (none once the game is over).
pub fn legal_moves(session: &Session) -> Vec<Value> {
    let geometry = session.geometry();
    session
        .legal_move_shapes()
        .iter()
        .map(|shape| move_json(geometry, shape))
        .collect()
}

/// Sequential games: the last move's cells (null before the first move).
pub fn last_move(session: &Session) -> Value {
    let geometry = session.geometry();
    session.last_move_shape().map_or(
        Value::Null,
        |shape| json!({"from": name(geometry, shape.from), "to": name(geometry, shape.to)}),
    )
}

/// Sequential games: the last played move's cells and the position after it (the page's
/// move list keeps one per move, to step through the game).
pub fn last_played(session: &Session) -> Value {
    let mut value = last_move(session);
    if value.is_object() {
        value["position"] = json!(session.position_string());
    }
    value
}

/// Simultaneous games: every order `side` may give now, each with its kind and cells
/// (`kind`: move, hold, support, castle, disband, convert, build); none when `side` owes
/// nothing.
pub fn legal_orders(session: &Session, side: Color) -> Vec<Value> {
    let geometry = session.geometry();
    session
        .legal_order_shapes(side)
        .iter()
        .map(|shape| order_json(geometry, shape))
        .collect()
}

/// A played phase as drawn on the board: the board the orders were given on, every order
/// with its cells and outcome (`step` in a series played step by step), and the marks of
/// the adjudication (dislodged pieces, standoffs, bounces, cut supports).
pub fn resolution_json(geometry: Geometry, resolution: &ResolutionView) -> Value {
    let orders: Vec<Value> = resolution
        .orders
        .iter()
        .map(|order| {
            let shape = order.shape.as_ref();
            let cell =
                |pick: fn(&ActionShape) -> Option<CellId>| name(geometry, shape.and_then(pick));
            let mut value = json!({
                "side": order.side.name(),
                "step": order.step,
                "order": order.text,
                "kind": shape.map(|s| s.kind.name()),
                "from": cell(|s| s.from),
                "to": cell(|s| s.to),
                "target": cell(|s| s.target),
                "executed": order.executed,
                "reason": order.reason,
            });
            // A role (a conversion's, a build's, a promotion's) only where the order chose one.
            if let Some(role) = shape.and_then(|s| s.role) {
                value["role"] = json!(role.to_string());
            }
            value
        })
        .collect();
    let marks: Vec<Value> = resolution
        .marks
        .iter()
        .map(|mark| {
            let mut value =
                json!({"kind": mark.kind.name(), "cell": geometry.cell_name(mark.cell)});
            if let Some(from) = mark.from {
                value["from"] = json!(geometry.cell_name(from));
            }
            value
        })
        .collect();
    json!({
        "board_before": board_json(geometry, &resolution.board_before),
        "orders": orders,
        "marks": marks,
    })
}

/// Simultaneous games: the last played phase as drawn on the board (null before the first).
pub fn last_resolution(session: &Session) -> Value {
    session.last_resolution().map_or(Value::Null, |resolution| {
        resolution_json(session.geometry(), &resolution)
    })
}

/// The pieces off the board while they retreat, with where each may go.
pub fn dislodged(session: &Session) -> Vec<Value> {
    let geometry = session.geometry();
    session
        .board_view()
        .retreating
        .iter()
        .map(|r| {
            json!({"cell": geometry.cell_name(r.cell), "piece": r.piece.letter().to_string(),
                   "retreats": r.to.iter().map(|&c| geometry.cell_name(c)).collect::<Vec<_>>()})
        })
        .collect()
}

/// How a simultaneous game's orders are entered: `{"typed": example or null,
/// "one_per_piece", "by_piece"}`.
pub fn entry_json(entry: &OrderEntry) -> Value {
    json!({"typed": entry.typed, "one_per_piece": entry.one_per_piece, "by_piece": entry.by_piece})
}

/// Whether the side to move is in check (sequential games).
pub fn in_check(session: &Session) -> bool {
    session
        .as_sequential()
        .is_some_and(|game| session.result().is_none() && game.is_check())
}
