//! A validated position: bitboards, side to move, castling and en-passant rights, clocks and
//! the optional rules in force; and how a turn changes it.

use crate::tables::{first_rank, CASTLE_KEEP, FILE_A, FILE_H};
use crate::{Move, Piece, Role, Rules, Setup, SetupParseError};
use board8::{king_attacks, pawn_attacks, zobrist, Bitboard, CastlingRights, Square};
use diplo_core::Color;
use std::fmt;
use std::hash::{Hash, Hasher};

/// The Zobrist key of "the turn that reached this position lost a last chance". Not one of
/// `board8::zobrist`'s keys (that table knows nothing of this game's rules); any fixed,
/// well-mixed constant distinct from them will do.
const LAST_CHANCE_LOST: u64 = 0x6A09_E667_F3BC_C909;

/// A position that obeys §2.3 of the rules: one Diplomat a side, no pawn on its promotion
/// rank, castling rights only where Diplomat and rook stand at home, a believable en-passant
/// square.
///
/// Besides what a FEN says, a position reached by a turn knows whether that turn lost the
/// defender's last chance (§8.3): such a position is decided (the side to move has won), and
/// its [`diplo_core::SequentialPosition`] methods give it no legal turns.
#[derive(Debug, Clone)]
pub struct Position {
    pub(crate) color: [u64; 2],
    pub(crate) roles: [u64; 6],
    pub(crate) side: Color,
    /// `CastlingRights` bits.
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) rules: Rules,
    /// The turn that reached this position lost the defender's last chance: the side to move
    /// (the invader) has won. A FEN cannot say this; the position is terminal anyway.
    last_chance_lost: bool,
    /// The Zobrist hash of exactly what [`RepetitionKey`] compares, kept up to date by
    /// [`Position::play`]. Derived data: equality and `Hash` ignore it.
    hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        // Destructured so that a new field cannot be forgotten here.
        let Position {
            color,
            roles,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            rules,
            last_chance_lost,
            hash: _,
        } = self;
        *color == other.color
            && *roles == other.roles
            && *side == other.side
            && *castling == other.castling
            && *ep == other.ep
            && *halfmove == other.halfmove
            && *fullmove == other.fullmove
            && *rules == other.rules
            && *last_chance_lost == other.last_chance_lost
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let Position {
            color,
            roles,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            rules,
            last_chance_lost,
            hash: _,
        } = self;
        (color, roles, side, castling, ep).hash(state);
        (halfmove, fullmove, rules, last_chance_lost).hash(state);
    }
}

/// Why a well-formed position string is not a position of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{color} has {count} Diplomats; each side needs exactly one")]
    DiplomatCount { color: Color, count: u32 },
    #[error("a {color} pawn on {square}, its promotion rank")]
    PawnOnPromotionRank { color: Color, square: Square },
    #[error("en-passant square {square}: {reason}")]
    EnPassant {
        square: Square,
        reason: &'static str,
    },
}

/// Why a position string could not be read into a [`Position`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionParseError {
    #[error("position `{text}`: {error}")]
    Syntax {
        text: String,
        error: SetupParseError,
    },
    #[error("position `{text}`: {error}")]
    Invalid { text: String, error: PositionError },
}

/// What the threefold-repetition rule compares (§9.3), and what [`Position::hash`] hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    color: [u64; 2],
    roles: [u64; 6],
    side: Color,
    castling: u8,
    ep: Option<Square>,
    /// Only ever set on a game's last position (it is decided), so it never makes two
    /// positions of one game differ; it is here to keep the key and the hash in step.
    last_chance_lost: bool,
}

impl Position {
    /// The start position under the given rules.
    pub fn start(rules: Rules) -> Position {
        Position {
            last_chance_lost: false,
            hash: 0,
            color: [0xFFFF, 0xFFFF << 48],
            roles: [
                0x00FF_0000_0000_FF00,
                0x4200_0000_0000_0042,
                0x2400_0000_0000_0024,
                0x8100_0000_0000_0081,
                0x0800_0000_0000_0008,
                0x1000_0000_0000_0010,
            ],
            side: Color::White,
            castling: CastlingRights::ALL.bits(),
            ep: None,
            halfmove: 0,
            fullmove: 1,
            rules,
        }
        .rehashed()
    }

