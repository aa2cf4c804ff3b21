//! Diplomatic Chess behind the shared traits: the options as [`Rules`], the position as a
//! [`SequentialPosition`] (its verdict in the order of §9.5), and a game as the generic
//! [`diplo_core::SequentialGame`].

use crate::{san, Move, Position, PositionParseError, Rules};
use diplo_core::{
    Color, EndReason, GameInfo, GameResult, MoveError, OptionSpec, PerftLimit, SequentialPosition,
    Status,
};

const OFF_ON: &[&str] = &["off", "on"];

/// What `diplo games` lists for Diplomatic Chess.
pub const GAME_INFO: GameInfo = GameInfo {
    id: "diplomatic-chess",
    name: "Diplomatic Chess (Carey & Fernandez)",
    short_name: "Diplomatic Chess",
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
    notation_help: "Type a move in SAN (e4, Nf3, Bxc6, e8=Q; a push Nxf6>g7; an extra Diplomat \
                    step Re7&Dg6) or in coordinates (g1f3, e4f6>g7, e2e7&h5g6).",
    perft_limit: Some(PerftLimit {
        depth: 9,
        why: "the count grows about 25-fold a ply: depth 9 from the start is some 2 trillion \
              leaves, hours of counting, and depth 10 would take days",
    }),
    typed_examples: &[],
};

/// A game of Diplomatic Chess from some start position, with its history.
pub type Game = diplo_core::SequentialGame<Position>;

/// The end checks of §9.5 on a position reached by a turn of P (the side not to move now),
/// in order; `repetitions` is `None` for a game's start, which §9.6 judges by checks 2 and 4
/// only.
fn judge(pos: &Position, repetitions: Option<usize>) -> Status {
    let mover: Color = !pos.side_to_move();
    let result = if pos.last_chance_lost() {
        // 1. P lost its last chance: the invader, now to move, wins.
        GameResult::win(pos.side_to_move(), EndReason::Invasion)
    } else if pos.no_queens() {
        // 2.
        GameResult::draw(EndReason::NoQueens)
    } else {
        // 3. P's invasion makes the opponent's last chance due.
        let pending = pos.last_chance_pending();
        if pos.count_legal_moves() == 0 {
            // 4.
            if pending {
                GameResult::win(mover, EndReason::Invasion)
            } else {
                GameResult::draw(EndReason::Stalemate)
            }
        } else if pending {
            // 5. is skipped while a last chance is due.
            return Status::Ongoing;
        } else {
            match repetitions {
                Some(n) if n >= 3 => GameResult::draw(EndReason::ThreefoldRepetition),
                Some(_) if pos.halfmove() >= 100 => GameResult::draw(EndReason::FiftyMoveRule),
                _ => return Status::Ongoing,
            }
        }
    };
    Status::Over(result)
}

impl SequentialPosition for Position {
    type Move = Move;
    type Rules = Rules;
    type ParseError = PositionParseError;

    fn start(rules: Rules) -> Position {
        Position::start(rules)
    }

    fn parse(text: &str, rules: Rules) -> Result<Position, PositionParseError> {
        Position::parse(text, rules)
    }

    fn rules(&self) -> Rules {
        Position::rules(self)
    }

    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }

    fn fullmove(&self) -> u32 {
        Position::fullmove(self)
    }

    /// [`Position::legal_moves`], but none once a last chance is lost: the game is decided
    /// (so perft gives that turn no children, §10.3).
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        if self.last_chance_lost() {
            moves.clear();
        } else {
            self.legal_moves_into(moves);
        }
    }

    fn count_legal_moves(&self) -> u64 {
        if self.last_chance_lost() {
            0
        } else {
            Position::count_legal_moves(self)
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        !self.last_chance_lost() && Position::is_legal(self, mv)
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv)
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    /// Board, side to move, castling rights and the en-passant square only when usable
    /// (§9.3): the [`crate::RepetitionKey`].
    fn same_for_repetition(&self, other: &Position) -> bool {
        self.repetition_key() == other.repetition_key()
    }

    /// There is no check in this game (§3.2).
    fn is_check(&self) -> bool {
        false
    }

    /// Captures (en passant included), promotions and pushes: a push moves an enemy piece
    /// and can break an invasion, so a quiescence search must see it.
    fn is_tactical(&self, mv: Move) -> bool {
        mv.promotion.is_some()
            || mv.push.is_some()
            || self.occupied() & mv.to.bit() != 0
            || self.is_en_passant(mv)
    }

    /// §9.5: a lost last chance, no queens, no legal turn (invasion or stalemate), then —
    /// unless a last chance is due — threefold repetition and the fifty-move rule.
    fn status(&self, repetitions: usize) -> Status {
        judge(self, Some(repetitions))
    }

    /// §9.6: the start is judged by the no-queens and no-turn checks only.
    fn start_status(&self) -> Status {
        judge(self, None)
    }

    fn unfinished_reason(&self) -> &'static str {
        if self.last_chance_pending() {
            "last chance"
        } else {
            "in progress"
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = san::parse_move(self, text)?;
        if self.last_chance_lost() {
            return Err(MoveError::Illegal {
                text: text.to_string(),
                reason: "no turn is possible: the last chance against the invasion was lost".into(),
            });
        }
        Ok(mv)
    }

    fn san(&self, mv: Move) -> String {
        san::to_san(self, mv)
    }
}
