//! The closed set of games: a game in progress is a [`Session`], one variant per game, and
//! everything that depends on which game it is goes through an exhaustive `match` on it.
//! A fifth game is a fifth variant, and every `match` that must handle it stops compiling
//! until it does.

use crate::faces::{SequentialSession, SimultaneousSession};
use crate::{GameEntry, Kind, GAMES};
use diplo_core::describe::{
    ActionShape, BoardView, Caption, CellId, DescribeBoard, DescribeMoves, DescribeOrders, Due,
    Geometry, OrderEntry, ResolutionView, Targets,
};
use diplo_core::{Color, GameResult, GameRules, Options, SequentialPosition, SimultaneousPosition};

/// A game in progress, of any of the games.
#[derive(Clone)]
pub enum Session {
    DiplomatChess(diplomat_chess::Game),
    DiplomaticChess(diplomatic_chess::Game),
    DiplomacyChess(diplomacy_chess::Game),
    DiploChess(diplochess::Game),
}

/// Runs `$body` with `$game` bound to the typed game, whichever it is.
macro_rules! each_game {
    ($session:expr, $game:ident => $body:expr) => {
        match $session {
            Session::DiplomatChess($game) => $body,
            Session::DiplomaticChess($game) => $body,
            Session::DiplomacyChess($game) => $body,
            Session::DiploChess($game) => $body,
        }
    };
}

/// Runs `$sequential` with `$game` bound to a sequential game, `$simultaneous` to a
/// simultaneous one (either may leave `$game` unused).
macro_rules! by_kind {
    ($session:expr, $game:ident => sequential $sequential:expr, simultaneous $simultaneous:expr) => {
        #[allow(unused_variables)]
        match $session {
            Session::DiplomatChess($game) => $sequential,
            Session::DiplomaticChess($game) => $sequential,
            Session::DiplomacyChess($game) => $simultaneous,
            Session::DiploChess($game) => $simultaneous,
        }
    };
}

