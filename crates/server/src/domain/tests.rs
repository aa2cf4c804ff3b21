//! The domain without a database: every action's success and refusals, sealed orders,
//! deadlines, versions and rematches. More in `tests_time.rs` (clocks and deadlines) and
//! `tests_rematch.rs`.

use super::*;
use diplo_core::{Color, MoveError};
use diplo_games::{Kind, OrderError};

pub const W: &str = "white-token";
pub const B: &str = "black-token";
pub const INVITE: &str = "the-invite";

/// A new game of `game` for White against `opponent` (`None`: a person).
pub fn new_game(game: &str, opponent: Option<&str>, time: TimeControl) -> NewGame {
    let entry = diplo_games::find(game).expect("a game");
    NewGame {
        game: entry,
        options: entry.options::<&str>(&[]).expect("the defaults"),
        position: None,
        color: Color::White,
        opponent: opponent.map(|spec| spec.parse().expect("a spec")),
        time,
        open: false,
    }
}

pub fn create(new: NewGame) -> ServerGame {
    ServerGame::create(new, "g1".into(), W, INVITE, 0).expect("a game")
}

/// A game between two people (White holds [`W`], Black [`B`]) that has started.
pub fn people(game: &str, time: TimeControl) -> ServerGame {
    let mut g = create(new_game(game, None, time));
    g.apply(&Actor::Anyone, join(Some(INVITE)), 0)
        .expect("joined");
    g
}

pub fn join(invite: Option<&str>) -> Action {
    Action::Join {
        invite: invite.map(str::to_string),
        token: B.into(),
    }
}

pub fn by(token: &str) -> Actor {
    Actor::Token(token.into())
}

pub fn mv(text: &str) -> Action {
    Action::Move {
        text: text.into(),
        version: None,
    }
}

pub fn orders(orders: &[&str]) -> Action {
    Action::Orders {
        orders: orders.iter().map(|o| o.to_string()).collect(),
        version: None,
        ready: true,
    }
}

/// Orders saved without being ready.
pub fn saved(orders: &[&str]) -> Action {
    Action::Orders {
        orders: orders.iter().map(|o| o.to_string()).collect(),
        version: None,
        ready: false,
    }
}

/// Applies an action that must be refused, and checks that it changed nothing.
pub fn refused(game: &mut ServerGame, actor: &Actor, action: Action, now: i64) -> GameError {
    let (state, version) = (game.state.clone(), game.live.version);
    let error = game.apply(actor, action, now).expect_err("refused");
    assert_eq!(game.state, state, "a refusal changes nothing");
    assert_eq!(game.live.version, version);
    error
}

#[test]
fn statuses_read_back_from_their_text() {
    for status in Status::ALL {
        assert_eq!(Status::parse(status.as_str()), Some(status));
    }
    assert_eq!(Status::Waiting.as_str(), "waiting");
    assert_eq!(Status::parse("paused"), None);
}

#[test]
fn seats_read_back_from_their_text() {
    let person = Seat::from_player(HUMAN, Some("h".into())).unwrap();
    assert_eq!(person.token(), Some("h"));
    assert_eq!(person.player(), HUMAN);
    let engine = Seat::from_player("engine:3@ms=200", None).unwrap();
    assert_eq!(engine.player(), "engine:3@ms=200");
    assert!(engine.is_taken() && engine.engine().is_some());
    assert!(!Seat::Person { token: None }.is_taken());
    assert!(Seat::from_player("wizard", None).is_err());
}

#[test]
fn a_game_against_a_person_waits_for_its_invite() {
    let g = create(new_game("diplomat-chess", None, TimeControl::None));
    let state = &g.state;
    assert_eq!(state.status, Status::Waiting);
    assert_eq!(
        state.invite.as_deref(),
        Some(crate::secret::hash(INVITE).as_str())
    );
    assert!(state.seats.white.is_taken() && !state.seats.black.is_taken());
    assert_eq!(state.side_of_token(W), Ok(Color::White));
    assert!(!state.engine_due && !state.open);
    assert!(g.awaiting().is_empty());
    assert!(state.options.contains('='), "every option is kept");
}

#[test]
fn only_an_invitation_is_open() {
    let mut new = new_game("diplomat-chess", None, TimeControl::None);
    new.open = true;
    assert!(create(new).state.open);
    let mut new = new_game("diplomat-chess", Some("random"), TimeControl::None);
    new.open = true;
    assert!(!create(new).state.open);
}

#[test]
fn a_game_against_an_engine_starts_at_once() {
    let mut new = new_game("diplomat-chess", Some("engine:2"), TimeControl::None);
    new.color = Color::Black;
    let g = create(new);
    assert_eq!(g.state.status, Status::Active);
    assert_eq!(g.state.invite, None);
    assert!(g.state.engine_due);
    let owed = g.engines_owed();
    assert_eq!(owed.len(), 1);
    assert_eq!(owed[0].0, Color::White);
    assert_eq!(owed[0].1.to_string(), "engine:2");
}

