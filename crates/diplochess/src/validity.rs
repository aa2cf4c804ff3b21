//! Validity of movement orders (spec §4.2), judged on the board at the start of the turn.
//! An invalid order is void: reported with its reason, and its piece holds.

use crate::order::{CastleSide, Order, PieceRef};
use crate::position::{first_rank, Position};
use board8::{between, king_attacks, knight_attacks, pawn_attacks, Bitboard, Board, Role, Square};
use diplo_core::Color;

/// A valid move component: origin, destination, intermediate squares I(m), travel or attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSpec {
    pub from: Square,
    pub to: Square,
    pub inter: u64,
    /// Pawn pushes and castling components: they never dislodge nor cut (§5.3, §5.4).
    pub travel: bool,
}

/// A movement order that passed §4.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Valid {
    Hold(Square),
    Move(MoveSpec),
    /// King component, rook component.
    Castle(MoveSpec, MoveSpec),
    /// Supporter's square, supported piece's square.
    SupportHold(Square, Square),
    /// Supporter's square, the supported move.
    SupportMove(Square, MoveSpec),
}

/// Why a movement order is void.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
pub enum VoidReason {
    #[error("no piece on {0}")]
    NoPiece(Square),
    #[error("{square} holds a {color} piece")]
    NotOwn { square: Square, color: Color },
    #[error("{square} holds {}, not {}", .found.upper(), .named.upper())]
    WrongType {
        square: Square,
        /// The type standing there.
        found: Role,
        /// The type the order names.
        named: Role,
    },
    /// The piece (as named) and the destination.
    #[error("{0} - {1} is not a move of that piece")]
    NotAMove(PieceRef, Square),
    #[error("path blocked at {0}")]
    PathBlocked(Square),
    #[error("a pawn moves diagonally only onto an enemy piece")]
    PawnDiagonal,
    #[error("supported piece: {0}")]
    Supported(Box<VoidReason>),
    /// The supporting piece and the square it was to support.
    #[error("{0} cannot capture onto {1}")]
    CannotReach(PieceRef, Square),
    #[error("a piece cannot support itself")]
    SupportSelf,
    #[error("a piece cannot support a move onto its own square")]
    SupportOwnSquare,
    #[error("no castling right")]
    NoCastlingRight,
    #[error("squares between King and rook are not empty")]
    CastlingPath,
    #[error("not a movement order (ignored)")]
    WrongPhase,
}

/// The castling components of `side` for `color`: (King, rook).
pub fn castle_specs(color: Color, side: CastleSide) -> (MoveSpec, MoveSpec) {
    let rank = first_rank(color);
    let sq = |file| Square::from_coords(file, rank).expect("on board");
    let (king_to, rook_from, rook_to) = match side {
        CastleSide::King => (6, 7, 5),
        CastleSide::Queen => (2, 0, 3),
    };
    let king = MoveSpec {
        from: sq(4),
        to: sq(king_to),
        inter: between(sq(4), sq(king_to)),
        travel: true,
    };
    let rook = MoveSpec {
        from: sq(rook_from),
        to: sq(rook_to),
        inter: between(sq(rook_from), sq(rook_to)),
        travel: true,
    };
    (king, rook)
}

/// The castling right flag for a side and wing.
pub fn castle_flag(color: Color, side: CastleSide) -> u8 {
    use board8::CastlingRights as C;
    match (color, side) {
        (Color::White, CastleSide::King) => C::WHITE_KINGSIDE,
        (Color::White, CastleSide::Queen) => C::WHITE_QUEENSIDE,
        (Color::Black, CastleSide::King) => C::BLACK_KINGSIDE,
        (Color::Black, CastleSide::Queen) => C::BLACK_QUEENSIDE,
    }
}

/// The named piece must stand there with that type; `owner` (if given) must be its colour.
fn check_piece(board: &Board, p: PieceRef, owner: Option<Color>) -> Result<Color, VoidReason> {
    let piece = board
        .piece_at(p.square)
        .ok_or(VoidReason::NoPiece(p.square))?;
    if let Some(owner) = owner {
        if piece.color != owner {
            return Err(VoidReason::NotOwn {
                square: p.square,
                color: piece.color,
            });
        }
    }
    if piece.role != p.role {
        return Err(VoidReason::WrongType {
            square: p.square,
            found: piece.role,
            named: p.role,
        });
    }
    Ok(piece.color)
}

fn same_rank_or_file(a: Square, b: Square) -> bool {
    a != b && (a.rank() == b.rank() || a.file() == b.file())
}

fn same_diagonal(a: Square, b: Square) -> bool {
    a != b && (a.rank() as i8 - b.rank() as i8).abs() == (a.file() as i8 - b.file() as i8).abs()
}

