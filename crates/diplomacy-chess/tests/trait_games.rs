//! Diplomacy Chess driven only through the shared [`SimultaneousPosition`] trait and the
//! generic game: random games in every mode replay from their records, the order lists
//! agree with the order checks, the repetition hash agrees with the repetition rule, and
//! the resolution prints what `diplo adjudicate` prints.

use board8::{Role, Square};
use diplo_core::orders_file::order_lines;
use diplo_core::record::scan_tag;
use diplo_core::{
    Color, EndReason, GameRules, NoHistory, Options, PhaseKind, Repetitions, SimultaneousPosition,
    Status,
};
use diplomacy_chess::validity::{valid_orders, Rules};
use diplomacy_chess::{
    adjudicate, record, Condition, Entry, EntryOutcome, Game, Mode, Orders, Position, State,
    TurnError, GAME_INFO,
};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

const MODES: [Mode; 3] = [
    Mode::Basic,
    Mode::Progressive,
    Mode::SimultaneousProgressive,
];

/// Starts besides the standard one: castling and en-passant rights, an open middlegame, an
/// endgame close to the fifty-move rule, a mating net.
const STARTS: &[&str] = &[
    "r3k2r/pppq1ppp/2n2n2/3pP3/8/2N2N2/PPPQ1PPP/R3K2R KQkq d6 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R KQ - 0 4",
    "4k3/8/8/2pP4/4Pp2/8/8/4K3 - c6e3 45 5",
    "4k3/8/3K4/8/8/8/8/7R - - 0 2",
];

fn start_state(game_no: usize, mode: Mode) -> State {
    match game_no % (STARTS.len() + 2) {
        // The standard start twice as often as the others.
        0 | 1 => State::start(mode),
        k => State::parse(STARTS[k - 2], mode).expect("start parses"),
    }
}

fn random_condition(rng: &mut SmallRng, step: usize) -> Condition {
    let square = Square::new(rng.gen_range(0..64)).expect("on the board");
    let color = [None, Some(Color::White), Some(Color::Black)][rng.gen_range(0..3)];
    let role = Role::ALL[rng.gen_range(0..6)];
    match rng.gen_range(0..4) {
        0 if step > 1 => Condition::Executed(rng.gen_range(1..step as u32)),
        0 | 1 => Condition::Empty(square),
        2 => Condition::Occupant {
            color,
            role,
            square,
        },
        _ => Condition::Count {
            number: rng.gen_range(0..3),
            color,
            role,
        },
    }
}

/// A random set of orders for `side`, chosen from `legal_orders` and accepted by
/// `check_orders`; now and then the side sends nothing and gets its default orders.
fn random_orders(state: &State, side: Color, rng: &mut SmallRng) -> Orders {
    if rng.gen_range(0..30) == 0 {
        return state.default_orders(side);
    }
    let mut legal = Vec::new();
    state.legal_orders(side, &mut legal);
    assert!(!legal.is_empty(), "{side} has no order at {state}");
    for entry in &legal {
        // An order reads back from its text as the same order.
        assert_eq!(
            state.parse_order(side, &entry.to_string()).as_ref(),
            Ok(entry),
            "{state}"
        );
    }
    let (least, most) = state.order_count(side);
    let pick = |rng: &mut SmallRng| legal.choose(rng).expect("not empty").clone();
    let entries: Vec<Entry> = match state.mode() {
        Mode::Basic => vec![pick(rng)],
        Mode::Progressive => {
            assert_eq!(least, most);
            (1..=most)
                .map(|step| {
                    if rng.gen_range(0..6) == 0 {
                        let condition = random_condition(rng, step);
                        Entry::If(condition, Box::new(pick(rng)), Box::new(pick(rng)))
                    } else {
                        pick(rng)
                    }
                })
                .collect()
        }
        Mode::SimultaneousProgressive => {
            // Grow a set of up to k orders, keeping each order the set check accepts.
            let k = rng.gen_range(least..=most);
            let mut shuffled = legal.clone();
            shuffled.shuffle(rng);
            let mut set: Vec<Entry> = Vec::with_capacity(k);
            for entry in shuffled {
                if set.len() == k {
                    break;
                }
                set.push(entry);
                if state.check_orders(side, &set).is_err() {
                    set.pop();
                }
            }
            assert!(
                !set.is_empty(),
                "no order of {side} is accepted alone at {state}"
            );
            set
        }
    };
    let orders = state
        .check_orders(side, &entries)
        .unwrap_or_else(|e| panic!("{e} at {state}"));
    assert_eq!(state.orders_of(&orders), &entries[..]);
    orders
}

