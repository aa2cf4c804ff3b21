//! Games in which both sides give their orders at the same time and one adjudication
//! resolves the phase (Diplomacy Chess, DiploChess): the position trait that order
//! enumeration, search and the sessions share, and the generic [`Game`] on top.

mod game;

pub use game::{Game, PhaseRecord, PlayError};

use crate::{Color, GameRules, Status};
use std::fmt;
use std::hash::Hash;

/// What kind of phase asks for orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum PhaseKind {
    /// A whole turn resolved at once (Diplomacy Chess).
    Turn,
    Movement,
    Retreats,
    Builds,
    Adjustments,
}

impl PhaseKind {
    pub const fn name(self) -> &'static str {
        match self {
            PhaseKind::Turn => "turn",
            PhaseKind::Movement => "movement",
            PhaseKind::Retreats => "retreats",
            PhaseKind::Builds => "builds",
            PhaseKind::Adjustments => "adjustments",
        }
    }
}

/// The phase now waiting for orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Phase {
    /// The number of the turn the phase belongs to (1 = first).
    pub turn: u32,
    pub kind: PhaseKind,
}

impl fmt::Display for Phase {
    /// `turn 3`, or `turn 3 retreats` for a phase within a turn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PhaseKind::Turn => write!(f, "turn {}", self.turn),
            kind => write!(f, "turn {} {}", self.turn, kind.name()),
        }
    }
}

/// The positions a game has reached, for the repetition rules: [`SimultaneousPosition::resolve`]
/// reports every position the rules count and learns how often it has now occurred.
pub trait Repetitions<S> {
    /// Notes that `position` was reached; returns how many times it has now occurred.
    fn reached(&mut self, position: &S) -> usize;
}

/// No history: every position is new (search, one-off adjudication).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHistory;

impl<S> Repetitions<S> for NoHistory {
    fn reached(&mut self, _position: &S) -> usize {
        1
    }
}

/// A game's history: every position reached so far, compared by hash and then exactly.
impl<S: SimultaneousPosition> Repetitions<S> for Vec<S> {
    fn reached(&mut self, position: &S) -> usize {
        let hash = position.hash();
        let before = self
            .iter()
            .filter(|p| p.hash() == hash && p.same_for_repetition(position))
            .count();
        self.push(position.clone());
        before + 1
    }
}

