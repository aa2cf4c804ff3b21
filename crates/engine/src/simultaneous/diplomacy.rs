//! Diplomacy Chess for the search: a hand-made evaluation and candidate order sets for the
//! three modes.
//!
//! - basic: every valid order is a candidate (a one-order set), the likeliest first;
//! - simultaneous-progressive: sets of 1 to n orders of different pieces, drawn from the
//!   orders that need no own piece out of their way, the likeliest orders most often;
//! - progressive: series of n entries, each drawn on the position the earlier entries of
//!   the series lead to if the other side stood still (written in coordinates, so that an
//!   entry names the same move whatever the other side did before its step). From the
//!   second entry on, each is guarded by a conditional: if the piece it moves is no longer
//!   on its square (the other side took it at an earlier step), another piece moves instead
//!   of the step being lost.

use super::policy::{centrality, softmax_draw};
use super::search::Searchable;
use board8::{Board, Role};
use diplo_core::{Color, SimultaneousPosition};
use diplomacy_chess::notation::{san, san_notation, Notation};
use diplomacy_chess::validity::{in_check, valid_orders, Rules};
use diplomacy_chess::{Condition, Entry, Mode, Order, OrderKind, Position, State};
use rand::rngs::SmallRng;
use rand::Rng;

/// Material in pawns; the King is never captured, so it counts nothing.
pub(crate) fn value(role: Role) -> f64 {
    match role {
        Role::Pawn => 1.0,
        Role::Knight | Role::Bishop => 3.0,
        Role::Rook => 5.0,
        Role::Queen => 9.0,
        Role::King => 0.0,
    }
}

/// How many pawns of advantage make a 73 % (1 / (1 + e^-1)) expected score.
const SCALE: f64 = 4.0;

/// White's score from a board: material, pieces en prise, mobility and pawn progress,
/// squashed into 0..1.
pub(crate) fn evaluate_board(board: &Board) -> f64 {
    let pawns = side_score(board, Color::White) - side_score(board, Color::Black);
    1.0 / (1.0 + (-pawns / SCALE).exp())
}

/// One side's share of the evaluation, in pawns.
fn side_score(board: &Board, side: Color) -> f64 {
    let occupied = board.occupied();
    let mut score = 0.0;
    let mut worst_threat: f64 = 0.0;
    for (sq, piece) in board.iter().filter(|(_, p)| p.color == side) {
        let v = value(piece.role);
        score += v;
        // Mobility: squares attacked (a tenth of a pawn per four squares).
        score += 0.025 * f64::from(board.attacks_from(sq).count_ones());
        if piece.role == Role::Pawn {
            let advance = side.fold(sq.rank(), 7 - sq.rank());
            score += 0.04 * f64::from(advance.saturating_sub(1));
        }
        if piece.role == Role::King {
            continue;
        }
        // A piece attacked by a cheaper enemy, or attacked and undefended, is at risk: the
        // enemy may take it this turn (it may also move away, hence only part of it).
        let attackers = board.attackers(sq, !side, occupied);
        if attackers != 0 {
            let cheapest = lowest_value(board, attackers);
            let defended = board.attackers(sq, side, occupied) != 0;
            let risk = if defended { (v - cheapest).max(0.0) } else { v };
            worst_threat = worst_threat.max(risk);
            score -= 0.15 * risk;
        }
    }
    // The worst threat is the one the enemy will carry out.
    score -= 0.3 * worst_threat;
    if let Some(king) = board.king(side) {
        // A king in check must spend its turn answering it.
        if board.attackers(king, !side, occupied) != 0 {
            score -= 0.3;
        }
    }
    score
}

/// The value of the cheapest piece among `pieces`.
fn lowest_value(board: &Board, pieces: u64) -> f64 {
    board8::Bitboard(pieces)
        .filter_map(|sq| board.piece_at(sq))
        .map(|p| {
            if p.role == Role::King {
                100.0
            } else {
                value(p.role)
            }
        })
        .fold(f64::INFINITY, f64::min)
}

/// How much `order` looks worth playing on `pos`, in pawns (the candidates' order and
/// sampling weights).
fn prior(pos: &Position, order: &Order) -> f64 {
    let board = &pos.board;
    let me = order.color;
    let mover = value(order.role);
    let mut p = 0.0;
    if let Some(target) = board.piece_at(order.to).filter(|t| t.color != me) {
        p += value(target.role);
    }
    if order.kind == OrderKind::EnPassant {
        p += 1.0;
    }
    if let Some(promotion) = order.promotion {
        p += value(promotion) - 1.0;
    }
    let occupied = board.occupied();
    // Escaping a threat.
    let at_from = board.attackers(order.from, !me, occupied);
    if at_from != 0 && order.role != Role::King {
        p += 0.5 * mover;
    }
    // Walking into one.
    let after = occupied & !order.from.bit();
    let at_to = board.attackers(order.to, !me, after);
    if at_to != 0 && order.role != Role::King {
        let defended = board.attackers(order.to, me, after) != 0;
        let cheapest = lowest_value(board, at_to);
        p -= 0.6
            * if defended {
                (mover - cheapest).max(0.0)
            } else {
                mover
            };
    }
    match order.kind {
        OrderKind::Castle => p += 0.4,
        _ if order.role == Role::King => p -= 0.3,
        _ => {}
    }
    // Development and the centre, a little.
    p += 0.05 * centrality(order.to) - 0.05 * centrality(order.from);
    p
}

