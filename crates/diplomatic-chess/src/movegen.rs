//! Turn generation on bitboards. Without check or pins every pseudo-legal move is legal, so
//! generation is one pass over the pieces; a [`MoveSink`] either lists the turns or only
//! counts them (bulk counting for perft, extra Diplomat steps included).

use crate::tables::{first_rank, push_destinations, FILE_A, FILE_H};
use crate::{Move, Position, Role};
use board8::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
    Bitboard, Square,
};
use diplo_core::Color;

/// Receives regular moves in bulk.
pub(crate) trait MoveSink {
    /// The sink only counts moves, one like another: pawn moves (not pushes) may come as a
    /// bare number through [`MoveSink::count`], computed for all pawns at once.
    const COUNTS_ONLY: bool = false;
    /// Moves from `from` to every square of `targets`; with `promote`, each is four moves.
    fn targets(&mut self, from: Square, targets: u64, promote: bool);
    /// Pushes by the piece on `from` of the Diplomat on `diplomat`, one per square of `dests`
    /// (times four with `promote`).
    fn pushes(&mut self, from: Square, diplomat: Square, dests: u64, promote: bool);
    /// `n` more moves (only called when [`MoveSink::COUNTS_ONLY`]).
    fn count(&mut self, _n: u64) {}
}

/// Counts moves.
struct Counter(u64);

impl MoveSink for Counter {
    const COUNTS_ONLY: bool = true;
    #[inline]
    fn count(&mut self, n: u64) {
        self.0 += n;
    }
    #[inline]
    fn targets(&mut self, _: Square, targets: u64, promote: bool) {
        self.0 += u64::from(targets.count_ones()) << (2 * u32::from(promote));
    }
    #[inline]
    fn pushes(&mut self, _: Square, _: Square, dests: u64, promote: bool) {
        self.0 += u64::from(dests.count_ones()) << (2 * u32::from(promote));
    }
}

/// Counts moves when the extra Diplomat move is on: each regular move not made by the
/// mover's Diplomat `d` also comes with one turn per possible extra step.
struct ExtraCounter<'a> {
    pos: &'a Position,
    d: Square,
    n: u64,
}

impl MoveSink for ExtraCounter<'_> {
    #[inline]
    fn targets(&mut self, from: Square, targets: u64, promote: bool) {
        let per_move = if from == self.d {
            u64::from(targets.count_ones())
        } else {
            Bitboard(targets)
                .map(|to| 1 + u64::from(self.pos.extra_steps(Move::new(from, to)).count_ones()))
                .sum()
        };
        self.n += per_move << (2 * u32::from(promote));
    }
    #[inline]
    fn pushes(&mut self, from: Square, diplomat: Square, dests: u64, promote: bool) {
        // A Diplomat never pushes, so every push may carry an extra step.
        let per_move: u64 = Bitboard(dests)
            .map(|dest| {
                let mv = Move {
                    push: Some(dest),
                    ..Move::new(from, diplomat)
                };
                1 + u64::from(self.pos.extra_steps(mv).count_ones())
            })
            .sum();
        self.n += per_move << (2 * u32::from(promote));
    }
}

/// Lists moves, in a fixed order, into a list the caller owns. With `extra` (the mover's
/// Diplomat, when the extra Diplomat move is on) each regular move not made by that Diplomat
/// is followed by its extra-step variants.
struct Lister<'a> {
    pos: &'a Position,
    out: &'a mut Vec<Move>,
    extra: Option<Square>,
}

impl Lister<'_> {
    #[inline]
    fn push(&mut self, mv: Move) {
        self.out.push(mv);
        if let Some(d) = self.extra {
            if mv.from != d {
                for step in Bitboard(self.pos.extra_steps(mv)) {
                    self.out.push(Move {
                        extra: Some((d, step)),
                        ..mv
                    });
                }
            }
        }
    }
}

