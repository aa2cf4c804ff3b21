//! A game described without naming it: the shape of its board, what stands where, the
//! shape of every move or order, and what the position says in words (the caption under
//! the board, a piece's targets), so that the command line, the server and the page draw
//! boards and offer moves from one description instead of knowing each game.
//!
//! Each game crate implements [`DescribeBoard`] and one of [`DescribeMoves`] (sequential
//! games) or [`DescribeOrders`] (simultaneous games) for its position type. Cells are
//! [`CellId`]s: indices into the board's [`Geometry::cell_names`], in the order the
//! geometry defines (each game crate tests that its own cell order is that one).

use crate::{ByColor, Color, GameResult, SequentialPosition, SimultaneousPosition};

mod text;

pub use text::{Caption, SummaryLine, Targets, LETTERS_NOTE};

/// A cell of a board, by its index in [`Geometry::cell_names`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellId(pub u16);

impl CellId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// How a board's cells are laid out and named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Geometry {
    /// A grid of squares named by file letter and rank number (`a1`), White's side on rank
    /// 1. Cell index: `rank * files + file`.
    Grid { files: u8, ranks: u8 },
    /// A round board: `radii` radii named `a`, `b`, … crossing `crowns` rings numbered from
    /// 1 (the rim) inward, and one centre cell named by the number after the last crown
    /// (`4` for three crowns). Cell `d2` is radius d on crown 2; cell index:
    /// `(crown - 1) * radii + radius`, the centre last. Opposite radii meet in a straight
    /// line through the centre. Drawn for White, radius `white_radius` points down.
    Round {
        radii: u8,
        crowns: u8,
        white_radius: u8,
    },
}

impl Geometry {
    /// The 8x8 board of standard chess.
    pub const GRID8: Geometry = Geometry::Grid { files: 8, ranks: 8 };

    /// The name the page and the API use: `square` or `round`.
    pub const fn name(self) -> &'static str {
        match self {
            Geometry::Grid { .. } => "square",
            Geometry::Round { .. } => "round",
        }
    }

    /// How many cells the board has.
    pub const fn cell_count(self) -> usize {
        match self {
            Geometry::Grid { files, ranks } => files as usize * ranks as usize,
            Geometry::Round { radii, crowns, .. } => radii as usize * crowns as usize + 1,
        }
    }

    /// Every cell's name, by index.
    pub fn cell_names(self) -> Vec<String> {
        (0..self.cell_count())
            .map(|i| self.cell_name(CellId(i as u16)))
            .collect()
    }

    /// A cell's name (`e4`, `d2`, `4`).
    pub fn cell_name(self, cell: CellId) -> String {
        let i = cell.index();
        match self {
            Geometry::Grid { files, .. } => {
                let files = usize::from(files);
                format!("{}{}", letter(i % files), i / files + 1)
            }
            Geometry::Round { radii, crowns, .. } => {
                let radii = usize::from(radii);
                if i == radii * usize::from(crowns) {
                    (crowns + 1).to_string()
                } else {
                    format!("{}{}", letter(i % radii), i / radii + 1)
                }
            }
        }
    }

    /// The cell a name stands for, if the board has it.
    pub fn cell(self, name: &str) -> Option<CellId> {
        (0..self.cell_count())
            .map(|i| CellId(i as u16))
            .find(|&c| self.cell_name(c) == name)
    }

    /// The cell a name stands for, or why the name is none: the text the games' own cell
    /// parsers give (`` `z9` is not a square (a1..h8) ``).
    pub fn parse_cell(self, name: &str) -> Result<CellId, String> {
        let count = self.cell_count() as u16;
        let name_of = |i: u16| self.cell_name(CellId(i));
        self.cell(name).ok_or_else(|| match self {
            Geometry::Grid { .. } => {
                format!("`{name}` is not a square (a1..{})", name_of(count - 1))
            }
            // The centre comes last, after the last crown's last radius.
            Geometry::Round { .. } => format!(
                "`{name}` is not a cell (cells are a1..{} and {} for the centre)",
                name_of(count - 2),
                name_of(count - 1)
            ),
        })
    }

    /// Round boards: the cell on `radius` (0-based) and `crown` (1-based), or the centre
    /// for the crown after the last.
    pub fn ring_cell(self, radius: u8, crown: u8) -> Option<CellId> {
        match self {
            Geometry::Round { radii, crowns, .. } if crown == crowns + 1 => {
                Some(CellId(u16::from(radii) * u16::from(crowns)))
            }
            Geometry::Round { radii, crowns, .. }
                if radius < radii && (1..=crowns).contains(&crown) =>
            {
                Some(CellId(
                    u16::from(crown - 1) * u16::from(radii) + u16::from(radius),
                ))
            }
            _ => None,
        }
    }

    /// Grids: the square on `file` and `rank` (both 0-based).
    pub fn grid_cell(self, file: u8, rank: u8) -> Option<CellId> {
        match self {
            Geometry::Grid { files, ranks } if file < files && rank < ranks => {
                Some(CellId(u16::from(rank) * u16::from(files) + u16::from(file)))
            }
            _ => None,
        }
    }
}

