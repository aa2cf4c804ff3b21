//! The notation of spec §6: every example in a position where it arises, the three error
//! kinds with their exact messages, and round trips (SAN and coordinates) on random games.

use diplo_core::{Color, MoveError};
use diplomat_chess::san::{parse_move, parse_san, to_san, Origin, San};
use diplomat_chess::{Cell, Move, Position, Role, SubornRule};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn pos(text: &str, rule: SubornRule) -> Position {
    Position::parse(text, rule).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The start position after some moves (in any notation).
fn after(rule: SubornRule, moves: &[&str]) -> Position {
    let mut p = Position::start(rule);
    for m in moves {
        let mv = parse_move(&p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv);
    }
    p
}

fn normal(from: &str, to: &str) -> Move {
    Move::Normal {
        from: cell(from),
        to: cell(to),
        promotion: None,
    }
}

fn promo(from: &str, to: &str, role: Role) -> Move {
    Move::Normal {
        from: cell(from),
        to: cell(to),
        promotion: Some(role),
    }
}

fn suborn(diplomat: &str, target: &str) -> Move {
    Move::Normal {
        from: cell(diplomat),
        to: cell(target),
        promotion: None,
    }
}

/// `text` reads as `mv`, and `mv` is written `canonical`.
#[track_caller]
fn reads(p: &Position, text: &str, mv: Move) {
    assert_eq!(parse_move(p, text), Ok(mv), "reading `{text}` in {p}");
}

#[track_caller]
fn writes(p: &Position, mv: Move, canonical: &str) {
    assert_eq!(to_san(p, mv), canonical, "writing {mv} in {p}");
    reads(p, canonical, mv);
}

#[test]
fn piece_moves_and_captures() {
    let start = Position::start(SubornRule::Convert);
    writes(&start, normal("b1", "a3"), "Ha3");
    writes(&start, normal("f1", "g2"), "Dg2");
    let p = after(SubornRule::Convert, &["d3"]);
    writes(&p, normal("m1", "n2"), "Dn2");
    // A bishop capture (the horse on e3 gives check).
    let p = pos("2BK6k3/14/4h9/1 w 20", SubornRule::Convert);
    writes(&p, normal("c1", "e3"), "Bxe3");
    // A rook capture on the centre.
    let p = pos("3KR9/10k3/10p3/h w 20", SubornRule::Convert);
    writes(&p, normal("e1", "4"), "Rx4");
}

#[test]
fn piece_disambiguation() {
    // Two rooks can take on a3: the one on the centre is written with `4`.
    let p = pos("3K6k3/14/h1R7p3/R w 20", SubornRule::Convert);
    writes(&p, normal("4", "a3"), "R4xa3");
    writes(&p, normal("c3", "a3"), "Rcxa3");
    // Three bishops reach b2: radius, crown, and whole cell.
    let p = pos("B1BK6k3/14/B13/1 w 20", SubornRule::Convert);
    writes(&p, normal("a1", "b2"), "Ba1b2");
    writes(&p, normal("c1", "b2"), "Bcb2");
    writes(&p, normal("a3", "b2"), "B3b2");
    // Without the needed origin the move is ambiguous; a surplus origin is fine.
    assert!(matches!(
        parse_move(&p, "Bb2"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert!(matches!(
        parse_move(&p, "Bab2"),
        Err(MoveError::Ambiguous { .. })
    ));
    reads(&p, "Bc1b2", normal("c1", "b2"));
    reads(&p, "Bcb2", normal("c1", "b2"));
    // Into the centre with an origin the hyphen keeps the origin apart from the `4`.
    let p = pos("3K6k3/14/R6R2p3/1 w 20", SubornRule::Convert);
    writes(&p, normal("a3", "4"), "Ra-4");
    reads(&p, "Ra4", normal("a3", "4"));
    reads(&p, "Ra34", normal("a3", "4"));
}

#[test]
fn pawn_into_the_centre() {
    let p = after(SubornRule::Convert, &["d3", "k3"]);
    writes(&p, normal("d3", "4"), "d-4");
    reads(&p, "d4", normal("d3", "4"));
    reads(&p, "d34", normal("d3", "4"));
    // `lx4`: the black pawn on l3 takes the pawn that went into the centre.
    let p = after(SubornRule::Convert, &["d3", "l3", "d-4"]);
    writes(&p, normal("l3", "4"), "lx4");
}

#[test]
fn pawn_captures() {
    let p = after(SubornRule::Convert, &["b3", "k3"]);
    let p = {
        let mut p = p;
        for m in ["b-4", "l3", "4xl3"] {
            let mv = parse_move(&p, m).unwrap();
            p.play(mv);
        }
        p
    };
    assert_eq!(p.piece_at(cell("l3")).unwrap().color, Color::White);
    // A black pawn on the centre takes on f3: `4xf3`.
    let p = after(SubornRule::Convert, &["f3", "k3", "d3", "k-4", "e3"]);
    writes(&p, normal("4", "f3"), "4xf3");
    writes(&p, normal("4", "d3"), "4xd3");
    // A capture with the origin radius: `bxa3`.
    let p = pos("3K6k3/1P12/p13/1 w 20", SubornRule::Convert);
    writes(&p, normal("b2", "a3"), "bxa3");
    // Two pawns on radius h can take on i2: the whole cell is needed.
    let p = pos("3K3P6/8p5/7P2k3/1 w 20", SubornRule::Convert);
    writes(&p, normal("h3", "i2"), "h3xi2");
    writes(&p, normal("h1", "i2"), "h1xi2");
    assert_eq!(
        parse_move(&p, "hxi2"),
        Err(MoveError::Ambiguous {
            text: "hxi2".into(),
            candidates: "h1xi2 or h3xi2".into()
        })
    );
}

#[test]
fn pawn_moves_another_pawn_could_make() {
    // After 1. e3 k3 both f2 (radially) and e3 (circularly) can go to f3.
    let p = after(SubornRule::Convert, &["e3", "k3"]);
    writes(&p, normal("f2", "f3"), "f-f3");
    writes(&p, normal("e3", "f3"), "e-f3");
    // The bare destination means the pawn advancing along the destination's radius.
    reads(&p, "f3", normal("f2", "f3"));
    // A whole-cell origin is accepted for plain pawn moves too.
    reads(&p, "e3-f3", normal("e3", "f3"));
    reads(&p, "f2-f3", normal("f2", "f3"));
    let start = Position::start(SubornRule::Convert);
    writes(&start, normal("d2", "d3"), "d3");
    reads(&start, "d2-d3", normal("d2", "d3"));
}

#[test]
fn bare_pawn_rule_from_the_centre() {
    // White pawns on the centre and on n3 can both go to m3: the one from the centre counts
    // as advancing along m.
    let p = pos("3K6k3/14/13P/P w 20", SubornRule::Convert);
    reads(&p, "m3", normal("4", "m3"));
    writes(&p, normal("4", "m3"), "4-m3");
    writes(&p, normal("n3", "m3"), "n-m3");
    // Neither of two pawns advances along k: ambiguous.
    let p = pos("3K6k3/14/9P1P2/1 w 10", SubornRule::Convert);
    assert_eq!(
        parse_move(&p, "k3"),
        Err(MoveError::Ambiguous {
            text: "k3".into(),
            candidates: "j-k3 or l-k3".into()
        })
    );
    writes(&p, normal("j3", "k3"), "j-k3");
    writes(&p, normal("l3", "k3"), "l-k3");
}

#[test]
fn suborns() {
    let p = after(SubornRule::Convert, &["Ha3", "Dn2"]);
    let mv = suborn("n2", "a3");
    // It is White's move here: black's suborn comes after a waiting move.
    let mut p = p;
    p.play(parse_move(&p, "d3").unwrap());
    writes(&p, mv, "a3=black");
    for text in ["a3=b", "a3=Black", "Dn2:a3=black", "Dn:a3=b", "n2a3"] {
        reads(&p, text, mv);
    }
    assert_eq!(
        parse_move(&p, "a3=white"),
        Err(MoveError::Illegal {
            text: "a3=white".into(),
            reason: "it is black's move, so a suborn is written `=black`".into()
        })
    );
    // White suborns: `=w` and `=white`.
    let p = after(SubornRule::Convert, &["Dg2", "Hh3"]);
    writes(&p, suborn("g2", "h3"), "h3=white");
    reads(&p, "h3=w", suborn("g2", "h3"));
    // Two Diplomats can suborn the horse on b3.
    let p = pos("6K6k/d1d11/1H12/1 b 20", SubornRule::Convert);
    writes(&p, suborn("c2", "b3"), "Dc2:b3=black");
    writes(&p, suborn("a2", "b3"), "Da2:b3=black");
    reads(&p, "Dc:b3=b", suborn("c2", "b3"));
    assert_eq!(
        parse_move(&p, "b3=black"),
        Err(MoveError::Ambiguous {
            text: "b3=black".into(),
            candidates: "Da2:b3=black or Dc2:b3=black".into()
        })
    );
    // The other rules write suborns the same way.
    for rule in [SubornRule::Remove, SubornRule::Drop] {
        let p = after(rule, &["Dg2", "Hh3"]);
        writes(&p, suborn("g2", "h3"), "h3=white");
    }
}

#[test]
fn promotions() {
    let p = pos("3K6k3/1p12/14/1 b 20", SubornRule::Convert);
    writes(&p, promo("b2", "b1", Role::Rook), "b1=Rook+");
    writes(&p, promo("b2", "b1", Role::Bishop), "b1=Bishop");
    writes(&p, promo("b2", "b1", Role::Horse), "b1=Horse");
    writes(&p, promo("b2", "b1", Role::Diplomat), "b1=Diplomat");
    reads(&p, "b1=R", promo("b2", "b1", Role::Rook));
    reads(&p, "b1=B", promo("b2", "b1", Role::Bishop));
    reads(&p, "b1=H", promo("b2", "b1", Role::Horse));
    reads(&p, "b1=D", promo("b2", "b1", Role::Diplomat));
    reads(&p, "b2b1h", promo("b2", "b1", Role::Horse));
    // Lower-case `b` after `=` is a colour: a suborn, and there is nothing on b1.
    assert_eq!(
        parse_move(&p, "b1=b"),
        Err(MoveError::Illegal {
            text: "b1=b".into(),
            reason: "there is no piece on b1 to suborn".into()
        })
    );
    // Without the piece the promotion is ambiguous.
    assert_eq!(
        parse_move(&p, "b1"),
        Err(MoveError::Ambiguous {
            text: "b1".into(),
            candidates: "b1=Rook+, b1=Bishop, b1=Horse or b1=Diplomat".into()
        })
    );
    assert!(matches!(
        parse_move(&p, "b2b1"),
        Err(MoveError::Ambiguous { .. })
    ));
}

#[test]
fn drops() {
    let p = pos("3K6k3/14/14/1[HP] w 20", SubornRule::Drop);
    writes(
        &p,
        Move::Drop {
            role: Role::Horse,
            to: cell("c2"),
        },
        "H@c2",
    );
    let pawn = Move::Drop {
        role: Role::Pawn,
        to: cell("c2"),
    };
    writes(&p, pawn, "P@c2");
    reads(&p, "@c2", pawn);
    assert_eq!(
        parse_move(&p, "R@c2"),
        Err(MoveError::Illegal {
            text: "R@c2".into(),
            reason: "white has no rook in hand".into()
        })
    );
    assert_eq!(
        parse_move(&p, "H@4"),
        Err(MoveError::Illegal {
            text: "H@4".into(),
            reason: "nothing is dropped on the centre".into()
        })
    );
    assert_eq!(
        parse_move(&Position::start(SubornRule::Convert), "H@c3"),
        Err(MoveError::Illegal {
            text: "H@c3".into(),
            reason: "drops are only played with suborn=drop (this game is suborn=convert)".into()
        })
    );
}

#[test]
fn check_and_mate_marks() {
    // 1. d3 Dn2 2. Hxn2 Rxc1+: check.
    let p = after(SubornRule::Convert, &["d3", "Dn2", "Hxn2"]);
    writes(&p, normal("l1", "c1"), "Rxc1+");
    // ... 3. Kd2 Rxe1 4. e1=white++: mate by a suborn.
    let p = after(
        SubornRule::Convert,
        &["d3", "Dn2", "Hxn2", "Rxc1+", "Kd2", "Rxe1"],
    );
    writes(&p, suborn("f1", "e1"), "e1=white++");
    // Mate by a capture; `#` and missing or wrong marks are accepted on input.
    let p = after(SubornRule::Convert, &["g2", "Hh3", "Df2"]);
    let mate = normal("h3", "f2");
    writes(&p, mate, "Hxf2++");
    for text in ["Hxf2#", "Hxf2", "Hxf2+", "Hxf2++!", "Hxf2!?", " Hxf2 "] {
        reads(&p, text, mate);
    }
    // Stalemate gets no mark.
    let p = pos("13P/8R5/k1K11/1 w 30", SubornRule::Convert);
    writes(&p, promo("n1", "m1", Role::Horse), "m1=Horse");
}

#[test]
fn error_kinds() {
    let start = Position::start(SubornRule::Convert);
    let parse_err = |text: &str, reason: &str| MoveError::Parse {
        text: text.into(),
        reason: reason.into(),
    };
    assert_eq!(
        parse_move(&start, "Zz9"),
        Err(parse_err(
            "Zz9",
            "`Z` is not a piece letter (K, R, B, H, D)"
        ))
    );
    assert_eq!(parse_move(&start, ""), Err(parse_err("", "empty move")));
    assert_eq!(
        parse_move(&start, "d5"),
        Err(parse_err(
            "d5",
            "no destination cell at the end (cells are a1..n3 and 4)"
        ))
    );
    assert_eq!(
        parse_move(&start, "a3=x"),
        Err(parse_err(
            "a3=x",
            "after `=` comes a colour (white, black, w, b) for a suborn or a piece (Rook, Bishop, Horse, Diplomat, or R, B, H, D) for a promotion"
        ))
    );
    assert_eq!(
        parse_move(&start, "ca3"),
        Err(parse_err(
            "ca3",
            "a pawn's origin is followed by `x` (capture) or `-` (move): `bxa3`, `f-f3`"
        ))
    );
    assert_eq!(
        parse_move(&start, "Hb3"),
        Err(MoveError::Illegal {
            text: "Hb3".into(),
            reason: "no white horse can reach b3".into()
        })
    );
    assert_eq!(
        parse_move(&start, "Bxe3"),
        Err(MoveError::Illegal {
            text: "Bxe3".into(),
            reason: "no white bishop can reach e3".into()
        })
    );
    assert_eq!(
        parse_move(&start, "bxa3"),
        Err(MoveError::Illegal {
            text: "bxa3".into(),
            reason: "no white pawn can capture on a3".into()
        })
    );
    assert_eq!(
        parse_move(&start, "d2e3"),
        Err(MoveError::Illegal {
            text: "d2e3".into(),
            reason: "the white pawn on d2 cannot go to e3".into()
        })
    );
    assert_eq!(
        parse_move(&start, "k2k3"),
        Err(MoveError::Illegal {
            text: "k2k3".into(),
            reason: "the pawn on k2 is black, and it is white's move".into()
        })
    );
    // The King cannot be suborned.
    let p = pos("3K5Dk3/14/14/1 w 20", SubornRule::Convert);
    assert_eq!(
        parse_move(&p, "k1=white"),
        Err(MoveError::Illegal {
            text: "k1=white".into(),
            reason: "the king cannot be suborned".into()
        })
    );
    assert_eq!(
        parse_move(&p, "j1k1"),
        Err(MoveError::Illegal {
            text: "j1k1".into(),
            reason: "the white diplomat on j1 cannot go to k1".into()
        })
    );
    // Diplomats do not capture.
    let p = after(SubornRule::Convert, &["Dg2", "Hh3"]);
    assert_eq!(
        parse_move(&p, "Dxh3"),
        Err(MoveError::Illegal {
            text: "Dxh3".into(),
            reason: "a diplomat never captures (a suborn is written h3=white)".into()
        })
    );
    // In check, the hint says so.
    let p = after(SubornRule::Convert, &["d3", "Dn2", "Hxn2", "Rxc1+"]);
    assert_eq!(
        parse_move(&p, "e3"),
        Err(MoveError::Illegal {
            text: "e3".into(),
            reason: "no white pawn can move to e3 (white is in check)".into()
        })
    );
    // SAN only: coordinates are not SAN.
    assert!(matches!(
        parse_san(&start, "d2d3"),
        Err(MoveError::Parse { .. })
    ));
    // Errors print as one line.
    assert_eq!(
        parse_move(&start, "Hb3").unwrap_err().to_string(),
        "illegal move `Hb3`: no white horse can reach b3"
    );
}

#[test]
fn san_syntax_type() {
    let san: San = "R4xa3".parse().unwrap();
    assert_eq!(
        san,
        San::Normal {
            role: Role::Rook,
            origin: Some(Origin::Cell(Cell::CENTRE)),
            capture: true,
            to: cell("a3"),
            promotion: None
        }
    );
    let san: San = "Dc2:b3=b".parse().unwrap();
    assert_eq!(
        san,
        San::Suborn {
            diplomat: Some(Origin::Cell(cell("c2"))),
            target: cell("b3"),
            color: Color::Black
        }
    );
    assert_eq!(san.to_string(), "Dc2:b3=black");
    assert_eq!("@c2".parse::<San>().unwrap().to_string(), "P@c2");
    assert_eq!("b1=R".parse::<San>().unwrap().to_string(), "b1=Rook");
}

/// A position reached by `plies` random legal moves from the start.
fn random_position(rule: SubornRule, seed: u64, plies: usize) -> Position {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut p = Position::start(rule);
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        p.play(mv);
    }
    p
}

fn rule_strategy() -> impl Strategy<Value = SubornRule> {
    prop_oneof![
        Just(SubornRule::Convert),
        Just(SubornRule::Remove),
        Just(SubornRule::Drop)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_legal_move_round_trips(rule in rule_strategy(), seed in any::<u64>(), plies in 0usize..160) {
        let p = random_position(rule, seed, plies);
        for &mv in p.legal_moves().iter() {
            let san = to_san(&p, mv);
            prop_assert_eq!(parse_move(&p, &san), Ok(mv), "SAN `{}` in {:?}", san, p);
            prop_assert_eq!(parse_san(&p, &san), Ok(mv), "SAN only `{}` in {:?}", san, p);
            let coordinate = mv.to_string();
            prop_assert_eq!(parse_move(&p, &coordinate), Ok(mv), "coordinate `{}` in {:?}", coordinate, p);
            // The canonical text is plain ASCII without blanks, and marks only at the end.
            prop_assert!(san.is_ascii() && !san.contains(' '));
        }
    }
}
