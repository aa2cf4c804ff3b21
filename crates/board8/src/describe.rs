//! The 8x8 board in the games' neutral description ([`diplo_core::describe`]): squares as
//! cells of [`Geometry::GRID8`] (the same order as [`Square::index`]) and boards as views.

use crate::{Board, Piece, Square};
use diplo_core::describe::{BoardView, CellId, Geometry, PieceView};

/// A square as a cell of [`Geometry::GRID8`].
pub fn cell_id(square: Square) -> CellId {
    CellId(square.index() as u16)
}

/// The square a cell of [`Geometry::GRID8`] is.
pub fn square_of(cell: CellId) -> Option<Square> {
    u8::try_from(cell.index()).ok().and_then(Square::new)
}

/// A piece as drawn.
pub fn piece_view(piece: Piece) -> PieceView {
    PieceView {
        color: piece.color,
        role: piece.role.upper(),
    }
}

/// What stands on each square of `board`.
pub fn board_view(board: &Board) -> BoardView {
    view_of(|square| board.piece_at(square).map(piece_view))
}

/// A view with `piece` on each square.
pub fn view_of(piece: impl Fn(Square) -> Option<PieceView>) -> BoardView {
    BoardView::from_fn(Geometry::GRID8, |cell| piece(square_of(cell)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_numbered_as_the_geometry_names_them() {
        let names = Geometry::GRID8.cell_names();
        for square in Square::all() {
            assert_eq!(names[cell_id(square).index()], square.to_string());
            assert_eq!(square_of(cell_id(square)), Some(square));
        }
        assert_eq!(square_of(CellId(64)), None);
    }

    #[test]
    fn a_bad_square_is_told_as_the_square_parser_tells_it() {
        for name in ["z9", "i1", "a0", ""] {
            let error = name.parse::<Square>().unwrap_err().to_string();
            assert_eq!(Geometry::GRID8.parse_cell(name).unwrap_err(), error);
        }
    }
}
