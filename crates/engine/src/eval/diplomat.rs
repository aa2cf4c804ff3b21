//! Diplomat Chess evaluation: material (hands included), the centre and crown 3, pawn
//! progress, mobility of the stepping and leaping pieces, king safety and the Diplomats'
//! suborn threats.

use super::{linear, Evaluate, MATE};
use diplo_core::Color;
use diplomat_chess::{Cell, CellSet, Move, Piece, Position, Role, SubornRule};
use std::sync::OnceLock;

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
pub const WEIGHTS: [i32; FEATURES] = [100, 450, 350, 300, 420, 40, 15, 5, 8, 3, 6, 8, 40, 12, 12];

/// Value of a role in centipawns under `weights` (the King gets a large nominal value for
/// move ordering only: it is never captured).
#[inline]
fn value(weights: &[i32; FEATURES], role: Role) -> i32 {
    match MATERIAL[role.index()] {
        usize::MAX => 2_000,
        i => weights[i],
    }
}

/// Neighbour tables of the round board, built once from the rules' geometry.
struct Tables {
    king: [u64; 43],
    horse: [u64; 43],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut king = [0u64; 43];
        let mut horse = [0u64; 43];
        for cell in Cell::all() {
            king[cell.index()] = king_steps(cell);
            horse[cell.index()] = horse_leaps(cell);
        }
        Tables { king, horse }
    })
}

fn ring(radius: i32, crown: i32) -> Option<Cell> {
    match crown {
        1..=3 => Cell::ring(radius.rem_euclid(14) as u8, crown as u8),
        4 => Some(Cell::CENTRE),
        _ => None,
    }
}

/// King-step neighbours (spec §1): circular, radial, diagonal; crown 3 touches the centre.
fn king_steps(cell: Cell) -> u64 {
    let Some(r) = cell.radius() else {
        return (0..14)
            .filter_map(|r| Cell::ring(r, 3))
            .fold(0, |m, c| m | c.bit());
    };
    let (r, k) = (r as i32, cell.crown() as i32);
    let mut out = 0u64;
    for (dr, dk) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ] {
        let k2 = k + dk;
        // Both inward diagonals of a crown-3 cell are the centre.
        let r2 = if k2 == 4 { r } else { r + dr };
        if let Some(c) = ring(r2, k2) {
            out |= c.bit();
        }
    }
    out & !cell.bit()
}

/// The horse's leaps in the unfolded-diameter model (spec §3).
fn horse_leaps(cell: Cell) -> u64 {
    let starts: Vec<(i32, i32)> = match cell.radius() {
        None => (0..14).map(|r| (r, 4)).collect(),
        Some(r) => vec![(r as i32, cell.crown() as i32)],
    };
    let mut out = 0u64;
    for (r, row) in starts {
        for (drow, dr) in [
            (1, 2),
            (1, -2),
            (-1, 2),
            (-1, -2),
            (2, 1),
            (2, -1),
            (-2, 1),
            (-2, -1),
        ] {
            let (r2, row2) = (r + dr, row + drow);
            let target = match row2 {
                1..=4 => ring(r2, row2),
                5 | 6 => ring(r2 + 7, 8 - row2),
                _ => None,
            };
            if let Some(c) = target {
                out |= c.bit();
            }
        }
    }
    out & !cell.bit()
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

/// The feature vector of a position (white minus black).
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let t = tables();
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
            mobility += (t.horse[cell.index()] & !own).count_ones() as i32;
        }
        for cell in pos.pieces_of(color, Role::Diplomat) {
            let around = t.king[cell.index()];
            mobility += (around & !occupied).count_ones() as i32;
            let targets = around & enemy & !pos.pieces_of(!color, Role::King).0;
            let pawns = targets & pos.pieces_of(!color, Role::Pawn).0;
            f[12] += sign * (targets & !pawns).count_ones() as i32;
            f[13] += sign * pawns.count_ones() as i32;
        }
        let king = pos.king(color);
        let around_king = t.king[king.index()];
        mobility += (around_king & !own).count_ones() as i32;
        f[9] += sign * mobility;
        f[10] += sign * (around_king & own).count_ones() as i32;
        let enemy_king_zone = t.king[pos.king(!color).index()];
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

/// The evaluation under arbitrary weights (the tuner's entry point).
pub fn evaluate_with(pos: &Position, weights: &[i32; FEATURES]) -> i32 {
    linear(weights, &features(pos), pos.side_to_move())
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

/// Cells of a set, for tests.
#[allow(dead_code)]
fn count(set: u64) -> usize {
    CellSet(set).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_counts_match_the_rules() {
        let t = tables();
        let a1: Cell = "a1".parse().unwrap();
        let a2: Cell = "a2".parse().unwrap();
        let a3: Cell = "a3".parse().unwrap();
        assert_eq!(count(t.king[a1.index()]), 5);
        assert_eq!(count(t.king[a2.index()]), 8);
        assert_eq!(count(t.king[a3.index()]), 6);
        assert_eq!(count(t.king[Cell::CENTRE.index()]), 14);
        assert_eq!(count(t.horse[a1.index()]), 4);
        assert_eq!(count(t.horse[a2.index()]), 5);
        assert_eq!(count(t.horse[a3.index()]), 7);
        assert_eq!(count(t.horse[Cell::CENTRE.index()]), 28);
    }

    #[test]
    fn start_position_is_balanced() {
        let start = Position::start(SubornRule::Convert);
        let f = features(&start);
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
            let enemy_zone = tables().king[pos.king(Color::Black).index()];
            let generated: u64 = pos
                .legal_moves()
                .iter()
                .filter(|m| m.from() == Some(king))
                .fold(0, |acc, m| acc | m.to().bit());
            assert_eq!(
                generated,
                tables().king[king.index()] & !enemy_zone & !pos.king(Color::Black).bit(),
                "{text}"
            );
        }
    }
}