/// The orders valid under `rules` with their entries in canonical SAN (as `legal_orders`
/// writes them).
fn orders_with_entries(pos: &Position, side: Color, rules: Rules) -> Vec<(Order, Entry)> {
    let mut valid = Vec::new();
    valid_orders(pos, side, rules, &mut valid);
    valid
        .iter()
        .map(|o| {
            let entry = Entry::Move {
                notation: san_notation(o, &valid),
                text: san(pos, o, &valid),
            };
            (*o, entry)
        })
        .collect()
}

/// An entry that names `order` wherever it is read: coordinates (castling by its name).
fn coordinate_entry(order: &Order) -> Entry {
    if order.kind == OrderKind::Castle {
        let kingside = order.to.file() > order.from.file();
        let text = if kingside { "O-O" } else { "O-O-O" };
        return Entry::Move {
            notation: Notation::Castle { kingside },
            text: text.to_string(),
        };
    }
    Entry::Move {
        notation: Notation::Coordinate {
            from: order.from,
            to: order.to,
            promotion: order.promotion,
        },
        text: order.coordinate(),
    }
}

/// The basic mode's candidates: every valid order alone, by prior (with a little jitter so
/// that equal priors do not always favour the board's first squares).
fn basic(pos: &Position, side: Color, count: usize, rng: &mut SmallRng) -> Vec<Vec<Entry>> {
    let mut scored: Vec<(f64, Entry)> = orders_with_entries(pos, side, Rules::BASIC)
        .into_iter()
        .map(|(o, e)| (prior(pos, &o) + rng.gen::<f64>() * 0.2, e))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored
        .into_iter()
        .take(count)
        .map(|(_, e)| vec![e])
        .collect()
}

/// The simultaneous-progressive candidates: sets of 1 to n orders of different pieces.
fn sets(
    pos: &Position,
    side: Color,
    n: usize,
    count: usize,
    rng: &mut SmallRng,
) -> Vec<Vec<Entry>> {
    let own = pos.board.by_color(side);
    let passable = Rules {
        transparent: own,
        static_safety: false,
    };
    // Orders that need no own piece out of the way: valid in any set of distinct pieces.
    let free: Vec<(Order, Entry)> = orders_with_entries(pos, side, passable)
        .into_iter()
        .filter(|(o, _)| {
            let path = match o.role {
                Role::Knight | Role::King => 0,
                _ => board8::between(o.from, o.to),
            };
            o.kind == OrderKind::Castle || (path | o.to.bit()) & own == 0
        })
        .collect();
    // In check, a set needs an order that answers it on its own (§10.2).
    let answers: Vec<usize> = if in_check(pos, side) {
        let basic = orders_with_entries(pos, side, Rules::BASIC);
        free.iter()
            .enumerate()
            .filter(|(_, (o, _))| basic.iter().any(|(b, _)| b == o))
            .map(|(i, _)| i)
            .collect()
    } else {
        Vec::new()
    };
    if free.is_empty() {
        return Vec::new();
    }
    let priors: Vec<f64> = free.iter().map(|(o, _)| prior(pos, o)).collect();
    let mut out = Vec::new();
    for k in 0..count * 3 {
        if out.len() >= count {
            break;
        }
        // Sizes: the first candidates are small, then larger ones (a larger set moves more
        // pieces but also leaves more of them exposed).
        let size = 1 + rng.gen_range(0..n.max(1)).min(k % n.max(1));
        let mut used = 0u64;
        let mut set: Vec<Entry> = Vec::new();
        if !answers.is_empty() {
            let answer_priors: Vec<f64> = answers.iter().map(|&i| priors[i]).collect();
            let i = answers[softmax_draw(&answer_priors, 1.0, rng)];
            used |= movers(&free[i].0);
            set.push(free[i].1.clone());
        }
        let mut tries = 0;
        while set.len() < size && tries < 4 * size {
            tries += 1;
            let temperature = if k == 0 { 0.05 } else { 1.0 };
            let i = softmax_draw(&priors, temperature, rng);
            let bits = movers(&free[i].0);
            if bits & used != 0 {
                continue;
            }
            used |= bits;
            set.push(free[i].1.clone());
        }
        if !set.is_empty() {
            out.push(set);
        }
    }
    out
}

/// The squares of the pieces an order moves (castling: king and rook).
fn movers(order: &Order) -> u64 {
    order.from.bit() | order.castle_rook().map_or(0, |(rook, _)| rook.bit())
}

