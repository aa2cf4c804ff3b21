//! Saved orders in the domain: saved as they are entered (checked at once), ready and no
//! longer ready, used at the deadline, gone once the phase resolves; missed phases, and the
//! forfeit and abandonment they lead to.

use super::tests::{by, orders, people, refused, saved, B, W};
use super::*;
use diplo_core::Color;
use serde_json::json;

const PHASE: TimeControl = TimeControl::Phase { ms: 1_000 };

fn expire(g: &mut ServerGame, now: i64) -> Progress {
    g.apply(&Actor::System, Action::Expire, now).unwrap()
}

#[test]
fn saved_orders_are_kept_and_show_nobody_anything() {
    let mut g = people("diplochess", TimeControl::None);
    let progress = g.apply(&by(W), saved(&["P e2 - e4"]), 3).unwrap();
    assert_eq!(progress.outcome, Outcome::Saved);
    assert_eq!(progress.seal, Some(Color::White));
    assert!(progress.changed() && !progress.visible() && !progress.public);
    assert_eq!(
        g.state.sealed.white,
        Some(Sealed::draft(vec!["P e2 - e4".into()]))
    );
    assert!(g.state.has_saved(Color::White) && !g.state.is_ready(Color::White));
    // Still awaited: saving is not being ready.
    assert_eq!(g.awaiting(), vec![Color::White, Color::Black]);
    assert_eq!(g.state.version, 0);
    // More orders replace them (in canonical text), silently too.
    let more = g.apply(&by(W), saved(&["P e2 - e4", "Ng1-f3"]), 4).unwrap();
    assert!(more.changed() && !more.visible());
    assert_eq!(
        g.state.sealed.white,
        Some(Sealed::draft(vec!["P e2 - e4".into(), "N g1 - f3".into()]))
    );
    // The same again changes nothing.
    let again = g
        .apply(&by(W), saved(&["P e2 - e4", "N g1 - f3"]), 5)
        .unwrap();
    assert_eq!(again.outcome, Outcome::Saved);
    assert!(!again.changed());
    // An empty list clears them: the store drops the row.
    let cleared = g.apply(&by(W), saved(&[]), 6).unwrap();
    assert_eq!(cleared.seal, Some(Color::White));
    assert!(cleared.changed() && !cleared.visible());
    assert_eq!(g.state.sealed.white, None);
    let nothing = g.apply(&by(W), saved(&[]), 7).unwrap();
    assert!(!nothing.changed());
}

#[test]
fn what_the_rules_can_already_tell_is_refused_at_once() {
    let mut g = people("diplochess", TimeControl::None);
    g.apply(&by(W), saved(&["P e2 - e4"]), 0).unwrap();
    let before = g.state.sealed.white.clone();
    for (given, reason) in [
        (vec!["zz9"], "`zz9`: "),
        // A move the piece cannot make: a pawn two squares from e3.
        (vec!["P e2 - e5"], "`P e2 - e5`: "),
        // Two orders for one piece.
        (vec!["P e2 - e4", "P e2 - e3"], "`P e2 - e3`: "),
        // An order for a piece that is not there.
        (vec!["N c3 H"], "`N c3 H`: "),
    ] {
        let error = refused(&mut g, &by(W), saved(&given), 1);
        let GameError::OrderRefused { text, .. } = &error else {
            panic!("{given:?}: {error:?}");
        };
        assert_eq!(Some(text.as_str()), given.last().copied());
        assert!(error.to_string().starts_with(reason), "{error}");
        assert!(error.is_refused_choice());
    }
    assert_eq!(g.state.sealed.white, before, "the saved orders stay");
    // More orders than the phase takes (Diplomacy Chess, basic: one).
    let mut g = people("diplomacy-chess", TimeControl::None);
    let error = refused(&mut g, &by(W), saved(&["e4", "d4"]), 0);
    assert_eq!(
        error.to_string(),
        "`d4`: only one entry is due this turn",
        "{error:?}"
    );
}

#[test]
fn a_set_not_yet_whole_is_saved_but_cannot_be_ready() {
    // Progressive Diplomacy Chess: turn 2 takes exactly two entries.
    let entry = diplo_games::find("diplomacy-chess").unwrap();
    let mut new = super::tests::new_game("diplomacy-chess", None, TimeControl::None);
    new.options = entry.options(&["mode=progressive"]).unwrap();
    let mut g = super::tests::create(new);
    g.apply(
        &Actor::Anyone,
        super::tests::join(Some(super::tests::INVITE)),
        0,
    )
    .unwrap();
    g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    g.apply(&by(B), orders(&["e5"]), 0).unwrap();
    let progress = g.apply(&by(W), saved(&["Nf3"]), 0).unwrap();
    assert_eq!(progress.outcome, Outcome::Saved);
    let error = refused(&mut g, &by(W), orders(&["Nf3"]), 0);
    assert!(
        matches!(error, GameError::OrdersRefused(_)),
        "{error:?} {error}"
    );
    assert_eq!(
        g.state.sealed.white,
        Some(Sealed::draft(vec!["Nf3".into()]))
    );
    let error = refused(&mut g, &by(W), saved(&["Nf3", "Nc3", "d4"]), 0);
    assert_eq!(
        error.to_string(),
        "`d4`: 2 entries are due this turn, no more"
    );
}

