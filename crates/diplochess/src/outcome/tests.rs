//! Every reason with its wording (the text of `diplo adjudicate` and the reports, which
//! the case files and records compare), read back from it, and its kind and square.

use super::*;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn piece(s: &str) -> PieceRef {
    s.parse().unwrap()
}

fn order(s: &str) -> Order {
    s.parse().unwrap()
}

fn invalid(reason: VoidReason) -> Failure {
    Failure::void(Void::Invalid(reason))
}

/// Every reason the resolvers give, with its text, kind and square.
fn table() -> Vec<(Failure, &'static str, FailureKind, Option<&'static str>)> {
    use FailureKind as K;
    vec![
        // Movement: void orders (§4.2), a void order's piece dislodged.
        (
            invalid(VoidReason::NoPiece(sq("e4"))),
            "void (no piece on e4)",
            K::Void,
            Some("e4"),
        ),
        (
            invalid(VoidReason::NotOwn {
                square: sq("d5"),
                color: Color::Black,
            }),
            "void (d5 holds a black piece)",
            K::Void,
            Some("d5"),
        ),
        (
            invalid(VoidReason::WrongType {
                square: sq("c3"),
                found: Role::Knight,
                named: Role::Bishop,
            }),
            "void (c3 holds N, not B)",
            K::Void,
            Some("c3"),
        ),
        (
            invalid(VoidReason::NotAMove(piece("N b1"), sq("b3"))),
            "void (N b1 - b3 is not a move of that piece)",
            K::Void,
            Some("b3"),
        ),
        (
            invalid(VoidReason::PathBlocked(sq("a3"))),
            "void (path blocked at a3)",
            K::Void,
            Some("a3"),
        ),
        (
            invalid(VoidReason::PawnDiagonal),
            "void (a pawn moves diagonally only onto an enemy piece)",
            K::Void,
            None,
        ),
        (
            invalid(VoidReason::Supported(Box::new(VoidReason::NoPiece(sq(
                "f6",
            ))))),
            "void (supported piece: no piece on f6)",
            K::Void,
            Some("f6"),
        ),
        (
            invalid(VoidReason::Supported(Box::new(VoidReason::NotAMove(
                piece("R a1"),
                sq("b2"),
            )))),
            "void (supported piece: R a1 - b2 is not a move of that piece)",
            K::Void,
            Some("b2"),
        ),
        (
            invalid(VoidReason::CannotReach(piece("P e4"), sq("e5"))),
            "void (P e4 cannot capture onto e5)",
            K::Void,
            Some("e5"),
        ),
        (
            invalid(VoidReason::SupportSelf),
            "void (a piece cannot support itself)",
            K::Void,
            None,
        ),
        (
            invalid(VoidReason::SupportOwnSquare),
            "void (a piece cannot support a move onto its own square)",
            K::Void,
            None,
        ),
        (
            invalid(VoidReason::NoCastlingRight),
            "void (no castling right)",
            K::Void,
            None,
        ),
        (
            invalid(VoidReason::CastlingPath),
            "void (squares between King and rook are not empty)",
            K::Void,
            None,
        ),
        (
            invalid(VoidReason::WrongPhase),
            "void (not a movement order (ignored))",
            K::Void,
            None,
        ),
        (
            Failure::void_then(
                Void::Invalid(VoidReason::CannotReach(piece("R a1"), sq("b2"))),
                Consequence::DislodgedBy(order("B c3 - a1")),
            ),
            "void (R a1 cannot capture onto b2); dislodged by B c3 - a1",
            K::Void,
            Some("b2"),
        ),
        // Movement: moves.
        (
            Failure::Bounced {
                at: sq("c3"),
                by: piece("N d5"),
                attack: 3,
                against: 3,
            },
            "bounced at c3 by N d5 (3 against 3)",
            K::Bounced,
            Some("c3"),
        ),
        (
            Failure::HeadToHead {
                lost_to: order("R d5 - d1"),
                attack: 5,
                against: 8,
            },
            "head-to-head lost to R d5 - d1 (5 against 8)",
            K::HeadToHead,
            Some("d5"),
        ),
        (
            Failure::Blocked {
                by: order("Q d1 - d5"),
            },
            "blocked by Q d1 - d5",
            K::Blocked,
            None,
        ),
        (
            Failure::Blocked { by: order("O-O-O") },
            "blocked by O-O-O",
            K::Blocked,
            None,
        ),
        (
            Failure::TravelCannotDislodge {
                piece: piece("N d5"),
            },
            "cannot dislodge N d5 (travel order)",
            K::CannotDislodge,
            Some("d5"),
        ),
        (
            Failure::SelfDislodgement,
            "no self-dislodgement",
            K::CannotDislodge,
            None,
        ),
        (Failure::Paradox, "paradox", K::Paradox, None),
        // Movement: holds and supports.
        (
            Failure::Dislodged {
                by: order("R d1 - d5"),
            },
            "dislodged by R d1 - d5",
            K::Dislodged,
            Some("d5"),
        ),
        (Failure::NotMatched, "not matched", K::NotMatched, None),
        (
            Failure::Cut {
                by: order("N c4 - a5"),
            },
            "cut by N c4 - a5",
            K::Cut,
            Some("a5"),
        ),
        (
            Failure::LineBlocked { at: sq("d4") },
            "line blocked at d4",
            K::LineBlocked,
            Some("d4"),
        ),
        // Retreats.
        (
            Failure::void(Void::NotARetreatOrder),
            "void (not a retreat order)",
            K::Void,
            None,
        ),
        (
            Failure::void(Void::NoDislodgedPiece {
                color: Color::White,
                square: sq("e5"),
            }),
            "void (no dislodged white piece on e5)",
            K::Void,
            Some("e5"),
        ),
        (
            Failure::void_then(
                Void::Invalid(VoidReason::WrongType {
                    square: sq("e5"),
                    found: Role::Knight,
                    named: Role::Bishop,
                }),
                Consequence::Removed,
            ),
            "void (e5 holds N, not B); removed",
            K::Void,
            Some("e5"),
        ),
        (
            Failure::void_then(Void::NoLegalRetreat { to: sq("c6") }, Consequence::Removed),
            "void (no legal retreat to c6); removed",
            K::Void,
            Some("c6"),
        ),
        (Failure::RemovedBloody, "removed (bloody)", K::Removed, None),
        (
            Failure::Collision { at: sq("e5") },
            "collision at e5; removed",
            K::Removed,
            Some("e5"),
        ),
        (Failure::Unresolved, "void", K::Void, None),
        // The build step.
        (
            Failure::void_then(
                Void::NotALostType { role: Role::Queen },
                Consequence::DefaultUsed,
            ),
            "void (Q is not a lost type); default used",
            K::Void,
            None,
        ),
        (
            Failure::void_then(
                Void::NotEmptyFirstRank { square: sq("d1") },
                Consequence::DefaultUsed,
            ),
            "void (d1 is not an empty square of the first rank); default used",
            K::Void,
            Some("d1"),
        ),
        (
            Failure::void_then(
                Void::NotALostType { role: Role::Queen },
                Consequence::ConvertedTo(Role::Knight),
            ),
            "void (Q is not a lost type); converted to N",
            K::Void,
            None,
        ),
        (
            Failure::void_then(Void::NoLostType, Consequence::PawnHeld),
            "void (no lost type); pawn held",
            K::Void,
            None,
        ),
        (Failure::NotNeeded, "not needed", K::Surplus, None),
        (
            Failure::void(Void::NotABuildStepOrder),
            "void (not a build-step order)",
            K::Void,
            None,
        ),
        // Adjustments.
        (Failure::Surplus, "surplus order", K::Surplus, None),
        (
            Failure::void(Void::NoDisbandable {
                piece: piece("N c3"),
            }),
            "void (no disbandable N c3)",
            K::Void,
            Some("c3"),
        ),
        (
            Failure::void(Void::KingCannotBeBuilt),
            "void (a King cannot be built)",
            K::Void,
            None,
        ),
        (
            Failure::void(Void::AtInitialNumber { role: Role::Rook }),
            "void (R is at its initial number)",
            K::Void,
            None,
        ),
        (
            Failure::void(Void::NotControlled { square: sq("a3") }),
            "void (a3 is not an empty controlled square of that rank)",
            K::Void,
            Some("a3"),
        ),
        (
            Failure::void(Void::NoAdjustmentDue),
            "void (no adjustment due)",
            K::Void,
            None,
        ),
        (
            Failure::void(Void::NotAnAdjustmentOrder),
            "void (not an adjustment order)",
            K::Void,
            None,
        ),
    ]
}

