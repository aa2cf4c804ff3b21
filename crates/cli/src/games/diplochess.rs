//! DiploChess (`diplochess`), from the `diplochess` crate.

use crate::engine::{SimultaneousEngine, SimultaneousSession};
use crate::error::{CliError, Result};
use board8::Square;
use diplo_core::{Color, GameResult, Options, SimultaneousGame};
use diplochess::{adjudicate, orders_file, record, Game, Phase, PhaseReport, Position, Rules};

/// The engine adapter (stateless).
pub struct DiploChess;

impl SimultaneousEngine for DiploChess {
    fn adjudicate(&self, _options: &Options, position: &str, orders: &str) -> Result<String> {
        // A bad position string is a usage error (exit 2); bad orders are rules errors (1).
        let position: Position = position
            .parse()
            .map_err(|e: diplochess::PositionError| CliError::usage(e.to_string()))?;
        let orders = orders_file::parse(orders).map_err(|e| CliError::rules(e.to_string()))?;
        let result = adjudicate(&position, &orders).map_err(|e| CliError::rules(e.to_string()))?;
        Ok(result.to_string())
    }

    fn new_game(
        &self,
        options: &Options,
        position: Option<&str>,
    ) -> std::result::Result<Box<dyn SimultaneousSession>, String> {
        let start = match position {
            None => Position::start(),
            Some(text) => text.parse().map_err(|e| format!("{e}"))?,
        };
        Ok(Box::new(DiploSession {
            game: Game::new(start, Rules::from_options(options)),
        }))
    }

    fn replay(&self, text: &str, options: &Options) -> Result<Box<dyn SimultaneousSession>> {
        let rec = record::parse(text).map_err(|e| CliError::rules(e.to_string()))?;
        let start = record::start_position(&rec).map_err(|e| CliError::rules(e.to_string()))?;
        let game = record::replay(&rec, start, Rules::from_options(options))
            .map_err(|e| CliError::rules(e.to_string()))?;
        Ok(Box::new(DiploSession { game }))
    }
}

/// A game of DiploChess in progress.
struct DiploSession {
    game: Game,
}

impl SimultaneousSession for DiploSession {
    fn phase(&self) -> String {
        self.game.phase()
    }

    fn entry_count(&self) -> (usize, usize) {
        // Orders are optional (a piece without an order holds; defaults fill the rest), so
        // an empty line ends a side's entry. The most: one per piece that may take one.
        let most = match self.game.current_phase() {
            Some(Phase::Movement) => self.game.position().board.iter().count(),
            Some(Phase::Retreats) => self.game.pending_retreats().len(),
            Some(Phase::Builds | Phase::Adjustments) => 16,
            None => 0,
        };
        (0, most)
    }

    fn order_help(&self) -> String {
        "DiploChess orders, one per line (spaces optional): hold `N c3 H`, move `R a1 - a5`, \
         support `Q d1 S N d4` or `B b2 S R a1 - a5`, castle `O-O`; retreats `N e5 - c6` or \
         `N e5 D`; build step `e8 = N`, `Build R a1`; adjustments `Build P d2`, `Disband N c3`. \
         Pieces without orders hold; an empty line ends your orders."
            .to_string()
    }

    fn check(&self, side: Color, entries: &[String]) -> std::result::Result<(), String> {
        let texts: Vec<&str> = entries.iter().map(String::as_str).collect();
        self.game
            .parse_orders(side, &texts)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn resolve(
        &mut self,
        white: &[String],
        black: &[String],
    ) -> std::result::Result<String, String> {
        let w: Vec<&str> = white.iter().map(String::as_str).collect();
        let b: Vec<&str> = black.iter().map(String::as_str).collect();
        let w = self
            .game
            .parse_orders(Color::White, &w)
            .map_err(|e| e.to_string())?;
        let b = self
            .game
            .parse_orders(Color::Black, &b)
            .map_err(|e| e.to_string())?;
        let reports = self.game.resolve(&w, &b).map_err(|e| e.to_string())?;
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
        for (d, squares) in self.game.pending_retreats() {
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

    fn result(&self) -> Option<GameResult> {
        SimultaneousGame::result(&self.game)
    }

    fn position_string(&self) -> String {
        self.game.position_string()
    }

    fn draw(&self) -> String {
        let board = &self.game.position().board;
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                out.push(' ');
                out.push(board.piece_at(sq).map_or('.', |p| p.char()));
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out
    }
}