/// Plays a random game of up to `phases` turns through the trait.
fn random_game(mode: Mode, start: State, phases: usize, rng: &mut SmallRng) -> Game {
    let mut game = Game::new(start);
    for _ in 0..phases {
        if game.result().is_some() {
            assert!(!game.owes_orders(Color::White));
            break;
        }
        let state = game.position().clone();
        assert_eq!(state.phase().kind, PhaseKind::Turn);
        assert_eq!(state.status(), Status::Ongoing);
        assert!(Color::ALL.iter().all(|&c| game.owes_orders(c)));
        let white = random_orders(&state, Color::White, rng);
        let black = random_orders(&state, Color::Black, rng);
        for (side, orders) in [(Color::White, &white), (Color::Black, &black)] {
            for entry in state.orders_of(orders) {
                // Every entry given (conditionals too) reads back from its text.
                let text = entry.to_string();
                assert_eq!(state.parse_order(side, &text).as_ref(), Ok(entry), "{text}");
            }
        }
        let given = white.given.len() + black.given.len();
        let played = game.play(white, black).expect("the game goes on");
        let report = played.resolution.clone();
        // One line per entry, and the result line when the game is over.
        assert_eq!(report.entries.len(), given, "{mode:?} at {state}");
        let lines = report.to_string().lines().count();
        assert_eq!(lines, given + usize::from(report.result.is_some()));
        let next = game.position();
        assert_eq!(next.result(), report.result);
        assert_eq!(next.status().result(), report.result);
        assert_eq!(next.turn, state.turn + 1);
        assert_eq!(next.explain(&report).len(), given + 1);
    }
    game
}

/// §9a: random games in every mode and from several starts, through the trait only; each
/// one's record replays to the same position and result.
#[test]
fn random_games_replay_from_their_records() {
    let mut rng = SmallRng::seed_from_u64(0xD1_A7);
    let mut ended = std::collections::BTreeMap::new();
    for game_no in 0..210 {
        let mode = MODES[game_no % 3];
        let phases = 60;
        let game = random_game(mode, start_state(game_no / 3, mode), phases, &mut rng);
        *ended
            .entry(game.result().map(|r| r.reason.to_string()))
            .or_insert(0) += 1;
        let tags = [("White".to_string(), "random".to_string())];
        let text = game.record(&tags);
        let pairs: Vec<String> = scan_tag(&text, "Options")
            .map(|o| o.split(' ').map(str::to_string).collect())
            .unwrap_or_default();
        let options = Options::parse(&GAME_INFO, &pairs).expect("options tag");
        assert_eq!(Mode::from_options(&options), mode);
        let replayed = record::replay(&text, mode).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            replayed.position().to_string(),
            game.position().to_string(),
            "{text}"
        );
        assert_eq!(replayed.result(), game.result(), "{text}");
        assert_eq!(replayed.phases().len(), game.phases().len());
        let token = game.result().map_or("*", |r| r.outcome.token());
        assert!(text.ends_with(&format!("\n{token}\n")), "{text}");
    }
    // The games end in more than one way, and some go on to the last turn.
    assert!(ended.len() >= 3, "{ended:?}");
}

/// Positions reached in random games of every mode.
fn random_states(count: usize, seed: u64) -> Vec<State> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut game_no = 0;
    while out.len() < count {
        let mode = MODES[game_no % 3];
        let game = random_game(mode, start_state(game_no / 3, mode), 25, &mut rng);
        out.extend(game.phases().iter().map(|p| p.before.clone()));
        out.push(game.position().clone());
        game_no += 1;
    }
    out.truncate(count);
    out
}

