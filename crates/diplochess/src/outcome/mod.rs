//! What became of an order (§10.3): executed, or a typed [`Failure`] that says why, with the
//! squares, pieces, orders and strengths that explain it.
//!
//! `Display` gives the reasons of `diplo adjudicate` and of the records' reports
//! (`bounced at c3 by N d5 (3 against 3)`, `void (no piece on e4)`, `collision at e5;
//! removed`); `FromStr` reads them back, so that a reason survives a trip through its text.

mod parse;
#[cfg(test)]
mod tests;

pub use parse::FailureParseError;

use crate::order::{Order, PieceRef};
use crate::validity::VoidReason;
use board8::{Role, Square};
use diplo_core::Color;
use std::fmt;

/// What happened to one order.
///
/// With the `serde` feature an outcome serializes as `"executed"` or
/// `{"failed": "<the reason's text>"}`: see [`Failure`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OrderOutcome {
    Executed,
    /// Why the order failed, e.g. [`Failure::Bounced`] (`bounced at c3 by N d5 (3 against
    /// 3)`) or [`Failure::Void`] (`void (no piece on e4)`).
    Failed(Failure),
}

impl OrderOutcome {
    pub fn is_executed(&self) -> bool {
        matches!(self, OrderOutcome::Executed)
    }

    /// The reason of a failed order.
    pub fn failure(&self) -> Option<&Failure> {
        match self {
            OrderOutcome::Executed => None,
            OrderOutcome::Failed(why) => Some(why),
        }
    }
}

impl fmt::Display for OrderOutcome {
    /// `executed` or `failed: <reason>`, as in the adjudication output of interfaces.md.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderOutcome::Executed => f.write_str("executed"),
            OrderOutcome::Failed(why) => write!(f, "failed: {why}"),
        }
    }
}

/// Why an order was not executed, in every phase. Strengths are the power points of §5.3
/// (never negative in a reason).
///
/// With the `serde` feature a failure serializes as its `Display` text and deserializes
/// through `FromStr`. Nothing in the workspace stores outcomes (the server keeps records as
/// text and replays them), so this is the form for display and export; it is the form
/// `OrderOutcome::Failed` had when reasons were strings, so JSON written before still reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Failure {
    /// `void (<why>)`, or `void (<why>); <then>` when something followed from it: a void
    /// movement order's piece held and was dislodged, a dislodged piece with a void retreat
    /// was removed, a build step used its default.
    Void {
        why: Void,
        then: Option<Consequence>,
    },
    /// `void`: an order the phase's resolver gave no outcome. Only the retreat phase has
    /// this fallback, and every retreat order gets an outcome there.
    Unresolved,
    /// A piece that stayed (a hold, a failed support) was dislodged by this move:
    /// `dislodged by R d1 - d5`.
    Dislodged { by: Order },
    /// A move did not beat what held or prevented the destination: `bounced at c3 by N d5
    /// (3 against 3)`. `by` stands on `at` (its hold) or moved towards it (its prevent
    /// strength); `attack` was not greater than `against`.
    Bounced {
        at: Square,
        by: PieceRef,
        attack: i32,
        against: i32,
    },
    /// A move lost the head-to-head battle with the move onto its own square: `head-to-head
    /// lost to N d5 - c3 (2 against 3)`.
    HeadToHead {
        lost_to: Order,
        attack: i32,
        against: i32,
    },
    /// A more valuable move crossed or landed on this move's path (rule 10): `blocked by
    /// Q d1 - d5`.
    Blocked { by: Order },
    /// A travel order (a pawn push, a castling component) cannot dislodge the piece that
    /// stays on its destination: `cannot dislodge N d5 (travel order)`.
    TravelCannotDislodge { piece: PieceRef },
    /// The destination's piece is of the same side and stays: `no self-dislodgement`.
    SelfDislodgement,
    /// The order is part of a paradox (§5.7) and fails: `paradox`.
    Paradox,
    /// A support with no matching order of the supported piece: `not matched`.
    NotMatched,
    /// A support cut by a move onto the supporter's square: `cut by N c4 - a5`.
    Cut { by: Order },
    /// A support whose line to its target was blocked by a piece that stayed: `line blocked
    /// at d4`.
    LineBlocked { at: Square },
    /// Bloody variant: a dislodged piece other than the King is removed at once, whatever
    /// its order: `removed (bloody)`.
    RemovedBloody,
    /// Two or more retreats to one square: all of them are removed (rule 11e): `collision at
    /// e5; removed`.
    Collision { at: Square },
    /// More adjustment orders than the side's balance: `surplus order`.
    Surplus,
    /// A build-step order the step did not need (no such deferred build or pawn to convert):
    /// `not needed`.
    NotNeeded,
}

