//! The part of a simultaneous game's adapter that every such game shares: a
//! [`SimultaneousSession`] over any [`SimultaneousGame`], and a [`SimultaneousEngine`] for
//! every [`SimultaneousAdapter`]. Each game's adapter only says how to adjudicate, start and
//! replay a game, how many entries a side gives, what the orders look like and how to explain
//! a resolution.

use crate::engine::{SimultaneousEngine, SimultaneousSession};
use crate::error::Result;
use board8::{Board, Square};
use diplo_core::{Color, GameResult, Options, SimultaneousGame};
use std::marker::PhantomData;

/// What the command line needs from a simultaneous game beyond [`SimultaneousGame`].
pub trait SimultaneousAdapter: Sync + 'static {
    type Game: SimultaneousGame + 'static;

    /// See [`SimultaneousEngine::adjudicate`].
    fn adjudicate(&self, options: &Options, position: &str, orders: &str) -> Result<String>;
    /// Starts a game from a position string (`None`: the standard start) under the options.
    fn new_game(&self, options: &Options, position: Option<&str>) -> Result<Self::Game, String>;
    /// Replays the text of a game record under the (merged) options.
    fn replay(&self, text: &str, options: &Options) -> Result<Self::Game>;
    /// See [`SimultaneousSession::entry_count`].
    fn entry_count(game: &Self::Game) -> (usize, usize);
    /// See [`SimultaneousSession::order_help`].
    fn order_help(game: &Self::Game) -> String;
    /// How an order error reads when both sides' orders are read for resolution.
    fn resolve_order_error(_side: Color, error: <Self::Game as SimultaneousGame>::Error) -> String {
        error.to_string()
    }
    /// The explanation of a resolution for the players, read from the game it moved on.
    fn explain(
        game: &Self::Game,
        resolution: <Self::Game as SimultaneousGame>::Resolution,
    ) -> Result<String, String>;
    /// The board that [`SimultaneousSession::draw`] draws.
    fn board(game: &Self::Game) -> &Board;
    /// What stands before each line of the board drawing.
    const DRAW_MARGIN: &'static str = "";
}

impl<A: SimultaneousAdapter> SimultaneousEngine for A {
    fn adjudicate(&self, options: &Options, position: &str, orders: &str) -> Result<String> {
        SimultaneousAdapter::adjudicate(self, options, position, orders)
    }

    fn new_game(
        &self,
        options: &Options,
        position: Option<&str>,
    ) -> Result<Box<dyn SimultaneousSession>, String> {
        let game = SimultaneousAdapter::new_game(self, options, position)?;
        Ok(Box::new(GameSession::<A> {
            game,
            adapter: PhantomData,
        }))
    }

    fn replay(&self, text: &str, options: &Options) -> Result<Box<dyn SimultaneousSession>> {
        let game = SimultaneousAdapter::replay(self, text, options)?;
        Ok(Box::new(GameSession::<A> {
            game,
            adapter: PhantomData,
        }))
    }
}

/// A simultaneous game in progress.
struct GameSession<A: SimultaneousAdapter> {
    game: A::Game,
    adapter: PhantomData<A>,
}

impl<A: SimultaneousAdapter> GameSession<A> {
    fn parse_orders(
        &self,
        side: Color,
        entries: &[String],
    ) -> Result<<A::Game as SimultaneousGame>::Orders, <A::Game as SimultaneousGame>::Error> {
        let texts: Vec<&str> = entries.iter().map(String::as_str).collect();
        self.game.parse_orders(side, &texts)
    }
}

impl<A: SimultaneousAdapter> SimultaneousSession for GameSession<A> {
    fn phase(&self) -> String {
        self.game.phase()
    }

    fn entry_count(&self) -> (usize, usize) {
        A::entry_count(&self.game)
    }

    fn order_help(&self) -> String {
        A::order_help(&self.game)
    }

    fn check(&self, side: Color, entries: &[String]) -> Result<(), String> {
        self.parse_orders(side, entries)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn resolve(&mut self, white: &[String], black: &[String]) -> Result<String, String> {
        let read = |side: Color, entries: &[String]| {
            self.parse_orders(side, entries)
                .map_err(|e| A::resolve_order_error(side, e))
        };
        let (w, b) = (read(Color::White, white)?, read(Color::Black, black)?);
        let resolution = self.game.resolve(&w, &b);
        A::explain(&self.game, resolution)
    }

    fn result(&self) -> Option<GameResult> {
        self.game.result()
    }

    fn position_string(&self) -> String {
        self.game.position_string()
    }

    fn draw(&self) -> String {
        let board = A::board(&self.game);
        let margin = A::DRAW_MARGIN;
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{margin}{} ", rank + 1));
            for file in 0..8u8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                out.push(' ');
                out.push(board.piece_at(sq).map_or('.', |p| p.char()));
            }
            out.push('\n');
        }
        out.push_str(&format!("{margin}   a b c d e f g h\n"));
        out
    }
}