#[test]
fn a_bad_start_is_refused() {
    let mut new = new_game("diplomat-chess", None, TimeControl::None);
    new.position = Some("nonsense".into());
    let error = ServerGame::create(new, "g1".into(), W, INVITE, 0).err();
    assert!(matches!(error, Some(GameError::BadStart(_))), "{error:?}");
}

#[test]
fn the_invite_takes_the_free_seat() {
    let mut g = create(new_game("diplomat-chess", None, TimeControl::None));
    let progress = g.apply(&Actor::Anyone, join(Some(INVITE)), 7).unwrap();
    assert_eq!(progress.outcome, Outcome::Joined { side: Color::Black });
    assert!(progress.public && progress.changed() && progress.visible());
    assert!(progress.entries.is_empty());
    assert_eq!(g.state.status, Status::Active);
    assert_eq!(g.state.invite, None);
    assert_eq!(g.state.side_of_token(B), Ok(Color::Black));
    assert_eq!(g.state.clocks.turn_started_ms, Some(7));
    assert_eq!(g.awaiting(), vec![Color::White]);
}

#[test]
fn joining_needs_the_invite() {
    let mut g = create(new_game("diplomat-chess", None, TimeControl::None));
    let wrong = refused(&mut g, &Actor::Anyone, join(Some("wrong")), 0);
    assert_eq!(wrong, GameError::WrongInvite);
    assert_eq!(wrong.to_string(), "the invite code is not this game's");
    // A player's token is not the invite.
    assert_eq!(
        refused(&mut g, &Actor::Anyone, join(Some(W)), 0),
        GameError::WrongInvite
    );
    assert_eq!(
        refused(&mut g, &Actor::Anyone, join(None), 0),
        GameError::NeedsInvite
    );
}

#[test]
fn an_open_game_takes_anyone() {
    let mut new = new_game("diplomat-chess", None, TimeControl::None);
    new.open = true;
    let mut g = create(new);
    let progress = g.apply(&Actor::Anyone, join(None), 0).unwrap();
    assert_eq!(progress.outcome, Outcome::Joined { side: Color::Black });
    assert!(!g.state.open);
}

#[test]
fn a_used_invite_finds_no_free_seat() {
    let mut g = people("diplomat-chess", TimeControl::None);
    let error = refused(&mut g, &Actor::Anyone, join(Some(INVITE)), 0);
    assert_eq!(error, GameError::NoFreeSeat);
    let mut g = create(new_game(
        "diplomat-chess",
        Some("random"),
        TimeControl::None,
    ));
    assert_eq!(
        refused(&mut g, &Actor::Anyone, join(None), 0),
        GameError::NoFreeSeat
    );
}

#[test]
fn a_move_is_played_and_logged() {
    let mut g = people("diplomat-chess", TimeControl::None);
    let progress = g.apply(&by(W), mv("d3"), 5).unwrap();
    assert_eq!(progress.outcome, Outcome::Game);
    assert_eq!(progress.viewer, Some(Color::White));
    assert_eq!(progress.at, 5);
    assert!(progress.changed() && progress.visible() && !progress.unseal);
    let [(seq, Entry::Move { side, coordinate })] = &progress.entries[..] else {
        panic!("one move: {:?}", progress.entries);
    };
    assert_eq!(
        (*seq, *side, coordinate.as_str()),
        (1, Color::White, "d2d3")
    );
    assert_eq!((g.state.version, g.live.version), (1, 1));
    assert_eq!(g.awaiting(), vec![Color::Black]);
    assert_eq!(g.live.history[0]["moves"][0]["san"], "d3");
    // Coordinates work too.
    g.apply(&by(B), mv("k2k3"), 6).unwrap();
    assert_eq!(g.state.version, 2);
}

#[test]
fn moves_need_a_players_token() {
    let mut g = people("diplomat-chess", TimeControl::None);
    for actor in [Actor::Anyone, Actor::System] {
        assert_eq!(refused(&mut g, &actor, mv("d3"), 0), GameError::NeedsToken);
    }
    let error = refused(&mut g, &by("someone else"), mv("d3"), 0);
    assert_eq!(error, GameError::UnknownToken);
    assert_eq!(
        error.to_string(),
        "the token is not a player's token in this game"
    );
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let mut g = people("diplomat-chess", TimeControl::None);
    let error = refused(&mut g, &by(B), mv("k3"), 0);
    assert_eq!(
        error,
        GameError::NotYourTurn {
            to_move: Color::White
        }
    );
    assert_eq!(error.to_string(), "it is not your turn: white is to move");
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let mut g = people("diplomat-chess", TimeControl::None);
    let error = refused(&mut g, &by(W), mv("zz9"), 0);
    let GameError::IllegalMove(reason) = &error else {
        panic!("{error:?}");
    };
    assert!(matches!(
        reason,
        MoveError::Parse { .. } | MoveError::Illegal { .. }
    ));
    assert_eq!(error.to_string(), reason.to_string());
    assert!(error.is_refused_choice());
    let long = "d".repeat(MAX_TEXT + 1);
    assert_eq!(
        refused(&mut g, &by(W), mv(&long), 0),
        GameError::MoveTooLong
    );
}

