//! Random positions between turns: varied middlegames, crowded corners and endgames about
//! to convert.

use super::{random_color, Rng};
use crate::{CastleSide, Position};
use board8::Square;
use diplo_core::Color;

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
