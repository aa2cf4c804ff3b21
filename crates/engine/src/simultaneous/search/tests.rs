use super::one_turn::cell_value;
use super::passes::CLOSES_WITHIN;
use super::*;
use rand::SeedableRng;

fn start() -> diplomacy_chess::State {
    let position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1"
        .parse()
        .unwrap();
    diplomacy_chess::State::new(position, diplomacy_chess::Mode::Basic)
}

fn diplochess_start() -> ::diplochess::State {
    ::diplochess::State::new(
        ::diplochess::Position::start(),
        ::diplochess::Rules::default(),
    )
}

/// A context that counts a draw as one half.
fn neutral<S>(history: &[S]) -> Context<'_, S> {
    Context { history, draw: 0.5 }
}

/// The candidates' order texts, sorted: the candidates as a set.
fn sorted_texts<S: SimultaneousPosition>(list: &[Candidate<S>]) -> Vec<Vec<String>> {
    let mut texts: Vec<_> = list.iter().map(|c| c.texts.clone()).collect();
    texts.sort();
    texts
}

fn settings(depth: u32) -> Settings {
    Settings {
        candidates: 6,
        child_candidates: 4,
        depth,
        ..levels::settings(8)
    }
}

#[test]
fn without_a_clock_the_look_ahead_covers_every_candidate() {
    let state = start();
    let history = vec![state.clone()];
    let context = neutral(&history);
    let budget = Budget {
        deadline: None,
        iterations: 2_000,
    };
    // The candidates the search will draw with this seed (White's, then Black's).
    let mut rng = SmallRng::seed_from_u64(3);
    let white = checked_candidates(&state, Color::White, 6, &mut rng);
    let black = checked_candidates(&state, Color::Black, 6, &mut rng);
    let mut rng = SmallRng::seed_from_u64(3);
    let deep = search(
        &state,
        &context,
        &settings(2),
        budget,
        &mut rng,
        &mut |_, _, _| {},
    );
    // Every candidate ends up in the deepened block.
    assert_eq!(sorted_texts(&deep.white), sorted_texts(&white));
    assert_eq!(sorted_texts(&deep.black), sorted_texts(&black));
    assert_eq!(deep.matrix.rows(), deep.white.len());
    assert_eq!(deep.matrix.cols(), deep.black.len());
    // Each cell was valued one turn further on: some values differ from the static ones.
    let mut moved = 0;
    for (i, w) in deep.white.iter().enumerate() {
        for (j, b) in deep.black.iter().enumerate() {
            let (_, static_value) = cell_value(&state, &w.orders, &b.orders, &context);
            if (deep.matrix.get(i, j) - static_value).abs() > 1e-9 {
                moved += 1;
            }
        }
    }
    assert!(moved > 0, "no cell was deepened");
    for strategy in [&deep.solution.row, &deep.solution.col] {
        assert!((strategy.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    }
    assert!((deep.myopic.0.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    assert!((deep.myopic.1.iter().sum::<f64>() - 1.0).abs() < 1e-6);
}

#[test]
fn every_depth_searches_the_candidates_drawn_at_the_root() {
    // DiploChess candidates are random plans: a depth that drew its own would show
    // plans the root never had.
    let state = diplochess_start();
    let history = vec![state.clone()];
    let context = neutral(&history);
    let budget = Budget {
        deadline: None,
        iterations: 1_000,
    };
    let settings = Settings {
        candidates: 5,
        child_candidates: 3,
        depth: 3,
        ..levels::settings(8)
    };
    let mut rng = SmallRng::seed_from_u64(7);
    let white = checked_candidates(&state, Color::White, 5, &mut rng);
    let black = checked_candidates(&state, Color::Black, 5, &mut rng);
    let mut rng = SmallRng::seed_from_u64(7);
    let deep = search(
        &state,
        &context,
        &settings,
        budget,
        &mut rng,
        &mut |_, _, _| {},
    );
    // The third turn's block closes over some of them, and only them.
    for (block, drawn) in [(&deep.white, &white), (&deep.black, &black)] {
        let drawn = sorted_texts(drawn);
        assert!(!block.is_empty());
        assert!(sorted_texts(block)
            .iter()
            .all(|texts| drawn.contains(texts)));
    }
}

#[test]
fn a_capped_look_ahead_stops_at_its_resolutions_whatever_the_clock() {
    let state = diplochess_start();
    let history = vec![state.clone()];
    let context = neutral(&history);
    let cap = 600;
    let capped = Settings {
        candidates: 8,
        child_candidates: 4,
        depth: 2,
        lookahead_resolutions: levels::Cap::both(cap),
        ..levels::settings(8)
    };
    let run = |settings: &Settings, deadline: Option<Instant>| {
        let budget = Budget {
            deadline,
            iterations: 1_000,
        };
        let mut rng = SmallRng::seed_from_u64(5);
        search(
            &state,
            &context,
            settings,
            budget,
            &mut rng,
            &mut |_, _, _| {},
        )
    };
    let unlimited = run(&capped, None);
    let far = run(&capped, Some(Instant::now() + Duration::from_secs(600)));
    // The cap stops the search, not the clock: the same answer with or without one.
    assert_eq!(sorted_texts(&unlimited.white), sorted_texts(&far.white));
    assert_eq!(sorted_texts(&unlimited.black), sorted_texts(&far.black));
    assert_eq!(unlimited.solution.row, far.solution.row);
    assert_eq!(unlimited.resolutions, far.resolutions);
    // No cell is started past the cap, and a cell costs at most one child matrix.
    let child_matrix = (capped.child_candidates * capped.child_candidates) as u64;
    assert!(unlimited.resolutions <= cap + child_matrix);
    // The cap is what stopped it: without it the look-ahead goes on.
    let uncapped = Settings {
        lookahead_resolutions: levels::Cap::both(levels::UNCAPPED),
        ..capped
    };
    assert!(run(&uncapped, None).resolutions > cap + child_matrix);
}

#[test]
fn a_two_turn_level_widens_its_look_ahead_and_a_deeper_one_goes_on_in_closed_blocks() {
    let settings = Settings {
        child_candidates: 10,
        depth: 4,
        ..levels::settings(8)
    };
    let shape = |settings: &Settings| -> Vec<(u32, usize, Growth)> {
        passes(settings)
            .iter()
            .map(|p| (p.depth, p.child_candidates, p.growth))
            .collect()
    };
    use Growth::{Closing, Exhaustive};
    assert_eq!(
        shape(&settings),
        vec![(2, 10, Exhaustive), (3, 10, Closing), (4, 10, Closing)]
    );
    let two_turns = Settings {
        depth: 2,
        ..settings
    };
    assert_eq!(
        shape(&two_turns),
        vec![(2, 10, Exhaustive), (2, 20, Exhaustive)]
    );
}

#[test]
fn a_closing_block_stops_once_no_reply_outside_it_gains() {
    let state = start();
    let history = vec![state.clone()];
    let context = neutral(&history);
    let settings = Settings {
        candidates: 10,
        child_candidates: 4,
        ..settings(2)
    };
    let budget = Budget {
        deadline: None,
        iterations: 2_000,
    };
    let mut rng = SmallRng::seed_from_u64(4);
    let root = one_turn(&state, &context, &settings, true, budget, &mut rng);
    let guide = &root.outcome.matrix;
    let (rows, cols) = (guide.rows(), guide.cols());
    let mut block = |growth| {
        Lookahead::new(&root, guide, &context, &settings, 2, budget)
            .run(&root.outcome.solution, growth, &mut rng)
            .expect("no clock to run out")
    };
    let all = block(Growth::Exhaustive);
    assert_eq!((all.rows.len(), all.cols.len()), (rows, cols));
    assert!(all.closed);
    let closed = block(Growth::Closing);
    assert!(closed.closed);
    // It stopped short of every candidate...
    assert!(closed.rows.len() < rows || closed.cols.len() < cols);
    // ...because no reply outside it gains more than the margin on the guide's values.
    let value = closed.outcome.solution.value;
    let row = spread(&closed.outcome.solution.row, &closed.rows, rows);
    let col = spread(&closed.outcome.solution.col, &closed.cols, cols);
    for i in (0..rows).filter(|i| !closed.rows.contains(i)) {
        assert!(guide.row_value(i, &col) <= value + CLOSES_WITHIN);
    }
    for j in (0..cols).filter(|j| !closed.cols.contains(j)) {
        assert!(guide.col_value(j, &row) >= value - CLOSES_WITHIN);
    }
}

#[test]
fn a_look_ahead_the_clock_cuts_short_keeps_the_one_turn_answer() {
    let state = start();
    let history = vec![state.clone()];
    let context = neutral(&history);
    // A deadline already passed: depth 1 fills its first cell and stops there.
    let budget = Budget {
        deadline: Some(Instant::now()),
        iterations: 2_000,
    };
    let outcome = search(
        &state,
        &context,
        &settings(3),
        budget,
        &mut SmallRng::seed_from_u64(1),
        &mut |_, _, _| {},
    );
    assert_eq!((outcome.matrix.rows(), outcome.matrix.cols()), (1, 1));
    assert_eq!(outcome.solution.row, vec![1.0]);
}
