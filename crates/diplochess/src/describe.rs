//! DiploChess described for the command line, the server and the page
//! ([`diplo_core::describe`]): the 8x8 board with the pieces that must retreat, the turn,
//! its phase and what must retreat, each order's shape, and a turn's phases with every
//! order's outcome and the marks of the adjudication.

use crate::{CastleSide, Order, OrderOutcome, Phase, PhaseReport, Resolution, State};
use board8::describe::{board_view, cell_id, piece_view};
use board8::Square;
use diplo_core::describe::{
    ActionKind, ActionShape, BoardView, Caption, DescribeBoard, DescribeOrders, Geometry, Mark,
    MarkKind, OrderEntry, ResolutionView, ResolvedOrder, Retreating, LETTERS_NOTE,
};
use diplo_core::{Color, GameResult, SimultaneousPosition};

impl DescribeBoard for State {
    const GEOMETRY: Geometry = Geometry::GRID8;

    fn board_view(&self) -> BoardView {
        let mut view = board_view(&self.position().board);
        view.retreating = self
            .pending_retreats()
            .iter()
            .map(|(d, squares)| Retreating {
                cell: cell_id(d.square),
                piece: piece_view(d.piece),
                to: squares.map(cell_id).collect(),
            })
            .collect();
        view
    }

    /// The turn, its phase, castling rights and held pawns, each piece that must retreat and
    /// where to, then the position.
    fn caption(&self, result: Option<&GameResult>) -> Vec<Caption> {
        let mut caption = Vec::new();
        if let Some(result) = result {
            caption.push(Caption::line(format!("Game over: {result}.")));
        } else {
            let position = self.position();
            let phase = self.current_phase().unwrap_or(Phase::Movement);
            let held = |n: u8| {
                if n == 0 {
                    "-".to_string()
                } else {
                    n.to_string()
                }
            };
            caption.push(Caption::line(format!(
                "Turn {}, {phase}. Castling: {}. Held pawns: White {}, Black {}.",
                position.turn,
                position.castling,
                held(position.held.white),
                held(position.held.black)
            )));
            for (d, squares) in self.pending_retreats() {
                let list: Vec<String> = squares.map(|s| s.to_string()).collect();
                let to = if list.is_empty() {
                    "nowhere: it will be removed".to_string()
                } else {
                    list.join(" ")
                };
                caption.push(Caption::line(format!(
                    "<{}> {} {} {} must retreat: {to}",
                    d.piece.char(),
                    d.piece.color,
                    d.piece.role.upper(),
                    d.square
                )));
            }
        }
        caption.push(Caption::Position);
        caption.push(Caption::note(LETTERS_NOTE));
        caption
    }
}

/// The shape of one of `side`'s orders.
pub fn order_shape(side: Color, order: &Order) -> ActionShape {
    let text = order.to_string();
    match *order {
        Order::Hold(p) => ActionShape::new(ActionKind::Hold, text).from(cell_id(p.square)),
        Order::Move(p, to) => ActionShape::new(ActionKind::Move, text)
            .from(cell_id(p.square))
            .to(cell_id(to)),
        Order::SupportHold(p, q) => ActionShape::new(ActionKind::Support, text)
            .from(cell_id(p.square))
            .to(cell_id(q.square))
            .target(cell_id(q.square)),
        Order::SupportMove(p, q, to) => ActionShape::new(ActionKind::Support, text)
            .from(cell_id(p.square))
            .to(cell_id(to))
            .target(cell_id(q.square)),
        Order::Castle(castle) => {
            let rank = side.fold(0, 7);
            let to_file = match castle {
                CastleSide::King => 6,
                CastleSide::Queen => 2,
            };
            let square = |file| Square::from_coords(file, rank).map(cell_id);
            ActionShape::new(ActionKind::Castle, text)
                .from(square(4))
                .to(square(to_file))
        }
        Order::RetreatDisband(p) | Order::Disband(p) => {
            ActionShape::new(ActionKind::Disband, text).from(cell_id(p.square))
        }
        Order::Convert(s, role) => ActionShape::new(ActionKind::Convert, text)
            .from(cell_id(s))
            .to(cell_id(s))
            .role(role.upper()),
        Order::Build(role, s) => ActionShape::new(ActionKind::Build, text)
            .to(cell_id(s))
            .role(role.upper()),
    }
}

impl DescribeOrders for State {
    fn order_entry(&self) -> OrderEntry {
        OrderEntry {
            typed: None,
            one_per_piece: true,
            by_piece: true,
        }
    }

    fn describe_orders(&self, side: Color) -> Vec<ActionShape> {
        let mut orders = Vec::new();
        self.legal_orders(side, &mut orders);
        orders.iter().map(|o| order_shape(side, o)).collect()
    }

