//! Diplomatic Chess evaluation: material (queens above all: without them nobody can win),
//! mobility, pawn progress, invasion progress (the Diplomat's march, a queen beside it, a
//! configuration one move away), the Diplomat's freedom, and having no queen left.

use super::{evaluate_with, Evaluate, Linear, MATE};
use board8::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks, Square};
use diplo_core::Color;
use diplomatic_chess::{Move, Position, Role};

pub const FEATURES: usize = 14;

/// The evaluation terms, in the order of [`WEIGHTS`].
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "mobility (knight, bishop, rook, queen)",
    "pawn progress",
    "diplomat progress",
    "diplomat freedom (empty squares around it)",
    "queen escorting the diplomat",
    "invasion one move away",
    "queen on the enemy's last two ranks",
    "no queen left",
    "tempo",
];

/// The tuned weights (see docs/engine.md for how they were obtained).
pub const WEIGHTS: [i32; FEATURES] = [
    100, 170, 169, 403, 1532, 3, -3, 79, 41, 51, 201, 52, -13804, 9,
];

const DIPLOMAT_PROGRESS: [i32; 8] = [0, 0, 1, 2, 4, 7, 11, 16];

#[inline]
fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => WEIGHTS[0],
        Role::Knight => WEIGHTS[1],
        Role::Bishop => WEIGHTS[2],
        Role::Rook => WEIGHTS[3],
        Role::Queen => WEIGHTS[4],
        Role::Diplomat => 0,
    }
}

/// The rank of `sq` counted from `color`'s own side (0 = its first rank).
#[inline]
fn relative_rank(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq / 8,
        Color::Black => 7 - sq / 8,
    }
}

fn squares(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let sq = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Square::new(sq)
    })
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

impl Linear for Position {
    type Features = [i32; FEATURES];

    /// The feature vector of a position (white minus black).
    fn features(&self) -> [i32; FEATURES] {
        let pos = self;
        let mut f = [0i32; FEATURES];
        let occupied = pos.occupied();
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let own = pos.by_color(color);
            for (i, role) in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]
            .into_iter()
            .enumerate()
            {
                f[i] += sign * pos.pieces(color, role).count_ones() as i32;
            }
            let mut mobility = 0;
            for sq in squares(pos.pieces(color, Role::Knight)) {
                mobility += (knight_attacks(sq) & !own).count_ones() as i32;
            }
            for sq in squares(pos.pieces(color, Role::Bishop)) {
                mobility += (bishop_attacks(sq, occupied) & !own).count_ones() as i32;
            }
            for sq in squares(pos.pieces(color, Role::Rook)) {
                mobility += (rook_attacks(sq, occupied) & !own).count_ones() as i32;
            }
            let diplomat = pos.diplomat(color);
            let enemy_rank: u64 = match color {
                Color::White => 0xFF << 56,
                Color::Black => 0xFF,
            };
            let d = diplomat.bit();
            let beside = ((d & !FILE_H) << 1) | ((d & !FILE_A) >> 1);
            let queens = pos.pieces(color, Role::Queen);
            let mut threat = false;
            for sq in squares(queens) {
                let reach = queen_attacks(sq, occupied);
                // Queen mobility counts half: it would otherwise drown the other pieces' terms.
                mobility += ((reach & !own).count_ones() / 2) as i32;
                let distance = chebyshev(sq.index(), diplomat.index());
                f[9] += sign * (4 - distance).max(0);
                if relative_rank(color, sq.index()) >= 6 {
                    f[11] += sign;
                }
                if d & enemy_rank != 0 && (reach | sq.bit()) & beside & !(occupied & !sq.bit()) != 0
                {
                    threat = true;
                }
            }
            f[5] += sign * mobility;
            for sq in squares(pos.pieces(color, Role::Pawn)) {
                f[6] += sign * (relative_rank(color, sq.index()) as i32 - 1).max(0);
            }
            f[7] += sign * DIPLOMAT_PROGRESS[relative_rank(color, diplomat.index())];
            f[8] += sign * (king_attacks(diplomat) & !occupied).count_ones() as i32;
            if threat {
                f[10] += sign;
            }
            if queens == 0 {
                f[12] += sign;
            }
        }
        f[13] = if pos.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        f
    }
}

#[inline]
fn chebyshev(a: usize, b: usize) -> i32 {
    let (fa, ra, fb, rb) = (a % 8, a / 8, b % 8, b / 8);
    fa.abs_diff(fb).max(ra.abs_diff(rb)) as i32
}

impl Evaluate for Position {
    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate_with(self, &WEIGHTS)
    }

    /// No legal turn (spec §9.5): the defender just lost its last chance (the side to move
    /// has won), no queens (draw), a lost last chance with no move (loss), or stalemate (draw).
    fn terminal_score(&self, ply: i32) -> i32 {
        if self.last_chance_lost() {
            MATE - ply
        } else if self.no_queens() {
            0
        } else if self.last_chance_pending() {
            -(MATE - ply)
        } else {
            0
        }
    }

    fn is_rule_draw(&self) -> bool {
        self.halfmove() >= 100 && !self.last_chance_pending()
    }

    /// At a last chance only a queen capture can save the defender.
    fn must_act(&self) -> bool {
        self.last_chance_pending()
    }

    fn gain(&self, mv: Move) -> i32 {
        let promoted = mv.promotion.map_or(0, |r| value(r) - value(Role::Pawn));
        let victim = match self.piece_at(mv.to) {
            Some(p) if p.color != self.side_to_move() => value(p.role),
            // A push lands on the enemy Diplomat: no material, but it moves the invader.
            Some(_) => 0,
            None => {
                let pawn = self.pieces(self.side_to_move(), Role::Pawn) & mv.from.bit() != 0;
                let diagonal = mv.from.index() % 8 != mv.to.index() % 8
                    && mv.from.index() / 8 != mv.to.index() / 8;
                if pawn && diagonal {
                    value(Role::Pawn)
                } else {
                    0
                }
            }
        };
        let push = if mv.push.is_some() { 50 } else { 0 };
        victim + promoted + push
    }

    fn mover_value(&self, mv: Move) -> i32 {
        self.piece_at(mv.from).map_or(0, |p| value(p.role))
    }

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.from.index() * 64 + mv.to.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diplomatic_chess::Rules;

    #[test]
    fn start_position_is_balanced() {
        let start = Position::start(Rules::default());
        let f = start.features();
        assert!(f[..13].iter().all(|&x| x == 0), "{f:?}");
    }

    #[test]
    fn an_invasion_one_move_away_is_seen() {
        // White's Diplomat on d8 and a queen on c5 that reaches c8 next move.
        let pos = Position::parse("3D4/8/8/2Q5/8/7q/8/3d4 w - - 0 1", Rules::default()).unwrap();
        let f = pos.features();
        assert_eq!(f[10], 1, "{f:?}");
    }
}
