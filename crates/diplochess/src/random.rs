//! Seeded random DiploChess input for tests and benchmarks: random valid movement orders for
//! every piece, random positions, crowded positions and arbitrary orders of every form — the
//! input of the property tests, the random-input tests and the benchmark. A small seeded
//! generator keeps the results the same on every platform.
//!
//! Built for this crate's own unit tests, and with the `random` feature for everyone else
//! (the integration tests and the benchmark reach it as `diplo_testkit::diplochess`).

use crate::{can_capture_onto, move_spec, validate, CastleSide, Order, PieceRef, Position};
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
                let [a, b] = crate::ordered_squares(color, &order);
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
            let (k, r) = crate::castle_specs(color, side);
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
                position.castling.remove(crate::castle_flag(color, side));
            }
        }
    }
    debug_assert!(position.validate().is_ok());
    position
}

/// A random colour.
pub fn random_color(rng: &mut Rng) -> Color {
    if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    }
}

fn position_of(board: board8::Board, held: diplo_core::ByColor<u8>, turn: u32) -> Position {
    let mut position = Position {
        board,
        castling: board8::CastlingRights::ALL,
        held,
        clock: 0,
        turn,
    };
    position.drop_stale_castling();
    position
}

/// Kings on h1 and h8, five to nine other pieces of random colours packed on a1-e6: phases
/// where circular movement, head-to-heads, cut supports and rule-14 lines come up.
pub fn crowded_position(rng: &mut Rng) -> Position {
    use board8::{Board, Piece, Role};
    let roles = [
        Role::Queen,
        Role::Rook,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let mut board = Board::empty();
    for (sq, color) in [(7, Color::White), (63, Color::Black)] {
        let piece = Piece {
            color,
            role: Role::King,
        };
        board.put(Square::new(sq).expect("on the board"), piece);
    }
    for _ in 0..5 + rng.below(5) {
        let sq =
            Square::from_coords(rng.below(5) as u8, 1 + rng.below(5) as u8).expect("on the board");
        let color = random_color(rng);
        let role = roles[rng.below(roles.len())];
        board.put(sq, Piece { color, role });
    }
    position_of(board, Default::default(), 1)
}

/// An endgame about to convert: Kings, a few pieces, pawns one or two steps from their last
/// rank, sometimes held pawns and a free first rank, and a turn number just before an
/// adjustment step (turn 10, 20, …) half of the time. The build step, deferred builds and
/// adjustments come up within a turn or two.
pub fn endgame_position(rng: &mut Rng) -> Position {
    use board8::{Board, Piece, Role};
    let mut board = Board::empty();
    let mut free: Vec<Square> = Square::all().collect();
    let mut take = |rng: &mut Rng, ok: &dyn Fn(Square) -> bool| -> Option<Square> {
        let candidates: Vec<usize> = (0..free.len()).filter(|&i| ok(free[i])).collect();
        (!candidates.is_empty()).then(|| free.swap_remove(candidates[rng.below(candidates.len())]))
    };
    let mut held = diplo_core::ByColor::default();
    for color in Color::ALL {
        let king = take(rng, &|_| true).expect("room for a King");
        board.put(
            king,
            Piece {
                color,
                role: Role::King,
            },
        );
        let pawns = rng.below(5);
        let near: [u8; 2] = color.fold([5, 6], [1, 2]);
        for _ in 0..pawns {
            if let Some(sq) = take(rng, &|s: Square| near.contains(&s.rank())) {
                board.put(
                    sq,
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
            }
        }
        for _ in 0..rng.below(4) {
            let role = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight][rng.below(4)];
            if let Some(sq) = take(rng, &|_| true) {
                board.put(sq, Piece { color, role });
            }
        }
        let pawns_now = board.pieces(color, Role::Pawn).count_ones() as usize;
        held[color] = rng.below(3).min(8 - pawns_now) as u8;
    }
    // A pawn never stands on its last rank between turns.
    for color in Color::ALL {
        let last = color.fold(7u8, 0);
        for sq in board8::Bitboard(board.pieces(color, Role::Pawn)) {
            if sq.rank() == last {
                board.remove(sq);
            }
        }
    }
    let turn = if rng.below(2) == 0 {
        10 * (1 + rng.below(3) as u32)
    } else {
        1 + rng.below(30) as u32
    };
    let position = position_of(board, held, turn);
    debug_assert!(position.validate().is_ok(), "{position}");
    position
}

/// An order of any form for any phase, mostly about the pieces on the board (their true type
/// most of the time) and sometimes about empty squares or with a wrong type: the input of the
/// tests that compare the enumeration of legal orders with the validators.
pub fn any_order(rng: &mut Rng, position: &Position) -> Order {
    use board8::Role;
    let pieces: Vec<(Square, board8::Piece)> = position.board.iter().collect();
    let square = |rng: &mut Rng| Square::new(rng.below(64) as u8).expect("< 64");
    let role = |rng: &mut Rng| Role::ALL[rng.below(6)];
    let piece = |rng: &mut Rng| -> PieceRef {
        if !pieces.is_empty() && rng.below(5) != 0 {
            let (sq, p) = pieces[rng.below(pieces.len())];
            let role = if rng.below(8) == 0 {
                Role::ALL[rng.below(6)]
            } else {
                p.role
            };
            PieceRef { role, square: sq }
        } else {
            PieceRef {
                role: Role::ALL[rng.below(6)],
                square: Square::new(rng.below(64) as u8).expect("< 64"),
            }
        }
    };
    match rng.below(10) {
        0 => Order::Hold(piece(rng)),
        1 => {
            let p = piece(rng);
            Order::Move(p, square(rng))
        }
        2 => {
            let (p, q) = (piece(rng), piece(rng));
            Order::SupportHold(p, q)
        }
        3 => {
            let (p, q) = (piece(rng), piece(rng));
            Order::SupportMove(p, q, square(rng))
        }
        4 => Order::Castle(if rng.below(2) == 0 {
            CastleSide::King
        } else {
            CastleSide::Queen
        }),
        5 => Order::RetreatDisband(piece(rng)),
        6 => {
            let sq = square(rng);
            Order::Convert(sq, role(rng))
        }
        7 | 8 => {
            let r = role(rng);
            Order::Build(r, square(rng))
        }
        _ => Order::Disband(piece(rng)),
    }
}

/// Splits `(side, order)` pairs into White's and Black's orders, each in listing order.
pub fn split_sides(orders: &[(Color, Order)]) -> (Vec<Order>, Vec<Order>) {
    let of = |side: Color| {
        orders
            .iter()
            .filter(|(c, _)| *c == side)
            .map(|(_, o)| *o)
            .collect()
    };
    (of(Color::White), of(Color::Black))
}

/// A random set of orders for `side` in the phase of `state`, chosen only through the
/// position trait: from the legal orders, each kept if the set still checks, at most
/// [`order_count`](diplo_core::SimultaneousPosition::order_count)'s most. In movement most
/// pieces get an order, a move more often than a support and a support more often than a
/// hold; in the other phases a random part of the legal orders. A side that owes nothing,
/// and now and then one that does, gets its default orders.
pub fn random_order_set(state: &crate::State, side: Color, rng: &mut Rng) -> crate::Orders {
    use diplo_core::SimultaneousPosition;
    if !state.owes_orders(side) || rng.below(12) == 0 {
        return state.default_orders(side);
    }
    let mut legal = Vec::new();
    state.legal_orders(side, &mut legal);
    let (_, most) = state.order_count(side);
    let mut chosen: Vec<Order> = Vec::new();
    let keep = |order: Order, chosen: &mut Vec<Order>| {
        if chosen.len() < most {
            chosen.push(order);
            if state.check_orders(side, chosen).is_err() {
                chosen.pop();
            }
        }
    };
    if state.current_phase() == Some(crate::Phase::Movement) {
        // The orders of each piece (castling on its own), pieces in random order.
        let subject = |o: &Order| match o {
            Order::Hold(p)
            | Order::Move(p, _)
            | Order::SupportHold(p, _)
            | Order::SupportMove(p, _, _) => p.square.index(),
            _ => 64,
        };
        let mut subjects: Vec<usize> = legal.iter().map(subject).collect();
        subjects.sort_unstable();
        subjects.dedup();
        shuffle(&mut subjects, rng);
        for s in subjects {
            let of = |kind: usize| -> Vec<Order> {
                legal
                    .iter()
                    .copied()
                    .filter(|o| subject(o) == s)
                    .filter(|o| match o {
                        Order::Move(..) | Order::Castle(_) => kind == 0,
                        Order::SupportHold(..) | Order::SupportMove(..) => kind == 1,
                        _ => kind == 2,
                    })
                    .collect()
            };
            let roll = rng.below(20);
            let kind = match roll {
                0..=10 => 0,
                11..=16 => 1,
                17..=18 => 2,
                _ => continue, // no order: the piece holds
            };
            let mut options = of(kind);
            if options.is_empty() {
                options = of(2);
            }
            if !options.is_empty() {
                let pick = options[rng.below(options.len())];
                keep(pick, &mut chosen);
            }
        }
    } else {
        shuffle(&mut legal, rng);
        let want = rng.below(most + 1);
        for order in legal {
            if chosen.len() >= want {
                break;
            }
            keep(order, &mut chosen);
        }
    }
    state
        .check_orders(side, &chosen)
        .expect("every kept order checked")
}

/// Shuffles a list (Fisher-Yates).
pub fn shuffle<T>(list: &mut [T], rng: &mut Rng) {
    for i in (1..list.len()).rev() {
        list.swap(i, rng.below(i + 1));
    }
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