#[test]
fn each_kind_takes_its_own_action() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    let error = refused(&mut g, &by(W), mv("e4"), 0);
    assert_eq!(
        error,
        GameError::WrongKind {
            game: "diplomacy-chess".into(),
            kind: Kind::Simultaneous
        }
    );
    assert_eq!(
        error.to_string(),
        "diplomacy-chess is a simultaneous game: send orders to /orders"
    );
    let mut g = people("diplomat-chess", TimeControl::None);
    let error = refused(&mut g, &by(W), orders(&["d3"]), 0);
    assert_eq!(
        error.to_string(),
        "diplomat-chess is a sequential game: send a move to /move"
    );
}

#[test]
fn nothing_is_played_before_the_second_player_joins() {
    let mut g = create(new_game("diplomat-chess", None, TimeControl::None));
    assert_eq!(refused(&mut g, &by(W), mv("d3"), 0), GameError::NotStarted);
    assert_eq!(
        refused(&mut g, &by(W), Action::Resign, 0),
        GameError::NotStarted
    );
}

#[test]
fn a_move_for_another_version_is_refused() {
    let mut g = people("diplomat-chess", TimeControl::None);
    g.apply(&by(W), mv("d3"), 0).unwrap();
    let stale = Action::Move {
        text: "k3".into(),
        version: Some(0),
    };
    let error = refused(&mut g, &by(B), stale, 0);
    assert_eq!(
        error,
        GameError::Stale {
            version: 1,
            seen: 0
        }
    );
    assert_eq!(
        error.to_string(),
        "the game has moved on: it is at version 1, not 0"
    );
    let current = Action::Move {
        text: "k3".into(),
        version: Some(1),
    };
    assert!(g.apply(&by(B), current, 0).is_ok());
}

#[test]
fn sealed_orders_wait_for_the_other_side() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    let progress = g.apply(&by(W), orders(&["e4"]), 3).unwrap();
    assert_eq!(progress.outcome, Outcome::Sealed);
    assert_eq!(progress.seal, Some(Color::White));
    assert!(progress.public && progress.entries.is_empty());
    assert_eq!(g.state.sealed.white, Some(Sealed::ready(vec!["e4".into()])));
    assert_eq!(g.awaiting(), vec![Color::Black]);
    assert_eq!(g.state.version, 0);
}

#[test]
fn the_same_orders_again_change_nothing() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    let again = g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    assert_eq!(again.outcome, Outcome::Sealed);
    assert!(!again.changed());
}

#[test]
fn replaced_orders_show_nobody_anything() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    g.apply(&by(W), orders(&["Na3"]), 0).unwrap();
    let replaced = g.apply(&by(W), orders(&["Nc3"]), 0).unwrap();
    assert_eq!(replaced.seal, Some(Color::White));
    assert!(replaced.changed() && !replaced.visible());
    assert_eq!(
        g.state.sealed.white,
        Some(Sealed::ready(vec!["Nc3".into()]))
    );
}

#[test]
fn both_sides_sealed_resolve_the_phase() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    let progress = g.apply(&by(B), orders(&["d5"]), 0).unwrap();
    assert_eq!(progress.outcome, Outcome::Game);
    assert_eq!(progress.viewer, Some(Color::Black));
    assert!(progress.unseal, "White's orders were in the store");
    assert_eq!(progress.seal, None);
    let phase = PhaseOrders::new(Some(vec!["e4".into()]), Some(vec!["d5".into()]));
    assert_eq!(progress.entries, vec![(1, Entry::Phase(phase))]);
    assert_eq!(g.state.sealed, BySide::default());
    assert_eq!(g.live.history[0]["white"], serde_json::json!(["e4"]));
    assert_eq!(g.awaiting(), vec![Color::White, Color::Black]);
}