#[test]
fn a_phase_waits_for_every_side_to_be_ready() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    let ready = g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    assert_eq!(ready.outcome, Outcome::Sealed);
    assert!(ready.public, "White is no longer awaited");
    assert_eq!(g.awaiting(), vec![Color::Black]);
    // Black only saves: nothing resolves, nobody is told.
    let progress = g.apply(&by(B), saved(&["d5"]), 0).unwrap();
    assert_eq!(progress.outcome, Outcome::Saved);
    assert!(progress.entries.is_empty() && !progress.visible());
    assert_eq!(g.awaiting(), vec![Color::Black]);
    // White changes its mind: no longer ready (everyone sees it awaited again).
    let unready = g.apply(&by(W), saved(&["d4"]), 0).unwrap();
    assert_eq!(unready.outcome, Outcome::Saved);
    assert!(unready.public && unready.visible());
    assert_eq!(g.awaiting(), vec![Color::White, Color::Black]);
    assert_eq!(g.state.sealed.white, Some(Sealed::draft(vec!["d4".into()])));
    // Ready again, with the saved orders; Black's readiness resolves the phase.
    g.apply(&by(W), orders(&["d4"]), 0).unwrap();
    let done = g.apply(&by(B), orders(&["d5"]), 0).unwrap();
    assert_eq!(done.outcome, Outcome::Game);
    assert!(done.unseal, "the saved orders go");
    assert_eq!(g.state.sealed, BySide::default());
    assert_eq!(g.live.history[0]["white"], json!(["d4"]));
    assert_eq!(g.live.history[0]["missed"], json!([]));
}

#[test]
fn ready_orders_replaced_by_the_same_are_nothing_new() {
    let mut g = people("diplomacy-chess", TimeControl::None);
    g.apply(&by(W), saved(&["e4"]), 0).unwrap();
    // Ready with what was saved: a change others see (White no longer awaited).
    let ready = g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    assert!(ready.changed() && ready.public);
    assert!(g.state.is_ready(Color::White));
    let again = g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    assert!(!again.changed());
}

#[test]
fn the_deadline_uses_saved_orders_and_names_who_missed() {
    let mut g = people("diplochess", PHASE);
    g.apply(&by(W), saved(&["P e2 - e4"]), 10).unwrap();
    let progress = expire(&mut g, 1_000);
    assert!(progress.expired && progress.unseal);
    let [(1, Entry::Phase(phase))] = &progress.entries[..] else {
        panic!("{:?}", progress.entries);
    };
    assert_eq!(phase.white, Some(vec!["P e2 - e4".to_string()]));
    assert_eq!(phase.black, None);
    assert_eq!(phase.late, BySide::new(Some(Late::Used), None));
    assert_eq!(phase.missed(&[Color::White, Color::Black]), [Color::Black]);
    // Gone once the phase resolved.
    assert_eq!(g.state.sealed, BySide::default());
    let turn = &g.live.history[0];
    assert_eq!(turn["missed"], json!(["black"]));
    let explanation: Vec<&str> = turn["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        explanation[0],
        "White was not ready when the phase ran out: its saved orders were used."
    );
    assert_eq!(explanation[1], "Black sent no orders: its pieces held.");
    assert!(explanation[2].starts_with("Black has missed 1 phase in a row"));
    assert_eq!(g.live.missed_in_a_row, BySide::new(0, 1));
}

