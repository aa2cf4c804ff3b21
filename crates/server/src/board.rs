//! What the web page draws, read from the typed game behind a session
//! ([`Session::as_any`]), so that the page never parses a position string or an order's text:
//! the board as a map from cell name to piece letter (White upper case), the legal moves or
//! orders with the cells they involve, the last move, and each resolved phase's orders with
//! their outcomes.

use diplo_core::{Color, SequentialGame, SimultaneousGame};
use diplo_games::Session;
use serde_json::{json, Map, Value};

type DiplomatGame = SequentialGame<diplomat_chess::Position>;
type DiplomaticGame = SequentialGame<diplomatic_chess::Position>;
type DiplomacyGame = SimultaneousGame<diplomacy_chess::State>;
type DiploChessGame = SimultaneousGame<diplochess::State>;

/// How a game's board is drawn: the 43-cell round board or an 8x8 grid.
pub fn geometry(game: &str) -> &'static str {
    if game == "diplomat-chess" {
        "round"
    } else {
        "square"
    }
}

/// The names of a board's cells, in the engine's order.
pub fn cell_names(game: &str) -> Vec<String> {
    if geometry(game) == "round" {
        diplomat_chess::Cell::all().map(|c| c.to_string()).collect()
    } else {
        board8::Square::all().map(|s| s.to_string()).collect()
    }
}

/// The current board: `{"e4": "P", ...}`.
pub fn board(session: &dyn Session) -> Value {
    let any = session.as_any();
    if let Some(game) = any.downcast_ref::<DiplomatGame>() {
        return diplomat_board(game.position());
    }
    if let Some(game) = any.downcast_ref::<DiplomaticGame>() {
        return diplomatic_board(game.position());
    }
    if let Some(game) = any.downcast_ref::<DiplomacyGame>() {
        return board8_map(&game.position().position().board);
    }
    if let Some(game) = any.downcast_ref::<DiploChessGame>() {
        return board8_map(&game.position().position().board);
    }
    json!({})
}

fn diplomat_board(position: &diplomat_chess::Position) -> Value {
    cell_map(diplomat_chess::Cell::all(), |cell| {
        position.piece_at(cell).map(|p| p.char())
    })
}

fn diplomatic_board(position: &diplomatic_chess::Position) -> Value {
    cell_map(board8::Square::all(), |sq| {
        position.piece_at(sq).map(|p| p.char())
    })
}

fn board8_map(board: &board8::Board) -> Value {
    cell_map(board8::Square::all(), |sq| {
        board.piece_at(sq).map(|p| p.char())
    })
}

/// The occupied cells as `{"cell": "letter"}`.
fn cell_map<C: std::fmt::Display + Copy>(
    cells: impl Iterator<Item = C>,
    piece: impl Fn(C) -> Option<char>,
) -> Value {
    let occupied: Map<String, Value> = cells
        .filter_map(|cell| Some((cell.to_string(), json!(piece(cell)?.to_string()))))
        .collect();
    Value::Object(occupied)
}

/// What the page needs of a sequential game's moves: each move as JSON, and its cells.
trait PageMoves: diplo_core::SequentialPosition {
    /// The move with its coordinate, SAN, cells and what sets it apart from other moves
    /// between the same cells.
    fn describe(&self, mv: Self::Move) -> Value;
    /// The cells the move leaves (none for a drop) and reaches.
    fn cells(mv: Self::Move) -> (Option<String>, String);
}

impl PageMoves for diplomat_chess::Position {
    fn describe(&self, mv: diplomat_chess::Move) -> Value {
        use diplo_core::SequentialPosition;
        let (promotion, drop) = match mv {
            diplomat_chess::Move::Normal { promotion, .. } => (promotion.map(|r| r.upper()), None),
            diplomat_chess::Move::Drop { role, .. } => (None, Some(role.upper())),
        };
        let (from, to) = Self::cells(mv);
        json!({
            "coordinate": mv.to_string(),
            "san": self.san(mv),
            "from": from,
            "to": to,
            "promotion": promotion.map(String::from),
            "drop": drop.map(String::from),
            "suborn": self.is_suborn(mv),
        })
    }

    fn cells(mv: diplomat_chess::Move) -> (Option<String>, String) {
        (mv.from().map(|c| c.to_string()), mv.to().to_string())
    }
}

