//! A bounded, seeded stand-in for the registry's fuzz targets (`fuzz/fuzz_targets/session.rs`,
//! `replay_record.rs`) that runs with the ordinary tests: random strings and mutations of
//! valid inputs go, for every game, to the entry points the command line and the server use.
//!
//! - position strings to `GameEntry::start`; a game started from one reads back from its own
//!   position string, plays on, and its record replays;
//! - move texts to a sequential session's `play` (then `undo`), order texts to a simultaneous
//!   session's `check_order`, `check_orders` and `resolve`;
//! - records to `replay_record`, as any game, whose replayed game writes a record that
//!   replays again;
//! - option pairs to `GameEntry::options` and, with a record, to `replay_record`.
//!
//! Nothing may panic, and every error must print as a non-empty message.

mod common;

use common::{
    assert_record_replays, finish_turn, play_random, random_option_pairs, random_orders,
    random_step,
};
use diplo_core::Color;
use diplo_games::{replay_record, GameEntry, ResolveError, Session, GAMES};
use diplo_testkit::case_files;
use diplo_testkit::random_input::{check_error, mutate, no_panic, random_string};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::Path;

/// Rounds of random and mutated inputs per game.
const ROUNDS: usize = 1_000;

/// The characters of every game's notations, and some that never belong there.
const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'h', 'k', 'n', 'w', 'x', 'K', 'Q', 'R', 'B', 'N', 'H', 'D', 'P', 'S',
    'O', '0', '1', '2', '3', '4', '8', '9', '-', '=', ':', '@', '+', '#', '!', '?', '~', '/', ',',
    '.', '[', ']', '{', '}', '(', ')', ';', '"', '\\', '*', ' ', '\n', '\t', '…', 'é', '\u{0}',
    '𝄞',
];

/// Valid inputs of one game, to mutate: what random games through its sessions produced,
/// and the records of its case files.
struct Corpus {
    /// Position strings, each with the options of the game that reached it.
    positions: Vec<(Vec<String>, String)>,
    /// Move texts (SAN and coordinates) or order texts.
    moves: Vec<String>,
    records: Vec<String>,
    options: Vec<String>,
    /// Games in progress at different points, to play texts on.
    sessions: Vec<Session>,
}

fn case_records(entry: &GameEntry) -> Vec<String> {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let (dir, ext) = match entry.id() {
        "diplochess" => ("games", "rec"),
        _ => ("records", "pgn"),
    };
    let dir = cases.join(entry.id()).join(dir);
    if !dir.is_dir() {
        return Vec::new();
    }
    case_files(&dir, ext)
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .collect()
}

fn corpus(entry: &'static GameEntry, rng: &mut SmallRng) -> Corpus {
    let mut corpus = Corpus {
        positions: Vec::new(),
        moves: Vec::new(),
        records: case_records(entry),
        options: Vec::new(),
        sessions: Vec::new(),
    };
    for _ in 0..6 {
        let pairs = random_option_pairs(entry, rng);
        corpus.options.extend(pairs.iter().cloned());
        let options = entry.options(&pairs).expect("the game's own option values");
        let mut session = entry.start(&options, None).expect("the standard start");
        for step in 0..40 {
            corpus
                .positions
                .push((pairs.clone(), session.position_string()));
            if let Some(game) = session.as_sequential() {
                for mv in game.legal_moves().choose_multiple(rng, 2) {
                    corpus.moves.push(mv.san.clone());
                    corpus.moves.push(mv.coordinate.clone());
                }
            }
            if let Some(game) = session.as_simultaneous() {
                for side in Color::ALL {
                    let legal = game.legal_orders(side);
                    corpus.moves.extend(legal.choose_multiple(rng, 2).cloned());
                }
            }
            if step % 10 == 0 {
                corpus.sessions.push(session.clone());
            }
            if !random_step(&mut session, rng) {
                break;
            }
        }
        finish_turn(&mut session, rng);
        corpus.records.push(session.record(&[]));
        corpus.sessions.push(session);
    }
    corpus
}

fn feed_start(entry: &'static GameEntry, pairs: &[String], input: &str, rng: &mut SmallRng) {
    let Ok(options) = entry.options(pairs) else {
        return;
    };
    match entry.start(&options, Some(input)) {
        Err(e) => check_error("start", input, e),
        Ok(mut session) => {
            let written = session.position_string();
            let again = entry
                .start(&options, Some(&written))
                .unwrap_or_else(|e| panic!("{input:?} was written as {written:?}: {e}"));
            assert_eq!(again.position_string(), written, "{input:?}");
            play_random(&mut session, 6, rng);
            finish_turn(&mut session, rng);
            assert_record_replays(&session);
        }
    }
}

