//! Diplomat Chess evaluation: material (hands included), the centre and crown 3, pawn
//! progress, mobility of the stepping and leaping pieces, king safety and the Diplomats'
//! suborn threats.

use super::{evaluate_with, Evaluate, Linear, MATE};
use diplo_core::Color;
use diplomat_chess::{Cell, Move, Piece, Position, Role, SubornRule};

/// The evaluation terms, in the order of [`WEIGHTS`].
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "pawn",
    "rook",
    "bishop",
    "horse",
    "diplomat",
    "piece on the centre",
    "piece on crown 3",
    "piece on crown 2",
    "pawn progress",
    "mobility (king steps, horse leaps, diplomat steps)",
    "king shelter (own pieces beside the king)",
    "king attack (enemy pieces beside the enemy king)",
    "suborn threat on a piece",
    "suborn threat on a pawn",
    "tempo",
];

pub const FEATURES: usize = 15;

/// Index of the first material weight; material is `WEIGHTS[0..5]` in the order pawn,
/// rook, bishop, horse, diplomat.
const MATERIAL: [usize; 6] = [usize::MAX, 1, 2, 3, 4, 0];

/// The tuned weights (see docs/engine.md for how they were obtained).
pub const WEIGHTS: [i32; FEATURES] = [
    100, 836, 380, 294, 221, 111, 116, 90, 21, -12, 13, -65, 181, 208, 9,
];

/// Value of a role in centipawns under `weights` (the King gets a large nominal value for
/// move ordering only: it is never captured).
#[inline]
fn value(weights: &[i32; FEATURES], role: Role) -> i32 {
    match MATERIAL[role.index()] {
        usize::MAX => 2_000,
        i => weights[i],
    }
}

/// How far a pawn of `color` on `cell` has come on its way in, through the centre and out
/// to the enemy's back crown (0 on its own crown 1 … 6 on the enemy's crown 1).
fn pawn_progress(color: Color, cell: Cell) -> i32 {
    match cell.radius() {
        None => 3,
        Some(r) => {
            let own_half = (r < 7) == (color == Color::White);
            let k = cell.crown() as i32;
            if own_half {
                k - 1
            } else {
                7 - k
            }
        }
    }
}

/// Progress turned into a bonus that grows faster near promotion.
const PROGRESS_BONUS: [i32; 7] = [0, 0, 1, 3, 5, 8, 12];

impl Linear for Position {
    type Features = [i32; FEATURES];

    /// The feature vector of a position (white minus black).
    fn features(&self) -> [i32; FEATURES] {
        let pos = self;
        let mut f = [0i32; FEATURES];
        let occupied = pos.occupied_cells().0;
        for color in Color::ALL {
            let sign = if color == Color::White { 1 } else { -1 };
            let own = pos.pieces(color).0;
            let enemy = pos.pieces(!color).0;
            let hand = pos.hand(color);
            for role in [
                Role::Rook,
                Role::Bishop,
                Role::Horse,
                Role::Diplomat,
                Role::Pawn,
            ] {
                let on_board = pos.pieces_of(color, role).len() as i32;
                let in_hand = if pos.rule() == SubornRule::Drop {
                    hand.count(role) as i32
                } else {
                    0
                };
                f[MATERIAL[role.index()]] += sign * (on_board + in_hand);
            }
            for role in [Role::Rook, Role::Bishop, Role::Horse, Role::Diplomat] {
                for cell in pos.pieces_of(color, role) {
                    match cell.crown() {
                        4 => f[5] += sign,
                        3 => f[6] += sign,
                        2 => f[7] += sign,
                        _ => {}
                    }
                }
            }
            for cell in pos.pieces_of(color, Role::Pawn) {
                f[8] += sign * PROGRESS_BONUS[pawn_progress(color, cell) as usize];
            }
            let mut mobility = 0;
            for cell in pos.pieces_of(color, Role::Horse) {
                mobility += (cell.horse_leaps().0 & !own).count_ones() as i32;
            }
            for cell in pos.pieces_of(color, Role::Diplomat) {
                let around = cell.king_steps().0;
                mobility += (around & !occupied).count_ones() as i32;
                let targets = around & enemy & !pos.pieces_of(!color, Role::King).0;
                let pawns = targets & pos.pieces_of(!color, Role::Pawn).0;
                f[12] += sign * (targets & !pawns).count_ones() as i32;
                f[13] += sign * pawns.count_ones() as i32;
            }
            let king = pos.king(color);
            let around_king = king.king_steps().0;
            mobility += (around_king & !own).count_ones() as i32;
            f[9] += sign * mobility;
            f[10] += sign * (around_king & own).count_ones() as i32;
            let enemy_king_zone = pos.king(!color).king_steps().0;
            let attackers = enemy_king_zone & own & !pos.pieces_of(color, Role::Diplomat).0;
            f[11] += sign * attackers.count_ones() as i32;
        }
        f[14] = if pos.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        f
    }
}

impl Evaluate for Position {
    #[inline]
    fn evaluate(&self) -> i32 {
        evaluate_with(self, &WEIGHTS)
    }

    /// No legal move loses in Diplomat Chess whether in check or not: checkmate loses, and
    /// a stalemate is won by the side that stalemates.
    fn terminal_score(&self, ply: i32) -> i32 {
        -(MATE - ply)
    }

    fn is_rule_draw(&self) -> bool {
        self.is_bare_kings()
    }

    fn gain(&self, mv: Move) -> i32 {
        let Move::Normal { to, promotion, .. } = mv else {
            return 0;
        };
        let victim = self.piece_at(to).map_or(0, |p| value(&WEIGHTS, p.role));
        let promoted = promotion.map_or(0, |r| value(&WEIGHTS, r) - value(&WEIGHTS, Role::Pawn));
        if self.is_suborn(mv) {
            // The piece changes sides (or leaves for a hand): it counts twice when converted.
            match self.rule() {
                SubornRule::Convert => 2 * victim,
                SubornRule::Remove | SubornRule::Drop => victim + victim / 2,
            }
        } else {
            victim + promoted
        }
    }

    fn mover_value(&self, mv: Move) -> i32 {
        match mv {
            Move::Normal { from, .. } => self
                .piece_at(from)
                .map_or(0, |p: Piece| value(&WEIGHTS, p.role)),
            Move::Drop { role, .. } => value(&WEIGHTS, role),
        }
    }

    #[inline]
    fn move_index(mv: Move) -> usize {
        match mv {
            Move::Normal { from, to, .. } => from.index() * 64 + to.index(),
            Move::Drop { role, to } => (43 + role.index()) * 64 + to.index(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        let start = Position::start(SubornRule::Convert);
        let f = start.features();
        assert!(f[..14].iter().all(|&x| x == 0), "{f:?}");
        assert_eq!(start.evaluate(), WEIGHTS[14]);
    }

    #[test]
    fn king_steps_agree_with_the_move_generator() {
        // A lone king's legal moves on an otherwise bare board are its king steps.
        for text in [
            "1K12/14/k13/1 w 1",
            "14/1K12/7k6/1 w 1",
            "14/14/1K5k6/1 w 1",
        ] {
            let pos = Position::parse(text, SubornRule::Convert).unwrap();
            let king = pos.king(Color::White);
            let enemy_zone = pos.king(Color::Black).king_steps().0;
            let generated: u64 = pos
                .legal_moves()
                .iter()
                .filter(|m| m.from() == Some(king))
                .fold(0, |acc, m| acc | m.to().bit());
            assert_eq!(
                generated,
                king.king_steps().0 & !enemy_zone & !pos.king(Color::Black).bit(),
                "{text}"
            );
        }
    }
}
