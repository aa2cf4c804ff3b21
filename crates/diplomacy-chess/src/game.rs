//! Reading one side's entries for a turn (§3, §10.2, §11): the checked [`Orders`] that a
//! turn is resolved with, and why entries are refused. The turn itself is
//! [`State::resolve`](crate::State) (`src/state.rs`).

use crate::conditional::{Entry, EntryError};
pub use crate::mode::{Mode, ModeError};
use crate::notation::{san, OrderError};
use crate::order::Order;
pub use crate::report::{EntryOutcome, EntryReport, TurnReport};
pub use crate::state::{Game, State};
use crate::validity::{in_check, valid_orders, Rules};
use diplo_core::Color;

/// Why one side's entries were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum TurnError {
    #[error("entry {index} `{text}`: {error}")]
    Entry {
        index: usize,
        text: String,
        error: EntryError,
    },
    #[error("entry {index} `{text}`: {error}")]
    Order {
        index: usize,
        text: String,
        error: OrderError,
    },
    #[error("entry {index} `{text}`: conditional entries exist only in progressive mode")]
    Conditional { index: usize, text: String },
    #[error("entry {index} `{text}`: that piece already has an order")]
    SamePiece { index: usize, text: String },
    #[error("the king is in check and no entry answers it")]
    Check,
    #[error("{got} entries given, {expected} expected")]
    Count { expected: String, got: usize },
    /// One entry read on its own ([`State::parse_order`](crate::State)): unreadable.
    #[error("`{text}`: {error}")]
    Unreadable { text: String, error: EntryError },
    /// One entry read on its own: a conditional outside progressive mode.
    #[error("`{text}`: conditional entries exist only in progressive mode")]
    ConditionalHere { text: String },
    /// One entry read on its own: it names more than one valid order (basic mode).
    #[error(transparent)]
    Invalid(OrderError),
    /// One entry read on its own names no valid order (basic mode), or none valid with the
    /// side's own pieces passable (simultaneous-progressive): why not.
    #[error("`{text}`: {reason}")]
    Refused { text: String, reason: String },
}

impl TurnError {
    /// The 1-based number of the entry at fault, if one is.
    pub fn entry(&self) -> Option<usize> {
        match self {
            TurnError::Entry { index, .. }
            | TurnError::Order { index, .. }
            | TurnError::Conditional { index, .. }
            | TurnError::SamePiece { index, .. } => Some(*index),
            _ => None,
        }
    }
}

/// One side's entries for a turn, read (and in basic and simultaneous-progressive mode
/// validated) on the position they were given in.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Orders {
    pub color: Color,
    /// The entries as parsed, with their text.
    pub entries: Vec<(Entry, String)>,
    /// Validated orders (basic and simultaneous-progressive), one per entry.
    pub orders: Vec<Order>,
    /// Canonical SAN of each validated order.
    pub san: Vec<String>,
    /// The entries alone, in the order given (what [`State::orders_of`](crate::State) lends).
    pub given: Vec<Entry>,
}

impl Orders {
    /// No entry at all: what a side that sends nothing gets (its pieces stand still).
    pub fn none(color: Color) -> Orders {
        Orders {
            color,
            entries: Vec::new(),
            orders: Vec::new(),
            san: Vec::new(),
            given: Vec::new(),
        }
    }
}

