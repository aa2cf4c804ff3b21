//! One simulation of the tick model and conflict rules (§4–§5) over the movers of a set of
//! orders, and the board it leaves (§5.9, §7.1, §7.2).
//!
//! Built for speed: fixed-size arrays, no allocation, pairwise checks among the (few) movers
//! instead of scanning the board.

// The simulation keeps parallel per-mover arrays; indexing them by mover number is clearer
// than zipping four iterators.
#![allow(clippy::needless_range_loop)]

use crate::order::{Order, OrderKind};
use crate::outcome::{rank_of, Failure};
use crate::position::Position;
use arrayvec::ArrayVec;
use board8::{Board, Piece, Role, Square};
use diplo_core::Color;

/// At most one order per piece: 32 orders, and castling adds a rook mover.
pub const MAX_ORDERS: usize = 32;
pub(crate) const MAX_MOVERS: usize = 34;
const NONE: u8 = u8::MAX;
/// "In flight": on no square (knights at tick 1, castling rooks at tick 1).
const FLIGHT: u8 = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    Active,
    Done,
    Returned,
    Captured,
}

#[derive(Clone, Copy)]
pub(crate) struct Mover {
    pub(crate) piece: Piece,
    pub(crate) origin: u8,
    pub(crate) path: [u8; 7],
    pub(crate) len: u8,
    pub(crate) push: bool,
    pub(crate) partner: u8,
    pub(crate) order: u8,
}

impl Mover {
    /// The square at tick t ≥ 1 while moving (FLIGHT when in the air).
    #[inline]
    fn at(&self, t: u8) -> u8 {
        self.path[(t.min(self.len) - 1) as usize]
    }
}

/// The state of one simulation (§5).
pub(crate) struct Sim<'a> {
    pub(crate) board: &'a Board,
    pub(crate) movers: ArrayVec<Mover, MAX_MOVERS>,
    pub(crate) status: [Status; MAX_MOVERS],
    pub(crate) square: [u8; MAX_MOVERS],
    pub(crate) fail: [Option<Failure>; MAX_MOVERS],
    /// Squares of pieces that have no order and have not been captured.
    pub(crate) stationary: u64,
    pub(crate) captures: u8,
    /// The piece each mover took, if it took one (captures stand even if the taker is sent
    /// home later).
    pub(crate) took: [Option<Piece>; MAX_MOVERS],
}

pub(crate) fn sq(i: u8) -> Square {
    Square::new(i & 63).expect("masked")
}

fn build_movers(orders: &[Order], cancelled: u64, out: &mut ArrayVec<Mover, MAX_MOVERS>) {
    for (i, o) in orders.iter().enumerate() {
        if cancelled & (1 << i) != 0 || out.is_full() {
            continue;
        }
        let mut path = [FLIGHT; 7];
        let len;
        let piece = Piece {
            color: o.color,
            role: o.role,
        };
        match o.kind {
            OrderKind::Castle => {
                let (rook_from, rook_to) = o.castle_rook().expect("castle has a rook");
                let transit = rook_to;
                path[0] = transit.index() as u8;
                path[1] = o.to.index() as u8;
                let king = out.len() as u8;
                out.push(Mover {
                    piece,
                    origin: o.from.index() as u8,
                    path,
                    len: 2,
                    push: false,
                    partner: king + 1,
                    order: i as u8,
                });
                if out.is_full() {
                    out.pop();
                    continue;
                }
                let mut rpath = [FLIGHT; 7];
                rpath[1] = rook_to.index() as u8;
                out.push(Mover {
                    piece: Piece {
                        color: o.color,
                        role: Role::Rook,
                    },
                    origin: rook_from.index() as u8,
                    path: rpath,
                    len: 2,
                    push: false,
                    partner: king,
                    order: i as u8,
                });
                continue;
            }
            OrderKind::DoublePush => {
                let mid = (o.from.index() + o.to.index()) / 2;
                path[0] = mid as u8;
                path[1] = o.to.index() as u8;
                len = 2;
            }
            _ if o.role == Role::Knight => {
                path[1] = o.to.index() as u8;
                len = 2;
            }
            _ => {
                // Straight or diagonal: one square per tick.
                let (f0, r0) = (o.from.file() as i8, o.from.rank() as i8);
                let (df, dr) = (o.to.file() as i8 - f0, o.to.rank() as i8 - r0);
                let steps = df.abs().max(dr.abs()).clamp(1, 7);
                let (sf, sr) = (df.signum(), dr.signum());
                for k in 1..=steps {
                    path[(k - 1) as usize] = ((r0 + sr * k) * 8 + f0 + sf * k) as u8 & 63;
                }
                len = steps as u8;
            }
        }
        out.push(Mover {
            piece,
            origin: o.from.index() as u8,
            path,
            len,
            push: matches!(o.kind, OrderKind::Push | OrderKind::DoublePush),
            partner: NONE,
            order: i as u8,
        });
    }
}

