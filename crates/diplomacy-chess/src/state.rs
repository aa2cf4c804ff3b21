//! Diplomacy Chess behind the shared traits: the state between two turns as a
//! [`SimultaneousPosition`] (the `mode` option is its [`diplo_core::GameRules`], in
//! `src/mode.rs`), and a game as the generic [`diplo_core::SimultaneousGame`].
//!
//! A turn ([`State::resolve`]) is a pure function of the state, both sides' checked
//! [`Orders`] and the positions reached before (for threefold repetition): basic and
//! simultaneous-progressive turns are one resolution; a progressive turn runs its steps one
//! by one and may end in the middle (§9.2.1).

use crate::conditional::Entry;
use crate::game::{EntryOutcome, EntryReport, Orders, TurnError, TurnReport};
use crate::mode::Mode;
use crate::notation::{san, san_notation, OrderError};
use crate::order::{Order, OrderKind};
use crate::position::{Position, PositionError};
use crate::resolve::{resolve, OrderOutcome};
use crate::terminal::{automatic_draw, mate_or_stalemate};
use crate::validity::{in_check, refusal, valid_orders, Rules};
use board8::{between, pawn_attacks, zobrist, Bitboard, Role};
use diplo_core::{Color, GameResult, Phase, PhaseKind, Repetitions, SimultaneousPosition, Status};
use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

/// A game of Diplomacy Chess from some start, with its history and record.
pub type Game = diplo_core::SimultaneousGame<State>;

/// Everything the rules need between two turns: the [`Position`] (board, castling rights,
/// en-passant squares, clock, turn number), the mode, and the rules' verdict on it — a draw
/// judged after the turn (step) that reached it, or else checkmate or stalemate at the start
/// of the next turn (§8.1, §8.4). A state read from a string or set up as a start has had
/// no turn, so no draw is judged on it (as in chess, §8.4).
///
/// It reads as its position ([`Deref`]); `Display` writes the position string.
#[derive(Debug, Clone)]
pub struct State {
    // Crate-visible for the entry checks of `src/game.rs`; only the constructors set them.
    pub(crate) position: Position,
    pub(crate) mode: Mode,
    result: Option<GameResult>,
    /// [`SimultaneousPosition::hash`], computed when first asked for (a search that keeps no
    /// history never pays for it).
    hash: OnceLock<u64>,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.position == other.position && self.mode == other.mode && self.result == other.result
    }
}

impl Eq for State {}

impl State {
    /// A state that no turn has led to: a start, or a position given by a string. Only
    /// checkmate and stalemate can have ended it.
    pub fn new(position: Position, mode: Mode) -> State {
        let result = mate_or_stalemate(&position);
        State::judged(position, mode, result)
    }

