//! Lookup tables (generated at compile time by `build.rs`) and the slider attack functions
//! built on them.

/// Magic-multiplication lookup for one line through one ring cell.
#[derive(Clone, Copy)]
pub(crate) struct LineMagic {
    pub mask: u64,
    pub magic: u64,
    pub shift: u8,
    pub offset: u32,
}

/// The ways a slider can go between two cells, as masks of the cells strictly between.
#[derive(Clone, Copy)]
pub(crate) struct Paths {
    pub count: u8,
    pub masks: [u64; 3],
}

impl Paths {
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.masks[..self.count as usize].iter().copied()
    }
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

const RING_MASK: u64 = 0x3FFF;
const CROWN3: u64 = RING_MASK << 28;
const CENTRE: usize = 42;

#[inline]
fn line_attack(cell: usize, line: usize, occupied: u64) -> u64 {
    let m = &LINE_MAGICS[cell][line];
    let index = ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    LINE_ATTACKS[m.offset as usize + index]
}

#[inline]
fn rotate_left14(x: u64, n: usize) -> u64 {
    ((x << n) | (x >> (14 - n))) & RING_MASK
}

/// Rook moves along a crown: both ways round until the first occupied cell, never back to
/// the start. Works in a frame rotated so that the rook sits at bit 0 of its crown.
#[inline]
fn circular_attack(cell: usize, occupied: u64) -> u64 {
    let base = cell / 14 * 14;
    let r = cell % 14;
    let crown = (occupied >> base) & RING_MASK;
    let others = if r == 0 {
        crown
    } else {
        rotate_left14(crown, 14 - r)
    } & (RING_MASK - 1);
    let attack = if others == 0 {
        RING_MASK - 1
    } else {
        let low = others.trailing_zeros();
        let high = 63 - others.leading_zeros();
        let forward = (2u64 << low) - 2;
        let backward = (RING_MASK - 1) & !((1u64 << high) - 1);
        forward | backward
    };
    let unrotated = if r == 0 {
        attack
    } else {
        rotate_left14(attack, r)
    };
    unrotated << base
}

/// A rook on the centre: every crown-3 cell, then outward along each radius while empty.
#[inline]
fn centre_rook_attack(occupied: u64) -> u64 {
    let reach2 = (CROWN3 & !occupied) >> 14;
    let reach1 = (reach2 & !occupied) >> 14;
    CROWN3 | reach2 | reach1
}

/// A bishop on the centre: every crown-3 cell, then outward along both diagonals of each.
#[inline]
fn centre_bishop_attack(occupied: u64) -> u64 {
    let empty3 = (!occupied >> 28) & RING_MASK;
    let empty2 = (!occupied >> 14) & RING_MASK;
    let plus2 = rotate_left14(empty3, 1);
    let minus2 = rotate_left14(empty3, 13);
    let plus1 = rotate_left14(plus2 & empty2, 1);
    let minus1 = rotate_left14(minus2 & empty2, 13);
    CROWN3 | ((plus2 | minus2) << 14) | plus1 | minus1
}

/// Cells a rook on `cell` attacks (moves to or captures on) with the given occupancy.
#[inline]
pub(crate) fn rook_attacks(cell: usize, occupied: u64) -> u64 {
    if cell == CENTRE {
        centre_rook_attack(occupied)
    } else {
        line_attack(cell, 0, occupied) | circular_attack(cell, occupied)
    }
}

/// Cells a bishop on `cell` attacks with the given occupancy.
#[inline]
pub(crate) fn bishop_attacks(cell: usize, occupied: u64) -> u64 {
    if cell == CENTRE {
        centre_bishop_attack(occupied)
    } else {
        line_attack(cell, 1, occupied) | line_attack(cell, 2, occupied)
    }
}
