//! DiploChess for the search: a hand-made evaluation (power points, pieces that can be
//! dislodged, the King's safety) and candidate order sets built from a per-piece policy.
//!
//! Joint orders for every piece are far too many to list, so a candidate is a small plan:
//! one to three operations (an attack with the supports the other pieces can give it, a
//! quiet move, an escape of a threatened piece, a support of a threatened piece's hold),
//! chosen with weights from the evaluation's terms; the pieces the plan does not use hold,
//! or support a threatened neighbour's hold. Retreats, builds and adjustments list their
//! few sensible choices and let the matrix and the evaluation decide.

use super::policy::{centrality, softmax_draw};
use super::search::Searchable;
use board8::{Bitboard, Board, Role, Square};
use diplo_core::{Color, SimultaneousPosition};
use diplochess::{Order, Phase, PieceRef, State};
use rand::rngs::SmallRng;
use rand::Rng;

fn value(role: Role) -> f64 {
    f64::from(diplochess::value(role))
}

/// The King's weight in the safety terms: losing it loses the game.
const KING_WEIGHT: f64 = 8.0;

/// How many power points of advantage make a 73 % expected score.
const SCALE: f64 = 5.0;

/// What the pieces of `by` can bring against `sq`: the sum of the values of every piece
/// of `by` that could capture onto it (one moves, the others support).
fn attack_strength(board: &Board, sq: Square, by: Color) -> f64 {
    Bitboard(board.attackers(sq, by, board.occupied()))
        .filter_map(|s| board.piece_at(s))
        .map(|p| value(p.role))
        .sum()
}

/// A piece's hold strength with every own piece that could support it.
fn hold_strength(board: &Board, sq: Square, side: Color, own: f64) -> f64 {
    own + attack_strength(board, sq, side)
}

/// One side's share of the evaluation, in power points.
fn side_score(board: &Board, side: Color) -> f64 {
    let mut score = 0.0;
    let mut worst: f64 = 0.0;
    for (sq, piece) in board.iter().filter(|(_, p)| p.color == side) {
        let v = value(piece.role);
        score += v;
        score += 0.02 * f64::from(board.attacks_from(sq).count_ones());
        if piece.role == Role::Pawn {
            let advance = side.fold(sq.rank(), 7 - sq.rank());
            score += 0.05 * f64::from(advance.saturating_sub(1));
        }
        let attack = attack_strength(board, sq, !side);
        if attack > 0.0 && attack > hold_strength(board, sq, side, v) {
            let at_stake = if piece.role == Role::King {
                // A King with nowhere to retreat is lost with the game.
                let free = board8::king_attacks(sq) & !board.occupied();
                KING_WEIGHT / (1.0 + f64::from(free.count_ones()))
            } else {
                0.6 * v
            };
            worst = worst.max(at_stake);
            score -= 0.2 * at_stake;
        }
    }
    score - 0.3 * worst
}

/// White's score from a board (plus, during retreats, the pieces waiting to retreat).
fn evaluate_state(state: &State) -> f64 {
    let position = state.position();
    let board = &position.board;
    let mut points = side_score(board, Color::White) - side_score(board, Color::Black);
    points += 0.5 * (f64::from(position.held.white) - f64::from(position.held.black));
    for (d, squares) in state.pending_retreats() {
        let sign = d.piece.color.fold(1.0, -1.0);
        let kept = if d.piece.role == Role::King {
            if squares.is_empty() {
                -20.0
            } else {
                -2.0
            }
        } else if squares.is_empty() {
            0.0
        } else {
            0.6 * value(d.piece.role)
        };
        points += sign * kept;
    }
    1.0 / (1.0 + (-points / SCALE).exp())
}

/// The movement orders of one piece, by kind.
#[derive(Default, Clone)]
struct PieceOrders {
    moves: Vec<(Order, f64)>,
    support_moves: Vec<Order>,
    support_holds: Vec<Order>,
}

/// The plan being built: one order per piece square at most.
struct Plan {
    used: u64,
    orders: Vec<Order>,
}

impl Plan {
    fn free(&self, sq: Square) -> bool {
        self.used & sq.bit() == 0
    }

    fn add(&mut self, sq: Square, order: Order) {
        self.used |= sq.bit();
        self.orders.push(order);
    }
}

/// The square of the piece an order is for.
fn origin(order: &Order) -> Option<Square> {
    match order {
        Order::Hold(p)
        | Order::Move(p, _)
        | Order::SupportHold(p, _)
        | Order::SupportMove(p, _, _)
        | Order::RetreatDisband(p)
        | Order::Disband(p) => Some(p.square),
        _ => None,
    }
}

