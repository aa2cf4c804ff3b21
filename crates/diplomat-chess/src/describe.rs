//! Diplomat Chess described for the command line, the server and the page
//! ([`diplo_core::describe`]): the round board, its pieces and hands, and each move's shape.

use crate::{Cell, Move, Piece, Position, SubornRule};
use diplo_core::describe::{
    ActionKind, ActionShape, BoardView, CellId, DescribeBoard, DescribeMoves, Geometry, PieceView,
};
use diplo_core::{ByColor, Color, SequentialPosition};

/// The round board: fourteen radii a..n crossing three crowns around the centre (4); drawn
/// for White, radius d (the White King's) points down.
pub const GEOMETRY: Geometry = Geometry::Round {
    radii: 14,
    crowns: 3,
    white_radius: 3,
};

/// A cell as the description numbers it (the same order as [`Cell::index`]).
pub fn cell_id(cell: Cell) -> CellId {
    CellId(cell.index() as u16)
}

fn piece_view(piece: Piece) -> PieceView {
    PieceView {
        color: piece.color,
        role: piece.role.upper(),
    }
}

impl DescribeBoard for Position {
    const GEOMETRY: Geometry = GEOMETRY;

    fn board_view(&self) -> BoardView {
        let mut view = BoardView::empty(GEOMETRY);
        for cell in Cell::all() {
            view.cells[cell.index()] = self.piece_at(cell).map(piece_view);
        }
        if self.rule() == SubornRule::Drop {
            let hand = |color: Color| -> Vec<char> {
                self.hand(color)
                    .roles()
                    .flat_map(|(role, n)| std::iter::repeat(role.upper()).take(usize::from(n)))
                    .collect()
            };
            view.hands = Some(ByColor::new(hand(Color::White), hand(Color::Black)));
        }
        view
    }
}

impl DescribeMoves for Position {
    fn describe_move(&self, mv: Move) -> ActionShape {
        let shape = match mv {
            Move::Normal { promotion, .. } => ActionShape::new(ActionKind::Move, mv.to_string())
                .role(promotion.map(|r| r.upper())),
            Move::Drop { role, .. } => {
                ActionShape::new(ActionKind::Drop, mv.to_string()).role(role.upper())
            }
        };
        ActionShape {
            san: Some(self.san(mv)),
            suborn: self.is_suborn(mv),
            ..shape.from(mv.from().map(cell_id)).to(cell_id(mv.to()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_are_numbered_as_the_geometry_names_them() {
        let names = GEOMETRY.cell_names();
        for cell in Cell::all() {
            assert_eq!(names[cell_id(cell).index()], cell.to_string());
        }
        assert_eq!(names.len(), Cell::all().count());
    }

    #[test]
    fn the_start_has_every_piece_and_no_hands() {
        let position = Position::start(SubornRule::Convert);
        let view = position.board_view();
        for cell in Cell::all() {
            let piece = position.piece_at(cell).map(piece_view);
            assert_eq!(view.piece(cell_id(cell)), piece, "{cell}");
        }
        assert_eq!(view.occupied().count(), 20);
        assert_eq!(view.hands, None);
        let drop = Position::start(SubornRule::Drop).board_view();
        assert_eq!(drop.hands, Some(ByColor::new(Vec::new(), Vec::new())));
    }

    #[test]
    fn a_move_is_described_with_its_cells_and_san() {
        let position = Position::start(SubornRule::Convert);
        let mv = position.parse_move("d2d3").expect("a legal move");
        let shape = position.describe_move(mv);
        assert_eq!(shape.kind, ActionKind::Move);
        assert_eq!(shape.text, "d2d3");
        assert_eq!(shape.san.as_deref(), Some("d3"));
        assert_eq!(GEOMETRY.cell_name(shape.from.unwrap()), "d2");
        assert_eq!(GEOMETRY.cell_name(shape.to.unwrap()), "d3");
        assert!(!shape.suborn);
    }
}
