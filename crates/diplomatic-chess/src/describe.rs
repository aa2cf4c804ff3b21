//! Diplomatic Chess described for the command line, the server and the page
//! ([`diplo_core::describe`]): the 8x8 board, each move's shape (a push, an extra
//! Diplomat step), the text under the board, and the targets of the side to move's pieces.

use crate::{Move, Position};
use board8::describe::{cell_id, square_of, view_of};
use board8::Square;
use diplo_core::describe::{
    ActionKind, ActionShape, BoardView, Caption, CellId, DescribeBoard, DescribeMoves, Geometry,
    PieceView, Targets,
};
use diplo_core::{GameResult, SequentialPosition};

impl DescribeBoard for Position {
    const GEOMETRY: Geometry = Geometry::GRID8;

    fn board_view(&self) -> BoardView {
        view_of(|square| {
            let piece = self.piece_at(square)?;
            Some(PieceView {
                color: piece.color,
                role: piece.role.upper(),
            })
        })
    }

    /// The position string, whose move (and a pending last chance), then the options and
    /// what the Diplomats' letters mean around a piece's targets.
    fn caption(&self, result: Option<&GameResult>) -> Vec<Caption> {
        let status = match result {
            Some(result) => format!("Game over: {result}."),
            None if self.last_chance_pending() => format!(
                "{} to move (last chance: the invasion wins unless it is broken by taking a \
                 queen).",
                self.side_to_move().title()
            ),
            None => format!("{} to move.", self.side_to_move().title()),
        };
        vec![
            Caption::line(self.to_string()),
            Caption::line(status),
            Caption::note(format!("Options: {}.", self.rules())),
            Caption::Targets,
            Caption::note("D/d: the Diplomats (cannot capture or be captured)."),
        ]
    }
}

impl DescribeMoves for Position {
    fn describe_move(&self, mv: Move) -> ActionShape {
        let shape = ActionShape::new(ActionKind::Move, mv.to_string())
            .from(cell_id(mv.from))
            .to(cell_id(mv.to))
            .role(mv.promotion.map(|r| r.upper()));
        ActionShape {
            san: Some(self.san(mv)),
            push: mv.push.map(cell_id),
            extra: mv.extra.map(|(a, b)| (cell_id(a), cell_id(b))),
            ..shape
        }
    }

    /// The squares the side to move's piece on `cell` can move to.
    fn targets(&self, cell: CellId) -> Result<Targets, String> {
        let from = square_of(cell);
        let name = Geometry::GRID8.cell_name(cell);
        let Some(piece) = from.and_then(|from| self.piece_at(from)) else {
            return Err(format!("--targets: no piece on {name}"));
        };
        if piece.color != self.side_to_move() {
            return Err(format!(
                "--targets: the piece on {name} does not belong to the side to move"
            ));
        }
        let mut squares: Vec<Square> = self
            .legal_moves()
            .into_iter()
            .filter(|m| Some(m.from) == from)
            .map(|m| m.to)
            .collect();
        squares.sort();
        squares.dedup();
        let names: Vec<String> = squares.iter().map(Square::to_string).collect();
        Ok(Targets {
            from: cell,
            cells: squares.into_iter().map(cell_id).collect(),
            note: vec![if names.is_empty() {
                format!("<{name}>: no legal move.")
            } else {
                format!("<{name}> can move to: {}.", names.join(" "))
            }],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use diplo_core::{Color, EndReason};

    #[test]
    fn the_board_shows_every_piece() {
        let position = Position::start(Rules::default());
        let view = position.board_view();
        for square in Square::all() {
            let letter = position.piece_at(square).map(|p| p.char());
            assert_eq!(view.piece(cell_id(square)).map(PieceView::letter), letter);
        }
    }

    #[test]
    fn a_move_is_described_with_its_cells_and_san() {
        let position = Position::start(Rules::default());
        let mv = position.parse_move("g1f3").expect("a legal move");
        let shape = position.describe_move(mv);
        assert_eq!(shape.text, "g1f3");
        assert_eq!(shape.san.as_deref(), Some("Nf3"));
        assert_eq!(shape.from, Geometry::GRID8.cell("g1"));
        assert_eq!(shape.to, Geometry::GRID8.cell("f3"));
        assert_eq!(shape.push, None);
    }

    fn lines(caption: &[Caption]) -> Vec<String> {
        caption
            .iter()
            .filter_map(|part| match part {
                Caption::Line(line) => Some(line.text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_caption_gives_the_position_then_whose_move() {
        let position = Position::start(Rules::default());
        let caption = position.caption(None);
        assert_eq!(
            lines(&caption),
            [position.to_string(), "White to move.".into()]
        );
        assert!(caption.contains(&Caption::Targets));
        assert!(!caption.contains(&Caption::Position));
        let notes = caption
            .iter()
            .filter(|part| matches!(part, Caption::Note(_)))
            .count();
        assert_eq!(notes, 2);
        let result = GameResult::win(Color::White, EndReason::Invasion);
        assert_eq!(
            lines(&position.caption(Some(&result)))[1],
            "Game over: 1-0 (invasion)."
        );
    }

    #[test]
    fn targets_are_the_side_to_moves_destinations() {
        let position = Position::start(Rules::default());
        let cell = |name| Geometry::GRID8.cell(name).expect("a square");
        let pawn = position.targets(cell("e2")).expect("a pawn");
        assert_eq!(pawn.cells, [cell("e3"), cell("e4")]);
        assert_eq!(pawn.note, ["<e2> can move to: e3 e4."]);
        assert_eq!(
            position.targets(cell("e4")).unwrap_err(),
            "--targets: no piece on e4"
        );
        assert_eq!(
            position.targets(cell("e7")).unwrap_err(),
            "--targets: the piece on e7 does not belong to the side to move"
        );
        assert_eq!(
            position.targets(cell("a1")).expect("a rook").note,
            ["<a1>: no legal move."]
        );
    }
}
