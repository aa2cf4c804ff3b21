//! A whole game: the phases of a turn (§3), the end of the game and draws (§9), and the
//! [`SimultaneousGame`] implementation the command line drives.

use crate::adjust::{self, AdjustmentReport};
use crate::build::{self, BuildError, BuildReport};
use crate::movement::{adjudicate, Adjudication, MovementError};
use crate::order::{Order, OrderParseError, Phase};
use crate::position::Position;
use crate::retreat::{self, RetreatError, RetreatReport};
use crate::validity::ordered_squares;
use crate::Rules;
use diplo_core::{Color, EndReason, GameInfo, GameResult, OptionSpec, Outcome};
use std::collections::HashMap;
use std::fmt;

const OFF_ON: &[&str] = &["off", "on"];

/// What `diplo games` shows of DiploChess.
pub const GAME_INFO: GameInfo = GameInfo {
    id: "diplochess",
    name: "DiploChess (Birsan and Davis)",
    summary: "8x8; Diplomacy orders (move, hold, support) for every piece at once",
    options: &[
        OptionSpec {
            name: "adjustments",
            values: OFF_ON,
            help: "home-square adjustments every 10th turn (rule 15)",
        },
        OptionSpec {
            name: "bloody",
            values: OFF_ON,
            help: "dislodged pieces other than the King are removed without a retreat",
        },
    ],
};

/// Turns without progress that draw the game (§9.3).
pub const NO_PROGRESS_TURNS: u32 = 50;

/// Why a phase's orders were not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Parse(#[from] OrderParseError),
    #[error("{color}: `{order}` is not a {phase} order")]
    WrongPhase {
        color: Color,
        order: String,
        phase: Phase,
    },
    #[error("{color}: two orders for {square} in one phase")]
    TwoOrders {
        color: Color,
        square: board8::Square,
    },
    #[error("the game is over")]
    Over,
    #[error(transparent)]
    Movement(#[from] MovementError),
    #[error(transparent)]
    Retreat(#[from] RetreatError),
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// What one phase did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhaseReport {
    Movement(Adjudication),
    Retreats(RetreatReport),
    Builds(BuildReport),
    Adjustments(AdjustmentReport),
}

impl fmt::Display for PhaseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reports = match self {
            PhaseReport::Movement(a) => return write!(f, "{a}"),
            PhaseReport::Retreats(r) => {
                for (sq, p) in &r.removed {
                    writeln!(f, "removed: {}{sq}", p.char())?;
                }
                &r.reports
            }
            PhaseReport::Builds(b) => {
                for (sq, p) in &b.placed {
                    writeln!(f, "placed: {}{sq}", p.char())?;
                }
                for sq in &b.newly_held {
                    writeln!(f, "held: pawn from {sq}")?;
                }
                &b.reports
            }
            PhaseReport::Adjustments(a) => {
                for (sq, p) in &a.built {
                    writeln!(f, "built: {}{sq}", p.char())?;
                }
                for (sq, p) in &a.disbanded {
                    writeln!(f, "disbanded: {}{sq}", p.char())?;
                }
                &a.reports
            }
        };
        for r in reports {
            writeln!(f, "{} {} => {}", r.color, r.order, r.outcome)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone)]
enum Stage {
    Movement,
    Retreats(Box<Adjudication>),
    Builds,
    Adjustments,
    Over,
}

/// A game of DiploChess from some position, one phase at a time.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    position: Position,
    stage: Stage,
    /// Occurrences of each position after the build step (§9.3), by its first three fields.
    seen: HashMap<String, u32>,
    /// Something counted as progress this turn.
    progress: bool,
    result: Option<GameResult>,
}

fn repetition_key(p: &Position) -> String {
    let s = p.to_string();
    s.split(' ').take(3).collect::<Vec<_>>().join(" ")
}

