//! Whole games: repetition, series lengths and records (§8.4, §9.1, §12.5).

use diplo_core::{Color, EndReason, Outcome};
use diplomacy_chess::record::{replay, RecordError};
use diplomacy_chess::{Game, Mode, Position, State, TurnError};

#[test]
fn threefold_repetition_draws() {
    let game = replay("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8\n", Mode::Basic).unwrap();
    let result = game.result().expect("drawn");
    assert_eq!(result.outcome, Outcome::Draw);
    assert_eq!(result.reason, EndReason::ThreefoldRepetition);
    // Two occurrences are not enough.
    let game = replay("1. Nf3 Nf6 2. Ng1 Ng8\n", Mode::Basic).unwrap();
    assert_eq!(game.result(), None);
    // A record that goes on after the draw is rejected at its next entry.
    let err = replay(
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5\n",
        Mode::Basic,
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::AfterEnd {
                turn: 5,
                color: Color::White,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn series_lengths_are_enforced_by_the_game() {
    let game = State::new(Position::start(), Mode::Progressive);
    assert!(matches!(
        game.parse_orders(Color::White, &["e4", "d4"]),
        Err(TurnError::Count { got: 2, .. })
    ));
    assert!(game.parse_orders(Color::White, &["e4"]).is_ok());
    let sp: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 3"
        .parse()
        .unwrap();
    let game = State::new(sp, Mode::SimultaneousProgressive);
    assert!(game
        .parse_orders(Color::White, &["e4", "d4", "Nf3"])
        .is_ok());
    assert!(game
        .parse_orders(Color::White, &["e4", "d4", "Nf3", "c4"])
        .is_err());
    assert!(game.parse_orders::<&str>(Color::White, &[]).is_err());
}

#[test]
fn record_errors_name_turn_side_and_entry() {
    let err = replay("1. e4 / e5\n2. Ke3 / d6\n", Mode::Basic).unwrap_err();
    assert_eq!(
        err.to_string(),
        "turn 2, white, entry 1 `Ke3`: `Ke3` is not a valid order here"
    );
    let err = replay(
        "[Options \"mode=progressive\"]\n1. e4 / e5\n2. d4, Zz / d5, Nf6\n",
        Mode::Progressive,
    )
    .unwrap_err();
    assert!(
        err.to_string().starts_with("turn 2, white, entry 2 `Zz`"),
        "{err}"
    );
    // In progressive mode an invalid (but readable) entry is skipped, not an error.
    let game = replay("1. e4 / e5\n2. Ke3, Nf3 / Nc6, Nf6\n", Mode::Progressive).unwrap();
    assert_eq!(game.position().turn, 3);
}

#[test]
fn a_progressive_game_may_end_in_the_middle_of_its_last_turn() {
    // Black mates at step 1 of turn 2; the written step-2 entries are discarded (§9.2.1),
    // so the full series of two entries is a complete record (§12.5).
    let text = "1. f3 / e5\n2. g4, a3 / Qh4, a6\n";
    let game = replay(text, Mode::Progressive).unwrap();
    let result = game.result().expect("mated");
    assert_eq!(result.outcome, Outcome::Win(Color::Black));
    assert_eq!(
        game.position().to_string(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR KQkq g3 0 3"
    );
    // A turn after that end goes on after the game: rejected at its first entry.
    let err = replay(
        &format!("{text}3. a4, b3, c3 / a5, b6, c6\n"),
        Mode::Progressive,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "turn 3, white, entry 1 `a4`: the game is already over"
    );
}

/// A progressive game drawn by repetition in the middle of its last turn: the record a
/// game writes keeps the entries after the end as they were given (§12.5), not as they
/// would have been played had the game gone on (a resolution without the game's history
/// sees no repetition). Black's last `Qe6` came after the end; had it been played it would
/// have been `Qxe6`.
#[test]
fn entries_after_a_repetition_are_written_as_given() {
    let text = "1. d3 / d5\n\
        2. Qd2, h4 / Be6, Bg4\n\
        3. Rh2, a4, g4 / Nh6, Qd7, Bf5\n\
        4. Nc3, Qxh6, Ra2, e3 / Bh3, Be6, Na6, Be4\n\
        5. Kd1, Qb6, Rh3, Nb1, h5 / f5, O-O-O, Rd8, Bf5, b6\n\
        6. Bg2, d4, g5, Qxb6, Ke2, Ne2 / d4, c5, Kb8, Qd6, Bg8, Nc5\n\
        7. -- / Qg6, e5, Qc6, h6, Qd5, Rc8, Re8\n\
        8. f3, Rg3, Qg6, Kf3, Rh2, g6, Qe6, Be4 / Qf7, c4, d3, Bd6, Qxg2, Qh1, e4, Qe6\n";
    let game = replay(text, Mode::Progressive).unwrap();
    let result = game.result().expect("drawn");
    assert_eq!(result.reason, EndReason::ThreefoldRepetition);
    let written = game.record(&[]);
    let turns: Vec<&str> = written.lines().filter(|l| l.contains(" / ")).collect();
    assert_eq!(turns.last(), text.lines().last().as_ref(), "{written}");
}

/// Random games in every mode: nothing panics, kings are never captured (§8.5), and every
/// report has one line per entry.
#[test]
fn random_games_keep_both_kings() {
    use board8::Role;
    use diplomacy_chess::validity::{valid_orders, Rules};
    use rand::rngs::SmallRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    let mut rng = SmallRng::seed_from_u64(7);
    for game_no in 0..120 {
        let mode = [
            Mode::Basic,
            Mode::Progressive,
            Mode::SimultaneousProgressive,
        ][game_no % 3];
        let mut game = Game::new(State::new(Position::start(), mode));
        for _ in 0..25 {
            if game.result().is_some() {
                break;
            }
            let (_, most) = game.position().entry_count();
            let mut read = Vec::new();
            for color in Color::ALL {
                let mut valid = Vec::new();
                valid_orders(game.position(), color, Rules::BASIC, &mut valid);
                let texts: Vec<String> = (0..most)
                    .filter_map(|_| valid.choose(&mut rng).map(|o| o.coordinate()))
                    .collect();
                let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
                let state = game.position();
                let orders = state
                    .parse_orders(color, &texts)
                    .or_else(|_| state.parse_orders(color, &texts[..1.min(texts.len())]));
                read.push(orders);
            }
            let (Ok(w), Ok(b)) = (&read[0], &read[1]) else {
                continue;
            };
            let report = game.play(w.clone(), b.clone()).unwrap().resolution.clone();
            assert_eq!(report.entries.len(), w.entries.len() + b.entries.len());
            for color in Color::ALL {
                assert_eq!(
                    game.position().board.pieces(color, Role::King).count_ones(),
                    1,
                    "{mode:?}: {} lost its king at {}",
                    color,
                    game.position()
                );
            }
        }
    }
}
