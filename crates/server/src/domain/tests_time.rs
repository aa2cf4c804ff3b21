//! Clocks and deadlines in the domain: flags, default orders, and what a request that
//! comes too late gets.

use super::tests::{by, mv, orders, people, B, W};
use super::*;
use diplo_core::Color;

const FISCHER: TimeControl = TimeControl::Fischer {
    initial_ms: 1_000,
    increment_ms: 100,
};

#[test]
fn a_fischer_clock_charges_the_mover() {
    let mut g = people("diplomat-chess", FISCHER);
    assert_eq!(g.state.clocks.deadline_ms, Some(1_000));
    g.apply(&by(W), mv("d3"), 400).unwrap();
    assert_eq!(g.state.clocks.left.white, Some(700));
    assert_eq!(g.state.clocks.turn_started_ms, Some(400));
    assert_eq!(g.state.clocks.deadline_ms, Some(1_400));
}

#[test]
fn nothing_expires_before_the_deadline() {
    let mut g = people("diplomat-chess", FISCHER);
    let progress = g.apply(&Actor::System, Action::Expire, 999).unwrap();
    assert_eq!(progress.outcome, Outcome::Nothing);
    assert!(!progress.changed() && !progress.expired);
    assert_eq!(g.state.status, Status::Active);
}

#[test]
fn the_side_to_move_loses_on_time() {
    let mut g = people("diplomat-chess", FISCHER);
    let progress = g.apply(&Actor::System, Action::Expire, 1_000).unwrap();
    assert!(progress.expired && progress.changed() && progress.visible());
    assert_eq!(progress.entries, vec![(1, Entry::Flag(Color::White))]);
    assert_eq!(g.state.status, Status::Finished);
    assert_eq!(
        g.state.result.as_ref().map(|r| r.token.as_str()),
        Some("0-1")
    );
    assert_eq!(g.state.clocks.deadline_ms, None);
    // Applied once: the game is over, nothing is due any more.
    let again = g.apply(&Actor::System, Action::Expire, 5_000).unwrap();
    assert!(!again.changed());
}

#[test]
fn a_move_too_late_is_refused_but_the_deadline_applies() {
    let mut g = people("diplomat-chess", FISCHER);
    let progress = g.apply(&by(W), mv("d3"), 1_000).unwrap();
    assert_eq!(progress.refused, Some(GameError::TimeRanOut));
    assert_eq!(
        GameError::TimeRanOut.to_string(),
        "the time for that turn ran out: it was played without this request"
    );
    assert!(progress.expired && progress.changed());
    assert_eq!(progress.outcome, Outcome::Nothing);
    assert_eq!(progress.entries, vec![(1, Entry::Flag(Color::White))]);
    assert_eq!(g.state.status, Status::Finished);
}

#[test]
fn a_refused_move_after_a_deadline_keeps_the_deadline() {
    let mut g = people("diplomat-chess", FISCHER);
    let progress = g.apply(&by("nobody"), mv("d3"), 2_000).unwrap();
    assert_eq!(progress.refused, Some(GameError::UnknownToken));
    assert!(progress.expired);
}

#[test]
fn a_correspondence_move_has_its_time() {
    let mut g = people("diplomatic-chess", TimeControl::PerMove { ms: 500 });
    assert_eq!(g.state.clocks.deadline_ms, Some(500));
    g.apply(&by(W), mv("e4"), 100).unwrap();
    assert_eq!(g.state.clocks.deadline_ms, Some(600));
    assert_eq!(
        g.state.clocks.left,
        BySide::default(),
        "no clocks to charge"
    );
    let progress = g.apply(&Actor::System, Action::Expire, 600).unwrap();
    assert_eq!(progress.entries, vec![(2, Entry::Flag(Color::Black))]);
}

#[test]
fn a_phase_deadline_plays_the_missing_orders_by_default() {
    let mut g = people("diplomacy-chess", TimeControl::Phase { ms: 1_000 });
    g.apply(&by(W), orders(&["e4"]), 10).unwrap();
    let progress = g.apply(&Actor::System, Action::Expire, 1_000).unwrap();
    assert!(progress.expired && progress.unseal);
    let phase = PhaseOrders::new(Some(vec!["e4".into()]), None);
    assert_eq!(progress.entries, vec![(1, Entry::Phase(phase))]);
    assert_eq!(g.state.sealed, BySide::default());
    assert_eq!(g.state.clocks.deadline_ms, Some(2_000));
    assert_eq!(g.state.status, Status::Active);
}

#[test]
fn orders_too_late_are_refused_after_the_default_ones() {
    let mut g = people("diplomacy-chess", TimeControl::Phase { ms: 1_000 });
    let progress = g.apply(&by(B), orders(&["d5"]), 1_500).unwrap();
    assert_eq!(progress.refused, Some(GameError::TimeRanOut));
    assert!(!progress.unseal, "nothing was sealed");
    assert_eq!(g.state.version, 1);
    assert!(g.state.sealed.black.is_none());
}

#[test]
fn a_waiting_game_has_no_deadline() {
    let mut g = super::tests::create(super::tests::new_game("diplomat-chess", None, FISCHER));
    assert_eq!(g.state.clocks.deadline_ms, None);
    assert!(!g.state.overdue(i64::MAX));
    let progress = g.apply(&Actor::System, Action::Expire, 10_000).unwrap();
    assert!(!progress.changed());
}