/// Why an order is void: the validity check of movement orders ([`VoidReason`]) or the
/// reasons of the other phases.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Void {
    /// A movement order that fails §4.2 (`no piece on e4`, `path blocked at d3`, …), or a
    /// retreat that names the dislodged piece with another type (`e5 holds N, not B`).
    Invalid(VoidReason),
    /// `not a retreat order` (a hold or support in the retreat phase).
    NotARetreatOrder,
    /// `not a build-step order`.
    NotABuildStepOrder,
    /// `not an adjustment order`.
    NotAnAdjustmentOrder,
    /// `no dislodged white piece on e5`.
    NoDislodgedPiece { color: Color, square: Square },
    /// `no legal retreat to c6`.
    NoLegalRetreat { to: Square },
    /// A build or conversion to a type the side has not lost: `Q is not a lost type`.
    NotALostType { role: Role },
    /// `a1 is not an empty square of the first rank` (a deferred build).
    NotEmptyFirstRank { square: Square },
    /// A conversion when the side has lost no type: `no lost type`.
    NoLostType,
    /// A disband of a piece the side does not have there, or of its King: `no disbandable
    /// N c3`.
    NoDisbandable { piece: PieceRef },
    /// `a King cannot be built`.
    KingCannotBeBuilt,
    /// `R is at its initial number`.
    AtInitialNumber { role: Role },
    /// `a3 is not an empty controlled square of that rank` (an adjustment build).
    NotControlled { square: Square },
    /// A build or disband when the side's balance asks for none or for the other:
    /// `no adjustment due`.
    NoAdjustmentDue,
}

/// What followed from a void order, after the `; ` of its reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Consequence {
    /// The void movement order's piece held and was dislodged: `dislodged by R d1 - d5`.
    DislodgedBy(Order),
    /// The dislodged piece was removed: `removed`.
    Removed,
    /// The deferred build took the default type and square: `default used`.
    DefaultUsed,
    /// The pawn took the default type: `converted to R`.
    ConvertedTo(Role),
    /// With no lost type the pawn was removed and held: `pawn held`.
    PawnHeld,
}

/// The coarse kind of a [`Failure`], for drawing and counting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FailureKind {
    /// [`Failure::Void`] and [`Failure::Unresolved`].
    Void,
    /// [`Failure::Bounced`].
    Bounced,
    /// [`Failure::HeadToHead`].
    HeadToHead,
    /// [`Failure::Blocked`].
    Blocked,
    /// The move may not dislodge the piece there: [`Failure::SelfDislodgement`] and
    /// [`Failure::TravelCannotDislodge`].
    CannotDislodge,
    /// [`Failure::Paradox`].
    Paradox,
    /// [`Failure::NotMatched`].
    NotMatched,
    /// [`Failure::Cut`].
    Cut,
    /// [`Failure::LineBlocked`].
    LineBlocked,
    /// [`Failure::Dislodged`].
    Dislodged,
    /// A dislodged piece removed in the retreat phase: [`Failure::RemovedBloody`] and
    /// [`Failure::Collision`].
    Removed,
    /// More orders than the phase asks for: [`Failure::Surplus`] and
    /// [`Failure::NotNeeded`].
    Surplus,
}

/// The destination of a move order (where a move that cuts or dislodges arrives).
fn destination(order: &Order) -> Option<Square> {
    match *order {
        Order::Move(_, to) => Some(to),
        _ => None,
    }
}