impl State {
    /// Reads one side's entries without checking their number against the turn (the
    /// `adjudicate` command, §12.3).
    pub fn read_entries<S: AsRef<str>>(
        &self,
        color: Color,
        texts: &[S],
    ) -> Result<Orders, TurnError> {
        let mut entries = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            let text = text.as_ref().trim();
            let entry = Entry::parse(text, i + 1).map_err(|error| TurnError::Entry {
                index: i + 1,
                text: text.to_string(),
                error,
            })?;
            if entry.is_conditional() && self.mode != Mode::Progressive {
                return Err(TurnError::Conditional {
                    index: i + 1,
                    text: text.to_string(),
                });
            }
            entries.push((entry, text.to_string()));
        }
        self.validate(color, entries)
    }

    fn validate(&self, color: Color, entries: Vec<(Entry, String)>) -> Result<Orders, TurnError> {
        let given = entries.iter().map(|(e, _)| e.clone()).collect();
        let mut orders = Orders {
            color,
            entries,
            orders: Vec::new(),
            san: Vec::new(),
            given,
        };
        match self.mode {
            Mode::Progressive => {}
            Mode::Basic => self.validate_basic(&mut orders)?,
            Mode::SimultaneousProgressive => self.validate_set(&mut orders)?,
        }
        Ok(orders)
    }

    fn validate_basic(&self, orders: &mut Orders) -> Result<(), TurnError> {
        let mut valid = Vec::new();
        valid_orders(&self.position, orders.color, Rules::BASIC, &mut valid);
        for (i, (entry, text)) in orders.entries.iter().enumerate() {
            let (notation, _) = entry.choose(&self.position, &[]);
            let order = notation
                .select(text, &valid)
                .map_err(|error| TurnError::Order {
                    index: i + 1,
                    text: text.clone(),
                    error,
                })?;
            orders.san.push(san(&self.position, &order, &valid));
            orders.orders.push(order);
        }
        Ok(())
    }

    /// §10.2: own pieces that move in the set may be passed or replaced, whatever the
    /// pattern; the ticks decide whether they have left in time.
    fn validate_set(&self, orders: &mut Orders) -> Result<(), TurnError> {
        let pos = &self.position;
        let color = orders.color;
        // Which pieces move depends on how the entries read, and that depends on which own
        // pieces may be passed. Growing from none finds chains (one piece leaves a square
        // that another then passes); where each order needs another's piece to move first —
        // swaps, rotations — only shrinking from all of them finds the set. Either way the
        // orders are checked one by one below.
        let (mut chosen, mut valid) = self.read_set(orders, 0);
        if chosen.iter().any(Result::is_err) {
            let (all, all_valid) = self.read_set(orders, pos.board.by_color(color));
            if all.iter().all(Result::is_ok) {
                (chosen, valid) = (all, all_valid);
            }
        }
        let mut used = 0u64;
        for (i, (result, (_, text))) in chosen.into_iter().zip(&orders.entries).enumerate() {
            let order = result.map_err(|error| TurnError::Order {
                index: i + 1,
                text: text.clone(),
                error,
            })?;
            // Each order may pass only pieces that other orders of the set move.
            let mut pieces = order.from.bit();
            if let Some((rook, _)) = order.castle_rook() {
                pieces |= rook.bit();
            }
            if used & pieces != 0 {
                return Err(TurnError::SamePiece {
                    index: i + 1,
                    text: text.clone(),
                });
            }
            used |= pieces;
            orders.san.push(san(pos, &order, &valid));
            orders.orders.push(order);
        }
        let mut own_check = Vec::new();
        for (i, order) in orders.orders.iter().enumerate() {
            let mut others = 0u64;
            for (j, o) in orders.orders.iter().enumerate() {
                if i != j {
                    others |= o.from.bit();
                    if let Some((rook, _)) = o.castle_rook() {
                        others |= rook.bit();
                    }
                }
            }
            let mut alone = Vec::new();
            let rules = Rules {
                transparent: others,
                static_safety: false,
            };
            valid_orders(pos, color, rules, &mut alone);
            if !alone.contains(order) {
                return Err(TurnError::Order {
                    index: i + 1,
                    text: orders.entries[i].1.clone(),
                    error: OrderError::Invalid(orders.entries[i].1.clone()),
                });
            }
        }
        if in_check(pos, color) {
            valid_orders(pos, color, Rules::BASIC, &mut own_check);
            if !orders.orders.iter().any(|o| own_check.contains(o)) {
                return Err(TurnError::Check);
            }
        }
        Ok(())
    }

    /// Reads the entries of a set with the own pieces that move in it transparent (§10.2),
    /// starting from `start`: from no piece, the set of transparent pieces grows to the
    /// pieces the entries move; from all own pieces, it shrinks to them. Returns each
    /// entry's order and the valid orders it was read against.
    fn read_set(
        &self,
        orders: &Orders,
        start: u64,
    ) -> (Vec<Result<Order, OrderError>>, Vec<Order>) {
        let pos = &self.position;
        let growing = start == 0;
        let mut transparent = start;
        let mut valid = Vec::new();
        loop {
            valid.clear();
            let rules = Rules {
                transparent,
                static_safety: false,
            };
            valid_orders(pos, orders.color, rules, &mut valid);
            let chosen: Vec<Result<Order, OrderError>> = orders
                .entries
                .iter()
                .map(|(e, text)| e.choose(pos, &[]).0.select(text, &valid))
                .collect();
            let mut moving = 0u64;
            for o in chosen.iter().flatten() {
                moving |= o.from.bit();
                if let Some((rook, _)) = o.castle_rook() {
                    moving |= rook.bit();
                }
            }
            // Each step adds or removes at least one of at most 16 pieces: this ends.
            let next = if growing {
                transparent | moving
            } else {
                transparent & moving
            };
            if next == transparent {
                return (chosen, valid);
            }
            transparent = next;
        }
    }

    /// Checks entries already read, as [`State::read_entries`] checks them once parsed: each
    /// one's `executed` conditions against its place, conditionals only in progressive mode,
    /// then the orders themselves. Each entry's text is its display.
    pub fn check_entries(&self, color: Color, entries: &[Entry]) -> Result<Orders, TurnError> {
        let mut read = Vec::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            let text = entry.to_string();
            if let Err(error) = entry.check_step(i + 1) {
                return Err(TurnError::Entry {
                    index: i + 1,
                    text,
                    error,
                });
            }
            if entry.is_conditional() && self.mode != Mode::Progressive {
                return Err(TurnError::Conditional { index: i + 1, text });
            }
            read.push((entry.clone(), text));
        }
        self.validate(color, read)
    }
}
