//! A second, deliberately simple move generator for Diplomat Chess, used only to check the
//! crate's fast bitboard generator.
//!
//! It is written from the rules spec (`diplomat-chess.md`) and shares no code or tables with
//! the crate's `geometry.rs` / `tables.rs`: the board is a plain array of 43 optional pieces,
//! sliders walk their lines one cell at a time with small step functions, and a move is legal
//! when, after playing it on a copy of the array, no enemy piece reaches the mover's king.
//! Speed is not a goal; obviousness is.
//!
//! Cell indices are the crate's (`(crown - 1) * 14 + radius`, centre 42), so a cell converts
//! with [`Cell::new`] and moves come out as [`diplomat_chess::Move`] values.
#![allow(dead_code)]

use diplo_core::Color;
use diplomat_chess::{Cell, Move, Piece, Position, Role, SubornRule};

pub const RADII: i32 = 14;
pub const CENTRE: usize = 42;

/// Roles that can be held in hand, in the order the reference's hand arrays use.
pub const HAND_ROLES: [Role; 5] = [
    Role::Rook,
    Role::Bishop,
    Role::Horse,
    Role::Diplomat,
    Role::Pawn,
];

fn hand_slot(role: Role) -> usize {
    HAND_ROLES
        .iter()
        .position(|&r| r == role)
        .expect("a King is never in hand")
}

// ---------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------

/// The ring cell on radius `r` (any integer, taken round the board) and crown `k` (1..=3).
pub fn ring(r: i32, k: i32) -> usize {
    assert!((1..=3).contains(&k), "crown {k} does not exist");
    ((k - 1) * RADII + r.rem_euclid(RADII)) as usize
}

/// Radius 0..14 of a ring cell.
pub fn radius(c: usize) -> i32 {
    assert!(c < CENTRE, "the centre has no radius");
    (c % 14) as i32
}

/// Crown 1..=3 of a ring cell.
pub fn crown(c: usize) -> i32 {
    assert!(c < CENTRE, "the centre has no crown");
    (c / 14) as i32 + 1
}

pub fn cell(c: usize) -> Cell {
    Cell::new(c as u8).expect("index below 43")
}

/// Cell name, for messages: `a1`..`n3`, `4`.
pub fn name(c: usize) -> String {
    if c == CENTRE {
        "4".into()
    } else {
        format!("{}{}", (b'a' + radius(c) as u8) as char, crown(c))
    }
}

/// Parses `a1`..`n3` / `4` (for tests that write cells by name).
pub fn parse_cell(s: &str) -> usize {
    let b = s.as_bytes();
    match b {
        [b'4'] => CENTRE,
        [r @ b'a'..=b'n', k @ b'1'..=b'3'] => ring((r - b'a') as i32, (k - b'0') as i32),
        _ => panic!("`{s}` is not a cell"),
    }
}

/// Radii a–g are White's half, h–n Black's.
fn in_own_half(color: Color, r: i32) -> bool {
    (r < 7) == (color == Color::White)
}

/// The enemy king's starting radius: k for White, d for Black.
fn enemy_king_radius(color: Color) -> i32 {
    match color {
        Color::White => 10,
        Color::Black => 3,
    }
}

/// Circular distance between two radii, 0..=7.
fn circular_distance(a: i32, b: i32) -> i32 {
    let d = (a - b).rem_euclid(RADII);
    d.min(RADII - d)
}

/// Where a pawn of `color` promotes: the enemy's non-pawn starting cells.
pub fn is_promotion_cell(color: Color, c: usize) -> bool {
    if c == CENTRE || crown(c) != 1 {
        return false;
    }
    let r = radius(c);
    match color {
        Color::White => (8..=12).contains(&r), // i1 j1 k1 l1 m1
        Color::Black => (1..=5).contains(&r),  // b1 c1 d1 e1 f1
    }
}

// ---------------------------------------------------------------------------------------
// Step functions
// ---------------------------------------------------------------------------------------

/// Where a slider is and which way it is going.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    /// Along a crown, `dir` = +1 or -1 radius per step.
    Circular { at: usize, dir: i32 },
    /// Along a radius, towards the centre or towards the rim.
    Radial { at: usize, inward: bool },
    /// A rook on the centre, leaving along radius `exit` (towards the rim).
    RadialCentre { exit: i32 },
    /// Diagonally: each step changes the radius by `sense` and the crown by one.
    Diagonal { at: usize, sense: i32, inward: bool },
    /// A bishop on the centre that came in from the crown-3 cell of radius `from` with
    /// circular sense `sense`: it leaves by the opposite cell, sense reversed.
    DiagonalCentre { from: i32, sense: i32 },
}

