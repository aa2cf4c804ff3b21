//! Which orders a player may give (§3, §10.2), and the FIDE move tests behind them and behind
//! the terminal check (§8.1).

use crate::notation::Notation;
use crate::order::{Order, OrderKind};
use crate::position::{sq_of, Position, CASTLINGS};
use board8::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
    Bitboard, Role, Square,
};
use diplo_core::Color;

/// How strictly orders are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Own pieces that may stand on a path or final square (they move in the same set, §10.2).
    pub transparent: u64,
    /// Apply the FIDE king-safety test to non-king moves (§3.6); off in §10.
    pub static_safety: bool,
}

impl Rules {
    /// Basic and progressive mode.
    pub const BASIC: Rules = Rules {
        transparent: 0,
        static_safety: true,
    };
}

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

fn last_rank(color: Color) -> u8 {
    color.fold(7, 0)
}

/// Pushes an order, or the four promotions of a pawn order reaching the last rank.
fn push_pawn(out: &mut Vec<Order>, color: Color, from: Square, to: Square, kind: OrderKind) {
    let order = Order {
        color,
        role: Role::Pawn,
        from,
        to,
        promotion: None,
        kind,
    };
    if to.rank() == last_rank(color) {
        out.extend(PROMOTIONS.iter().map(|&p| Order {
            promotion: Some(p),
            ..order
        }));
    } else {
        out.push(order);
    }
}

