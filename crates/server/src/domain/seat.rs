//! A game's status, who sits at each side, and what each side has saved (and whether it is
//! ready): typed here, kept as text and integers by the store.

use diplo_core::Color;
use diplo_engine::{PlayerSpec, SpecError};
use std::borrow::Cow;

/// What the store keeps, and the API shows, as the player of a side a person plays.
pub const HUMAN: &str = "human";

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The second seat is free: the game waits for its invited player.
    Waiting,
    Active,
    Finished,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Waiting, Status::Active, Status::Finished];

    /// The text the store and the API use.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Active => "active",
            Status::Finished => "finished",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// One value per side.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BySide<T> {
    pub white: T,
    pub black: T,
}

impl<T> BySide<T> {
    pub fn new(white: T, black: T) -> BySide<T> {
        BySide { white, black }
    }

    pub fn get(&self, side: Color) -> &T {
        side.fold(&self.white, &self.black)
    }

    pub fn get_mut(&mut self, side: Color) -> &mut T {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// Who plays a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// A person, known by the SHA-256 of its token once seated (`None`: the seat is free).
    Person { token: Option<String> },
    /// A computer opponent.
    Engine(PlayerSpec),
}

impl Seat {
    /// The seat as the store keeps it: `human` or the engine's spec.
    pub fn from_player(player: &str, token: Option<String>) -> Result<Seat, SpecError> {
        if player == HUMAN {
            return Ok(Seat::Person { token });
        }
        let spec: PlayerSpec = player.parse()?;
        Ok(if spec.is_human() {
            Seat::Person { token }
        } else {
            Seat::Engine(spec)
        })
    }

    /// The player's name as the store keeps it and the API shows it.
    pub fn player(&self) -> Cow<'static, str> {
        match self {
            Seat::Person { .. } => Cow::Borrowed(HUMAN),
            Seat::Engine(spec) => Cow::Owned(spec.to_string()),
        }
    }

    /// The hash of the seated person's token.
    pub fn token(&self) -> Option<&str> {
        match self {
            Seat::Person { token } => token.as_deref(),
            Seat::Engine(_) => None,
        }
    }

    /// Whether someone sits here (a person with a token, or the engine).
    pub fn is_taken(&self) -> bool {
        match self {
            Seat::Person { token } => token.is_some(),
            Seat::Engine(_) => true,
        }
    }

    pub fn engine(&self) -> Option<PlayerSpec> {
        match self {
            Seat::Engine(spec) => Some(*spec),
            Seat::Person { .. } => None,
        }
    }
}

/// What a side has saved for the current phase (`None` beside it: nothing), and whether it is
/// ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub orders: Saved,
    /// Ready (v2's "sealed"): the phase resolves as soon as every side that owes orders is
    /// ready. Not ready: the orders are kept as they are entered, for more to come, and are
    /// used at the deadline.
    pub ready: bool,
}

/// A side's saved orders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// The orders, in canonical text.
    Orders(Vec<String>),
    /// Saved in the store but not read: a game read for a view, which shows only whether a
    /// side is ready (its author's view reads its own orders). A change reads them all.
    Unread,
}

impl Sealed {
    /// Orders the side is ready with.
    pub fn ready(orders: Vec<String>) -> Sealed {
        Sealed {
            orders: Saved::Orders(orders),
            ready: true,
        }
    }

    /// Orders saved without being ready.
    pub fn draft(orders: Vec<String>) -> Sealed {
        Sealed {
            orders: Saved::Orders(orders),
            ready: false,
        }
    }

    /// Saved orders known to the store only.
    pub fn unread(ready: bool) -> Sealed {
        Sealed {
            orders: Saved::Unread,
            ready,
        }
    }

    /// The orders, once read.
    pub fn orders(&self) -> Option<&Vec<String>> {
        match &self.orders {
            Saved::Orders(orders) => Some(orders),
            Saved::Unread => None,
        }
    }
}
