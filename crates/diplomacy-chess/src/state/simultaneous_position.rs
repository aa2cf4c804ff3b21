//! [`State`] as Diplomacy Chess's [`SimultaneousPosition`]: reading and checking entries,
//! the legal orders, playing a turn, repetition and the record.

use super::repetition::{capturable_en_passant, repetition_hash};
use super::turn::{game_over, Turn};
use super::State;
use crate::conditional::Entry;
use crate::game::{EntryOutcome, Orders, TurnError, TurnReport};
use crate::mode::Mode;
use crate::notation::OrderError;
use crate::position::{Position, PositionError};
use crate::terminal::mate_or_stalemate;
use crate::validity::{refusal, valid_orders, Rules};
use diplo_core::{Color, Phase, PhaseKind, Repetitions, SimultaneousPosition, Status};
use std::sync::OnceLock;

impl SimultaneousPosition for State {
    type Rules = Mode;
    type Order = Entry;
    type Orders = Orders;
    type Resolution = TurnReport;
    type ParseError = PositionError;
    type OrderError = TurnError;

    fn start(mode: Mode) -> State {
        State::new(Position::start(), mode)
    }

    fn parse(text: &str, mode: Mode) -> Result<State, PositionError> {
        Ok(State::new(text.parse()?, mode))
    }

    fn rules(&self) -> Mode {
        self.mode
    }

    fn phase(&self) -> Phase {
        Phase {
            turn: self.position.turn,
            kind: PhaseKind::Turn,
        }
    }

    /// Both sides give orders every turn while the game goes on.
    fn owes_orders(&self, _side: Color) -> bool {
        self.result.is_none()
    }

    fn order_count(&self, _side: Color) -> (usize, usize) {
        self.entry_count()
    }

    /// Reads one entry. In basic mode it must name a valid order; in
    /// simultaneous-progressive mode an order valid in some set (own pieces passable; an
    /// ambiguity is left to the set); in progressive mode any readable entry will do, since
    /// its step decides (an `executed` condition is checked against its place by
    /// [`SimultaneousPosition::check_orders`]).
    /// The whole set read as `replay` reads it, so that an error names its entry.
    fn read_orders<T: AsRef<str>>(&self, side: Color, texts: &[T]) -> Result<Orders, TurnError> {
        self.parse_orders(side, texts)
    }

    fn parse_order(&self, side: Color, text: &str) -> Result<Entry, TurnError> {
        let text = text.trim();
        let entry = Entry::read(text).map_err(|error| TurnError::Unreadable {
            text: text.to_string(),
            error,
        })?;
        if self.mode == Mode::Progressive {
            return Ok(entry);
        }
        if entry.is_conditional() {
            return Err(TurnError::ConditionalHere {
                text: text.to_string(),
            });
        }
        let (notation, move_text) = entry.choose(&self.position, &[]);
        let mut valid = Vec::new();
        let rules = match self.mode {
            Mode::SimultaneousProgressive => Rules {
                transparent: self.position.board.by_color(side),
                static_safety: false,
            },
            _ => Rules::BASIC,
        };
        valid_orders(&self.position, side, rules, &mut valid);
        match notation.select(move_text, &valid) {
            Ok(_) => Ok(entry),
            Err(OrderError::Ambiguous(..)) if self.mode != Mode::Basic => Ok(entry),
            Err(OrderError::Invalid(text)) => Err(TurnError::Refused {
                reason: refusal(&self.position, side, notation, rules),
                text,
            }),
            Err(error) => Err(TurnError::Invalid(error)),
        }
    }

    /// The count against the turn, then the set so far as [`State::check_entries`] checks
    /// it. In simultaneous-progressive mode an order that needs an own piece out of its way,
    /// or a set that does not answer a check yet, may still be completed by later entries
    /// (§10.2): [`SimultaneousPosition::check_orders`] judges the whole set.
    fn check_next(&self, side: Color, before: &[Entry], next: &Entry) -> Result<(), String> {
        let (least, most) = self.entry_count();
        if before.len() >= most {
            return Err(match (least == most, most) {
                (_, 1) => "only one entry is due this turn".to_string(),
                (true, n) => format!("{n} entries are due this turn, no more"),
                (false, n) => format!("at most {n} entries are due this turn"),
            });
        }
        let mut all = before.to_vec();
        all.push(next.clone());
        match self.check_entries(side, &all) {
            Ok(_) => Ok(()),
            Err(TurnError::Order {
                error: OrderError::Invalid(_),
                ..
            })
            | Err(TurnError::Check)
                if self.mode == Mode::SimultaneousProgressive =>
            {
                Ok(())
            }
            Err(error) => Err(error.to_string()),
        }
    }

    /// Basic mode: every valid order (§3). Simultaneous-progressive: every order that some
    /// accepted set holds (see `set_orders`). Progressive: the valid orders of the position
    /// the turn starts from, i.e. of its first step; any readable entry may be given at any
    /// step (an invalid one is skipped), so the list is a start, not a limit. Each order is
    /// a plain entry in canonical SAN. Nothing once the game is over.
    fn legal_orders(&self, side: Color, orders: &mut Vec<Entry>) {
        orders.clear();
        if self.result.is_some() {
            return;
        }
        match self.mode {
            Mode::Basic | Mode::Progressive => {
                let mut valid = Vec::new();
                valid_orders(&self.position, side, Rules::BASIC, &mut valid);
                orders.extend(valid.iter().map(|o| self.entry_of(o, &valid)));
            }
            Mode::SimultaneousProgressive => self.set_orders(side, orders),
        }
    }