#[test]
fn a_phase_only_one_side_owes_resolves_with_its_orders() {
    let mut g = people("diplochess", TimeControl::None);
    for (w, b) in [("P e2 - e4", "N g8 - f6"), ("P d2 - d4", "N f6 - e4")] {
        g.apply(&by(W), orders(&[w]), 0).unwrap();
        g.apply(&by(B), orders(&[b]), 0).unwrap();
    }
    assert_eq!(g.awaiting(), vec![Color::White]);
    let error = refused(&mut g, &by(B), orders(&[]), 0);
    let GameError::OwesNoOrders { side, phase } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(*side, Color::Black);
    assert_eq!(
        error.to_string(),
        format!("black owes no orders in this phase ({phase})")
    );
    let progress = g.apply(&by(W), orders(&["P e4 - e5"]), 0).unwrap();
    assert_eq!(progress.outcome, Outcome::Game);
    assert!(!progress.unseal, "nothing was sealed before");
    let [(_, Entry::Phase(phase))] = &progress.entries[..] else {
        panic!("{:?}", progress.entries);
    };
    assert_eq!(phase.black, None);
}

#[test]
fn orders_past_the_limits_are_refused() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    let many = vec!["e4"; MAX_ORDERS + 1];
    assert_eq!(
        refused(&mut g, &by(W), orders(&many), 0),
        GameError::TooManyOrders
    );
    let long = "e".repeat(MAX_TEXT + 1);
    assert_eq!(
        refused(&mut g, &by(W), orders(&[&long]), 0),
        GameError::TooManyOrders
    );
}

#[test]
fn an_unreadable_order_is_refused_with_its_text() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    let error = refused(&mut g, &by(W), orders(&["zz"]), 0);
    let GameError::OrderRefused {
        text,
        error: reason,
    } = &error
    else {
        panic!("{error:?}");
    };
    assert_eq!(text, "zz");
    assert!(matches!(reason, OrderError::Order(_)));
    assert!(error.to_string().starts_with("`zz`: "));
    assert!(error.is_refused_choice());
}

#[test]
fn orders_that_do_not_go_together_are_refused() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    let error = refused(&mut g, &by(W), orders(&["e4", "d4"]), 0);
    assert!(
        matches!(error, GameError::OrdersRefused(OrderError::Set(_))),
        "{error:?}"
    );
}

#[test]
fn sealed_orders_not_read_are_never_resolved() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    g.state.sealed.black = Some(Sealed::unread(true));
    let error = g.apply(&by(W), orders(&["e4"]), 0).unwrap_err();
    assert!(matches!(error, GameError::Internal(_)), "{error:?}");
}

#[test]
fn resigning_ends_the_game() {
    let mut g = people("diplomat-chess", TimeControl::None);
    let progress = g.apply(&by(B), Action::Resign, 9).unwrap();
    assert_eq!(progress.outcome, Outcome::Game);
    assert_eq!(progress.entries, vec![(1, Entry::Resign(Color::Black))]);
    assert_eq!(g.state.status, Status::Finished);
    let result = g.state.result.clone().expect("a result");
    assert_eq!(
        (result.token.as_str(), result.reason.as_str()),
        ("1-0", "black resigns")
    );
    assert_eq!(g.state.clocks.deadline_ms, None);
    assert!(g.awaiting().is_empty() && !g.state.engine_due);
}

#[test]
fn resigning_drops_the_sealed_orders() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    let progress = g.apply(&by(B), Action::Resign, 0).unwrap();
    assert!(progress.unseal);
    assert_eq!(g.state.sealed, BySide::default());
}

#[test]
fn nothing_is_played_after_the_end() {
    let mut g = people("diplomat-chess", TimeControl::None);
    g.apply(&by(B), Action::Resign, 0).unwrap();
    let error = refused(&mut g, &by(W), mv("d3"), 0);
    assert!(matches!(error, GameError::Over(Some(_))), "{error:?}");
    assert_eq!(error.to_string(), "the game is over (1-0 (black resigns))");
    assert!(matches!(
        refused(&mut g, &by(W), Action::Resign, 0),
        GameError::Over(_)
    ));
    assert_eq!(GameError::Over(None).to_string(), "the game is over");
}

#[test]
fn engines_play_only_their_own_side() {
    let mut g = people("diplomat-chess", TimeControl::None);
    let engine = Actor::Engine { side: Color::White };
    let error = refused(&mut g, &engine, mv("d3"), 0);
    assert_eq!(error, GameError::NotEngineSide);
    let mut g = create(new_game(
        "diplomat-chess",
        Some("random"),
        TimeControl::None,
    ));
    assert!(!g.state.engine_due, "White, the person, moves first");
    g.apply(&by(W), mv("d3"), 0).unwrap();
    assert!(g.state.engine_due);
    assert_eq!(g.engines_owed()[0].0, Color::Black);
    let progress = g
        .apply(&Actor::Engine { side: Color::Black }, mv("k3"), 0)
        .unwrap();
    assert_eq!(progress.viewer, None);
    assert!(!g.state.engine_due);
}

#[test]
fn progress_says_what_the_store_records() {
    let nothing = Progress::default();
    assert!(!nothing.changed() && !nothing.visible());
    let shown = Progress::public(3);
    assert!(shown.changed() && shown.visible() && shown.at == 3);
}
