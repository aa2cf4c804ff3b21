//! Deadlines in the simultaneous games: what each side's saved orders become when its phase
//! runs out, which sides missed the phase (they had saved nothing), and when missed phases end
//! the game. Pure functions of the session and the counts; `apply` and `Live` use them.
//!
//! The rules (docs/server.md, "Saved orders, deadlines and missed phases"):
//!
//! - Orders a side is ready with are used as they are.
//! - Orders saved but not ready are used if they make a whole set the phase takes. If not
//!   (too few entries yet, a check not answered), the longest run of them from the first that
//!   does make a set is used; if none does, the side gets its default orders. Either way the
//!   side is not counted as missing the phase: it was there, and its explanation says what
//!   was used and why.
//! - A side with nothing saved gets its default orders and *missed* the phase.
//! - A side that misses [`FORFEIT_AFTER`] of its phases in a row loses the game; when both
//!   sides have missed their last [`ABANDON_AFTER`] phases, the game ends as abandoned. The
//!   phase whose deadline decides it is not resolved: the game ends instead.

use super::{BySide, GameError, Sealed};
use diplo_core::Color;
use diplo_games::SimultaneousSession;

/// A side that misses this many of its phases in a row forfeits the game.
pub const FORFEIT_AFTER: u32 = 3;
/// When both sides have missed this many of their phases in a row, the game is abandoned.
pub const ABANDON_AFTER: u32 = 2;

/// What a deadline did with orders a side had saved without being ready, kept with the
/// resolved phase so that its explanation says so (a side that was ready, or had nothing
/// saved, has no note).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Late {
    /// They made a whole set: used as they were.
    Used,
    /// They did not make a whole set (`reason`): the first `used` of them were used (none:
    /// the side's default orders).
    Cut { used: usize, reason: String },
}

/// How missed phases end a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Absence {
    /// This side missed [`FORFEIT_AFTER`] phases in a row: it loses.
    Forfeit(Color),
    /// Both sides missed their last [`ABANDON_AFTER`] phases.
    Abandoned,
}

/// What the deadline makes of `side`'s saved orders: the orders the phase resolves with
/// (`None`: the side's default orders) and the note for the explanation.
pub fn at_deadline(
    game: &dyn SimultaneousSession,
    side: Color,
    saved: Option<Sealed>,
) -> Result<(Option<Vec<String>>, Option<Late>), GameError> {
    let Some(saved) = saved.filter(|_| game.owes_orders(side)) else {
        return Ok((None, None));
    };
    let ready = saved.ready;
    let orders = saved.orders().cloned().ok_or_else(|| {
        GameError::Internal("saved orders were not read with the game".to_string())
    })?;
    if ready {
        return Ok((Some(orders), None));
    }
    let reason = match game.check_orders(side, &orders) {
        Ok(()) => return Ok((Some(orders), Some(Late::Used))),
        Err(error) => error.to_string(),
    };
    for used in (1..orders.len()).rev() {
        if game.check_orders(side, &orders[..used]).is_ok() {
            let first = orders[..used].to_vec();
            return Ok((Some(first), Some(Late::Cut { used, reason })));
        }
    }
    Ok((None, Some(Late::Cut { used: 0, reason })))
}

/// The sides that missed a phase: each side that owed orders and resolves with its default
/// orders without a note (it had saved nothing).
pub fn missed(
    owed: &[Color],
    orders: &BySide<Option<Vec<String>>>,
    late: &BySide<Option<Late>>,
) -> Vec<Color> {
    owed.iter()
        .copied()
        .filter(|&side| orders.get(side).is_none() && late.get(side).is_none())
        .collect()
}

/// Each side's phases missed in a row after a phase that `owed` sides owed orders in and
/// `missed` sides missed: a side that owed and missed counts one more, a side that owed and
/// sent something starts again from nought, a side that owed nothing keeps its count.
pub fn count(before: &BySide<u32>, owed: &[Color], missed: &[Color]) -> BySide<u32> {
    let mut after = before.clone();
    for &side in owed {
        *after.get_mut(side) = match missed.contains(&side) {
            true => before.get(side) + 1,
            false => 0,
        };
    }
    after
}

