//! A simultaneous game: the start, every phase played with both sides' orders and what the
//! adjudication did, the positions reached (for repetition) and the record.

use super::{Phase, Repetitions, SimultaneousPosition};
use crate::record::{game_tags, write_tags};
use crate::{Color, GameResult, GameRules, Status};

/// One phase as it was played.
#[derive(Clone, Debug)]
pub struct PhaseRecord<S: SimultaneousPosition> {
    /// The position the orders were given in.
    pub before: S,
    pub white: S::Orders,
    pub black: S::Orders,
    pub resolution: S::Resolution,
}

impl<S: SimultaneousPosition> PhaseRecord<S> {
    pub fn phase(&self) -> Phase {
        self.before.phase()
    }

    pub fn orders(&self, side: Color) -> &S::Orders {
        side.fold(&self.white, &self.black)
    }
}

/// Why orders could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over ({0})")]
    Over(GameResult),
}

/// A game from some start position, with its history.
#[derive(Clone, Debug)]
pub struct Game<S: SimultaneousPosition> {
    start: S,
    position: S,
    phases: Vec<PhaseRecord<S>>,
    /// Every position the repetition rules count, the start first.
    reached: Vec<S>,
    /// A result decided outside the rules (a resignation), which ends the game.
    ended: Option<GameResult>,
}

impl<S: SimultaneousPosition> Game<S> {
    pub fn new(start: S) -> Game<S> {
        let mut reached = Vec::new();
        reached.reached(&start);
        Game {
            position: start.clone(),
            start,
            phases: Vec::new(),
            reached,
            ended: None,
        }
    }

    pub fn standard(rules: S::Rules) -> Game<S> {
        Game::new(S::start(rules))
    }

    pub fn position(&self) -> &S {
        &self.position
    }

    pub fn start_position(&self) -> &S {
        &self.start
    }

    /// Every phase played so far.
    pub fn phases(&self) -> &[PhaseRecord<S>] {
        &self.phases
    }

    pub fn phase(&self) -> Phase {
        self.position.phase()
    }

    /// Whether `side` has orders to give now (never once the game is over).
    pub fn owes_orders(&self, side: Color) -> bool {
        self.result().is_none() && self.position.owes_orders(side)
    }

    /// The result, if the game is over: by the rules, or as [`Game::end`] decided.
    pub fn result(&self) -> Option<GameResult> {
        self.ended.or(self.position.status().result())
    }

    pub fn status(&self) -> Status {
        self.position.status()
    }

    /// Ends an unfinished game with a result the rules do not give (a resignation).
    pub fn end(&mut self, result: GameResult) {
        if self.result().is_none() {
            self.ended = Some(result);
        }
    }

    /// Takes back a result decided outside the rules (a resignation); returns it.
    pub fn cancel_end(&mut self) -> Option<GameResult> {
        self.ended.take()
    }

    /// Resolves the current phase with both sides' checked orders (a side that owes none
    /// may pass its default orders) and moves the game on.
    pub fn play(
        &mut self,
        white: S::Orders,
        black: S::Orders,
    ) -> Result<&PhaseRecord<S>, PlayError> {
        if let Some(result) = self.result() {
            return Err(PlayError::Over(result));
        }
        let (next, resolution) = self.position.resolve(&white, &black, &mut self.reached);
        let before = std::mem::replace(&mut self.position, next);
        self.phases.push(PhaseRecord {
            before,
            white,
            black,
            resolution,
        });
        Ok(self.phases.last().expect("just pushed"))
    }

    /// The game as a record that the game's record reader replays: `[Game]`, the extra tags,
    /// `[Options]` and `[Position]` when not the defaults, `[Termination]` for a result decided
    /// outside the rules, `[Result]`, then every phase played.
    pub fn record(&self, extra_tags: &[(String, String)]) -> String {
        let rules = self.start.rules();
        let token = self.result().map_or("*", |r| r.outcome.token());
        let mut extra = extra_tags.to_vec();
        if let Some(result) = self.ended {
            extra.push(("Termination".to_string(), result.reason.to_string()));
        }
        let tags = game_tags(
            <S::Rules as GameRules>::INFO.id,
            &extra,
            rules.options_tag(),
            (self.start != S::start(rules)).then(|| self.start.to_string()),
            token,
        );
        let mut out = write_tags(&tags);
        for phase in &self.phases {
            phase
                .before
                .write_phase(&phase.white, &phase.black, &phase.resolution, &mut out);
        }
        out.push_str(token);
        out.push('\n');
        out
    }
}