fn letter(i: usize) -> char {
    char::from(b'a' + i as u8)
}

/// A piece as drawn: its side and its role's upper-case letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceView {
    pub color: Color,
    pub role: char,
}

impl PieceView {
    /// The letter as boards show it: White upper case, Black lower case.
    pub fn letter(self) -> char {
        match self.color {
            Color::White => self.role.to_ascii_uppercase(),
            Color::Black => self.role.to_ascii_lowercase(),
        }
    }
}

/// A piece taken off the board that still belongs to a cell: dislodged and due to retreat
/// (to one of `to`, or removed where `to` is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retreating {
    pub cell: CellId,
    pub piece: PieceView,
    pub to: Vec<CellId>,
}

/// What stands on a board now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    /// By cell index.
    pub cells: Vec<Option<PieceView>>,
    /// The roles each side holds in hand, for games with hands (`None` otherwise).
    pub hands: Option<ByColor<Vec<char>>>,
    /// Pieces off the board while they retreat.
    pub retreating: Vec<Retreating>,
}

impl BoardView {
    /// An empty board of `geometry`, without hands.
    pub fn empty(geometry: Geometry) -> BoardView {
        BoardView {
            cells: vec![None; geometry.cell_count()],
            hands: None,
            retreating: Vec::new(),
        }
    }

    /// A board filled from `piece`, called for every cell.
    pub fn from_fn(geometry: Geometry, piece: impl Fn(CellId) -> Option<PieceView>) -> BoardView {
        BoardView {
            cells: (0..geometry.cell_count())
                .map(|i| piece(CellId(i as u16)))
                .collect(),
            hands: None,
            retreating: Vec::new(),
        }
    }

    pub fn piece(&self, cell: CellId) -> Option<PieceView> {
        self.cells.get(cell.index()).copied().flatten()
    }

    /// The occupied cells with their pieces.
    pub fn occupied(&self) -> impl Iterator<Item = (CellId, PieceView)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((CellId(i as u16), (*p)?)))
    }

    /// Where `color`'s piece of `role` stands (the first one), if any.
    pub fn find(&self, color: Color, role: char) -> Option<CellId> {
        self.occupied()
            .find(|(_, p)| p.color == color && p.role == role)
            .map(|(c, _)| c)
    }
}

/// What a move or an order does, coarsely: how a page offers it and draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A piece goes from one cell to another (a capture or a suborn included).
    Move,
    /// A piece from the hand is put on a cell.
    Drop,
    /// King and rook castle.
    Castle,
    /// A piece stays.
    Hold,
    /// A piece supports another's hold or move.
    Support,
    /// A piece is taken off the board by its own side.
    Disband,
    /// A piece changes role where it stands.
    Convert,
    /// A new piece is put on the board.
    Build,
}

impl ActionKind {
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Move => "move",
            ActionKind::Drop => "drop",
            ActionKind::Castle => "castle",
            ActionKind::Hold => "hold",
            ActionKind::Support => "support",
            ActionKind::Disband => "disband",
            ActionKind::Convert => "convert",
            ActionKind::Build => "build",
        }
    }
}

/// The shape of one move or order: what it is, which cells it involves, which choice it
/// makes, and its notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionShape {
    /// The text the game reads back: a sequential game's coordinate notation, a
    /// simultaneous game's canonical order.
    pub text: String,
    /// Sequential games: the move in SAN.
    pub san: Option<String>,
    pub kind: ActionKind,
    /// The cell the piece leaves or acts from (none for a drop or a build).
    pub from: Option<CellId>,
    /// The cell the piece reaches, or that a support or a conversion is about.
    pub to: Option<CellId>,
    /// A support: the supported piece's cell.
    pub target: Option<CellId>,
    /// The role chosen: a promotion, a conversion, a build, a drop (upper-case letter).
    pub role: Option<char>,
    /// The move suborns the piece it reaches instead of capturing it.
    pub suborn: bool,
    /// A push: the cell the piece standing on `to` is pushed to.
    pub push: Option<CellId>,
    /// A second step made with the move (from, to), such as an extra Diplomat step.
    pub extra: Option<(CellId, CellId)>,
}

