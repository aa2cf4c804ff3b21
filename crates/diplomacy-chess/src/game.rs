//! A game in one of the three modes (§1, §8–§10): reading a side's entries, playing a turn,
//! and the report that says what happened to every entry and why.

use crate::conditional::{Entry, EntryError};
pub use crate::mode::{Mode, ModeError};
use crate::notation::{san, OrderError};
use crate::order::Order;
use crate::position::Position;
pub use crate::report::{EntryOutcome, EntryReport, TurnReport};
use crate::resolve::{resolve, OrderOutcome};
use crate::terminal::{automatic_draw, mate_or_stalemate};
use crate::validity::{in_check, valid_orders, Rules};
use board8::{pawn_attacks, Bitboard, Board, CastlingRights, Role};
use diplo_core::{Color, GameResult, SimultaneousGame};

/// Why one side's entries were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
pub struct Orders {
    pub color: Color,
    /// The entries as parsed, with their text.
    pub entries: Vec<(Entry, String)>,
    /// Validated orders (basic and simultaneous-progressive), one per entry.
    pub orders: Vec<Order>,
    /// Canonical SAN of each validated order.
    pub san: Vec<String>,
}

/// What the repetition rule compares (§8.4).
type RepetitionKey = (Board, CastlingRights, u64);

fn repetition_key(pos: &Position) -> RepetitionKey {
    let mut ep = 0;
    for sq in Bitboard(pos.en_passant) {
        let capturer = if sq.rank() == 5 {
            Color::White
        } else {
            Color::Black
        };
        if pawn_attacks(!capturer, sq) & pos.board.pieces(capturer, Role::Pawn) != 0 {
            ep |= sq.bit();
        }
    }
    (pos.board.clone(), pos.castling, ep)
}

/// A game of Diplomacy Chess.
#[derive(Debug, Clone)]
pub struct Game {
    position: Position,
    mode: Mode,
    history: Vec<RepetitionKey>,
    result: Option<GameResult>,
}