    /// Reads and validates a position string (FEN with `D`/`d`, or the board field alone).
    pub fn parse(text: &str, rules: Rules) -> Result<Position, PositionParseError> {
        let setup: Setup = text.parse().map_err(|error| PositionParseError::Syntax {
            text: text.to_string(),
            error,
        })?;
        Position::from_setup(&setup, rules).map_err(|error| PositionParseError::Invalid {
            text: text.to_string(),
            error,
        })
    }

    /// Validates a setup. Castling letters whose Diplomat or rook is away from home are
    /// dropped (§2.2).
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, PositionError> {
        let mut pos = Position {
            color: [0; 2],
            roles: [0; 6],
            side: setup.side,
            castling: 0,
            ep: None,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove,
            rules,
            last_chance_lost: false,
            hash: 0,
        };
        for (i, piece) in setup.board.iter().enumerate() {
            if let Some(p) = piece {
                pos.color[p.color.index()] |= 1 << i;
                pos.roles[p.role.index()] |= 1 << i;
            }
        }
        for color in [Color::White, Color::Black] {
            let count = (pos.roles[5] & pos.color[color.index()]).count_ones();
            if count != 1 {
                return Err(PositionError::DiplomatCount { color, count });
            }
            let wrong = pos.pieces(color, Role::Pawn) & first_rank(!color);
            if let Some(square) = Bitboard(wrong).first() {
                return Err(PositionError::PawnOnPromotionRank { color, square });
            }
        }
        let mut castling = setup.castling;
        for (flag, color, rook) in [
            (CastlingRights::WHITE_KINGSIDE, Color::White, 7),
            (CastlingRights::WHITE_QUEENSIDE, Color::White, 0),
            (CastlingRights::BLACK_KINGSIDE, Color::Black, 63),
            (CastlingRights::BLACK_QUEENSIDE, Color::Black, 56),
        ] {
            let home = color.fold(4, 60);
            let at_home = pos.pieces(color, Role::Diplomat) & (1 << home) != 0
                && pos.pieces(color, Role::Rook) & (1 << rook) != 0;
            if !at_home {
                castling.remove(flag);
            }
        }
        pos.castling = castling.bits();
        if let Some(square) = setup.en_passant {
            pos.ep = Some(square);
            pos.check_en_passant(square)?;
        }
        Ok(pos.rehashed())
    }

    /// The en-passant square must be the square a pawn of the side not to move just passed
    /// over in a two-square advance from its second rank.
    fn check_en_passant(&self, square: Square) -> Result<(), PositionError> {
        let them = !self.side;
        let fail = |reason| Err(PositionError::EnPassant { square, reason });
        let rank = them.fold(2, 5);
        if square.rank() != rank {
            return fail(them.fold(
                "with Black to move it must be on rank 3",
                "with White to move it must be on rank 6",
            ));
        }
        let dir: i8 = them.fold(1, -1);
        let (Some(origin), Some(pawn)) = (square.offset(0, -dir), square.offset(0, dir)) else {
            return fail("off the board");
        };
        if self.occupied() & (square.bit() | origin.bit()) != 0 {
            return fail("it and the square behind it must be empty");
        }
        if self.pieces(them, Role::Pawn) & pawn.bit() == 0 {
            return fail("no pawn stands in front of it");
        }
        Ok(())
    }