impl ActionShape {
    /// A shape of `kind` with `text` and nothing else set.
    pub fn new(kind: ActionKind, text: impl Into<String>) -> ActionShape {
        ActionShape {
            text: text.into(),
            san: None,
            kind,
            from: None,
            to: None,
            target: None,
            role: None,
            suborn: false,
            push: None,
            extra: None,
        }
    }

    pub fn from(mut self, cell: impl Into<Option<CellId>>) -> ActionShape {
        self.from = cell.into();
        self
    }

    pub fn to(mut self, cell: impl Into<Option<CellId>>) -> ActionShape {
        self.to = cell.into();
        self
    }

    pub fn target(mut self, cell: impl Into<Option<CellId>>) -> ActionShape {
        self.target = cell.into();
        self
    }

    pub fn role(mut self, role: impl Into<Option<char>>) -> ActionShape {
        self.role = role.into();
        self
    }

    /// The cells a drawing marks for the action once played: the cell the moving piece left
    /// and every cell a piece reached (`to`, a push, the end of an extra step).
    pub fn played_cells(&self) -> Vec<CellId> {
        let mut cells: Vec<CellId> = [self.from, self.to, self.push]
            .into_iter()
            .flatten()
            .chain(self.extra.map(|(_, to)| to))
            .collect();
        cells.dedup();
        cells
    }

    /// Every cell the action involves (from, to, the supported piece, a push, an extra step).
    pub fn cells(&self) -> Vec<CellId> {
        let mut cells: Vec<CellId> = [self.from, self.to, self.target, self.push]
            .into_iter()
            .flatten()
            .chain(self.extra.into_iter().flat_map(|(a, b)| [a, b]))
            .collect();
        cells.dedup();
        cells
    }
}

/// One order of a resolved phase, as the players see it resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedOrder {
    pub side: Color,
    /// A series played step by step: the order's step, from 1.
    pub step: Option<usize>,
    /// The order as given.
    pub text: String,
    /// What the order was read as (none for an entry that was never read as an order).
    pub shape: Option<ActionShape>,
    pub executed: bool,
    /// Why it failed, for the players.
    pub reason: Option<String>,
}

/// What a resolution mark on a cell says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// A move stopped here.
    Bounce,
    /// A piece was captured here on its way.
    Captured,
    /// A support from here was cut (or a move failed for the king's safety here).
    Cut,
    /// The piece here was dislodged (by the piece from `from`).
    Dislodged,
    /// Moves to this empty cell stood each other off.
    Standoff,
    /// Some other order from here failed.
    Failed,
}

impl MarkKind {
    pub const fn name(self) -> &'static str {
        match self {
            MarkKind::Bounce => "bounce",
            MarkKind::Captured => "captured",
            MarkKind::Cut => "cut",
            MarkKind::Dislodged => "dislodged",
            MarkKind::Standoff => "standoff",
            MarkKind::Failed => "failed",
        }
    }
}

/// A mark the adjudication left on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub kind: MarkKind,
    pub cell: CellId,
    pub from: Option<CellId>,
}

/// A played phase as drawn on the board: the board the orders were given on, every order
/// with its outcome, and the marks of the adjudication.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolutionView {
    pub board_before: BoardView,
    pub orders: Vec<ResolvedOrder>,
    pub marks: Vec<Mark>,
}

/// How a simultaneous game's orders are entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderEntry {
    /// Orders are also typed in a box: what is typed (`order`, `entry`; the game's
    /// [`crate::GameInfo::typed_examples`] give an example of each). `None`: the board
    /// alone gives every order.
    pub typed: Option<&'static str>,
    /// A piece takes one order at most, so a new one replaces the old.
    pub one_per_piece: bool,
    /// Orders name their piece first, so they can be listed piece by piece.
    pub by_piece: bool,
}

/// What the current position asks of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// Nothing now: the other side's turn, no orders owed, or the game is over.
    Nothing,
    /// One move.
    Move,
    /// Orders for the phase: between `least` and `most` of them.
    Orders { least: usize, most: usize },
}

/// The board of a position, described.
pub trait DescribeBoard {
    /// The board's shape (one per game).
    const GEOMETRY: Geometry;
    /// What stands where now.
    fn board_view(&self) -> BoardView;
    /// The text under the board, in the game's order: the summary (whose move, check, what
    /// the turn asks, or `result` once the game is over), the notes explaining the drawing,
    /// and where the position string and a piece's targets go.
    fn caption(&self, result: Option<&GameResult>) -> Vec<Caption>;
}