/// The movement candidates of `side`.
fn movement(state: &State, side: Color, count: usize, rng: &mut SmallRng) -> Vec<Vec<Order>> {
    let board = &state.position().board;
    let mut legal = Vec::new();
    state.legal_orders(side, &mut legal);
    let mut per_piece: [PieceOrders; 64] = std::array::from_fn(|_| PieceOrders::default());
    // Pieces whose square the enemy can take.
    let mut threatened = 0u64;
    for (sq, piece) in board.iter().filter(|(_, p)| p.color == side) {
        let attack = attack_strength(board, sq, !side);
        if attack > 0.0 && attack > hold_strength(board, sq, side, value(piece.role)) {
            threatened |= sq.bit();
        }
    }
    let mut castles = Vec::new();
    for order in legal {
        match order {
            Order::Move(me, to) => {
                let w = move_weight(board, side, me, to, threatened);
                per_piece[me.square.index()].moves.push((order, w));
            }
            Order::SupportMove(me, _, _) => per_piece[me.square.index()].support_moves.push(order),
            Order::SupportHold(me, them)
                if board.piece_at(them.square).is_some_and(|p| p.color == side) =>
            {
                per_piece[me.square.index()].support_holds.push(order);
            }
            Order::Castle(_) => castles.push(order),
            _ => {}
        }
    }
    // Every move of every piece, for drawing operations.
    let all_moves: Vec<(Order, f64)> = per_piece
        .iter()
        .flat_map(|p| p.moves.iter().cloned())
        .collect();
    let mut out: Vec<Vec<Order>> = Vec::new();
    // Holding everything is always a candidate: the baseline the others must beat.
    out.push(Vec::new());
    out.extend(
        king_traps(board, side, &per_piece)
            .into_iter()
            .take(count / 3),
    );
    for k in 0..count * 2 {
        if out.len() >= count {
            break;
        }
        let mut plan = Plan {
            used: 0,
            orders: Vec::new(),
        };
        let operations = 1 + (k % 3).min(rng.gen_range(0..3));
        let temperature = if k == 0 { 0.05 } else { 1.0 };
        for _ in 0..operations {
            if !castles.is_empty() && rng.gen_bool(0.1) {
                let castle = castles[rng.gen_range(0..castles.len())];
                let (king, rook) = match (castle, side) {
                    (Order::Castle(diplochess::CastleSide::King), Color::White) => ("e1", "h1"),
                    (Order::Castle(_), Color::White) => ("e1", "a1"),
                    (Order::Castle(diplochess::CastleSide::King), Color::Black) => ("e8", "h8"),
                    _ => ("e8", "a8"),
                };
                let (Ok(king), Ok(rook)) = (king.parse::<Square>(), rook.parse::<Square>()) else {
                    continue;
                };
                if plan.free(king) && plan.free(rook) {
                    plan.used |= rook.bit();
                    plan.add(king, castle);
                }
                continue;
            }
            let open: Vec<&(Order, f64)> = all_moves
                .iter()
                .filter(|(o, _)| origin(o).is_some_and(|s| plan.free(s)))
                .collect();
            if open.is_empty() {
                break;
            }
            let weights: Vec<f64> = open.iter().map(|(_, w)| *w).collect();
            let (order, _) = open[softmax_draw(&weights, temperature, rng)];
            let Order::Move(me, to) = *order else {
                continue;
            };
            plan.add(me.square, *order);
            // Every free piece that can support it does, most of the time.
            let attack = board.piece_at(to).is_some_and(|p| p.color != side);
            for (sq, _) in board.iter().filter(|(_, p)| p.color == side) {
                if !plan.free(sq) {
                    continue;
                }
                let support = per_piece[sq.index()].support_moves.iter().find(|s| {
                    matches!(s, Order::SupportMove(_, them, dest) if them.square == me.square && *dest == to)
                });
                if let Some(support) = support {
                    if rng.gen_bool(if attack { 0.85 } else { 0.3 }) {
                        plan.add(sq, *support);
                    }
                }
            }
        }
        // The rest defend threatened pieces where they can, else hold.
        for (sq, _) in board.iter().filter(|(_, p)| p.color == side) {
            if !plan.free(sq) {
                continue;
            }
            let help = per_piece[sq.index()].support_holds.iter().find(|s| {
                matches!(s, Order::SupportHold(_, them) if threatened & them.square.bit() != 0 && plan.free(them.square))
            });
            if let Some(help) = help {
                if rng.gen_bool(0.7) {
                    plan.add(sq, *help);
                }
            }
        }
        out.push(plan.orders);
    }
    out
}

