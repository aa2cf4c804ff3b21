//! Rematches in the domain.

use super::tests::{by, create, new_game, people, B, W};
use super::*;
use diplo_core::Color;

fn finished(game: &str, opponent: Option<&str>) -> ServerGame {
    let mut g = match opponent {
        None => people(game, TimeControl::None),
        Some(_) => create(new_game(game, opponent, TimeControl::None)),
    };
    g.apply(&by(W), Action::Resign, 0).unwrap();
    g
}

#[test]
fn a_rematch_needs_a_finished_game_and_a_players_token() {
    let mut g = people("diplomat-chess", TimeControl::None);
    let error = g.rematch(W, None, "r1".into(), "t", 0).err();
    assert_eq!(error, Some(GameError::NotFinished));
    let mut g = finished("diplomat-chess", None);
    let error = g.rematch("nobody", None, "r1".into(), "t", 0).err();
    assert_eq!(error, Some(GameError::UnknownToken));
}

#[test]
fn the_first_to_ask_makes_the_rematch_with_colours_swapped() {
    let time = TimeControl::Fischer {
        initial_ms: 60_000,
        increment_ms: 0,
    };
    let mut old = people("diplomatic-chess", time);
    old.apply(&by(W), Action::Resign, 0).unwrap();
    let Ok(Rematch::Created {
        game,
        seat,
        old: progress,
    }) = old.rematch(W, None, "r1".into(), "new-white-token", 50)
    else {
        panic!("a new game");
    };
    assert_eq!(seat, Color::Black);
    assert!(progress.public && progress.changed());
    assert_eq!(old.state.rematch.as_deref(), Some("r1"));
    let new = &game.state;
    assert_eq!((new.id.as_str(), new.status), ("r1", Status::Waiting));
    assert_eq!(new.time, time);
    assert_eq!(new.clocks.left.white, Some(60_000));
    assert_eq!((new.created_ms, new.updated_ms, new.stamp), (50, 50, 0));
    assert_eq!(new.side_of_token("new-white-token"), Ok(Color::Black));
    assert!(!new.seats.white.is_taken());
}

#[test]
fn the_other_player_takes_the_other_seat() {
    let mut old = finished("diplomat-chess", None);
    let Ok(Rematch::Created { game, .. }) = old.rematch(W, None, "r1".into(), "t1", 0) else {
        panic!("a new game");
    };
    let mut offered = *game;
    // The same player again: its seat is taken.
    let error = old
        .rematch(W, Some(&mut offered), "r2".into(), "t2", 0)
        .err();
    assert_eq!(error, Some(GameError::RematchSeatTaken));
    let Ok(Rematch::Joined {
        seat,
        offered: progress,
    }) = old.rematch(B, Some(&mut offered), "r2".into(), "t3", 9)
    else {
        panic!("a seat");
    };
    assert_eq!(seat, Color::White);
    assert!(progress.public);
    assert_eq!(offered.state.status, Status::Active);
    assert_eq!(offered.state.side_of_token("t3"), Ok(Color::White));
    assert_eq!(offered.state.clocks.turn_started_ms, Some(9));
}

#[test]
fn a_rematch_against_an_engine_starts_at_once() {
    let mut old = finished("diplomacy-chess", Some("random"));
    let Ok(Rematch::Created { game, seat, .. }) = old.rematch(W, None, "r1".into(), "t", 0) else {
        panic!("a new game");
    };
    assert_eq!(seat, Color::Black);
    assert_eq!(game.state.status, Status::Active);
    assert_eq!(game.state.seats.white.player(), "random");
    assert!(game.state.engine_due, "the engine owes its orders at once");
}
