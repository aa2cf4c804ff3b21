//! The games' neutral description agrees with the games themselves, in random games of
//! every game: each registry entry starts sessions of its own variant; the board view has
//! one cell per cell of the geometry and the pieces the position string shows; every legal
//! move or order is described once, with the same text, and only legal ones; every played
//! phase has its resolution drawn; the caption under the board has its places, and a
//! piece's targets are the cells its legal moves reach.

// Not every shared helper is used here.
#[allow(dead_code)]
mod common;

use common::{random_option_pairs, random_step};
use diplo_core::describe::{ActionKind, Caption, CellId, Due};
use diplo_core::Color;
use diplo_games::{Kind, Session, GAMES};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const GAMES_EACH: usize = 6;
const MAX_STEPS: usize = 40;

#[test]
fn every_entry_starts_sessions_of_its_own_game() {
    for entry in &GAMES {
        let session = entry
            .start(&entry.options::<&str>(&[]).unwrap(), None)
            .unwrap();
        assert!(std::ptr::eq(session.entry(), entry), "{}", entry.id());
        assert_eq!(session.kind(), entry.kind);
        assert_eq!(session.geometry(), entry.geometry);
        assert_eq!(
            session.as_sequential().is_some(),
            entry.kind == Kind::Sequential
        );
        assert_eq!(
            session.order_entry().is_some(),
            entry.kind == Kind::Simultaneous
        );
        if entry.kind == Kind::Sequential {
            assert!(entry.info.perft_limit.is_some(), "{}", entry.id());
        }
        assert!(!entry.info.notation_help.is_empty());
        if let Some(typed) = session.order_entry().and_then(|e| e.typed) {
            assert!(
                entry
                    .info
                    .typed_examples
                    .iter()
                    .any(|(noun, _)| *noun == typed),
                "{}: no example of `{typed}`",
                entry.id()
            );
        }
    }
}

fn check_description(session: &Session) {
    let id = session.entry().id();
    let geometry = session.geometry();
    let view = session.board_view();
    assert_eq!(view.cells.len(), geometry.cell_count(), "{id}");
    // Every piece letter of the position string's board stands somewhere in the view, as
    // many times (the board field comes first in every game's position string).
    let position = session.position_string();
    let field = position.split(' ').next().unwrap_or_default();
    let mut from_string: Vec<char> = field.chars().filter(char::is_ascii_alphabetic).collect();
    let mut from_view: Vec<char> = view.occupied().map(|(_, p)| p.letter()).collect();
    from_string.sort_unstable();
    from_view.sort_unstable();
    if geometry.name() == "square" {
        assert_eq!(from_view, from_string, "{id}: {position}");
    } else {
        assert_eq!(from_view.len(), view.occupied().count());
    }

    check_caption(session);

    if let Some(game) = session.as_sequential() {
        let legal: Vec<String> = if session.result().is_none() {
            game.legal_moves()
                .into_iter()
                .map(|m| m.coordinate)
                .collect()
        } else {
            Vec::new()
        };
        let shapes = session.legal_move_shapes();
        let texts: Vec<&str> = shapes.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, legal, "{id}: {position}");
        for shape in &shapes {
            assert!(shape.to.is_some(), "{id}: {shape:?}");
            assert_eq!(
                shape.from.is_none(),
                shape.kind == ActionKind::Drop,
                "{shape:?}"
            );
            assert!(shape.san.is_some());
        }
        let side = game.side_to_move();
        let due = if session.result().is_some() {
            Due::Nothing
        } else {
            Due::Move
        };
        assert_eq!(session.due(side), due, "{id}");
        assert_eq!(session.due(!side), Due::Nothing, "{id}");
        assert_eq!(
            session.played_move_shapes().len(),
            game.moves().len(),
            "{id}"
        );
        assert_eq!(
            session.last_move_shape().map(|s| s.text),
            game.moves().last().map(|m| m.coordinate.clone())
        );
    }
    if let Some(game) = session.as_simultaneous() {
        for side in Color::ALL {
            let owes = session.result().is_none() && game.owes_orders(side);
            let legal = if owes {
                game.legal_orders(side)
            } else {
                Vec::new()
            };
            let shapes = session.legal_order_shapes(side);
            let texts: Vec<&str> = shapes.iter().map(|s| s.text.as_str()).collect();
            assert_eq!(texts, legal, "{id} {side}: {position}");
            for shape in &shapes {
                assert!(shape.from.is_some() || shape.to.is_some(), "{shape:?}");
                if shape.kind == ActionKind::Support {
                    assert!(shape.target.is_some(), "{shape:?}");
                }
            }
            match session.due(side) {
                Due::Orders { least, most } => {
                    assert!(owes);
                    assert_eq!((least, most), game.order_count(side));
                }
                Due::Nothing => assert!(!owes),
                Due::Move => panic!("{id}: a simultaneous game asks for a move"),
            }
        }
        let phases = game.phases();
        let resolutions = session.resolutions();
        assert_eq!(resolutions.len(), phases.len(), "{id}");
        for (phase, resolution) in phases.iter().zip(&resolutions) {
            // Every order a side gave is reported (a game may add defaults of its own).
            for side in Color::ALL {
                let reported = resolution.orders.iter().filter(|o| o.side == side).count();
                assert!(
                    reported >= phase.orders(side).len(),
                    "{id} {side}: {resolution:?}"
                );
            }
            for order in &resolution.orders {
                assert_eq!(order.executed, order.reason.is_none(), "{id}: {order:?}");
            }
            assert_eq!(resolution.board_before.cells.len(), geometry.cell_count());
        }
        assert_eq!(session.last_resolution(), resolutions.last().cloned());
    }
}