impl Game {
    pub fn new(position: Position, mode: Mode) -> Game {
        let history = vec![repetition_key(&position)];
        Game {
            position,
            mode,
            history,
            result: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The entry counts the rules ask of each side this turn: (least, most).
    pub fn entry_count(&self) -> (usize, usize) {
        let n = self.position.turn as usize;
        match self.mode {
            Mode::Basic => (1, 1),
            Mode::Progressive => (n, n),
            Mode::SimultaneousProgressive => (1, n),
        }
    }

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
        let mut orders = Orders {
            color,
            entries,
            orders: Vec::new(),
            san: Vec::new(),
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

    /// Plays a turn with both sides' entries (read by [`Game::read_entries`] on this
    /// position). After the end of the game every entry is reported `game over`.
    pub fn play_turn(&mut self, white: &Orders, black: &Orders) -> TurnReport {
        if self.result.is_none() {
            self.result = mate_or_stalemate(&self.position);
        }
        if self.result.is_some() {
            let entries = [white, black]
                .iter()
                .flat_map(|o| {
                    o.entries
                        .iter()
                        .enumerate()
                        .map(|(i, (_, text))| EntryReport {
                            color: o.color,
                            index: i,
                            text: text.clone(),
                            outcome: EntryOutcome::GameOver,
                        })
                })
                .collect();
            return TurnReport {
                entries,
                result: self.result.clone(),
            };
        }
        let entries = match self.mode {
            Mode::Progressive => self.progressive(white, black),
            Mode::Basic | Mode::SimultaneousProgressive => self.together(white, black),
        };
        self.position.turn = self.position.turn.saturating_add(1);
        if self.result.is_none() {
            self.result = mate_or_stalemate(&self.position);
        }
        TurnReport {
            entries,
            result: self.result.clone(),
        }
    }

    /// Records the position after a turn (step) and judges the automatic draws.
    fn after_resolution(&mut self, next: Position) {
        self.position = next;
        let key = repetition_key(&self.position);
        let occurrences = 1 + self.history.iter().filter(|k| **k == key).count();
        self.history.push(key);
        self.result = automatic_draw(&self.position, occurrences);
    }

    fn together(&mut self, white: &Orders, black: &Orders) -> Vec<EntryReport> {
        let all: Vec<Order> = white.orders.iter().chain(&black.orders).copied().collect();
        let res = resolve(&self.position, &all);
        let mut reports = Vec::with_capacity(all.len());
        let mut k = 0;
        for side in [white, black] {
            for (i, text) in side.san.iter().enumerate() {
                reports.push(EntryReport {
                    color: side.color,
                    index: i,
                    text: text.clone(),
                    outcome: EntryOutcome::Resolved(
                        res.outcomes
                            .get(k)
                            .copied()
                            .unwrap_or(OrderOutcome::Executed),
                    ),
                });
                k += 1;
            }
        }
        self.after_resolution(res.position);
        reports
    }

    fn progressive(&mut self, white: &Orders, black: &Orders) -> Vec<EntryReport> {
        let steps = white.entries.len().max(black.entries.len());
        let mut executed: [Vec<bool>; 2] = [Vec::new(), Vec::new()];
        let mut reports = Vec::new();
        for k in 0..steps {
            if self.result.is_none() && k > 0 {
                self.result = mate_or_stalemate(&self.position);
            }
            if self.result.is_some() {
                for side in [white, black] {
                    for (i, (_, text)) in side.entries.iter().enumerate().skip(k) {
                        reports.push(EntryReport {
                            color: side.color,
                            index: i,
                            text: text.clone(),
                            outcome: EntryOutcome::GameOver,
                        });
                    }
                }
                reports.sort_by_key(|r| (r.index, r.color));
                return reports;
            }
            let mut orders: Vec<Order> = Vec::with_capacity(2);
            let mut step_reports: Vec<EntryReport> = Vec::with_capacity(2);
            for side in [white, black] {
                let Some((entry, _)) = side.entries.get(k) else {
                    continue;
                };
                let color = side.color;
                let (notation, text) = entry.choose(&self.position, &executed[color.index()]);
                let mut valid = Vec::new();
                valid_orders(&self.position, color, Rules::BASIC, &mut valid);
                match notation.select(text, &valid) {
                    Ok(order) => {
                        step_reports.push(EntryReport {
                            color,
                            index: k,
                            text: san(&self.position, &order, &valid),
                            outcome: EntryOutcome::Resolved(OrderOutcome::Executed),
                        });
                        orders.push(order);
                    }
                    Err(e) => step_reports.push(EntryReport {
                        color,
                        index: k,
                        text: text.to_string(),
                        outcome: EntryOutcome::Invalid(e.to_string()),
                    }),
                }
            }
            let res = resolve(&self.position, &orders);
            let mut j = 0;
            for r in &mut step_reports {
                if matches!(r.outcome, EntryOutcome::Resolved(_)) {
                    if let Some(o) = res.outcomes.get(j) {
                        r.outcome = EntryOutcome::Resolved(*o);
                    }
                    j += 1;
                }
                executed[r.color.index()].push(r.executed());
            }
            // A side without a k-th entry still needs its slot for later `executed` checks.
            for side in [white, black] {
                let e = &mut executed[side.color.index()];
                while e.len() < k + 1 {
                    e.push(false);
                }
            }
            reports.extend(step_reports);
            self.after_resolution(res.position);
        }
        reports
    }

    /// The result if the rules have ended the game (judged at the start of the next turn).
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Checks the result at the start of the next turn without playing it.
    pub fn refresh_result(&mut self) {
        if self.result.is_none() {
            self.result = mate_or_stalemate(&self.position);
        }
    }
}

impl SimultaneousGame for Game {
    type Orders = Orders;
    type Resolution = TurnReport;
    type Error = TurnError;

    fn phase(&self) -> String {
        format!("turn {}", self.position.turn)
    }

    fn parse_orders(&self, side: Color, entries: &[&str]) -> Result<Orders, TurnError> {
        let (least, most) = self.entry_count();
        if entries.len() < least || entries.len() > most {
            let expected = if least == most {
                least.to_string()
            } else {
                format!("{least} to {most}")
            };
            return Err(TurnError::Count {
                expected,
                got: entries.len(),
            });
        }
        self.read_entries(side, entries)
    }

    fn resolve(&mut self, white: &Orders, black: &Orders) -> TurnReport {
        self.play_turn(white, black)
    }

    fn result(&self) -> Option<GameResult> {
        self.result.clone()
    }

    fn position_string(&self) -> String {
        self.position.to_string()
    }
}
