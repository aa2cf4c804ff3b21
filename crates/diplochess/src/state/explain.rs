//! A resolution told to the players (`SimultaneousPosition::explain`): every order's line
//! says what happened to its piece (moved, held, bounced, dislodged, retreated, disbanded,
//! converted, removed, built) and names the orders that caused it, from the typed
//! [`Failure`]s; pieces that had no order and were dislodged, removed, placed or disbanded
//! by the rules' defaults get a line of their own. `diplo adjudicate` and the records keep
//! the report lines (`Display` of the resolution); this is only for people.

use crate::adjust::AdjustmentReport;
use crate::build::BuildReport;
use crate::game::PhaseReport;
use crate::movement::{Adjudication, OrderReport};
use crate::order::{Order, PieceRef};
use crate::outcome::{Consequence, Failure, OrderOutcome};
use crate::retreat::RetreatReport;
use crate::validity::castle_specs;
use board8::{Piece, Role, Square};
use diplo_core::Color;

/// The lines of one phase's report, after its `-- <phase>` header.
pub(super) fn phase(report: &PhaseReport, bloody: bool, out: &mut Vec<String>) {
    match report {
        PhaseReport::Movement(a) => movement(a, out),
        PhaseReport::Retreats(r) => retreats(r, bloody, out),
        PhaseReport::Builds(b) => builds(b, out),
        PhaseReport::Adjustments(a) => adjustments(a, out),
    }
}

/// `white N d5`.
fn piece_at(piece: Piece, square: Square) -> String {
    format!("{} {} {square}", piece.color, piece.role.upper())
}

/// The squares an order's piece (or pieces) stood on: a castling's King and Rook.
fn subjects(color: Color, order: &Order) -> Vec<Square> {
    match *order {
        Order::Hold(p)
        | Order::Move(p, _)
        | Order::SupportHold(p, _)
        | Order::SupportMove(p, _, _)
        | Order::RetreatDisband(p)
        | Order::Disband(p) => vec![p.square],
        Order::Castle(side) => {
            let (king, rook) = castle_specs(color, side);
            vec![king.from, rook.from]
        }
        Order::Convert(square, _) | Order::Build(_, square) => vec![square],
    }
}

/// Whether a piece of `color` on `square` had an order in this phase.
fn has_order(reports: &[OrderReport], color: Color, square: Square) -> bool {
    reports
        .iter()
        .any(|r| r.color == color && subjects(r.color, &r.order).contains(&square))
}

/// An order as the players know it: `black N d5 - c3` (its side from the reports).
fn named(reports: &[OrderReport], order: &Order) -> String {
    match reports.iter().find(|r| r.order == *order) {
        Some(r) => format!("{} {}", r.color, r.order),
        None => order.to_string(),
    }
}

/// The movement order that left `from` (a move, or a castling's King or Rook).
fn moved_from(reports: &[OrderReport], from: Square) -> Option<&OrderReport> {
    reports.iter().find(|r| match r.order {
        Order::Move(p, _) => p.square == from,
        Order::Castle(side) => {
            let (king, rook) = castle_specs(r.color, side);
            king.from == from || rook.from == from
        }
        _ => false,
    })
}

/// Movement: the position, every order, the pieces without orders that were dislodged, the
/// standoffs.
fn movement(a: &Adjudication, out: &mut Vec<String>) {
    out.push(format!("position: {}", a.position));
    for r in &a.reports {
        out.push(format!("{} {}: {}", r.color, r.order, movement_line(a, r)));
    }
    for d in &a.dislodged {
        if !has_order(&a.reports, d.piece.color, d.square) {
            out.push(format!(
                "{} had no order: it held and was dislodged by {}",
                piece_at(d.piece, d.square),
                dislodger(a, d.attacker_from)
            ));
        }
    }
    let mut standoffs: Vec<Square> = a.standoffs.collect();
    standoffs.sort_by_key(crate::movement::fen_order);
    for square in standoffs {
        out.push(format!(
            "standoff at {square}: the moves there bounced off each other, and it stays empty"
        ));
    }
}

/// The order that dislodged a piece, by where the dislodging piece came from.
fn dislodger(a: &Adjudication, from: Square) -> String {
    match moved_from(&a.reports, from) {
        Some(r) => format!("{} {}", r.color, r.order),
        None => format!("the piece from {from}"),
    }
}

/// What became of a piece that stayed on `square`: dislodged, or still there.
fn stayed(a: &Adjudication, square: Square, how: &str) -> String {
    match a.dislodged.iter().find(|d| d.square == square) {
        Some(d) => format!(
            "{how} and was dislodged by {}",
            dislodger(a, d.attacker_from)
        ),
        None => how.to_string(),
    }
}

