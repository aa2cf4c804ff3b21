//! Turn generation on bitboards. Without check or pins every pseudo-legal move is legal, so
//! generation is one pass over the pieces; a [`MoveSink`] either lists the turns or only
//! counts them (bulk counting for perft).

use crate::tables::{first_rank, push_destinations, FILE_A, FILE_H};
use crate::{Move, Position, Role};
use board8::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks, Square};
use diplo_core::Color;

/// Receives regular moves in bulk.
pub(crate) trait MoveSink {
    /// Moves from `from` to every square of `targets`; with `promote`, each is four moves.
    fn targets(&mut self, from: Square, targets: u64, promote: bool);
    /// Pushes by the piece on `from` of the Diplomat on `diplomat`, one per square of `dests`
    /// (times four with `promote`).
    fn pushes(&mut self, from: Square, diplomat: Square, dests: u64, promote: bool);
}

/// Counts moves.
struct Counter(u64);

impl MoveSink for Counter {
    #[inline]
    fn targets(&mut self, _: Square, targets: u64, promote: bool) {
        self.0 += u64::from(targets.count_ones()) << (2 * u32::from(promote));
    }
    #[inline]
    fn pushes(&mut self, _: Square, _: Square, dests: u64, promote: bool) {
        self.0 += u64::from(dests.count_ones()) << (2 * u32::from(promote));
    }
}

/// Lists moves, in a fixed order.
struct Lister<'a>(&'a mut Vec<Move>);

fn squares(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let sq = Square::new(bits.trailing_zeros() as u8);
        bits &= bits - 1;
        sq
    })
}

impl MoveSink for Lister<'_> {
    fn targets(&mut self, from: Square, targets: u64, promote: bool) {
        for to in squares(targets) {
            if promote {
                for role in Role::PROMOTIONS {
                    self.0.push(Move {
                        promotion: Some(role),
                        ..Move::new(from, to)
                    });
                }
            } else {
                self.0.push(Move::new(from, to));
            }
        }
    }

    fn pushes(&mut self, from: Square, diplomat: Square, dests: u64, promote: bool) {
        let promotions: &[Option<Role>] = if promote {
            &[
                Some(Role::Queen),
                Some(Role::Rook),
                Some(Role::Bishop),
                Some(Role::Knight),
            ]
        } else {
            &[None]
        };
        for &promotion in promotions {
            for dest in squares(dests) {
                self.0.push(Move {
                    promotion,
                    push: Some(dest),
                    ..Move::new(from, diplomat)
                });
            }
        }
    }
}

/// A one-square shift of a whole bitboard.
type Shift = fn(u64) -> u64;

#[inline]
fn north(b: u64) -> u64 {
    b << 8
}
#[inline]
fn south(b: u64) -> u64 {
    b >> 8
}
#[inline]
fn east(b: u64) -> u64 {
    (b & !FILE_H) << 1
}
#[inline]
fn west(b: u64) -> u64 {
    (b & !FILE_A) >> 1
}

impl Position {
    /// Every regular move (no extra Diplomat step) into `sink`.
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let own = self.color[us.index()];
        let opp = self.color[them.index()];
        let occ = own | opp;
        let empty = !occ;
        let their_d = self.roles[Role::Diplomat.index()] & opp;
        let capturable = opp & !their_d;
        let push = self.rules.push_back;
        let dsq = Square::new(their_d.trailing_zeros() as u8 & 63).expect("< 64");
        // Pushed by `from` (which leaves its square empty).
        let push_dests = |from: Square| push_destinations(them, dsq.index(), empty | from.bit());

        for (role, attacks) in [
            (Role::Knight, knight as fn(Square, u64) -> u64),
            (Role::Bishop, bishop_attacks),
            (Role::Rook, rook_attacks),
            (Role::Queen, queen),
        ] {
            for from in squares(self.roles[role.index()] & own) {
                let att = attacks(from, occ);
                sink.targets(from, att & (empty | capturable), false);
                if push && att & their_d != 0 {
                    sink.pushes(from, dsq, push_dests(from), false);
                }
            }
        }

        let d = self.diplomat(us);
        sink.targets(d, king_attacks(d) & empty, false);
        self.castlings(sink, d, empty);

        let pawns = self.roles[Role::Pawn.index()] & own;
        let last = first_rank(them);
        let ep = self.ep.map_or(0, |s| s.bit());
        let (forward, back): (Shift, Shift) = match us {
            Color::White => (north, south),
            Color::Black => (south, north),
        };
        let second = us.fold(0xFF00u64, 0xFF << 48);
        for from in squares(pawns) {
            let b = from.bit();
            let mut quiet = 0;
            if self.rules.extended_pawns {
                for dir in [forward, back, east, west] {
                    let one = dir(b) & empty;
                    quiet |= one | (dir(one) & empty);
                }
            } else {
                let one = forward(b) & empty;
                quiet = one;
                if b & second != 0 {
                    quiet |= forward(one) & empty;
                }
            }
            let att = pawn_attacks(us, from);
            let moves = quiet | (att & (capturable | ep));
            sink.targets(from, moves & !last, false);
            if moves & last != 0 {
                sink.targets(from, moves & last, true);
            }
            if push && att & their_d != 0 {
                sink.pushes(from, dsq, push_dests(from), their_d & last != 0);
            }
        }
    }

    /// Castling: rights, and empty squares between Diplomat and rook; no attack conditions.
    fn castlings<S: MoveSink>(&self, sink: &mut S, d: Square, empty: u64) {
        let (king_flag, queen_flag, home) = self.side.fold((1u8, 2u8, 4u8), (4, 8, 60));
        if d.index() != home as usize {
            return;
        }
        let base = u64::from(home) - 4;
        if self.castling & king_flag != 0 && (0x60 << base) & !empty == 0 {
            sink.targets(d, 0x40 << base, false);
        }
        if self.castling & queen_flag != 0 && (0x0E << base) & !empty == 0 {
            sink.targets(d, 0x04 << base, false);
        }
    }

    /// The legal turns, each regular move followed by its extra-step variants. None when no
    /// queen is left (the game is drawn, §10.3).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut regular = Vec::with_capacity(64);
        if self.no_queens() {
            return regular;
        }
        self.generate(&mut Lister(&mut regular));
        if !self.rules.extra_diplomat_move {
            return regular;
        }
        let d = self.diplomat(self.side);
        let mut out = Vec::with_capacity(regular.len() * 3);
        for mv in regular {
            out.push(mv);
            if mv.from != d {
                for step in squares(self.extra_steps(mv)) {
                    out.push(Move {
                        extra: Some((d, step)),
                        ..mv
                    });
                }
            }
        }
        out
    }

    /// The number of legal turns, counted without listing them where possible.
    pub fn count_legal_moves(&self) -> u64 {
        if self.no_queens() {
            return 0;
        }
        if !self.rules.extra_diplomat_move {
            let mut counter = Counter(0);
            self.generate(&mut counter);
            return counter.0;
        }
        let mut regular = Vec::with_capacity(64);
        self.generate(&mut Lister(&mut regular));
        let d = self.diplomat(self.side);
        regular
            .iter()
            .map(|&mv| {
                if mv.from == d {
                    1
                } else {
                    1 + u64::from(self.extra_steps(mv).count_ones())
                }
            })
            .sum()
    }
}

#[inline]
fn knight(sq: Square, _: u64) -> u64 {
    knight_attacks(sq)
}

#[inline]
fn queen(sq: Square, occ: u64) -> u64 {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}