impl Walk {
    fn cell(self) -> usize {
        match self {
            Walk::Circular { at, .. } | Walk::Radial { at, .. } | Walk::Diagonal { at, .. } => at,
            Walk::RadialCentre { .. } | Walk::DiagonalCentre { .. } => CENTRE,
        }
    }

    /// One step further, or `None` at the edge of the board.
    fn step(self) -> Option<Walk> {
        match self {
            Walk::Circular { at, dir } => Some(Walk::Circular {
                at: ring(radius(at) + dir, crown(at)),
                dir,
            }),
            Walk::Radial { at, inward: true } => {
                if crown(at) == 3 {
                    // Through the centre and out along the opposite radius.
                    Some(Walk::RadialCentre {
                        exit: radius(at) + 7,
                    })
                } else {
                    Some(Walk::Radial {
                        at: ring(radius(at), crown(at) + 1),
                        inward: true,
                    })
                }
            }
            Walk::Radial { at, inward: false } => (crown(at) > 1).then(|| Walk::Radial {
                at: ring(radius(at), crown(at) - 1),
                inward: false,
            }),
            Walk::RadialCentre { exit } => Some(Walk::Radial {
                at: ring(exit, 3),
                inward: false,
            }),
            Walk::Diagonal {
                at,
                sense,
                inward: true,
            } => {
                if crown(at) == 3 {
                    // Both inward diagonals of a crown-3 cell are the centre.
                    Some(Walk::DiagonalCentre {
                        from: radius(at),
                        sense,
                    })
                } else {
                    Some(Walk::Diagonal {
                        at: ring(radius(at) + sense, crown(at) + 1),
                        sense,
                        inward: true,
                    })
                }
            }
            Walk::Diagonal {
                at,
                sense,
                inward: false,
            } => (crown(at) > 1).then(|| Walk::Diagonal {
                at: ring(radius(at) + sense, crown(at) - 1),
                sense,
                inward: false,
            }),
            Walk::DiagonalCentre { from, sense } => Some(Walk::Diagonal {
                at: ring(from + 7, 3),
                sense: -sense,
                inward: false,
            }),
        }
    }
}

/// The walks a rook on `from` starts.
fn rook_walks(from: usize) -> Vec<Walk> {
    if from == CENTRE {
        return (0..RADII).map(|exit| Walk::RadialCentre { exit }).collect();
    }
    vec![
        Walk::Circular { at: from, dir: 1 },
        Walk::Circular { at: from, dir: -1 },
        Walk::Radial {
            at: from,
            inward: true,
        },
        Walk::Radial {
            at: from,
            inward: false,
        },
    ]
}

/// The walks a bishop on `from` starts.
fn bishop_walks(from: usize) -> Vec<Walk> {
    let mut out = Vec::new();
    for sense in [1, -1] {
        if from == CENTRE {
            // Out along both outward diagonals of every crown-3 cell: a bishop that "came in"
            // from the opposite cell with the opposite sense leaves exactly that way.
            for x in 0..RADII {
                out.push(Walk::DiagonalCentre {
                    from: x + 7,
                    sense: -sense,
                });
            }
        } else {
            for inward in [true, false] {
                out.push(Walk::Diagonal {
                    at: from,
                    sense,
                    inward,
                });
            }
        }
    }
    out
}

/// Cells a slider reaches from `from`: each walk goes on while cells are empty and includes
/// the first occupied cell; it never comes back to `from` (a rook going round its crown
/// stops before its own cell). Each cell is listed once.
fn slide(board: &[Option<Piece>; 43], from: usize, walks: Vec<Walk>) -> Vec<usize> {
    let mut out = Vec::new();
    for start in walks {
        let mut w = start;
        while let Some(next) = w.step() {
            let c = next.cell();
            if c == from {
                break;
            }
            if !out.contains(&c) {
                out.push(c);
            }
            if board[c].is_some() {
                break;
            }
            w = next;
        }
    }
    out
}

/// Whether a slider on `from` reaches `target` (same walks as [`slide`], stops early).
fn slide_reaches(
    board: &[Option<Piece>; 43],
    from: usize,
    walks: Vec<Walk>,
    target: usize,
) -> bool {
    for start in walks {
        let mut w = start;
        while let Some(next) = w.step() {
            let c = next.cell();
            if c == from {
                break;
            }
            if c == target {
                return true;
            }
            if board[c].is_some() {
                break;
            }
            w = next;
        }
    }
    false
}

