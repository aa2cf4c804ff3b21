//! A turn told to the players (`SimultaneousPosition::explain`): each entry with what
//! happened to its piece (moved there, took a piece, became a queen, castled, or failed and
//! why, with the entry that caused it) — the short reasons of `diplo adjudicate` (§12.4) stay
//! in the report's `Display`.

use crate::order::OrderKind;
use crate::outcome::piece_name;
use crate::report::{EntryOutcome, EntryReport};
use crate::resolve::{Failure, OrderOutcome};
use board8::{Piece, Role, Square};

/// One line per entry, in the report's order. `progressive`: the entries were resolved step
/// by step (only entries of the same step meet); otherwise all at once.
pub(crate) fn entries(entries: &[EntryReport], progressive: bool) -> Vec<String> {
    entries
        .iter()
        .map(|e| {
            let what = match &e.outcome {
                EntryOutcome::Resolved(OrderOutcome::Executed) => executed(e),
                EntryOutcome::Resolved(OrderOutcome::Failed(f)) => {
                    failed(entries, e, f, progressive)
                }
                EntryOutcome::Invalid(why) => format!("skipped: {why}"),
                EntryOutcome::GameOver => "not played: the game was over".to_string(),
            };
            format!("{} {}: {what}", e.color, e.text)
        })
        .collect()
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// An executed entry: where the piece went, what it took, what it became.
fn executed(e: &EntryReport) -> String {
    let Some(order) = e.order else {
        return "executed".to_string();
    };
    let mut said = match order.kind {
        OrderKind::Castle => format!("castled: the king went to {}", order.to),
        _ => format!("moved to {}", order.to),
    };
    if let Some(taken) = e.took {
        said.push_str(&format!(" and took the {}", piece_name(&taken)));
        if order.kind == OrderKind::EnPassant {
            said.push_str(" en passant");
        }
    }
    if let Some(role) = order.promotion {
        said.push_str(&format!(" and became a {}", role_name(role)));
    }
    said
}

/// A failed entry: the failure, the entry that caused it, and where the piece is now.
fn failed(entries: &[EntryReport], e: &EntryReport, f: &Failure, progressive: bool) -> String {
    let mut said = format!("failed: {f}");
    if let Some(cause) = cause(entries, e, f, progressive) {
        said.push_str(&format!(" ({cause})"));
    }
    let home = e.order.map(|o| o.from);
    match (f, home) {
        (
            Failure::Obstacle { .. }
            | Failure::SameColour { .. }
            | Failure::EqualRank { .. }
            | Failure::Blocked { .. },
            Some(from),
        ) => said.push_str(&format!("; it went back to {from}")),
        (Failure::Castling { .. }, _) => said.push_str("; king and rook stayed"),
        _ => {}
    }
    if let Some(taken) = e.took {
        said.push_str(&format!(
            "; the {} it took before that stays taken",
            piece_name(&taken)
        ));
    }
    said
}

/// The entry behind a failure: the piece it names, as its owner ordered it.
fn cause(
    entries: &[EntryReport],
    e: &EntryReport,
    f: &Failure,
    progressive: bool,
) -> Option<String> {
    let together = |r: &&EntryReport| !std::ptr::eq(*r, e) && (!progressive || r.index == e.index);
    let named = |r: &EntryReport| format!("{} {}", r.color, r.text);
    // The one entry of `piece`'s side that moved such a piece, preferring one bound for
    // `square`.
    let mover = |piece: &Piece, square: Option<Square>| -> Option<String> {
        let movers: Vec<&EntryReport> = entries
            .iter()
            .filter(together)
            .filter(|r| {
                r.order.is_some_and(|o| {
                    o.color == piece.color
                        && (o.role == piece.role || o.promotion == Some(piece.role))
                })
            })
            .collect();
        let bound: Vec<&&EntryReport> = movers
            .iter()
            .filter(|r| square.is_some() && r.order.map(|o| o.to) == square)
            .collect();
        match (bound.as_slice(), movers.as_slice()) {
            ([one], _) => Some(named(one)),
            (_, [one]) => Some(named(one)),
            _ => None,
        }
    };
    // A piece standing on `square`: its entry failed, or it had none.
    let stander = |piece: &Piece, square: &Square| -> String {
        let own = entries.iter().filter(together).find(|r| {
            r.order
                .is_some_and(|o| o.color == piece.color && o.from == *square)
        });
        match own {
            Some(r) => format!("{}, which failed", named(r)),
            None => "it had no order".to_string(),
        }
    };
    match f {
        Failure::Met { square, with, .. }
        | Failure::SameColour { square, with, .. }
        | Failure::EqualRank { square, with, .. } => mover(with, Some(*square)),
        Failure::Crossed { with, .. } => mover(with, None),
        Failure::Captured { square, by, .. } => mover(by, Some(*square)),
        Failure::Obstacle { square, piece, .. } | Failure::Blocked { square, piece, .. } => {
            Some(stander(piece, square))
        }
        Failure::Castling { .. } | Failure::KingSafety { .. } => None,
    }
}
