//! The shape of the board, as plain functions over cell indices.
//!
//! This file is compiled twice: by `build.rs`, which turns it into the lookup tables of
//! `tables.rs` (so the tables are built at compile time), and by the crate itself, whose tests
//! check it against the spec. It therefore depends on nothing but `core`/`std`.
//!
//! Cells are numbered crown by crown: ring cell (radius r, crown k) is `(k - 1) * 14 + r`
//! (a1 = 0 … n1 = 13, a2 = 14 … n3 = 41) and the centre is 42. Each crown is thus 14
//! consecutive bits of a bitboard, which the circular rook attacks rely on.
#![allow(dead_code)]

pub const RADII: u8 = 14;
pub const RING_CELLS: u8 = 42;
pub const CELLS: u8 = 43;
pub const CENTRE: u8 = 42;
/// Crowns are numbered 1 (the rim) to 3 (touching the centre); the centre is crown 4.
pub const CENTRE_CROWN: u8 = 4;

/// Side index as the tables use it: 0 = White, 1 = Black.
pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

/// The ring cell on `radius` (0..14, any integer is taken modulo 14) and `crown` (1..=3).
pub fn ring(radius: i32, crown: u8) -> u8 {
    debug_assert!((1..=3).contains(&crown));
    (crown - 1) * RADII + radius.rem_euclid(RADII as i32) as u8
}

/// Radius 0..14 of a ring cell; `None` for the centre.
pub fn radius(cell: u8) -> Option<u8> {
    (cell < RING_CELLS).then_some(cell % RADII)
}

/// Crown 1..=3 of a ring cell, 4 for the centre.
pub fn crown(cell: u8) -> u8 {
    if cell == CENTRE {
        CENTRE_CROWN
    } else {
        cell / RADII + 1
    }
}

/// The radius across the centre.
pub fn opposite(radius: u8) -> u8 {
    (radius + 7) % RADII
}

/// Radii a–g (0..7) are White's half, h–n Black's.
pub fn half_of_radius(radius: u8) -> usize {
    if radius < 7 {
        WHITE
    } else {
        BLACK
    }
}

/// Each side's king starts on this radius (d for White, k for Black).
pub fn king_radius(side: usize) -> u8 {
    if side == WHITE {
        3
    } else {
        10
    }
}

/// Circular distance between two radii (0..=7).
pub fn radial_distance(a: u8, b: u8) -> u8 {
    let d = (a as i32 - b as i32).rem_euclid(RADII as i32) as u8;
    d.min(RADII - d)
}