/// King-step neighbours, from the spec's adjacency: circular (r±1, k); radial (r, k±1) with
/// the centre inside crown 3; diagonal (r±1, k±1) where that crown exists, the centre for
/// both inward diagonals of crown 3. The centre touches all 14 crown-3 cells.
pub fn king_steps(c: usize) -> Vec<usize> {
    if c == CENTRE {
        return (0..RADII).map(|r| ring(r, 3)).collect();
    }
    let (r, k) = (radius(c), crown(c));
    let mut out = vec![ring(r - 1, k), ring(r + 1, k)];
    if k > 1 {
        out.extend([ring(r, k - 1), ring(r - 1, k - 1), ring(r + 1, k - 1)]);
    }
    if k < 3 {
        out.extend([ring(r, k + 1), ring(r - 1, k + 1), ring(r + 1, k + 1)]);
    } else {
        out.push(CENTRE);
    }
    out
}

/// The horse's leaps in the unfolded-diameter model: on radius r, crowns 1..3 are rows 1..3,
/// the centre row 4, crowns 3 and 2 of the opposite radius rows 5 and 6; a leap changes
/// (row, radius) by (±1, ±2) or (±2, ±1). A horse on the centre takes every radius.
pub fn horse_leaps(c: usize) -> Vec<usize> {
    let starts: Vec<(i32, i32)> = if c == CENTRE {
        (0..RADII).map(|r| (r, 4)).collect()
    } else {
        vec![(radius(c), crown(c))]
    };
    let mut out = Vec::new();
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
            let (row, r) = (row + drow, r + dr);
            let target = match row {
                1..=3 => ring(r, row),
                4 => CENTRE,
                5 => ring(r + 7, 3),
                6 => ring(r + 7, 2),
                _ => continue,
            };
            if target != c && !out.contains(&target) {
                out.push(target);
            }
        }
    }
    out
}

/// A pawn's forward cells, written from the spec's words: (radial, circular).
/// Radial: in its own half inward (crown 3 → the centre), in the enemy half outward (none
/// from crown 1). Circular: a neighbouring radius strictly closer to the enemy king's
/// starting radius. From the centre: the 7 crown-3 cells of the enemy half, no circular.
fn pawn_forward(color: Color, c: usize) -> (Vec<usize>, Vec<usize>) {
    if c == CENTRE {
        let enemy: Vec<usize> = (0..RADII)
            .filter(|&r| !in_own_half(color, r))
            .map(|r| ring(r, 3))
            .collect();
        return (enemy, Vec::new());
    }
    let (r, k) = (radius(c), crown(c));
    let mut radial = Vec::new();
    if in_own_half(color, r) {
        radial.push(if k == 3 { CENTRE } else { ring(r, k + 1) });
    } else if k > 1 {
        radial.push(ring(r, k - 1));
    }
    let goal = enemy_king_radius(color);
    let here = circular_distance(r, goal);
    let circular = [r - 1, r + 1]
        .into_iter()
        .filter(|&nr| circular_distance(nr, goal) < here)
        .map(|nr| ring(nr, k))
        .collect();
    (radial, circular)
}

/// Where a pawn moves when the cell is empty.
pub fn pawn_moves(color: Color, c: usize) -> Vec<usize> {
    let (radial, circular) = pawn_forward(color, c);
    radial.into_iter().chain(circular).collect()
}

/// Where a pawn captures: the circular neighbours of its radial destination and the radial
/// neighbours of its circular destination; only a pawn on crown 3 of its own half captures
/// on the centre; from the centre, the same 7 cells it moves to.
pub fn pawn_captures(color: Color, c: usize) -> Vec<usize> {
    if c == CENTRE {
        return pawn_forward(color, c).0;
    }
    let (radial, circular) = pawn_forward(color, c);
    let mut out = Vec::new();
    for d in radial {
        if d == CENTRE {
            out.push(CENTRE);
        } else {
            out.push(ring(radius(d) - 1, crown(d)));
            out.push(ring(radius(d) + 1, crown(d)));
        }
    }
    for d in circular {
        let (r, k) = (radius(d), crown(d));
        if k > 1 {
            out.push(ring(r, k - 1));
        }
        // The inner neighbour of a crown-3 cell is the centre: never captured this way.
        if k < 3 {
            out.push(ring(r, k + 1));
        }
    }
    let mut unique = Vec::new();
    for c in out {
        if !unique.contains(&c) {
            unique.push(c);
        }
    }
    unique
}

// ---------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------

