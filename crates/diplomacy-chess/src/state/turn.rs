//! A turn being played: both sides' orders resolved together, or step by step in
//! progressive mode (§9.2), with the automatic draws judged after each.

use super::State;
use crate::game::{EntryOutcome, EntryReport, Orders};
use crate::mode::Mode;
use crate::notation::san;
use crate::order::Order;
use crate::position::Position;
use crate::resolve::{resolve, OrderOutcome};
use crate::terminal::{automatic_draw, mate_or_stalemate};
use crate::validity::{valid_orders, Rules};
use diplo_core::{GameResult, Repetitions};

/// A turn being played: the position so far, the result once the game has ended, and the
/// positions reached before.
pub(super) struct Turn<'h> {
    pub(super) position: Position,
    /// The hash of `position` if the history asked for it.
    pub(super) hash: Option<u64>,
    pub(super) mode: Mode,
    pub(super) result: Option<GameResult>,
    pub(super) history: &'h mut dyn Repetitions<State>,
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

    pub(super) fn together(&mut self, white: &Orders, black: &Orders) -> Vec<EntryReport> {
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
                    took: res.took.get(k).copied().flatten(),
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
    pub(super) fn progressive(&mut self, white: &Orders, black: &Orders) -> Vec<EntryReport> {
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
                            took: None,
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
                            took: None,
                        });
                        orders.push(order);
                    }
                    Err(e) => step_reports.push(EntryReport {
                        color,
                        index: k,
                        text: text.to_string(),
                        order: None,
                        outcome: EntryOutcome::Invalid(e),
                        took: None,
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
                    r.took = res.took.get(j).copied().flatten();
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
pub(super) fn game_over(white: &Orders, black: &Orders) -> Vec<EntryReport> {
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
                    took: None,
                })
        })
        .collect()
}
