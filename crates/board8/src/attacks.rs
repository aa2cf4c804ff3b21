//! Chess move geometry: leaper tables, rays and "between" masks, all computed at compile time,
//! and slider attacks by first blocker along each ray.

use crate::Square;
use diplo_core::Color;

const fn leaper_table(steps: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = leaper_table(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// The eight directions; the first four increase the square index, the last four decrease it.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (-1, 1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (1, -1),
];

const fn ray_table() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                table[d][sq] |= 1u64 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

static RAYS: [[u64; 64]; 8] = ray_table();

/// For every pair of squares on one line: the squares strictly between, and the whole line.
const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let rays = ray_table();
    let mut between = [[0u64; 64]; 64];
    let mut lines = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let opposite = (d + 4) % 8;
            let mut ray = rays[d][a];
            while ray != 0 {
                let b = ray.trailing_zeros() as usize;
                between[a][b] = rays[d][a] & rays[opposite][b];
                lines[a][b] = rays[d][a] | rays[opposite][a] | (1u64 << a);
                ray &= ray - 1;
            }
            d += 1;
        }
        a += 1;
    }
    (between, lines)
}

static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

#[inline]
pub fn knight_attacks(sq: Square) -> u64 {
    KNIGHT[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> u64 {
    KING[sq.index()]
}

/// The squares a pawn of `color` on `sq` attacks (its diagonal captures).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> u64 {
    PAWN[color.index()][sq.index()]
}

#[inline]
fn slide(direction: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[direction][sq];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if direction < 4 {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    } as usize;
    ray ^ RAYS[direction][first]
}

/// Rook moves and captures from `sq`: up to and including the first occupied square each way.
#[inline]
pub fn rook_attacks(sq: Square, occupied: u64) -> u64 {
    let s = sq.index();
    slide(0, s, occupied) | slide(2, s, occupied) | slide(4, s, occupied) | slide(6, s, occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: u64) -> u64 {
    let s = sq.index();
    slide(1, s, occupied) | slide(3, s, occupied) | slide(5, s, occupied) | slide(7, s, occupied)
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: u64) -> u64 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> u64 {
    LINES.0[a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b` (both included); empty if none.
#[inline]
pub fn line_through(a: Square, b: Square) -> u64 {
    LINES.1[a.index()][b.index()]
}

/// The squares a straight or diagonal move from `from` to `to` visits in order, `to` last
/// (`from` excluded). `None` if the two squares are not on one line (or are equal).
pub fn step_path(from: Square, to: Square) -> Option<Vec<Square>> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    if (df == 0 && dr == 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let steps = df.abs().max(dr.abs());
    (1..=steps).map(|i| from.offset(sf * i, sr * i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn set(squares: &str) -> u64 {
        squares
            .split_whitespace()
            .fold(0, |acc, s| acc | sq(s).bit())
    }

    /// Walks rays one square at a time: the slow, obvious version of the slider attacks.
    fn walk(sq: Square, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
        let mut out = 0;
        for &(df, dr) in dirs {
            let mut cur = sq;
            while let Some(next) = cur.offset(df, dr) {
                out |= next.bit();
                if occupied & next.bit() != 0 {
                    break;
                }
                cur = next;
            }
        }
        out
    }

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(sq("a1")), set("b3 c2"));
        assert_eq!(knight_attacks(sq("e4")).count_ones(), 8);
        assert_eq!(king_attacks(sq("h8")), set("g8 g7 h7"));
        assert_eq!(pawn_attacks(Color::White, sq("e4")), set("d5 f5"));
        assert_eq!(pawn_attacks(Color::Black, sq("a5")), set("b4"));
    }

    #[test]
    fn sliders_match_walking() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = seed & seed.rotate_left(17);
            for s in Square::all() {
                let rook = walk(s, occupied, &[(0, 1), (1, 0), (0, -1), (-1, 0)]);
                let bishop = walk(s, occupied, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                assert_eq!(rook_attacks(s, occupied), rook, "rook {s}");
                assert_eq!(bishop_attacks(s, occupied), bishop, "bishop {s}");
            }
        }
    }

    #[test]
    fn lines_and_paths() {
        assert_eq!(between(sq("a1"), sq("d4")), set("b2 c3"));
        assert_eq!(between(sq("a1"), sq("b3")), 0);
        assert_eq!(between(sq("e1"), sq("e2")), 0);
        assert_eq!(line_through(sq("a1"), sq("c3")).count_ones(), 8);
        let path = step_path(sq("h1"), sq("a8")).unwrap();
        assert_eq!(path.first(), Some(&sq("g2")));
        assert_eq!(path.last(), Some(&sq("a8")));
        assert_eq!(path.len(), 7);
        assert_eq!(step_path(sq("a1"), sq("b3")), None);
    }
}