/// The progressive candidates: series of n entries, each drawn on the position the series
/// reached so far with the other side standing still.
fn series(
    state: &State,
    side: Color,
    n: usize,
    count: usize,
    rng: &mut SmallRng,
) -> Vec<Vec<Entry>> {
    let mut out = Vec::new();
    for k in 0..count {
        let mut step = State::new(state.position().clone(), Mode::Basic);
        let mut entries: Vec<Entry> = Vec::with_capacity(n);
        while entries.len() < n {
            if step.result().is_some() {
                break;
            }
            let choices = orders_with_entries(step.position(), side, Rules::BASIC);
            if choices.is_empty() {
                break;
            }
            let priors: Vec<f64> = choices
                .iter()
                .map(|(o, _)| prior(step.position(), o))
                .collect();
            let temperature = if k == 0 { 0.05 } else { 1.0 };
            let (order, entry) = &choices[softmax_draw(&priors, temperature, rng)];
            let Ok(mine) = step.check_orders(side, std::slice::from_ref(entry)) else {
                break;
            };
            let theirs = step.default_orders(!side);
            let (w, b) = match side {
                Color::White => (&mine, &theirs),
                Color::Black => (&theirs, &mine),
            };
            let (next, _) = step.resolve(w, b, &mut diplo_core::NoHistory);
            let planned = coordinate_entry(order);
            entries.push(if entries.is_empty() {
                // The first step runs on the position the series was drawn on.
                planned
            } else {
                guarded(side, order, planned, &choices, &priors)
            });
            step = next;
        }
        // A series cut short by the end of the game repeats its last entry (skipped once
        // the game is over).
        while entries.len() < n {
            match entries.last().cloned() {
                Some(last) => entries.push(last),
                None => break,
            }
        }
        if entries.len() == n {
            out.push(entries);
        }
    }
    out
}

/// `planned` if the piece it moves still stands on its square when its step comes, else
/// the likeliest move of another piece (by `priors` over `choices`); `planned` alone when
/// no other piece can move.
fn guarded(
    side: Color,
    order: &Order,
    planned: Entry,
    choices: &[(Order, Entry)],
    priors: &[f64],
) -> Entry {
    let fallback = choices
        .iter()
        .zip(priors)
        .filter(|((o, _), _)| movers(o) & movers(order) == 0)
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|((o, _), _)| coordinate_entry(o));
    match fallback {
        Some(fallback) => Entry::If(
            Condition::Occupant {
                color: Some(side),
                role: order.role,
                square: order.from,
            },
            Box::new(planned),
            Box::new(fallback),
        ),
        None => planned,
    }
}

impl Searchable for State {
    fn evaluate(&self) -> f64 {
        evaluate_board(&self.position().board)
    }

    fn candidates(&self, side: Color, count: usize, rng: &mut SmallRng) -> Vec<Vec<Entry>> {
        if !self.owes_orders(side) {
            return Vec::new();
        }
        let n = self.position().turn as usize;
        match self.mode() {
            Mode::Basic => basic(self.position(), side, count, rng),
            Mode::SimultaneousProgressive => sets(self.position(), side, n, count, rng),
            Mode::Progressive => series(self, side, n, count, rng),
        }
    }

    fn lookahead_cap(cap: &super::levels::Cap) -> u64 {
        cap.diplomacy_chess
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn progressive_series_guard_their_later_entries_and_pass_the_rules() {
        // Turn 3 of a progressive game: three entries per side.
        let position: Position = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R KQkq - 1 3"
            .parse()
            .unwrap();
        let state = State::new(position, Mode::Progressive);
        let mut rng = SmallRng::seed_from_u64(5);
        for side in [Color::White, Color::Black] {
            let candidates = state.candidates(side, 8, &mut rng);
            assert!(!candidates.is_empty());
            for series in &candidates {
                assert_eq!(series.len(), 3);
                assert!(matches!(series[0], Entry::Move { .. }), "{series:?}");
                for entry in &series[1..] {
                    let Entry::If(Condition::Occupant { color, square, .. }, planned, fallback) =
                        entry
                    else {
                        panic!("an unguarded later entry: {entry}");
                    };
                    assert_eq!(*color, Some(side));
                    // The guard names the square the planned move leaves; the fallback
                    // moves another piece.
                    let from = |e: &Entry| match e {
                        Entry::Move {
                            notation: Notation::Coordinate { from, .. },
                            ..
                        } => from.to_string(),
                        Entry::Move {
                            notation: Notation::Castle { .. },
                            ..
                        } => side.fold("e1", "e8").to_string(),
                        other => panic!("not a coordinate move: {other}"),
                    };
                    assert_eq!(from(planned), square.to_string());
                    assert_ne!(from(fallback), square.to_string());
                }
                assert!(state.check_orders(side, series).is_ok(), "{series:?}");
            }
        }
    }
}