/// Plans to take the other King (§9.1: a King dislodged with nowhere to retreat is lost
/// with the game): a piece attacks the King, other pieces support the attack, and free
/// pieces move onto the King's empty neighbours, since a square taken (or a standoff left
/// there) is a square it cannot retreat to; the attacker's own square is closed to it
/// anyway. Per attacker two plans: supports first, then blocks; and blocks first, for when
/// the King stands alone.
fn king_traps(board: &Board, side: Color, per_piece: &[PieceOrders; 64]) -> Vec<Vec<Order>> {
    let Some(king) = board.king(!side) else {
        return Vec::new();
    };
    let own: Vec<Square> = board
        .iter()
        .filter(|(_, p)| p.color == side)
        .map(|(sq, _)| sq)
        .collect();
    let neighbours: Vec<Square> =
        Bitboard(board8::king_attacks(king) & !board.occupied()).collect();
    let support = |plan: &mut Plan, attacker: Square| {
        for &sq in &own {
            let order = per_piece[sq.index()].support_moves.iter().find(|s| {
                matches!(s, Order::SupportMove(_, them, to) if them.square == attacker && *to == king)
            });
            if let (true, Some(order)) = (plan.free(sq), order) {
                plan.add(sq, *order);
            }
        }
    };
    let block = |plan: &mut Plan| {
        for &target in &neighbours {
            // The cheapest free piece that can step in.
            let mover = own
                .iter()
                .filter(|&&sq| plan.free(sq))
                .filter_map(|&sq| {
                    let order = per_piece[sq.index()]
                        .moves
                        .iter()
                        .find(|(o, _)| matches!(o, Order::Move(_, to) if *to == target))?;
                    Some((sq, order.0))
                })
                .min_by(|a, b| {
                    let worth = |sq: Square| board.piece_at(sq).map_or(0.0, |p| value(p.role));
                    worth(a.0).total_cmp(&worth(b.0))
                });
            if let Some((sq, order)) = mover {
                plan.add(sq, order);
            }
        }
    };
    let mut plans = Vec::new();
    for &attacker in &own {
        let Some((attack, _)) = per_piece[attacker.index()]
            .moves
            .iter()
            .find(|(o, _)| matches!(o, Order::Move(_, to) if *to == king))
        else {
            continue;
        };
        for supports_first in [true, false] {
            let mut plan = Plan {
                used: 0,
                orders: Vec::new(),
            };
            plan.add(attacker, *attack);
            if supports_first {
                support(&mut plan, attacker);
                block(&mut plan);
            } else {
                block(&mut plan);
                support(&mut plan, attacker);
            }
            plans.push(plan.orders);
        }
    }
    plans
}

/// How much a move looks worth playing, in power points.
fn move_weight(board: &Board, side: Color, me: PieceRef, to: Square, threatened: u64) -> f64 {
    let mine = value(me.role);
    let mut w = 0.0;
    match board.piece_at(to) {
        Some(target) if target.color == side => return -3.0, // following an own piece
        Some(target) => {
            let worth = if target.role == Role::King {
                KING_WEIGHT
            } else {
                value(target.role)
            };
            // The attack with every supporter against the hold with every defender.
            let attack = attack_strength(board, to, side);
            let hold = hold_strength(board, to, !side, value(target.role));
            w += if attack > hold { worth } else { 0.3 * worth };
        }
        None => {
            w += 0.3 + 0.1 * centrality(to);
            if me.role == Role::Pawn {
                w += 0.2;
            }
        }
    }
    // Walking into a square the enemy can take.
    // After the move the piece holds with its own value and its supporters (it is one of
    // the pieces that can reach the square itself, so it is counted once).
    if attack_strength(board, to, !side) > attack_strength(board, to, side).max(mine) {
        w -= if me.role == Role::King {
            KING_WEIGHT / 2.0
        } else {
            0.6 * mine
        };
    }
    if threatened & me.square.bit() != 0 {
        w += if me.role == Role::King {
            KING_WEIGHT / 2.0
        } else {
            0.5 * mine
        };
    } else if me.role == Role::King {
        w -= 1.0;
    }
    w
}

