//! DiploChess's position trait on worked examples: the spec's record (§10.4) written from a
//! game's history, the messages of refused orders, the explanation of a phase, order counts,
//! default orders and the end of the game.

use diplo_core::{Color, EndReason, GameResult, PhaseKind, SimultaneousPosition, Status};
use diplochess::{record, Game, Order, OrderError, Phase, Rules, State};

/// Reads, checks and plays one phase given as order texts.
fn play(game: &mut Game, white: &[&str], black: &[&str]) -> Vec<String> {
    let state = game.position().clone();
    let read = |side: Color, texts: &[&str]| {
        let orders: Vec<Order> = texts
            .iter()
            .map(|t| state.parse_order(side, t).unwrap())
            .collect();
        state.check_orders(side, &orders).unwrap()
    };
    let (w, b) = (read(Color::White, white), read(Color::Black, black));
    game.play(w, b).unwrap();
    game.position()
        .explain(&game.phases().last().unwrap().resolution)
}

#[test]
fn the_spec_example_record_is_written_from_the_history() {
    let mut game = Game::standard(Rules::default());
    play(&mut game, &["P e2 - e4"], &["Ng8-f6"]);
    let explained = play(&mut game, &["P d2 - d4"], &["N f6 - e4"]);
    assert_eq!(
        explained,
        [
            "-- movement",
            "position: rnbqkb1r/pppppppp/8/8/3Pn3/8/PPP2PPP/RNBQKBNR KQkq - 0 2",
            // Issue 26: each order says what happened to its piece, and a piece without an
            // order that was dislodged says by which order (was `=> executed` and the
            // `dislodged:` and `standoffs:` lines of the report).
            "white P d2 - d4: moved to d4",
            "black N f6 - e4: moved to e4 and dislodged white P e4",
            "white P e4 had no order: it held and was dislodged by black N f6 - e4",
            "white P e4 must retreat: e5",
        ]
    );
    let state = game.position().clone();
    assert_eq!(
        state.phase(),
        diplo_core::Phase {
            turn: 2,
            kind: PhaseKind::Retreats
        }
    );
    assert!(state.owes_orders(Color::White));
    assert!(!state.owes_orders(Color::Black));
    assert_eq!(state.order_count(Color::White), (0, 1));
    assert_eq!(state.order_count(Color::Black), (0, 0));
    let mut legal = Vec::new();
    state.legal_orders(Color::White, &mut legal);
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["P e4 - e5", "P e4 D"]);
    state.legal_orders(Color::Black, &mut legal);
    assert!(legal.is_empty());
    let explained = play(&mut game, &["P e4 - e5"], &[]);
    assert_eq!(
        explained,
        ["-- retreats", "white P e4 - e5: retreated to e5"]
    );
    assert_eq!(
        game.position().to_string(),
        "rnbqkb1r/pppppppp/8/4P3/3Pn3/8/PPP2PPP/RNBQKBNR KQkq - 0 3"
    );
    let text = game.record(&[("White".to_string(), "Ann".to_string())]);
    assert_eq!(
        text,
        "[Game \"diplochess\"]\n[White \"Ann\"]\n[Result \"*\"]\n\n\
         turn 1\nwhite: P e2 - e4\nblack: N g8 - f6\n\
         turn 2\nwhite: P d2 - d4\nblack: N f6 - e4\n\
         retreats\nwhite: P e4 - e5\n*\n"
    );
    let replayed = record::replay_text(&text).unwrap();
    assert_eq!(replayed.position(), game.position());
}

#[test]
fn options_and_start_position_go_into_the_record() {
    let rules = Rules {
        adjustments: false,
        bloody: true,
    };
    let start = State::parse("7k/8/8/8/8/8/8/K6R", rules).unwrap();
    let mut game = Game::new(start);
    play(&mut game, &["R h1 - h8"], &[]);
    // The dislodged King retreats even with `bloody=on`; Black sends nothing: removed.
    assert!(game.position().owes_orders(Color::Black));
    assert_eq!(game.position().order_count(Color::Black), (0, 1));
    let explained = play(&mut game, &[], &[]);
    assert_eq!(
        explained,
        ["-- retreats", "black K h8: no retreat was ordered: removed"]
    );
    assert_eq!(
        game.result(),
        Some(GameResult::win(Color::White, EndReason::KingLost))
    );
    assert_eq!(
        game.position().status(),
        Status::Over(GameResult::win(Color::White, EndReason::KingLost))
    );
    let text = game.record(&[]);
    assert_eq!(
        text,
        "[Game \"diplochess\"]\n[Options \"bloody=on\"]\n\
         [Position \"7k/8/8/8/8/8/8/K6R - - 0 1\"]\n[Result \"1-0\"]\n\n\
         turn 1\nwhite: R h1 - h8\n1-0\n"
    );
    let replayed = record::replay_text(&text).unwrap();
    assert_eq!(replayed.result(), game.result());
    assert_eq!(replayed.position().rules(), rules);
    // Nothing is owed once the game is over, and orders are refused.
    let over = game.position();
    assert!(!over.owes_orders(Color::White));
    assert_eq!(over.order_count(Color::White), (0, 0));
    assert_eq!(
        over.parse_order(Color::White, "K a1 H"),
        Err(OrderError::Over)
    );
    assert!(game.play(Default::default(), Default::default()).is_err());
}

