//! The enumeration of legal orders ([`SimultaneousPosition::legal_orders`]) against the
//! validators, in every phase: every enumerated order is valid and accepted by the phase's
//! reader, and every valid order is enumerated — checked on every candidate order that can
//! be valid at all (exhaustively) and on thousands of random orders of every form, over
//! random, crowded, endgame and helper positions and the states random games reach.
//!
//! The validators: movement, [`validate`] (§4.2: a valid order is not void); retreats, the
//! retreat resolver (the order, given alone, is executed); the build step and adjustments,
//! their resolvers likewise (for a conversion, given with the choices that keep its type
//! short, rule 17).

use board8::{Piece, Role, Square};
use diplo_core::{Color, SimultaneousPosition};
use diplo_testkit::diplochess::{
    any_order, crowded_position, endgame_position, random_order_set, random_position, Rng,
};
use diplochess::{
    adjust, build_step, retreat, validate, Game, Order, OrderOutcome, Phase, PieceRef, Position,
    Rules, State,
};
use std::collections::HashSet;

const HELPER_POSITIONS: &[&str] = &[
    diplochess::START,
    "4k3/8/8/8/8/8/8/4K3",
    "4k3/p7/8/8/8/8/8/R3KBNR - PPp 7 31",
    "r3k2r/8/8/8/8/8/8/R3K2R KQkq - 0 12",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R KQkq - 0 9",
    "7k/8/8/b2n4/5N2/1B1n4/8/K2RN3 - - 0 1",
    "7k/p7/8/3n4/5N2/1B6/8/K7 - - 0 1",
    "1n2k3/P7/8/8/8/8/8/4K3 - - 0 1",
    // Turn 10, adjustments (turned on for these): black pieces on White's home squares
    // leave White fewer controlled squares than pieces, an excess to disband.
    "rnbqkb1r/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBnR KQkq - 0 10",
    "4k3/pppp4/8/8/PPPP4/NNBB4/4PPPP/nr1QK1rn - - 0 10",
    "4k3/pppp4/8/8/PPPP4/NNBB4/4PPPP/nr1QK1rn - - 0 20",
];

/// States in every phase: positions at their movement phase, and the states random games
/// reach from them (retreats, builds, adjustments included).
fn states(games: usize, seed: u64) -> Vec<State> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let position: Position = match (HELPER_POSITIONS.get(g), g % 4) {
            (Some(text), _) => text.parse().unwrap(),
            (None, 0) => random_position(&mut rng, 2 + g % 15),
            (None, 1) => crowded_position(&mut rng),
            (None, _) => endgame_position(&mut rng),
        };
        let rules = Rules {
            adjustments: g % 2 == 0 || position.turn % 10 == 0,
            bloody: g % 5 == 4,
        };
        let mut game = Game::new(State::new(position, rules));
        for _ in 0..12 {
            if game.result().is_some() {
                break;
            }
            let state = game.position().clone();
            let white = random_order_set(&state, Color::White, &mut rng);
            let black = random_order_set(&state, Color::Black, &mut rng);
            out.push(state);
            game.play(white, black).unwrap();
        }
    }
    out
}

fn piece_refs(position: &Position) -> Vec<PieceRef> {
    position
        .board
        .iter()
        .map(|(square, p)| PieceRef {
            role: p.role,
            square,
        })
        .collect()
}

