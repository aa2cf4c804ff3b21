//! The state of a game between two adjudications ([`State`]) and the phases of a turn (§3):
//! movement, retreats, the build step, adjustments, then the end check (§9) and the next
//! turn. [`State`] is DiploChess's [`SimultaneousPosition`].

use crate::adjust;
use crate::build;
use crate::build::{BuildError, BuildReport};
use crate::enumerate;
use crate::game::{OrderError, PhaseReport, Resolution, NO_PROGRESS_TURNS};
use crate::movement::{adjudicate, Adjudication, Dislodgement, MovementError};
use crate::order::{Order, Phase};
use crate::position::{Position, PositionError};
use crate::retreat::{self, RetreatError, RetreatReport};
use crate::validity::{self, ordered_squares};
use crate::Rules;
use board8::{Bitboard, Role};
use diplo_core::{Color, EndReason, GameResult, Repetitions, SimultaneousPosition, Status};
use std::fmt;

/// Where the turn stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Stage {
    Movement,
    /// The movement adjudication whose dislodged pieces retreat now.
    Retreats(Box<Adjudication>),
    Builds,
    Adjustments,
    Over,
}

/// Everything the rules need between two adjudications: the rules, the board (during the
/// retreats: after movement, the dislodged pieces off it), the phase waiting for orders
/// (with the movement adjudication the retreats need), whether this turn has made progress
/// so far (§9.3), and the result once the rules have ended the game.
///
/// `Display` writes the position string (§10.1) of the board now; between turns it reads
/// back with [`SimultaneousPosition::parse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    rules: Rules,
    position: Position,
    stage: Stage,
    /// Something counted as progress this turn (§9.3).
    progress: bool,
    result: Option<GameResult>,
}

/// One side's orders for a phase, checked ([`SimultaneousPosition::check_orders`]), in the
/// order they were given.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Orders(Vec<Order>);

impl Orders {
    pub fn as_slice(&self) -> &[Order] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Zobrist keys of the held pawns (`HELD[colour][count]`, no key for none), drawn like
/// board8's keys from their own seed.
const HELD: [[u64; 16]; 2] = {
    let mut out = [[0u64; 16]; 2];
    let mut state: u64 = 0x0D1B_10C4_E550_00D1;
    let mut c = 0;
    while c < 2 {
        let mut n = 1;
        while n < 16 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            out[c][n] = z ^ (z >> 31);
            n += 1;
        }
        c += 1;
    }
    out
};