/// A position on a plain array.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefBoard {
    pub cells: [Option<Piece>; 43],
    /// Per side, counts in [`HAND_ROLES`] order.
    pub hands: [[u8; 5]; 2],
    pub side: Color,
    pub fullmove: u32,
    pub rule: SubornRule,
}

impl RefBoard {
    /// Copies a position of the crate (through its public accessors only).
    pub fn from_position(pos: &Position) -> RefBoard {
        let mut cells = [None; 43];
        for (i, slot) in cells.iter_mut().enumerate() {
            *slot = pos.piece_at(cell(i));
        }
        let mut hands = [[0u8; 5]; 2];
        for color in Color::ALL {
            for role in HAND_ROLES {
                hands[color.index()][hand_slot(role)] = pos.hand(color).count(role);
            }
        }
        RefBoard {
            cells,
            hands,
            side: pos.side_to_move(),
            fullmove: pos.fullmove(),
            rule: pos.rule(),
        }
    }

    pub fn parse(text: &str, rule: SubornRule) -> RefBoard {
        RefBoard::from_position(
            &Position::parse(text, rule).unwrap_or_else(|e| panic!("{text}: {e}")),
        )
    }

    pub fn hand_count(&self, color: Color, role: Role) -> u8 {
        self.hands[color.index()][hand_slot(role)]
    }

    /// A human-readable list of differences to another board (empty when equal).
    pub fn diff(&self, other: &RefBoard) -> Vec<String> {
        let mut out = Vec::new();
        for i in 0..43 {
            if self.cells[i] != other.cells[i] {
                out.push(format!(
                    "{}: {:?} vs {:?}",
                    name(i),
                    self.cells[i].map(Piece::char),
                    other.cells[i].map(Piece::char)
                ));
            }
        }
        if self.hands != other.hands {
            out.push(format!("hands {:?} vs {:?}", self.hands, other.hands));
        }
        if self.side != other.side {
            out.push(format!("side {} vs {}", self.side, other.side));
        }
        if self.fullmove != other.fullmove {
            out.push(format!("fullmove {} vs {}", self.fullmove, other.fullmove));
        }
        out
    }

    pub fn king(&self, color: Color) -> usize {
        (0..43)
            .find(|&c| {
                self.cells[c]
                    == Some(Piece {
                        color,
                        role: Role::King,
                    })
            })
            .expect("each side has a king")
    }

    /// Whether the piece on `from` attacks `target` (could capture there if an enemy stood
    /// there). A Diplomat attacks nothing.
    pub fn attacks(&self, from: usize, target: usize) -> bool {
        let Some(piece) = self.cells[from] else {
            return false;
        };
        match piece.role {
            Role::King => king_steps(from).contains(&target),
            Role::Rook => slide_reaches(&self.cells, from, rook_walks(from), target),
            Role::Bishop => slide_reaches(&self.cells, from, bishop_walks(from), target),
            Role::Horse => horse_leaps(from).contains(&target),
            Role::Pawn => pawn_captures(piece.color, from).contains(&target),
            Role::Diplomat => false,
        }
    }

    /// The pieces of `by` attacking `target`, found by trying every piece of `by`.
    pub fn attackers(&self, target: usize, by: Color) -> Vec<usize> {
        (0..43)
            .filter(|&c| self.cells[c].is_some_and(|p| p.color == by) && self.attacks(c, target))
            .collect()
    }

    pub fn is_attacked(&self, target: usize, by: Color) -> bool {
        (0..43).any(|c| self.cells[c].is_some_and(|p| p.color == by) && self.attacks(c, target))
    }

    /// Whether `color`'s king is attacked.
    pub fn king_attacked(&self, color: Color) -> bool {
        self.is_attacked(self.king(color), !color)
    }

    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    pub fn checkers(&self) -> Vec<usize> {
        self.attackers(self.king(self.side), !self.side)
    }