/// Every order that could be valid in the phase at all: orders naming the pieces as they
/// stand (the validators refuse any other piece or type), with every destination.
fn candidates(state: &State, side: Color) -> Vec<Order> {
    let position = state.position();
    let mut out = Vec::new();
    let squares: Vec<Square> = Square::all().collect();
    match state.current_phase() {
        Some(Phase::Movement) => {
            let all = piece_refs(position);
            let own = all
                .iter()
                .filter(|p| position.board.piece_at(p.square).unwrap().color == side);
            for &me in own {
                out.push(Order::Hold(me));
                for &to in &squares {
                    out.push(Order::Move(me, to));
                }
                for &them in &all {
                    out.push(Order::SupportHold(me, them));
                    for &to in &squares {
                        out.push(Order::SupportMove(me, them, to));
                    }
                }
            }
            out.push(Order::Castle(diplochess::CastleSide::King));
            out.push(Order::Castle(diplochess::CastleSide::Queen));
        }
        Some(Phase::Retreats) => {
            for d in &state.movement().unwrap().dislodged {
                let me = PieceRef {
                    role: d.piece.role,
                    square: d.square,
                };
                out.push(Order::RetreatDisband(me));
                out.extend(squares.iter().map(|&to| Order::Move(me, to)));
            }
        }
        Some(Phase::Builds | Phase::Adjustments) => {
            for &sq in &squares {
                for role in Role::ALL {
                    out.push(Order::Build(role, sq));
                    out.push(Order::Convert(sq, role));
                }
            }
            for me in piece_refs(position) {
                out.push(Order::Disband(me));
            }
        }
        None => {}
    }
    out
}

/// The outcome of `order` given alone by `side` in the phase's resolver.
fn alone(state: &State, side: Color, order: Order) -> OrderOutcome {
    let orders = [(side, order)];
    let position = state.position();
    let reports = match state.current_phase() {
        Some(Phase::Retreats) => {
            retreat(state.movement().unwrap(), state.rules(), &orders)
                .unwrap()
                .reports
        }
        Some(Phase::Builds) => build_step(position, &orders).unwrap().reports,
        Some(Phase::Adjustments) => adjust(position, &orders).reports,
        _ => unreachable!("movement orders are judged by validate"),
    };
    reports[0].outcome.clone()
}

/// Whether the validators accept `order` of `side` in this phase.
fn valid(state: &State, side: Color, order: Order) -> bool {
    let phase = state.current_phase().expect("not over");
    if !order.fits(phase) {
        return false;
    }
    match phase {
        Phase::Movement => validate(state.position(), side, &order).is_ok(),
        _ => alone(state, side, order) == OrderOutcome::Executed,
    }
}

/// A conversion is valid when some choice of the deferred builds and of the conversions of
/// the pawns on earlier files leaves its type short: the set that takes other types first.
fn conversion_executes(state: &State, side: Color, order: Order) -> bool {
    let Order::Convert(target, role) = order else {
        unreachable!()
    };
    let position = state.position();
    let types = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
    let cap = |r: Role| diplochess::cap(r);
    let mut lacking: Vec<(Role, u32)> = types
        .iter()
        .map(|&r| (r, cap(r).saturating_sub(position.count(side, r))))
        .collect();
    let take = |lacking: &mut Vec<(Role, u32)>| {
        let pick = lacking
            .iter()
            .position(|&(r, n)| r != role && n > 0)
            .or_else(|| lacking.iter().position(|&(_, n)| n > 0))?;
        lacking[pick].1 -= 1;
        Some(lacking[pick].0)
    };
    // The free squares of the first rank: the empty ones, and those of the other side's
    // pawns that its step (White's comes first) holds.
    let first = diplochess::first_rank(side);
    let freed = build_step(position, &[]).unwrap().newly_held;
    let mut free = (0..8)
        .map(|f| Square::from_coords(f, first).unwrap())
        .filter(|&s| {
            let other_pawn = position.board.piece_at(s).map(|p| p.color) == Some(!side);
            position.board.piece_at(s).is_none()
                || (side == Color::Black && other_pawn && freed.contains(&s))
        });
    let mut set = Vec::new();
    for _ in 0..position.held[side] {
        let Some(sq) = free.next() else { break };
        match take(&mut lacking) {
            Some(r) => set.push((side, Order::Build(r, sq))),
            None => break,
        }
    }
    let last = diplochess::last_rank(side);
    for (sq, p) in position.board.iter() {
        if p == (Piece {
            color: side,
            role: Role::Pawn,
        }) && sq.rank() == last
            && sq.file() < target.file()
        {
            if let Some(r) = take(&mut lacking) {
                set.push((side, Order::Convert(sq, r)));
            }
        }
    }
    set.push((side, order));
    let report = build_step(position, &set).unwrap();
    report.reports.last().unwrap().outcome == OrderOutcome::Executed
}

