//! Diplomat Chess described for the command line, the server and the page
//! ([`diplo_core::describe`]): the round board, its pieces and hands, each move's shape, the
//! text under the board, and a piece's targets (the other side's as if it were to move).

use crate::{Cell, Move, Piece, Position, SubornRule};
use diplo_core::describe::{
    ActionKind, ActionShape, BoardView, Caption, CellId, DescribeBoard, DescribeMoves, Geometry,
    PieceView, Targets,
};
use diplo_core::{ByColor, Color, GameResult, SequentialPosition};

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

/// The cell a description's cell is.
pub fn cell_of(cell: CellId) -> Option<Cell> {
    u8::try_from(cell.index()).ok().and_then(Cell::new)
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

    /// A piece's targets, the hands (with `suborn=drop`), whose move and check, then the
    /// position.
    fn caption(&self, result: Option<&GameResult>) -> Vec<Caption> {
        let mut caption = vec![Caption::Targets];
        if self.rule() == SubornRule::Drop {
            caption.push(Caption::line(format!(
                "In hand: White {}; Black {}",
                hand_text(self, Color::White),
                hand_text(self, Color::Black)
            )));
        }
        caption.push(Caption::line(match result {
            Some(result) => format!("Game over: {result}"),
            None => {
                let check = if self.is_check() { ", in check" } else { "" };
                format!(
                    "{} to move (move {}){check}",
                    self.side_to_move().title(),
                    self.fullmove()
                )
            }
        }));
        caption.push(Caption::Position);
        caption
    }
}

/// The pieces in `color`'s hand as letters (`-` for none).
fn hand_text(position: &Position, color: Color) -> String {
    let pieces: Vec<String> = position
        .hand(color)
        .roles()
        .flat_map(|(role, n)| std::iter::repeat(Piece { color, role }.char()).take(n as usize))
        .map(String::from)
        .collect();
    if pieces.is_empty() {
        "-".to_string()
    } else {
        pieces.join(" ")
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

    /// The moves and suborns of the piece on `cell`; for the other side's piece, those it
    /// would have if its side were to move (none when the side to move is in check).
    fn targets(&self, cell: CellId) -> Result<Targets, String> {
        let name = GEOMETRY.cell_name(cell);
        let Some((at, piece)) = cell_of(cell).and_then(|at| Some((at, self.piece_at(at)?))) else {
            return Err(format!("--targets {name}: there is no piece there"));
        };
        let mut targets = Targets {
            from: cell,
            cells: Vec::new(),
            note: Vec::new(),
        };
        let mut head = format!("{} {} on {name}", piece.color.title(), piece.role.name());
        let flipped;
        let moving = if piece.color == self.side_to_move() {
            self
        } else {
            let mut setup = self.to_setup();
            setup.side_to_move = piece.color;
            match Position::from_setup(&setup, self.rule()) {
                Ok(p) => {
                    flipped = p;
                    head.push_str(&format!(" (as if {} were to move)", piece.color.name()));
                    &flipped
                }
                Err(_) => {
                    head.push_str(&format!(
                        ": no moves shown, {} is in check and must move",
                        self.side_to_move().name()
                    ));
                    targets.note.push(head);
                    return Ok(targets);
                }
            }
        };
        let mut moves = Vec::new();
        let mut suborns = Vec::new();
        for mv in moving.moves_from(at) {
            match mv {
                Move::Normal { to, .. } if moving.is_suborn(mv) => suborns.push(to),
                Move::Normal { to, .. } => {
                    if !moves.contains(&to) {
                        moves.push(to);
                    }
                }
                Move::Drop { .. } => {}
            }
        }
        for &to in moves.iter().chain(&suborns) {
            if !targets.cells.contains(&cell_id(to)) {
                targets.cells.push(cell_id(to));
            }
        }
        let list = |cells: &[Cell]| {
            cells
                .iter()
                .map(Cell::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        if moves.is_empty() && suborns.is_empty() {
            head.push_str(": no legal moves");
            targets.note.push(head);
            return Ok(targets);
        }
        head.push(':');
        targets.note.push(head);
        if !moves.is_empty() {
            targets.note.push(format!("  moves to:  {}", list(&moves)));
        }
        if !suborns.is_empty() {
            let verb = match self.rule() {
                SubornRule::Convert => "suborns (converts)",
                SubornRule::Remove => "suborns (removes)",
                SubornRule::Drop => "suborns (to hand)",
            };
            targets.note.push(format!("  {verb}: {}", list(&suborns)));
        }
        Ok(targets)
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

    fn cell(name: &str) -> CellId {
        GEOMETRY.cell(name).expect("a cell")
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
    fn the_caption_says_whose_move_then_the_position() {
        let position = Position::start(SubornRule::Convert);
        let caption = position.caption(None);
        assert_eq!(caption.first(), Some(&Caption::Targets));
        assert_eq!(caption.last(), Some(&Caption::Position));
        assert_eq!(lines(&caption), ["White to move (move 1)"]);
        let drop = Position::start(SubornRule::Drop);
        let result = GameResult::win(Color::Black, diplo_core::EndReason::Checkmate);
        assert_eq!(
            lines(&drop.caption(Some(&result))),
            ["In hand: White -; Black -", "Game over: 0-1 (checkmate)"]
        );
        // The Horse on e3 checks the King on d1.
        let check: Position =
            Position::parse("3K6k3/4D9/4h9/1 w 1", SubornRule::Convert).expect("a position");
        assert_eq!(
            lines(&check.caption(None)),
            ["White to move (move 1), in check"]
        );
    }

    #[test]
    fn a_bad_cell_is_told_as_the_cell_parser_tells_it() {
        let error = "o4".parse::<Cell>().unwrap_err().to_string();
        assert_eq!(GEOMETRY.parse_cell("o4").unwrap_err(), error);
    }

    #[test]
    fn targets_list_moves_and_suborns() {
        let position = Position::start(SubornRule::Convert);
        let pawn = position.targets(cell("d2")).expect("a pawn");
        assert_eq!(pawn.from, cell("d2"));
        assert_eq!(pawn.cells, [cell("d3")]);
        assert_eq!(pawn.note, ["White Pawn on d2:", "  moves to:  d3"]);
        assert_eq!(
            position.targets(cell("d3")).unwrap_err(),
            "--targets d3: there is no piece there"
        );
        // A White Diplomat on e2 next to a black Horse on f3.
        let position: Position =
            Position::parse("3K6k3/4D9/5h8/1 w 1", SubornRule::Convert).expect("a position");
        let diplomat = position.targets(cell("e2")).expect("a Diplomat");
        assert_eq!(diplomat.note[2], "  suborns (converts): f3");
        assert_eq!(diplomat.cells.last(), Some(&cell("f3")));
        let horse = position.targets(cell("f3")).expect("a Horse");
        assert_eq!(
            horse.note[0],
            "Black Horse on f3 (as if black were to move):"
        );
    }

    #[test]
    fn the_other_sides_targets_are_not_shown_while_the_side_to_move_is_in_check() {
        let position: Position =
            Position::parse("3K6k3/4D9/4h9/1 w 1", SubornRule::Convert).expect("a position");
        let horse = position.targets(cell("e3")).expect("a Horse");
        assert!(horse.cells.is_empty());
        assert_eq!(
            horse.note,
            ["Black Horse on e3: no moves shown, white is in check and must move"]
        );
    }
}