/// A piece a failure names, with its order if it had one: `black N d5 - c3`, or `black P e5
/// (no order)`.
fn piece_named(a: &Adjudication, piece: PieceRef) -> String {
    let own = a.reports.iter().find(|r| {
        matches!(r.order, Order::Hold(p) | Order::Move(p, _) | Order::SupportHold(p, _)
                | Order::SupportMove(p, _, _) if p == piece)
    });
    if let Some(r) = own {
        return format!("{} {}", r.color, r.order);
    }
    let color = a
        .position
        .board
        .piece_at(piece.square)
        .filter(|p| p.role == piece.role)
        .or_else(|| {
            a.dislodged
                .iter()
                .find(|d| d.square == piece.square)
                .map(|d| d.piece)
        })
        .map(|p| p.color);
    match color {
        Some(color) => format!("{color} {piece} (no order)"),
        None => format!("{piece} (no order)"),
    }
}

/// The square the order's piece stands on (a castling: the King's).
fn own_square(r: &OrderReport) -> Option<Square> {
    subjects(r.color, &r.order).first().copied()
}

fn movement_line(a: &Adjudication, r: &OrderReport) -> String {
    let square = own_square(r);
    let stay = |how: &str| match square {
        Some(square) => stayed(a, square, how),
        None => how.to_string(),
    };
    let failure = match &r.outcome {
        OrderOutcome::Executed => {
            return match r.order {
                Order::Hold(_) => "held".to_string(),
                Order::Move(p, to) => {
                    match a
                        .dislodged
                        .iter()
                        .find(|d| d.square == to && d.attacker_from == p.square)
                    {
                        Some(d) => format!(
                            "moved to {to} and dislodged {}",
                            piece_at(d.piece, d.square)
                        ),
                        None => format!("moved to {to}"),
                    }
                }
                Order::Castle(_) => "castled".to_string(),
                Order::SupportHold(_, q) => format!("held and gave its support to {q}"),
                Order::SupportMove(_, q, to) => {
                    format!("held and gave its support to {q} - {to}")
                }
                _ => "done".to_string(),
            };
        }
        OrderOutcome::Failed(failure) => failure,
    };
    let still = match square {
        Some(square) => format!("it stayed on {square}"),
        None => "it stayed".to_string(),
    };
    match failure {
        Failure::Void { why, then } => match then {
            Some(Consequence::DislodgedBy(by)) => format!(
                "void ({why}): it held and was dislodged by {}",
                named(&a.reports, by)
            ),
            _ => format!("void ({why}): {}", stay("it held")),
        },
        Failure::Unresolved => format!("void: {}", stay("it held")),
        Failure::Dislodged { by } => match r.order {
            Order::SupportHold(..) | Order::SupportMove(..) => format!(
                "dislodged by {}, so its support did not count",
                named(&a.reports, by)
            ),
            _ => format!("dislodged by {}", named(&a.reports, by)),
        },
        Failure::Bounced {
            at,
            by,
            attack,
            against,
        } => format!(
            "bounced at {at} against {} ({attack} against {against}): {}",
            piece_named(a, *by),
            stay(&still)
        ),
        Failure::HeadToHead {
            lost_to,
            attack,
            against,
        } => format!(
            "lost the head-to-head battle with {} ({attack} against {against}): {}",
            named(&a.reports, lost_to),
            stay(&still)
        ),
        Failure::Blocked { by } => format!(
            "blocked by {}, a more valuable move across its path: {}",
            named(&a.reports, by),
            stay(&still)
        ),
        Failure::TravelCannotDislodge { piece } => format!(
            "could not dislodge {} (a pawn's advance or a castling never dislodges): {}",
            piece_named(a, *piece),
            stay(&still)
        ),
        Failure::SelfDislodgement => format!(
            "would have dislodged a piece of its own side: {}",
            stay(&still)
        ),
        Failure::Paradox => format!("failed in a paradox (§5.7): {}", stay(&still)),
        Failure::NotMatched => {
            let supported = match r.order {
                Order::SupportHold(_, q) | Order::SupportMove(_, q, _) => Some(q),
                _ => None,
            };
            let actual = supported.map(|q| piece_named(a, q));
            match actual {
                Some(actual) => format!(
                    "its support was not matched (the supported piece's order was {actual}): {}",
                    stay("it held")
                ),
                None => format!("its support was not matched: {}", stay("it held")),
            }
        }
        Failure::Cut { by } => format!(
            "its support was cut by {}: {}",
            named(&a.reports, by),
            stay("it held")
        ),
        Failure::LineBlocked { at } => format!(
            "its support's line was blocked at {at}: {}",
            stay("it held")
        ),
        other => format!("failed: {other}"),
    }
}