    /// Plays a move on a copy of the board (the move is trusted to be at least pseudo-legal).
    pub fn after(&self, mv: Move) -> RefBoard {
        let us = self.side;
        let mut next = self.clone();
        match mv {
            Move::Normal { from, to, .. }
                if self.cells[to.index()].is_some()
                    && self.cells[from.index()].is_some_and(|p| p.role == Role::Diplomat) =>
            {
                let target = to;
                let victim = next.cells[target.index()].expect("a suborn targets a piece");
                match self.rule {
                    SubornRule::Convert => {
                        next.cells[target.index()] = Some(Piece {
                            color: us,
                            role: victim.role,
                        })
                    }
                    SubornRule::Remove => next.cells[target.index()] = None,
                    SubornRule::Drop => {
                        next.cells[target.index()] = None;
                        next.hands[us.index()][hand_slot(victim.role)] += 1;
                    }
                }
            }
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let piece = next.cells[from.index()]
                    .take()
                    .unwrap_or_else(|| panic!("no piece on {from} for {mv}"));
                assert_eq!(piece.color, us, "{mv} moves an enemy piece");
                let role = promotion.unwrap_or(piece.role);
                next.cells[to.index()] = Some(Piece { color: us, role });
            }
            Move::Drop { role, to } => {
                let n = &mut next.hands[us.index()][hand_slot(role)];
                assert!(*n > 0, "dropping a {role} that is not in hand");
                *n -= 1;
                assert!(next.cells[to.index()].is_none(), "drop onto a piece");
                next.cells[to.index()] = Some(Piece { color: us, role });
            }
        }
        if us == Color::Black {
            next.fullmove += 1;
        }
        next.side = !us;
        next
    }

    /// Moves that obey the pieces' movement rules, before the king-safety test.
    pub fn pseudo_moves(&self) -> Vec<Move> {
        let us = self.side;
        let mut out = Vec::new();
        let own = |c: usize| self.cells[c].is_some_and(|p| p.color == us);
        let enemy = |c: usize| self.cells[c].is_some_and(|p| p.color != us);
        let normal = |out: &mut Vec<Move>, from: usize, to: usize| {
            out.push(Move::Normal {
                from: cell(from),
                to: cell(to),
                promotion: None,
            })
        };
        for from in 0..43 {
            let Some(piece) = self.cells[from] else {
                continue;
            };
            if piece.color != us {
                continue;
            }
            match piece.role {
                Role::King => {
                    for to in king_steps(from) {
                        if !own(to) {
                            normal(&mut out, from, to);
                        }
                    }
                }
                Role::Rook | Role::Bishop => {
                    let walks = if piece.role == Role::Rook {
                        rook_walks(from)
                    } else {
                        bishop_walks(from)
                    };
                    for to in slide(&self.cells, from, walks) {
                        if !own(to) {
                            normal(&mut out, from, to);
                        }
                    }
                }
                Role::Horse => {
                    for to in horse_leaps(from) {
                        if !own(to) {
                            normal(&mut out, from, to);
                        }
                    }
                }
                Role::Diplomat => {
                    for to in king_steps(from) {
                        match self.cells[to] {
                            None => normal(&mut out, from, to),
                            Some(p) if p.color != us && p.role != Role::King => {
                                out.push(Move::Normal {
                                    from: cell(from),
                                    to: cell(to),
                                    promotion: None,
                                })
                            }
                            Some(_) => {}
                        }
                    }
                }
                Role::Pawn => {
                    let mut targets: Vec<usize> = pawn_moves(us, from)
                        .into_iter()
                        .filter(|&to| self.cells[to].is_none())
                        .collect();
                    for to in pawn_captures(us, from) {
                        if enemy(to) && !targets.contains(&to) {
                            targets.push(to);
                        }
                    }
                    for to in targets {
                        if is_promotion_cell(us, to) {
                            for role in [Role::Rook, Role::Bishop, Role::Horse, Role::Diplomat] {
                                out.push(Move::Normal {
                                    from: cell(from),
                                    to: cell(to),
                                    promotion: Some(role),
                                });
                            }
                        } else {
                            normal(&mut out, from, to);
                        }
                    }
                }
            }
        }
        if self.rule == SubornRule::Drop {
            for role in HAND_ROLES {
                if self.hand_count(us, role) == 0 {
                    continue;
                }
                for to in 0..CENTRE {
                    if self.cells[to].is_none()
                        && !(role == Role::Pawn && is_promotion_cell(us, to))
                    {
                        out.push(Move::Drop { role, to: cell(to) });
                    }
                }
            }
        }
        out
    }

    /// Legal moves: a pseudo-move is legal if, played on a copy, the mover's king is not
    /// attacked; a drop must moreover not give check.
    pub fn legal_moves(&self) -> Vec<Move> {
        let us = self.side;
        self.pseudo_moves()
            .into_iter()
            .filter(|&mv| {
                let next = self.after(mv);
                if next.king_attacked(us) {
                    return false;
                }
                !(matches!(mv, Move::Drop { .. }) && next.king_attacked(!us))
            })
            .collect()
    }

    /// Leaves of the legal move tree.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self
                .legal_moves()
                .into_iter()
                .map(|mv| self.after(mv).perft(depth - 1))
                .sum(),
        }
    }
}