/// The form of an order, for the coverage counts.
fn form(order: &Order) -> &'static str {
    match order {
        Order::Hold(_) => "hold",
        Order::Move(..) => "move",
        Order::SupportHold(..) => "support hold",
        Order::SupportMove(..) => "support move",
        Order::Castle(_) => "castle",
        Order::RetreatDisband(_) => "retreat disband",
        Order::Convert(..) => "convert",
        Order::Build(..) => "build",
        Order::Disband(_) => "disband",
    }
}

fn check_state(
    state: &State,
    exhaustive: bool,
    rng: &mut Rng,
    forms: &mut std::collections::BTreeMap<String, usize>,
) -> usize {
    let mut checked = 0;
    for side in Color::ALL {
        let mut legal = Vec::new();
        state.legal_orders(side, &mut legal);
        for order in &legal {
            let phase = state.current_phase().unwrap();
            *forms
                .entry(format!("{phase}: {}", form(order)))
                .or_default() += 1;
        }
        let set: HashSet<Order> = legal.iter().copied().collect();
        assert_eq!(set.len(), legal.len(), "{state}: an order enumerated twice");
        if !state.owes_orders(side) {
            assert!(legal.is_empty(), "{state}: {side} owes nothing: {legal:?}");
        }
        for &order in &legal {
            // Accepted by the phase's reader, from its text too.
            assert_eq!(state.parse_order(side, &order.to_string()), Ok(order));
            state
                .check_orders(side, &[order])
                .unwrap_or_else(|e| panic!("{state}: {side} {order}: {e}"));
            // Valid.
            let ok = match (state.current_phase(), order) {
                (Some(Phase::Builds), Order::Convert(..)) => {
                    conversion_executes(state, side, order)
                }
                _ => valid(state, side, order),
            };
            assert!(
                ok,
                "{state} ({:?}): {side} {order} is not valid",
                state.current_phase()
            );
        }
        // Every valid order is enumerated: every candidate, or random ones.
        let try_order = |order: Order| {
            if valid(state, side, order) {
                assert!(
                    set.contains(&order),
                    "{state} ({:?}): {side} {order} is valid but not enumerated",
                    state.current_phase()
                );
            }
        };
        if exhaustive {
            for order in candidates(state, side) {
                try_order(order);
                checked += 1;
            }
        }
        for _ in 0..40 {
            try_order(any_order(rng, state.position()));
            checked += 1;
        }
    }
    checked
}

#[test]
fn legal_orders_are_exactly_the_valid_orders() {
    let mut rng = Rng::new(0xE4);
    let states = states(260, 17);
    let mut by_phase = std::collections::BTreeMap::<String, usize>::new();
    let mut forms = std::collections::BTreeMap::<String, usize>::new();
    let mut checked = 0;
    for (i, state) in states.iter().enumerate() {
        let phase = state.current_phase().unwrap();
        *by_phase.entry(phase.to_string()).or_default() += 1;
        // Exhaustive for every state outside movement and a share of the movement ones.
        let exhaustive = phase != Phase::Movement || i % 6 == 0;
        checked += check_state(state, exhaustive, &mut rng, &mut forms);
    }
    eprintln!(
        "{checked} orders checked in {} states: {by_phase:?}",
        states.len()
    );
    eprintln!("enumerated: {forms:?}");
    for phase in ["movement", "retreats", "builds", "adjustments"] {
        assert!(
            by_phase.get(phase).copied().unwrap_or(0) >= 20,
            "{by_phase:?}"
        );
    }
    for form in [
        "movement: hold",
        "movement: move",
        "movement: support hold",
        "movement: support move",
        "movement: castle",
        "retreats: move",
        "retreats: retreat disband",
        "builds: build",
        "builds: convert",
        "adjustments: build",
        "adjustments: disband",
    ] {
        assert!(
            forms.get(form).copied().unwrap_or(0) > 0,
            "{form}: {forms:?}"
        );
    }
}