    /// The number of entries against the turn (§9.1, §10.1), then the entries as
    /// [`State::check_entries`] checks them.
    fn check_orders(&self, side: Color, orders: &[Entry]) -> Result<Orders, TurnError> {
        self.check_count(orders.len())?;
        self.check_entries(side, orders)
    }

    /// No entry: the side's pieces stand still (in progressive mode it makes no move at
    /// any step).
    fn default_orders(&self, side: Color) -> Orders {
        Orders::none(side)
    }

    fn without_orders(&self, _side: Color) -> &'static str {
        match self.mode {
            Mode::Progressive => "its pieces stood still at every step",
            Mode::Basic | Mode::SimultaneousProgressive => "its pieces stood still",
        }
    }

    fn orders_of<'a>(&self, orders: &'a Orders) -> &'a [Entry] {
        &orders.given
    }

    /// Plays the turn: the orders of both sides resolved together (basic,
    /// simultaneous-progressive) or step by step (progressive); the turn number moves on,
    /// and the result is judged (§8). On a finished game nothing moves and every entry is
    /// reported `game over`.
    fn resolve(
        &self,
        white: &Orders,
        black: &Orders,
        history: &mut dyn Repetitions<State>,
    ) -> (State, TurnReport) {
        if let Some(result) = self.result {
            let report = TurnReport {
                entries: game_over(white, black),
                result: Some(result),
            };
            return (self.clone(), report);
        }
        let mut turn = Turn {
            position: self.position.clone(),
            hash: None,
            mode: self.mode,
            result: None,
            history,
        };
        let entries = match self.mode {
            Mode::Progressive => turn.progressive(white, black),
            Mode::Basic | Mode::SimultaneousProgressive => turn.together(white, black),
        };
        let mut position = turn.position;
        position.turn = position.turn.saturating_add(1);
        let result = turn.result.or_else(|| mate_or_stalemate(&position));
        // The turn number is not part of the hash.
        let hash = turn.hash.map_or_else(OnceLock::new, OnceLock::from);
        let next = State {
            position,
            mode: self.mode,
            result,
            hash,
        };
        (next, TurnReport { entries, result })
    }

    fn hash(&self) -> u64 {
        *self.hash.get_or_init(|| repetition_hash(&self.position))
    }

    /// The same placement, castling rights and en-passant squares where a capture is
    /// possible (§8.4).
    fn same_for_repetition(&self, other: &State) -> bool {
        let (a, b) = (&self.position, &other.position);
        a.board == b.board
            && a.castling == b.castling
            && capturable_en_passant(a) == capturable_en_passant(b)
    }

    fn status(&self) -> Status {
        match self.result {
            Some(result) => Status::Over(result),
            None => Status::Ongoing,
        }
    }

    /// A sentence per entry: where its piece went, what it took or became, or why it failed
    /// (the piece, square and tick) and the entry that caused it (`explain.rs`); then the
    /// result, or what the next turn asks.
    fn explain(&self, resolution: &TurnReport) -> Vec<String> {
        let progressive = self.mode == Mode::Progressive;
        let mut lines = crate::explain::entries(&resolution.entries, progressive);
        match &resolution.result {
            Some(result) => lines.push(format!("result: {result}")),
            None => {
                let n = self.position.turn;
                let ask = match self.mode {
                    Mode::Basic => "one move each".to_string(),
                    Mode::Progressive => format!("a series of {n} entries each"),
                    Mode::SimultaneousProgressive if n == 1 => "one move each".to_string(),
                    Mode::SimultaneousProgressive => format!("a set of 1 to {n} moves each"),
                };
                lines.push(format!("turn {n}: {ask}"));
            }
        }
        lines
    }

    /// `<n>. <white series> / <black series>` (§12.5), entries separated by `, `: the
    /// canonical SAN of each order (in progressive mode, of each plain entry at the step it
    /// was played in; an entry that was skipped or came after the end as given, and a
    /// conditional in its own syntax). A side that gave no entry (its default) is written
    /// `--`, which the record reader reads back as no orders.
    ///
    /// The steps are those of the game's own resolution: a game that ended mid-turn by
    /// repetition ended there, which resolving again without the history would not see.
    fn write_phase(&self, white: &Orders, black: &Orders, report: &TurnReport, out: &mut String) {
        let texts: [Vec<String>; 2] = match self.mode {
            Mode::Progressive => [white, black].map(|side| {
                side.given
                    .iter()
                    .enumerate()
                    .map(|(i, entry)| {
                        let played = report.entries.iter().find(|r| {
                            r.color == side.color
                                && r.index == i
                                && matches!(r.outcome, EntryOutcome::Resolved(_))
                        });
                        match (entry, played) {
                            (Entry::Move { .. }, Some(r)) => r.text.clone(),
                            _ => entry.to_string(),
                        }
                    })
                    .collect()
            }),
            Mode::Basic | Mode::SimultaneousProgressive => [white.san.clone(), black.san.clone()],
        };
        let series = |texts: &[String]| {
            if texts.is_empty() {
                crate::record::NO_ORDERS.to_string()
            } else {
                texts.join(", ")
            }
        };
        out.push_str(&format!(
            "{}. {} / {}\n",
            self.position.turn,
            series(&texts[0]),
            series(&texts[1])
        ));
    }
}
