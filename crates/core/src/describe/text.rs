//! What a position says in words around its drawn board: the caption under it (the
//! summary, the notes, where the position string goes) and the targets of a piece. The
//! command line prints them as they come; only the board's drawing is its own.

use super::CellId;

/// The note that tells the sides apart on a drawn board ([`super::PieceView::letter`]).
pub const LETTERS_NOTE: &str = "White upper case, Black lower case.";

/// A line of a position's summary, as the command line prints it under the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryLine {
    pub text: String,
    /// A warning (a side in check that must answer it).
    pub warning: bool,
}

impl SummaryLine {
    pub fn plain(text: impl Into<String>) -> SummaryLine {
        SummaryLine {
            text: text.into(),
            warning: false,
        }
    }

    pub fn warning(text: impl Into<String>) -> SummaryLine {
        SummaryLine {
            text: text.into(),
            warning: true,
        }
    }
}

/// One part of the text under a board, in the order the game puts it
/// ([`super::DescribeBoard::caption`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caption {
    /// A line of the summary, always shown (whose move, check, what the turn asks, a
    /// warning).
    Line(SummaryLine),
    /// A note explaining the drawing, shown only with the notes.
    Note(String),
    /// The position string, as `position: …`.
    Position,
    /// Where the note of a piece's targets goes, when they are asked for
    /// ([`super::DescribeMoves::targets`]).
    Targets,
}

impl Caption {
    /// A plain summary line.
    pub fn line(text: impl Into<String>) -> Caption {
        Caption::Line(SummaryLine::plain(text))
    }

    /// A summary line that warns (drawn in red where colour is on).
    pub fn warning(text: impl Into<String>) -> Caption {
        Caption::Line(SummaryLine::warning(text))
    }

    /// A note shown only with the notes.
    pub fn note(text: impl Into<String>) -> Caption {
        Caption::Note(text.into())
    }
}

/// Where a piece can go, for a drawing to mark: its cell, the cells it reaches, and the
/// note that names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Targets {
    /// The piece's cell.
    pub from: CellId,
    /// Every cell the piece can move to or act on, each once.
    pub cells: Vec<CellId>,
    /// The note naming them, line by line (indented lines continue the one above).
    pub note: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_are_lines_notes_and_places() {
        assert_eq!(
            Caption::line("White to move."),
            Caption::Line(SummaryLine::plain("White to move."))
        );
        assert!(matches!(Caption::warning("check"), Caption::Line(l) if l.warning));
        assert_eq!(
            Caption::note(LETTERS_NOTE),
            Caption::Note("White upper case, Black lower case.".to_string())
        );
    }
}
