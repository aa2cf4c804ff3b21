//! The two faces a [`crate::Session`] shows, whichever game it holds: [`SequentialSession`]
//! for games in which the sides take turns, [`SimultaneousSession`] for games in which both
//! give orders at once. Each is implemented once, for the generic game of its kind.

use diplo_core::sequential::{divide, perft};
use diplo_core::simultaneous::{PhaseRecord, PlayError};
use diplo_core::{
    Color, GameResult, MoveError, Phase, SequentialGame, SequentialPosition, SimultaneousGame,
    SimultaneousPosition,
};

/// A move as people and tools see it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveInfo {
    /// Coordinate notation (`d2d3`, `n2a3`, `H@c2`).
    pub coordinate: String,
    /// Canonical SAN in the position the move is (or was) played from.
    pub san: String,
}

/// A game in which the sides take turns.
pub trait SequentialSession: Send + Sync {
    fn side_to_move(&self) -> Color;
    /// The full-move number of the current position.
    fn fullmove(&self) -> u32;
    fn is_check(&self) -> bool;
    /// The legal moves of the current position in generation order: the pure move tree, which
    /// draws by repetition do not empty.
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// Reads a move in SAN or coordinates and plays it.
    fn play(&mut self, text: &str) -> Result<MoveInfo, MoveError>;
    /// Takes back the last move (and a result decided outside the rules); `false` if none.
    fn undo(&mut self) -> bool;
    /// The moves played so far.
    fn moves(&self) -> Vec<MoveInfo>;
    /// Leaf count of the legal move tree from the current position.
    fn perft(&self, depth: u32) -> u64;
    /// Per root move (coordinate notation), the leaf count below it.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
}

fn move_info<P: SequentialPosition>(position: &P, mv: P::Move) -> MoveInfo {
    MoveInfo {
        coordinate: mv.to_string(),
        san: position.san(mv),
    }
}

impl<P: SequentialPosition> SequentialSession for SequentialGame<P> {
    fn side_to_move(&self) -> Color {
        SequentialGame::side_to_move(self)
    }

    fn fullmove(&self) -> u32 {
        self.position().fullmove()
    }

    fn is_check(&self) -> bool {
        self.position().is_check()
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        let position = self.position();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| move_info(position, mv))
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<MoveInfo, MoveError> {
        let before = self.position().clone();
        let mv = self.play_text(text)?;
        Ok(move_info(&before, mv))
    }

    fn undo(&mut self) -> bool {
        SequentialGame::undo(self)
    }

    fn moves(&self) -> Vec<MoveInfo> {
        self.positions()
            .iter()
            .zip(SequentialGame::moves(self))
            .map(|(position, &mv)| move_info(position, mv))
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self.position(), depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        divide(self.position(), depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect()
    }
}

/// One played phase of a simultaneous game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PhaseView {
    pub phase: Phase,
    /// Each side's orders as given (canonical text).
    pub white: Vec<String>,
    pub black: Vec<String>,
    /// What the adjudication did: the lines of `diplo adjudicate`'s output.
    pub report: Vec<String>,
    /// The same told to the players: each order with the whole reason, then what the next
    /// phase asks.
    pub explanation: Vec<String>,
}

impl PhaseView {
    pub fn orders(&self, side: Color) -> &[String] {
        side.fold(&self.white, &self.black)
    }
}

/// Why an order, or a side's orders, were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// The order cannot be read, or is not one the side may give now.
    #[error("{0}")]
    Order(String),
    /// The orders cannot be given together: too many or too few, two for one piece, or a
    /// set the phase does not take.
    #[error("{0}")]
    Set(String),
}

/// Why a phase was not resolved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// One side's orders are not valid here; nothing was resolved.
    #[error("{side}: {error}")]
    Orders { side: Color, error: OrderError },
    #[error("the game is over ({0})")]
    Over(GameResult),
}

/// A game in which both sides give their orders at once.
pub trait SimultaneousSession: Send + Sync {
    /// The phase waiting for orders.
    fn phase(&self) -> Phase;
    /// Whether `side` has anything to decide now (never once the game is over).
    fn owes_orders(&self, side: Color) -> bool;
    /// How many orders `side` may give now: (least, most).
    fn order_count(&self, side: Color) -> (usize, usize);
    /// Reads one order of `side` and checks it on its own; returns its canonical text.
    fn check_order(&self, side: Color, text: &str) -> Result<String, OrderError>;
    /// Checks one more order of `side` as a player types it, after the orders `before`
    /// (canonical texts already taken this phase): readable, possible now, and not at odds
    /// with the others in a way more orders could not mend (the position's `check_next`).
    /// Returns its canonical text, or why it is refused.
    fn check_next_order(
        &self,
        side: Color,
        before: &[String],
        text: &str,
    ) -> Result<String, OrderError>;
    /// Checks a side's whole set of orders for this phase.
    fn check_orders(&self, side: Color, orders: &[String]) -> Result<(), OrderError>;
    /// Every order `side` may give now, in canonical text.
    fn legal_orders(&self, side: Color) -> Vec<String>;
    /// The orders a side that sends none gets.
    fn default_orders(&self, side: Color) -> Vec<String>;
    /// What happens in this phase to a side that sends no orders, told to the players:
    /// `Black sent no orders: its pieces held`.
    fn no_orders(&self, side: Color) -> String;
    /// Resolves the phase. `None` for a side means its default orders (a side that owes
    /// nothing, or missed its deadline).
    fn resolve(
        &mut self,
        white: Option<&[String]>,
        black: Option<&[String]>,
    ) -> Result<PhaseView, ResolveError>;
    /// Every phase played so far.
    fn phases(&self) -> Vec<PhaseView>;
}

