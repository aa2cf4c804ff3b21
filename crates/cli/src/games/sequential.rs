//! The part of a sequential game's adapter that every such game shares: a [`Session`] over
//! any [`SequentialGame`], and a [`SequentialEngine`] for every [`SequentialAdapter`]. Each
//! game's adapter only says how to start and replay a game, count perft, draw a position and
//! write a record.

use crate::engine::{MoveText, SequentialEngine, Session, View};
use crate::error::Result;
use diplo_core::{Color, GameResult, MoveError, Options, Record, SequentialGame};
use std::marker::PhantomData;

/// What the command line needs from a sequential game beyond [`SequentialGame`].
pub trait SequentialAdapter: Sync + 'static {
    type Game: SequentialGame + 'static;

    /// Starts a game from a position string (`None`: the standard start) under the options.
    fn new_game(
        &self,
        options: &Options,
        position: Option<&str>,
    ) -> std::result::Result<Self::Game, String>;
    /// Replays a record under the (merged) options.
    fn replay(&self, record: &Record, options: &Options) -> Result<Self::Game>;
    /// The legal moves of the current position, even once the rules have ended the game.
    fn position_moves(game: &Self::Game) -> Vec<<Self::Game as SequentialGame>::Move>;
    fn perft(game: &Self::Game, depth: u32) -> u64;
    fn divide(game: &Self::Game, depth: u32) -> Vec<(<Self::Game as SequentialGame>::Move, u64)>;
    fn draw(game: &Self::Game, view: &View) -> Result<String>;
    /// The game as PGN with extra tags; `token` overrides the rules' result token.
    fn to_pgn(game: &Self::Game, extra_tags: &[(String, String)], token: Option<&str>) -> String;
    /// See [`Session::replay_result_line`].
    fn replay_result_line(_game: &Self::Game) -> Option<String> {
        None
    }
}

impl<A: SequentialAdapter> SequentialEngine for A {
    fn new_game(
        &self,
        options: &Options,
        position: Option<&str>,
    ) -> std::result::Result<Box<dyn Session>, String> {
        let game = SequentialAdapter::new_game(self, options, position)?;
        Ok(Box::new(GameSession::<A> {
            game,
            adapter: PhantomData,
        }))
    }

    fn replay(&self, record: &Record, options: &Options) -> Result<Box<dyn Session>> {
        let game = SequentialAdapter::replay(self, record, options)?;
        Ok(Box::new(GameSession::<A> {
            game,
            adapter: PhantomData,
        }))
    }
}

/// A sequential game in progress.
struct GameSession<A: SequentialAdapter> {
    game: A::Game,
    adapter: PhantomData<A>,
}

impl<A: SequentialAdapter> Session for GameSession<A> {
    fn side_to_move(&self) -> Color {
        self.game.side_to_move()
    }

    fn legal_moves(&self) -> Vec<MoveText> {
        A::position_moves(&self.game)
            .into_iter()
            .map(|mv| MoveText {
                coordinate: self.game.coordinate(mv),
                san: self.game.san(mv),
            })
            .collect()
    }

    fn play(&mut self, text: &str) -> std::result::Result<MoveText, MoveError> {
        let mv = self.game.parse_move(text)?;
        let played = MoveText {
            coordinate: self.game.coordinate(mv),
            san: self.game.san(mv),
        };
        self.game.try_play(mv)?;
        Ok(played)
    }

    fn undo(&mut self) -> bool {
        self.game.undo()
    }

    fn result(&self) -> Option<GameResult> {
        self.game.result()
    }

    fn replay_result_line(&self) -> Option<String> {
        A::replay_result_line(&self.game)
    }

    fn position_string(&self) -> String {
        self.game.position_string()
    }

    fn perft(&self, depth: u32) -> u64 {
        A::perft(&self.game, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        A::divide(&self.game, depth)
            .into_iter()
            .map(|(mv, n)| (self.game.coordinate(mv), n))
            .collect()
    }

    fn draw(&self, view: &View) -> Result<String> {
        A::draw(&self.game, view)
    }

    fn to_pgn(&self, result: Option<&GameResult>) -> String {
        match result {
            // A result the rules did not give (a resignation) is recorded with its reason.
            Some(result) if self.game.result().is_none() => A::to_pgn(
                &self.game,
                &[("Termination".to_string(), result.reason.clone())],
                Some(result.outcome.token()),
            ),
            _ => A::to_pgn(&self.game, &[], None),
        }
    }
}