/// Every valid order of `color` (§3; with `rules.transparent`, §10.2), in a fixed order.
pub fn valid_orders(pos: &Position, color: Color, rules: Rules, out: &mut Vec<Order>) {
    let board = &pos.board;
    let own_all = board.by_color(color);
    let blocking = own_all & !rules.transparent;
    let enemy_king = board.pieces(!color, Role::King);
    let forbidden = blocking | enemy_king;
    let start = out.len();
    for from in Bitboard(own_all) {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        let targets = match piece.role {
            Role::Knight => knight_attacks(from) & !forbidden,
            Role::King => king_attacks(from) & !forbidden,
            // Anticipation: only own pieces block a slider (§3.3).
            Role::Bishop => bishop_attacks(from, blocking) & !forbidden,
            Role::Rook => rook_attacks(from, blocking) & !forbidden,
            Role::Queen => queen_attacks(from, blocking) & !forbidden,
            Role::Pawn => {
                pawn_orders(pos, color, from, blocking, forbidden, out);
                0
            }
        };
        for to in Bitboard(targets) {
            out.push(Order {
                color,
                role: piece.role,
                from,
                to,
                promotion: None,
                kind: OrderKind::Piece,
            });
        }
        if piece.role == Role::King {
            castling_orders(pos, color, from, out);
        }
    }
    if rules.static_safety {
        let mut i = start;
        while i < out.len() {
            if out[i].role != Role::King && !fide_safe(pos, &out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }
}

fn pawn_orders(
    pos: &Position,
    color: Color,
    from: Square,
    blocking: u64,
    forbidden: u64,
    out: &mut Vec<Order>,
) {
    let dir = color.fold(1, -1);
    let board = &pos.board;
    if let Some(one) = from.offset(0, dir) {
        if blocking & one.bit() == 0 {
            if forbidden & one.bit() == 0 {
                push_pawn(out, color, from, one, OrderKind::Push);
            }
            let second = color.fold(1, 6);
            if from.rank() == second {
                if let Some(two) = one.offset(0, dir) {
                    if forbidden & two.bit() == 0 {
                        push_pawn(out, color, from, two, OrderKind::DoublePush);
                    }
                }
            }
        }
    }
    let enemy_non_king = board.by_color(!color) & !board.pieces(!color, Role::King);
    for to in Bitboard(pawn_attacks(color, from)) {
        if enemy_non_king & to.bit() != 0 {
            push_pawn(out, color, from, to, OrderKind::PawnDiagonal);
        } else if pos.en_passant_for(color) & to.bit() != 0 && blocking & to.bit() == 0 {
            let passed = Square::from_coords(to.file(), from.rank());
            let enemy_pawn = board.pieces(!color, Role::Pawn);
            if passed.is_some_and(|p| enemy_pawn & p.bit() != 0) {
                push_pawn(out, color, from, to, OrderKind::EnPassant);
            }
        }
    }
}

fn castling_orders(pos: &Position, color: Color, from: Square, out: &mut Vec<Order>) {
    let board = &pos.board;
    if in_check(pos, color) {
        return;
    }
    for (flag, letter, king, rook) in CASTLINGS {
        let mine = letter.is_ascii_uppercase() == (color == Color::White);
        if !mine || !pos.castling.has(flag) || from.index() != king as usize {
            continue;
        }
        let rook_sq = sq_of(rook);
        if board.piece_at(rook_sq).map(|p| (p.color, p.role)) != Some((color, Role::Rook)) {
            continue;
        }
        if board8::between(from, rook_sq) & board.occupied() != 0 {
            continue;
        }
        let to = if rook > king { king + 2 } else { king - 2 };
        out.push(Order {
            color,
            role: Role::King,
            from,
            to: sq_of(to),
            promotion: None,
            kind: OrderKind::Castle,
        });
    }
}

/// Whether `color`'s king is attacked now. A side without a king is never in check.
pub fn in_check(pos: &Position, color: Color) -> bool {
    pos.board
        .king(color)
        .is_some_and(|k| pos.board.is_attacked(k, !color))
}

/// §3.6: made as an ordinary chess move (pieces on its path stay, an enemy piece on the final
/// square and the pawn passed by en passant are removed), the order leaves the mover's king
/// unattacked. King moves are tested here against the current position too (used by the
/// FIDE legality of the terminal check).
pub fn fide_safe(pos: &Position, order: &Order) -> bool {
    let board = &pos.board;
    let color = order.color;
    let mut removed = order.to.bit() & board.by_color(!color);
    if let Some(p) = order.passed_pawn() {
        removed |= p.bit();
    }
    let occupied = (board.occupied() & !order.from.bit() & !removed) | order.to.bit();
    let king = if order.role == Role::King {
        Some(order.to)
    } else {
        board.king(color)
    };
    let Some(king) = king else {
        return true;
    };
    board.attackers(king, !color, occupied) & !removed == 0
}

/// Whether `color` has a FIDE-legal move (castling aside: when castling is legal, so is the
/// king's step to its transit square).
pub fn has_fide_move(pos: &Position, color: Color) -> bool {
    let board = &pos.board;
    let own = board.by_color(color);
    let occupied = board.occupied();
    let enemy_king = board.pieces(!color, Role::King);
    let mut scratch = Vec::with_capacity(8);
    for from in Bitboard(own) {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        scratch.clear();
        let targets = match piece.role {
            Role::Knight => knight_attacks(from),
            Role::King => king_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => queen_attacks(from, occupied),
            Role::Pawn => {
                fide_pawn_moves(pos, color, from, &mut scratch);
                0
            }
        } & !own
            & !enemy_king;
        for to in Bitboard(targets) {
            scratch.push(Order {
                color,
                role: piece.role,
                from,
                to,
                promotion: None,
                kind: OrderKind::Piece,
            });
        }
        if scratch.iter().any(|o| fide_safe(pos, o)) {
            return true;
        }
    }
    false
}

fn fide_pawn_moves(pos: &Position, color: Color, from: Square, out: &mut Vec<Order>) {
    let board = &pos.board;
    let occupied = board.occupied();
    let dir = color.fold(1, -1);
    let mk = |to: Square, kind| Order {
        color,
        role: Role::Pawn,
        from,
        to,
        promotion: None,
        kind,
    };
    if let Some(one) = from.offset(0, dir).filter(|s| occupied & s.bit() == 0) {
        out.push(mk(one, OrderKind::Push));
        if from.rank() == color.fold(1, 6) {
            if let Some(two) = one.offset(0, dir).filter(|s| occupied & s.bit() == 0) {
                out.push(mk(two, OrderKind::DoublePush));
            }
        }
    }
    let enemy = board.by_color(!color) & !board.pieces(!color, Role::King);
    for to in Bitboard(pawn_attacks(color, from)) {
        if enemy & to.bit() != 0 {
            out.push(mk(to, OrderKind::PawnDiagonal));
        } else if pos.en_passant_for(color) & to.bit() != 0 && occupied & to.bit() == 0 {
            let passed = Square::from_coords(to.file(), from.rank());
            if passed.is_some_and(|p| board.pieces(!color, Role::Pawn) & p.bit() != 0) {
                out.push(mk(to, OrderKind::EnPassant));
            }
        }
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "King",
        Role::Queen => "Queen",
        Role::Rook => "Rook",
        Role::Bishop => "Bishop",
        Role::Knight => "Knight",
        Role::Pawn => "pawn",
    }
}

/// Why `notation` names no valid order of `color` under `rules` (§3, §10.2), told to the
/// player who typed it: a missing or enemy piece, a promotion that is missing or not
/// allowed, the enemy King's square (§3.4), an own piece in the way (§3.3), the King's
/// safety (§3.6, §3.7), or a move the piece does not have.
pub fn refusal(pos: &Position, color: Color, notation: &Notation, rules: Rules) -> String {
    let board = &pos.board;
    let (role, to, promotion) = match *notation {
        Notation::Castle { kingside } => {
            let side = if kingside { "kingside" } else { "queenside" };
            let flag = match (color, kingside) {
                (Color::White, true) => board8::CastlingRights::WHITE_KINGSIDE,
                (Color::White, false) => board8::CastlingRights::WHITE_QUEENSIDE,
                (Color::Black, true) => board8::CastlingRights::BLACK_KINGSIDE,
                (Color::Black, false) => board8::CastlingRights::BLACK_QUEENSIDE,
            };
            return if !pos.castling.has(flag) {
                format!("no right to castle {side}")
            } else if in_check(pos, color) {
                format!("cannot castle {side} out of check (§3.8)")
            } else {
                format!(
                    "cannot castle {side}: the squares between King and Rook must be empty and \
                     the King may not cross an attacked square (§3.8)"
                )
            };
        }
        Notation::Coordinate {
            from,
            to,
            promotion,
        } => match board.piece_at(from) {
            None => return format!("there is no piece on {from}"),
            Some(p) if p.color != color => return format!("the piece on {from} is {}'s", p.color),
            Some(p) => (p.role, to, promotion),
        },
        Notation::San {
            role,
            to,
            promotion,
            ..
        } => (role, to, promotion),
    };
    let named = role_name(role);
    let mut loose = Vec::new();
    let open = Rules {
        transparent: rules.transparent,
        static_safety: false,
    };
    valid_orders(pos, color, open, &mut loose);
    // Where the notation names a piece (or a file or rank), only those pieces count.
    let candidates = || {
        Bitboard(board.pieces(color, role)).filter(|&from| match *notation {
            Notation::Coordinate { from: f, .. } => from == f,
            Notation::San { file, rank, .. } => {
                file.map_or(true, |f| from.file() == f) && rank.map_or(true, |r| from.rank() == r)
            }
            Notation::Castle { .. } => false,
        })
    };
    if candidates().next().is_none() {
        return format!("you have no {named} there");
    }
    let last = color.fold(7, 0);
    if role == Role::Pawn && to.rank() == last && promotion.is_none() {
        return format!("a pawn reaching the last rank must promote (e.g. {to}=Q)");
    }
    if promotion.is_some() && (role != Role::Pawn || to.rank() != last) {
        return "only a pawn reaching the last rank promotes".to_string();
    }
    if board.king(!color) == Some(to) {
        return "no move may end on the enemy King's square (§3.4)".to_string();
    }
    if loose.iter().any(|o| notation.matches(o)) {
        return "it would leave your King in check (§3.6)".to_string();
    }
    // With every own piece passable, a piece in the way is what stops the move (§3.3).
    let mut passing = Vec::new();
    let all_own = Rules {
        transparent: board.by_color(color),
        static_safety: false,
    };
    valid_orders(pos, color, all_own, &mut passing);
    if let Some(order) = passing.iter().find(|o| notation.matches(o)) {
        let path = board8::between(order.from, order.to) | order.to.bit();
        let blocker = Bitboard(path & board.by_color(color) & !rules.transparent)
            .min_by_key(|sq| board8::between(order.from, *sq).count_ones());
        if let Some(sq) = blocker {
            return format!("your own piece on {sq} is in the way (§3.3)");
        }
    }
    match candidates().nth(1) {
        None => {
            let from = candidates()
                .next()
                .map_or(String::new(), |sq| format!(" on {sq}"));
            format!("the {named}{from} cannot move to {to}")
        }
        Some(_) => format!("no {named} of yours can move to {to}"),
    }
}
