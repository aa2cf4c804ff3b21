//! A [`Session`] over any simultaneous game.

use crate::session::{PhaseView, ResolveError, SequentialSession, Session, SimultaneousSession};
use crate::GameEntry;
use diplo_core::simultaneous::{PhaseRecord, PlayError};
use diplo_core::{
    Color, GameResult, GameRules, Options, Phase, SimultaneousGame, SimultaneousPosition,
};
use std::any::Any;

/// A simultaneous game in progress, with its registry entry.
#[derive(Clone)]
pub struct SimultaneousGameSession<S: SimultaneousPosition> {
    entry: &'static GameEntry,
    game: SimultaneousGame<S>,
}

impl<S: SimultaneousPosition> SimultaneousGameSession<S> {
    pub fn new(entry: &'static GameEntry, game: SimultaneousGame<S>) -> Self {
        SimultaneousGameSession { entry, game }
    }

    pub fn game(&self) -> &SimultaneousGame<S> {
        &self.game
    }

    fn read(&self, side: Color, texts: &[String]) -> Result<S::Orders, String> {
        self.game
            .position()
            .read_orders(side, texts)
            .map_err(|e| e.to_string())
    }

    /// A played phase as people see it; `after` is the position it led to.
    fn view(record: &PhaseRecord<S>, after: &S) -> PhaseView {
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
}

impl<S: SimultaneousPosition> Session for SimultaneousGameSession<S> {
    fn entry(&self) -> &'static GameEntry {
        self.entry
    }

    fn options(&self) -> Options {
        self.game.position().rules().to_options()
    }

    fn position_string(&self) -> String {
        self.game.position().to_string()
    }

    fn start_position_string(&self) -> String {
        self.game.start_position().to_string()
    }

    fn result(&self) -> Option<GameResult> {
        self.game.result()
    }

    fn unfinished_reason(&self) -> &'static str {
        "in progress"
    }

    fn end(&mut self, result: GameResult) {
        self.game.end(result);
    }

    fn cancel_end(&mut self) -> Option<GameResult> {
        self.game.cancel_end()
    }

    fn record(&self, extra_tags: &[(String, String)]) -> String {
        self.game.record(extra_tags)
    }

    fn as_sequential(&self) -> Option<&dyn SequentialSession> {
        None
    }

    fn as_sequential_mut(&mut self) -> Option<&mut dyn SequentialSession> {
        None
    }

    fn as_simultaneous(&self) -> Option<&dyn SimultaneousSession> {
        Some(self)
    }

    fn as_simultaneous_mut(&mut self) -> Option<&mut dyn SimultaneousSession> {
        Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        &self.game
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        &mut self.game
    }

    fn clone_box(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
}

impl<S: SimultaneousPosition> SimultaneousSession for SimultaneousGameSession<S> {
    fn phase(&self) -> Phase {
        self.game.phase()
    }

    fn owes_orders(&self, side: Color) -> bool {
        self.game.owes_orders(side)
    }

    fn order_count(&self, side: Color) -> (usize, usize) {
        self.game.position().order_count(side)
    }

    fn check_order(&self, side: Color, text: &str) -> Result<String, String> {
        let position = self.game.position();
        let order = position
            .parse_order(side, text)
            .map_err(|e| e.to_string())?;
        Ok(order.to_string())
    }

    fn check_next_order(
        &self,
        side: Color,
        before: &[String],
        text: &str,
    ) -> Result<String, String> {
        let position = self.game.position();
        let read = |text: &str| position.parse_order(side, text).map_err(|e| e.to_string());
        let before = before
            .iter()
            .map(|t| read(t))
            .collect::<Result<Vec<_>, _>>()?;
        let order = read(text)?;
        position.check_next(side, &before, &order)?;
        Ok(order.to_string())
    }

    fn check_orders(&self, side: Color, orders: &[String]) -> Result<(), String> {
        self.read(side, orders).map(|_| ())
    }

    fn legal_orders(&self, side: Color) -> Vec<String> {
        let mut orders = Vec::new();
        self.game.position().legal_orders(side, &mut orders);
        orders.iter().map(ToString::to_string).collect()
    }

    fn default_orders(&self, side: Color) -> Vec<String> {
        let position = self.game.position();
        let defaults = position.default_orders(side);
        position
            .orders_of(&defaults)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn resolve(
        &mut self,
        white: Option<&[String]>,
        black: Option<&[String]>,
    ) -> Result<PhaseView, ResolveError> {
        let position = self.game.position();
        let read = |side: Color, texts: Option<&[String]>| match texts {
            Some(texts) => self
                .read(side, texts)
                .map_err(|message| ResolveError::Orders { side, message }),
            None => Ok(position.default_orders(side)),
        };
        let (w, b) = (read(Color::White, white)?, read(Color::Black, black)?);
        self.game.play(w, b).map_err(|e| match e {
            PlayError::Over(result) => ResolveError::Over(result),
        })?;
        let record = self.game.phases().last().expect("a phase was just played");
        Ok(Self::view(record, self.game.position()))
    }

    fn phases(&self) -> Vec<PhaseView> {
        let phases = self.game.phases();
        phases
            .iter()
            .enumerate()
            .map(|(i, record)| {
                let after = phases
                    .get(i + 1)
                    .map_or(self.game.position(), |p| &p.before);
                Self::view(record, after)
            })
            .collect()
    }
}