impl State {
    /// A game at the movement phase of `position`'s turn.
    pub fn new(position: Position, rules: Rules) -> State {
        State {
            rules,
            position,
            stage: Stage::Movement,
            progress: false,
            result: None,
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The board now (during retreats: after movement, dislodged pieces off the board; before
    /// the build step a pawn may still stand on its last rank).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The phase now waiting for orders; `None` when the game is over.
    pub fn current_phase(&self) -> Option<Phase> {
        match self.stage {
            Stage::Movement => Some(Phase::Movement),
            Stage::Retreats(_) => Some(Phase::Retreats),
            Stage::Builds => Some(Phase::Builds),
            Stage::Adjustments => Some(Phase::Adjustments),
            Stage::Over => None,
        }
    }

    /// The result if the rules have ended the game.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// During the retreats: the movement adjudication whose dislodged pieces retreat.
    pub fn movement(&self) -> Option<&Adjudication> {
        match &self.stage {
            Stage::Retreats(adj) => Some(adj),
            _ => None,
        }
    }

    /// The dislodged pieces waiting to retreat, with their legal retreat squares.
    pub fn pending_retreats(&self) -> Vec<(Dislodgement, Bitboard)> {
        match &self.stage {
            Stage::Retreats(adj) => adj
                .dislodged
                .iter()
                .map(|d| (*d, retreat::legal_retreats(&adj.position, d, adj.standoffs)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether `color` has anything to decide in the current phase.
    pub fn needs_orders(&self, color: Color) -> bool {
        match &self.stage {
            Stage::Movement => true,
            Stage::Retreats(adj) => adj.dislodged.iter().any(|d| self.retreats(d, color)),
            Stage::Builds => build::needs_orders(&self.position, color),
            Stage::Adjustments => adjust::needs_orders(&self.position, color),
            Stage::Over => false,
        }
    }

    /// Whether a dislodged piece of `color` may retreat (with `bloody=on` only the King does).
    pub(crate) fn retreats(&self, d: &Dislodgement, color: Color) -> bool {
        d.piece.color == color && !(self.rules.bloody && d.piece.role != Role::King)
    }

    /// Checks one side's orders as a player gives them: each must fit the phase, and no piece
    /// or square may get two (§4.1).
    fn read_orders(&self, side: Color, orders: &[Order]) -> Result<Orders, OrderError> {
        let phase = self.current_phase().ok_or(OrderError::Over)?;
        let mut seen = 0u64;
        for order in orders {
            if !order.fits(phase) {
                return Err(OrderError::WrongPhase {
                    color: side,
                    order: *order,
                    phase,
                });
            }
            if matches!(order, Order::Build(..) | Order::Disband(_)) {
                // A build names a square, not a piece; a repeated disband is ignored
                // (DATC 6.I.7, 6.J.2), not an error.
                continue;
            }
            for sq in ordered_squares(side, order).into_iter().flatten() {
                if seen & sq.bit() != 0 {
                    return Err(OrderError::TwoOrders {
                        color: side,
                        square: sq,
                    });
                }
                seen |= sq.bit();
            }
        }
        Ok(Orders(orders.to_vec()))
    }

    /// Checks one side's orders of a record section (§10.4): orders that do not belong to
    /// the phase are kept (they are void, and void orders are part of the game); only two
    /// orders for one piece are an error, with the message the phase's resolver gives.
    pub fn check_record_orders(&self, side: Color, orders: &[Order]) -> Result<Orders, OrderError> {
        let mut seen: [Option<&Order>; 64] = [None; 64];
        match self.stage {
            Stage::Over => return Err(OrderError::Over),
            Stage::Movement => {
                for order in orders.iter().filter(|o| o.fits(Phase::Movement)) {
                    for sq in ordered_squares(side, order).into_iter().flatten() {
                        if let Some(first) = seen[sq.index()] {
                            return Err(MovementError::TwoOrders {
                                color: side,
                                square: sq,
                                first: first.to_string(),
                                second: order.to_string(),
                            }
                            .into());
                        }
                        seen[sq.index()] = Some(order);
                    }
                }
            }
            Stage::Retreats(_) => {
                for order in orders {
                    if let Order::Move(p, _) | Order::RetreatDisband(p) = order {
                        if seen[p.square.index()].is_some() {
                            return Err(RetreatError::TwoOrders {
                                color: side,
                                square: p.square,
                            }
                            .into());
                        }
                        seen[p.square.index()] = Some(order);
                    }
                }
            }
            Stage::Builds => {
                for order in orders {
                    if let Order::Convert(sq, _) = order {
                        if seen[sq.index()].is_some() {
                            return Err(BuildError::TwoOrders {
                                color: side,
                                square: *sq,
                            }
                            .into());
                        }
                        seen[sq.index()] = Some(order);
                    }
                }
            }
            Stage::Adjustments => {}
        }
        Ok(Orders(orders.to_vec()))
    }

    /// Resolves the current phase with both sides' orders, then runs the following phases
    /// that need no orders. An error (orders that were not checked for this phase) leaves
    /// the state as it was.
    fn play_phase(
        &mut self,
        orders: &[(Color, Order)],
        history: &mut dyn Repetitions<State>,
    ) -> Result<Vec<PhaseReport>, OrderError> {
        let mut reports = Vec::new();
        match &self.stage {
            Stage::Over => return Err(OrderError::Over),
            Stage::Movement => {
                let adj = adjudicate(&self.position, orders)?;
                self.progress = adj.progress;
                self.position = adj.position.clone();
                reports.push(PhaseReport::Movement(adj.clone()));
                self.stage = Stage::Retreats(Box::new(adj));
            }
            Stage::Retreats(adj) => {
                let r = retreat::retreat(adj, self.rules, orders)?;
                self.after_retreats(r, &mut reports);
            }
            Stage::Builds => {
                let b = build::build_step(&self.position, orders)?;
                self.after_builds(b, &mut reports, history);
            }
            Stage::Adjustments => {
                let a = adjust::adjust(&self.position, orders);
                if !a.disbanded.is_empty() || !a.built.is_empty() {
                    self.progress = true;
                }
                self.position = a.position.clone();
                reports.push(PhaseReport::Adjustments(a));
                self.end_turn(history);
            }
        }
        self.skip_empty_phases(&mut reports, history);
        Ok(reports)
    }

    /// Runs phases in which nobody has anything to decide.
    fn skip_empty_phases(
        &mut self,
        reports: &mut Vec<PhaseReport>,
        history: &mut dyn Repetitions<State>,
    ) {
        while !Color::ALL.iter().any(|&c| self.needs_orders(c)) {
            match &self.stage {
                Stage::Retreats(adj) => {
                    // Only removals (Bloody variant, no legal retreat) are worth reporting.
                    let r = retreat::retreat(adj, self.rules, &[]).expect("no orders");
                    if r.removed.is_empty() {
                        self.after_retreats(r, &mut Vec::new());
                    } else {
                        self.after_retreats(r, reports);
                    }
                }
                Stage::Builds => {
                    let b = build::build_step(&self.position, &[]).expect("no orders");
                    if b.progress() {
                        self.after_builds(b, reports, history);
                    } else {
                        self.after_builds(b, &mut Vec::new(), history);
                    }
                }
                Stage::Adjustments => {
                    let a = adjust::adjust(&self.position, &[]);
                    if !a.disbanded.is_empty() {
                        self.progress = true;
                    }
                    self.position = a.position;
                    self.end_turn(history);
                }
                Stage::Movement | Stage::Over => return,
            }
        }
    }

    fn after_retreats(&mut self, r: RetreatReport, reports: &mut Vec<PhaseReport>) {
        self.position = r.position.clone();
        if !r.removed.is_empty() {
            self.progress = true;
        }
        let lost = r.king_lost;
        reports.push(PhaseReport::Retreats(r));
        if lost.white || lost.black {
            let result = match (lost.white, lost.black) {
                (true, true) => GameResult::draw(EndReason::BothKingsLost),
                (true, false) => GameResult::win(Color::Black, EndReason::KingLost),
                _ => GameResult::win(Color::White, EndReason::KingLost),
            };
            self.finish(result);
            return;
        }
        self.stage = Stage::Builds;
    }

    fn after_builds(
        &mut self,
        b: BuildReport,
        reports: &mut Vec<PhaseReport>,
        history: &mut dyn Repetitions<State>,
    ) {
        if b.progress() {
            self.progress = true;
        }
        self.position = b.position.clone();
        reports.push(PhaseReport::Builds(b));
        if self.rules.adjustments && self.position.turn % 10 == 0 {
            self.stage = Stage::Adjustments;
        } else {
            self.end_turn(history);
        }
    }

    fn finish(&mut self, result: GameResult) {
        self.result = Some(result);
        self.stage = Stage::Over;
    }

    /// §9.2 and §9.3, then the next turn. The position after the build step counts for the
    /// repetition rule through `history`.
    fn end_turn(&mut self, history: &mut dyn Repetitions<State>) {
        let p = &mut self.position;
        // Saturating: a position string may start the counters anywhere in u32.
        p.clock = if self.progress {
            0
        } else {
            p.clock.saturating_add(1)
        };
        p.turn = p.turn.saturating_add(1);
        self.progress = false;
        self.stage = Stage::Movement;
        let repeated = history.reached(self) >= 3;
        let p = &self.position;
        let bare = |c: Color| p.board.by_color(c).count_ones() == 1;
        let (wb, bb) = (bare(Color::White), bare(Color::Black));
        let no_progress = p.clock >= NO_PROGRESS_TURNS;
        if wb && bb {
            self.finish(GameResult::draw(EndReason::BothBareKings));
        } else if wb && p.material(Color::Black) >= 4 {
            self.finish(GameResult::win(Color::Black, EndReason::BareKing));
        } else if bb && p.material(Color::White) >= 4 {
            self.finish(GameResult::win(Color::White, EndReason::BareKing));
        } else if no_progress {
            self.finish(GameResult::draw(EndReason::NoProgress));
        } else if repeated {
            self.finish(GameResult::draw(EndReason::ThreefoldRepetition));
        }
    }

    /// How many decisions `side` has in this phase: its pieces in movement, its dislodged
    /// pieces that may retreat, its builds and conversions, its adjustment.
    fn decisions(&self, side: Color) -> usize {
        match &self.stage {
            Stage::Movement => self.position.board.by_color(side).count_ones() as usize,
            Stage::Retreats(adj) => adj
                .dislodged
                .iter()
                .filter(|d| self.retreats(d, side))
                .count(),
            Stage::Builds => build::decisions(&self.position, side),
            Stage::Adjustments => adjust::balance(&self.position, side).unsigned_abs() as usize,
            Stage::Over => 0,
        }
    }
}

impl fmt::Display for State {
    /// The position string of the board now (§10.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.fmt(f)
    }
}

impl SimultaneousPosition for State {
    type Rules = Rules;
    type Order = Order;
    type Orders = Orders;
    type Resolution = Resolution;
    type ParseError = PositionError;
    type OrderError = OrderError;

    fn start(rules: Rules) -> State {
        State::new(Position::start(), rules)
    }

    fn parse(text: &str, rules: Rules) -> Result<State, PositionError> {
        Ok(State::new(text.parse()?, rules))
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn phase(&self) -> diplo_core::Phase {
        diplo_core::Phase {
            turn: self.position.turn,
            kind: self.current_phase().unwrap_or(Phase::Movement).into(),
        }
    }

    fn owes_orders(&self, side: Color) -> bool {
        self.needs_orders(side)
    }

    /// None required (a piece without an order holds, defaults fill the rest); at most one
    /// per decision. More are accepted by [`SimultaneousPosition::check_orders`], as today's
    /// records have them: they are void, surplus or not needed.
    fn order_count(&self, side: Color) -> (usize, usize) {
        (0, self.decisions(side))
    }

    fn parse_order(&self, side: Color, text: &str) -> Result<Order, OrderError> {
        let phase = self.current_phase().ok_or(OrderError::Over)?;
        let order: Order = text.parse()?;
        if !order.fits(phase) {
            return Err(OrderError::WrongPhase {
                color: side,
                order,
                phase,
            });
        }
        Ok(order)
    }

    fn legal_orders(&self, side: Color, orders: &mut Vec<Order>) {
        orders.clear();
        match &self.stage {
            Stage::Movement => enumerate::movement_orders(&self.position, side, orders),
            Stage::Retreats(adj) => {
                for d in adj.dislodged.iter().filter(|d| self.retreats(d, side)) {
                    enumerate::retreat_orders(adj, d, orders);
                }
            }
            Stage::Builds => enumerate::build_orders(&self.position, side, orders),
            Stage::Adjustments => enumerate::adjustment_orders(&self.position, side, orders),
            Stage::Over => {}
        }
    }

    fn check_orders(&self, side: Color, orders: &[Order]) -> Result<Orders, OrderError> {
        self.read_orders(side, orders)
    }

    /// Counts and reads the set as [`SimultaneousPosition::check_orders`] does (phase, one
    /// order per piece), then refuses what the rules would take but void (§4.2): a movement
    /// order that is not valid on this board, a retreat or disband of a piece that is not
    /// retreating or to a square it may not take, a build or adjustment the phase does not
    /// allow. Records and `adjudicate` still take void orders; a player is told at once.
    fn check_next(&self, side: Color, before: &[Order], next: &Order) -> Result<(), String> {
        let most = self.decisions(side);
        if before.len() >= most {
            return Err(match most {
                0 => "no orders are due from this side now".to_string(),
                1 => "only one order is due now".to_string(),
                n => format!("at most {n} orders are due now (one per decision)"),
            });
        }
        let mut all = before.to_vec();
        all.push(*next);
        self.read_orders(side, &all).map_err(|e| e.to_string())?;
        match &self.stage {
            Stage::Movement => validity::validate(&self.position, side, next)
                .map(|_| ())
                .map_err(|reason| reason.to_string()),
            Stage::Retreats(_) => {
                let piece = match next {
                    Order::Move(p, _) | Order::RetreatDisband(p) => *p,
                    _ => return Ok(()),
                };
                let pending = self
                    .pending_retreats()
                    .into_iter()
                    .find(|(d, _)| self.retreats(d, side) && d.square == piece.square);
                let Some((d, squares)) = pending else {
                    return Err(format!("no piece of yours retreats from {}", piece.square));
                };
                if d.piece.role != piece.role {
                    return Err(format!(
                        "the piece retreating from {} is {}, not {}",
                        piece.square,
                        d.piece.role.upper(),
                        piece.role.upper()
                    ));
                }
                match next {
                    Order::Move(_, to) if squares.0 & to.bit() == 0 => {
                        let list: Vec<String> = squares.map(|s| s.to_string()).collect();
                        Err(if list.is_empty() {
                            format!("{to} is not open to it: it has no retreat (`{piece} D`)")
                        } else {
                            format!(
                                "{to} is not open to it (it may retreat to {})",
                                list.join(" ")
                            )
                        })
                    }
                    _ => Ok(()),
                }
            }
            Stage::Builds | Stage::Adjustments => {
                let mut legal = Vec::new();
                self.legal_orders(side, &mut legal);
                if legal.contains(next) {
                    Ok(())
                } else if legal.is_empty() {
                    Err("nothing can be built, converted or disbanded now".to_string())
                } else {
                    let list: Vec<String> = legal.iter().map(ToString::to_string).collect();
                    Err(format!("not possible now (possible: {})", list.join(", ")))
                }
            }
            Stage::Over => Err(OrderError::Over.to_string()),
        }
    }

    /// No orders: in every phase the rules say what happens to a piece without one (it
    /// holds; a dislodged piece is removed; the build step takes its defaults; adjustments
    /// build nothing and disband the least valuable pieces).
    fn default_orders(&self, _side: Color) -> Orders {
        Orders::default()
    }

    fn orders_of<'a>(&self, orders: &'a Orders) -> &'a [Order] {
        orders.as_slice()
    }

    /// The phase's resolver with White's orders listed first, then the phases nobody has
    /// to decide; the position after each build step counts for the repetition rule.
    fn resolve(
        &self,
        white: &Orders,
        black: &Orders,
        history: &mut dyn Repetitions<State>,
    ) -> (State, Resolution) {
        let orders: Vec<(Color, Order)> = white
            .0
            .iter()
            .map(|o| (Color::White, *o))
            .chain(black.0.iter().map(|o| (Color::Black, *o)))
            .collect();
        let mut next = self.clone();
        let phases = match next.play_phase(&orders, history) {
            Ok(phases) => phases,
            Err(_) => {
                // Orders not checked for this phase (two for one piece): none at all. The
                // resolvers fail before they change anything or count a position.
                next = self.clone();
                next.play_phase(&[], history).unwrap_or_default()
            }
        };
        (next, Resolution { phases })
    }

    /// The Zobrist hash of the board, the castling rights and the held pawns.
    fn hash(&self) -> u64 {
        let p = &self.position;
        p.board.zobrist()
            ^ board8::zobrist::castling(p.castling.bits())
            ^ HELD[0][usize::from(p.held.white & 15)]
            ^ HELD[1][usize::from(p.held.black & 15)]
    }

    /// The first three fields of the position string: board, castling rights, held pawns
    /// (§9.3); not the clock, the turn or the phase.
    fn same_for_repetition(&self, other: &State) -> bool {
        let (a, b) = (&self.position, &other.position);
        a.board == b.board && a.castling == b.castling && a.held == b.held
    }

    fn status(&self) -> Status {
        match self.result {
            Some(result) => Status::Over(result),
            None => Status::Ongoing,
        }
    }

    /// Each phase's report under a `-- <phase>` header, then every dislodged piece that must
    /// retreat now with its legal squares (what `diplo play` has always shown).
    fn explain(&self, resolution: &Resolution) -> Vec<String> {
        let mut out = Vec::new();
        for report in &resolution.phases {
            out.push(format!("-- {}", report.phase()));
            out.extend(report.to_string().lines().map(str::to_string));
        }
        for (d, squares) in self.pending_retreats() {
            let list: Vec<String> = squares.map(|s| s.to_string()).collect();
            let to = if list.is_empty() {
                "no legal square (it will be removed)".to_string()
            } else {
                list.join(" ")
            };
            out.push(format!(
                "{} {} {} must retreat: {to}",
                d.piece.color,
                d.piece.role.upper(),
                d.square
            ));
        }
        out
    }

    /// A `turn <n>` section with both sides' movement orders, or a `retreats`, `builds` or
    /// `adjustments` section when somebody gave orders in that phase (§10.4).
    fn write_phase(&self, white: &Orders, black: &Orders, _: &Resolution, out: &mut String) {
        use std::fmt::Write;
        match self.current_phase() {
            Some(Phase::Movement) => {
                let _ = writeln!(out, "turn {}", self.position.turn);
            }
            Some(phase) if !(white.is_empty() && black.is_empty()) => {
                let _ = writeln!(out, "{phase}");
            }
            _ => return,
        }
        for (side, orders) in [(Color::White, white), (Color::Black, black)] {
            for order in &orders.0 {
                let _ = writeln!(out, "{side}: {order}");
            }
        }
    }
}
