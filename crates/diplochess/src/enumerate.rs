//! Every order a side may give in a phase, as typed values: the valid movement orders
//! (§4.2: never the void ones), the legal retreats and disbands of its dislodged pieces
//! (§6), its builds and conversions (§7) and its adjustments (§8).

use crate::adjust;
use crate::build::{self, TYPES};
use crate::movement::{Adjudication, Dislodgement};
use crate::order::{CastleSide, Order, PieceRef};
use crate::position::{first_rank, Position};
use crate::retreat::legal_retreats;
use crate::validity::validate;
use board8::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
    Bitboard, Board, Role, Square,
};
use diplo_core::Color;

/// The destinations of the valid moves of a `role` of `color` on `from` (§4.2.2): the same
/// squares for which [`crate::move_spec`] accepts the move.
pub fn move_destinations(board: &Board, color: Color, role: Role, from: Square) -> Bitboard {
    let occupied = board.occupied();
    let bits = match role {
        Role::King => king_attacks(from),
        Role::Knight => knight_attacks(from),
        // Along the lines up to and including the first piece: every intermediate square
        // is empty at the start of the turn.
        Role::Rook => rook_attacks(from, occupied),
        Role::Bishop => bishop_attacks(from, occupied),
        Role::Queen => queen_attacks(from, occupied),
        Role::Pawn => {
            let dir: i8 = color.fold(1, -1);
            let mut bits = 0;
            // Forward whatever stands there (a travel order may follow a leaving piece).
            if let Some(one) = from.offset(0, dir) {
                bits |= one.bit();
                if from.rank() == color.fold(1, 6) && occupied & one.bit() == 0 {
                    if let Some(two) = from.offset(0, 2 * dir) {
                        bits |= two.bit();
                    }
                }
            }
            bits | (pawn_attacks(color, from) & board.by_color(!color))
        }
    };
    Bitboard(bits)
}

/// The squares a `role` of `color` on `from` could capture onto, whatever stands in
/// between: where it may support (§4.2.3, [`crate::can_capture_onto`]).
fn support_reach(color: Color, role: Role, from: Square) -> u64 {
    match role {
        Role::King => king_attacks(from),
        Role::Knight => knight_attacks(from),
        Role::Pawn => pawn_attacks(color, from),
        Role::Rook => rook_attacks(from, 0),
        Role::Bishop => bishop_attacks(from, 0),
        Role::Queen => queen_attacks(from, 0),
    }
}

/// Every valid movement order of `side`: for each of its pieces (in square order) the hold,
/// the moves, the supports of every other piece's hold and valid moves that it can reach;
/// then the castlings.
pub(crate) fn movement_orders(position: &Position, side: Color, out: &mut Vec<Order>) {
    let board = &position.board;
    let pieces: Vec<(PieceRef, u64)> = board
        .iter()
        .map(|(square, p)| {
            let me = PieceRef {
                role: p.role,
                square,
            };
            (me, move_destinations(board, p.color, p.role, square).0)
        })
        .collect();
    for (sq, piece) in board.iter().filter(|(_, p)| p.color == side) {
        let me = PieceRef {
            role: piece.role,
            square: sq,
        };
        out.push(Order::Hold(me));
        let own = move_destinations(board, side, piece.role, sq);
        out.extend(own.map(|to| Order::Move(me, to)));
        let reach = support_reach(side, piece.role, sq);
        for &(them, moves) in pieces.iter().filter(|(p, _)| p.square != sq) {
            if reach & them.square.bit() != 0 {
                out.push(Order::SupportHold(me, them));
            }
            let onto = moves & reach & !sq.bit();
            out.extend(Bitboard(onto).map(|to| Order::SupportMove(me, them, to)));
        }
    }
    for wing in [CastleSide::King, CastleSide::Queen] {
        let order = Order::Castle(wing);
        if validate(position, side, &order).is_ok() {
            out.push(order);
        }
    }
}

/// The legal retreats of a dislodged piece (§6.2, §6.3), then its disband.
pub(crate) fn retreat_orders(movement: &Adjudication, d: &Dislodgement, out: &mut Vec<Order>) {
    let me = PieceRef {
        role: d.piece.role,
        square: d.square,
    };
    let squares = legal_retreats(&movement.position, d, movement.standoffs);
    out.extend(squares.map(|to| Order::Move(me, to)));
    out.push(Order::RetreatDisband(me));
}

/// The choices of the build step (§7): a deferred build of every short type on every free
/// square of the first rank when the side builds one (for Black, a square a White pawn
/// leaves by being held is free: White's step comes first); for each pawn on the last rank, its
/// conversion to every type that can still be short when its turn comes — the deferred
/// builds and the pawns on files before it may take other types (rule 17).
pub(crate) fn build_orders(position: &Position, side: Color, out: &mut Vec<Order>) {
    let short: Vec<Role> = TYPES
        .into_iter()
        .filter(|&r| build::is_short(position, side, r))
        .collect();
    let builds = build::deferred_builds(position, side);
    if builds > 0 {
        let free = Bitboard(build::free_first_rank(position, side));
        for &role in &short {
            out.extend(free.map(|sq| Order::Build(role, sq)));
        }
    }
    let shortage = build::shortage(position, side);
    for (before, sq) in Bitboard(build::last_rank_pawns(position, side)).enumerate() {
        if shortage > builds + before {
            out.extend(short.iter().map(|&role| Order::Convert(sq, role)));
        }
    }
}

/// The adjustment orders of `side` (§8): with an excess, the disband of every piece but the
/// King; with a shortfall, every build the rules allow.
pub(crate) fn adjustment_orders(position: &Position, side: Color, out: &mut Vec<Order>) {
    let balance = adjust::balance(position, side);
    if balance < 0 {
        for (square, piece) in position.board.iter() {
            if piece.color == side && piece.role != Role::King {
                out.push(Order::Disband(PieceRef {
                    role: piece.role,
                    square,
                }));
            }
        }
    } else if balance > 0 {
        for role in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            let rank = if role == Role::Pawn {
                side.fold(1, 6)
            } else {
                first_rank(side)
            };
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                if adjust::may_build(position, position, side, role, sq).is_ok() {
                    out.push(Order::Build(role, sq));
                }
            }
        }
    }
}
