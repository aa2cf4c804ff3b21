//! Reading reasons back from their text: the inverse of the `Display` of [`Failure`],
//! [`Void`], [`Consequence`] and [`VoidReason`]. Only the exact text `Display` writes is
//! accepted (every part must print back as it was read), so that text and value correspond
//! one to one.

use super::{Consequence, Failure, Void};
use crate::order::Order;
use crate::validity::VoidReason;
use board8::{Role, Square};
use diplo_core::Color;
use std::fmt::Display;
use std::str::FromStr;

/// A text that is not the reason of any outcome.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not the reason of an order's failure")]
pub struct FailureParseError(pub String);

/// `text` read as a `T` that prints back as the same text.
fn exact<T: FromStr + Display>(text: &str) -> Option<T> {
    let value: T = text.parse().ok()?;
    (value.to_string() == text).then_some(value)
}

fn role(text: &str) -> Option<Role> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Role::from_upper(c),
        _ => None,
    }
}

/// `<a> against <b>)` at the end of a reason: the two strengths.
fn strengths(text: &str) -> Option<(i32, i32)> {
    let (a, b) = text.strip_suffix(')')?.split_once(" against ")?;
    Some((exact(a)?, exact(b)?))
}

/// `<piece or order> (<a> against <b>)`: the named part and the two strengths.
fn with_strengths<T: FromStr + Display>(text: &str) -> Option<(T, i32, i32)> {
    let (head, tail) = text.rsplit_once(" (")?;
    let (a, b) = strengths(tail)?;
    Some((exact(head)?, a, b))
}

impl FromStr for Failure {
    type Err = FailureParseError;

    fn from_str(text: &str) -> Result<Failure, FailureParseError> {
        failure(text).ok_or_else(|| FailureParseError(text.to_string()))
    }
}

fn failure(text: &str) -> Option<Failure> {
    let fixed = match text {
        "void" => Some(Failure::Unresolved),
        "no self-dislodgement" => Some(Failure::SelfDislodgement),
        "paradox" => Some(Failure::Paradox),
        "not matched" => Some(Failure::NotMatched),
        "removed (bloody)" => Some(Failure::RemovedBloody),
        "surplus order" => Some(Failure::Surplus),
        "not needed" => Some(Failure::NotNeeded),
        _ => None,
    };
    if fixed.is_some() {
        return fixed;
    }
    if let Some(body) = text.strip_prefix("void (") {
        // `<why>)` or `<why>); <then>`: no reason's text contains `); `.
        return match body.rsplit_once("); ") {
            Some((why, then)) => Some(Failure::void_then(void(why)?, consequence(then)?)),
            None => Some(Failure::void(void(body.strip_suffix(')')?)?)),
        };
    }
    if let Some(rest) = text.strip_prefix("dislodged by ") {
        return Some(Failure::Dislodged { by: exact(rest)? });
    }
    if let Some(rest) = text.strip_prefix("bounced at ") {
        let (at, rest) = rest.split_once(" by ")?;
        let (by, attack, against) = with_strengths(rest)?;
        return Some(Failure::Bounced {
            at: exact(at)?,
            by,
            attack,
            against,
        });
    }
    if let Some(rest) = text.strip_prefix("head-to-head lost to ") {
        let (lost_to, attack, against) = with_strengths(rest)?;
        return Some(Failure::HeadToHead {
            lost_to,
            attack,
            against,
        });
    }
    if let Some(rest) = text.strip_prefix("blocked by ") {
        return Some(Failure::Blocked { by: exact(rest)? });
    }
    if let Some(rest) = text.strip_prefix("cannot dislodge ") {
        let piece = rest.strip_suffix(" (travel order)")?;
        return Some(Failure::TravelCannotDislodge {
            piece: exact(piece)?,
        });
    }
    if let Some(rest) = text.strip_prefix("cut by ") {
        return Some(Failure::Cut { by: exact(rest)? });
    }
    if let Some(rest) = text.strip_prefix("line blocked at ") {
        return Some(Failure::LineBlocked { at: exact(rest)? });
    }
    if let Some(rest) = text.strip_prefix("collision at ") {
        let at = rest.strip_suffix("; removed")?;
        return Some(Failure::Collision { at: exact(at)? });
    }
    None
}

