//! Whole games driven only through the position trait ([`SimultaneousPosition`]) and the
//! generic game: random legal order sets for every phase, from the start, random, crowded
//! and endgame positions, under every option. Nothing may fail or panic; the record the game
//! writes replays with the crate's reader to the same phases, positions and result; and the
//! repetition hash agrees with the repetition rule's comparison.

use diplo_core::{Color, NoHistory, PhaseKind, SimultaneousPosition};
use diplo_testkit::diplochess::{
    crowded_position, endgame_position, random_order_set, random_position, Rng,
};
use diplochess::{record, Game, Rules, State};

const HELPER_POSITIONS: &[&str] = &[
    diplochess::START,
    "4k3/8/8/8/8/8/8/4K3",
    "4k3/p7/8/8/8/8/8/R3KBNR - PPp 7 31",
    "r3k2r/8/8/8/8/8/8/R3K2R KQkq - 0 12",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R KQkq - 0 9",
    "7k/8/8/b2n4/5N2/1B1n4/8/K2RN3 - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 48 1",
];

fn all_rules() -> [Rules; 4] {
    [false, true]
        .map(|adjustments| Rules {
            adjustments,
            bloody: false,
        })
        .into_iter()
        .chain([false, true].map(|adjustments| Rules {
            adjustments,
            bloody: true,
        }))
        .collect::<Vec<_>>()
        .try_into()
        .expect("four")
}

/// The start of game `g`: the helper positions, then random, crowded and endgame ones.
fn start(g: usize, rng: &mut Rng) -> State {
    let rules = all_rules()[g % 4];
    let text = match g / 4 {
        i if i < HELPER_POSITIONS.len() => HELPER_POSITIONS[i].to_string(),
        _ => match g % 3 {
            0 => random_position(rng, 3 + g % 14).to_string(),
            1 => crowded_position(rng).to_string(),
            _ => endgame_position(rng).to_string(),
        },
    };
    State::parse(&text, rules).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Plays one phase with random legal orders for the sides that owe some, checking on the
/// way that resolution is a pure function of the position, the orders and the history.
fn play_random(game: &mut Game, rng: &mut Rng) {
    let state = game.position().clone();
    let white = random_order_set(&state, Color::White, rng);
    let black = random_order_set(&state, Color::Black, rng);
    let (a, ra) = state.resolve(&white, &black, &mut NoHistory);
    let (b, rb) = state.resolve(&white, &black, &mut NoHistory);
    assert_eq!((&a, &ra), (&b, &rb), "resolve is not deterministic");
    let phase = state.phase();
    let record = game.play(white, black).expect("the game is not over");
    assert_eq!(record.before, state);
    assert_eq!(record.phase(), phase);
}

/// Plays out the current turn with default orders (a record cannot stop between the phases
/// of a turn: its reader gives the phases after the last section their defaults).
fn finish_turn(game: &mut Game) {
    while game.result().is_none() && game.phase().kind != PhaseKind::Movement {
        let state = game.position().clone();
        let white = state.default_orders(Color::White);
        let black = state.default_orders(Color::Black);
        game.play(white, black).expect("the game is not over");
    }
}

fn result_line(game: &Game) -> String {
    match game.result() {
        Some(r) => r.to_string(),
        None => "* (in progress)".to_string(),
    }
}

fn random_game(g: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(start(g, rng));
    let phases = 1 + rng.below(60);
    for _ in 0..phases {
        if game.result().is_some() {
            break;
        }
        play_random(&mut game, rng);
    }
    finish_turn(&mut game);
    game
}

#[test]
fn random_games_through_the_trait_replay_from_their_records() {
    let mut rng = Rng::new(0xD19C_4E55);
    let mut over = 0;
    let mut kinds = std::collections::BTreeMap::<&str, usize>::new();
    for g in 0..200 {
        let game = random_game(g, &mut rng);
        over += usize::from(game.result().is_some());
        for phase in game.phases() {
            *kinds.entry(phase.phase().kind.name()).or_default() += 1;
        }
        let tags = [("White".to_string(), "random".to_string())];
        let text = game.record(&tags);
        let replayed = record::replay_text(&text)
            .unwrap_or_else(|e| panic!("game {g}: {e}\n--- record ---\n{text}"));
        let context = || format!("game {g}\n--- record ---\n{text}");
        assert_eq!(
            replayed.position().to_string(),
            game.position().to_string(),
            "{}",
            context()
        );
        assert_eq!(result_line(&replayed), result_line(&game), "{}", context());
        assert_eq!(replayed.position(), game.position(), "{}", context());
        assert_eq!(
            replayed.phases().len(),
            game.phases().len(),
            "{}",
            context()
        );
        for (a, b) in replayed.phases().iter().zip(game.phases()) {
            assert_eq!(a.before, b.before, "{}", context());
            assert_eq!(a.resolution, b.resolution, "{}", context());
        }
        // The record ends with the result token, which the reader ignores.
        let token = game.result().map_or("*", |r| r.outcome.token());
        assert!(text.ends_with(&format!("\n{token}\n")), "{}", context());
    }
    eprintln!("{over} of 200 games ended by the rules; phases played: {kinds:?}");
    for kind in ["movement", "retreats", "builds", "adjustments"] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) > 0,
            "{kind}: {kinds:?}"
        );
    }
}

