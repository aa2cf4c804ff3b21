//! Diplomacy Chess described for the command line, the server and the page
//! ([`diplo_core::describe`]): the 8x8 board, the turn and what it asks, each legal order's
//! squares, and a turn's entries with their outcomes and the squares where moves failed.

use crate::validity::{in_check, valid_orders, Rules};
use crate::{
    Entry, EntryOutcome, Failure, Mode, Order, OrderKind, OrderOutcome, State, TurnReport,
};
use board8::describe::{board_view, cell_id};
use diplo_core::describe::{
    ActionKind, ActionShape, BoardView, Caption, DescribeBoard, DescribeOrders, Geometry, Mark,
    MarkKind, OrderEntry, ResolutionView, ResolvedOrder, LETTERS_NOTE,
};
use diplo_core::{Color, GameResult, SimultaneousPosition};

impl DescribeBoard for State {
    const GEOMETRY: Geometry = Geometry::GRID8;

    fn board_view(&self) -> BoardView {
        board_view(&self.position().board)
    }

    /// The turn, its mode and what it asks, a warning for each side in check, then the
    /// position.
    fn caption(&self, result: Option<&GameResult>) -> Vec<Caption> {
        let position = self.position();
        let mut caption = Vec::new();
        match result {
            Some(result) => caption.push(Caption::line(format!("Game over: {result}."))),
            None => {
                let n = position.turn;
                let ask = match self.mode() {
                    Mode::Basic => "one move each".to_string(),
                    Mode::Progressive => format!("a series of {n} entries each"),
                    Mode::SimultaneousProgressive if n == 1 => "one move each".to_string(),
                    Mode::SimultaneousProgressive => format!("a set of 1 to {n} moves each"),
                };
                caption.push(Caption::line(format!(
                    "Turn {n} ({} mode): {ask}.",
                    self.mode().name()
                )));
                for color in Color::ALL {
                    if in_check(position, color) {
                        caption.push(Caption::warning(format!(
                            "{} is in check: the orders must answer it.",
                            color.title()
                        )));
                    }
                }
            }
        }
        caption.push(Caption::Position);
        caption.push(Caption::note(LETTERS_NOTE));
        caption
    }
}

/// The shape of an order read from `text`.
fn shape(text: &str, order: &Order) -> ActionShape {
    let kind = match order.kind {
        OrderKind::Castle => ActionKind::Castle,
        _ => ActionKind::Move,
    };
    ActionShape::new(kind, text)
        .from(cell_id(order.from))
        .to(cell_id(order.to))
        .role(order.promotion.map(|r| r.upper()))
}

impl DescribeOrders for State {
    fn order_entry(&self) -> OrderEntry {
        // A progressive series may move one piece at several steps, and its conditional
        // entries have no drawing on the board: they are typed.
        let progressive = self.mode() == Mode::Progressive;
        OrderEntry {
            typed: Some(if progressive { "entry" } else { "order" }),
            one_per_piece: !progressive,
            by_piece: false,
        }
    }

    /// Each legal order (canonical SAN) read back through the game's notation against the
    /// valid orders of the mode, which gives its squares.
    fn describe_orders(&self, side: Color) -> Vec<ActionShape> {
        let position = self.position();
        let rules = match self.mode() {
            Mode::SimultaneousProgressive => Rules {
                transparent: position.board.by_color(side),
                static_safety: false,
            },
            _ => Rules::BASIC,
        };
        let mut valid = Vec::new();
        valid_orders(position, side, rules, &mut valid);
        let mut legal = Vec::new();
        self.legal_orders(side, &mut legal);
        legal
            .iter()
            .filter_map(|entry| {
                let text = entry.to_string();
                let entry = Entry::read(&text).ok()?;
                let (notation, move_text) = entry.choose(position, &[]);
                let order = notation.select(move_text, &valid).ok()?;
                Some(shape(&text, &order))
            })
            .collect()
    }