#[test]
fn refused_orders_keep_their_messages() {
    let state = State::start(Rules::default());
    let err = |side: Color, texts: &[&str]| {
        let orders: Vec<Order> = texts.iter().map(|t| t.parse().unwrap()).collect();
        state.check_orders(side, &orders).unwrap_err().to_string()
    };
    assert_eq!(
        err(Color::White, &["Build R a1"]),
        "white: `Build R a1` is not a movement order"
    );
    assert_eq!(
        err(Color::White, &["N g1 - f3", "Ng1-h3"]),
        "white: two orders for g1 in one phase"
    );
    assert_eq!(
        err(Color::Black, &["O-O", "R h8 H"]),
        "black: two orders for h8 in one phase"
    );
    assert_eq!(
        state
            .parse_order(Color::White, "e8 = Q")
            .unwrap_err()
            .to_string(),
        "white: `e8 = Q` is not a movement order"
    );
    assert!(matches!(
        state.parse_order(Color::White, "N g1"),
        Err(OrderError::Parse(_))
    ));
    // A void order is not refused: it is reported (§4.2).
    let void = state.parse_order(Color::White, "N g1 - g3").unwrap();
    assert!(state.check_orders(Color::White, &[void]).is_ok());
    // A record section keeps orders of another phase (they are void) and refuses two
    // orders for one piece with the resolver's message.
    let build: Order = "Build R a1".parse().unwrap();
    assert!(state.check_record_orders(Color::White, &[build]).is_ok());
    let twice: Vec<Order> = ["N g1 - f3", "N g1 - h3"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(
        state
            .check_record_orders(Color::White, &twice)
            .unwrap_err()
            .to_string(),
        "white: two orders for the piece on g1 (`N g1 - f3` and `N g1 - h3`)"
    );
}

#[test]
fn default_orders_are_no_orders() {
    let mut game = Game::standard(Rules::default());
    let state = game.position().clone();
    for side in Color::ALL {
        assert!(state.default_orders(side).is_empty());
        assert_eq!(state.order_count(side), (0, 16));
    }
    // Nobody orders anything: every piece holds, the turn ends without progress.
    game.play(
        state.default_orders(Color::White),
        state.default_orders(Color::Black),
    )
    .unwrap();
    assert_eq!(
        game.position().to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 1 2"
    );
    let text = game.record(&[]);
    assert!(text.ends_with("\n\nturn 1\n*\n"), "{text}");
    assert_eq!(
        record::replay_text(&text).unwrap().position(),
        game.position()
    );
}

/// The third occurrence of a position after the build step draws (§9.3): counted through
/// the game's history; a position resolved without history never repeats.
#[test]
fn threefold_repetition_through_the_history() {
    let mut game = Game::standard(Rules::default());
    let out = ["N g1 - f3"];
    let back = ["N f3 - g1"];
    let (bout, bback) = (["N g8 - f6"], ["N f6 - g8"]);
    for turn in 0..4 {
        assert_eq!(game.result(), None, "turn {turn}");
        if turn % 2 == 0 {
            play(&mut game, &out, &bout);
        } else {
            play(&mut game, &back, &bback);
        }
    }
    assert_eq!(
        game.result(),
        Some(GameResult::draw(EndReason::ThreefoldRepetition))
    );
    // The state holds the verdict: its status is a function of the state alone.
    assert!(game.position().status().is_over());
    assert_eq!(game.position().current_phase(), None);
    let before = &game.phases().last().unwrap().before;
    let phase = &game.phases().last().unwrap();
    let (next, _) = before.resolve(&phase.white, &phase.black, &mut diplo_core::NoHistory);
    assert_eq!(next.status(), Status::Ongoing);
    assert_eq!(next.current_phase(), Some(Phase::Movement));
}