impl MoveSink for Lister<'_> {
    fn targets(&mut self, from: Square, targets: u64, promote: bool) {
        for to in Bitboard(targets) {
            if promote {
                for role in Role::PROMOTIONS {
                    self.push(Move {
                        promotion: Some(role),
                        ..Move::new(from, to)
                    });
                }
            } else {
                self.push(Move::new(from, to));
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
            for dest in Bitboard(dests) {
                self.push(Move {
                    promotion,
                    push: Some(dest),
                    ..Move::new(from, diplomat)
                });
            }
        }
    }
}

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

        // Written out per role (not a loop over function pointers) so the attack functions
        // inline; the order (knights, bishops, rooks, queens) is the listing order.
        macro_rules! piece_moves {
            ($role:expr, $attacks:expr) => {
                for from in Bitboard(self.roles[$role.index()] & own) {
                    let att = $attacks(from, occ);
                    sink.targets(from, att & (empty | capturable), false);
                    if push && att & their_d != 0 {
                        sink.pushes(from, dsq, push_dests(from), false);
                    }
                }
            };
        }
        piece_moves!(Role::Knight, |from, _| knight_attacks(from));
        piece_moves!(Role::Bishop, bishop_attacks);
        piece_moves!(Role::Rook, rook_attacks);
        piece_moves!(Role::Queen, queen_attacks);

        let d = self.diplomat(us);
        sink.targets(d, king_attacks(d) & empty, false);
        self.castlings(sink, d, empty);

        let pawns = self.roles[Role::Pawn.index()] & own;
        let last = first_rank(them);
        let ep = self.ep.map_or(0, |s| s.bit());
        let white = us == Color::White;
        let forward = |b: u64| if white { north(b) } else { south(b) };
        let back = |b: u64| if white { south(b) } else { north(b) };
        let second = us.fold(0xFF00u64, 0xFF << 48);
        if S::COUNTS_ONLY {
            // All pawns at once. In a set of targets for one (direction, distance) each square
            // has one origin, so it is one move (four on the last rank: promotions). The one-
            // and two-step sets of a direction are disjoint (a two-step needs the square in
            // between empty), as are quiet moves (empty squares straight) and captures.
            let weigh = |targets: u64| {
                u64::from(targets.count_ones()) + 3 * u64::from((targets & last).count_ones())
            };
            let quiet = if self.rules.extended_pawns {
                weigh(steps(pawns, empty, forward))
                    + weigh(steps(pawns, empty, back))
                    + weigh(steps(pawns, empty, east))
                    + weigh(steps(pawns, empty, west))
            } else {
                let one = forward(pawns) & empty;
                weigh(one) + weigh(forward(one & forward(second)) & empty)
            };
            let targets = capturable | ep;
            let captures =
                weigh(forward(east(pawns)) & targets) + weigh(forward(west(pawns)) & targets);
            sink.count(quiet + captures);
            if push {
                // The pawns that attack the enemy Diplomat.
                for from in Bitboard(pawns & pawn_attacks(them, dsq)) {
                    sink.pushes(from, dsq, push_dests(from), their_d & last != 0);
                }
            }
            return;
        }
        for from in Bitboard(pawns) {
            let b = from.bit();
            let quiet = if self.rules.extended_pawns {
                steps(b, empty, forward)
                    | steps(b, empty, back)
                    | steps(b, empty, east)
                    | steps(b, empty, west)
            } else {
                let one = forward(b) & empty;
                if b & second != 0 {
                    one | (forward(one) & empty)
                } else {
                    one
                }
            };
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

    /// Replaces the contents of `out` with [`Position::legal_moves`]. Allocates only if `out`
    /// lacks capacity.
    pub(crate) fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.no_queens() {
            return;
        }
        let extra = self
            .rules
            .extra_diplomat_move
            .then(|| self.diplomat(self.side));
        self.generate(&mut Lister {
            pos: self,
            out,
            extra,
        });
    }

    /// The legal turns, each regular move followed by its extra-step variants. None when no
    /// queen is left (the game is drawn, §10.3).
    ///
    /// These are the turns the board allows, as a position string describes it: a last
    /// chance lost by the turn that reached this position is not looked at (§8.5); the
    /// [`diplo_core::SequentialPosition`] methods, which the games and perft use, do.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// The number of [`Position::legal_moves`], counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        if self.no_queens() {
            return 0;
        }
        if self.rules.extra_diplomat_move {
            let mut counter = ExtraCounter {
                pos: self,
                d: self.diplomat(self.side),
                n: 0,
            };
            self.generate(&mut counter);
            counter.n
        } else {
            let mut counter = Counter(0);
            self.generate(&mut counter);
            counter.0
        }
    }
}

/// The squares one or two steps from `b` in one direction, over empty squares.
#[inline]
fn steps(b: u64, empty: u64, dir: impl Fn(u64) -> u64) -> u64 {
    let one = dir(b) & empty;
    one | (dir(one) & empty)
}
