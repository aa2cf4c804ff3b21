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

/// A small movement phase built around a cycle of decisions, for the tests that check that
/// cycles are settled whatever the listing of the orders (spec §5.7): two to four pieces
/// moving in a ring (two make a head-to-head, more a circular movement, of either colour
/// and any type that can make the step), up to two supports of ring moves — most of them
/// from a square whose line crosses a ring square, so that the support depends on the ring
/// (rule 14) — and up to two other pieces with random orders, preferably into the ring.
/// At most `max_orders` orders (at least 2); Kings outside the ring stand on h1 and h8 and
/// have no order. Every order is valid.
pub fn cycle_phase(rng: &mut Rng, max_orders: usize) -> (Position, Vec<(Color, Order)>) {
    for _ in 0..10_000 {
        if let Some(phase) = try_cycle_phase(rng, max_orders.max(2)) {
            return phase;
        }
    }
    // Not reached in practice; an empty phase keeps the function total.
    let mut position = Position::start();
    position.board = board8::Board::empty();
    for (sq, color) in [(7, Color::White), (63, Color::Black)] {
        let king = board8::Piece {
            color,
            role: board8::Role::King,
        };
        position.board.put(Square::new(sq).expect("h1, h8"), king);
    }
    position.castling = board8::CastlingRights::NONE;
    (position, Vec::new())
}