/// Reads each text as an order of `side`: the first that cannot be read is the error.
fn read_each<S: SimultaneousPosition>(
    position: &S,
    side: Color,
    texts: &[String],
) -> Result<Vec<S::Order>, OrderError> {
    texts
        .iter()
        .map(|t| {
            position
                .parse_order(side, t)
                .map_err(|e| OrderError::Order(e.to_string()))
        })
        .collect()
}

/// Reads and checks a side's whole set (as the game reads a set, so that its error names
/// the order at fault); the error is the set's unless one of the orders is unreadable on
/// its own.
fn read_set<S: SimultaneousPosition>(
    position: &S,
    side: Color,
    texts: &[String],
) -> Result<S::Orders, OrderError> {
    position.read_orders(side, texts).map_err(|e| {
        let message = e.to_string();
        if texts.iter().all(|t| position.parse_order(side, t).is_ok()) {
            OrderError::Set(message)
        } else {
            OrderError::Order(message)
        }
    })
}

/// A played phase as people see it; `after` is the position it led to.
fn phase_view<S: SimultaneousPosition>(record: &PhaseRecord<S>, after: &S) -> PhaseView {
    let before = &record.before;
    let texts = |orders: &S::Orders| {
        before
            .orders_of(orders)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    PhaseView {
        phase: before.phase(),
        white: texts(&record.white),
        black: texts(&record.black),
        report: record
            .resolution
            .to_string()
            .lines()
            .map(str::to_string)
            .collect(),
        explanation: after.explain(&record.resolution),
    }
}

impl<S: SimultaneousPosition> SimultaneousSession for SimultaneousGame<S> {
    fn phase(&self) -> Phase {
        SimultaneousGame::phase(self)
    }

    fn owes_orders(&self, side: Color) -> bool {
        SimultaneousGame::owes_orders(self, side)
    }

    fn order_count(&self, side: Color) -> (usize, usize) {
        self.position().order_count(side)
    }

    fn check_order(&self, side: Color, text: &str) -> Result<String, OrderError> {
        let order = self
            .position()
            .parse_order(side, text)
            .map_err(|e| OrderError::Order(e.to_string()))?;
        Ok(order.to_string())
    }

    fn check_next_order(
        &self,
        side: Color,
        before: &[String],
        text: &str,
    ) -> Result<String, OrderError> {
        let position = self.position();
        let before = read_each(position, side, before)?;
        let order = position
            .parse_order(side, text)
            .map_err(|e| OrderError::Order(e.to_string()))?;
        position
            .check_next(side, &before, &order)
            .map_err(OrderError::Set)?;
        Ok(order.to_string())
    }

    fn check_orders(&self, side: Color, orders: &[String]) -> Result<(), OrderError> {
        read_set(self.position(), side, orders).map(|_| ())
    }

    fn legal_orders(&self, side: Color) -> Vec<String> {
        let mut orders = Vec::new();
        self.position().legal_orders(side, &mut orders);
        orders.iter().map(ToString::to_string).collect()
    }

    fn default_orders(&self, side: Color) -> Vec<String> {
        let position = self.position();
        let defaults = position.default_orders(side);
        position
            .orders_of(&defaults)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn no_orders(&self, side: Color) -> String {
        let name = side.fold("White", "Black");
        let what = self.position().without_orders(side);
        format!("{name} sent no orders: {what}")
    }

    fn resolve(
        &mut self,
        white: Option<&[String]>,
        black: Option<&[String]>,
    ) -> Result<PhaseView, ResolveError> {
        let position = self.position();
        let read = |side: Color, texts: Option<&[String]>| match texts {
            Some(texts) => read_set(position, side, texts)
                .map_err(|error| ResolveError::Orders { side, error }),
            None => Ok(position.default_orders(side)),
        };
        let (w, b) = (read(Color::White, white)?, read(Color::Black, black)?);
        self.play(w, b).map_err(|e| match e {
            PlayError::Over(result) => ResolveError::Over(result),
        })?;
        let record = self.phases().last().expect("a phase was just played");
        Ok(phase_view(record, self.position()))
    }

    fn phases(&self) -> Vec<PhaseView> {
        let phases = SimultaneousGame::phases(self);
        phases
            .iter()
            .enumerate()
            .map(|(i, record)| {
                let after = phases.get(i + 1).map_or(self.position(), |p| &p.before);
                phase_view(record, after)
            })
            .collect()
    }
}