impl PageMoves for diplomatic_chess::Position {
    fn describe(&self, mv: diplomatic_chess::Move) -> Value {
        use diplo_core::SequentialPosition;
        json!({
            "coordinate": mv.to_string(),
            "san": self.san(mv),
            "from": mv.from.to_string(),
            "to": mv.to.to_string(),
            "promotion": mv.promotion.map(|r| r.upper().to_string()),
            "push": mv.push.map(|s| s.to_string()),
            "extra": mv.extra.map(|(a, b)| [a.to_string(), b.to_string()]),
        })
    }

    fn cells(mv: diplomatic_chess::Move) -> (Option<String>, String) {
        (Some(mv.from.to_string()), mv.to.to_string())
    }
}

/// The sequential game behind a session, typed.
enum Sequential<'a> {
    Diplomat(&'a DiplomatGame),
    Diplomatic(&'a DiplomaticGame),
}

fn sequential(session: &dyn Session) -> Option<Sequential<'_>> {
    let any = session.as_any();
    if let Some(game) = any.downcast_ref::<DiplomatGame>() {
        return Some(Sequential::Diplomat(game));
    }
    any.downcast_ref::<DiplomaticGame>()
        .map(Sequential::Diplomatic)
}

/// Sequential games: the legal moves of the side to move, each with the cells it involves
/// (`from` is null for a drop) and what sets it apart from other moves between the same
/// cells (a promotion's role, a suborn, a Diplomatic Chess push or extra Diplomat step).
pub fn legal_moves(session: &dyn Session) -> Vec<Value> {
    if session.result().is_some() {
        return Vec::new();
    }
    match sequential(session) {
        Some(Sequential::Diplomat(game)) => moves_of(game),
        Some(Sequential::Diplomatic(game)) => moves_of(game),
        None => Vec::new(),
    }
}

fn moves_of<P: PageMoves>(game: &SequentialGame<P>) -> Vec<Value> {
    let position = game.position();
    game.legal_moves()
        .into_iter()
        .map(|mv| position.describe(mv))
        .collect()
}

/// Sequential games: the last move's cells (null before the first move).
pub fn last_move(session: &dyn Session) -> Value {
    match sequential(session) {
        Some(Sequential::Diplomat(game)) => last_of(game),
        Some(Sequential::Diplomatic(game)) => last_of(game),
        None => Value::Null,
    }
}

fn last_of<P: PageMoves>(game: &SequentialGame<P>) -> Value {
    game.moves()
        .last()
        .map_or(Value::Null, |&mv| cells_json::<P>(mv))
}

fn cells_json<P: PageMoves>(mv: P::Move) -> Value {
    let (from, to) = P::cells(mv);
    json!({"from": from, "to": to})
}

/// Sequential games: the last played move's cells and the position after it (the page's
/// move list keeps one per move, to step through the game).
pub fn last_played(session: &dyn Session) -> Value {
    let mut value = last_move(session);
    if value.is_object() {
        value["position"] = json!(session.position_string());
    }
    value
}

/// Simultaneous games: every order `side` may give now, each with its kind and cells:
/// `{"order", "kind", "from", "to", "target", "role"}` (`kind`: move, hold, support, castle,
/// retreat, disband, convert, build). The order's text is what the orders endpoint takes.
pub fn legal_orders(session: &dyn Session, side: Color) -> Vec<Value> {
    let Some(simultaneous) = session.as_simultaneous() else {
        return Vec::new();
    };
    if session.result().is_some() || !simultaneous.owes_orders(side) {
        return Vec::new();
    }
    let any = session.as_any();
    if let Some(game) = any.downcast_ref::<DiplomacyGame>() {
        return diplomacy_orders(game.position(), side, &simultaneous.legal_orders(side));
    }
    if let Some(game) = any.downcast_ref::<DiploChessGame>() {
        use diplo_core::SimultaneousPosition;
        let mut orders = Vec::new();
        game.position().legal_orders(side, &mut orders);
        return orders.iter().map(|o| diplochess_order(side, o)).collect();
    }
    Vec::new()
}