impl Failure {
    /// The coarse kind of the failure.
    pub fn kind(&self) -> FailureKind {
        match self {
            Failure::Void { .. } | Failure::Unresolved => FailureKind::Void,
            Failure::Bounced { .. } => FailureKind::Bounced,
            Failure::HeadToHead { .. } => FailureKind::HeadToHead,
            Failure::Blocked { .. } => FailureKind::Blocked,
            Failure::SelfDislodgement | Failure::TravelCannotDislodge { .. } => {
                FailureKind::CannotDislodge
            }
            Failure::Paradox => FailureKind::Paradox,
            Failure::NotMatched => FailureKind::NotMatched,
            Failure::Cut { .. } => FailureKind::Cut,
            Failure::LineBlocked { .. } => FailureKind::LineBlocked,
            Failure::Dislodged { .. } => FailureKind::Dislodged,
            Failure::RemovedBloody | Failure::Collision { .. } => FailureKind::Removed,
            Failure::Surplus | Failure::NotNeeded => FailureKind::Surplus,
        }
    }

    /// The square where the failure happened, when the reason names one: the square of a
    /// bounce, of the piece a travel order could not dislodge, of the head-to-head opponent,
    /// where a blocked support line or a retreat collision was, where the cutting or
    /// dislodging move arrived (the supporter's or the piece's own square), and for a void
    /// order the square its reason names (`no piece on e4`, `path blocked at d3`, …). `None`
    /// for the reasons that name no square (`paradox`, `not matched`, `blocked by …`,
    /// `no self-dislodgement`, …).
    pub fn square(&self) -> Option<Square> {
        match self {
            Failure::Bounced { at, .. }
            | Failure::LineBlocked { at }
            | Failure::Collision { at } => Some(*at),
            Failure::TravelCannotDislodge { piece } => Some(piece.square),
            Failure::HeadToHead { lost_to, .. } => match *lost_to {
                Order::Move(p, _) => Some(p.square),
                _ => None,
            },
            Failure::Cut { by } | Failure::Dislodged { by } => destination(by),
            Failure::Void { why, .. } => why.square(),
            Failure::Unresolved
            | Failure::Blocked { .. }
            | Failure::SelfDislodgement
            | Failure::Paradox
            | Failure::NotMatched
            | Failure::RemovedBloody
            | Failure::Surplus
            | Failure::NotNeeded => None,
        }
    }

    /// The move that dislodged the order's piece, if one did (a hold, a failed support, a
    /// void movement order whose piece held).
    pub fn dislodged_by(&self) -> Option<&Order> {
        match self {
            Failure::Dislodged { by }
            | Failure::Void {
                then: Some(Consequence::DislodgedBy(by)),
                ..
            } => Some(by),
            _ => None,
        }
    }

    /// A void order with nothing following from it.
    pub(crate) fn void(why: Void) -> Failure {
        Failure::Void { why, then: None }
    }

    /// A void order and what followed from it.
    pub(crate) fn void_then(why: Void, then: Consequence) -> Failure {
        Failure::Void {
            why,
            then: Some(then),
        }
    }
}

impl Void {
    /// The square the reason names, if any.
    pub fn square(&self) -> Option<Square> {
        match self {
            Void::Invalid(reason) => void_reason_square(reason),
            Void::NoDislodgedPiece { square, .. }
            | Void::NotEmptyFirstRank { square }
            | Void::NotControlled { square } => Some(*square),
            Void::NoLegalRetreat { to } => Some(*to),
            Void::NoDisbandable { piece } => Some(piece.square),
            Void::NotARetreatOrder
            | Void::NotABuildStepOrder
            | Void::NotAnAdjustmentOrder
            | Void::NotALostType { .. }
            | Void::NoLostType
            | Void::KingCannotBeBuilt
            | Void::AtInitialNumber { .. }
            | Void::NoAdjustmentDue => None,
        }
    }
}

