//! The resolution told to the players (`explain`): every order says what happened to its
//! piece and names the orders that caused it; pieces the rules moved without orders get a
//! line of their own. `diplo adjudicate`'s report lines are another matter (`Display`).

use diplo_core::{Color, SimultaneousPosition};
use diplochess::{Game, Order, Rules, State};

/// Reads, checks and plays one phase given as order texts; the explanation.
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

fn from(position: &str, rules: Rules) -> Game {
    Game::new(State::parse(position, rules).unwrap())
}

#[test]
fn a_bounce_names_the_order_it_bounced_against_and_the_standoff() {
    let mut game = Game::standard(Rules::default());
    play(&mut game, &["P e2 - e4"], &["N g8 - f6"]);
    play(&mut game, &["P d2 - d4"], &["N f6 - e4"]);
    play(&mut game, &["P e4 - e5"], &[]);
    let said = play(
        &mut game,
        &["P d4 - d5", "N b1 - c3"],
        &["P d7 - d6", "N e4 - c3"],
    );
    assert!(said.contains(
        &"white N b1 - c3: bounced at c3 against black N e4 - c3 (3 against 3): it stayed on b1"
            .to_string()
    ));
    assert!(said.contains(
        &"black N e4 - c3: bounced at c3 against white N b1 - c3 (3 against 3): it stayed on e4"
            .to_string()
    ));
    assert!(said.contains(&"white P d4 - d5: moved to d5".to_string()));
    assert!(said.contains(
        &"standoff at c3: the moves there bounced off each other, and it stays empty".to_string()
    ));
    assert!(!said.iter().any(|l| l.contains("=> executed")), "{said:?}");
}

#[test]
fn supports_say_whether_they_counted_and_who_cut_them() {
    let mut game = from("4k3/8/8/3p4/4P3/2N5/1B6/4K3", Rules::default());
    let said = play(
        &mut game,
        &["P e4 - d5", "N c3 S P e4 - d5", "B b2 S N c3"],
        &["P d5 H"],
    );
    assert_eq!(
        said[2..],
        [
            "white P e4 - d5: moved to d5 and dislodged black P d5",
            "white N c3 S P e4 - d5: held and gave its support to P e4 - d5",
            "white B b2 S N c3: held and gave its support to N c3",
            "black P d5 H: dislodged by white P e4 - d5",
            "black P d5 must retreat: d4",
        ]
    );
    let mut game = from("4k3/8/8/1n1p4/4P3/2N5/8/4K3", Rules::default());
    let said = play(
        &mut game,
        &["P e4 - d5", "N c3 S P e4 - d5"],
        &["N b5 - c3", "P d5 H"],
    );
    assert_eq!(
        said[2..],
        [
            "white P e4 - d5: bounced at d5 against black P d5 H (1 against 1): it stayed on e4",
            "white N c3 S P e4 - d5: its support was cut by black N b5 - c3: it held",
            "black N b5 - c3: bounced at c3 against white N c3 S P e4 - d5 (3 against 3): it \
             stayed on b5",
            "black P d5 H: held",
        ]
    );
}

#[test]
fn a_head_to_head_and_a_void_order() {
    let mut game = from("4k3/8/8/3n4/8/2N5/1B6/4K3", Rules::default());
    let said = play(
        &mut game,
        &["N c3 - d5", "B b2 S N c3 - d5"],
        &["N d5 - c3"],
    );
    assert_eq!(
        said[2..],
        [
            "white N c3 - d5: lost the head-to-head battle with black N d5 - c3 (3 against 3): \
             it stayed on c3",
            "white B b2 S N c3 - d5: void (B b2 cannot capture onto d5): it held",
            "black N d5 - c3: lost the head-to-head battle with white N c3 - d5 (3 against 3): \
             it stayed on d5",
        ]
    );
}

#[test]
fn retreats_disbands_and_removals() {
    let mut game = Game::standard(Rules::default());
    play(&mut game, &["P e2 - e4"], &["N g8 - f6"]);
    play(&mut game, &["P d2 - d4"], &["N f6 - e4"]);
    assert_eq!(
        play(&mut game, &["P e4 D"], &[]),
        ["-- retreats", "white P e4 D: disbanded"]
    );
    // Bloody: the dislodged King retreats, or is removed without an order.
    let bloody = Rules {
        adjustments: false,
        bloody: true,
    };
    let mut game = from("7k/8/8/8/8/8/8/K6R", bloody);
    let said = play(&mut game, &["R h1 - h8"], &[]);
    assert!(said.contains(&"white R h1 - h8: moved to h8 and dislodged black K h8".to_string()));
    assert!(said.contains(
        &"black K h8 had no order: it held and was dislodged by white R h1 - h8".to_string()
    ));
    assert_eq!(
        play(&mut game, &[], &[]),
        ["-- retreats", "black K h8: no retreat was ordered: removed"]
    );
    let mut game = from("4k3/8/8/3n4/8/8/8/R3K3", bloody);
    let said = play(&mut game, &["R a1 - d1"], &["N d5 - c3"]);
    assert!(said.iter().all(|l| !l.contains("must retreat")), "{said:?}");
}

#[test]
fn the_build_step_says_what_the_defaults_did() {
    let mut game = from("4k3/P7/8/8/8/8/8/4K3", Rules::default());
    let mut said = play(&mut game, &["P a7 - a8"], &[]);
    assert!(
        said.contains(&"white P a7 - a8: moved to a8".to_string()),
        "{said:?}"
    );
    // The build step runs at once, or asks White; either way nothing was ordered.
    if game.position().owes_orders(Color::White) {
        said = play(&mut game, &[], &[]);
    }
    assert!(
        said.contains(&"white pawn on a8 became a queen (the rules' default)".to_string()),
        "{said:?}"
    );
    let mut game = from("4k3/P7/8/8/8/8/8/4K3", Rules::default());
    play(&mut game, &["P a7 - a8"], &[]);
    let said = play(&mut game, &["a8 = N"], &[]);
    assert_eq!(
        said,
        ["-- builds", "white a8 = N: the pawn became a knight"]
    );
}
