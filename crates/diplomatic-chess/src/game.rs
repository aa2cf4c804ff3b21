//! A game: the start position, the turns played, and the result the rules give (§8, §9).

use crate::perft::loses_last_chance;
use crate::position::RepetitionKey;
use crate::{san, Move, Position, Rules};
use diplo_core::{Color, GameInfo, GameResult, MoveError, OptionSpec, Outcome, SequentialGame};

const OFF_ON: &[&str] = &["off", "on"];

/// What `diplo games` lists for Diplomatic Chess.
pub const GAME_INFO: GameInfo = GameInfo {
    id: "diplomatic-chess",
    name: "Diplomatic Chess (Carey & Fernandez)",
    summary: "8x8; an uncapturable Diplomat instead of the King; win by invasion",
    options: &[
        OptionSpec {
            name: "push-back",
            values: OFF_ON,
            help: "an enemy piece may attack the Diplomat and push it back",
        },
        OptionSpec {
            name: "extra-diplomat-move",
            values: OFF_ON,
            help: "after its regular move a player may also step its Diplomat",
        },
        OptionSpec {
            name: "extended-pawns",
            values: OFF_ON,
            help: "pawns move 1-2 squares forward, backward or sideways",
        },
    ],
};

/// The state of the game after some position: over, or the defender's last chance due.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Status {
    Over(GameResult),
    LastChance,
    Playing,
}

/// A game of Diplomatic Chess with its history.
#[derive(Clone, Debug)]
pub struct Game {
    /// Every position of the game, the start first; never empty.
    positions: Vec<Position>,
    moves: Vec<Move>,
    keys: Vec<RepetitionKey>,
    /// The status after each position.
    status: Vec<Status>,
}

fn over(outcome: Outcome, reason: &str) -> Status {
    Status::Over(GameResult {
        outcome,
        reason: reason.to_string(),
    })
}

impl Game {
    pub fn new(start: Position) -> Game {
        // §9.6: the no-queens and no-move checks apply to the start too.
        let status = if start.no_queens() {
            over(Outcome::Draw, "no queens")
        } else {
            let pending = start.last_chance_pending();
            if start.count_legal_moves() == 0 {
                if pending {
                    over(Outcome::Win(!start.side_to_move()), "invasion")
                } else {
                    over(Outcome::Draw, "stalemate")
                }
            } else if pending {
                Status::LastChance
            } else {
                Status::Playing
            }
        };
        Game {
            keys: vec![start.repetition_key()],
            positions: vec![start],
            moves: Vec::new(),
            status: vec![status],
        }
    }

    /// A game from the standard start position.
    pub fn standard(rules: Rules) -> Game {
        Game::new(Position::start(rules))
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The result, if the rules have ended the game.
    pub fn result(&self) -> Option<GameResult> {
        match self.status.last() {
            Some(Status::Over(r)) => Some(r.clone()),
            _ => None,
        }
    }

    /// Whether the side to move is playing its last chance against an invasion.
    pub fn last_chance_pending(&self) -> bool {
        self.status.last() == Some(&Status::LastChance)
    }

    /// Plays a turn if it is legal and the game is not over.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if let Some(result) = self.result() {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: format!("the game is already over: {result}"),
            });
        }
        if !self.position().is_legal(mv) {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: "not a legal turn here".into(),
            });
        }
        let prev = self.position().clone();
        let next = prev.after(mv);
        let key = next.repetition_key();
        self.keys.push(key);
        let status = self.judge(&prev, &next, key);
        self.positions.push(next);
        self.moves.push(mv);
        self.status.push(status);
        Ok(())
    }

    /// The end checks after a turn of P from `prev` to `next`, in the order of §9.5.
    fn judge(&self, prev: &Position, next: &Position, key: RepetitionKey) -> Status {
        let p = prev.side_to_move();
        let o: Color = !p;
        if loses_last_chance(prev, next) {
            return over(Outcome::Win(o), "invasion");
        }
        if next.no_queens() {
            return over(Outcome::Draw, "no queens");
        }
        let pending = next.has_invasion(p);
        if next.count_legal_moves() == 0 {
            return if pending {
                over(Outcome::Win(p), "invasion")
            } else {
                over(Outcome::Draw, "stalemate")
            };
        }
        if pending {
            return Status::LastChance;
        }
        // `keys` already holds `key` once (pushed by the caller).
        if self.keys.iter().filter(|k| **k == key).count() >= 3 {
            return over(Outcome::Draw, "threefold repetition");
        }
        if next.halfmove() >= 100 {
            return over(Outcome::Draw, "fifty-move rule");
        }
        Status::Playing
    }

    /// The reason `diplo replay` prints for an unfinished game: `last chance` or `in progress`.
    pub fn unfinished_reason(&self) -> &'static str {
        if self.last_chance_pending() {
            "last chance"
        } else {
            "in progress"
        }
    }
}

impl SequentialGame for Game {
    type Move = Move;

    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.result().is_some() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    fn play(&mut self, mv: Move) {
        // The trait takes legal moves; an illegal one is ignored rather than panicking.
        let _ = self.try_play(mv);
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
            self.keys.pop();
            self.status.pop();
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
