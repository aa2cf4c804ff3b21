//! A turn told to the players (`explain`): where each piece went, what it took or became, or
//! why it failed and which entry caused it. `diplo adjudicate`'s short reasons are the
//! report's `Display`, unchanged.

use diplo_core::{Color, SimultaneousPosition};
use diplomacy_chess::{Game, Mode, State};

fn play(game: &mut Game, white: &[&str], black: &[&str]) -> Vec<String> {
    let state = game.position().clone();
    let w = state.read_orders(Color::White, white).unwrap();
    let b = state.read_orders(Color::Black, black).unwrap();
    game.play(w, b).unwrap();
    game.position()
        .explain(&game.phases().last().unwrap().resolution)
}

fn from(position: &str, mode: Mode) -> Game {
    Game::new(State::parse(position, mode).unwrap())
}

#[test]
fn a_capture_names_the_taker_and_the_taken() {
    let mut game = from("Q7/7k/8/n7/8/1B2n3/8/7K", Mode::Basic);
    let said = play(&mut game, &["Qc6"], &["Nc6"]);
    assert_eq!(
        said,
        [
            "white Qc6: moved to c6 and took the black knight",
            "black Nc6: failed: captured on c6 by the higher-ranked white queen at tick 2 \
             (white Qc6)",
            "turn 2: one move each",
        ]
    );
    // The report's short reasons are as they were.
    let report = game.phases().last().unwrap().resolution.to_string();
    assert_eq!(
        report,
        "white Qc6 => executed\nblack Nc6 => failed: captured at c6\n"
    );
}

#[test]
fn a_piece_standing_still_is_taken_too() {
    let mut game = Game::standard(Mode::Basic);
    play(&mut game, &["e4"], &["d5"]);
    let said = play(&mut game, &["exd5"], &["c6"]);
    assert_eq!(said[0], "white exd5: moved to d5 and took the black pawn");
    assert_eq!(said[1], "black c6: moved to c6");
}

#[test]
fn pieces_that_meet_name_each_other() {
    let mut game = from("4k3/8/8/8/8/7K/8/R5r1", Mode::Basic);
    let said = play(&mut game, &["Rd1"], &["Rc1"]);
    assert_eq!(
        said[..2],
        [
            "white Rd1: failed: met the black rook on d1 at tick 3; both went back (black Rc1)",
            "black Rc1: failed: met the white rook on d1 at tick 3; both went back (white Rd1)",
        ]
    );
}

#[test]
fn an_obstacle_without_an_order_and_the_way_home() {
    let mut game = from("4k3/8/8/8/3p4/8/6K1/3R4", Mode::Basic);
    let said = play(&mut game, &["Rd8"], &["Kd7"]);
    assert_eq!(
        said[0],
        "white Rd8: failed: ran into the black pawn standing on d4 at tick 3 (it had no \
         order); it went back to d1"
    );
    assert_eq!(said[1], "black Kd7: moved to d7");
}

#[test]
fn a_progressive_series_step_by_step() {
    let mut game = Game::standard(Mode::Progressive);
    play(&mut game, &["e4"], &["e5"]);
    let said = play(&mut game, &["Nf3", "Nxe5"], &["Nc6", "Nd4"]);
    assert_eq!(
        said,
        [
            "white Nf3: moved to f3",
            "black Nc6: moved to c6",
            "white Nxe5: moved to e5 and took the black pawn",
            "black Nd4: moved to d4",
            "turn 3: a series of 3 entries each",
        ]
    );
}

#[test]
fn a_promotion_says_what_the_pawn_became() {
    let mut game = from("8/P6k/8/8/8/8/8/K7", Mode::Basic);
    let said = play(&mut game, &["a8=Q"], &["Kg7"]);
    assert_eq!(said[0], "white a8=Q: moved to a8 and became a queen");
}