    fn describe_resolution(&self, resolution: &Resolution) -> ResolutionView {
        let mut orders = Vec::new();
        let mut marks = Vec::new();
        for phase in &resolution.phases {
            let reports = match phase {
                PhaseReport::Movement(adj) => {
                    marks.extend(adj.dislodged.iter().map(|d| Mark {
                        kind: MarkKind::Dislodged,
                        cell: cell_id(d.square),
                        from: Some(cell_id(d.attacker_from)),
                    }));
                    marks.extend(adj.standoffs.into_iter().map(|sq| Mark {
                        kind: MarkKind::Standoff,
                        cell: cell_id(sq),
                        from: None,
                    }));
                    &adj.reports
                }
                PhaseReport::Retreats(r) => &r.reports,
                PhaseReport::Builds(r) => &r.reports,
                PhaseReport::Adjustments(r) => &r.reports,
            };
            for report in reports {
                let shape = order_shape(report.color, &report.order);
                let (executed, reason) = match &report.outcome {
                    OrderOutcome::Executed => (true, None),
                    OrderOutcome::Failed(why) => (false, Some(why.to_string())),
                };
                // A failed support is marked on its piece (cut), a failed move where it was
                // headed (bounced).
                if !executed {
                    let (kind, cell) = match shape.kind {
                        ActionKind::Support => (MarkKind::Cut, shape.from),
                        ActionKind::Move => (MarkKind::Bounce, shape.to),
                        _ => (MarkKind::Failed, shape.from),
                    };
                    marks.extend(cell.map(|cell| Mark {
                        kind,
                        cell,
                        from: None,
                    }));
                }
                orders.push(ResolvedOrder {
                    side: report.color,
                    step: None,
                    text: shape.text.clone(),
                    shape: Some(shape),
                    executed,
                    reason,
                });
            }
        }
        ResolutionView {
            board_before: board_view(&self.position().board),
            orders,
            marks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use diplo_core::describe::CellId;

    fn cell(name: &str) -> CellId {
        Geometry::GRID8.cell(name).expect("a square")
    }

    fn orders(state: &State, side: Color, texts: &[&str]) -> crate::Orders {
        state.read_orders(side, texts).expect("valid orders")
    }

    #[test]
    fn a_support_names_the_supported_piece_and_where_it_goes() {
        let state = State::start(Rules::default());
        let shapes = state.describe_orders(Color::White);
        let support = shapes
            .iter()
            .find(|s| s.text == "N b1 S P c2 - c3")
            .expect("the knight supports the pawn");
        assert_eq!(support.kind, ActionKind::Support);
        assert_eq!(support.from, Some(cell("b1")));
        assert_eq!(support.to, Some(cell("c3")));
        assert_eq!(support.target, Some(cell("c2")));
    }

    #[test]
    fn a_standoff_and_its_bounces_are_marked() {
        let state = State::start(Rules::default());
        let white = orders(&state, Color::White, &["P e2 - e4"]);
        let black = orders(&state, Color::Black, &["P e7 - e5"]);
        let (_, resolution) = state.resolve(&white, &black, &mut diplo_core::NoHistory);
        let view = state.describe_resolution(&resolution);
        assert_eq!(view.board_before, state.board_view());
        assert!(view.orders.iter().any(|o| o.text == "P e2 - e4"));
        // Each pawn's move is executed: no marks.
        let moved: Vec<bool> = view
            .orders
            .iter()
            .filter(|o| o.shape.as_ref().is_some_and(|s| s.kind == ActionKind::Move))
            .map(|o| o.executed)
            .collect();
        assert_eq!(moved, vec![true, true]);
        assert!(view.marks.is_empty());
    }

    #[test]
    fn two_moves_to_one_square_stand_off_and_bounce_there() {
        // The knights on d4 and d6 both move to f5, an empty square both reach.
        let state: State =
            State::parse("4k3/8/3n4/8/3N4/8/8/4K3 - - 0 1", Rules::default()).expect("a position");
        let white = orders(&state, Color::White, &["N d4 - f5"]);
        let black = orders(&state, Color::Black, &["N d6 - f5"]);
        let (_, resolution) = state.resolve(&white, &black, &mut diplo_core::NoHistory);
        let view = state.describe_resolution(&resolution);
        let f5 = cell("f5");
        assert!(view.orders.iter().all(|o| !o.executed), "{view:?}");
        let kinds: Vec<(MarkKind, CellId)> = view.marks.iter().map(|m| (m.kind, m.cell)).collect();
        assert_eq!(
            kinds,
            vec![
                (MarkKind::Standoff, f5),
                (MarkKind::Bounce, f5),
                (MarkKind::Bounce, f5)
            ]
        );
    }

    #[test]
    fn the_caption_tells_the_phase_and_what_must_retreat() {
        let state = State::start(Rules::default());
        assert_eq!(
            state.caption(None),
            [
                Caption::line("Turn 1, movement. Castling: KQkq. Held pawns: White -, Black -."),
                Caption::Position,
                Caption::note(LETTERS_NOTE),
            ]
        );
        // The knight on d4, supported by the rook on e1, dislodges the knight on e6.
        let state: State =
            State::parse("4k3/8/4n3/8/3N4/8/8/4RK2 - - 0 1", Rules::default()).expect("a position");
        let white = orders(&state, Color::White, &["N d4 - e6", "R e1 S N d4 - e6"]);
        let black = orders(&state, Color::Black, &["N e6 H"]);
        let (state, _) = state.resolve(&white, &black, &mut diplo_core::NoHistory);
        assert_eq!(
            state.caption(None)[..2],
            [
                Caption::line("Turn 1, retreats. Castling: -. Held pawns: White -, Black -."),
                Caption::line("<n> black N e6 must retreat: f4 c5 g5 c7 g7 d8 f8"),
            ]
        );
        let result = GameResult::win(Color::White, diplo_core::EndReason::BareKing);
        assert_eq!(
            state.caption(Some(&result))[0],
            Caption::line("Game over: 1-0 (bare king).")
        );
    }
}
