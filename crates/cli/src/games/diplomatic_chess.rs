//! Diplomatic Chess (`diplomatic-chess`), from the `diplomatic-chess` crate.

mod draw;

use crate::engine::{MoveText, SequentialEngine, Session, View};
use crate::error::{CliError, Result};
use diplo_core::{Color, GameResult, MoveError, Options, Record, SequentialGame};
use diplomatic_chess::{divide, perft, record, san, Game, Position, Rules};

/// The engine adapter (stateless).
pub struct DiplomaticChess;

impl SequentialEngine for DiplomaticChess {
    fn new_game(
        &self,
        options: &Options,
        position: Option<&str>,
    ) -> Result<Box<dyn Session>, String> {
        let rules = Rules::from_options(options);
        let start = match position {
            None => Position::start(rules),
            Some(text) => Position::parse(text, rules).map_err(|e| e.to_string())?,
        };
        Ok(Box::new(DiplomaticSession {
            game: Game::new(start),
        }))
    }

    fn replay(&self, record: &Record, options: &Options) -> Result<Box<dyn Session>> {
        let start = record::start_position(record, Some(options))
            .map_err(|e| CliError::rules(e.to_string()))?;
        let game = record::replay(record, start).map_err(|e| CliError::rules(e.to_string()))?;
        Ok(Box::new(DiplomaticSession { game }))
    }
}

/// A game of Diplomatic Chess in progress.
struct DiplomaticSession {
    game: Game,
}

impl Session for DiplomaticSession {
    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    fn legal_moves(&self) -> Vec<MoveText> {
        let pos = self.game.position();
        pos.legal_moves()
            .into_iter()
            .map(|mv| MoveText {
                coordinate: mv.to_string(),
                san: san::to_san(pos, mv),
            })
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<MoveText, MoveError> {
        let pos = self.game.position();
        let mv = san::parse_move(pos, text)?;
        let played = MoveText {
            coordinate: mv.to_string(),
            san: san::to_san(pos, mv),
        };
        self.game.try_play(mv)?;
        Ok(played)
    }

    fn undo(&mut self) -> bool {
        SequentialGame::undo(&mut self.game)
    }

    fn result(&self) -> Option<GameResult> {
        self.game.result()
    }

    fn replay_result_line(&self) -> Option<String> {
        // §10.2: the printed result is always computed; a recorded token is ignored.
        Some(record::result_line(&self.game))
    }

    fn position_string(&self) -> String {
        self.game.position().to_string()
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

    fn draw(&self, view: &View) -> Result<String> {
        draw::draw(&self.game, view)
    }

    fn to_pgn(&self, result: Option<&GameResult>) -> String {
        match result {
            // A result the rules did not give (a resignation) is recorded with its reason.
            Some(result) if self.game.result().is_none() => record::to_pgn_with_result(
                &self.game,
                &[("Termination".to_string(), result.reason.clone())],
                result.outcome.token(),
            ),
            _ => record::to_pgn(&self.game, &[]),
        }
    }
}
