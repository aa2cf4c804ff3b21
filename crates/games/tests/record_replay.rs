//! Records from every game replay: random games of each of the four games, played through
//! the dyn `Session` API alone (random legal moves; random order sets drawn from
//! `legal_orders` and accepted by `check_orders`, default orders for a side that owes
//! nothing), write `session.record(..)`, and `diplo_games::replay_record` reads it back to
//! the same position, moves or phases and result. A game cut short stops at the end of a
//! turn, since a record holds whole turns.

mod common;

use common::{assert_record_replays, finish_turn, play_random, random_option_pairs};
use diplo_games::GAMES;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// Games per game, and the most moves or phases each one lasts.
const GAMES_EACH: usize = 40;
const MAX_STEPS: usize = 120;

#[test]
fn random_games_of_every_game_replay_from_their_records() {
    let mut rng = SmallRng::seed_from_u64(0x05EC_04D5);
    for entry in &GAMES {
        let mut endings: BTreeMap<String, usize> = BTreeMap::new();
        for _ in 0..GAMES_EACH {
            let options = entry
                .options(&random_option_pairs(entry, &mut rng))
                .expect("the game's own option values");
            let mut session = entry.start(&options, None).expect("the standard start");
            // Half the games start where a random opening left off, so that their records
            // carry a `[Position]` tag.
            if rng.gen_bool(0.5) {
                play_random(&mut session, rng.gen_range(1..12), &mut rng);
                if session.result().is_none() {
                    let position = session.position_string();
                    if let Ok(started) = entry.start(&options, Some(&position)) {
                        session = started;
                    }
                }
            }
            let steps = rng.gen_range(0..=MAX_STEPS);
            play_random(&mut session, steps, &mut rng);
            finish_turn(&mut session, &mut rng);
            assert_record_replays(&session);
            let ending = session
                .result()
                .map_or_else(|| "unfinished".to_string(), |r| r.to_string());
            *endings.entry(ending).or_default() += 1;
        }
        // Some games end by the rules and some are cut short, so both kinds of record are
        // replayed.
        assert!(
            endings.len() >= 2,
            "{}: every game ended alike: {endings:?}",
            entry.id()
        );
    }
}
