//! DiploChess (`diplochess`), from the `diplochess` crate.

use super::simultaneous::SimultaneousAdapter;
use crate::error::{CliError, Result};
use board8::Board;
use diplo_core::Options;
use diplochess::{
    adjudicate, orders_file, record, Game, GameError, Phase, PhaseReport, Position, Rules,
};

/// The engine adapter (stateless).
pub struct DiploChess;

impl SimultaneousAdapter for DiploChess {
    type Game = Game;

    fn adjudicate(&self, _options: &Options, position: &str, orders: &str) -> Result<String> {
        // A bad position string is a usage error (exit 2); bad orders are rules errors (1).
        let position: Position = position
            .parse()
            .map_err(|e: diplochess::PositionError| CliError::usage(e.to_string()))?;
        let orders = orders_file::parse(orders).map_err(|e| CliError::rules(e.to_string()))?;
        let result = adjudicate(&position, &orders).map_err(|e| CliError::rules(e.to_string()))?;
        Ok(result.to_string())
    }

    fn new_game(&self, options: &Options, position: Option<&str>) -> Result<Game, String> {
        let start = match position {
            None => Position::start(),
            Some(text) => text.parse().map_err(|e| format!("{e}"))?,
        };
        Ok(Game::new(start, Rules::from_options(options)))
    }

    fn replay(&self, text: &str, options: &Options) -> Result<Game> {
        let rec = record::parse(text).map_err(|e| CliError::rules(e.to_string()))?;
        let start = record::start_position(&rec).map_err(|e| CliError::rules(e.to_string()))?;
        record::replay(&rec, start, Rules::from_options(options))
            .map_err(|e| CliError::rules(e.to_string()))
    }

    fn entry_count(game: &Game) -> (usize, usize) {
        // Orders are optional (a piece without an order holds; defaults fill the rest), so
        // an empty line ends a side's entry. The most: one per piece that may take one.
        let most = match game.current_phase() {
            Some(Phase::Movement) => game.position().board.iter().count(),
            Some(Phase::Retreats) => game.pending_retreats().len(),
            Some(Phase::Builds | Phase::Adjustments) => 16,
            None => 0,
        };
        (0, most)
    }

    fn order_help(_game: &Game) -> String {
        "DiploChess orders, one per line (spaces optional): hold `N c3 H`, move `R a1 - a5`, \
         support `Q d1 S N d4` or `B b2 S R a1 - a5`, castle `O-O`; retreats `N e5 - c6` or \
         `N e5 D`; build step `e8 = N`, `Build R a1`; adjustments `Build P d2`, `Disband N c3`. \
         Pieces without orders hold; an empty line ends your orders."
            .to_string()
    }

    fn explain(
        game: &Game,
        resolution: Result<Vec<PhaseReport>, GameError>,
    ) -> Result<String, String> {
        let reports = resolution.map_err(|e| e.to_string())?;
        let mut out = String::new();
        for report in &reports {
            let title = match report {
                PhaseReport::Movement(_) => Phase::Movement,
                PhaseReport::Retreats(_) => Phase::Retreats,
                PhaseReport::Builds(_) => Phase::Builds,
                PhaseReport::Adjustments(_) => Phase::Adjustments,
            };
            out.push_str(&format!("-- {title}\n{report}"));
        }
        for (d, squares) in game.pending_retreats() {
            let list: Vec<String> = squares.map(|s| s.to_string()).collect();
            out.push_str(&format!(
                "{} {} {} must retreat: {}\n",
                d.piece.color,
                d.piece.role.upper(),
                d.square,
                if list.is_empty() {
                    "no legal square (it will be removed)".to_string()
                } else {
                    list.join(" ")
                }
            ));
        }
        Ok(out)
    }

    fn board(game: &Game) -> &Board {
        &game.position().board
    }
}