#[test]
fn a_partial_set_at_the_deadline_uses_what_can_be_used() {
    // Progressive Diplomacy Chess, turn 2: one entry of two saved cannot make a set.
    let entry = diplo_games::find("diplomacy-chess").unwrap();
    let mut new = super::tests::new_game("diplomacy-chess", None, PHASE);
    new.options = entry.options(&["mode=progressive"]).unwrap();
    let mut g = super::tests::create(new);
    g.apply(
        &Actor::Anyone,
        super::tests::join(Some(super::tests::INVITE)),
        0,
    )
    .unwrap();
    g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    g.apply(&by(B), orders(&["e5"]), 0).unwrap();
    g.apply(&by(W), saved(&["Nf3"]), 10).unwrap();
    g.apply(&by(B), orders(&["Nc6", "Nf6"]), 10).unwrap();
    let progress = expire(&mut g, 2_000);
    let [(2, Entry::Phase(phase))] = &progress.entries[..] else {
        panic!("{:?}", progress.entries);
    };
    assert_eq!(phase.white, None);
    let Some(Late::Cut { used: 0, reason }) = &phase.late.white else {
        panic!("{:?}", phase.late);
    };
    assert_eq!(reason, "1 entries given, 2 expected");
    // White was there: it did not miss the phase.
    assert_eq!(g.live.history[1]["missed"], json!([]));
    assert_eq!(g.live.missed_in_a_row, BySide::new(0, 0));
    let first = g.live.history[1]["explanation"][0].as_str().unwrap();
    assert!(
        first.contains("none could be used. White sent no orders"),
        "{first}"
    );
}

#[test]
fn a_side_that_keeps_missing_forfeits() {
    let mut g = people("diplomacy-chess", PHASE);
    let mut now = 0;
    for (i, white) in ["e4", "d4"].into_iter().enumerate() {
        g.apply(&by(W), orders(&[white]), now).unwrap();
        now += 1_000;
        let progress = expire(&mut g, now);
        assert!(matches!(progress.entries[..], [(_, Entry::Phase(_))]));
        assert_eq!(g.live.missed_in_a_row, BySide::new(0, i as u32 + 1));
        assert_eq!(g.state.status, Status::Active);
    }
    g.apply(&by(W), orders(&["Nf3"]), now).unwrap();
    now += 1_000;
    let progress = expire(&mut g, now);
    // The third missed phase is not played: the game ends.
    assert_eq!(progress.entries, vec![(3, Entry::Forfeit(Color::Black))]);
    assert!(progress.unseal, "White's orders go with it");
    assert_eq!(g.state.status, Status::Finished);
    let result = g.state.result.clone().unwrap();
    assert_eq!(
        (result.token.as_str(), result.reason.as_str()),
        ("1-0", "black forfeits: it sent no orders")
    );
    assert_eq!(g.live.history.len(), 2);
    assert_eq!(g.state.clocks.deadline_ms, None);
}

#[test]
fn a_side_that_sends_something_starts_counting_again() {
    let mut g = people("diplomacy-chess", PHASE);
    g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    expire(&mut g, 1_000);
    g.apply(&by(W), orders(&["d4"]), 1_000).unwrap();
    expire(&mut g, 2_000);
    assert_eq!(g.live.missed_in_a_row, BySide::new(0, 2));
    // Black saves orders without being ready: they count.
    g.apply(&by(W), orders(&["Nf3"]), 2_000).unwrap();
    g.apply(&by(B), saved(&["e5"]), 2_000).unwrap();
    let progress = expire(&mut g, 3_000);
    assert!(matches!(progress.entries[..], [(3, Entry::Phase(_))]));
    assert_eq!(g.live.missed_in_a_row, BySide::new(0, 0));
    assert_eq!(g.state.status, Status::Active);
}

#[test]
fn a_game_nobody_plays_is_abandoned_not_drawn_by_repetition() {
    let mut g = people("diplochess", PHASE);
    let first = expire(&mut g, 1_000);
    assert!(matches!(first.entries[..], [(1, Entry::Phase(_))]));
    assert_eq!(g.live.history[0]["missed"], json!(["white", "black"]));
    assert_eq!(g.live.missed_in_a_row, BySide::new(1, 1));
    let second = expire(&mut g, 2_000);
    assert_eq!(second.entries, vec![(2, Entry::Abandon)]);
    let result = g.state.result.clone().unwrap();
    assert_eq!(
        (result.token.as_str(), result.reason.as_str()),
        ("1/2-1/2", "abandoned: neither side sent orders")
    );
    assert_eq!(g.state.status, Status::Finished);
}

#[test]
fn missed_phases_are_counted_again_from_the_log() {
    let mut g = people("diplomacy-chess", PHASE);
    let mut log = Vec::new();
    g.apply(&by(W), orders(&["e4"]), 0).unwrap();
    log.extend(expire(&mut g, 1_000).entries);
    log.extend(expire(&mut g, 2_000).entries);
    assert_eq!(g.live.missed_in_a_row, BySide::new(1, 2));
    let logged = log
        .into_iter()
        .map(|(seq, entry)| Logged {
            seq,
            entry,
            at_ms: 0,
        })
        .collect();
    let live = Live::catch_up(None, &g.state, logged).unwrap();
    assert_eq!(live.missed_in_a_row, g.live.missed_in_a_row);
    assert_eq!(live.history, g.live.history);
}