fn consequence(text: &str) -> Option<Consequence> {
    match text {
        "removed" => Some(Consequence::Removed),
        "default used" => Some(Consequence::DefaultUsed),
        "pawn held" => Some(Consequence::PawnHeld),
        _ => {
            if let Some(order) = text.strip_prefix("dislodged by ") {
                Some(Consequence::DislodgedBy(exact::<Order>(order)?))
            } else {
                Some(Consequence::ConvertedTo(role(
                    text.strip_prefix("converted to ")?,
                )?))
            }
        }
    }
}

fn void(text: &str) -> Option<Void> {
    let fixed = match text {
        "not a retreat order" => Some(Void::NotARetreatOrder),
        "not a build-step order" => Some(Void::NotABuildStepOrder),
        "not an adjustment order" => Some(Void::NotAnAdjustmentOrder),
        "no lost type" => Some(Void::NoLostType),
        "a King cannot be built" => Some(Void::KingCannotBeBuilt),
        "no adjustment due" => Some(Void::NoAdjustmentDue),
        _ => None,
    };
    if fixed.is_some() {
        return fixed;
    }
    if let Some(rest) = text.strip_prefix("no dislodged ") {
        let (color, square) = rest.split_once(" piece on ")?;
        return Some(Void::NoDislodgedPiece {
            color: Color::from_name(color)?,
            square: exact(square)?,
        });
    }
    if let Some(to) = text.strip_prefix("no legal retreat to ") {
        return Some(Void::NoLegalRetreat { to: exact(to)? });
    }
    if let Some(piece) = text.strip_prefix("no disbandable ") {
        return Some(Void::NoDisbandable {
            piece: exact(piece)?,
        });
    }
    if let Some(r) = text.strip_suffix(" is not a lost type") {
        return Some(Void::NotALostType { role: role(r)? });
    }
    if let Some(r) = text.strip_suffix(" is at its initial number") {
        return Some(Void::AtInitialNumber { role: role(r)? });
    }
    if let Some(sq) = text.strip_suffix(" is not an empty square of the first rank") {
        return Some(Void::NotEmptyFirstRank { square: exact(sq)? });
    }
    if let Some(sq) = text.strip_suffix(" is not an empty controlled square of that rank") {
        return Some(Void::NotControlled { square: exact(sq)? });
    }
    void_reason(text).map(Void::Invalid)
}

impl FromStr for VoidReason {
    type Err = FailureParseError;

    /// Reads the text of a movement order's void reason (`no piece on e4`).
    fn from_str(text: &str) -> Result<VoidReason, FailureParseError> {
        void_reason(text).ok_or_else(|| FailureParseError(text.to_string()))
    }
}

fn void_reason(text: &str) -> Option<VoidReason> {
    let fixed = match text {
        "a pawn moves diagonally only onto an enemy piece" => Some(VoidReason::PawnDiagonal),
        "a piece cannot support itself" => Some(VoidReason::SupportSelf),
        "a piece cannot support a move onto its own square" => Some(VoidReason::SupportOwnSquare),
        "no castling right" => Some(VoidReason::NoCastlingRight),
        "squares between King and rook are not empty" => Some(VoidReason::CastlingPath),
        "not a movement order (ignored)" => Some(VoidReason::WrongPhase),
        _ => None,
    };
    if fixed.is_some() {
        return fixed;
    }
    if let Some(inner) = text.strip_prefix("supported piece: ") {
        return Some(VoidReason::Supported(Box::new(void_reason(inner)?)));
    }
    if let Some(sq) = text.strip_prefix("no piece on ") {
        return Some(VoidReason::NoPiece(exact(sq)?));
    }
    if let Some(sq) = text.strip_prefix("path blocked at ") {
        return Some(VoidReason::PathBlocked(exact(sq)?));
    }
    if let Some(rest) = text.strip_suffix(" is not a move of that piece") {
        let (piece, to) = rest.split_once(" - ")?;
        return Some(VoidReason::NotAMove(exact(piece)?, exact(to)?));
    }
    if let Some((piece, to)) = text.split_once(" cannot capture onto ") {
        return Some(VoidReason::CannotReach(exact(piece)?, exact(to)?));
    }
    let (square, rest) = text.split_once(" holds ")?;
    let square: Square = exact(square)?;
    if let Some(color) = rest
        .strip_prefix("a ")
        .and_then(|r| r.strip_suffix(" piece"))
    {
        return Some(VoidReason::NotOwn {
            square,
            color: Color::from_name(color)?,
        });
    }
    let (found, named) = rest.split_once(", not ")?;
    Some(VoidReason::WrongType {
        square,
        found: role(found)?,
        named: role(named)?,
    })
}
