//! Rule points of the spec checked one by one: position validation (§2.3), castling (§4),
//! en passant (§5.3), pushes (§6), the extra move (§7), invasion and draws (§8, §9).

use diplo_core::Outcome;
use diplomatic_chess::{Game, Move, Position, PositionError, PositionParseError, Rules};

fn rules(push_back: bool, extra_diplomat_move: bool, extended_pawns: bool) -> Rules {
    Rules {
        push_back,
        extra_diplomat_move,
        extended_pawns,
    }
}

fn invalid(fen: &str) -> PositionError {
    match Position::parse(fen, Rules::default()) {
        Err(PositionParseError::Invalid { error, .. }) => error,
        other => panic!("{fen}: {other:?}"),
    }
}

fn coords(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(Move::to_string).collect()
}

#[test]
fn validation() {
    assert!(matches!(
        invalid("8/8/8/8/8/8/8/3QD3 w - - 0 1"),
        PositionError::DiplomatCount { count: 0, .. }
    ));
    assert!(matches!(
        invalid("dd6/8/8/8/8/8/8/4D3 w - - 0 1"),
        PositionError::DiplomatCount { count: 2, .. }
    ));
    assert!(matches!(
        invalid("P3d3/8/8/8/8/8/8/4D3 w - - 0 1"),
        PositionError::PawnOnPromotionRank { .. }
    ));
    assert!(matches!(
        invalid("4d3/8/8/8/8/8/8/p3D3 w - - 0 1"),
        PositionError::PawnOnPromotionRank { .. }
    ));
    assert!(matches!(
        invalid("4d3/8/8/8/8/8/8/4D3 w - e6 0 1"),
        PositionError::EnPassant { .. }
    ));
    // Pawns on their own first rank are fine; a King is a syntax error.
    assert!(Position::parse("p3d3/8/8/8/8/8/8/P3D3 w - - 0 1", Rules::default()).is_ok());
    assert!(matches!(
        Position::parse("4k3/8/8/8/8/8/8/4D3 w - - 0 1", Rules::default()),
        Err(PositionParseError::Syntax { .. })
    ));
    // The board field alone; castling letters without Diplomat and rook at home are dropped.
    let p = Position::parse("r3d3/8/8/8/8/8/8/4D2R", Rules::default()).unwrap();
    assert_eq!(p.to_string(), "r3d3/8/8/8/8/8/8/4D2R w - - 0 1");
    let p = Position::parse("r3d3/8/8/8/8/8/8/3D3R w KQkq - 0 1", Rules::default()).unwrap();
    assert_eq!(p.to_string(), "r3d3/8/8/8/8/8/8/3D3R w q - 0 1");
}

#[test]
fn castling_ignores_attacks_and_needs_empty_squares() {
    // Black rooks bear on e1, f1 and g1: castling is allowed all the same.
    let p = Position::parse("3qdr1r/8/8/8/8/8/8/R3D2R w KQ - 0 1", Rules::default()).unwrap();
    let m = coords(&p);
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    let after = p.after("e1g1".parse().unwrap());
    assert_eq!(after.to_string(), "3qdr1r/8/8/8/8/8/8/R4RD1 b - - 1 1");
    let blocked = Position::parse("3qd3/8/8/8/8/8/8/RN2D1NR w KQ - 0 1", Rules::default()).unwrap();
    assert!(!coords(&blocked).iter().any(|m| m == "e1g1" || m == "e1c1"));
}

#[test]
fn pushes() {
    let p = Position::parse(
        "8/8/5d2/8/4N3/8/8/3QD3 w - - 0 1",
        rules(true, false, false),
    )
    .unwrap();
    let pushes: Vec<String> = coords(&p).into_iter().filter(|m| m.contains('>')).collect();
    // Black's Diplomat on f6 goes sideways or towards rank 8: e6 g6 e7 f7 g7, then d6 h6
    // d7 h7 d8 e8 f8 g8 h8 — and e4 (the knight's origin) is not reachable backwards.
    assert_eq!(pushes.len(), 14, "{pushes:?}");
    let after = p.after("e4f6>f8".parse().unwrap());
    assert_eq!(after.to_string(), "5d2/8/5N2/8/8/8/8/3QD3 b - - 1 1");
    // Without push-back no move ends on a Diplomat.
    let off = p.clone().with_rules(Rules::default());
    assert!(!coords(&off).iter().any(|m| m.starts_with("e4f6")));
    // A push that has nowhere to put the Diplomat is not a move.
    let hemmed = Position::parse(
        "3ndn2/3p1p2/5N2/8/8/8/8/3QD3 w - - 0 1",
        rules(true, false, false),
    )
    .unwrap();
    assert!(
        !coords(&hemmed).iter().any(|m| m.contains('>')),
        "{:?}",
        coords(&hemmed)
    );
}