/// Whether the counts end the game: abandoned when both sides have missed their last
/// [`ABANDON_AFTER`] phases, else a forfeit for a side that missed [`FORFEIT_AFTER`].
pub fn verdict(counts: &BySide<u32>) -> Option<Absence> {
    if Color::ALL
        .into_iter()
        .all(|side| *counts.get(side) >= ABANDON_AFTER)
    {
        return Some(Absence::Abandoned);
    }
    Color::ALL
        .into_iter()
        .find(|&side| *counts.get(side) >= FORFEIT_AFTER)
        .map(Absence::Forfeit)
}

/// What the players are told of the sides that were not ready when a phase ran out,
/// `no_orders` being the game's own sentence for a side without orders (`Black sent no
/// orders: its pieces held`), and `counts` the phases each side has now missed in a row.
pub fn told(
    side: Color,
    late: Option<&Late>,
    missed: bool,
    counts: &BySide<u32>,
    no_orders: &str,
) -> Vec<String> {
    let name = side.fold("White", "Black");
    match (late, missed) {
        (_, true) => {
            let n = *counts.get(side);
            let phases = if n == 1 { "phase" } else { "phases" };
            vec![
                format!("{no_orders}."),
                format!(
                    "{name} has missed {n} {phases} in a row: {FORFEIT_AFTER} in a row \
                     forfeit the game, and {ABANDON_AFTER} in a row by both sides end it \
                     as abandoned."
                ),
            ]
        }
        (Some(Late::Used), false) => vec![format!(
            "{name} was not ready when the phase ran out: its saved orders were used."
        )],
        (Some(Late::Cut { used, reason }), false) => {
            let what = match used {
                0 => format!("none could be used. {no_orders}"),
                1 => "only the first was used".to_string(),
                n => format!("only the first {n} were used"),
            };
            vec![format!(
                "{name} was not ready when the phase ran out, and its saved orders were not \
                 a whole set ({reason}): {what}."
            )]
        }
        (None, false) => Vec::new(),
    }
}

/// The sides a view names, as the API writes them.
pub fn names(sides: &[Color]) -> Vec<&'static str> {
    sides.iter().map(|side| side.name()).collect()
}

