//! A slow, obvious second move generator for Diplomatic Chess, used only to check the fast
//! one. It shares no code with the crate: its own FEN reader, a 64-cell array, and moves
//! found by walking offsets one square at a time. Turns are compared as coordinate strings.

#![allow(dead_code)]

/// A piece: `true` for White, and its upper-case letter.
type Cell = Option<(bool, char)>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    cells: [Cell; 64],
    white_to_move: bool,
    /// K, Q, k, q.
    castle: [bool; 4],
    ep: Option<usize>,
    pub push_back: bool,
    pub extra: bool,
    pub extended: bool,
}

fn idx(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

fn parse_square(s: &str) -> usize {
    let b = s.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// One regular move found by the walk.
#[derive(Clone, Copy, Debug)]
struct Raw {
    from: usize,
    to: usize,
    promo: Option<char>,
    push: Option<usize>,
}

impl RefBoard {
    /// Reads the first four FEN fields (or the board alone).
    pub fn from_fen(fen: &str, push_back: bool, extra: bool, extended: bool) -> RefBoard {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [None; 64];
        for (i, row) in fields[0].split('/').enumerate() {
            let rank = 7 - i as i32;
            let mut file = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as i32;
                } else {
                    cells[idx(file, rank).unwrap()] =
                        Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                    file += 1;
                }
            }
        }
        let get = |i: usize, d: &'static str| fields.get(i).copied().unwrap_or(d);
        let castling = get(2, "-");
        let mut board = RefBoard {
            cells,
            white_to_move: get(1, "w") == "w",
            castle: [
                castling.contains('K'),
                castling.contains('Q'),
                castling.contains('k'),
                castling.contains('q'),
            ],
            ep: match get(3, "-") {
                "-" => None,
                s => Some(parse_square(s)),
            },
            push_back,
            extra,
            extended,
        };
        // A right whose Diplomat or rook is away from home is no right.
        for (k, d, r, white) in [
            (0, 4, 7, true),
            (1, 4, 0, true),
            (2, 60, 63, false),
            (3, 60, 56, false),
        ] {
            if board.cells[d] != Some((white, 'D')) || board.cells[r] != Some((white, 'R')) {
                board.castle[k] = false;
            }
        }
        board
    }

    /// The first four FEN fields.
    pub fn fen4(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.cells[rank * 8 + file] {
                    None => empty += 1,
                    Some((w, c)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(if w { c } else { c.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.white_to_move { " w " } else { " b " });
        let letters: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(self.castle)
            .filter(|(_, on)| *on)
            .map(|(c, _)| *c)
            .collect();
        s.push_str(if letters.is_empty() { "-" } else { &letters });
        s.push(' ');
        s.push_str(&self.ep.map_or("-".to_string(), name));
        s
    }

    fn diplomat(&self, white: bool) -> usize {
        (0..64)
            .find(|&i| self.cells[i] == Some((white, 'D')))
            .unwrap()
    }

    fn queens(&self, white: bool) -> usize {
        self.cells
            .iter()
            .filter(|c| **c == Some((white, 'Q')))
            .count()
    }

    /// Diplomat and a queen of `white` side by side on the enemy's first rank.
    pub fn invaded(&self, white: bool) -> bool {
        let d = self.diplomat(white);
        let rank = if white { 7 } else { 0 };
        if (d / 8) as i32 != rank {
            return false;
        }
        let f = (d % 8) as i32;
        [f - 1, f + 1]
            .into_iter()
            .any(|nf| idx(nf, rank).is_some_and(|i| self.cells[i] == Some((white, 'Q'))))
    }

    fn regular_moves(&self) -> Vec<Raw> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        let fwd = if me { 1 } else { -1 };
        let last_rank = if me { 7 } else { 0 };
        for from in 0..64 {
            let Some((w, role)) = self.cells[from] else {
                continue;
            };
            if w != me {
                continue;
            }
            let (f, r) = ((from % 8) as i32, (from / 8) as i32);
            // Lands on `to`: a move, a capture, or a push; nothing onto own pieces.
            let land = |to: usize, out: &mut Vec<Raw>, promote: bool| {
                let promos: Vec<Option<char>> = if promote {
                    vec![Some('q'), Some('r'), Some('b'), Some('n')]
                } else {
                    vec![None]
                };
                match self.cells[to] {
                    None => {
                        for p in &promos {
                            out.push(Raw {
                                from,
                                to,
                                promo: *p,
                                push: None,
                            });
                        }
                    }
                    Some((ow, _)) if ow == me => {}
                    Some((_, 'D')) => {
                        if self.push_back {
                            for p in &promos {
                                for dest in self.push_squares(from, to) {
                                    out.push(Raw {
                                        from,
                                        to,
                                        promo: *p,
                                        push: Some(dest),
                                    });
                                }
                            }
                        }
                    }
                    Some(_) => {
                        for p in &promos {
                            out.push(Raw {
                                from,
                                to,
                                promo: *p,
                                push: None,
                            });
                        }
                    }
                }
            };
            match role {
                'N' => {
                    for (df, dr) in KNIGHT_STEPS {
                        if let Some(to) = idx(f + df, r + dr) {
                            land(to, &mut out, false);
                        }
                    }
                }
                'B' | 'R' | 'Q' => {
                    for (df, dr) in KING_STEPS {
                        let diagonal = df != 0 && dr != 0;
                        if (role == 'B' && !diagonal) || (role == 'R' && diagonal) {
                            continue;
                        }
                        let (mut nf, mut nr) = (f + df, r + dr);
                        while let Some(to) = idx(nf, nr) {
                            land(to, &mut out, false);
                            if self.cells[to].is_some() {
                                break;
                            }
                            nf += df;
                            nr += dr;
                        }
                    }
                }
                'D' => {
                    for (df, dr) in KING_STEPS {
                        if let Some(to) = idx(f + df, r + dr) {
                            if self.cells[to].is_none() {
                                out.push(Raw {
                                    from,
                                    to,
                                    promo: None,
                                    push: None,
                                });
                            }
                        }
                    }
                    let (k, q) = if me { (0, 1) } else { (2, 3) };
                    let base = if me { 0 } else { 56 };
                    if from == base + 4 {
                        if self.castle[k]
                            && self.cells[base + 5].is_none()
                            && self.cells[base + 6].is_none()
                        {
                            out.push(Raw {
                                from,
                                to: base + 6,
                                promo: None,
                                push: None,
                            });
                        }
                        if self.castle[q] && (1..4).all(|i| self.cells[base + i].is_none()) {
                            out.push(Raw {
                                from,
                                to: base + 2,
                                promo: None,
                                push: None,
                            });
                        }
                    }
                }
                'P' => {
                    let dirs: Vec<(i32, i32)> = if self.extended {
                        vec![(0, fwd), (0, -fwd), (1, 0), (-1, 0)]
                    } else {
                        vec![(0, fwd)]
                    };
                    let second = if me { 1 } else { 6 };
                    for (df, dr) in dirs {
                        let max = if self.extended || r == second { 2 } else { 1 };
                        for n in 1..=max {
                            let Some(to) = idx(f + df * n, r + dr * n) else {
                                break;
                            };
                            if self.cells[to].is_some() {
                                break;
                            }
                            let promote = (to / 8) as i32 == last_rank;
                            land(to, &mut out, promote);
                        }
                    }
                    for df in [-1, 1] {
                        let Some(to) = idx(f + df, r + fwd) else {
                            continue;
                        };
                        let promote = (to / 8) as i32 == last_rank;
                        if self.cells[to].is_some() {
                            land(to, &mut out, promote);
                        } else if self.ep == Some(to) {
                            out.push(Raw {
                                from,
                                to,
                                promo: None,
                                push: None,
                            });
                        }
                    }
                }
                _ => panic!("unexpected piece {role}"),
            }
        }
        out
    }

    /// Where the Diplomat on `d` may go when the piece on `from` pushes it.
    fn push_squares(&self, from: usize, d: usize) -> Vec<usize> {
        let owner_white = self.cells[d].unwrap().0;
        let back = if owner_white { -1 } else { 1 };
        let steps = [(-1, 0), (1, 0), (-1, back), (0, back), (1, back)];
        let empty = |i: usize| i == from || (i != d && self.cells[i].is_none());
        let mut out = Vec::new();
        let (f, r) = ((d % 8) as i32, (d / 8) as i32);
        for (a, b) in steps {
            let Some(s1) = idx(f + a, r + b) else {
                continue;
            };
            if !empty(s1) {
                continue;
            }
            if !out.contains(&s1) {
                out.push(s1);
            }
            for (c, e) in steps {
                let Some(s2) = idx(f + a + c, r + b + e) else {
                    continue;
                };
                if empty(s2) && !out.contains(&s2) {
                    out.push(s2);
                }
            }
        }
        out
    }

    fn apply(&self, m: Raw) -> RefBoard {
        let mut b = self.clone();
        let (w, role) = b.cells[m.from].unwrap();
        let (ff, fr) = (m.from % 8, m.from / 8);
        let (tf, tr) = (m.to % 8, m.to / 8);
        b.ep = None;
        if role == 'D' && ff.abs_diff(tf) == 2 {
            let (rf, rt) = if tf == 6 {
                (m.from + 3, m.from + 1)
            } else {
                (m.from - 4, m.from - 1)
            };
            b.cells[rt] = b.cells[rf].take();
        }
        if role == 'P' && ff != tf && self.cells[m.to].is_none() {
            b.cells[fr * 8 + tf] = None;
        }
        let mover = b.cells[m.from].take();
        let pushed = std::mem::replace(&mut b.cells[m.to], mover);
        if let Some(p) = m.push {
            b.cells[p] = pushed;
        }
        if let Some(p) = m.promo {
            b.cells[m.to] = Some((w, p.to_ascii_uppercase()));
        }
        if role == 'P' && ff == tf && fr == (if w { 1 } else { 6 }) && tr.abs_diff(fr) == 2 {
            b.ep = Some((fr + tr) / 2 * 8 + ff);
        }
        b.clear_castling(m.from);
        b.clear_castling(m.to);
        b
    }

    fn clear_castling(&mut self, sq: usize) {
        match sq {
            4 => {
                self.castle[0] = false;
                self.castle[1] = false;
            }
            60 => {
                self.castle[2] = false;
                self.castle[3] = false;
            }
            7 => self.castle[0] = false,
            0 => self.castle[1] = false,
            63 => self.castle[2] = false,
            56 => self.castle[3] = false,
            _ => {}
        }
    }

    fn coordinate(m: Raw) -> String {
        let mut s = format!("{}{}", name(m.from), name(m.to));
        if let Some(p) = m.promo {
            s.push(p);
        }
        if let Some(p) = m.push {
            s.push('>');
            s.push_str(&name(p));
        }
        s
    }

    /// Every legal turn as coordinate text, with the board after it.
    pub fn turns(&self) -> Vec<(String, RefBoard)> {
        if self.queens(true) + self.queens(false) == 0 {
            return Vec::new();
        }
        let me = self.white_to_move;
        let mut out = Vec::new();
        for m in self.regular_moves() {
            let mut after = self.apply(m);
            let text = Self::coordinate(m);
            let moved_diplomat = self.cells[m.from] == Some((me, 'D'));
            if self.extra && !moved_diplomat {
                let d = after.diplomat(me);
                let (f, r) = ((d % 8) as i32, (d / 8) as i32);
                for (df, dr) in KING_STEPS {
                    let Some(to) = idx(f + df, r + dr) else {
                        continue;
                    };
                    if after.cells[to].is_some() {
                        continue;
                    }
                    let mut b = after.clone();
                    b.cells[to] = b.cells[d].take();
                    b.clear_castling(d);
                    if b.ep == Some(to) {
                        b.ep = None;
                    }
                    b.white_to_move = !me;
                    out.push((format!("{text}&{}{}", name(d), name(to)), b));
                }
            }
            after.white_to_move = !me;
            out.push((text, after));
        }
        out
    }

    /// Leaves of the turn tree with the game-ending rules of perft.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let invader = !self.white_to_move;
        let pending = self.invaded(invader);
        self.turns()
            .iter()
            .map(|(_, b)| {
                if depth > 1
                    && pending
                    && (b.queens(invader) >= self.queens(invader) || b.invaded(invader))
                {
                    0
                } else {
                    b.perft(depth - 1)
                }
            })
            .sum()
    }
}