/// Diplomacy Chess: the session's legal orders (canonical SAN), each read back through the
/// game's own notation against the valid orders of the mode, which gives its squares.
fn diplomacy_orders(state: &diplomacy_chess::State, side: Color, texts: &[String]) -> Vec<Value> {
    use diplomacy_chess::validity::{valid_orders, Rules};
    use diplomacy_chess::{Entry, Mode};
    let position = state.position();
    let rules = match state.mode() {
        Mode::SimultaneousProgressive => Rules {
            transparent: position.board.by_color(side),
            static_safety: false,
        },
        _ => Rules::BASIC,
    };
    let mut valid = Vec::new();
    valid_orders(position, side, rules, &mut valid);
    texts
        .iter()
        .filter_map(|text| {
            let entry = Entry::read(text).ok()?;
            let (notation, move_text) = entry.choose(position, &[]);
            let order = notation.select(move_text, &valid).ok()?;
            Some(diplomacy_order_json(text, &order))
        })
        .collect()
}

fn diplomacy_order_json(text: &str, order: &diplomacy_chess::Order) -> Value {
    let kind = match order.kind {
        diplomacy_chess::OrderKind::Castle => "castle",
        _ => "move",
    };
    json!({
        "order": text,
        "kind": kind,
        "from": order.from.to_string(),
        "to": order.to.to_string(),
        "target": null,
        "role": order.promotion.map(|r| r.upper().to_string()),
    })
}

fn diplochess_order(side: Color, order: &diplochess::Order) -> Value {
    use diplochess::{CastleSide, Order};
    let sq = |s: board8::Square| Some(s.to_string());
    let none = None::<String>;
    let (kind, from, to, target, role) = match *order {
        Order::Hold(p) => ("hold", sq(p.square), none.clone(), none, None),
        Order::Move(p, to) => ("move", sq(p.square), sq(to), none, None),
        Order::SupportHold(p, q) => ("support", sq(p.square), sq(q.square), sq(q.square), None),
        Order::SupportMove(p, q, to) => ("support", sq(p.square), sq(to), sq(q.square), None),
        Order::Castle(castle) => {
            let rank = side.fold('1', '8');
            let to_file = match castle {
                CastleSide::King => 'g',
                CastleSide::Queen => 'c',
            };
            (
                "castle",
                Some(format!("e{rank}")),
                Some(format!("{to_file}{rank}")),
                none,
                None,
            )
        }
        Order::RetreatDisband(p) | Order::Disband(p) => {
            ("disband", sq(p.square), none.clone(), none, None)
        }
        Order::Convert(s, role) => ("convert", sq(s), sq(s), none, Some(role.upper())),
        Order::Build(role, s) => ("build", none.clone(), sq(s), none, Some(role.upper())),
    };
    json!({
        "order": order.to_string(),
        "kind": kind,
        "from": from,
        "to": to,
        "target": target,
        "role": role.map(String::from),
    })
}

/// Simultaneous games: the last played phase as drawn on the board: the board the orders
/// were given on, every order with its cells and outcome, and the marks of the adjudication
/// (dislodged pieces, standoffs). Null before the first phase.
pub fn last_resolution(session: &dyn Session) -> Value {
    let any = session.as_any();
    let resolution = if let Some(game) = any.downcast_ref::<DiplomacyGame>() {
        game.phases().last().map(diplomacy_resolution)
    } else if let Some(game) = any.downcast_ref::<DiploChessGame>() {
        game.phases().last().map(diplochess_resolution)
    } else {
        None
    };
    resolution.unwrap_or(Value::Null)
}