/// Crowded positions (pieces packed on a 5x5 corner) with many random orders of every form.
#[test]
fn random_orders_on_crowded_positions() {
    let mut rng = Rng::new(0xC0);
    let mut valid_seen = 0;
    for _ in 0..1000 {
        let state = State::new(crowded_position(&mut rng), Rules::default());
        for side in Color::ALL {
            let mut legal = Vec::new();
            state.legal_orders(side, &mut legal);
            let set: HashSet<Order> = legal.into_iter().collect();
            for _ in 0..50 {
                let order = any_order(&mut rng, state.position());
                let ok =
                    order.fits(Phase::Movement) && validate(state.position(), side, &order).is_ok();
                assert_eq!(ok, set.contains(&order), "{state}: {side} {order}");
                valid_seen += usize::from(ok);
            }
        }
    }
    assert!(valid_seen > 3000, "only {valid_seen} valid random orders");
}

/// A small position counted by hand: White's King e1 and rook h1 (castling right `K`)
/// against the black King e8.
#[test]
fn a_position_counted_by_hand() {
    let state = State::parse("4k3/8/8/8/8/8/8/4K2R K - 0 1", Rules::default()).unwrap();
    let mut legal = Vec::new();
    state.legal_orders(Color::White, &mut legal);
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    // King: hold, five steps, the support of the rook to f1. Rook: hold, ten moves, the
    // support of the King's hold and of its steps to d1 and f1. Castling.
    assert_eq!(legal.len(), 7 + 14 + 1, "{texts:?}");
    for text in [
        "K e1 H",
        "K e1 - f2",
        "K e1 S R h1 - f1",
        "R h1 - e1",
        "R h1 - h8",
        "R h1 S K e1",
        "R h1 S K e1 - d1",
        "O-O",
    ] {
        assert!(texts.iter().any(|t| t == text), "{text}: {texts:?}");
    }
    assert!(!texts
        .iter()
        .any(|t| t == "O-O-O" || t == "R h1 S K e1 - e2"));
    assert_eq!(state.order_count(Color::White), (0, 2));
}

/// White's build step comes first: a White pawn on the 8th rank that has no short type to
/// become is held, and the square it leaves is free for a Black deferred build (rule 18).
/// Black, whose first rank is otherwise full, has that choice to make.
#[test]
fn a_square_freed_by_the_other_sides_held_pawn() {
    let mut game = Game::new(State::new(
        "rnbqkbn1/7P/8/8/8/8/8/RNBQKBNR - p 0 1".parse().unwrap(),
        Rules::default(),
    ));
    let start = game.position().clone();
    let push = start.parse_order(Color::White, "P h7 - h8").unwrap();
    let white = start.check_orders(Color::White, &[push]).unwrap();
    game.play(white, start.default_orders(Color::Black))
        .unwrap();
    let state = game.position().clone();
    assert_eq!(state.current_phase(), Some(Phase::Builds));
    assert!(state.owes_orders(Color::Black));
    let mut legal = Vec::new();
    state.legal_orders(Color::Black, &mut legal);
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["Build R h8"]);
    assert_eq!(state.order_count(Color::Black), (0, 1));
    let black = state.check_orders(Color::Black, &legal).unwrap();
    let record = game
        .play(state.default_orders(Color::White), black)
        .unwrap();
    assert!(record
        .resolution
        .to_string()
        .contains("black Build R h8 => executed"));
    assert_eq!(
        game.position().to_string(),
        "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR - P 0 2"
    );
}