impl Session {
    /// The game's registry entry (id, name, options, kind).
    pub fn entry(&self) -> &'static GameEntry {
        let index = match self {
            Session::DiplomatChess(_) => 0,
            Session::DiplomaticChess(_) => 1,
            Session::DiplomacyChess(_) => 2,
            Session::DiploChess(_) => 3,
        };
        &GAMES[index]
    }

    pub fn kind(&self) -> Kind {
        self.entry().kind
    }

    /// The rule options the game is played under.
    pub fn options(&self) -> Options {
        each_game!(self, game => game.position().rules().to_options())
    }

    /// The current position string.
    pub fn position_string(&self) -> String {
        each_game!(self, game => game.position().to_string())
    }

    /// The position string the game started from.
    pub fn start_position_string(&self) -> String {
        each_game!(self, game => game.start_position().to_string())
    }

    /// The result, if the game is over (by the rules, or by [`Session::end`]).
    pub fn result(&self) -> Option<GameResult> {
        each_game!(self, game => game.result())
    }

    /// Why an unfinished game is unfinished (`in progress`, Diplomatic Chess's `last chance`).
    pub fn unfinished_reason(&self) -> &'static str {
        by_kind!(self, game => sequential game.unfinished_reason(), simultaneous "in progress")
    }

    /// Ends an unfinished game with a result the rules do not give (a resignation, a flag).
    pub fn end(&mut self, result: GameResult) {
        each_game!(self, game => game.end(result))
    }

    /// Takes back a result decided outside the rules; returns it.
    pub fn cancel_end(&mut self) -> Option<GameResult> {
        each_game!(self, game => game.cancel_end())
    }

    /// The game as a record that `diplo replay` accepts, with extra tag pairs.
    pub fn record(&self, extra_tags: &[(String, String)]) -> String {
        each_game!(self, game => game.record(extra_tags))
    }

    /// The game's sequential face, if the sides take turns.
    pub fn as_sequential(&self) -> Option<&dyn SequentialSession> {
        by_kind!(self, game => sequential Some(game), simultaneous None)
    }

    pub fn as_sequential_mut(&mut self) -> Option<&mut dyn SequentialSession> {
        by_kind!(self, game => sequential Some(game), simultaneous None)
    }

    /// The game's simultaneous face, if both sides give orders at once.
    pub fn as_simultaneous(&self) -> Option<&dyn SimultaneousSession> {
        by_kind!(self, game => sequential None, simultaneous Some(game))
    }

    pub fn as_simultaneous_mut(&mut self) -> Option<&mut dyn SimultaneousSession> {
        by_kind!(self, game => sequential None, simultaneous Some(game))
    }

    // ---- the game's description (diplo_core::describe) ----

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        self.entry().geometry
    }

    /// What stands where now.
    pub fn board_view(&self) -> BoardView {
        each_game!(self, game => game.position().board_view())
    }

    /// The text under the board, in the game's order: the summary (or the result), the
    /// notes, and where the position string and a piece's targets go.
    pub fn caption(&self) -> Vec<Caption> {
        each_game!(self, game => game.position().caption(game.result().as_ref()))
    }

    /// Sequential games: where the piece on `cell` can go, or why that is not shown
    /// (`None` for the simultaneous games, whose pieces take orders instead).
    pub fn targets(&self, cell: CellId) -> Option<Result<Targets, String>> {
        by_kind!(self, game => sequential Some(game.position().targets(cell)),
            simultaneous None)
    }

    /// What the position asks of `side` now.
    pub fn due(&self, side: Color) -> Due {
        if self.result().is_some() {
            return Due::Nothing;
        }
        by_kind!(self, game =>
            sequential if game.position().side_to_move() == side { Due::Move } else { Due::Nothing },
            simultaneous {
                let position = game.position();
                if position.owes_orders(side) {
                    let (least, most) = position.order_count(side);
                    Due::Orders { least, most }
                } else {
                    Due::Nothing
                }
            }
        )
    }

    /// Sequential games: the legal moves of the side to move, described (none once the game
    /// is over).
    pub fn legal_move_shapes(&self) -> Vec<ActionShape> {
        if self.result().is_some() {
            return Vec::new();
        }
        by_kind!(self, game => sequential {
            let position = game.position();
            game.legal_moves().into_iter().map(|mv| position.describe_move(mv)).collect()
        }, simultaneous Vec::new())
    }

    /// Sequential games: every move played, described in the position it was played from.
    pub fn played_move_shapes(&self) -> Vec<ActionShape> {
        by_kind!(self, game => sequential {
            game.positions().iter().zip(game.moves()).map(|(p, &mv)| p.describe_move(mv)).collect()
        }, simultaneous Vec::new())
    }

    /// Sequential games: the last move played, described.
    pub fn last_move_shape(&self) -> Option<ActionShape> {
        by_kind!(self, game => sequential {
            let (&mv, before) = (game.moves().last()?, game.positions().iter().rev().nth(1)?);
            Some(before.describe_move(mv))
        }, simultaneous None)
    }

    /// Simultaneous games: how orders are entered under the game's rules.
    pub fn order_entry(&self) -> Option<OrderEntry> {
        by_kind!(self, game => sequential None, simultaneous Some(game.position().order_entry()))
    }

    /// Simultaneous games: every order `side` may give now, described (none when it owes
    /// nothing or the game is over).
    pub fn legal_order_shapes(&self, side: Color) -> Vec<ActionShape> {
        if !matches!(self.due(side), Due::Orders { .. }) {
            return Vec::new();
        }
        by_kind!(self, game => sequential Vec::new(),
            simultaneous game.position().describe_orders(side))
    }

    /// Simultaneous games: every played phase as drawn on the board.
    pub fn resolutions(&self) -> Vec<ResolutionView> {
        by_kind!(self, game => sequential Vec::new(), simultaneous game
            .phases()
            .iter()
            .map(|phase| phase.before.describe_resolution(&phase.resolution))
            .collect())
    }

    /// Simultaneous games: the last played phase as drawn on the board.
    pub fn last_resolution(&self) -> Option<ResolutionView> {
        by_kind!(self, game => sequential None, simultaneous game
            .phases()
            .last()
            .map(|phase| phase.before.describe_resolution(&phase.resolution)))
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.entry().id())
            .field("position", &self.position_string())
            .finish()
    }
}
