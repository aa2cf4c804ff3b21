//! Whole games of the simultaneous games between computer players: the engine's orders are
//! always accepted, games run to their end, and (ignored by default, for measurements in a
//! release build) how the players score against each other.

use diplo_core::{Color, Options};
use diplo_engine::{Choice, PlayerKind, PlayerSpec};
use diplo_games::Session;

/// How a game between two players ended: White's score, whether the rules decided it,
/// and the phases played.
struct Played {
    white_score: f64,
    decided: bool,
    phases: usize,
}

/// Plays one game; a game still going after `max_phases` phases is scored by material
/// (the side ahead by 3 or more points wins, else a draw) and marked undecided.
fn play(
    game: &str,
    options: &[&str],
    white: &str,
    black: &str,
    seed: u64,
    max_phases: usize,
) -> Played {
    let entry = diplo_games::find(game).unwrap();
    let options: Options = entry.options(options).unwrap();
    let mut session: Session = entry.start(&options, None).unwrap();
    let white: PlayerSpec = white.parse().unwrap();
    let black: PlayerSpec = black.parse().unwrap();
    let specs = [white, black];
    let mut players = [
        white.player(seed).unwrap(),
        black.player(seed ^ 0x5EED).unwrap(),
    ];
    let mut phases = 0;
    while session.result().is_none() && phases < max_phases {
        let mut orders: [Option<Vec<String>>; 2] = [None, None];
        for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
            let owes = session.as_simultaneous().unwrap().owes_orders(side);
            match players[i].choose(&session, side) {
                Some(Choice::Orders(set)) => {
                    assert!(owes, "{side} chose orders it does not owe");
                    let checked = session.as_simultaneous().unwrap().check_orders(side, &set);
                    // The `random` baseline may give up on a hard set (a check to answer in
                    // simultaneous-progressive mode) and send its defaults; the engine never.
                    if specs[i].kind != PlayerKind::Random {
                        checked.unwrap_or_else(|e| {
                            panic!("{side} {set:?}: {e}\n{}", session.position_string())
                        });
                        orders[i] = Some(set);
                    } else if checked.is_ok() {
                        orders[i] = Some(set);
                    }
                }
                Some(Choice::Move(m)) => panic!("a move {m} in a simultaneous game"),
                None => assert!(!owes, "{side} owes orders but chose none"),
            }
        }
        session
            .as_simultaneous_mut()
            .unwrap()
            .resolve(orders[0].as_deref(), orders[1].as_deref())
            .unwrap();
        phases += 1;
    }
    if std::env::var("SIM_RECORDS").is_ok() {
        eprintln!("{}", session.record(&[]));
    }
    match session.result() {
        Some(result) => Played {
            white_score: result.outcome.score(Color::White),
            decided: true,
            phases,
        },
        None => Played {
            white_score: material_verdict(&session.position_string()),
            decided: false,
            phases,
        },
    }
}

/// White's score by material on a position string's board (P 1, N/B 3, R 5, Q 9).
fn material_verdict(position: &str) -> f64 {
    let board = position.split_whitespace().next().unwrap_or("");
    let mut balance = 0i32;
    for c in board.chars() {
        let v = match c.to_ascii_lowercase() {
            'p' => 1,
            'n' | 'b' => 3,
            'r' => 5,
            'q' => 9,
            _ => 0,
        };
        balance += if c.is_ascii_uppercase() { v } else { -v };
    }
    match balance {
        b if b >= 3 => 1.0,
        b if b <= -3 => 0.0,
        _ => 0.5,
    }
}

#[test]
fn engine_players_give_accepted_orders_in_every_mode() {
    let cases: [(&str, &[&str]); 5] = [
        ("diplomacy-chess", &["mode=basic"]),
        ("diplomacy-chess", &["mode=progressive"]),
        ("diplomacy-chess", &["mode=simultaneous-progressive"]),
        ("diplochess", &[]),
        ("diplochess", &["bloody=on", "adjustments=on"]),
    ];
    for (game, options) in cases {
        for (white, black) in [
            ("engine:6@ms=20", "random"),
            ("greedy@ms=10", "engine:2@ms=10"),
        ] {
            let played = play(game, options, white, black, 7, 14);
            assert!(played.phases > 0, "{game} {options:?}");
        }
    }
}

/// `SIM_GAMES` games per pairing (default 10) of `SIM_A` against `SIM_B` (player specs,
/// default `engine@ms=50` and `random`), colours alternating, in `SIM_GAME` with options
/// `SIM_OPTIONS` (comma-separated), capped at `SIM_PHASES` phases (default 200).
/// Run: `cargo test --release -p diplo-engine --test simultaneous_play -- --ignored --nocapture`.
#[test]
#[ignore]
fn score_of_a_pairing() {
    let var =
        |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
    let game = var("SIM_GAME", "diplomacy-chess");
    let options = var("SIM_OPTIONS", "");
    let options: Vec<&str> = options.split(',').filter(|s| !s.is_empty()).collect();
    let a = var("SIM_A", "engine@ms=50");
    let b = var("SIM_B", "random");
    let games: u64 = var("SIM_GAMES", "10").parse().unwrap();
    let max_phases: usize = var("SIM_PHASES", "200").parse().unwrap();
    let (mut score, mut decided, mut phases) = (0.0, 0, 0);
    for g in 0..games {
        let a_white = g % 2 == 0;
        let (white, black) = if a_white { (&a, &b) } else { (&b, &a) };
        let played = play(&game, &options, white, black, 1000 + g, max_phases);
        let a_score = if a_white {
            played.white_score
        } else {
            1.0 - played.white_score
        };
        score += a_score;
        decided += usize::from(played.decided);
        phases += played.phases;
        eprintln!(
            "game {g}: {white} vs {black}: {a} scores {a_score} ({}, {} phases)",
            if played.decided {
                "rules"
            } else {
                "material at cap"
            },
            played.phases
        );
    }
    println!(
        "{game} {options:?}: {a} vs {b}: {score}/{games} = {:.1} % ({decided} decided by the rules, {:.0} phases per game)",
        100.0 * score / games as f64,
        phases as f64 / games as f64
    );
}

/// What one analysis at `SIM_MS` milliseconds (default 100) does from the start of each
/// game and mode: iterations, resolutions, resolutions per second.
/// Run: `cargo test -p diplo-engine --test simultaneous_play search_statistics -- --ignored --nocapture`.
#[test]
#[ignore]
fn search_statistics() {
    use diplo_engine::{analyse, Analysis, Limit};
    let ms: u64 = std::env::var("SIM_MS").map_or(100, |v| v.parse().unwrap());
    let cases: [(&str, &[&str]); 4] = [
        ("diplomacy-chess", &["mode=basic"]),
        ("diplomacy-chess", &["mode=progressive"]),
        ("diplomacy-chess", &["mode=simultaneous-progressive"]),
        ("diplochess", &[]),
    ];
    for (game, pairs) in cases {
        let entry = diplo_games::find(game).unwrap();
        let options = entry.options(pairs).unwrap();
        let session = entry.start(&options, None).unwrap();
        let limit = Limit::Time(std::time::Duration::from_millis(ms));
        let Some(Analysis::Mixed { summary, .. }) =
            analyse(&session, limit, Color::White, 1, &mut |_| {})
        else {
            panic!("no analysis");
        };
        let seconds = summary.time.as_secs_f64().max(1e-9);
        println!(
            "{game} {pairs:?}: {} ms, {} iterations, {} resolutions, {:.0} resolutions/s",
            summary.time.as_millis(),
            summary.iterations,
            summary.resolutions,
            summary.resolutions as f64 / seconds
        );
    }
}
