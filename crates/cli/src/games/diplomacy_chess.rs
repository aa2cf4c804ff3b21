//! Diplomacy Chess (`diplomacy-chess`), from the `diplomacy-chess` crate.

use super::simultaneous::SimultaneousAdapter;
use crate::error::{CliError, Result};
use board8::Board;
use diplo_core::{Color, Options};
use diplomacy_chess::{record, AdjudicateError, Game, Mode, Position, TurnError, TurnReport};

/// The engine adapter (stateless).
pub struct DiplomacyChess;

impl SimultaneousAdapter for DiplomacyChess {
    type Game = Game;

    fn adjudicate(&self, options: &Options, position: &str, orders: &str) -> Result<String> {
        diplomacy_chess::adjudicate(Mode::of(options), position, orders).map_err(|e| match e {
            AdjudicateError::Position(_) => CliError::usage(e.to_string()),
            _ => CliError::rules(e.to_string()),
        })
    }

    fn new_game(&self, options: &Options, position: Option<&str>) -> Result<Game, String> {
        let start = match position {
            None => Position::start(),
            Some(text) => text.parse().map_err(|e| format!("position: {e}"))?,
        };
        Ok(Game::new(start, Mode::of(options)))
    }

    fn replay(&self, text: &str, options: &Options) -> Result<Game> {
        record::replay(text, Mode::of(options)).map_err(|e| CliError::rules(e.to_string()))
    }

    fn entry_count(game: &Game) -> (usize, usize) {
        game.entry_count()
    }

    fn order_help(game: &Game) -> String {
        let mode = match game.mode() {
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

    fn resolve_order_error(side: Color, error: TurnError) -> String {
        format!("{side}: {error}")
    }

    fn explain(_game: &Game, report: TurnReport) -> Result<String, String> {
        let mut out = String::new();
        for e in &report.entries {
            out.push_str(&e.explain());
            out.push('\n');
        }
        // The result, if any, is printed once by the play loop, after the board.
        Ok(out)
    }

    fn board(game: &Game) -> &Board {
        &game.position().board
    }

    const DRAW_MARGIN: &'static str = " ";
}
