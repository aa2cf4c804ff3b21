//! Random valid movement orders for every piece on the board: the input of the property
//! tests, the random-input test and the benchmark (and a baseline for a computer player).
//! A small seeded generator keeps the library free of dependencies.

use crate::order::{CastleSide, Order, PieceRef};
use crate::position::Position;
use crate::validity::{can_capture_onto, move_spec, validate};
use board8::Square;
use diplo_core::Color;

/// xorshift64*: small, fast, and good enough to pick orders.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The valid moves of the piece on `from` (§4.2.2), as destinations.
pub fn moves_of(position: &Position, from: Square) -> Vec<Square> {
    let Some(piece) = position.board.piece_at(from) else {
        return Vec::new();
    };
    Square::all()
        .filter(|&to| move_spec(&position.board, piece.color, piece.role, from, to).is_ok())
        .collect()
}

/// One valid movement order for every piece of both sides (holds, moves, hold and move
/// supports, sometimes castling), in board order.
pub fn random_orders(position: &Position, rng: &mut Rng) -> Vec<(Color, Order)> {
    let board = &position.board;
    let pieces: Vec<(Square, board8::Piece)> = board.iter().collect();
    let moves: Vec<Vec<Square>> = pieces
        .iter()
        .map(|(sq, _)| moves_of(position, *sq))
        .collect();
    let mut out = Vec::with_capacity(pieces.len());
    let mut taken = 0u64;
    for color in Color::ALL {
        for side in [CastleSide::King, CastleSide::Queen] {
            let order = Order::Castle(side);
            if rng.below(4) == 0 && validate(position, color, &order).is_ok() {
                let [a, b] = crate::validity::ordered_squares(color, &order);
                let bits = a.map_or(0, |s| s.bit()) | b.map_or(0, |s| s.bit());
                if taken & bits == 0 {
                    taken |= bits;
                    out.push((color, order));
                }
            }
        }
    }
    for (i, (sq, piece)) in pieces.iter().enumerate() {
        if taken & sq.bit() != 0 {
            continue;
        }
        let me = PieceRef {
            role: piece.role,
            square: *sq,
        };
        let roll = rng.below(10);
        let order = if roll < 5 && !moves[i].is_empty() {
            Order::Move(me, moves[i][rng.below(moves[i].len())])
        } else if roll < 9 {
            // A support of a random piece that this piece can reach: its hold or a move.
            let targets: Vec<usize> = (0..pieces.len())
                .filter(|&j| j != i)
                .filter(|&j| {
                    can_capture_onto(piece.color, piece.role, *sq, pieces[j].0)
                        || moves[j].iter().any(|&to| {
                            to != *sq && can_capture_onto(piece.color, piece.role, *sq, to)
                        })
                })
                .collect();
            if targets.is_empty() {
                Order::Hold(me)
            } else {
                let j = targets[rng.below(targets.len())];
                let (tsq, tp) = pieces[j];
                let them = PieceRef {
                    role: tp.role,
                    square: tsq,
                };
                let dests: Vec<Square> = moves[j]
                    .iter()
                    .copied()
                    .filter(|&to| to != *sq && can_capture_onto(piece.color, piece.role, *sq, to))
                    .collect();
                let hold_ok = can_capture_onto(piece.color, piece.role, *sq, tsq);
                if !dests.is_empty() && (!hold_ok || rng.below(2) == 0) {
                    Order::SupportMove(me, them, dests[rng.below(dests.len())])
                } else {
                    Order::SupportHold(me, them)
                }
            }
        } else {
            Order::Hold(me)
        };
        out.push((piece.color, order));
    }
    debug_assert!(out.iter().all(|(c, o)| validate(position, *c, o).is_ok()));
    out
}

/// Mirrors an order: squares flipped a1 <-> a8 (colours are swapped by the caller).
pub fn mirror_order(order: &Order) -> Order {
    let f = |p: PieceRef| PieceRef {
        role: p.role,
        square: p.square.flip_vertical(),
    };
    match *order {
        Order::Hold(p) => Order::Hold(f(p)),
        Order::Move(p, to) => Order::Move(f(p), to.flip_vertical()),
        Order::SupportHold(p, q) => Order::SupportHold(f(p), f(q)),
        Order::SupportMove(p, q, to) => Order::SupportMove(f(p), f(q), to.flip_vertical()),
        Order::Castle(s) => Order::Castle(s),
        Order::RetreatDisband(p) => Order::RetreatDisband(f(p)),
        Order::Convert(sq, r) => Order::Convert(sq.flip_vertical(), r),
        Order::Build(r, sq) => Order::Build(r, sq.flip_vertical()),
        Order::Disband(p) => Order::Disband(f(p)),
    }
}

/// A random position between turns with about `per_side` pieces a side (Kings included),
/// within the initial distribution, pawns on ranks 2 to 7, castling rights where the King
/// and rook stand at home: "varied middlegames" for tests and benchmarks.
pub fn random_position(rng: &mut Rng, per_side: usize) -> Position {
    use board8::{Board, CastlingRights, Piece, Role};
    const STOCK: [Role; 15] = [
        Role::Queen,
        Role::Rook,
        Role::Rook,
        Role::Bishop,
        Role::Bishop,
        Role::Knight,
        Role::Knight,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
        Role::Pawn,
    ];
    let mut board = Board::empty();
    let mut free: Vec<Square> = Square::all().collect();
    fn take(free: &mut Vec<Square>, rng: &mut Rng, ok: &dyn Fn(Square) -> bool) -> Option<Square> {
        let candidates: Vec<usize> = (0..free.len()).filter(|&i| ok(free[i])).collect();
        if candidates.is_empty() {
            return None;
        }
        Some(free.swap_remove(candidates[rng.below(candidates.len())]))
    }
    for color in Color::ALL {
        // Kings at home half the time, so that castling comes up.
        let home = Square::from_coords(4, crate::first_rank(color)).expect("e1/e8");
        let king = if rng.below(2) == 0 && board.piece_at(home).is_none() {
            free.retain(|&s| s != home);
            home
        } else {
            take(&mut free, rng, &|_| true).expect("room for a King")
        };
        board.put(
            king,
            Piece {
                color,
                role: Role::King,
            },
        );
        let mut stock: Vec<Role> = STOCK.to_vec();
        for _ in 1..per_side.clamp(1, 16) {
            if stock.is_empty() {
                break;
            }
            let role = stock.swap_remove(rng.below(stock.len()));
            let ok = |s: Square| role != Role::Pawn || (1..=6).contains(&s.rank());
            if let Some(sq) = take(&mut free, rng, &ok) {
                board.put(sq, Piece { color, role });
            }
        }
    }
    let mut position = Position {
        board,
        castling: CastlingRights::ALL,
        held: diplo_core::ByColor::default(),
        clock: 0,
        turn: 1,
    };
    // Keep only the castling rights the pieces allow.
    for color in Color::ALL {
        for side in [CastleSide::King, CastleSide::Queen] {
            let (k, r) = crate::validity::castle_specs(color, side);
            let ok = position.board.piece_at(k.from)
                == Some(Piece {
                    color,
                    role: Role::King,
                })
                && position.board.piece_at(r.from)
                    == Some(Piece {
                        color,
                        role: Role::Rook,
                    });
            if !ok {
                position
                    .castling
                    .remove(crate::validity::castle_flag(color, side));
            }
        }
    }
    debug_assert!(position.validate().is_ok());
    position
}