/// A sequential game's moves, described.
pub trait DescribeMoves: SequentialPosition + DescribeBoard {
    /// The shape of a legal move of this position (with its SAN here).
    fn describe_move(&self, mv: Self::Move) -> ActionShape;
    /// Where the piece on `cell` can go (and what it can act on), marked and told in words.
    /// `Err`: why no targets are shown, as the command line reports it.
    fn targets(&self, cell: CellId) -> Result<Targets, String>;
}

/// A simultaneous game's orders and resolutions, described.
pub trait DescribeOrders: SimultaneousPosition + DescribeBoard {
    /// How orders are entered under this position's rules.
    fn order_entry(&self) -> OrderEntry;
    /// Every order `side` may give now (as [`SimultaneousPosition::legal_orders`]), with its
    /// shape.
    fn describe_orders(&self, side: Color) -> Vec<ActionShape>;
    /// A played phase: `self` is the position the orders were given in.
    fn describe_resolution(&self, resolution: &Self::Resolution) -> ResolutionView;
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUND: Geometry = Geometry::Round {
        radii: 14,
        crowns: 3,
        white_radius: 3,
    };

    #[test]
    fn grid_cells_are_named_rank_by_rank() {
        let names = Geometry::GRID8.cell_names();
        assert_eq!(names.len(), 64);
        assert_eq!(&names[..3], ["a1", "b1", "c1"]);
        assert_eq!(names[8], "a2");
        assert_eq!(names[63], "h8");
        assert_eq!(Geometry::GRID8.cell("e4"), Some(CellId(28)));
        assert_eq!(Geometry::GRID8.grid_cell(4, 3), Some(CellId(28)));
        assert_eq!(Geometry::GRID8.cell("i1"), None);
    }

    #[test]
    fn round_cells_are_named_crown_by_crown_with_the_centre_last() {
        let names = ROUND.cell_names();
        assert_eq!(names.len(), 43);
        assert_eq!(names[0], "a1");
        assert_eq!(names[13], "n1");
        assert_eq!(names[14], "a2");
        assert_eq!(names[41], "n3");
        assert_eq!(names[42], "4");
        assert_eq!(ROUND.ring_cell(3, 2), ROUND.cell("d2"));
        assert_eq!(ROUND.ring_cell(0, 4), Some(CellId(42)));
        assert_eq!(ROUND.ring_cell(14, 1), None);
        assert_eq!(ROUND.grid_cell(0, 0), None);
    }

    #[test]
    fn a_bad_cell_name_is_told_as_the_games_tell_it() {
        assert_eq!(Geometry::GRID8.parse_cell("e4"), Ok(CellId(28)));
        assert_eq!(
            Geometry::GRID8.parse_cell("z9").unwrap_err(),
            "`z9` is not a square (a1..h8)"
        );
        assert_eq!(ROUND.parse_cell("4"), Ok(CellId(42)));
        assert_eq!(
            ROUND.parse_cell("o1").unwrap_err(),
            "`o1` is not a cell (cells are a1..n3 and 4 for the centre)"
        );
    }

    #[test]
    fn a_piece_letter_is_upper_case_for_white() {
        let knight = PieceView {
            color: Color::Black,
            role: 'N',
        };
        assert_eq!(knight.letter(), 'n');
        assert_eq!(
            PieceView {
                color: Color::White,
                ..knight
            }
            .letter(),
            'N'
        );
    }

    #[test]
    fn an_action_lists_its_cells_once() {
        let shape = ActionShape::new(ActionKind::Support, "B b2 S R a1 - a5")
            .from(CellId(9))
            .to(CellId(32))
            .target(CellId(0));
        assert_eq!(shape.cells(), vec![CellId(9), CellId(32), CellId(0)]);
        // Played, a support marks where its piece stands and what it reaches.
        assert_eq!(shape.played_cells(), vec![CellId(9), CellId(32)]);
    }

    #[test]
    fn a_played_move_marks_where_pieces_left_and_arrived() {
        let push = ActionShape {
            push: Some(CellId(3)),
            extra: Some((CellId(4), CellId(5))),
            ..ActionShape::new(ActionKind::Move, "b1c1>d1&e1f1")
                .from(CellId(1))
                .to(CellId(2))
        };
        // The extra step's start is not marked: only where the moving piece left.
        assert_eq!(push.played_cells(), [1, 2, 3, 5].map(CellId).to_vec());
        let drop = ActionShape::new(ActionKind::Drop, "N@c1").to(CellId(2));
        assert_eq!(drop.played_cells(), vec![CellId(2)]);
    }
}