#[test]
fn every_listed_basic_order_is_accepted_and_invalid_ones_are_refused() {
    let mut rng = SmallRng::seed_from_u64(5);
    for state in random_states(300, 1) {
        let state = State::new(state.position().clone(), Mode::Basic);
        if state.result().is_some() {
            continue;
        }
        for side in Color::ALL {
            let mut legal = Vec::new();
            state.legal_orders(side, &mut legal);
            let mut valid = Vec::new();
            valid_orders(state.position(), side, Rules::BASIC, &mut valid);
            assert_eq!(legal.len(), valid.len());
            for entry in &legal {
                let orders = state
                    .check_orders(side, std::slice::from_ref(entry))
                    .unwrap_or_else(|e| panic!("{entry}: {e} at {state}"));
                assert_eq!(orders.san, vec![entry.to_string()]);
            }
            for _ in 0..20 {
                let from = Square::new(rng.gen_range(0..64)).expect("square");
                let to = Square::new(rng.gen_range(0..64)).expect("square");
                if valid.iter().any(|o| o.from == from && o.to == to) || from == to {
                    continue;
                }
                let text = format!("{from}{to}");
                let err = state.parse_order(side, &text).unwrap_err();
                // Refused with a reason of its own (validity::refusal).
                match &err {
                    TurnError::Refused { text: t, reason } => {
                        assert_eq!(t, &text, "{state}");
                        assert!(!reason.is_empty(), "{state}");
                    }
                    other => panic!("{text} in {state}: {other:?}"),
                }
                let entry = Entry::read(&text).expect("coordinates read");
                let err = state.check_orders(side, &[entry]).unwrap_err();
                assert_eq!(
                    err.to_string(),
                    format!("entry 1 `{text}`: `{text}` is not a valid order here")
                );
            }
        }
    }
}

/// In simultaneous-progressive mode with sets of one (turn 1) the list is exactly the
/// orders accepted alone; in later turns it holds every order accepted alone, and orders
/// that pass an own piece moving in the same set.
#[test]
fn simultaneous_progressive_lists_the_orders_of_accepted_sets() {
    for state in random_states(200, 2) {
        if state.result().is_some() {
            continue;
        }
        let fields: Vec<String> = state.to_string().split(' ').map(str::to_string).collect();
        for turn in [1, 3] {
            let text = format!(
                "{} {} {} {} {turn}",
                fields[0], fields[1], fields[2], fields[3]
            );
            let state = State::parse(&text, Mode::SimultaneousProgressive).expect("position reads");
            for side in Color::ALL {
                let mut legal = Vec::new();
                state.legal_orders(side, &mut legal);
                let mut passable = Vec::new();
                let rules = Rules {
                    transparent: state.board.by_color(side),
                    static_safety: false,
                };
                valid_orders(state.position(), side, rules, &mut passable);
                let alone: Vec<Entry> = passable
                    .iter()
                    .map(|o| Entry::read(&o.coordinate()).expect("reads"))
                    .filter(|e| state.check_orders(side, std::slice::from_ref(e)).is_ok())
                    .collect();
                assert!(legal.len() <= passable.len());
                for entry in &legal {
                    assert_eq!(
                        state.parse_order(side, &entry.to_string()).as_ref(),
                        Ok(entry)
                    );
                }
                // Compare by the orders the entries name (SAN and coordinates differ).
                let named = |e: &Entry| {
                    let orders = state.check_orders(side, std::slice::from_ref(e));
                    orders.map(|o| o.orders[0])
                };
                let legal_alone: Vec<_> = legal.iter().filter_map(|e| named(e).ok()).collect();
                let alone_orders: Vec<_> = alone.iter().filter_map(|e| named(e).ok()).collect();
                assert_eq!(legal_alone, alone_orders, "{side} at {state}");
                if turn == 1 {
                    assert_eq!(legal.len(), alone.len(), "{state}");
                }
            }
        }
    }
    // At the start every piece but the knights is boxed in; in turn 2 a rook may pass the
    // pawn in front of it when the pawn moves in the same set.
    let listed = |turn: u32| {
        let text = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 {turn}");
        let state = State::parse(&text, Mode::SimultaneousProgressive).expect("reads");
        let mut legal = Vec::new();
        state.legal_orders(Color::White, &mut legal);
        legal.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    assert_eq!(listed(1).len(), 20);
    let turn2 = listed(2);
    assert!(turn2.contains(&"Ra3".to_string()), "{turn2:?}");
    assert!(turn2.contains(&"Qd3".to_string()), "{turn2:?}");
    let state = State::parse(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 2",
        Mode::SimultaneousProgressive,
    )
    .expect("reads");
    let set = ["Ra3", "a4"].map(|t| state.parse_order(Color::White, t).expect("reads"));
    assert!(state.check_orders(Color::White, &set).is_ok());
    assert!(state.check_orders(Color::White, &set[..1]).is_err());
}

/// Equal repetition keys have equal hashes, and (Zobrist collisions aside) the other way
/// round, on positions reached in random games and on variants that differ only in what
/// the rule ignores (clock, turn, an en-passant square nobody can use).
#[test]
fn the_hash_agrees_with_the_repetition_rule() {
    let mut states = random_states(1500, 3);
    let variants: Vec<State> = states
        .iter()
        .step_by(7)
        .map(|s| {
            let mut p = s.position().clone();
            p.clock = (p.clock + 3) % 50;
            p.turn += 5;
            State::new(p, s.mode())
        })
        .collect();
    states.extend(variants);
    for text in [
        "4k3/8/8/8/4P3/8/8/4K3 - e3 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 - - 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 - e3 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 - - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 q - 0 1",
        "r3k3/8/8/8/8/8/8/4K3 - - 0 1",
    ] {
        states.push(State::parse(text, Mode::Basic).expect("reads"));
    }
    let n = states.len();
    let mut equal = 0;
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&states[i], &states[j]);
            let same = a.same_for_repetition(b);
            assert_eq!(same, b.same_for_repetition(a));
            assert_eq!(same, a.hash() == b.hash(), "{a} / {b}");
            equal += usize::from(same);
        }
    }
    assert!(equal > 100, "{equal}");
    // An en-passant square nobody can capture on is not part of the key; one that can is.
    let key = |t: &str| State::parse(t, Mode::Basic).expect("reads");
    assert!(key("4k3/8/8/8/4P3/8/8/4K3 - e3 0 1")
        .same_for_repetition(&key("4k3/8/8/8/4P3/8/8/4K3 - - 0 1")));
    assert!(!key("4k3/8/8/8/3pP3/8/8/4K3 - e3 0 1")
        .same_for_repetition(&key("4k3/8/8/8/3pP3/8/8/4K3 - - 0 1")));
    assert!(!key("r3k3/8/8/8/8/8/8/4K3 q - 0 1")
        .same_for_repetition(&key("r3k3/8/8/8/8/8/8/4K3 - - 0 1")));
}

