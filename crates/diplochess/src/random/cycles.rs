//! Small movement phases built around a cycle of decisions (spec §5.7).

use super::{moves_of, Rng};
use crate::{can_capture_onto, validate, Order, PieceRef, Position};
use board8::Square;
use diplo_core::Color;

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