/// Cells one king step away: circular, radial and diagonal neighbours; the centre touches
/// every crown-3 cell and nothing else.
pub fn king_steps(cell: u8) -> Vec<u8> {
    let mut out = Vec::new();
    if cell == CENTRE {
        out.extend((0..RADII as i32).map(|r| ring(r, 3)));
        return out;
    }
    let (r, k) = (radius(cell).unwrap() as i32, crown(cell));
    for dr in [-1, 1] {
        out.push(ring(r + dr, k));
    }
    for dk in [-1i32, 1] {
        let nk = k as i32 + dk;
        if nk == 4 {
            out.push(CENTRE);
        } else if nk >= 1 {
            out.push(ring(r, nk as u8));
            for dr in [-1, 1] {
                out.push(ring(r + dr, nk as u8));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The horse's leap in the unfolded model: on the diameter through radius r, crowns 1..3 are
/// rows 1..3, the centre row 4, and crowns 3, 2 of the opposite radius rows 5, 6.
pub fn horse_leaps(cell: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let starts: Vec<(i32, i32)> = if cell == CENTRE {
        (0..RADII as i32).map(|r| (r, 4)).collect()
    } else {
        vec![(radius(cell).unwrap() as i32, crown(cell) as i32)]
    };
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
            if let Some(target) = unfolded(r + dr, row + drow) {
                out.push(target);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&c| c != cell);
    out
}

/// The cell at `row` of the unfolded diameter whose rows 1..3 lie on `radius`.
fn unfolded(radius: i32, row: i32) -> Option<u8> {
    match row {
        1..=3 => Some(ring(radius, row as u8)),
        4 => Some(CENTRE),
        5 | 6 => Some(ring(radius + 7, (8 - row) as u8)),
        _ => None,
    }
}

/// The 21 lines that rooks (radially) and bishops slide along, each 7 cells through the
/// centre: first the 7 diameters `r1 r2 r3 4 (r+7)3 (r+7)2 (r+7)1`, then the 14 diagonals
/// `x1 (x+s)2 (x+2s)3 4 (x+2s+7)3 (x+s+7)2 (x+7)1` for s = ±1. A bishop leaving the centre
/// by the cell opposite the one it entered, with the circular sense reversed, is exactly
/// "staying on its diagonal".
pub fn lines() -> Vec<[u8; 7]> {
    let mut out = Vec::new();
    for d in 0..7 {
        out.push([
            ring(d, 1),
            ring(d, 2),
            ring(d, 3),
            CENTRE,
            ring(d + 7, 3),
            ring(d + 7, 2),
            ring(d + 7, 1),
        ]);
    }
    for s in [1, -1] {
        for x in 0..7 {
            out.push([
                ring(x, 1),
                ring(x + s, 2),
                ring(x + 2 * s, 3),
                CENTRE,
                ring(x + 2 * s + 7, 3),
                ring(x + s + 7, 2),
                ring(x + 7, 1),
            ]);
        }
    }
    out
}

/// Whether line `i` of [`lines`] is a diameter (rook) rather than a diagonal (bishop).
pub fn is_radial_line(index: usize) -> bool {
    index < 7
}

/// The two kinds of sliders.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slider {
    Rook,
    Bishop,
}

/// Every way a slider can go from `from` to `to` on an empty board, each given as the cells
/// strictly between them (a move exists if one of these is empty). Identical paths are
/// listed once; a rook's circular trip back to its own cell is not a path.
pub fn slider_paths(slider: Slider, from: u8, to: u8) -> Vec<Vec<u8>> {
    let mut paths: Vec<Vec<u8>> = Vec::new();
    if from == to {
        return paths;
    }
    for (i, line) in lines().iter().enumerate() {
        if is_radial_line(i) != (slider == Slider::Rook) {
            continue;
        }
        let pf = line.iter().position(|&c| c == from);
        let pt = line.iter().position(|&c| c == to);
        if let (Some(a), Some(b)) = (pf, pt) {
            let (lo, hi) = (a.min(b), a.max(b));
            let mut between: Vec<u8> = line[lo + 1..hi].to_vec();
            between.sort_unstable();
            if !paths.contains(&between) {
                paths.push(between);
            }
        }
    }
    if slider == Slider::Rook && from != CENTRE && to != CENTRE && crown(from) == crown(to) {
        let (rf, rt, k) = (
            radius(from).unwrap() as i32,
            radius(to).unwrap() as i32,
            crown(from),
        );
        for dir in [1, -1] {
            let mut between = Vec::new();
            let mut r = rf + dir;
            while ring(r, k) != ring(rt, k) {
                between.push(ring(r, k));
                r += dir;
            }
            between.sort_unstable();
            if !paths.contains(&between) {
                paths.push(between);
            }
        }
    }
    paths
}

/// The cells a slider on `from` reaches on an empty board.
pub fn slider_reach(slider: Slider, from: u8) -> Vec<u8> {
    (0..CELLS)
        .filter(|&to| !slider_paths(slider, from, to).is_empty())
        .collect()
}

/// The enemy's non-pawn starting cells, where a pawn of `side` promotes.
pub fn promotion_cells(side: usize) -> Vec<u8> {
    let start = if side == WHITE { 8 } else { 1 };
    (start..start + 5).map(|r| ring(r, 1)).collect()
}

/// Where a pawn of `side` on `cell` may step when the cell is empty.
pub fn pawn_steps(side: usize, cell: u8) -> Vec<u8> {
    let (radial, circular) = pawn_forward(side, cell);
    let mut out: Vec<u8> = radial.into_iter().chain(circular).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Where a pawn of `side` on `cell` captures: the sides of the cells it could step to
/// (circular neighbours of the radial step, radial neighbours of the circular steps). Only
/// a pawn on crown 3 of its own half captures on the centre; from the centre it captures on
/// crown 3 of the enemy half.
pub fn pawn_captures(side: usize, cell: u8) -> Vec<u8> {
    let mut out = Vec::new();
    if cell == CENTRE {
        return pawn_steps(side, cell);
    }
    let (radial, circular) = pawn_forward(side, cell);
    for step in radial {
        if step == CENTRE {
            out.push(CENTRE);
        } else {
            let (r, k) = (radius(step).unwrap() as i32, crown(step));
            out.push(ring(r - 1, k));
            out.push(ring(r + 1, k));
        }
    }
    for step in circular {
        let (r, k) = (radius(step).unwrap() as i32, crown(step));
        if k > 1 {
            out.push(ring(r, k - 1));
        }
        if k < 3 {
            out.push(ring(r, k + 1));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// (radial forward steps, circular forward steps) of a pawn.
fn pawn_forward(side: usize, cell: u8) -> (Vec<u8>, Vec<u8>) {
    if cell == CENTRE {
        let enemy_half = if side == WHITE { 7..14 } else { 0..7 };
        return (enemy_half.map(|r| ring(r, 3)).collect(), Vec::new());
    }
    let (r, k) = (radius(cell).unwrap(), crown(cell));
    let radial = if half_of_radius(r) == side {
        vec![if k == 3 {
            CENTRE
        } else {
            ring(r as i32, k + 1)
        }]
    } else if k > 1 {
        vec![ring(r as i32, k - 1)]
    } else {
        Vec::new()
    };
    let target = king_radius(1 - side);
    let here = radial_distance(r, target);
    let circular = [-1, 1]
        .iter()
        .map(|dr| ring(r as i32 + dr, k))
        .filter(|&c| radial_distance(radius(c).unwrap(), target) < here)
        .collect();
    (radial, circular)
}

/// The cell's name: `a1`..`n3`, or `4` for the centre.
pub fn name(cell: u8) -> String {
    if cell == CENTRE {
        "4".to_string()
    } else {
        format!("{}{}", (b'a' + radius(cell).unwrap()) as char, crown(cell))
    }
}