/// A side that sends nothing gets no entry: its pieces stand still, the record writes
/// `--`, and the record replays.
#[test]
fn default_orders_stand_still_in_every_mode() {
    for mode in MODES {
        let mut game = Game::standard(mode);
        let state = game.position().clone();
        let white = state.default_orders(Color::White);
        assert!(state.orders_of(&white).is_empty());
        let e5 = state.parse_order(Color::Black, "e5").expect("reads");
        let black = state.check_orders(Color::Black, &[e5]).expect("valid");
        let report = game.play(white, black).expect("plays").resolution.clone();
        assert_eq!(report.to_string(), "black e5 => executed\n", "{mode:?}");
        assert_eq!(
            game.position().to_string(),
            "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR KQkq e6 0 2"
        );
        let record = game.record(&[]);
        assert!(record.contains("\n1. -- / e5\n"), "{record}");
        let replayed = record::replay(&record, mode).expect("replays");
        assert_eq!(replayed.position().to_string(), game.position().to_string());
    }
    // `--` is only a whole series: inside one it is an unreadable entry.
    let text =
        "[Position \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 2\"]\n2. --, e4 / e5\n";
    let err = record::replay(text, Mode::SimultaneousProgressive).unwrap_err();
    assert!(err.to_string().contains("`--`"), "{err}");
}

/// Progressive mode: when neither side gives an entry the turn still has its n steps; each
/// step repeats the position, so idle steps end the game by repetition like idle turns.
#[test]
fn an_idle_progressive_turn_has_its_steps() {
    let start = State::parse(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 2",
        Mode::Progressive,
    )
    .expect("reads");
    let none = |c| start.default_orders(c);
    let mut history: Vec<State> = Vec::new();
    let (next, report) = start.resolve(&none(Color::White), &none(Color::Black), &mut history);
    assert!(report.entries.is_empty());
    assert_eq!(next.clock, 2);
    assert_eq!(next.turn, 3);
    assert_eq!(next.result(), None);
    // With the start counted, the second idle step is its third occurrence.
    let mut game = Game::new(start.clone());
    game.play(none(Color::White), none(Color::Black))
        .expect("plays");
    let result = game.result().expect("drawn");
    assert_eq!(result.reason, EndReason::ThreefoldRepetition);
    assert_eq!(game.position().clock, 2);
    let replayed = record::replay(&game.record(&[]), Mode::Progressive).expect("replays");
    assert_eq!(replayed.result(), game.result());
    // Without a history every position is new: no draw.
    let (next, _) = start.resolve(&none(Color::White), &none(Color::Black), &mut NoHistory);
    assert_eq!(next.result(), None);
}