#[test]
fn extra_move_is_optional_and_not_after_a_diplomat_move() {
    let p = Position::start(rules(false, true, false));
    let m = coords(&p);
    assert!(m.contains(&"e2e4".to_string()) && m.contains(&"e2e4&e1e2".to_string()));
    assert!(!m.iter().any(|m| m.starts_with("e1")));
}

#[test]
fn en_passant_only_from_the_second_rank() {
    let p = Position::parse(
        "4d3/8/8/8/2p5/8/1P6/3QD3 w - - 0 1",
        rules(false, false, true),
    )
    .unwrap();
    let after = p.after("b2b4".parse().unwrap());
    assert_eq!(after.en_passant().map(|s| s.to_string()), Some("b3".into()));
    assert!(coords(&after).contains(&"c4b3".to_string()));
    // Sideways two squares: no right.
    let side = p.after("b2d2".parse().unwrap());
    assert_eq!(side.en_passant(), None);
}

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn last_chance_saved_only_by_taking_the_queen() {
    let start = Position::parse("3QD3/8/8/8/3q4/8/8/4d3 b - - 0 40", Rules::default()).unwrap();
    let mut saved = Game::new(start.clone());
    assert!(saved.position().last_chance_pending());
    play(&mut saved, "Qxd8");
    assert_eq!(saved.result(), None);
    let mut lost = Game::new(start);
    play(&mut lost, "Qd5");
    assert_eq!(
        lost.result().map(|r| r.outcome),
        Some(Outcome::Win(diplo_core::Color::White))
    );
    assert!(lost.legal_moves().is_empty());
    assert!(lost.undo());
    assert!(lost.position().last_chance_pending());
}

#[test]
fn a_push_that_breaks_the_invasion_does_not_save() {
    let start = Position::parse(
        "8/3QD3/5n2/8/8/8/8/3d3q w - - 0 30",
        rules(true, false, false),
    )
    .unwrap();
    let mut g = Game::new(start);
    play(&mut g, "Qd8 Dc2 De8");
    assert!(g.position().last_chance_pending());
    play(&mut g, "Nxe8>e7");
    assert_eq!(
        g.result().map(|r| r.to_string()),
        Some("1-0 (invasion)".into())
    );
}

#[test]
fn syntax_errors_name_the_field() {
    use diplomatic_chess::SetupParseError as E;
    let err = |fen: &str| fen.parse::<diplomatic_chess::Setup>().unwrap_err();
    assert_eq!(err("8/8/8/8/8/8/8/4D3 w -"), E::Fields(3));
    assert!(matches!(err("8/8/8/8/8/8/8/4D3 x - - 0 1"), E::Side(_)));
    assert!(matches!(err("8/8/8/8/8/8/8/4D3 w X - 0 1"), E::Castling(_)));
    assert!(matches!(
        err("8/8/8/8/8/8/8/4D3 w - z9 0 1"),
        E::EnPassant(_)
    ));
    assert!(matches!(err("8/8/8/8/8/8/8/4D3 w - - x 1"), E::Halfmove(_)));
    assert!(matches!(err("8/8/8/8/8/8/8/4D3 w - - 0 0"), E::Fullmove(_)));
    assert!(matches!(err("8/8/8/8/8/8/8/4X3 w - - 0 1"), E::Board(_)));
    assert_eq!(err("4k3/8/8/8/8/8/8/4D3 w - - 0 1"), E::King);
}

#[test]
fn no_queens_means_no_turns_and_a_draw() {
    let p = Position::parse("4d3/8/8/8/8/8/4P3/4D3 w - - 0 1", Rules::default()).unwrap();
    assert!(p.legal_moves().is_empty());
    let g = Game::new(p);
    assert_eq!(
        g.result().map(|r| r.to_string()),
        Some("1/2-1/2 (no queens)".into())
    );
}
