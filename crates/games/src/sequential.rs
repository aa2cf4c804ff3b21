//! A [`Session`] over any sequential game.

use crate::session::{MoveInfo, SequentialSession, Session, SimultaneousSession};
use crate::GameEntry;
use diplo_core::sequential::{divide, perft};
use diplo_core::{
    Color, GameResult, GameRules, MoveError, Options, SequentialGame, SequentialPosition,
};
use std::any::Any;

/// A sequential game in progress, with its registry entry.
#[derive(Clone)]
pub struct SequentialGameSession<P: SequentialPosition> {
    entry: &'static GameEntry,
    game: SequentialGame<P>,
}

impl<P: SequentialPosition> SequentialGameSession<P> {
    pub fn new(entry: &'static GameEntry, game: SequentialGame<P>) -> Self {
        SequentialGameSession { entry, game }
    }

    pub fn game(&self) -> &SequentialGame<P> {
        &self.game
    }

    fn info(position: &P, mv: P::Move) -> MoveInfo {
        MoveInfo {
            coordinate: mv.to_string(),
            san: position.san(mv),
        }
    }
}

impl<P: SequentialPosition> Session for SequentialGameSession<P> {
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
        self.game.unfinished_reason()
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
        Some(self)
    }

    fn as_sequential_mut(&mut self) -> Option<&mut dyn SequentialSession> {
        Some(self)
    }

    fn as_simultaneous(&self) -> Option<&dyn SimultaneousSession> {
        None
    }

    fn as_simultaneous_mut(&mut self) -> Option<&mut dyn SimultaneousSession> {
        None
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

impl<P: SequentialPosition> SequentialSession for SequentialGameSession<P> {
    fn side_to_move(&self) -> Color {
        self.game.side_to_move()
    }

    fn fullmove(&self) -> u32 {
        self.game.position().fullmove()
    }

    fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        let position = self.game.position();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| Self::info(position, mv))
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<MoveInfo, MoveError> {
        let before = self.game.position().clone();
        let mv = self.game.play_text(text)?;
        Ok(Self::info(&before, mv))
    }

    fn undo(&mut self) -> bool {
        self.game.undo()
    }

    fn moves(&self) -> Vec<MoveInfo> {
        self.game
            .positions()
            .iter()
            .zip(self.game.moves())
            .map(|(position, &mv)| Self::info(position, mv))
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self.game.position(), depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        divide(self.game.position(), depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect()
    }
}