/// Retreats: every order, then the dislodged pieces removed without one.
fn retreats(r: &RetreatReport, bloody: bool, out: &mut Vec<String>) {
    for report in &r.reports {
        let line = match &report.outcome {
            OrderOutcome::Executed => match report.order {
                Order::Move(_, to) => format!("retreated to {to}"),
                Order::RetreatDisband(_) => "disbanded".to_string(),
                _ => "done".to_string(),
            },
            OrderOutcome::Failed(failure) => match failure {
                Failure::Void {
                    why,
                    then: Some(Consequence::Removed),
                } => format!("void ({why}): the piece was removed"),
                Failure::Void { why, .. } => format!("void ({why}): ignored"),
                Failure::Collision { at } => {
                    let others: Vec<String> = r
                        .reports
                        .iter()
                        .filter(|o| {
                            o.order != report.order
                                && matches!(o.order, Order::Move(_, to) if to == *at)
                        })
                        .map(|o| format!("{} {}", o.color, o.order))
                        .collect();
                    format!(
                        "collided at {at} with {}: both removed",
                        if others.is_empty() {
                            "another retreat".to_string()
                        } else {
                            others.join(" and ")
                        }
                    )
                }
                Failure::RemovedBloody => {
                    "removed (Bloody variant: only a King retreats)".to_string()
                }
                other => format!("{other}: ignored"),
            },
        };
        out.push(format!("{} {}: {line}", report.color, report.order));
    }
    for &(square, piece) in &r.removed {
        if has_order(&r.reports, piece.color, square) {
            continue;
        }
        let why = if bloody && piece.role != Role::King {
            "removed (Bloody variant: only a King retreats)"
        } else {
            "no retreat was ordered: removed"
        };
        out.push(format!("{}: {why}", piece_at(piece, square)));
    }
}

/// A piece type in words: `queen`.
fn role_word(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The last rank of a side's pawns.
fn last_rank(color: Color) -> u8 {
    color.fold(7, 0)
}

/// The build step: every order, then what the rules' defaults placed or held.
fn builds(b: &BuildReport, out: &mut Vec<String>) {
    for report in &b.reports {
        let line = match &report.outcome {
            OrderOutcome::Executed => match report.order {
                Order::Convert(_, role) => format!("the pawn became a {}", role_word(role)),
                Order::Build(role, square) => format!("{} built on {square}", role.upper()),
                _ => "done".to_string(),
            },
            OrderOutcome::Failed(failure) => match failure {
                Failure::Void {
                    why,
                    then: Some(then),
                } => {
                    let what = match then {
                        Consequence::DefaultUsed => "the default build was made".to_string(),
                        Consequence::ConvertedTo(role) => {
                            format!("the pawn became a {}, the default", role_word(*role))
                        }
                        Consequence::PawnHeld => {
                            "no lost type, so the pawn was taken off and held".to_string()
                        }
                        Consequence::Removed => "removed".to_string(),
                        Consequence::DislodgedBy(by) => format!("dislodged by {by}"),
                    };
                    format!("void ({why}): {what}")
                }
                other => format!("{other}: ignored"),
            },
        };
        out.push(format!("{} {}: {line}", report.color, report.order));
    }
    for &(square, piece) in &b.placed {
        let ordered = b.reports.iter().any(|r| {
            r.outcome.is_executed()
                && matches!(r.order, Order::Convert(s, _) | Order::Build(_, s) if s == square)
        });
        if ordered {
            continue;
        }
        out.push(if square.rank() == last_rank(piece.color) {
            format!(
                "{} pawn on {square} became a {} (the rules' default)",
                piece.color,
                role_word(piece.role)
            )
        } else {
            format!(
                "{} {} built on {square} (the rules' default)",
                piece.color,
                piece.role.upper()
            )
        });
    }
    for &square in &b.newly_held {
        let color = if square.rank() == last_rank(Color::White) {
            Color::White
        } else {
            Color::Black
        };
        out.push(format!(
            "{color} pawn on {square} was taken off and held: it has no lost type to become"
        ));
    }
}

/// Adjustments: every order, then the disbands the rules' defaults made.
fn adjustments(a: &AdjustmentReport, out: &mut Vec<String>) {
    for report in &a.reports {
        let line = match &report.outcome {
            OrderOutcome::Executed => match report.order {
                Order::Build(role, square) => format!("{} built on {square}", role.upper()),
                Order::Disband(_) => "disbanded".to_string(),
                _ => "done".to_string(),
            },
            OrderOutcome::Failed(failure) => format!("{failure}: ignored"),
        };
        out.push(format!("{} {}: {line}", report.color, report.order));
    }
    for &(square, piece) in &a.disbanded {
        if !has_order(&a.reports, piece.color, square) {
            out.push(format!(
                "{}: disbanded (the rules' default: its least valuable piece)",
                piece_at(piece, square)
            ));
        }
    }
}