/// The repetition rule's key today: the first three fields of the position string.
fn key(state: &State) -> String {
    let text = state.to_string();
    text.split(' ').take(3).collect::<Vec<_>>().join(" ")
}

#[test]
fn equal_repetition_keys_have_equal_hashes() {
    let mut rng = Rng::new(99);
    let mut states: Vec<State> = Vec::new();
    for g in 0..80 {
        let game = random_game(g, &mut rng);
        states.extend(game.phases().iter().map(|p| p.before.clone()));
        states.push(game.position().clone());
    }
    // The same placement with other counters, and from other phases: the same key.
    let mut same = Vec::new();
    for state in states.iter().step_by(7) {
        if state.current_phase() == Some(diplochess::Phase::Movement) {
            let mut fields: Vec<String> =
                state.to_string().split(' ').map(str::to_string).collect();
            fields[3] = "17".to_string();
            fields[4] = "333".to_string();
            let text = fields.join(" ");
            same.push(State::parse(&text, state.rules()).unwrap());
        }
    }
    states.extend(same);
    let keys: Vec<String> = states.iter().map(key).collect();
    let hashes: Vec<u64> = states.iter().map(SimultaneousPosition::hash).collect();
    let mut equal = 0;
    for i in 0..states.len() {
        for j in i + 1..states.len() {
            let same_key = keys[i] == keys[j];
            assert_eq!(
                same_key,
                hashes[i] == hashes[j],
                "{} / {}",
                states[i],
                states[j]
            );
            assert_eq!(same_key, states[i].same_for_repetition(&states[j]));
            equal += usize::from(same_key);
        }
    }
    assert!(equal > 50, "only {equal} pairs with equal keys");
    eprintln!("{} states, {equal} pairs with equal keys", states.len());
}

/// A side's orders written by the trait read back to the same typed orders.
#[test]
fn orders_round_trip_through_their_text() {
    let mut rng = Rng::new(5);
    for g in 0..60 {
        let mut game = Game::new(start(g, &mut rng));
        for _ in 0..20 {
            if game.result().is_some() {
                break;
            }
            let state = game.position().clone();
            for side in Color::ALL {
                let mut legal = Vec::new();
                state.legal_orders(side, &mut legal);
                for order in &legal {
                    assert_eq!(
                        state.parse_order(side, &order.to_string()).as_ref(),
                        Ok(order)
                    );
                }
            }
            play_random(&mut game, &mut rng);
        }
    }
}
