//! The phases of a turn (§3): movement, retreats, the build step and adjustments, the
//! phases nobody has to decide run at once, then the end check (§9) and the next turn.

use super::{Stage, State};
use crate::adjust;
use crate::build::{self, BuildReport};
use crate::game::{OrderError, PhaseReport, NO_PROGRESS_TURNS};
use crate::movement::adjudicate;
use crate::order::Order;
use crate::retreat::{self, RetreatReport};
use diplo_core::{Color, EndReason, GameResult, Repetitions};

impl State {
    /// Resolves the current phase with both sides' orders, then runs the following phases
    /// that need no orders. An error (orders that were not checked for this phase) leaves
    /// the state as it was.
    pub(super) fn play_phase(
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
}
