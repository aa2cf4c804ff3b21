//! Making moves: playing one in place or on a copy, suborns and hands, with the hash kept
//! up to date; and telling captures and suborns apart.

use super::{code, decode, Position, EMPTY};
use crate::tables::*;
use crate::{Cell, Move, Piece, Role, SubornRule};
use diplo_core::Color;

impl Position {
    /// Whether the move takes an enemy piece off the board by moving onto it (a suborn is
    /// not a capture).
    pub fn is_capture(&self, mv: Move) -> bool {
        matches!(mv, Move::Normal { to, .. } if self.mailbox[to.index()] != EMPTY)
            && !self.is_suborn(mv)
    }

    /// The position after a move. The move must be legal (from [`Position::legal_moves`]).
    pub fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Whether a move is a Diplomat's suborn: a Diplomat acting on an occupied cell (its
    /// steps only go to empty cells).
    #[inline]
    pub fn is_suborn(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { from, to, .. } => {
                self.mailbox[to.index()] != EMPTY
                    && decode(self.mailbox[from.index()]).is_some_and(|p| p.role == Role::Diplomat)
            }
            Move::Drop { .. } => false,
        }
    }

    /// Plays a legal move in place.
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        match mv {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let piece =
                    decode(self.mailbox[from.index()]).expect("a legal move starts on a piece");
                match decode(self.mailbox[to.index()]) {
                    Some(victim) if piece.role == Role::Diplomat => self.suborn(to, victim),
                    captured => {
                        if let Some(captured) = captured {
                            self.take(to.index(), captured);
                        }
                        self.take(from.index(), piece);
                        let role = promotion.unwrap_or(piece.role);
                        self.put(to.index(), Piece { color: us, role });
                    }
                }
            }
            Move::Drop { role, to } => {
                self.add_to_hand(us, role, -1);
                self.put(to.index(), Piece { color: us, role });
            }
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = !us;
        self.hash ^= ZOBRIST_BLACK_TO_MOVE;
    }

    /// The side to move's Diplomat suborns `victim` on `target` (under the position's rule).
    fn suborn(&mut self, target: Cell, victim: Piece) {
        let us = self.side;
        self.take(target.index(), victim);
        match self.rule {
            SubornRule::Convert => self.put(
                target.index(),
                Piece {
                    color: us,
                    role: victim.role,
                },
            ),
            SubornRule::Remove => {}
            SubornRule::Drop => self.add_to_hand(us, victim.role, 1),
        }
    }

    fn add_to_hand(&mut self, color: Color, role: Role, delta: i8) {
        let hand = &mut self.hands[color.index()];
        let old = hand.count(role);
        let new = (old as i8 + delta) as u8;
        hand.set(role, new);
        let keys = &ZOBRIST_HANDS[color.index()][role.hand_index()];
        self.hash ^= keys[old as usize] ^ keys[new as usize];
    }

    #[inline]
    pub(super) fn put(&mut self, cell: usize, piece: Piece) {
        let bit = 1u64 << cell;
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        self.mailbox[cell] = code(piece);
        self.hash ^= ZOBRIST_PIECES[piece.color.index()][piece.role.index()][cell];
    }

    #[inline]
    fn take(&mut self, cell: usize, piece: Piece) {
        let bit = 1u64 << cell;
        self.by_color[piece.color.index()] &= !bit;
        self.by_role[piece.role.index()] &= !bit;
        self.mailbox[cell] = EMPTY;
        self.hash ^= ZOBRIST_PIECES[piece.color.index()][piece.role.index()][cell];
    }
}
