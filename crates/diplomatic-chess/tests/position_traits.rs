//! Diplomatic Chess through the shared [`SequentialPosition`] trait: the Zobrist hash kept by
//! `play` against one computed from scratch and against the repetition key, the lost last
//! chance carried by the position, and the verdicts of §9.5 / §9.6.

use diplo_core::{Color, EndReason, GameResult, SequentialPosition, Status};
use diplomatic_chess::{Game, Position, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// Starts that reach castling, en passant, promotions, pushes and invasions quickly.
const STARTS: &[&str] = &[
    diplomatic_chess::START,
    "rnbqdbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQDBNR w KQkq f6 0 3",
    "r3d2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3D2R w KQkq - 0 8",
    "3QD3/8/8/8/3q4/8/8/4d3 b - - 0 40",
    "2QDQ3/8/q7/8/8/8/8/5d2 b - - 0 40",
    "3d4/1P4P1/8/8/8/8/1p3qp1/3DQ3 w - - 0 30",
    "4d3/8/3N1N2/2B5/8/5n2/2Q1q3/3D4 w - - 0 20",
    "3d4/2Q1Q3/8/8/8/8/2q1q3/3D4 w - - 0 1",
];

/// Random walks through the trait's legal moves under every option combination; a walk
/// ends where the rules allow no move. Calls `visit` on every position reached.
fn walks(seed: u64, mut visit: impl FnMut(&Position)) {
    let mut moves = Vec::new();
    for (i, rules) in Rules::all().into_iter().enumerate() {
        let mut rng = SmallRng::seed_from_u64(seed + i as u64);
        for (g, fen) in STARTS.iter().cycle().take(3 * STARTS.len()).enumerate() {
            let mut pos = Position::parse(fen, rules).unwrap();
            visit(&pos);
            for _ in 0..(40 + 20 * (g % 4)) {
                SequentialPosition::legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                SequentialPosition::play(&mut pos, moves[rng.gen_range(0..moves.len())]);
                visit(&pos);
            }
        }
    }
}

#[test]
fn incremental_hash_agrees_with_a_fresh_one() {
    let mut visited = 0;
    let mut lost = 0;
    walks(11, |pos| {
        assert_eq!(
            pos.hash(),
            pos.hash_from_scratch(),
            "{pos} [{}]",
            pos.rules()
        );
        visited += 1;
        lost += usize::from(pos.last_chance_lost());
    });
    assert!(visited > 5_000, "{visited} positions");
    // The walks must reach the last-chance verdict, or the flag's key goes untested.
    assert!(lost > 0, "no lost last chance among {visited} positions");
}

#[test]
fn hash_covers_exactly_the_repetition_key() {
    // Same key, same hash; different keys, different hashes (64-bit collisions aside, and
    // these seeded walks have none).
    let mut by_key = HashMap::new();
    let mut by_hash = HashMap::new();
    walks(23, |pos| {
        let key = pos.repetition_key();
        assert_eq!(
            *by_key.entry(key).or_insert(pos.hash()),
            pos.hash(),
            "{pos}"
        );
        assert_eq!(*by_hash.entry(pos.hash()).or_insert(key), key, "{pos}");
    });
    // The move counters are not part of it; a usable en-passant square is.
    let a = Position::parse("4d3/8/8/8/8/8/8/3QD3 w - - 0 1", Rules::default()).unwrap();
    let b = Position::parse("4d3/8/8/8/8/8/8/3QD3 w - - 37 90", Rules::default()).unwrap();
    assert_eq!(a.hash(), b.hash());
    assert!(a.same_for_repetition(&b));
    // e2e4 sets an en-passant square no black pawn can use: it does not count.
    let start = Position::start(Rules::default());
    let e4 = start.after("e2e4".parse().unwrap());
    assert_eq!(e4.en_passant().map(|s| s.to_string()), Some("e3".into()));
    let e4_without = Position::parse(
        "rnbqdbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQDBNR b KQkq - 0 1",
        Rules::default(),
    )
    .unwrap();
    assert_eq!(e4.hash(), e4_without.hash());
    assert!(e4.same_for_repetition(&e4_without));
    // A usable one does.
    let p = Position::parse(
        "rnbqdbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQDBNR w KQkq f6 0 3",
        Rules::default(),
    )
    .unwrap();
    let q = Position::parse(
        "rnbqdbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQDBNR w KQkq - 0 3",
        Rules::default(),
    )
    .unwrap();
    assert_ne!(p.hash(), q.hash());
    assert!(!p.same_for_repetition(&q));
}

#[test]
fn a_lost_last_chance_is_in_the_position() {
    // White has invaded; only Qxd8 saves Black.
    let start = Position::parse("3QD3/8/8/8/3q4/8/8/4d3 b - - 0 40", Rules::default()).unwrap();
    assert_eq!(start.unfinished_reason(), "last chance");
    assert_eq!(start.start_status(), Status::Ongoing);
    let saved = start.after("d4d8".parse().unwrap());
    assert!(!saved.last_chance_lost());
    assert_eq!(saved.status(1), Status::Ongoing);
    assert_eq!(saved.unfinished_reason(), "in progress");

    let lost = start.after("d4d5".parse().unwrap());
    assert!(lost.last_chance_lost());
    assert_eq!(
        lost.status(1),
        Status::Over(GameResult::win(Color::White, EndReason::Invasion))
    );
    assert_eq!(
        lost.start_status(),
        Status::Over(GameResult::win(Color::White, EndReason::Invasion))
    );
    // No moves through the trait, so perft gives the turn no children.
    let mut moves = vec!["e1e2".parse().unwrap()];
    SequentialPosition::legal_moves(&lost, &mut moves);
    assert!(moves.is_empty());
    assert_eq!(SequentialPosition::count_legal_moves(&lost), 0);
    assert!(!SequentialPosition::is_legal(
        &lost,
        "e8e7".parse().unwrap()
    ));
    assert!(lost.parse_move("De7").is_err());
    // The board alone (a FEN) does not know: the same board read back has turns.
    let board = Position::parse(&lost.to_string(), Rules::default()).unwrap();
    assert!(!board.last_chance_lost());
    assert_ne!(board, lost);
    assert_ne!(board.hash(), lost.hash());
    assert!(!board.same_for_repetition(&lost));
    assert!(!board.legal_moves().is_empty());
}

#[test]
fn verdicts_in_the_order_of_the_rules() {
    let rules = Rules::default();
    let over = |fen: &str, repetitions| {
        Position::parse(fen, rules)
            .unwrap()
            .status(repetitions)
            .result()
    };
    // No queens is a draw even where no move is possible.
    assert_eq!(
        over("4d3/8/8/8/8/8/8/4D3 w - - 0 1", 1),
        Some(GameResult::draw(EndReason::NoQueens))
    );
    // Repetition and the fifty-move rule, but neither at a game's start (§9.6) nor while a
    // last chance is due (§9.5).
    let quiet = Position::parse("3qd3/8/8/8/8/8/8/3QD3 w - - 100 80", rules).unwrap();
    assert_eq!(
        quiet.status(3).result(),
        Some(GameResult::draw(EndReason::ThreefoldRepetition))
    );
    assert_eq!(
        quiet.status(1).result(),
        Some(GameResult::draw(EndReason::FiftyMoveRule))
    );
    assert_eq!(quiet.start_status(), Status::Ongoing);
    let pending = Position::parse("3QD3/8/8/8/3q4/8/8/4d3 b - - 100 80", rules).unwrap();
    assert_eq!(pending.status(3), Status::Ongoing);
    // No legal move: an invasion win when a last chance is due, else stalemate (a draw).
    let walled = Position::parse("3QD3/8/8/8/8/8/PP6/dB6 b - - 1 50", rules).unwrap();
    assert!(walled.legal_moves().is_empty());
    assert_eq!(
        walled.status(1).result(),
        Some(GameResult::win(Color::White, EndReason::Invasion))
    );
    assert_eq!(walled.start_status(), walled.status(1));
    let stalemate = Position::parse("4d3/8/8/8/8/8/pp6/Dq6 w - - 1 2", rules).unwrap();
    assert_eq!(
        stalemate.start_status().result(),
        Some(GameResult::draw(EndReason::Stalemate))
    );
    assert!(!SequentialPosition::is_check(&walled));
}

#[test]
fn tactical_moves_are_captures_promotions_and_pushes() {
    let tactical = |fen: &str, rules: Rules, mv: &str| {
        let pos = Position::parse(fen, rules).unwrap();
        let mv = mv.parse().unwrap();
        assert!(pos.legal_moves().contains(&mv), "{mv} in {pos}");
        pos.is_tactical(mv)
    };
    let push_back = Rules {
        push_back: true,
        ..Rules::default()
    };
    let pushes = "8/8/5d2/8/4N3/8/8/3QD3 w - - 0 1";
    assert!(tactical(pushes, push_back, "e4f6>f8"));
    assert!(!tactical(pushes, push_back, "e4d6"));
    assert!(!tactical(pushes, push_back, "e1e2"));
    let capture = "4d3/8/8/3q4/8/8/3R4/4D3 w - - 0 1";
    assert!(tactical(capture, Rules::default(), "d2d5"));
    assert!(!tactical(capture, Rules::default(), "d2d4"));
    let promotion = "7d/6P1/8/8/8/8/8/Q3D3 w - - 0 1";
    assert!(tactical(promotion, Rules::default(), "g7g8n"));
    let en_passant = "rnbqdbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQDBNR w KQkq f6 0 3";
    assert!(tactical(en_passant, Rules::default(), "e5f6"));
    assert!(!tactical(en_passant, Rules::default(), "e5e6"));
}

#[test]
fn a_game_through_the_generic_game() {
    let start = Position::parse("3QD3/8/8/8/3q4/8/8/4d3 b - - 0 40", Rules::default()).unwrap();
    let mut game = Game::new(start);
    assert_eq!(game.unfinished_reason(), "last chance");
    game.play_text("Qd5").unwrap();
    assert_eq!(
        game.result(),
        Some(GameResult::win(Color::White, EndReason::Invasion))
    );
    assert!(game.legal_moves().is_empty());
    assert!(game.play_text("De7").is_err());
    assert!(game.undo());
    assert_eq!(game.result(), None);
    // A resignation is a result outside the rules, written as a [Termination] tag.
    game.end(GameResult::win(
        Color::White,
        EndReason::Resignation(Color::Black),
    ));
    let record = game.record(&[]);
    assert!(
        record.contains("[Termination \"black resigns\"]"),
        "{record}"
    );
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
}