/// The square a movement order's void reason names: the missing, foreign or mistyped piece,
/// the blocked square, the destination of an impossible move or support.
fn void_reason_square(reason: &VoidReason) -> Option<Square> {
    match reason {
        VoidReason::NoPiece(square)
        | VoidReason::NotOwn { square, .. }
        | VoidReason::WrongType { square, .. }
        | VoidReason::PathBlocked(square)
        | VoidReason::NotAMove(_, square)
        | VoidReason::CannotReach(_, square) => Some(*square),
        VoidReason::Supported(inner) => void_reason_square(inner),
        VoidReason::PawnDiagonal
        | VoidReason::SupportSelf
        | VoidReason::SupportOwnSquare
        | VoidReason::NoCastlingRight
        | VoidReason::CastlingPath
        | VoidReason::WrongPhase => None,
    }
}

impl fmt::Display for Failure {
    /// The reason as `diplo adjudicate` and the reports print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Void { why, then: None } => write!(f, "void ({why})"),
            Failure::Void {
                why,
                then: Some(then),
            } => write!(f, "void ({why}); {then}"),
            Failure::Unresolved => f.write_str("void"),
            Failure::Dislodged { by } => write!(f, "dislodged by {by}"),
            Failure::Bounced {
                at,
                by,
                attack,
                against,
            } => write!(f, "bounced at {at} by {by} ({attack} against {against})"),
            Failure::HeadToHead {
                lost_to,
                attack,
                against,
            } => write!(
                f,
                "head-to-head lost to {lost_to} ({attack} against {against})"
            ),
            Failure::Blocked { by } => write!(f, "blocked by {by}"),
            Failure::TravelCannotDislodge { piece } => {
                write!(f, "cannot dislodge {piece} (travel order)")
            }
            Failure::SelfDislodgement => f.write_str("no self-dislodgement"),
            Failure::Paradox => f.write_str("paradox"),
            Failure::NotMatched => f.write_str("not matched"),
            Failure::Cut { by } => write!(f, "cut by {by}"),
            Failure::LineBlocked { at } => write!(f, "line blocked at {at}"),
            Failure::RemovedBloody => f.write_str("removed (bloody)"),
            Failure::Collision { at } => write!(f, "collision at {at}; removed"),
            Failure::Surplus => f.write_str("surplus order"),
            Failure::NotNeeded => f.write_str("not needed"),
        }
    }
}

impl fmt::Display for Void {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Void::Invalid(reason) => write!(f, "{reason}"),
            Void::NotARetreatOrder => f.write_str("not a retreat order"),
            Void::NotABuildStepOrder => f.write_str("not a build-step order"),
            Void::NotAnAdjustmentOrder => f.write_str("not an adjustment order"),
            Void::NoDislodgedPiece { color, square } => {
                write!(f, "no dislodged {color} piece on {square}")
            }
            Void::NoLegalRetreat { to } => write!(f, "no legal retreat to {to}"),
            Void::NotALostType { role } => write!(f, "{} is not a lost type", role.upper()),
            Void::NotEmptyFirstRank { square } => {
                write!(f, "{square} is not an empty square of the first rank")
            }
            Void::NoLostType => f.write_str("no lost type"),
            Void::NoDisbandable { piece } => write!(f, "no disbandable {piece}"),
            Void::KingCannotBeBuilt => f.write_str("a King cannot be built"),
            Void::AtInitialNumber { role } => {
                write!(f, "{} is at its initial number", role.upper())
            }
            Void::NotControlled { square } => {
                write!(f, "{square} is not an empty controlled square of that rank")
            }
            Void::NoAdjustmentDue => f.write_str("no adjustment due"),
        }
    }
}

impl fmt::Display for Consequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Consequence::DislodgedBy(by) => write!(f, "dislodged by {by}"),
            Consequence::Removed => f.write_str("removed"),
            Consequence::DefaultUsed => f.write_str("default used"),
            Consequence::ConvertedTo(role) => write!(f, "converted to {}", role.upper()),
            Consequence::PawnHeld => f.write_str("pawn held"),
        }
    }
}
