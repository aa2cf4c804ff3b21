//! Diplomat Chess behind the shared traits: the options as [`SubornRule`], the position as a
//! [`SequentialPosition`], and a game as the generic [`diplo_core::SequentialGame`].

use crate::{san, Move, Position, PositionParseError, SubornRule};
use diplo_core::{
    Color, EndReason, GameInfo, GameResult, GameRules, MoveError, OptionSpec, Options, PerftLimit,
    SequentialPosition, Status,
};

/// What `diplo games` lists for Diplomat Chess.
pub const GAME_INFO: GameInfo = GameInfo {
    id: "diplomat-chess",
    name: "Diplomat Chess (Martín-Fuertes)",
    short_name: "Diplomat Chess",
    summary: "43-cell round board; a Diplomat suborns enemy pieces instead of capturing",
    options: &[OptionSpec {
        name: "suborn",
        values: &["convert", "remove", "drop"],
        help: "what a suborned piece does: change colour, leave the board, or go to the suborner's hand",
    }],
    notation_help: "Type a move in SAN (d3, Hc3, Bxe3, d-4, a3=black, b1=Rook, H@c2) or in \
                    coordinates (d2d3, d34, n2a3, a1b1r).",
    perft_limit: Some(PerftLimit {
        depth: 10,
        why: "the count grows about 20-fold a ply: depth 10 from the start is some 2 trillion \
              leaves, hours of counting, and depth 11 would take days",
    }),
    typed_examples: &[],
};

/// A game of Diplomat Chess from some start position, with its history.
pub type Game = diplo_core::SequentialGame<Position>;

impl GameRules for SubornRule {
    const INFO: &'static GameInfo = &GAME_INFO;

    fn from_options(options: &Options) -> SubornRule {
        options
            .get("suborn")
            .and_then(|v| v.parse().ok())
            .unwrap_or_default()
    }

    fn to_options(self) -> Options {
        Options::defaults(&GAME_INFO)
            .with(&GAME_INFO, "suborn", self.name())
            .expect("every suborn rule is an option value")
    }
}

impl SequentialPosition for Position {
    type Move = Move;
    type Rules = SubornRule;
    type ParseError = PositionParseError;

    fn start(rule: SubornRule) -> Position {
        Position::start(rule)
    }

    fn parse(text: &str, rule: SubornRule) -> Result<Position, PositionParseError> {
        Position::parse(text, rule)
    }

    fn rules(&self) -> SubornRule {
        self.rule()
    }

    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }

    fn fullmove(&self) -> u32 {
        Position::fullmove(self)
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.generate(moves);
    }

    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv)
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    /// Placement, colours, side to move and hands: everything but the move number.
    fn same_for_repetition(&self, other: &Position) -> bool {
        let (mut a, mut b) = (self.to_setup(), other.to_setup());
        a.fullmove = 0;
        b.fullmove = 0;
        a == b
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { to, promotion, .. } => {
                promotion.is_some() || self.piece_at(to).is_some()
            }
            Move::Drop { .. } => false,
        }
    }

    /// No legal move: checkmate, or stalemate, which the stalemating side wins; then bare
    /// kings and the third occurrence draw (spec §4).
    fn status(&self, repetitions: usize) -> Status {
        let result = if self.count_legal_moves() == 0 {
            let reason = if self.is_check() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            GameResult::win(!self.side_to_move(), reason)
        } else if self.is_bare_kings() {
            GameResult::draw(EndReason::BareKings)
        } else if repetitions >= 3 {
            GameResult::draw(EndReason::ThreefoldRepetition)
        } else {
            return Status::Ongoing;
        };
        Status::Over(result)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        san::parse_move(self, text)
    }

    fn san(&self, mv: Move) -> String {
        san::to_san(self, mv)
    }
}