impl Game {
    pub fn new(position: Position, rules: Rules) -> Game {
        let mut seen = HashMap::new();
        seen.insert(repetition_key(&position), 1);
        Game {
            rules,
            position,
            stage: Stage::Movement,
            seen,
            progress: false,
            result: None,
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The board now (during retreats: after movement, dislodged pieces off the board).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The result if the rules have ended the game.
    pub fn result(&self) -> Option<GameResult> {
        self.result
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

    /// The dislodged pieces waiting to retreat, with their legal retreat squares.
    pub fn pending_retreats(&self) -> Vec<(crate::Dislodgement, board8::Bitboard)> {
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
            Stage::Retreats(adj) => adj.dislodged.iter().any(|d| {
                d.piece.color == color && !(self.rules.bloody && d.piece.role != board8::Role::King)
            }),
            Stage::Builds => build::needs_orders(&self.position, color),
            Stage::Adjustments => adjust::needs_orders(&self.position, color),
            Stage::Over => false,
        }
    }

    /// Reads one side's orders for the current phase: each must parse and fit the phase, and
    /// no piece or square may get two.
    pub fn read_orders(&self, side: Color, entries: &[&str]) -> Result<Vec<Order>, GameError> {
        let phase = self.current_phase().ok_or(GameError::Over)?;
        let mut out: Vec<Order> = Vec::new();
        let mut seen = 0u64;
        for text in entries {
            let order: Order = text.parse()?;
            if !order.fits(phase) {
                return Err(GameError::WrongPhase {
                    color: side,
                    order: order.to_string(),
                    phase,
                });
            }
            if matches!(order, Order::Build(..) | Order::Disband(_)) {
                // A build names a square, not a piece; a repeated disband is ignored
                // (DATC 6.I.7, 6.J.2), not an error.
                out.push(order);
                continue;
            }
            for sq in ordered_squares(side, &order).into_iter().flatten() {
                if seen & sq.bit() != 0 {
                    return Err(GameError::TwoOrders {
                        color: side,
                        square: sq,
                    });
                }
                seen |= sq.bit();
            }
            out.push(order);
        }
        Ok(out)
    }

    /// Resolves the current phase with both sides' orders (in listing order), then runs the
    /// following phases that need no orders. Returns what every phase did.
    pub fn play_phase(&mut self, orders: &[(Color, Order)]) -> Result<Vec<PhaseReport>, GameError> {
        let mut reports = Vec::new();
        match std::mem::replace(&mut self.stage, Stage::Over) {
            Stage::Over => return Err(GameError::Over),
            Stage::Movement => {
                let adj = match adjudicate(&self.position, orders) {
                    Ok(a) => a,
                    Err(e) => {
                        self.stage = Stage::Movement;
                        return Err(e.into());
                    }
                };
                self.progress = adj.progress;
                self.position = adj.position.clone();
                reports.push(PhaseReport::Movement(adj.clone()));
                self.stage = Stage::Retreats(Box::new(adj));
            }
            Stage::Retreats(adj) => {
                let r = match retreat::retreat(&adj, self.rules, orders) {
                    Ok(r) => r,
                    Err(e) => {
                        self.stage = Stage::Retreats(adj);
                        return Err(e.into());
                    }
                };
                self.after_retreats(r, &mut reports);
            }
            Stage::Builds => {
                let b = match build::build_step(&self.position, orders) {
                    Ok(b) => b,
                    Err(e) => {
                        self.stage = Stage::Builds;
                        return Err(e.into());
                    }
                };
                self.after_builds(b, &mut reports);
            }
            Stage::Adjustments => {
                let a = adjust::adjust(&self.position, orders);
                if !a.disbanded.is_empty() || !a.built.is_empty() {
                    self.progress = true;
                }
                self.position = a.position.clone();
                reports.push(PhaseReport::Adjustments(a));
                self.end_turn();
            }
        }
        self.skip_empty_phases(&mut reports);
        Ok(reports)
    }

    /// Runs phases in which nobody has anything to decide.
    fn skip_empty_phases(&mut self, reports: &mut Vec<PhaseReport>) {
        loop {
            let idle = !Color::ALL.iter().any(|&c| self.needs_orders(c));
            if !idle {
                return;
            }
            match std::mem::replace(&mut self.stage, Stage::Over) {
                Stage::Retreats(adj) => {
                    // Only removals (Bloody variant, no legal retreat) are worth reporting.
                    let r = retreat::retreat(&adj, self.rules, &[]).expect("no orders");
                    if r.removed.is_empty() {
                        self.after_retreats(r, &mut Vec::new());
                    } else {
                        self.after_retreats(r, reports);
                    }
                }
                Stage::Builds => {
                    let b = build::build_step(&self.position, &[]).expect("no orders");
                    if b.progress() {
                        self.after_builds(b, reports);
                    } else {
                        self.after_builds(b, &mut Vec::new());
                    }
                }
                Stage::Adjustments => {
                    self.stage = Stage::Adjustments;
                    let a = adjust::adjust(&self.position, &[]);
                    if !a.disbanded.is_empty() {
                        self.progress = true;
                    }
                    self.position = a.position;
                    self.end_turn();
                }
                other => {
                    self.stage = other;
                    return;
                }
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
            let outcome = match (lost.white, lost.black) {
                (true, true) => (Outcome::Draw, EndReason::BothKingsLost),
                (true, false) => (Outcome::Win(Color::Black), EndReason::KingLost),
                _ => (Outcome::Win(Color::White), EndReason::KingLost),
            };
            self.finish(outcome.0, outcome.1);
            return;
        }
        self.stage = Stage::Builds;
    }

    fn after_builds(&mut self, b: BuildReport, reports: &mut Vec<PhaseReport>) {
        if b.progress() {
            self.progress = true;
        }
        self.position = b.position.clone();
        reports.push(PhaseReport::Builds(b));
        if self.rules.adjustments && self.position.turn % 10 == 0 {
            self.stage = Stage::Adjustments;
        } else {
            self.end_turn();
        }
    }

    fn finish(&mut self, outcome: Outcome, reason: EndReason) {
        self.result = Some(GameResult { outcome, reason });
        self.stage = Stage::Over;
    }

    /// §9.2 and §9.3, then the next turn.
    fn end_turn(&mut self) {
        let p = &mut self.position;
        // Saturating: a position string may start the counters anywhere in u32.
        p.clock = if self.progress {
            0
        } else {
            p.clock.saturating_add(1)
        };
        p.turn = p.turn.saturating_add(1);
        self.progress = false;
        let bare = |c: Color| p.board.by_color(c).count_ones() == 1;
        let (wb, bb) = (bare(Color::White), bare(Color::Black));
        let count = self.seen.entry(repetition_key(p)).or_insert(0);
        *count += 1;
        let repeated = *count >= 3;
        let no_progress = p.clock >= NO_PROGRESS_TURNS;
        if wb && bb {
            self.finish(Outcome::Draw, EndReason::BothBareKings);
        } else if wb && self.position.material(Color::Black) >= 4 {
            self.finish(Outcome::Win(Color::Black), EndReason::BareKing);
        } else if bb && self.position.material(Color::White) >= 4 {
            self.finish(Outcome::Win(Color::White), EndReason::BareKing);
        } else if no_progress {
            self.finish(Outcome::Draw, EndReason::NoProgress);
        } else if repeated {
            self.finish(Outcome::Draw, EndReason::ThreefoldRepetition);
        } else {
            self.stage = Stage::Movement;
        }
    }
}