    fn judged(position: Position, mode: Mode, result: Option<GameResult>) -> State {
        State {
            position,
            mode,
            result,
            hash: OnceLock::new(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn into_position(self) -> Position {
        self.position
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The rules' result, if they have ended the game.
    pub fn result(&self) -> Option<GameResult> {
        self.result
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

    fn check_count(&self, got: usize) -> Result<(), TurnError> {
        let (least, most) = self.entry_count();
        if got < least || got > most {
            let expected = if least == most {
                least.to_string()
            } else {
                format!("{least} to {most}")
            };
            return Err(TurnError::Count { expected, got });
        }
        Ok(())
    }

    /// Reads one side's entries for this turn, their number checked against the turn.
    pub fn parse_orders<S: AsRef<str>>(
        &self,
        side: Color,
        entries: &[S],
    ) -> Result<Orders, TurnError> {
        self.check_count(entries.len())?;
        self.read_entries(side, entries)
    }

    /// A valid order as an entry: its canonical SAN over `valid`, as notation and as text.
    fn entry_of(&self, order: &Order, valid: &[Order]) -> Entry {
        Entry::Move {
            notation: san_notation(order, valid),
            text: san(&self.position, order, valid),
        }
    }

    /// Simultaneous-progressive mode: the orders valid with every own piece passable (§10.2)
    /// that some accepted set holds. The set tried for an order is the order alone when no
    /// own piece is in its way, else the order with one move of each piece in its way (and
    /// of the pieces in their way, without cycles), plus a move that answers a check when
    /// the order does not; it must fit the turn's set size and pass [`State::check_entries`].
    /// SAN is disambiguated over the passable orders, so it names one order in any set.
    fn set_orders(&self, side: Color, out: &mut Vec<Entry>) {
        let pos = &self.position;
        let mut cands = Vec::new();
        let passable = Rules {
            transparent: pos.board.by_color(side),
            static_safety: false,
        };
        valid_orders(pos, side, passable, &mut cands);
        let (_, most) = self.entry_count();
        let check = in_check(pos, side);
        let mut answers = Vec::new();
        if check {
            valid_orders(pos, side, Rules::BASIC, &mut answers);
        }
        let needs: Vec<u64> = cands.iter().map(|o| in_the_way(pos, o)).collect();
        for (i, order) in cands.iter().enumerate() {
            if needs[i] == 0 && (!check || answers.contains(order)) {
                // Alone in its set: valid with no own piece passed, and it answers any check.
                out.push(self.entry_of(order, &cands));
                continue;
            }
            let Some(set) = witness(i, &cands, &needs, &answers, most, check) else {
                continue;
            };
            let entries: Vec<Entry> = set
                .iter()
                .map(|&k| self.entry_of(&cands[k], &cands))
                .collect();
            if self.check_entries(side, &entries).is_ok() {
                out.extend(entries.into_iter().next());
            }
        }
    }
}

/// The own pieces standing on an order's path or final square (its own movers aside): the
/// pieces that must move in the same set for it to be valid (§10.2).
fn in_the_way(pos: &Position, order: &Order) -> u64 {
    let (from, to) = (order.from, order.to);
    let path = match order.kind {
        // Castling needs the squares between king and rook empty now.
        OrderKind::Castle | OrderKind::PawnDiagonal => 0,
        OrderKind::Push | OrderKind::EnPassant => to.bit(),
        OrderKind::DoublePush => between(from, to) | to.bit(),
        OrderKind::Piece => match order.role {
            Role::Knight | Role::King => to.bit(),
            _ => between(from, to) | to.bit(),
        },
    };
    path & pos.board.by_color(order.color) & !movers(order)
}

/// The squares of the pieces an order moves (castling: king and rook).
fn movers(order: &Order) -> u64 {
    let mut bits = order.from.bit();
    if let Some((rook, _)) = order.castle_rook() {
        bits |= rook.bit();
    }
    bits
}

/// A set of orders (indices into `cands`, `first` first) that moves every own piece in the
/// way of `first` and of the moves added for them, no piece twice, with an answer to a
/// check; `None` when none is found within `most` orders.
fn witness(
    first: usize,
    cands: &[Order],
    needs: &[u64],
    answers: &[Order],
    most: usize,
    check: bool,
) -> Option<Vec<usize>> {
    let mut set = vec![first];
    let mut moving = movers(&cands[first]);
    let mut pending = needs[first];
    while pending != 0 {
        let piece = pending & pending.wrapping_neg();
        if set.len() >= most {
            return None;
        }
        // A move of that piece that needs none of the pieces already in the set (no
        // cycles), with as few new pieces in its way as can be.
        let helper = (0..cands.len())
            .filter(|&k| {
                cands[k].from.bit() == piece
                    && movers(&cands[k]) & moving == 0
                    && needs[k] & moving == 0
            })
            .min_by_key(|&k| needs[k].count_ones())?;
        set.push(helper);
        moving |= movers(&cands[helper]);
        pending = (pending | needs[helper]) & !moving;
    }
    if check && !set.iter().any(|&k| answers.contains(&cands[k])) {
        if set.len() >= most {
            return None;
        }
        let answer = (0..cands.len())
            .find(|&k| answers.contains(&cands[k]) && movers(&cands[k]) & moving == 0)?;
        set.push(answer);
    }
    Some(set)
}

/// The en-passant squares where a capture is possible now (what the repetition rule
/// compares, §8.4).
fn capturable_en_passant(pos: &Position) -> u64 {
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
    ep
}

/// The Zobrist hash of the repetition key: placement, castling rights, capturable
/// en-passant squares. The placement part is [`board8::Board::zobrist`], summed over the
/// pieces rather than the squares.
fn repetition_hash(pos: &Position) -> u64 {
    let board = &pos.board;
    let mut hash = zobrist::castling(pos.castling.bits());
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in Bitboard(board.pieces(color, role)) {
                hash ^= zobrist::piece(color.index(), role.index(), sq.index());
            }
        }
    }
    for sq in Bitboard(capturable_en_passant(pos)) {
        hash ^= zobrist::en_passant(sq.index());
    }
    hash
}

/// A turn being played: the position so far, the result once the game has ended, and the
/// positions reached before.
struct Turn<'h> {
    position: Position,
    /// The hash of `position` if the history asked for it.
    hash: Option<u64>,
    mode: Mode,
    result: Option<GameResult>,
    history: &'h mut dyn Repetitions<State>,
}

impl Turn<'_> {
    /// Records the position after a turn (step) and judges the automatic draws.
    fn after_resolution(&mut self, next: Position) {
        let reached = State::judged(next, self.mode, None);
        let occurrences = self.history.reached(&reached);
        self.hash = reached.hash.get().copied();
        self.position = reached.position;
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
                    order: all.get(k).copied(),
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

    /// §9.2: the steps of a progressive turn. A side without a k-th entry makes no move at
    /// step k; when neither side gave an entry (both sent nothing), the turn still has its
    /// n steps.
    fn progressive(&mut self, white: &Orders, black: &Orders) -> Vec<EntryReport> {
        let mut steps = white.entries.len().max(black.entries.len());
        if steps == 0 {
            steps = self.position.turn as usize;
        }
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
                            order: None,
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
                            order: Some(order),
                            outcome: EntryOutcome::Resolved(OrderOutcome::Executed),
                        });
                        orders.push(order);
                    }
                    Err(e) => step_reports.push(EntryReport {
                        color,
                        index: k,
                        text: text.to_string(),
                        order: None,
                        outcome: EntryOutcome::Invalid(e),
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
}

/// Every entry of both sides reported `game over`.
fn game_over(white: &Orders, black: &Orders) -> Vec<EntryReport> {
    [white, black]
        .iter()
        .flat_map(|o| {
            o.entries
                .iter()
                .enumerate()
                .map(|(i, (_, text))| EntryReport {
                    color: o.color,
                    index: i,
                    text: text.clone(),
                    order: None,
                    outcome: EntryOutcome::GameOver,
                })
        })
        .collect()
}

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

    /// A sentence per entry (the piece, square and tick of each failure), then the result,
    /// or what the next turn asks.
    fn explain(&self, resolution: &TurnReport) -> Vec<String> {
        let mut lines: Vec<String> = resolution
            .entries
            .iter()
            .map(EntryReport::explain)
            .collect();
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

impl Deref for State {
    type Target = Position;

    fn deref(&self) -> &Position {
        &self.position
    }
}

impl fmt::Display for State {
    /// The position string (§12.2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_extends_the_board_zobrist() {
        for text in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R Kq d6 7 12",
            "4k3/8/8/8/4P3/8/8/4K3 - e3 0 1",
        ] {
            let pos: Position = text.parse().unwrap();
            let mut expected = pos.board.zobrist() ^ zobrist::castling(pos.castling.bits());
            if text.contains("d6") {
                expected ^= zobrist::en_passant(43);
            }
            assert_eq!(repetition_hash(&pos), expected, "{text}");
        }
    }
}