#[test]
fn every_reason_has_its_wording() {
    for (failure, text, _, _) in table() {
        assert_eq!(failure.to_string(), text, "{failure:?}");
        assert_eq!(
            OrderOutcome::Failed(failure.clone()).to_string(),
            format!("failed: {text}")
        );
    }
    assert_eq!(OrderOutcome::Executed.to_string(), "executed");
}

#[test]
fn every_reason_reads_back_from_its_text() {
    for (failure, text, _, _) in table() {
        assert_eq!(text.parse::<Failure>(), Ok(failure), "{text}");
    }
}

#[test]
fn kinds_and_squares() {
    for (failure, text, kind, square) in table() {
        assert_eq!(failure.kind(), kind, "{text}");
        assert_eq!(failure.square(), square.map(sq), "{text}");
    }
}

#[test]
fn dislodged_by_names_the_move() {
    let by = order("R d1 - d5");
    assert_eq!(Failure::Dislodged { by }.dislodged_by(), Some(&by));
    let void = Failure::void_then(
        Void::Invalid(VoidReason::SupportSelf),
        Consequence::DislodgedBy(by),
    );
    assert_eq!(void.dislodged_by(), Some(&by));
    assert_eq!(Failure::Paradox.dislodged_by(), None);
    assert_eq!(
        Failure::void_then(Void::NoLostType, Consequence::PawnHeld).dislodged_by(),
        None
    );
}

#[test]
fn only_exact_texts_are_reasons() {
    for text in [
        "",
        "bounced at c3",
        "bounced at c3 by N d5",
        "bounced at c3 by Nd5 (3 against 3)",
        "bounced at c3 by N d5 (3 against +3)",
        "bounced at c3 by N d5 (3 against 3",
        "void ()",
        "void (no piece on e9)",
        "void (no piece on e4",
        "void (no piece on e4); eaten",
        "void (Q is not a lost type); converted to X",
        "cut by N c4-a5",
        "collision at e5",
        "void (e5 holds NN, not B)",
        "void (no dislodged green piece on e5)",
        "Paradox",
        "paradox ",
    ] {
        assert!(text.parse::<Failure>().is_err(), "{text:?} was read");
    }
    assert!("no piece on e4".parse::<VoidReason>().is_ok());
    assert!("no piece".parse::<VoidReason>().is_err());
}
