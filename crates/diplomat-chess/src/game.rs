//! A game: the start position, the moves played, and the result the rules give.

use crate::{san, Move, Position, SubornRule};
use diplo_core::{GameInfo, GameResult, MoveError, OptionSpec, Outcome, SequentialGame};

/// What `diplo games` lists for Diplomat Chess.
pub const GAME_INFO: GameInfo = GameInfo {
    id: "diplomat-chess",
    name: "Diplomat Chess (Martín-Fuertes)",
    summary: "43-cell round board; a Diplomat suborns enemy pieces instead of capturing",
    options: &[OptionSpec {
        name: "suborn",
        values: &["convert", "remove", "drop"],
        help: "what a suborned piece does: change colour, leave the board, or go to the suborner's hand",
    }],
};

/// A game of Diplomat Chess from some start position, with its history.
#[derive(Clone, Debug)]
pub struct Game {
    /// Every position of the game, the start first; never empty.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// A game from the standard start position.
    pub fn standard(rule: SubornRule) -> Game {
        Game::new(Position::start(rule))
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move if it is legal and the game is not over.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if let Some(result) = self.result() {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: format!("the game is over ({result})"),
            });
        }
        if !self.position().is_legal(mv) {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: "not a legal move here".into(),
            });
        }
        let next = self.position().after(mv);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// How many times the current position has occurred (placement, colours, side to move
    /// and hands), this time included.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| same_for_repetition(p, now))
            .count()
    }

    /// The result, if the rules have ended the game: no legal move (checkmate, or stalemate,
    /// which the stalemating side wins), bare kings, or the third occurrence of a position.
    pub fn result(&self) -> Option<GameResult> {
        let pos = self.position();
        let (outcome, reason) = if pos.count_legal_moves() == 0 {
            let winner = !pos.side_to_move();
            (
                Outcome::Win(winner),
                if pos.is_check() {
                    "checkmate"
                } else {
                    "stalemate"
                },
            )
        } else if pos.is_bare_kings() {
            (Outcome::Draw, "bare kings")
        } else if self.repetitions() >= 3 {
            (Outcome::Draw, "threefold repetition")
        } else {
            return None;
        };
        Some(GameResult {
            outcome,
            reason: reason.to_string(),
        })
    }
}

/// Equal for the repetition rule: everything but the move number.
fn same_for_repetition(a: &Position, b: &Position) -> bool {
    a.hash() == b.hash() && {
        let (mut sa, mut sb) = (a.to_setup(), b.to_setup());
        sa.fullmove = 0;
        sb.fullmove = 0;
        sa == sb
    }
}

impl SequentialGame for Game {
    type Move = Move;

    fn side_to_move(&self) -> diplo_core::Color {
        self.position().side_to_move()
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        self.position().legal_moves().to_vec()
    }

    fn play(&mut self, mv: Move) {
        self.try_play(mv)
            .expect("SequentialGame::play takes legal moves");
    }

    fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        Game::try_play(self, mv)
    }

    fn fullmove(&self) -> u32 {
        self.position().fullmove()
    }

    fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    fn result(&self) -> Option<GameResult> {
        Game::result(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        san::parse_move(self.position(), text)
    }

    fn san(&self, mv: Move) -> String {
        san::to_san(self.position(), mv)
    }

    fn coordinate(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn position_string(&self) -> String {
        self.position().to_string()
    }
}
