#![no_main]
//! Games started and played through the registry's sessions, as the command line and the
//! server drive them. The input's first byte picks the game and its options, its first line
//! is a position string (an empty one: the standard start), and every further line is a
//! move (sequential games) or one side's orders separated by `,` (simultaneous games, White
//! and Black in turn). Nothing may panic; the game reached writes a record that replays to it.

use diplo_core::{Color, Options};
use diplo_games::{replay_record, Session, GAMES};
use libfuzzer_sys::fuzz_target;

/// Plays one line of the input on the session.
fn play_line(session: &mut Session, line: &str, side: Color) {
    if let Some(game) = session.as_sequential_mut() {
        match game.play(line) {
            Ok(played) => assert!(!played.coordinate.is_empty()),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        return;
    }
    let game = session.as_simultaneous_mut().expect("a simultaneous game");
    let orders: Vec<String> = line
        .split(',')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(str::to_string)
        .collect();
    for order in &orders {
        match game.check_order(side, order) {
            Ok(canonical) => assert_eq!(game.check_order(side, &canonical), Ok(canonical)),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    let (white, black) = match side {
        Color::White => (Some(orders.as_slice()), None),
        Color::Black => (None, Some(orders.as_slice())),
    };
    if let Err(e) = game.resolve(white, black) {
        assert!(!e.to_string().is_empty());
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let entry = &GAMES[usize::from(selector) % GAMES.len()];
    // The other bits of the selector pick a value for each option in turn.
    let mut bits = selector / GAMES.len() as u8;
    let mut options = Options::defaults(entry.info);
    for spec in entry.info.options {
        let value = spec.values[usize::from(bits) % spec.values.len()];
        bits /= spec.values.len() as u8;
        options = options
            .with(entry.info, spec.name, value)
            .expect("the game's own option value");
    }
    let mut lines = text.lines();
    let position = lines.next().filter(|p| !p.trim().is_empty());
    let mut session = match entry.start(&options, position) {
        Ok(session) => session,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let again = entry
        .start(&options, Some(&session.position_string()))
        .expect("a position string reads back");
    assert_eq!(again.position_string(), session.position_string());
    for (i, line) in lines.take(64).enumerate() {
        let side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        play_line(&mut session, line, side);
    }
    // A DiploChess record holds whole turns: one stopped within a turn replays that turn's
    // later phases with their defaults, so only the result and the game are compared then.
    let written = session.record(&[]);
    let replayed = replay_record(&written, None, &[]).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(replayed.session.entry().id(), entry.id());
    let within_turn = session.as_simultaneous().is_some_and(|g| {
        !matches!(
            g.phase().kind,
            diplo_core::PhaseKind::Turn | diplo_core::PhaseKind::Movement
        )
    });
    if !within_turn {
        assert_eq!(
            replayed.session.position_string(),
            session.position_string()
        );
        assert_eq!(replayed.session.result(), session.result());
    }
});
