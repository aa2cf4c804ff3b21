//! The data of one movement phase being adjudicated: each order's kind, the move
//! components, the index-linked lists between them, and the state of every decision.

use crate::order::Order;
use crate::position::Position;
use crate::validity::{MoveSpec, VoidReason};
use board8::Square;
use diplo_core::Color;

/// One move component: a move order, or one half of a castling.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Comp {
    pub order: u16,
    pub spec: MoveSpec,
    pub value: i32,
    pub color: Color,
    /// The order whose move blocks this one (§5.1), or NONE.
    pub blocked_by: u16,
    /// The component of the opposing move in a head-to-head (§5.2), or NONE.
    pub h2h: u16,
    /// Next component with the same destination.
    pub next_into: u16,
    /// First support order of this move (then `next_sup`).
    pub sup_head: u16,
}

/// The static verdict on a support before any decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SupportStatic {
    /// Still depends on decisions: dislodgement and the end-of-movement line.
    Open,
    NotMatched,
    /// Cut by this component's move.
    Cut(u16),
    /// A piece that does not move stands on the line.
    LineBlocked(Square),
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    Hold,
    Void,
    Move(u16),
    Castle(u16, u16),
    Support {
        at: Square,
        target: Square,
        /// Value of the supporter.
        value: i32,
        color: Color,
        stat: SupportStatic,
    },
}

/// Where a decision stands in the resolver ([`resolve`](super::resolve)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Not looked at yet.
    Fresh,
    /// Being computed further up the recursion: read as unknown (a cycle).
    Active,
    /// Computed, but its equation does not settle it yet.
    Open,
    /// Settled for good.
    Done,
}

/// A decision's value while resolving: settled either way, or still unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tri {
    No,
    Yes,
    Unknown,
}

/// One movement phase being adjudicated.
pub(crate) struct Turn<'a> {
    pub position: &'a Position,
    pub orders: &'a [(Color, Order)],
    pub kinds: Vec<Kind>,
    pub voids: Vec<Option<VoidReason>>,
    pub comps: Vec<Comp>,
    /// The order of the piece standing on each square at the start, or NONE.
    pub order_at: [u16; 64],
    /// First component moving into each square.
    pub into_head: [u16; 64],
    /// First matched hold support of the piece on each square.
    pub hold_sup_head: [u16; 64],
    pub next_sup: Vec<u16>,
    pub state: Vec<State>,
    /// The value of each decision (during a cycle's enumeration, the trial values).
    pub val: Vec<Tri>,
    /// Decisions settled by the paradox rule (§5.7).
    pub paradox: Vec<bool>,
    /// Whether reading a fresh decision computes it (the first, recursive pass).
    pub recursing: bool,
    /// Decisions left open by the recursive pass.
    pub open: Vec<u16>,
    /// How many cycles were decided as a whole (§5.7), for the tests.
    pub cycles: u32,
}
