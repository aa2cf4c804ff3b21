//! Diplomatic Chess described for the command line, the server and the page
//! ([`diplo_core::describe`]): the 8x8 board and each move's shape (a push, an extra
//! Diplomat step).

use crate::{Move, Position};
use board8::describe::{cell_id, view_of};
use diplo_core::describe::{
    ActionKind, ActionShape, BoardView, DescribeBoard, DescribeMoves, Geometry, PieceView,
};
use diplo_core::SequentialPosition;

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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use board8::Square;

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
}