    /// The raw fields of this position.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 64];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = self.piece_at(Square::new(i as u8).expect("< 64"));
        }
        let mut castling = CastlingRights::ALL;
        castling.remove(!self.castling & 15);
        Setup {
            board,
            side: self.side,
            castling,
            en_passant: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        }
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The same position under other rules.
    pub fn with_rules(mut self, rules: Rules) -> Position {
        self.rules = rules;
        self
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }
    pub fn castling(&self) -> CastlingRights {
        self.to_setup().castling
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.color[0] | self.color[1]
    }
    #[inline]
    pub fn by_color(&self, color: Color) -> u64 {
        self.color[color.index()]
    }
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> u64 {
        self.color[color.index()] & self.roles[role.index()]
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = sq.bit();
        let color = if self.color[0] & bit != 0 {
            Color::White
        } else if self.color[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(sq)?;
        Some(Piece { color, role })
    }

    #[inline]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        let bit = sq.bit();
        Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()] & bit != 0)
    }

    /// A side's Diplomat (a valid position has exactly one).
    #[inline]
    pub fn diplomat(&self, color: Color) -> Square {
        let bits = self.pieces(color, Role::Diplomat);
        Square::new(bits.trailing_zeros() as u8 & 63).expect("< 64")
    }

    /// Neither side has a queen: the game is drawn (§9.1) and has no moves.
    pub fn no_queens(&self) -> bool {
        self.roles[Role::Queen.index()] == 0
    }

    /// Whether `color`'s Diplomat and one of its queens stand side by side on the enemy's
    /// first rank (§8.1).
    pub fn has_invasion(&self, color: Color) -> bool {
        let d = self.pieces(color, Role::Diplomat);
        let rank = first_rank(!color);
        if d & rank == 0 {
            return false;
        }
        let beside = ((d & !FILE_H) << 1) | ((d & !FILE_A) >> 1);
        self.pieces(color, Role::Queen) & beside != 0
    }

    /// The side to move is playing its last chance against the other side's invasion (§8.5).
    pub fn last_chance_pending(&self) -> bool {
        self.has_invasion(!self.side)
    }

    /// The turn that reached this position lost the defender's last chance (§8.3): the side
    /// to move has won by invasion. Never true of a position read from a string.
    pub fn last_chance_lost(&self) -> bool {
        self.last_chance_lost
    }

    /// The en-passant square if the side to move can capture there (only then does it count
    /// for repetition, §9.3).
    #[inline]
    fn usable_en_passant(&self) -> Option<Square> {
        self.ep
            .filter(|&ep| pawn_attacks(!self.side, ep) & self.pieces(self.side, Role::Pawn) != 0)
    }

    /// What the repetition rule compares: the en-passant square only when usable.
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            color: self.color,
            roles: self.roles,
            side: self.side,
            castling: self.castling,
            ep: self.usable_en_passant(),
            last_chance_lost: self.last_chance_lost,
        }
    }

    /// The Zobrist hash of the [`RepetitionKey`] (pieces, side to move, castling rights, usable
    /// en-passant square, a lost last chance), kept up to date by [`Position::play`].
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// [`Position::hash`] computed from the board alone (what `play` must agree with).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = zobrist::castling(self.castling);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for sq in Bitboard(self.pieces(color, role)) {
                    hash ^= zobrist::piece(color.index(), role.index(), sq.index());
                }
            }
        }
        if self.side == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        if let Some(ep) = self.usable_en_passant() {
            hash ^= zobrist::en_passant(ep.index());
        }
        if self.last_chance_lost {
            hash ^= LAST_CHANCE_LOST;
        }
        hash
    }

    /// The position with its hash computed from scratch.
    fn rehashed(mut self) -> Position {
        self.hash = self.hash_from_scratch();
        self
    }

    /// Whether a turn is among [`Position::legal_moves`].
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves.contains(&mv)
    }

    /// The position after a turn (which must be legal).
    pub fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Takes a piece that stands on `sq` off the board.
    #[inline]
    fn lift(&mut self, color: Color, role: Role, sq: Square) {
        self.color[color.index()] &= !sq.bit();
        self.roles[role.index()] &= !sq.bit();
        self.hash ^= zobrist::piece(color.index(), role.index(), sq.index());
    }

    /// Puts a piece on the empty square `sq`.
    #[inline]
    fn drop_on(&mut self, color: Color, role: Role, sq: Square) {
        self.color[color.index()] |= sq.bit();
        self.roles[role.index()] |= sq.bit();
        self.hash ^= zobrist::piece(color.index(), role.index(), sq.index());
    }

    /// Whether a legal turn from this position is an en-passant capture.
    pub(crate) fn is_en_passant(&self, mv: Move) -> bool {
        Some(mv.to) == self.ep
            && mv.from.file() != mv.to.file()
            && mv.from.rank() != mv.to.rank()
            && self.pieces(self.side, Role::Pawn) & mv.from.bit() != 0
    }

    /// Plays a legal turn. (An illegal one leaves an unspecified but valid-looking board; it
    /// never panics.)
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        let them = !us;
        let Some(role) = self.role_at(mv.from) else {
            return;
        };
        // The last-chance verdict needs the invader's queens before the turn; only looked at
        // when a last chance is due, which is rare.
        let last_chance = self
            .has_invasion(them)
            .then(|| self.pieces(them, Role::Queen).count_ones());
        if let Some(ep) = self.usable_en_passant() {
            self.hash ^= zobrist::en_passant(ep.index());
        }
        let mut reset = role == Role::Pawn;
        let mut keep = CASTLE_KEEP[mv.from.index()] & CASTLE_KEEP[mv.to.index()];
        let mut new_ep = None;
        if role == Role::Diplomat && mv.from.file().abs_diff(mv.to.file()) == 2 {
            // Castling: the rook jumps over the Diplomat.
            let (rook_from, rook_to) = if mv.to.file() == 6 {
                (mv.to.offset(1, 0), mv.to.offset(-1, 0))
            } else {
                (mv.to.offset(-2, 0), mv.to.offset(1, 0))
            };
            if let (Some(rook_from), Some(rook_to)) = (rook_from, rook_to) {
                if self.pieces(us, Role::Rook) & rook_from.bit() != 0 {
                    self.lift(us, Role::Rook, rook_from);
                    self.drop_on(us, Role::Rook, rook_to);
                }
            }
        } else if self.is_en_passant(mv) {
            if let Some(captured) = Square::from_coords(mv.to.file(), mv.from.rank()) {
                if self.pieces(them, Role::Pawn) & captured.bit() != 0 {
                    self.lift(them, Role::Pawn, captured);
                }
            }
        } else if self.color[them.index()] & mv.to.bit() != 0 {
            if let Some(victim) = self.role_at(mv.to) {
                self.lift(them, victim, mv.to);
                if victim == Role::Diplomat {
                    // A push is not a capture (§6.6): the Diplomat moves away.
                    if let Some(dest) = mv.push {
                        self.drop_on(them, Role::Diplomat, dest);
                    }
                } else {
                    reset = true;
                }
            }
        }
        self.lift(us, role, mv.from);
        self.drop_on(us, mv.promotion.unwrap_or(role), mv.to);
        if role == Role::Pawn {
            let second = us.fold(1, 6);
            if mv.from.rank() == second && mv.from.file() == mv.to.file() {
                let forward2 = us.fold(2i8, -2);
                if mv.from.offset(0, forward2) == Some(mv.to) {
                    new_ep = mv.from.offset(0, forward2 / 2);
                }
            }
        }
        if let Some((a, b)) = mv.extra {
            self.lift(us, Role::Diplomat, a);
            self.drop_on(us, Role::Diplomat, b);
            keep &= CASTLE_KEEP[a.index()];
        }
        // A Diplomat that stepped onto the passed-over square leaves no right to use.
        self.ep = new_ep.filter(|sq| self.occupied() & sq.bit() == 0);
        let castling = self.castling & keep;
        self.hash ^= zobrist::castling(self.castling) ^ zobrist::castling(castling);
        self.castling = castling;
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.hash ^= zobrist::BLACK_TO_MOVE;
        if let Some(ep) = self.usable_en_passant() {
            self.hash ^= zobrist::en_passant(ep.index());
        }
        // §8.3: the invader wins unless this turn took one of its queens and broke the
        // invasion (breaking it any other way does not save).
        let lost = last_chance.is_some_and(|queens| {
            self.pieces(them, Role::Queen).count_ones() >= queens || self.has_invasion(them)
        });
        if lost != self.last_chance_lost {
            self.last_chance_lost = lost;
            self.hash ^= LAST_CHANCE_LOST;
        }
    }

    /// Squares next to our Diplomat that are empty once `mv` (a regular move that does not
    /// move our Diplomat) is played: the extra steps it allows.
    pub(crate) fn extra_steps(&self, mv: Move) -> u64 {
        let mut occ = (self.occupied() & !mv.from.bit()) | mv.to.bit();
        if let Some(p) = mv.push {
            occ |= p.bit();
        }
        if self.is_en_passant(mv) {
            if let Some(captured) = Square::from_coords(mv.to.file(), mv.from.rank()) {
                occ &= !captured.bit();
            }
        }
        king_attacks(self.diplomat(self.side)) & !occ
    }
}

impl fmt::Display for Position {
    /// Canonical FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_chance_key_is_none_of_the_board_keys() {
        let mut keys = vec![zobrist::BLACK_TO_MOVE];
        for sq in 0..64 {
            keys.push(zobrist::en_passant(sq));
            for color in 0..2 {
                keys.extend((0..6).map(|role| zobrist::piece(color, role, sq)));
            }
        }
        keys.extend((0..16).map(zobrist::castling));
        assert!(!keys.contains(&LAST_CHANCE_LOST));
        assert!(!keys.contains(&0));
    }
}
