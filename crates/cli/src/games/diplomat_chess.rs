//! Diplomat Chess (`diplomat-chess`), from the `diplomat-chess` crate.

mod draw;

use super::sequential::SequentialAdapter;
use crate::engine::View;
use crate::error::{CliError, Result};
use diplo_core::{Options, Record};
use diplomat_chess::{divide, perft, record, Game, Move, Position};

/// The engine adapter (stateless).
pub struct DiplomatChess;

impl SequentialAdapter for DiplomatChess {
    type Game = Game;

    fn new_game(&self, options: &Options, position: Option<&str>) -> Result<Game, String> {
        let rule = record::rule_of(options);
        let start = match position {
            None => Position::start(rule),
            Some(text) => Position::parse(text, rule).map_err(|e| e.to_string())?,
        };
        Ok(Game::new(start))
    }

    fn replay(&self, record: &Record, options: &Options) -> Result<Game> {
        let start = record::start_position(record, Some(options))
            .map_err(|e| CliError::rules(e.to_string()))?;
        record::replay(record, start).map_err(|e| CliError::rules(e.to_string()))
    }

    fn position_moves(game: &Game) -> Vec<Move> {
        game.position().legal_moves().to_vec()
    }

    fn perft(game: &Game, depth: u32) -> u64 {
        perft(game.position(), depth)
    }

    fn divide(game: &Game, depth: u32) -> Vec<(Move, u64)> {
        divide(game.position(), depth)
    }

    fn draw(game: &Game, view: &View) -> Result<String> {
        draw::draw(game, view)
    }

    fn to_pgn(game: &Game, extra_tags: &[(String, String)], token: Option<&str>) -> String {
        match token {
            Some(token) => record::to_pgn_with_result(game, extra_tags, token),
            None => record::to_pgn(game, extra_tags),
        }
    }
}