/// The retreat candidates: for each dislodged piece its options, safest first; the sets
/// vary one piece at a time from the safest set, never two pieces onto one square.
fn retreats(state: &State, side: Color, count: usize) -> Vec<Vec<Order>> {
    let board = &state.position().board;
    let mut legal = Vec::new();
    state.legal_orders(side, &mut legal);
    // Options per dislodged piece, in the order the list gives them.
    let mut groups: Vec<(Square, Vec<(Order, f64)>)> = Vec::new();
    for order in legal {
        let Some(from) = origin(&order) else {
            continue;
        };
        let score = match order {
            Order::Move(me, to) => {
                let danger = attack_strength(board, to, !side);
                let worth = if me.role == Role::King {
                    KING_WEIGHT
                } else {
                    value(me.role)
                };
                let safe = danger <= value(me.role) + attack_strength(board, to, side);
                if safe {
                    worth + 0.1 * centrality(to)
                } else {
                    0.3 * worth
                }
            }
            _ => 0.0,
        };
        match groups.iter_mut().find(|(s, _)| *s == from) {
            Some((_, options)) => options.push((order, score)),
            None => groups.push((from, vec![(order, score)])),
        }
    }
    for (_, options) in &mut groups {
        options.sort_by(|a, b| b.1.total_cmp(&a.1));
    }
    let best: Vec<Order> = groups.iter().map(|(_, o)| o[0].0).collect();
    let mut out = vec![best.clone()];
    for (g, (_, options)) in groups.iter().enumerate() {
        for (option, _) in options.iter().skip(1) {
            if out.len() >= count {
                return out;
            }
            let mut set = best.clone();
            set[g] = *option;
            out.push(set);
        }
    }
    out.retain(|set| {
        let mut seen = 0u64;
        set.iter().all(|o| match o {
            Order::Move(_, to) => {
                let fresh = seen & to.bit() == 0;
                seen |= to.bit();
                fresh
            }
            _ => true,
        })
    });
    out
}

/// Builds and adjustments: the defaults (no orders), then each single choice.
fn choices(state: &State, side: Color, count: usize) -> Vec<Vec<Order>> {
    let mut legal = Vec::new();
    state.legal_orders(side, &mut legal);
    let mut out = vec![Vec::new()];
    out.extend(
        legal
            .into_iter()
            .take(count.saturating_sub(1))
            .map(|o| vec![o]),
    );
    out
}

impl Searchable for State {
    fn evaluate(&self) -> f64 {
        evaluate_state(self)
    }

    fn candidates(&self, side: Color, count: usize, rng: &mut SmallRng) -> Vec<Vec<Order>> {
        if !self.owes_orders(side) {
            return Vec::new();
        }
        match self.current_phase() {
            Some(Phase::Movement) => movement(self, side, count, rng),
            Some(Phase::Retreats) => retreats(self, side, count),
            Some(Phase::Builds | Phase::Adjustments) => choices(self, side, count),
            None => Vec::new(),
        }
    }

    fn lookahead_cap(cap: &super::levels::Cap) -> u64 {
        cap.diplochess
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use diplo_core::Outcome;
    use rand::SeedableRng;

    /// Whether White's orders, against Black holding, win the game at once (Black then
    /// retreats where it can).
    fn wins_at_once(position: &str, orders: &[Order]) -> bool {
        let entry = diplo_games::find("diplochess").expect("the game");
        let options = entry.options::<&str>(&[]).expect("options");
        let mut session = entry.start(&options, Some(position)).expect("the position");
        let texts: Vec<String> = orders.iter().map(ToString::to_string).collect();
        let mut white = Some(texts);
        for phase in 0..3 {
            if session.result().is_some() {
                break;
            }
            let game = session.as_simultaneous_mut().expect("simultaneous");
            let black = (phase > 0 && game.owes_orders(Color::Black)).then(|| {
                let legal = game.legal_orders(Color::Black);
                let retreat = legal.iter().find(|o| o.contains(" - ")).or(legal.first());
                retreat.into_iter().cloned().collect::<Vec<_>>()
            });
            if game
                .resolve(white.take().as_deref(), black.as_deref())
                .is_err()
            {
                return false;
            }
        }
        session
            .result()
            .is_some_and(|r| r.outcome == Outcome::Win(Color::White))
    }

    #[test]
    fn a_cornered_king_is_attacked_and_walled_in() {
        // Black's King on h8 behind its own pawns: the knight takes h8 while the rook steps
        // onto g8, its one way out. Neither order alone wins.
        let position = "R6k/5Npp/8/8/8/8/8/4K3 - - 0 10";
        let state = State::parse(position, diplochess::Rules::default()).expect("a position");
        let candidates = movement(&state, Color::White, 12, &mut SmallRng::seed_from_u64(1));
        assert!(
            candidates.iter().any(|c| wins_at_once(position, c)),
            "{candidates:?}"
        );
        let knight_alone: Vec<Order> = candidates
            .iter()
            .flatten()
            .filter(|o| matches!(o, Order::Move(p, to) if p.role == Role::Knight && to.to_string() == "h8"))
            .take(1)
            .copied()
            .collect();
        assert_eq!(knight_alone.len(), 1);
        assert!(!wins_at_once(position, &knight_alone));
    }
}