impl<'a> Sim<'a> {
    pub(crate) fn new(pos: &'a Position, orders: &[Order], cancelled: u64) -> Sim<'a> {
        let mut movers = ArrayVec::new();
        build_movers(orders, cancelled, &mut movers);
        let mut origins = 0u64;
        let mut square = [FLIGHT; MAX_MOVERS];
        for (i, m) in movers.iter().enumerate() {
            origins |= 1u64 << m.origin;
            square[i] = m.origin;
        }
        Sim {
            board: &pos.board,
            movers,
            status: [Status::Active; MAX_MOVERS],
            square,
            fail: [None; MAX_MOVERS],
            stationary: pos.board.occupied() & !origins,
            captures: 0,
            took: [None; MAX_MOVERS],
        }
    }

    /// The square mover i stands on now, if it is on the board and still in play.
    #[inline]
    fn on(&self, i: usize) -> Option<u8> {
        match self.status[i] {
            Status::Captured => None,
            _ => (self.square[i] < 64).then_some(self.square[i]),
        }
    }

    #[inline]
    fn passing(&self, i: usize, t: u8) -> bool {
        self.status[i] == Status::Active && t < self.movers[i].len
    }

    #[inline]
    fn arriving(&self, i: usize, t: u8) -> bool {
        self.status[i] == Status::Active && t == self.movers[i].len
    }

    #[inline]
    fn claimant(&self, i: usize, t: u8) -> bool {
        matches!(self.status[i], Status::Done | Status::Returned) || self.arriving(i, t)
    }

    /// A key for choosing which piece an explanation names when several qualify. It is
    /// relative to the failing mover `j` (the other colour first, then by origin seen from
    /// the piece's own side), so it does not depend on the listing order of the orders and
    /// swapping the colours chooses the mirrored piece.
    fn name_key(&self, j: usize, k: usize) -> (bool, u8) {
        let (mj, mk) = (&self.movers[j], &self.movers[k]);
        let relative = match mk.piece.color {
            Color::White => mk.origin,
            Color::Black => mk.origin ^ 56,
        };
        (mj.piece.color == mk.piece.color, relative)
    }

    fn stationary_piece(&self, q: u8) -> Option<Piece> {
        if self.stationary & (1u64 << q) != 0 {
            self.board.piece_at(sq(q))
        } else {
            None
        }
    }

    pub(crate) fn run(&mut self) {
        let max_len = self.movers.iter().map(|m| m.len).max().unwrap_or(0);
        for t in 1..=max_len {
            let mut prev = [FLIGHT; MAX_MOVERS];
            for i in 0..self.movers.len() {
                if self.status[i] == Status::Active {
                    prev[i] = self.square[i];
                    self.square[i] = self.movers[i].at(t);
                }
            }
            self.crossings(t, &prev);
            while self.round(t) {}
            self.captures_at(t);
            for i in 0..self.movers.len() {
                if self.arriving(i, t) {
                    self.status[i] = Status::Done;
                }
            }
        }
    }

    fn fail_now(&mut self, i: usize, why: Failure) {
        self.status[i] = Status::Returned;
        self.square[i] = self.movers[i].origin;
        self.fail[i] = Some(why);
    }

    /// §5.2: swaps between tick t−1 and t.
    fn crossings(&mut self, t: u8, prev: &[u8; MAX_MOVERS]) {
        let n = self.movers.len();
        let mut failed = [None; MAX_MOVERS];
        for a in 0..n {
            if self.status[a] != Status::Active || prev[a] >= 64 || self.square[a] >= 64 {
                continue;
            }
            for b in a + 1..n {
                if self.status[b] == Status::Active
                    && prev[a] == self.square[b]
                    && prev[b] == self.square[a]
                {
                    failed[a] = Some(Failure::Crossed {
                        tick: t,
                        with: self.movers[b].piece,
                    });
                    failed[b] = Some(Failure::Crossed {
                        tick: t,
                        with: self.movers[a].piece,
                    });
                }
            }
        }
        self.apply(&failed, t);
    }

    /// Applies a round's failures together, with castling coupling (§5.3.5).
    fn apply(&mut self, failed: &[Option<Failure>; MAX_MOVERS], t: u8) -> bool {
        let mut any = false;
        for i in 0..self.movers.len() {
            if let Some(why) = failed[i] {
                self.fail_now(i, why);
                any = true;
            }
        }
        if any {
            for i in 0..self.movers.len() {
                let p = self.movers[i].partner;
                if failed[i].is_some() && p != NONE {
                    let p = p as usize;
                    if matches!(self.status[p], Status::Active | Status::Done) {
                        self.fail_now(p, Failure::Castling { tick: t });
                    }
                }
            }
        }
        any
    }

    /// One round of §5.3; true if somebody failed.
    fn round(&mut self, t: u8) -> bool {
        let n = self.movers.len();
        let mut failed: [Option<Failure>; MAX_MOVERS] = [None; MAX_MOVERS];
        let mut seen = 0u64;
        for i in 0..n {
            let Some(q) = self.on(i) else { continue };
            if seen & (1u64 << q) != 0 {
                continue;
            }
            seen |= 1u64 << q;
            let mut here: ArrayVec<usize, MAX_MOVERS> = ArrayVec::new();
            for j in i..n {
                if self.on(j) == Some(q) {
                    here.push(j);
                }
            }
            let stationary = self.stationary_piece(q);
            let square = sq(q);
            // 1. Meeting in transit.
            if here.iter().any(|&j| self.passing(j, t))
                && here.len() + stationary.is_some() as usize >= 2
            {
                for &j in &here {
                    if self.status[j] != Status::Active {
                        continue;
                    }
                    let standing = stationary.or_else(|| {
                        here.iter()
                            .filter(|&&k| self.status[k] != Status::Active)
                            .min_by_key(|&&k| self.name_key(j, k))
                            .map(|&k| self.movers[k].piece)
                    });
                    let other = here
                        .iter()
                        .filter(|&&k| k != j && self.status[k] == Status::Active)
                        .min_by_key(|&&k| self.name_key(j, k))
                        .map(|&k| self.movers[k].piece);
                    failed[j] = Some(match (self.passing(j, t), standing, other) {
                        (true, Some(piece), _) => Failure::Obstacle {
                            square,
                            tick: t,
                            piece,
                        },
                        (_, _, Some(with)) => Failure::Met {
                            square,
                            tick: t,
                            with,
                        },
                        (_, Some(piece), None) => Failure::Met {
                            square,
                            tick: t,
                            with: piece,
                        },
                        (_, None, None) => continue,
                    });
                }
                continue;
            }
            // 2. Same colour.
            let mut by_colour: [ArrayVec<usize, MAX_MOVERS>; 2] =
                [ArrayVec::new(), ArrayVec::new()];
            for &j in &here {
                if self.claimant(j, t) {
                    by_colour[self.movers[j].piece.color.index()].push(j);
                }
            }
            let mut same = false;
            for group in &by_colour {
                if group.len() < 2 {
                    continue;
                }
                same = true;
                let keeper = group
                    .iter()
                    .find(|&&j| self.status[j] == Status::Returned)
                    .or_else(|| group.iter().find(|&&j| self.status[j] == Status::Done))
                    .copied();
                for &j in group {
                    if Some(j) == keeper {
                        continue;
                    }
                    let Some(with) = keeper
                        .or_else(|| {
                            group
                                .iter()
                                .copied()
                                .filter(|&k| k != j)
                                .min_by_key(|&k| self.name_key(j, k))
                        })
                        .map(|k| self.movers[k].piece)
                    else {
                        continue;
                    };
                    failed[j] = Some(Failure::SameColour {
                        square,
                        tick: t,
                        with,
                    });
                }
            }
            // 3. Equal rank.
            if !same {
                if let ([w], [b]) = (&by_colour[0][..], &by_colour[1][..]) {
                    let (w, b) = (*w, *b);
                    let (pw, pb) = (self.movers[w].piece, self.movers[b].piece);
                    if rank_of(pw.role) == rank_of(pb.role) {
                        if self.status[w] != Status::Returned {
                            failed[w] = Some(Failure::EqualRank {
                                square,
                                tick: t,
                                with: pb,
                            });
                        }
                        if self.status[b] != Status::Returned {
                            failed[b] = Some(Failure::EqualRank {
                                square,
                                tick: t,
                                with: pw,
                            });
                        }
                    }
                }
            }
            // 4. A pawn push (or any move onto its own side's stationary piece) is blocked.
            if let Some(piece) = stationary {
                for &j in &here {
                    let m = &self.movers[j];
                    if self.arriving(j, t) && (m.push || piece.color == m.piece.color) {
                        failed[j] = Some(Failure::Blocked {
                            square,
                            tick: t,
                            piece,
                        });
                    }
                }
            }
        }
        self.apply(&failed, t)
    }

    /// §5.4: rank captures and captures of stationary enemies.
    fn captures_at(&mut self, t: u8) {
        let n = self.movers.len();
        for i in 0..n {
            let Some(q) = self.on(i) else { continue };
            if !self.claimant(i, t) {
                continue;
            }
            let color = self.movers[i].piece.color;
            // Rank capture: another claimant of the other colour on the same square.
            for j in 0..n {
                if j == i
                    || self.on(j) != Some(q)
                    || !self.claimant(j, t)
                    || self.movers[j].piece.color == color
                {
                    continue;
                }
                let (pi, pj) = (self.movers[i].piece, self.movers[j].piece);
                if rank_of(pi.role) > rank_of(pj.role) {
                    self.status[j] = Status::Captured;
                    self.fail[j] = Some(Failure::Captured {
                        square: sq(q),
                        tick: t,
                        by: pi,
                    });
                    self.captures += 1;
                    self.took[i] = Some(pj);
                }
            }
            if self.arriving(i, t) {
                if let Some(p) = self.stationary_piece(q) {
                    if p.color != color {
                        self.stationary &= !(1u64 << q);
                        self.captures += 1;
                        self.took[i] = Some(p);
                    }
                }
            }
        }
    }

    /// The board after the simulation (§5.9), with en passant (§7.2) and promotions.
    pub(crate) fn final_board(&mut self, orders: &[Order]) -> Board {
        let mut board = self.board.clone();
        let captured_stationary = self.board.occupied() & !self.stationary;
        let mut origins = 0u64;
        for m in &self.movers {
            origins |= 1u64 << m.origin;
        }
        for s in board8::Bitboard(captured_stationary & !origins) {
            board.remove(s);
        }
        for m in &self.movers {
            board.remove(sq(m.origin));
        }
        let mut arrived = 0u64;
        for (i, m) in self.movers.iter().enumerate() {
            match self.status[i] {
                Status::Done => {
                    let o = &orders[m.order as usize];
                    let role = if m.piece.role == Role::Pawn {
                        o.promotion.unwrap_or(Role::Pawn)
                    } else {
                        m.piece.role
                    };
                    board.put(
                        sq(self.square[i]),
                        Piece {
                            color: m.piece.color,
                            role,
                        },
                    );
                    arrived |= 1u64 << self.square[i];
                }
                Status::Returned | Status::Active => board.put(sq(m.origin), m.piece),
                Status::Captured => {}
            }
        }
        for (i, m) in self.movers.iter().enumerate() {
            let o = &orders[m.order as usize];
            if self.status[i] == Status::Done && o.kind == OrderKind::EnPassant {
                if let Some(passed) = o.passed_pawn() {
                    let victim = Piece {
                        color: !o.color,
                        role: Role::Pawn,
                    };
                    if board.piece_at(passed) == Some(victim) && arrived & passed.bit() == 0 {
                        board.remove(passed);
                        self.captures += 1;
                        self.took[i] = Some(victim);
                    }
                }
            }
        }
        board
    }
}
