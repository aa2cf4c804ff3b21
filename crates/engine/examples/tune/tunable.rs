//! What the tuner needs from a game's evaluation: its feature names, current weights and
//! feature vector, and a position wrapper that searches with other weights.

use diplo_core::{Color, SequentialGame, SequentialPosition, Status};
use diplo_engine::eval::{diplomat, diplomatic, evaluate_with, Evaluate, Linear};
use diplo_games::Session;
use std::fmt;

/// A sequential game whose evaluation is a weights·features dot product.
pub trait Tunable: Evaluate {
    /// The registry id (`diplomat-chess`, `diplomatic-chess`).
    const GAME: &'static str;
    /// The weight vector's type (a fixed-size array).
    type Weights: Copy + fmt::Debug + PartialEq + Send + Sync + 'static;
    /// The game a session holds, if it is of this game.
    fn game_of(session: &Session) -> Option<&SequentialGame<Self>>;

    fn names() -> &'static [&'static str];
    /// The weights the evaluation uses now.
    fn current() -> Self::Weights;
    fn as_slice(weights: &Self::Weights) -> &[i32];
    /// A weight vector from a list, `None` when its length is wrong.
    fn weights_from(list: &[i32]) -> Option<Self::Weights>;
    /// The white-minus-black feature vector.
    fn feature_vector(&self) -> Vec<i32>;
    /// The evaluation under `weights`, side to move's view.
    fn evaluate_under(&self, weights: &Self::Weights) -> i32;
}

impl Tunable for diplomat_chess::Position {
    const GAME: &'static str = "diplomat-chess";
    type Weights = [i32; diplomat::FEATURES];

    fn game_of(session: &Session) -> Option<&SequentialGame<Self>> {
        match session {
            Session::DiplomatChess(game) => Some(game),
            _ => None,
        }
    }

    fn names() -> &'static [&'static str] {
        &diplomat::FEATURE_NAMES
    }
    fn current() -> Self::Weights {
        diplomat::WEIGHTS
    }
    fn as_slice(weights: &Self::Weights) -> &[i32] {
        weights
    }
    fn weights_from(list: &[i32]) -> Option<Self::Weights> {
        list.try_into().ok()
    }
    fn feature_vector(&self) -> Vec<i32> {
        Linear::features(self).to_vec()
    }
    fn evaluate_under(&self, weights: &Self::Weights) -> i32 {
        evaluate_with(self, weights)
    }
}

impl Tunable for diplomatic_chess::Position {
    const GAME: &'static str = "diplomatic-chess";
    type Weights = [i32; diplomatic::FEATURES];

    fn game_of(session: &Session) -> Option<&SequentialGame<Self>> {
        match session {
            Session::DiplomaticChess(game) => Some(game),
            _ => None,
        }
    }

    fn names() -> &'static [&'static str] {
        &diplomatic::FEATURE_NAMES
    }
    fn current() -> Self::Weights {
        diplomatic::WEIGHTS
    }
    fn as_slice(weights: &Self::Weights) -> &[i32] {
        weights
    }
    fn weights_from(list: &[i32]) -> Option<Self::Weights> {
        list.try_into().ok()
    }
    fn feature_vector(&self) -> Vec<i32> {
        Linear::features(self).to_vec()
    }
    fn evaluate_under(&self, weights: &Self::Weights) -> i32 {
        evaluate_with(self, weights)
    }
}

/// A position that evaluates itself with its own weights, so that two weight vectors can
/// meet in one program with the unchanged search. Everything but the evaluation is the
/// wrapped position's (move ordering keeps the compiled-in material values for both).
#[derive(Clone, PartialEq)]
pub struct Reweighted<P: Tunable> {
    pub pos: P,
    pub weights: P::Weights,
}

impl<P: Tunable> fmt::Debug for Reweighted<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.pos, f)
    }
}

impl<P: Tunable> fmt::Display for Reweighted<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.pos, f)
    }
}

impl<P: Tunable> SequentialPosition for Reweighted<P> {
    type Move = P::Move;
    type Rules = P::Rules;
    type ParseError = P::ParseError;

    fn start(rules: Self::Rules) -> Self {
        Reweighted {
            pos: P::start(rules),
            weights: P::current(),
        }
    }
    fn parse(text: &str, rules: Self::Rules) -> Result<Self, Self::ParseError> {
        Ok(Reweighted {
            pos: P::parse(text, rules)?,
            weights: P::current(),
        })
    }
    fn rules(&self) -> Self::Rules {
        self.pos.rules()
    }
    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }
    fn fullmove(&self) -> u32 {
        self.pos.fullmove()
    }
    fn legal_moves(&self, moves: &mut Vec<Self::Move>) {
        self.pos.legal_moves(moves)
    }
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.pos.is_legal(mv)
    }
    fn play(&mut self, mv: Self::Move) {
        self.pos.play(mv)
    }
    fn hash(&self) -> u64 {
        self.pos.hash()
    }
    fn same_for_repetition(&self, other: &Self) -> bool {
        self.pos.same_for_repetition(&other.pos)
    }
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }
    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.pos.is_tactical(mv)
    }
    fn status(&self, repetitions: usize) -> Status {
        self.pos.status(repetitions)
    }
    fn start_status(&self) -> Status {
        self.pos.start_status()
    }
    fn parse_move(&self, text: &str) -> Result<Self::Move, diplo_core::MoveError> {
        self.pos.parse_move(text)
    }
    fn san(&self, mv: Self::Move) -> String {
        self.pos.san(mv)
    }
}

impl<P: Tunable> Evaluate for Reweighted<P> {
    fn evaluate(&self) -> i32 {
        self.pos.evaluate_under(&self.weights)
    }
    fn terminal_score(&self, ply: i32) -> i32 {
        self.pos.terminal_score(ply)
    }
    fn is_rule_draw(&self) -> bool {
        self.pos.is_rule_draw()
    }
    fn must_act(&self) -> bool {
        self.pos.must_act()
    }
    fn quiet_loss(&self, ply: i32) -> i32 {
        self.pos.quiet_loss(ply)
    }
    fn gain(&self, mv: Self::Move) -> i32 {
        self.pos.gain(mv)
    }
    fn mover_value(&self, mv: Self::Move) -> i32 {
        self.pos.mover_value(mv)
    }
    fn move_index(mv: Self::Move) -> usize {
        P::move_index(mv)
    }
    fn null_move_allowed(&self) -> bool {
        self.pos.null_move_allowed()
    }
}