fn check_caption(session: &Session) {
    let id = session.entry().id();
    let caption = session.caption();
    let count = |part: &Caption| caption.iter().filter(|p| *p == part).count();
    // Targets have a place exactly in the games that show them.
    let sequential = session.as_sequential().is_some();
    assert_eq!(count(&Caption::Targets), usize::from(sequential), "{id}");
    assert!(count(&Caption::Position) <= 1, "{id}");
    let lines: Vec<&str> = caption
        .iter()
        .filter_map(|part| match part {
            Caption::Line(line) => Some(line.text.as_str()),
            _ => None,
        })
        .collect();
    assert!(!lines.is_empty(), "{id}");
    if let Some(result) = session.result() {
        let over = format!("Game over: {result}");
        assert!(
            lines.iter().any(|l| l.starts_with(&over)),
            "{id}: {lines:?}"
        );
    }
}

/// A piece's targets are the cells its legal moves reach; an empty cell has none.
fn check_targets(session: &Session) {
    let id = session.entry().id();
    let view = session.board_view();
    let Some(game) = session.as_sequential() else {
        assert_eq!(session.targets(CellId(0)), None, "{id}");
        return;
    };
    let shapes = session.legal_move_shapes();
    for (i, piece) in view.cells.iter().enumerate() {
        let cell = CellId(i as u16);
        let targets = session.targets(cell).expect("a sequential game");
        let Some(piece) = piece else {
            assert!(targets.is_err(), "{id}: {cell:?}");
            continue;
        };
        if piece.color != game.side_to_move() || session.result().is_some() {
            continue;
        }
        let targets = targets.expect("the side to move's piece");
        assert_eq!(targets.from, cell);
        let mut reached: Vec<CellId> = shapes
            .iter()
            .filter(|s| s.from == Some(cell))
            .filter_map(|s| s.to)
            .collect();
        reached.sort_unstable();
        reached.dedup();
        let mut cells = targets.cells.clone();
        cells.sort_unstable();
        assert_eq!(
            cells,
            reached,
            "{id}: {cell:?} in {}",
            session.position_string()
        );
        assert!(!targets.note.is_empty());
    }
}

#[test]
fn random_games_are_described_as_they_are_played() {
    let mut rng = SmallRng::seed_from_u64(0xDE5C_41BE);
    for entry in &GAMES {
        for _ in 0..GAMES_EACH {
            let options = entry
                .options(&random_option_pairs(entry, &mut rng))
                .expect("the game's own option values");
            let mut session = entry.start(&options, None).expect("the standard start");
            check_description(&session);
            check_targets(&session);
            for _ in 0..MAX_STEPS {
                if !random_step(&mut session, &mut rng) {
                    break;
                }
                check_description(&session);
                check_targets(&session);
            }
        }
    }
}