fn diplomacy_resolution(
    record: &diplo_core::simultaneous::PhaseRecord<diplomacy_chess::State>,
) -> Value {
    use diplomacy_chess::{EntryOutcome, Failure, Mode, OrderOutcome};
    let mut marks = Vec::new();
    let orders: Vec<Value> = record
        .resolution
        .entries
        .iter()
        .map(|entry| {
            // The adjudicator reports the order each entry was read as (at its step, in
            // progressive mode).
            let order = entry.order.as_ref();
            let (executed, reason) = match &entry.outcome {
                EntryOutcome::Resolved(OrderOutcome::Executed) => (true, None),
                EntryOutcome::Resolved(OrderOutcome::Failed(f)) => {
                    let at = match *f {
                        Failure::Met { square, .. }
                        | Failure::Obstacle { square, .. }
                        | Failure::SameColour { square, .. }
                        | Failure::EqualRank { square, .. }
                        | Failure::Blocked { square, .. } => Some(("bounce", square)),
                        Failure::Captured { square, .. } => Some(("captured", square)),
                        Failure::KingSafety { square } => Some(("cut", square)),
                        Failure::Crossed { .. } | Failure::Castling { .. } => None,
                    };
                    if let Some((mark, square)) = at {
                        marks.push(json!({"kind": mark, "cell": square.to_string()}));
                    }
                    (false, Some(f.short()))
                }
                EntryOutcome::Invalid(why) => (false, Some(format!("skipped: {why}"))),
                EntryOutcome::GameOver => (false, Some("the game was over".to_string())),
            };
            // A progressive series is played step by step: each entry's step (from 1). In
            // simultaneous-progressive mode a set is resolved at once: no steps.
            let step = (record.before.mode() == Mode::Progressive).then_some(entry.index + 1);
            json!({
                "side": entry.color.name(),
                "step": step,
                "order": entry.text,
                "kind": order.map(|o| if o.kind == diplomacy_chess::OrderKind::Castle { "castle" } else { "move" }),
                "from": order.map(|o| o.from.to_string()),
                "to": order.map(|o| o.to.to_string()),
                "target": null,
                "executed": executed,
                "reason": reason,
            })
        })
        .collect();
    json!({
        "board_before": board8_map(&record.before.position().board),
        "orders": orders,
        "marks": marks,
    })
}

fn diplochess_resolution(
    record: &diplo_core::simultaneous::PhaseRecord<diplochess::State>,
) -> Value {
    use diplochess::OrderOutcome;
    use diplochess::PhaseReport;
    let mut orders = Vec::new();
    let mut marks = Vec::new();
    for phase in &record.resolution.phases {
        let reports = match phase {
            PhaseReport::Movement(adj) => {
                for d in &adj.dislodged {
                    marks.push(json!({"kind": "dislodged", "cell": d.square.to_string(),
                                      "from": d.attacker_from.to_string()}));
                }
                for sq in adj.standoffs {
                    marks.push(json!({"kind": "standoff", "cell": sq.to_string()}));
                }
                &adj.reports
            }
            PhaseReport::Retreats(r) => &r.reports,
            PhaseReport::Builds(r) => &r.reports,
            PhaseReport::Adjustments(r) => &r.reports,
        };
        for report in reports {
            let mut value = diplochess_order(report.color, &report.order);
            value["side"] = json!(report.color.name());
            let (executed, reason) = match &report.outcome {
                OrderOutcome::Executed => (true, None),
                // The reason's text, as `diplo adjudicate` prints it.
                OrderOutcome::Failed(why) => (false, Some(why.to_string())),
            };
            value["executed"] = json!(executed);
            value["reason"] = json!(reason);
            // A failed support is marked on its piece (cut), a failed move where it was
            // headed (bounced).
            if !executed {
                let (kind, cell) = match value["kind"].as_str() {
                    Some("support") => ("cut", value["from"].as_str()),
                    Some("move") => ("bounce", value["to"].as_str()),
                    _ => ("failed", value["from"].as_str()),
                };
                if let Some(cell) = cell {
                    marks.push(json!({"kind": kind, "cell": cell}));
                }
            }
            orders.push(value);
        }
    }
    json!({
        "board_before": board8_map(&record.before.position().board),
        "orders": orders,
        "marks": marks,
    })
}

/// DiploChess retreats: the dislodged pieces, off the board while they retreat.
pub fn dislodged(session: &dyn Session) -> Vec<Value> {
    let Some(game) = session.as_any().downcast_ref::<DiploChessGame>() else {
        return Vec::new();
    };
    game.position()
        .pending_retreats()
        .iter()
        .map(|(d, squares)| {
            json!({"cell": d.square.to_string(), "piece": d.piece.char().to_string(),
                   "retreats": squares.map(|s| s.to_string()).collect::<Vec<_>>()})
        })
        .collect()
}

/// Whether the side to move is in check (sequential games).
pub fn in_check(session: &dyn Session) -> bool {
    session
        .as_sequential()
        .is_some_and(|game| session.result().is_none() && game.is_check())
}