/// The resolution prints what `diplo adjudicate` prints for the same orders (in file order
/// there, White's then Black's here; step by step in both for progressive mode).
#[test]
fn the_resolution_prints_the_adjudication_lines() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/diplomacy-chess");
    let mut checked = 0;
    for file in std::fs::read_dir(&dir).expect("cases") {
        let path = file.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("case") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("reads");
        let field = |key: &str| {
            text.lines()
                .find_map(|l| l.trim().strip_prefix(key).map(|v| v.trim().to_string()))
        };
        let mode = field("option: mode=").map_or(Mode::Basic, |m| m.parse().expect("mode"));
        let position = field("position:").expect("position");
        let orders: String = text
            .lines()
            .skip_while(|l| l.trim() != "orders:")
            .skip(1)
            .take_while(|l| l.trim() != "expect:")
            .map(|l| format!("{l}\n"))
            .collect();
        let Ok(out) = adjudicate(mode, &position, &orders) else {
            continue;
        };
        let state = State::new(position.parse::<Position>().expect("reads"), mode);
        let lines = order_lines(&orders).expect("order lines");
        let read: Vec<Orders> = Color::ALL
            .iter()
            .map(|&c| {
                let texts: Vec<&str> = lines
                    .iter()
                    .filter(|l| l.color == c)
                    .map(|l| l.text)
                    .collect();
                state.read_entries(c, &texts).expect("read")
            })
            .collect();
        let mut history = Vec::new();
        history.reached(&state);
        let (next, report) = state.resolve(&read[0], &read[1], &mut history);
        let mut want: Vec<&str> = out.lines().collect();
        assert_eq!(
            want.remove(0),
            format!("position: {next}"),
            "{}",
            path.display()
        );
        let got = report.to_string();
        let mut got: Vec<&str> = got.lines().collect();
        let terminal = report
            .entries
            .iter()
            .any(|e| e.outcome == EntryOutcome::GameOver);
        if mode != Mode::Progressive || terminal {
            want.sort_unstable();
            got.sort_unstable();
        }
        assert_eq!(got, want, "{}", path.display());
        checked += 1;
    }
    assert!(checked > 60, "{checked}");
}

/// Where own pieces may be passed, two pawns of a file may push to one square; SAN cannot
/// tell them apart, so both are written in coordinates, in the list, the report and the
/// record, and the record replays.
#[test]
fn pawn_pushes_that_san_cannot_tell_apart_are_written_in_coordinates() {
    let text = "4k3/5p2/5p2/8/8/8/8/4K3 - - 0 2";
    let state = State::parse(text, Mode::SimultaneousProgressive).expect("reads");
    let mut legal = Vec::new();
    state.legal_orders(Color::Black, &mut legal);
    let listed: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert!(listed.contains(&"f6f5".to_string()), "{listed:?}");
    assert!(listed.contains(&"f7f5".to_string()), "{listed:?}");
    assert!(!listed.contains(&"f5".to_string()), "{listed:?}");
    // In basic mode the pawn behind is blocked: plain SAN.
    let basic = State::parse(text, Mode::Basic).expect("reads");
    basic.legal_orders(Color::Black, &mut legal);
    assert!(legal.iter().any(|e| e.to_string() == "f5"));

    let mut game = Game::new(state.clone());
    let set = ["f6f5", "f7f5"].map(|t| state.parse_order(Color::Black, t).expect("reads"));
    let black = state.check_orders(Color::Black, &set).expect("a set");
    assert_eq!(black.san, vec!["f6f5", "f7f5"]);
    let white = state
        .check_orders(
            Color::White,
            &[state.parse_order(Color::White, "Kd2").expect("reads")],
        )
        .expect("valid");
    game.play(white, black).expect("plays");
    let record = game.record(&[]);
    assert!(record.contains("2. Kd2 / f6f5, f7f5\n"), "{record}");
    let replayed = record::replay(&record, Mode::SimultaneousProgressive).expect("replays");
    assert_eq!(replayed.position().to_string(), game.position().to_string());
    let out = adjudicate(
        Mode::SimultaneousProgressive,
        text,
        "white: Kd2\nblack: f6f5\nblack: f7f5\n",
    )
    .expect("adjudicates");
    assert!(out.contains("black f6f5 => "), "{out}");
}
