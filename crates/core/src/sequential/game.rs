//! A sequential game: a start position, the moves played, the rules' verdict after each, and
//! the record. One type for every sequential game.

use super::{MoveError, SequentialPosition};
use crate::record::{game_tags, write_record};
use crate::{Color, GameResult, GameRules, Status};

/// A game from some start position, with its history.
#[derive(Clone, Debug)]
pub struct Game<P: SequentialPosition> {
    /// Every position of the game, the start first; never empty.
    positions: Vec<P>,
    moves: Vec<P::Move>,
    /// The rules' verdict on each position.
    statuses: Vec<Status>,
    /// A result decided outside the rules (a resignation, a clock), which ends the game.
    ended: Option<GameResult>,
}

impl<P: SequentialPosition> Game<P> {
    pub fn new(start: P) -> Game<P> {
        let status = start.start_status();
        Game {
            positions: vec![start],
            moves: Vec::new(),
            statuses: vec![status],
            ended: None,
        }
    }

    /// A game from the standard start position.
    pub fn standard(rules: P::Rules) -> Game<P> {
        Game::new(P::start(rules))
    }

    pub fn position(&self) -> &P {
        self.positions.last().expect("a game always has a position")
    }

    pub fn start_position(&self) -> &P {
        &self.positions[0]
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// The rules' verdict on the current position (a result decided outside the rules is
    /// not part of it).
    pub fn status(&self) -> Status {
        *self.statuses.last().expect("one status per position")
    }

    /// The result, if the game is over: by the rules, or as [`Game::end`] decided.
    pub fn result(&self) -> Option<GameResult> {
        self.ended.or(self.status().result())
    }

    /// Ends an unfinished game with a result the rules do not give (a resignation, a flag
    /// fall). A game the rules have already ended keeps its result.
    pub fn end(&mut self, result: GameResult) {
        if self.result().is_none() {
            self.ended = Some(result);
        }
    }

    /// Takes back a result decided outside the rules (a resignation); returns it.
    pub fn cancel_end(&mut self) -> Option<GameResult> {
        self.ended.take()
    }

    /// Why an unfinished game is unfinished (`in progress`, `last chance`).
    pub fn unfinished_reason(&self) -> &'static str {
        self.position().unfinished_reason()
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        occurrences(&self.positions, self.position())
    }

    /// The legal moves now; none once the game is over.
    pub fn legal_moves(&self) -> Vec<P::Move> {
        let mut moves = Vec::new();
        if self.result().is_none() {
            self.position().legal_moves(&mut moves);
        }
        moves
    }

    /// Plays a move if it is legal and the game is not over; otherwise says why not and
    /// leaves the game as it was.
    pub fn try_play(&mut self, mv: P::Move) -> Result<(), MoveError> {
        if let Some(result) = self.result() {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: format!("the game is already over: {result}"),
            });
        }
        if !self.position().is_legal(mv) {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: "not a legal move here".into(),
            });
        }
        let next = self.position().after(mv);
        let repetitions = occurrences(&self.positions, &next) + 1;
        self.statuses.push(next.status(repetitions));
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Reads a move in any notation the game accepts and plays it; returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, MoveError> {
        if let Some(result) = self.result() {
            return Err(MoveError::Illegal {
                text: text.to_string(),
                reason: format!("the game is already over: {result}"),
            });
        }
        let mv = self.position().parse_move(text)?;
        self.try_play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move (and a result decided outside the rules); `false` if there
    /// is no move to take back.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.positions.pop();
        self.statuses.pop();
        self.ended = None;
        true
    }

    /// The canonical SAN of every move played, each in the position it was played from.
    pub fn sans(&self) -> Vec<String> {
        self.positions
            .iter()
            .zip(&self.moves)
            .map(|(pos, &mv)| pos.san(mv))
            .collect()
    }

    /// The game as a canonical PGN-like record: `[Game]`, the extra tags in their order,
    /// `[Options]` when an option differs from its default, `[Position]` when the game did
    /// not start from the standard start, `[Termination]` for a result decided outside the
    /// rules, `[Result]`, then the moves in canonical SAN and the result token.
    pub fn record(&self, extra_tags: &[(String, String)]) -> String {
        let start = self.start_position();
        let rules = start.rules();
        let token = self.result().map_or("*", |r| r.outcome.token());
        let mut extra = extra_tags.to_vec();
        if let Some(result) = self.ended {
            extra.push(("Termination".to_string(), result.reason.to_string()));
        }
        let tags = game_tags(
            <P::Rules as GameRules>::INFO.id,
            &extra,
            rules.options_tag(),
            (*start != P::start(rules)).then(|| start.to_string()),
            token,
        );
        write_record(
            &tags,
            start.fullmove(),
            start.side_to_move(),
            &self.sans(),
            token,
        )
    }
}

/// How many of `positions` are the same as `position` for the repetition rule.
fn occurrences<P: SequentialPosition>(positions: &[P], position: &P) -> usize {
    let hash = position.hash();
    positions
        .iter()
        .filter(|p| p.hash() == hash && p.same_for_repetition(position))
        .count()
}
