//! Random play through the dyn [`Session`] API alone, shared by the games' tests: random
//! options, random legal moves, random acceptable order sets, and the check that a game's
//! record replays to the same game.

use diplo_core::record::FinalReason;
use diplo_core::{Color, PhaseKind};
use diplo_games::{replay_record, GameEntry, PhaseView, Session, SimultaneousSession};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// How many random sets a side tries before it sends none (and gets its default orders).
const ORDER_SET_TRIES: usize = 8;

/// A random value for each of the game's options, as `key=value` pairs.
pub fn random_option_pairs(entry: &GameEntry, rng: &mut SmallRng) -> Vec<String> {
    entry
        .info
        .options
        .iter()
        .map(|spec| {
            let value = spec.values.choose(rng).expect("an option has values");
            format!("{}={value}", spec.name)
        })
        .collect()
}

/// A random legal move of a sequential game, in SAN or in coordinates; `None` without one.
pub fn random_move(session: &Session, rng: &mut SmallRng) -> Option<String> {
    let game = session.as_sequential()?;
    let mv = game.legal_moves().choose(rng)?.clone();
    Some(if rng.gen_bool(0.5) {
        mv.san
    } else {
        mv.coordinate
    })
}

/// A random set of `side`'s orders that `check_orders` accepts, drawn from `legal_orders`;
/// `None` (the default orders) now and then, and when no drawn set is accepted.
pub fn random_orders(
    game: &dyn SimultaneousSession,
    side: Color,
    rng: &mut SmallRng,
) -> Option<Vec<String>> {
    if !game.owes_orders(side) || rng.gen_range(0..20) == 0 {
        return None;
    }
    let legal = game.legal_orders(side);
    let (least, most) = game.order_count(side);
    let most = most.min(least + legal.len());
    for _ in 0..ORDER_SET_TRIES {
        let size = rng.gen_range(least..=most);
        // A series may repeat an entry (Diplomacy Chess); a set of orders for distinct
        // pieces (DiploChess) grows one accepted order at a time.
        let orders: Vec<String> = if rng.gen_bool(0.5) {
            (0..size)
                .filter_map(|_| legal.choose(rng).cloned())
                .collect()
        } else {
            let mut shuffled = legal.clone();
            shuffled.shuffle(rng);
            let mut set = Vec::with_capacity(size);
            for order in shuffled {
                if set.len() == size {
                    break;
                }
                set.push(order);
                if set.len() >= least && game.check_orders(side, &set).is_err() {
                    set.pop();
                }
            }
            set
        };
        if game.check_orders(side, &orders).is_ok() {
            return Some(orders);
        }
    }
    None
}

/// Plays one random step: a legal move, or a phase resolved from both sides' random orders.
/// `false` once the game is over or nothing can be played.
pub fn random_step(session: &mut Session, rng: &mut SmallRng) -> bool {
    if session.result().is_some() {
        return false;
    }
    if session.as_sequential().is_some() {
        let Some(text) = random_move(session, rng) else {
            return false;
        };
        let game = session.as_sequential_mut().expect("sequential");
        game.play(&text)
            .unwrap_or_else(|e| panic!("a legal move `{text}` was refused: {e}"));
        return true;
    }
    let game = session.as_simultaneous_mut().expect("simultaneous");
    let white = random_orders(game, Color::White, rng);
    let black = random_orders(game, Color::Black, rng);
    game.resolve(white.as_deref(), black.as_deref())
        .unwrap_or_else(|e| panic!("accepted orders were refused: {e}"));
    true
}

/// Plays up to `steps` random steps.
pub fn play_random(session: &mut Session, steps: usize, rng: &mut SmallRng) {
    for _ in 0..steps {
        if !random_step(session, rng) {
            break;
        }
    }
}

/// Plays random steps until the turn is over: a record holds whole turns (a DiploChess
/// record that stops after a turn's movement replays the later phases with their defaults,
/// `docs/rules/diplochess.md`).
pub fn finish_turn(session: &mut Session, rng: &mut SmallRng) {
    while let Some(game) = session.as_simultaneous() {
        let within_turn = !matches!(game.phase().kind, PhaseKind::Turn | PhaseKind::Movement);
        if !(within_turn && random_step(session, rng)) {
            break;
        }
    }
}

/// Writes the game's record and replays it through the registry (the record's `[Game]`
/// tag chooses the game): the same position, the same moves or phases, and the rules'
/// result, or `*` and the game's own word while it goes on.
pub fn assert_record_replays(session: &Session) {
    let text = session.record(&[("White".to_string(), "random \"player\"".to_string())]);
    let replayed = replay_record(&text, None, &[]).unwrap_or_else(|e| {
        panic!(
            "{}: the record does not replay: {e}\n{text}",
            session.entry().id()
        )
    });
    let again = &replayed.session;
    assert_eq!(again.entry().id(), session.entry().id(), "{text}");
    assert_eq!(again.options(), session.options(), "{text}");
    assert_eq!(again.position_string(), session.position_string(), "{text}");
    assert_eq!(
        again.start_position_string(),
        session.start_position_string(),
        "{text}"
    );
    assert_eq!(again.result(), session.result(), "{text}");
    let result = replayed.result;
    match session.result() {
        Some(r) => {
            assert_eq!(result.outcome, Some(r.outcome), "{text}");
            assert_eq!(result.reason, FinalReason::Rules(r.reason), "{text}");
        }
        None => {
            assert_eq!(result.outcome, None, "{text}");
            assert_eq!(
                result.reason,
                FinalReason::Unfinished(session.unfinished_reason()),
                "{text}"
            );
        }
    }
    match (session.as_sequential(), again.as_sequential()) {
        (Some(played), Some(replayed)) => assert_eq!(played.moves(), replayed.moves(), "{text}"),
        _ => {
            let (played, replayed) = (
                session.as_simultaneous().expect("simultaneous"),
                again.as_simultaneous().expect("simultaneous"),
            );
            // The same adjudications; the orders may read differently, since a record writes
            // each order as it was played (Diplomacy Chess's progressive series: the SAN
            // at its step).
            let view = |phases: Vec<PhaseView>| -> Vec<_> {
                phases
                    .into_iter()
                    .map(|p| (p.phase, p.white.len(), p.black.len(), p.report))
                    .collect()
            };
            assert_eq!(view(played.phases()), view(replayed.phases()), "{text}");
        }
    }
}