/// A chess move of a `role` of `color` from `from` to `to` on the start board (§4.2.2).
pub fn move_spec(
    board: &Board,
    color: Color,
    role: Role,
    from: Square,
    to: Square,
) -> Result<MoveSpec, VoidReason> {
    let not_a_move = || VoidReason::NotAMove(PieceRef { role, square: from }, to);
    let spec = |inter, travel| MoveSpec {
        from,
        to,
        inter,
        travel,
    };
    let slide = |ok: bool| {
        if !ok {
            return Err(not_a_move());
        }
        let inter = between(from, to);
        match Bitboard(inter & board.occupied()).first() {
            // The first blocker seen from the mover.
            Some(_) => {
                let path = board8::step_path(from, to).unwrap_or_default();
                let at = path
                    .into_iter()
                    .find(|s| board.piece_at(*s).is_some())
                    .unwrap_or(from);
                Err(VoidReason::PathBlocked(at))
            }
            None => Ok(spec(inter, false)),
        }
    };
    match role {
        Role::King if king_attacks(from) & to.bit() != 0 => Ok(spec(0, false)),
        Role::Knight if knight_attacks(from) & to.bit() != 0 => Ok(spec(0, false)),
        Role::Rook => slide(same_rank_or_file(from, to)),
        Role::Bishop => slide(same_diagonal(from, to)),
        Role::Queen => slide(same_rank_or_file(from, to) || same_diagonal(from, to)),
        Role::Pawn => {
            let dir: i8 = color.fold(1, -1);
            let second = color.fold(1, 6);
            if Some(to) == from.offset(0, dir) {
                Ok(spec(0, true))
            } else if from.rank() == second && Some(to) == from.offset(0, 2 * dir) {
                let skipped = from.offset(0, dir).expect("on board");
                if board.piece_at(skipped).is_some() {
                    Err(VoidReason::PathBlocked(skipped))
                } else {
                    Ok(spec(skipped.bit(), true))
                }
            } else if pawn_attacks(color, from) & to.bit() != 0 {
                match board.piece_at(to) {
                    Some(p) if p.color != color => Ok(spec(0, false)),
                    _ => Err(VoidReason::PawnDiagonal),
                }
            } else {
                Err(not_a_move())
            }
        }
        _ => Err(not_a_move()),
    }
}

/// Whether a `role` of `color` on `from` could capture onto `target`, whatever stands in
/// between (§4.2.3: the line is judged at the end of movement).
pub fn can_capture_onto(color: Color, role: Role, from: Square, target: Square) -> bool {
    match role {
        Role::King => king_attacks(from) & target.bit() != 0,
        Role::Knight => knight_attacks(from) & target.bit() != 0,
        Role::Pawn => pawn_attacks(color, from) & target.bit() != 0,
        Role::Rook => same_rank_or_file(from, target),
        Role::Bishop => same_diagonal(from, target),
        Role::Queen => same_rank_or_file(from, target) || same_diagonal(from, target),
    }
}

/// Checks a movement order of `color` on the position at the start of the turn.
pub fn validate(position: &Position, color: Color, order: &Order) -> Result<Valid, VoidReason> {
    let board = &position.board;
    match *order {
        Order::Hold(p) => {
            check_piece(board, p, Some(color))?;
            Ok(Valid::Hold(p.square))
        }
        Order::Move(p, to) => {
            check_piece(board, p, Some(color))?;
            Ok(Valid::Move(move_spec(board, color, p.role, p.square, to)?))
        }
        Order::SupportHold(p, q) => {
            check_piece(board, p, Some(color))?;
            if p.square == q.square {
                return Err(VoidReason::SupportSelf);
            }
            check_piece(board, q, None).map_err(|e| VoidReason::Supported(Box::new(e)))?;
            if !can_capture_onto(color, p.role, p.square, q.square) {
                return Err(VoidReason::CannotReach(p, q.square));
            }
            Ok(Valid::SupportHold(p.square, q.square))
        }
        Order::SupportMove(p, q, to) => {
            check_piece(board, p, Some(color))?;
            if p.square == q.square {
                return Err(VoidReason::SupportSelf);
            }
            if p.square == to {
                return Err(VoidReason::SupportOwnSquare);
            }
            let q_color =
                check_piece(board, q, None).map_err(|e| VoidReason::Supported(Box::new(e)))?;
            let spec = move_spec(board, q_color, q.role, q.square, to)
                .map_err(|e| VoidReason::Supported(Box::new(e)))?;
            if !can_capture_onto(color, p.role, p.square, to) {
                return Err(VoidReason::CannotReach(p, to));
            }
            Ok(Valid::SupportMove(p.square, spec))
        }
        Order::Castle(side) => {
            if !position.castling.has(castle_flag(color, side)) {
                return Err(VoidReason::NoCastlingRight);
            }
            let (king, rook) = castle_specs(color, side);
            // The rights imply the pieces (Position::validate); checked again for safety.
            let k = board.piece_at(king.from);
            let r = board.piece_at(rook.from);
            if k.map(|p| (p.color, p.role)) != Some((color, Role::King))
                || r.map(|p| (p.color, p.role)) != Some((color, Role::Rook))
            {
                return Err(VoidReason::NoCastlingRight);
            }
            if between(king.from, rook.from) & board.occupied() != 0 {
                return Err(VoidReason::CastlingPath);
            }
            Ok(Valid::Castle(king, rook))
        }
        _ => Err(VoidReason::WrongPhase),
    }
}

/// The squares an order is for (one piece; two for castling), for the duplicate check.
pub fn ordered_squares(color: Color, order: &Order) -> [Option<Square>; 2] {
    match *order {
        Order::Hold(p)
        | Order::Move(p, _)
        | Order::SupportHold(p, _)
        | Order::SupportMove(p, _, _)
        | Order::RetreatDisband(p)
        | Order::Disband(p) => [Some(p.square), None],
        Order::Castle(side) => {
            let (k, r) = castle_specs(color, side);
            [Some(k.from), Some(r.from)]
        }
        Order::Convert(sq, _) | Order::Build(_, sq) => [Some(sq), None],
    }
}