/// No side has a note.
pub fn no_notes(late: &BySide<Option<Late>>) -> bool {
    late.white.is_none() && late.black.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Saved;

    fn session(game: &str, options: &[&str]) -> diplo_games::Session {
        let entry = diplo_games::find(game).expect("a game");
        let options = entry.options(options).expect("options");
        entry.start(&options, None).expect("a start")
    }

    fn strings(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn ready_orders_are_used_as_they_are() {
        let s = session("diplomacy-chess", &[]);
        let game = s.as_simultaneous().unwrap();
        let ready = Sealed::ready(strings(&["e4"]));
        let used = at_deadline(game, Color::White, Some(ready)).unwrap();
        assert_eq!(used, (Some(strings(&["e4"])), None));
        assert_eq!(at_deadline(game, Color::Black, None).unwrap(), (None, None));
    }

    #[test]
    fn saved_orders_that_make_a_set_are_used() {
        let s = session("diplochess", &[]);
        let game = s.as_simultaneous().unwrap();
        let draft = Sealed::draft(strings(&["P e2 - e4", "N g1 - f3"]));
        let used = at_deadline(game, Color::White, Some(draft)).unwrap();
        assert_eq!(
            used,
            (Some(strings(&["P e2 - e4", "N g1 - f3"])), Some(Late::Used))
        );
    }

    #[test]
    fn a_partial_set_is_cut_to_its_longest_whole_beginning() {
        // Progressive turn 1 takes exactly one entry: a set of none cannot be used.
        let s = session("diplomacy-chess", &["mode=progressive"]);
        let game = s.as_simultaneous().unwrap();
        let (orders, late) =
            at_deadline(game, Color::White, Some(Sealed::draft(vec![]))).expect("a decision");
        assert_eq!(orders, None);
        let Some(Late::Cut { used: 0, reason }) = late else {
            panic!("{late:?}");
        };
        assert!(reason.contains("expected"), "{reason}");
        // Simultaneous-progressive turn 1 takes one move: two are cut to the first.
        let s = session("diplomacy-chess", &["mode=simultaneous-progressive"]);
        let game = s.as_simultaneous().unwrap();
        let draft = Sealed::draft(strings(&["e4", "d4"]));
        let (orders, late) = at_deadline(game, Color::White, Some(draft)).unwrap();
        assert_eq!(orders, Some(strings(&["e4"])));
        assert!(matches!(late, Some(Late::Cut { used: 1, .. })), "{late:?}");
    }

    #[test]
    fn orders_never_read_are_never_used() {
        let s = session("diplochess", &[]);
        let game = s.as_simultaneous().unwrap();
        let unread = Sealed {
            orders: Saved::Unread,
            ready: false,
        };
        let error = at_deadline(game, Color::White, Some(unread)).unwrap_err();
        assert!(matches!(error, GameError::Internal(_)), "{error:?}");
    }

    #[test]
    fn only_a_side_with_nothing_saved_misses_the_phase() {
        let owed = [Color::White, Color::Black];
        let orders = BySide::new(None, Some(vec![]));
        assert_eq!(missed(&owed, &orders, &BySide::default()), [Color::White]);
        let cut = Late::Cut {
            used: 0,
            reason: "too few".into(),
        };
        let late = BySide::new(Some(cut), None);
        assert!(missed(&owed, &orders, &late).is_empty());
        assert!(
            missed(&[Color::Black], &BySide::default(), &BySide::default()).contains(&Color::Black)
        );
    }

    #[test]
    fn counts_run_while_a_side_misses_and_start_again_when_it_sends() {
        let both = [Color::White, Color::Black];
        let counts = count(&BySide::new(0, 0), &both, &[Color::Black]);
        assert_eq!(counts, BySide::new(0, 1));
        // A phase Black alone owes: White keeps its count.
        let counts = count(&BySide::new(1, 1), &[Color::Black], &[Color::Black]);
        assert_eq!(counts, BySide::new(1, 2));
        let counts = count(&counts, &both, &[Color::White]);
        assert_eq!(counts, BySide::new(2, 0));
    }

    #[test]
    fn missed_phases_forfeit_or_abandon_the_game() {
        assert_eq!(verdict(&BySide::new(0, 2)), None);
        assert_eq!(verdict(&BySide::new(1, 2)), None);
        assert_eq!(
            verdict(&BySide::new(0, FORFEIT_AFTER)),
            Some(Absence::Forfeit(Color::Black))
        );
        assert_eq!(
            verdict(&BySide::new(FORFEIT_AFTER, 1)),
            Some(Absence::Forfeit(Color::White))
        );
        assert_eq!(
            verdict(&BySide::new(ABANDON_AFTER, ABANDON_AFTER)),
            Some(Absence::Abandoned)
        );
        assert_eq!(
            verdict(&BySide::new(FORFEIT_AFTER, ABANDON_AFTER)),
            Some(Absence::Abandoned)
        );
    }

    #[test]
    fn the_players_are_told_who_was_not_ready() {
        let counts = BySide::new(0, 2);
        let said = told(
            Color::Black,
            None,
            true,
            &counts,
            "Black sent no orders: its pieces held",
        );
        assert_eq!(said[0], "Black sent no orders: its pieces held.");
        assert!(said[1].starts_with("Black has missed 2 phases in a row: 3 in a row"));
        let said = told(Color::White, Some(&Late::Used), false, &counts, "");
        assert_eq!(
            said,
            ["White was not ready when the phase ran out: its saved orders were used."]
        );
        let cut = Late::Cut {
            used: 0,
            reason: "0 entries given, 1 expected".into(),
        };
        let said = told(
            Color::White,
            Some(&cut),
            false,
            &counts,
            "White sent no orders: its pieces stood still",
        );
        assert_eq!(
            said,
            [
                "White was not ready when the phase ran out, and its saved orders were not a \
              whole set (0 entries given, 1 expected): none could be used. White sent no \
              orders: its pieces stood still."
            ]
        );
        assert!(told(Color::White, None, false, &counts, "").is_empty());
    }
}