fn feed_move(session: &Session, input: &str) {
    let mut session = session.clone();
    if let Some(game) = session.as_sequential_mut() {
        let before = game.legal_moves();
        match game.play(input) {
            Err(e) => check_error("play", input, e),
            Ok(played) => {
                assert!(before.contains(&played), "{input:?} played {played:?}");
                assert!(game.undo(), "{input:?}");
                assert_eq!(game.legal_moves(), before, "{input:?}");
            }
        }
        return;
    }
    let game = session.as_simultaneous_mut().expect("simultaneous");
    let texts: Vec<String> = input
        .split(['\n', ','])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    for side in Color::ALL {
        match game.check_order(side, input) {
            Err(e) => check_error("check_order", input, e),
            Ok(canonical) => assert_eq!(
                game.check_order(side, &canonical).as_ref(),
                Ok(&canonical),
                "{input:?}"
            ),
        }
        if let Err(e) = game.check_orders(side, &texts) {
            check_error("check_orders", input, e);
        }
    }
    let accepted = game.check_orders(Color::White, &texts).is_ok();
    let over = session.result().is_some();
    let game = session.as_simultaneous_mut().expect("simultaneous");
    match game.resolve(Some(texts.as_slice()), None) {
        Ok(_) => assert!(accepted && !over, "{input:?} resolved but was refused"),
        Err(e @ ResolveError::Over(_)) => {
            assert!(over, "{input:?}: {e}");
            check_error("resolve", input, e);
        }
        Err(e @ ResolveError::Orders { .. }) => {
            assert!(!accepted, "{input:?} was accepted but not resolved: {e}");
            check_error("resolve", input, e);
        }
    }
}

fn feed_record(input: &str, cli_options: &[String]) {
    let games = std::iter::once(None).chain(GAMES.iter().map(|g| Some(g.id())));
    for game in games {
        match replay_record(input, game, cli_options) {
            Err(e) => check_error("replay_record", input, e),
            Ok(replayed) => assert_record_replays(&replayed.session),
        }
    }
}

fn feed_options(entry: &GameEntry, input: &str) {
    for pairs in [vec![input], input.split([',', ' ']).collect()] {
        if let Err(e) = entry.options(&pairs) {
            check_error("options", input, e);
        }
    }
}

/// A mutation of a random member of `pool` (another member may be spliced in).
fn mutated(rng: &mut SmallRng, pool: &[String]) -> String {
    let base = pool.choose(rng).expect("a corpus");
    let other = pool.choose(rng).expect("a corpus");
    mutate(rng, ALPHABET, base, Some(other))
}

/// Texts valid in `session`: its legal moves, or one side's acceptable order set (one order
/// a line).
fn own_texts(session: &Session, rng: &mut SmallRng) -> Vec<String> {
    if let Some(game) = session.as_sequential() {
        return game
            .legal_moves()
            .into_iter()
            .flat_map(|m| [m.san, m.coordinate])
            .collect();
    }
    let game = session.as_simultaneous().expect("simultaneous");
    random_orders(game, Color::White, rng)
        .map(|orders| vec![orders.join("\n")])
        .unwrap_or_default()
}

/// Each round feeds one input of each kind; a third of them random, a third mutated, a
/// third valid as they are (so that the accepting paths run too).
#[test]
fn random_and_mutated_inputs_never_panic() {
    let mut rng = SmallRng::seed_from_u64(0x9A3E_5EED);
    for entry in &GAMES {
        let corpus = corpus(entry, &mut rng);
        for round in 0..ROUNDS {
            let random = random_string(&mut rng, ALPHABET, 24);

            let (pairs, valid) = corpus.positions.choose(&mut rng).expect("positions");
            let (pairs, position) = match round % 3 {
                0 => (random_option_pairs(entry, &mut rng), random.clone()),
                1 => (pairs.clone(), mutate(&mut rng, ALPHABET, valid, None)),
                _ => (pairs.clone(), valid.clone()),
            };
            no_panic("start", &position, || {
                feed_start(entry, &pairs, &position, &mut rng)
            });

            let session = corpus.sessions.choose(&mut rng).expect("sessions");
            let mut own = own_texts(session, &mut rng);
            own.extend(corpus.moves.choose(&mut rng).cloned());
            let text = match round % 3 {
                0 => random.clone(),
                1 => mutated(&mut rng, &own),
                _ => own.choose(&mut rng).expect("a text").clone(),
            };
            no_panic("move", &text, || feed_move(session, &text));

            let options = match round % 3 {
                0 => random.clone(),
                _ => mutated(&mut rng, &corpus.options),
            };
            no_panic("options", &options, || feed_options(entry, &options));

            if round % 2 == 0 {
                let record = match round % 3 {
                    0 => random.clone(),
                    1 => mutated(&mut rng, &corpus.records),
                    _ => corpus.records.choose(&mut rng).expect("records").clone(),
                };
                // Now and then a command-line option too, valid or not.
                let cli = match round % 5 {
                    0 => vec![options.clone()],
                    _ => Vec::new(),
                };
                no_panic("replay_record", &record, || feed_record(&record, &cli));
            }
        }
    }
}

#[test]
fn the_corpus_is_valid() {
    let mut rng = SmallRng::seed_from_u64(1);
    for entry in &GAMES {
        let corpus = corpus(entry, &mut rng);
        assert!(!corpus.positions.is_empty(), "{}", entry.id());
        assert!(!corpus.moves.is_empty(), "{}", entry.id());
        // The records the random games wrote (the case files hold errors on purpose).
        for record in corpus.records.iter().rev().take(6) {
            replay_record(record, None, &[]).unwrap_or_else(|e| panic!("{e}\n{record}"));
        }
    }
}
