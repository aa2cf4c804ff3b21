//! The build step of every turn (spec §7; rules 16–18): deferred builds, then conversions.

use crate::movement::{OrderOutcome, OrderReport};
use crate::order::Order;
use crate::outcome::{Consequence, Failure, Void};
use crate::position::{cap, first_rank, last_rank, Position};
use board8::{Piece, Role, Square};
use diplo_core::Color;

/// The types a pawn may become, most valuable first (the default order of §7.4).
pub(crate) const TYPES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Why build-step orders could not be resolved at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    #[error("{color}: two orders for {square}")]
    TwoOrders { color: Color, square: Square },
}

/// What the build step did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BuildReport {
    pub position: Position,
    pub reports: Vec<OrderReport>,
    /// Every piece placed (deferred builds and conversions), with its square.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_impls::placed")
    )]
    pub placed: Vec<(Square, Piece)>,
    /// Pawns removed and held (rule 18).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serde_impls::square_list")
    )]
    pub newly_held: Vec<Square>,
}

impl BuildReport {
    /// A conversion, build or held pawn happened (progress, §9.3).
    pub fn progress(&self) -> bool {
        !self.placed.is_empty() || !self.newly_held.is_empty()
    }
}

pub(crate) fn is_short(position: &Position, color: Color, role: Role) -> bool {
    TYPES.contains(&role) && position.count(color, role) < cap(role)
}

fn default_type(position: &Position, color: Color) -> Option<Role> {
    TYPES.into_iter().find(|&r| is_short(position, color, r))
}

fn first_rank_squares(color: Color) -> impl Iterator<Item = Square> {
    (0..8).filter_map(move |f| Square::from_coords(f, first_rank(color)))
}

/// How many pieces the types a side is short of still lack (§7.1).
pub(crate) fn shortage(position: &Position, color: Color) -> usize {
    TYPES
        .iter()
        .map(|&r| cap(r).saturating_sub(position.count(color, r)) as usize)
        .sum()
}

/// A side's pawns on its last rank, which convert in the build step.
pub(crate) fn last_rank_pawns(position: &Position, color: Color) -> u64 {
    position.board.pieces(color, Role::Pawn) & (0xFFu64 << (8 * last_rank(color)))
}

/// The squares of a side's first rank its deferred builds may take (rule 18): the empty
/// ones, and for Black also those of the White pawns that White's step, which comes first,
/// removes and holds.
pub(crate) fn free_first_rank(position: &Position, color: Color) -> u64 {
    let rank = 0xFFu64 << (8 * first_rank(color));
    let mut free = rank & !position.board.occupied();
    if color == Color::Black {
        free |= pawns_held_by_step(position, Color::White);
    }
    free
}

/// The pawns on a side's last rank that its build step removes and holds (rule 17): each
/// deferred build and each conversion before them takes one piece of the shortage, whatever
/// types the player chooses, so these are the pawns after the first `shortage - builds` in
/// file order.
pub(crate) fn pawns_held_by_step(position: &Position, color: Color) -> u64 {
    let converted = shortage(position, color) - deferred_builds(position, color);
    board8::Bitboard(last_rank_pawns(position, color))
        .skip(converted)
        .fold(0, |bits, sq| bits | sq.bit())
}

/// How many deferred builds the step makes for a side (rule 18): one per held pawn while a
/// type is short and a square of its first rank is free.
pub(crate) fn deferred_builds(position: &Position, color: Color) -> usize {
    let free = free_first_rank(position, color).count_ones() as usize;
    usize::from(position.held[color])
        .min(free)
        .min(shortage(position, color))
}

/// How many choices a side makes in the build step: its deferred builds and its pawns on
/// the last rank.
pub(crate) fn decisions(position: &Position, color: Color) -> usize {
    deferred_builds(position, color) + last_rank_pawns(position, color).count_ones() as usize
}

/// Whether a side's build step has anything to do (so that it needs choices): a deferred
/// build or a pawn on its last rank.
pub fn needs_orders(position: &Position, color: Color) -> bool {
    deferred_builds(position, color) > 0 || last_rank_pawns(position, color) != 0
}

