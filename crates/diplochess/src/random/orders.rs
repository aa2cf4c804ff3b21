//! Random orders: one valid movement order for every piece, orders of any form for any
//! phase, and order sets chosen through the position trait; with their mirror and split.

use super::{shuffle, Rng};
use crate::{can_capture_onto, move_spec, validate, CastleSide, Order, PieceRef, Position};
use board8::Square;
use diplo_core::Color;

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