    fn describe_resolution(&self, report: &TurnReport) -> ResolutionView {
        let mut marks = Vec::new();
        let orders = report
            .entries
            .iter()
            .map(|entry| {
                let (executed, reason) = match &entry.outcome {
                    EntryOutcome::Resolved(OrderOutcome::Executed) => (true, None),
                    EntryOutcome::Resolved(OrderOutcome::Failed(failure)) => {
                        marks.extend(mark(failure));
                        (false, Some(failure.short()))
                    }
                    EntryOutcome::Invalid(why) => (false, Some(format!("skipped: {why}"))),
                    EntryOutcome::GameOver => (false, Some("the game was over".to_string())),
                };
                ResolvedOrder {
                    side: entry.color,
                    // A progressive series is played step by step; in
                    // simultaneous-progressive mode a set is resolved at once: no steps.
                    step: (self.mode() == Mode::Progressive).then_some(entry.index + 1),
                    text: entry.text.clone(),
                    // The order each entry was read as (at its step, in progressive mode).
                    shape: entry.order.as_ref().map(|order| shape(&entry.text, order)),
                    executed,
                    reason,
                }
            })
            .collect();
        ResolutionView {
            board_before: self.board_view(),
            orders,
            marks,
        }
    }
}

/// Where a failed move is marked: the square it bounced at, was captured on, or where the
/// king's safety cut it; a move that crossed another or a castling that failed has none.
fn mark(failure: &Failure) -> Option<Mark> {
    let (kind, square) = match *failure {
        Failure::Met { square, .. }
        | Failure::Obstacle { square, .. }
        | Failure::SameColour { square, .. }
        | Failure::EqualRank { square, .. }
        | Failure::Blocked { square, .. } => (MarkKind::Bounce, square),
        Failure::Captured { square, .. } => (MarkKind::Captured, square),
        Failure::KingSafety { square } => (MarkKind::Cut, square),
        Failure::Crossed { .. } | Failure::Castling { .. } => return None,
    };
    Some(Mark {
        kind,
        cell: cell_id(square),
        from: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use diplo_core::describe::CellId;

    fn cell(name: &str) -> CellId {
        Geometry::GRID8.cell(name).expect("a square")
    }

    #[test]
    fn the_legal_orders_are_described_with_their_squares() {
        let state = State::start(Mode::Basic);
        let shapes = state.describe_orders(Color::White);
        let mut legal = Vec::new();
        state.legal_orders(Color::White, &mut legal);
        assert_eq!(shapes.len(), legal.len());
        let e4 = shapes.iter().find(|s| s.text == "e4").expect("e4 is legal");
        assert_eq!((e4.from, e4.to), (Some(cell("e2")), Some(cell("e4"))));
        assert_eq!(e4.kind, ActionKind::Move);
    }

    #[test]
    fn progressive_entries_are_typed_and_may_move_a_piece_twice() {
        let progressive = State::start(Mode::Progressive).order_entry();
        assert!(!progressive.one_per_piece);
        assert_eq!(progressive.typed, Some("entry"));
        let examples = crate::GAME_INFO.typed_examples;
        assert!(examples
            .iter()
            .any(|(noun, example)| *noun == "entry" && example.contains('?')));
        assert!(State::start(Mode::Basic).order_entry().one_per_piece);
    }

    #[test]
    fn a_bounce_is_marked_where_the_moves_met() {
        let state = State::start(Mode::Basic);
        let white = state.read_orders(Color::White, &["e4"]).expect("white");
        let black = state.read_orders(Color::Black, &["e5"]).expect("black");
        let (_, report) = state.resolve(&white, &black, &mut diplo_core::NoHistory);
        let view = state.describe_resolution(&report);
        assert_eq!(view.orders.len(), 2);
        assert_eq!(view.board_before, state.board_view());
        // Both pawns reach their squares: nothing fails, nothing is marked.
        assert!(view.orders.iter().all(|o| o.executed));
        assert!(view.marks.is_empty());
    }

    #[test]
    fn the_caption_says_what_the_turn_asks_and_warns_of_check() {
        let start = State::start(Mode::Progressive).caption(None);
        assert_eq!(
            start[0],
            Caption::line("Turn 1 (progressive mode): a series of 1 entries each.")
        );
        assert_eq!(start[1..], [Caption::Position, Caption::note(LETTERS_NOTE)]);
        // The rook on h1 checks the White King on e1.
        let state = State::parse(
            "4k3/8/8/8/8/8/8/4K2r - - 0 5",
            Mode::SimultaneousProgressive,
        )
        .expect("a position");
        let caption = state.caption(None);
        assert_eq!(
            caption[..2],
            [
                Caption::line(
                    "Turn 5 (simultaneous-progressive mode): a set of 1 to 5 moves each."
                ),
                Caption::warning("White is in check: the orders must answer it."),
            ]
        );
        let result = GameResult::draw(diplo_core::EndReason::Stalemate);
        assert_eq!(
            state.caption(Some(&result))[0],
            Caption::line("Game over: 1/2-1/2 (stalemate).")
        );
    }
}