/// The state of a simultaneous game between two adjudications: the board and whatever the
/// phase needs (pending retreats, the turn number, a draw already judged).
pub trait SimultaneousPosition:
    Clone + PartialEq + fmt::Display + fmt::Debug + Send + Sync + 'static
{
    type Rules: GameRules;
    /// One order (or entry) as a player gives it, already read from text.
    type Order: Clone + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// One side's orders for a phase, checked together and ready to resolve.
    type Orders: Clone + fmt::Debug + Send + Sync + 'static;
    /// What the adjudication did, with the reason for every order that failed. `Display`
    /// writes the lines of `diplo adjudicate`'s output for the orders.
    type Resolution: Clone + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// Why a position string was refused.
    type ParseError: std::error::Error + Send + Sync + 'static;
    /// Why an order or a side's set of orders was refused (cannot parse, not valid here).
    type OrderError: std::error::Error + Send + Sync + 'static;

    /// The standard start under these rules.
    fn start(rules: Self::Rules) -> Self;
    /// Reads a position string under these rules.
    fn parse(text: &str, rules: Self::Rules) -> Result<Self, Self::ParseError>;
    fn rules(&self) -> Self::Rules;

    /// The phase waiting for orders (meaningless once [`SimultaneousPosition::status`] says
    /// the game is over).
    fn phase(&self) -> Phase;
    /// Whether `side` has anything to decide in this phase. A side that owes nothing gets
    /// its default orders.
    fn owes_orders(&self, side: Color) -> bool;
    /// How many orders `side` may give in this phase: (least, most).
    fn order_count(&self, side: Color) -> (usize, usize);

    /// Reads one order of `side` for this phase and checks it on its own.
    fn parse_order(&self, side: Color, text: &str) -> Result<Self::Order, Self::OrderError>;
    /// Replaces the contents of `orders` with every order `side` may give in this phase,
    /// each one valid in at least one acceptable set; [`SimultaneousPosition::check_orders`]
    /// decides whole sets.
    fn legal_orders(&self, side: Color, orders: &mut Vec<Self::Order>);
    /// Checks one side's orders for this phase as a whole.
    fn check_orders(
        &self,
        side: Color,
        orders: &[Self::Order],
    ) -> Result<Self::Orders, Self::OrderError>;
    /// Reads and checks one side's orders for this phase from their texts, the whole set at
    /// once; an error names the order at fault.
    fn read_orders<T: AsRef<str>>(
        &self,
        side: Color,
        texts: &[T],
    ) -> Result<Self::Orders, Self::OrderError> {
        let orders = texts
            .iter()
            .map(|t| self.parse_order(side, t.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        self.check_orders(side, &orders)
    }
    /// Checks one more order of `side`, read by [`SimultaneousPosition::parse_order`], as a
    /// player gives it after the orders `before` already taken this phase. It says at once
    /// what no further order can mend: more orders than the phase takes, two for one piece,
    /// and, where a game's rules take impossible orders as void, an impossible one (an
    /// interface refuses what the rules would only report). What more orders may still
    /// settle (too few yet, a check not answered yet) waits for
    /// [`SimultaneousPosition::check_orders`]. `Err` is the reason, for the player.
    ///
    /// The default counts the orders, then checks the set once it is long enough.
    fn check_next(
        &self,
        side: Color,
        before: &[Self::Order],
        next: &Self::Order,
    ) -> Result<(), String> {
        let (least, most) = self.order_count(side);
        let count = before.len() + 1;
        if count > most {
            return Err(match most {
                0 => "no orders are due from this side now".to_string(),
                1 => "only one order is due now".to_string(),
                n => format!("at most {n} orders are due now"),
            });
        }
        if count < least {
            return Ok(());
        }
        let mut all = before.to_vec();
        all.push(next.clone());
        self.check_orders(side, &all)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    /// The orders of a side that sends none (or misses its deadline).
    fn default_orders(&self, side: Color) -> Self::Orders;
    /// What the rules do in this phase with the pieces of a side that gives no orders, as
    /// players are told it after "Black sent no orders: " (`its pieces held`).
    fn without_orders(&self, _side: Color) -> &'static str {
        "its pieces held"
    }
    /// The orders of a checked set, in the order they were given.
    fn orders_of<'a>(&self, orders: &'a Self::Orders) -> &'a [Self::Order];

    /// Resolves the phase: a pure function of the position, both sides' orders and the
    /// positions reached before (for the repetition rules). Runs on through the phases in
    /// which nobody has anything to decide.
    fn resolve(
        &self,
        white: &Self::Orders,
        black: &Self::Orders,
        history: &mut dyn Repetitions<Self>,
    ) -> (Self, Self::Resolution);

    /// The Zobrist hash of everything the repetition rule compares.
    fn hash(&self) -> u64;
    /// Whether two positions are the same for the repetition rule (decides on equal hashes).
    fn same_for_repetition(&self, other: &Self) -> bool;
    /// The rules' verdict.
    fn status(&self) -> Status;

    /// What an adjudication did, told to the players: one line per order with the whole
    /// reason, then what the next phase asks. `self` is the position the resolution led to.
    fn explain(&self, resolution: &Self::Resolution) -> Vec<String> {
        resolution.to_string().lines().map(str::to_string).collect()
    }

    /// Writes one played phase of a game record: `self` is the position the orders were
    /// given in, `resolution` what the game's adjudication of them did (with the game's
    /// history, so a record can write each order as it was played). Records written this
    /// way replay with the game's record reader.
    fn write_phase(
        &self,
        white: &Self::Orders,
        black: &Self::Orders,
        resolution: &Self::Resolution,
        out: &mut String,
    );
}