fn try_cycle_phase(rng: &mut Rng, max_orders: usize) -> Option<(Position, Vec<(Color, Order)>)> {
    use board8::{king_attacks, knight_attacks, pawn_attacks, Board, Piece, Role};
    let in_region = |s: Square| s.file() < 5 && (1..=5).contains(&s.rank());
    let random_color = |rng: &mut Rng| {
        if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        }
    };
    let pick = |rng: &mut Rng, bits: u64| -> Option<Square> {
        let squares: Vec<Square> = Square::all().filter(|s| bits & s.bit() != 0).collect();
        (!squares.is_empty()).then(|| squares[rng.below(squares.len())])
    };
    let region: u64 = Square::all()
        .filter(|&s| in_region(s))
        .fold(0, |b, s| b | s.bit());
    // Squares a piece of some type could step to from `s` on an empty board.
    let reach = |s: Square| {
        let lines = Square::all()
            .filter(|&t| {
                t != s
                    && (can_capture_onto(Color::White, Role::Queen, s, t))
                    && board8::between(s, t).count_ones() < 3
            })
            .fold(0, |b, t| b | t.bit());
        (king_attacks(s) | knight_attacks(s) | lines) & region
    };

    // The ring.
    // Two pieces make a head-to-head, which needs supports to form a cycle: rarer.
    let len = if rng.below(4) == 0 {
        2
    } else {
        3 + rng.below(2)
    }
    .min(max_orders);
    let mut ring = vec![pick(rng, region)?];
    while ring.len() < len {
        let last = *ring.last()?;
        let taken = ring.iter().fold(0, |b, s| b | s.bit());
        ring.push(pick(rng, reach(last) & !taken)?);
    }
    let last = *ring.last()?;
    if reach(last) & ring[0].bit() == 0 {
        return None;
    }
    // A ring of one colour is a cycle whatever the values (no self-dislodgement); a mixed
    // one only where no member can dislodge the next on its own.
    let one = rng.below(2) == 0;
    let first = random_color(rng);
    let colors: Vec<Color> = ring
        .iter()
        .map(|_| if one { first } else { random_color(rng) })
        .collect();
    let mut board = Board::empty();
    let mut kings = [false; 2];
    for i in 0..len {
        let (from, to, color) = (ring[i], ring[(i + 1) % len], colors[i]);
        let forward = color.fold(1i8, -1);
        let mut roles: Vec<Role> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .filter(|&r| can_capture_onto(color, r, from, to))
            .collect();
        if king_attacks(from) & to.bit() != 0 && !kings[color.index()] {
            roles.push(Role::King);
        }
        let push = from.file() == to.file() && to.rank() as i8 - from.rank() as i8 == forward;
        let attack = pawn_attacks(color, from) & to.bit() != 0 && colors[(i + 1) % len] != color;
        if push || attack {
            roles.push(Role::Pawn);
            roles.push(Role::Pawn);
        }
        let role = *roles.get(rng.below(roles.len().max(1)))?;
        kings[color.index()] |= role == Role::King;
        board.put(from, Piece { color, role });
    }
    for (color, sq) in [(Color::White, 7u8), (Color::Black, 63)] {
        if !kings[color.index()] {
            let king = Piece {
                color,
                role: Role::King,
            };
            board.put(Square::new(sq)?, king);
        }
    }
    let piece_ref = |board: &Board, sq: Square| {
        board.piece_at(sq).map(|p| PieceRef {
            role: p.role,
            square: sq,
        })
    };
    let mut orders: Vec<(Color, Order)> = Vec::new();
    for i in 0..len {
        orders.push((
            colors[i],
            Order::Move(piece_ref(&board, ring[i])?, ring[(i + 1) % len]),
        ));
    }

    // Supports of ring moves, mostly with a line over a ring square.
    let ring_bits = ring.iter().fold(0, |b, s| b | s.bit());
    let supporters = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    for _ in 0..rng.below(3).min(max_orders - orders.len()) {
        let i = rng.below(len);
        let dest = ring[(i + 1) % len];
        let color = random_color(rng);
        let mut candidates: Vec<(Square, Role)> = Vec::new();
        for x in Square::all().filter(|&x| board.piece_at(x).is_none()) {
            for &role in &supporters {
                let pawn_ok = role != Role::Pawn || (1..=6).contains(&x.rank());
                if pawn_ok && can_capture_onto(color, role, x, dest) {
                    candidates.push((x, role));
                }
            }
        }
        if rng.below(3) != 0 {
            let crossing: Vec<(Square, Role)> = candidates
                .iter()
                .copied()
                .filter(|&(x, _)| board8::between(x, dest) & ring_bits != 0)
                .collect();
            if !crossing.is_empty() {
                candidates = crossing;
            }
        }
        let &(x, role) = candidates.get(rng.below(candidates.len().max(1)))?;
        board.put(x, Piece { color, role });
        let me = PieceRef { role, square: x };
        orders.push((
            color,
            Order::SupportMove(me, piece_ref(&board, ring[i])?, dest),
        ));
    }

    // Other pieces: moves into the ring where they can, else random orders.
    for _ in 0..rng.below(3).min(max_orders - orders.len()) {
        let color = random_color(rng);
        let role = supporters[rng.below(supporters.len())];
        let near = region | (region << 8);
        let empty = near & !board.occupied();
        let x = pick(rng, empty)?;
        if role == Role::Pawn && !(1..=6).contains(&x.rank()) {
            return None;
        }
        board.put(x, Piece { color, role });
        let position = Position {
            board: board.clone(),
            castling: board8::CastlingRights::NONE,
            held: diplo_core::ByColor::default(),
            clock: 0,
            turn: 1,
        };
        let me = PieceRef { role, square: x };
        let moves = moves_of(&position, x);
        let into: Vec<Square> = moves.iter().copied().filter(|s| ring.contains(s)).collect();
        let order = if !into.is_empty() && rng.below(3) != 0 {
            Order::Move(me, into[rng.below(into.len())])
        } else if !moves.is_empty() && rng.below(2) == 0 {
            Order::Move(me, moves[rng.below(moves.len())])
        } else {
            // A support of a ring move if the geometry allows, else a hold.
            let i = rng.below(len);
            let dest = ring[(i + 1) % len];
            if can_capture_onto(color, role, x, dest) && dest != x {
                Order::SupportMove(me, piece_ref(&board, ring[i])?, dest)
            } else {
                Order::Hold(me)
            }
        };
        orders.push((color, order));
    }

    let position = Position {
        board,
        castling: board8::CastlingRights::NONE,
        held: diplo_core::ByColor::default(),
        clock: 0,
        turn: 1,
    };
    let valid = position.validate().is_ok()
        && orders
            .iter()
            .all(|(c, o)| validate(&position, *c, o).is_ok());
    valid.then_some((position, orders))
}