/// Runs the build step for both sides with their orders (`Build R a1`, `e8 = N`); missing or
/// invalid choices take the defaults of §7.4.
pub fn build_step(
    position: &Position,
    orders: &[(Color, Order)],
) -> Result<BuildReport, BuildError> {
    // A Build names a square, not a piece: a second one for the same square is void
    // (DATC 6.I.7). Two conversions of one pawn are two orders for one piece: an error.
    let mut seen = [0u64; 2];
    for (color, order) in orders {
        if let Order::Convert(sq, _) = *order {
            if seen[color.index()] & sq.bit() != 0 {
                return Err(BuildError::TwoOrders {
                    color: *color,
                    square: sq,
                });
            }
            seen[color.index()] |= sq.bit();
        }
    }
    let mut p = position.clone();
    let mut outcomes: Vec<Option<OrderOutcome>> = vec![None; orders.len()];
    let mut placed = Vec::new();
    let mut newly_held = Vec::new();
    for color in Color::ALL {
        // Deferred builds first (rule 18).
        let mut builds = orders
            .iter()
            .enumerate()
            .filter(|(_, (c, o))| *c == color && matches!(o, Order::Build(..)));
        while p.held[color] > 0 && default_type(&p, color).is_some() {
            let free = first_rank_squares(color).find(|s| p.board.piece_at(*s).is_none());
            let Some(default_square) = free else {
                break; // the build waits for a later build step
            };
            let mut choice = (default_type(&p, color).expect("checked"), default_square);
            if let Some((i, (_, Order::Build(role, sq)))) = builds.next() {
                if !is_short(&p, color, *role) {
                    outcomes[i] = Some(OrderOutcome::Failed(Failure::void_then(
                        Void::NotALostType { role: *role },
                        Consequence::DefaultUsed,
                    )));
                } else if sq.rank() != first_rank(color) || p.board.piece_at(*sq).is_some() {
                    outcomes[i] = Some(OrderOutcome::Failed(Failure::void_then(
                        Void::NotEmptyFirstRank { square: *sq },
                        Consequence::DefaultUsed,
                    )));
                } else {
                    outcomes[i] = Some(OrderOutcome::Executed);
                    choice = (*role, *sq);
                }
            }
            let piece = Piece {
                color,
                role: choice.0,
            };
            p.board.put(choice.1, piece);
            p.held[color] -= 1;
            placed.push((choice.1, piece));
        }
        // Then conversions (rules 16, 17), in file order.
        let last = p.board.pieces(color, Role::Pawn) & (0xFFu64 << (8 * last_rank(color)));
        for sq in board8::Bitboard(last) {
            let order = orders
                .iter()
                .enumerate()
                .find(|(_, (c, o))| *c == color && matches!(o, Order::Convert(s, _) if *s == sq));
            let mut role = default_type(&p, color);
            if let Some((i, (_, Order::Convert(_, wanted)))) = order {
                if is_short(&p, color, *wanted) {
                    outcomes[i] = Some(OrderOutcome::Executed);
                    role = Some(*wanted);
                } else {
                    outcomes[i] = Some(OrderOutcome::Failed(match role {
                        Some(r) => Failure::void_then(
                            Void::NotALostType { role: *wanted },
                            Consequence::ConvertedTo(r),
                        ),
                        None => Failure::void_then(Void::NoLostType, Consequence::PawnHeld),
                    }));
                }
            }
            match role {
                Some(role) => {
                    let piece = Piece { color, role };
                    p.board.put(sq, piece);
                    placed.push((sq, piece));
                }
                None => {
                    p.board.remove(sq);
                    p.held[color] += 1;
                    newly_held.push(sq);
                }
            }
        }
    }
    let reports = OrderReport::all(orders, outcomes, |order| match order {
        Order::Build(..) | Order::Convert(..) => Failure::NotNeeded,
        _ => Failure::void(Void::NotABuildStepOrder),
    });
    Ok(BuildReport {
        position: p,
        reports,
        placed,
        newly_held,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Position {
        let mut fields = s.split_whitespace();
        let board = fields.next().unwrap();
        // Pawns on the last rank only exist between movement and the build step.
        let squares = board8::parse_board_field(board, Piece::from_char).unwrap();
        let mut p: Position = "4k3/8/8/8/8/8/8/4K3".parse().unwrap();
        p.board = board8::Board::empty();
        for sq in Square::all() {
            if let Some(x) = squares[sq.index()] {
                p.board.put(sq, x);
            }
        }
        if let Some(held) = fields.next() {
            p.held.white = held.chars().filter(|&c| c == 'P').count() as u8;
            p.held.black = held.chars().filter(|&c| c == 'p').count() as u8;
        }
        p
    }

    #[test]
    fn conversion_needs_a_lost_type() {
        // White has everything: the pawn on e8 is held.
        let p = pos("rnbqPbnr/8/8/8/8/8/8/RNBQKBNR -");
        let r = build_step(&p, &[]).unwrap();
        assert_eq!(r.position.held.white, 1);
        assert!(r.position.board.piece_at("e8".parse().unwrap()).is_none());
        // White lost a knight: the default is the most valuable lost type, here N only.
        let p = pos("4P3/8/8/8/8/8/8/R1BQKBNR -");
        let r = build_step(&p, &[]).unwrap();
        assert_eq!(
            r.position
                .board
                .to_owned()
                .piece_at("e8".parse().unwrap())
                .map(|x| x.char()),
            Some('N')
        );
    }

    #[test]
    fn deferred_build_on_first_rank() {
        let p = pos("4k3/8/8/8/8/8/8/RNB1KBNR P");
        let order: Order = "Build Q d1".parse().unwrap();
        let r = build_step(&p, &[(Color::White, order)]).unwrap();
        assert_eq!(r.position.held.white, 0);
        assert_eq!(r.reports[0].outcome, OrderOutcome::Executed);
        assert_eq!(
            r.position
                .board
                .piece_at("d1".parse().unwrap())
                .map(|x| x.char()),
            Some('Q')
        );
    }
}
