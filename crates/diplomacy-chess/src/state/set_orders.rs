//! Simultaneous-progressive mode's legal orders: those valid with every own piece passable
//! that some accepted set holds, with the set that shows it (§10.2).

use super::State;
use crate::conditional::Entry;
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::validity::{in_check, valid_orders, Rules};
use board8::{between, Role};
use diplo_core::Color;

impl State {
    /// Simultaneous-progressive mode: the orders valid with every own piece passable (§10.2)
    /// that some accepted set holds. The set tried for an order is the order alone when no
    /// own piece is in its way, else the order with one move of each piece in its way (and
    /// of the pieces in their way, without cycles), plus a move that answers a check when
    /// the order does not; it must fit the turn's set size and pass [`State::check_entries`].
    /// SAN is disambiguated over the passable orders, so it names one order in any set.
    pub(super) fn set_orders(&self, side: Color, out: &mut Vec<Entry>) {
        let pos = &self.position;
        let mut cands = Vec::new();
        let passable = Rules {
            transparent: pos.board.by_color(side),
            static_safety: false,
        };
        valid_orders(pos, side, passable, &mut cands);
        let (_, most) = self.entry_count();
        let check = in_check(pos, side);
        let mut answers = Vec::new();
        if check {
            valid_orders(pos, side, Rules::BASIC, &mut answers);
        }
        let needs: Vec<u64> = cands.iter().map(|o| in_the_way(pos, o)).collect();
        for (i, order) in cands.iter().enumerate() {
            if needs[i] == 0 && (!check || answers.contains(order)) {
                // Alone in its set: valid with no own piece passed, and it answers any check.
                out.push(self.entry_of(order, &cands));
                continue;
            }
            let Some(set) = witness(i, &cands, &needs, &answers, most, check) else {
                continue;
            };
            let entries: Vec<Entry> = set
                .iter()
                .map(|&k| self.entry_of(&cands[k], &cands))
                .collect();
            if self.check_entries(side, &entries).is_ok() {
                out.extend(entries.into_iter().next());
            }
        }
    }
}

/// The own pieces standing on an order's path or final square (its own movers aside): the
/// pieces that must move in the same set for it to be valid (§10.2).
fn in_the_way(pos: &Position, order: &Order) -> u64 {
    let (from, to) = (order.from, order.to);
    let path = match order.kind {
        // Castling needs the squares between king and rook empty now.
        OrderKind::Castle | OrderKind::PawnDiagonal => 0,
        OrderKind::Push | OrderKind::EnPassant => to.bit(),
        OrderKind::DoublePush => between(from, to) | to.bit(),
        OrderKind::Piece => match order.role {
            Role::Knight | Role::King => to.bit(),
            _ => between(from, to) | to.bit(),
        },
    };
    path & pos.board.by_color(order.color) & !movers(order)
}

/// The squares of the pieces an order moves (castling: king and rook).
fn movers(order: &Order) -> u64 {
    let mut bits = order.from.bit();
    if let Some((rook, _)) = order.castle_rook() {
        bits |= rook.bit();
    }
    bits
}

/// A set of orders (indices into `cands`, `first` first) that moves every own piece in the
/// way of `first` and of the moves added for them, no piece twice, with an answer to a
/// check; `None` when none is found within `most` orders.
fn witness(
    first: usize,
    cands: &[Order],
    needs: &[u64],
    answers: &[Order],
    most: usize,
    check: bool,
) -> Option<Vec<usize>> {
    let mut set = vec![first];
    let mut moving = movers(&cands[first]);
    let mut pending = needs[first];
    while pending != 0 {
        let piece = pending & pending.wrapping_neg();
        if set.len() >= most {
            return None;
        }
        // A move of that piece that needs none of the pieces already in the set (no
        // cycles), with as few new pieces in its way as can be.
        let helper = (0..cands.len())
            .filter(|&k| {
                cands[k].from.bit() == piece
                    && movers(&cands[k]) & moving == 0
                    && needs[k] & moving == 0
            })
            .min_by_key(|&k| needs[k].count_ones())?;
        set.push(helper);
        moving |= movers(&cands[helper]);
        pending = (pending | needs[helper]) & !moving;
    }
    if check && !set.iter().any(|&k| answers.contains(&cands[k])) {
        if set.len() >= most {
            return None;
        }
        let answer = (0..cands.len())
            .find(|&k| answers.contains(&cands[k]) && movers(&cands[k]) & moving == 0)?;
        set.push(answer);
    }
    Some(set)
}
