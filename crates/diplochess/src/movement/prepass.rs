//! The static pre-pass of §12, before any decision: void orders, move components, blocking
//! (§5.1), head-to-heads (§5.2), and the matching, cutting and lines of supports (§5.4).

use super::resolve;
use super::turn::{Comp, Kind, State, SupportStatic, Tri, Turn};
use super::{MovementError, NONE};
use crate::order::Order;
use crate::position::{value, Position};
use crate::validity::{ordered_squares, validate, MoveSpec, Valid};
use board8::Square;
use diplo_core::Color;

impl<'a> Turn<'a> {
    /// The pre-pass of §12: void orders, components, BLOCKED, head-to-heads, supports.
    pub fn new(
        position: &'a Position,
        orders: &'a [(Color, Order)],
    ) -> Result<Turn<'a>, MovementError> {
        if orders.len() >= NONE as usize / 2 {
            return Err(MovementError::TooMany(orders.len()));
        }
        let n = orders.len();
        let mut turn = Turn {
            position,
            orders,
            kinds: Vec::with_capacity(n),
            voids: Vec::with_capacity(n),
            comps: Vec::with_capacity(n + 2),
            order_at: [NONE; 64],
            into_head: [NONE; 64],
            hold_sup_head: [NONE; 64],
            next_sup: vec![NONE; n],
            state: vec![State::Fresh; n],
            val: vec![Tri::Unknown; n],
            paradox: vec![false; n],
            recursing: true,
            open: Vec::new(),
            cycles: 0,
        };
        turn.check_duplicates()?;
        turn.classify();
        turn.mark_blocked();
        turn.mark_head_to_heads();
        turn.link_supports();
        Ok(turn)
    }

    fn check_duplicates(&self) -> Result<(), MovementError> {
        // Per side, the order that claimed each square first.
        let mut claimed: [[u16; 64]; 2] = [[NONE; 64]; 2];
        for (i, (color, order)) in self.orders.iter().enumerate() {
            if !order.fits(crate::order::Phase::Movement) {
                continue; // void (VoidReason::WrongPhase), and it names no piece to hold
            }
            for sq in ordered_squares(*color, order).into_iter().flatten() {
                let slot = &mut claimed[color.index()][sq.index()];
                if *slot != NONE {
                    return Err(MovementError::TwoOrders {
                        color: *color,
                        square: sq,
                        first: self.orders[*slot as usize].1.to_string(),
                        second: order.to_string(),
                    });
                }
                *slot = i as u16;
            }
        }
        Ok(())
    }

    fn add_comp(&mut self, order: usize, spec: MoveSpec, color: Color) -> u16 {
        let value = self
            .position
            .board
            .piece_at(spec.from)
            .map_or(0, |p| value(p.role));
        let index = self.comps.len() as u16;
        self.comps.push(Comp {
            order: order as u16,
            spec,
            value,
            color,
            blocked_by: NONE,
            h2h: NONE,
            next_into: self.into_head[spec.to.index()],
            sup_head: NONE,
        });
        self.into_head[spec.to.index()] = index;
        self.order_at[spec.from.index()] = order as u16;
        index
    }

    fn classify(&mut self) {
        for i in 0..self.orders.len() {
            let (color, order) = self.orders[i];
            let (kind, void) = match validate(self.position, color, &order) {
                Err(reason) => (Kind::Void, Some(reason)),
                Ok(valid) => (self.kind_of(i, color, valid), None),
            };
            if let (
                Kind::Void,
                Order::Hold(p)
                | Order::Move(p, _)
                | Order::SupportHold(p, _)
                | Order::SupportMove(p, _, _),
            ) = (kind, order)
            {
                // A void order of an own piece still belongs to it (it holds).
                if self.position.board.piece_at(p.square).map(|x| x.color) == Some(color) {
                    self.order_at[p.square.index()] = i as u16;
                }
            }
            self.kinds.push(kind);
            self.voids.push(void);
        }
    }

    fn kind_of(&mut self, i: usize, color: Color, valid: Valid) -> Kind {
        match valid {
            Valid::Hold(sq) => {
                self.order_at[sq.index()] = i as u16;
                Kind::Hold
            }
            Valid::Move(spec) => Kind::Move(self.add_comp(i, spec, color)),
            Valid::Castle(k, r) => {
                let a = self.add_comp(i, k, color);
                let b = self.add_comp(i, r, color);
                Kind::Castle(a, b)
            }
            Valid::SupportHold(at, target)
            | Valid::SupportMove(at, MoveSpec { to: target, .. }) => {
                self.order_at[at.index()] = i as u16;
                let value = self
                    .position
                    .board
                    .piece_at(at)
                    .map_or(0, |p| value(p.role));
                Kind::Support {
                    at,
                    target,
                    value,
                    color,
                    stat: SupportStatic::Open,
                }
            }
        }
    }

    /// §5.1: a static condition on the orders only.
    fn mark_blocked(&mut self) {
        for m in 0..self.comps.len() {
            let cm = self.comps[m];
            for b in 0..self.comps.len() {
                let cb = self.comps[b];
                if b == m || cb.order == cm.order || cb.value <= cm.value {
                    continue;
                }
                let lands_on_path = cb.spec.inter & cm.spec.to.bit() != 0;
                let crosses = cm.spec.inter & (cb.spec.inter | cb.spec.to.bit()) != 0;
                if lands_on_path || crosses {
                    // Name the most valuable blocker (then the lowest origin square), so
                    // that the explanation does not depend on the listing of the orders.
                    let current = self.comps[m].blocked_by;
                    let better = current == NONE || {
                        let old = self.first_comp_of(current);
                        (cb.value, std::cmp::Reverse(cb.spec.from.index()))
                            > (old.value, std::cmp::Reverse(old.spec.from.index()))
                    };
                    if better {
                        self.comps[m].blocked_by = cb.order;
                    }
                }
            }
        }
    }

    /// The first component of a move or castling order.
    fn first_comp_of(&self, order: u16) -> Comp {
        match self.kinds[order as usize] {
            Kind::Move(c) | Kind::Castle(c, _) => self.comps[c as usize],
            _ => unreachable!("only moves have components"),
        }
    }

    /// §5.2: two unblocked moves each onto the other's origin.
    fn mark_head_to_heads(&mut self) {
        for a in 0..self.comps.len() {
            let ca = self.comps[a];
            if ca.blocked_by != NONE {
                continue;
            }
            let mut b = self.into_head[ca.spec.from.index()];
            while b != NONE {
                let cb = self.comps[b as usize];
                if cb.blocked_by == NONE && cb.spec.from == ca.spec.to && cb.order != ca.order {
                    self.comps[a].h2h = b;
                }
                b = cb.next_into;
            }
        }
    }

    /// The move order of the piece on `sq` (a move or a castling), if it has one.
    pub fn moving_order(&self, sq: Square) -> Option<usize> {
        let o = self.order_at[sq.index()];
        if o == NONE {
            return None;
        }
        matches!(self.kinds[o as usize], Kind::Move(_) | Kind::Castle(..)).then_some(o as usize)
    }

    /// §5.4: matching and cutting are static; so is a line crossed by a piece that stays.
    fn link_supports(&mut self) {
        for i in 0..self.orders.len() {
            let Kind::Support {
                at, target, color, ..
            } = self.kinds[i]
            else {
                continue;
            };
            let stat = self.support_static(i, at, target, color);
            if let Kind::Support { stat: s, .. } = &mut self.kinds[i] {
                *s = stat;
            }
        }
    }

    fn support_static(
        &mut self,
        i: usize,
        at: Square,
        target: Square,
        color: Color,
    ) -> SupportStatic {
        let order = self.orders[i].1;
        // Matching (§5.4.1), and linking the support to what it supports.
        match order {
            Order::SupportHold(_, q) => {
                if self.moving_order(q.square).is_some() {
                    return SupportStatic::NotMatched;
                }
                self.next_sup[i] = self.hold_sup_head[q.square.index()];
                self.hold_sup_head[q.square.index()] = i as u16;
            }
            Order::SupportMove(_, q, to) => {
                let comp = match self.moving_order(q.square).map(|o| self.kinds[o]) {
                    Some(Kind::Move(c)) if self.comps[c as usize].spec.to == to => c,
                    _ => return SupportStatic::NotMatched,
                };
                self.next_sup[i] = self.comps[comp as usize].sup_head;
                self.comps[comp as usize].sup_head = i as u16;
            }
            _ => return SupportStatic::NotMatched,
        }
        // Cutting: an enemy attack (not travel, not blocked) not coming from the target.
        // The cutter named is the one from the lowest square (independent of listing).
        let mut cutter: Option<u16> = None;
        let mut c = self.into_head[at.index()];
        while c != NONE {
            let comp = self.comps[c as usize];
            if comp.color != color
                && comp.blocked_by == NONE
                && !comp.spec.travel
                && comp.spec.from != target
                && cutter.is_none_or_lower(&self.comps, comp.spec.from)
            {
                cutter = Some(c);
            }
            c = comp.next_into;
        }
        if let Some(c) = cutter {
            return SupportStatic::Cut(c);
        }
        // A piece standing on the line that has no move order stays there (§5.5).
        for x in resolve::line_squares(at, target) {
            if self.position.board.piece_at(x).is_some() && self.moving_order(x).is_none() {
                return SupportStatic::LineBlocked(x);
            }
        }
        SupportStatic::Open
    }
}

/// Keeps the component from the lowest origin square.
trait LowestOrigin {
    fn is_none_or_lower(&self, comps: &[Comp], from: Square) -> bool;
}

impl LowestOrigin for Option<u16> {
    fn is_none_or_lower(&self, comps: &[Comp], from: Square) -> bool {
        match self {
            None => true,
            Some(c) => from.index() < comps[*c as usize].spec.from.index(),
        }
    }
}
