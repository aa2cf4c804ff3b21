//! Diplomacy Chess (`diplomacy-chess`), from the `diplomacy-chess` crate.

use crate::engine::{SimultaneousEngine, SimultaneousSession};
use crate::error::{CliError, Result};
use board8::Square;
use diplo_core::{Color, GameResult, Options, SimultaneousGame};
use diplomacy_chess::{record, AdjudicateError, Game, Mode, Position};

/// The engine adapter (stateless).
pub struct DiplomacyChess;

impl SimultaneousEngine for DiplomacyChess {
    fn adjudicate(&self, options: &Options, position: &str, orders: &str) -> Result<String> {
        diplomacy_chess::adjudicate(Mode::of(options), position, orders).map_err(|e| match e {
            AdjudicateError::Position(_) => CliError::usage(e.to_string()),
            _ => CliError::rules(e.to_string()),
        })
    }

    fn new_game(
        &self,
        options: &Options,
        position: Option<&str>,
    ) -> std::result::Result<Box<dyn SimultaneousSession>, String> {
        let start = match position {
            None => Position::start(),
            Some(text) => text.parse().map_err(|e| format!("position: {e}"))?,
        };
        Ok(Box::new(DiplomacySession {
            game: Game::new(start, Mode::of(options)),
        }))
    }

    fn replay(&self, text: &str, options: &Options) -> Result<Box<dyn SimultaneousSession>> {
        let game =
            record::replay(text, Mode::of(options)).map_err(|e| CliError::rules(e.to_string()))?;
        Ok(Box::new(DiplomacySession { game }))
    }
}

/// A game of Diplomacy Chess in progress.
struct DiplomacySession {
    game: Game,
}

impl SimultaneousSession for DiplomacySession {
    fn phase(&self) -> String {
        self.game.phase()
    }

    fn entry_count(&self) -> (usize, usize) {
        self.game.entry_count()
    }

    fn order_help(&self) -> String {
        let mode = match self.game.mode() {
            Mode::Basic => "one move",
            Mode::Progressive => {
                "a series of moves played step by step; an entry may be conditional, \
                 e.g. `~e5?e5:exf6`, `wNh6?Nf5:d4`, `2Q?e4:Rd1`, `1?Bb5:Be2`"
            }
            Mode::SimultaneousProgressive => {
                "a set of moves of different pieces, resolved together"
            }
        };
        format!("Orders in SAN (Nf3, exd5, e8=Q, O-O) or coordinates (g1f3); {mode}.")
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
        let read = |side: Color, entries: &[String]| {
            let texts: Vec<&str> = entries.iter().map(String::as_str).collect();
            self.game
                .parse_orders(side, &texts)
                .map_err(|e| format!("{side}: {e}"))
        };
        let (w, b) = (read(Color::White, white)?, read(Color::Black, black)?);
        let report = self.game.play_turn(&w, &b);
        let mut out = String::new();
        for e in &report.entries {
            out.push_str(&e.explain());
            out.push('\n');
        }
        // The result, if any, is printed once by the play loop, after the board.
        Ok(out)
    }

    fn result(&self) -> Option<GameResult> {
        SimultaneousGame::result(&self.game)
    }

    fn position_string(&self) -> String {
        self.game.position().to_string()
    }

    fn draw(&self) -> String {
        let board = &self.game.position().board;
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!(" {} ", rank + 1));
            for file in 0..8u8 {
                let c = Square::from_coords(file, rank)
                    .and_then(|sq| board.piece_at(sq))
                    .map_or('.', |p| p.char());
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("    a b c d e f g h\n");
        out
    }
}
