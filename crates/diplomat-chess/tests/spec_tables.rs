//! The tables and worked examples of the rules spec (`diplomat-chess.md`), checked through
//! the crate's public API: the pawn table (for White, and turned by 7 radii with colours
//! swapped for Black), the empty-board targets of the other pieces, the king-step neighbour
//! counts, the horse's leaps and their symmetry, and the start position.

mod reference;

use diplo_core::Color;
use diplomat_chess::{Cell, Move, Piece, Position, Role, Setup, SubornRule, START};
use std::collections::BTreeSet;

fn cell(name: &str) -> Cell {
    name.parse()
        .unwrap_or_else(|e| panic!("bad cell in test: {e}"))
}

fn cells(names: &str) -> BTreeSet<Cell> {
    names.split_whitespace().map(cell).collect()
}

fn show(set: &BTreeSet<Cell>) -> String {
    set.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn crown_cells(crown: u8) -> BTreeSet<Cell> {
    (0..14).map(|r| Cell::ring(r, crown).unwrap()).collect()
}

fn ring_cells() -> BTreeSet<Cell> {
    Cell::all().filter(|c| !c.is_centre()).collect()
}

/// The cell `cell` turned by 7 radii (the centre stays).
fn turned(c: Cell) -> Cell {
    match c.radius() {
        None => c,
        Some(r) => Cell::ring((r + 7) % 14, c.crown()).unwrap(),
    }
}

fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

/// King-step neighbours, as the reference generator computes them from the spec's words
/// (only used to keep the kings of a test position away from the piece under test).
fn neighbours(c: Cell) -> BTreeSet<Cell> {
    reference::king_steps(c.index())
        .into_iter()
        .map(reference::cell)
        .collect()
}

/// A legal position holding `pieces` and the two kings (Convert rule), with the kings on the
/// first cells (in index order) that are not in `avoid`, that `king_ok` accepts and that make
/// a legal position. `pieces` may itself contain a king; then only the missing king is placed.
fn try_with_kings(
    pieces: &[(Cell, Piece)],
    side: Color,
    avoid: &BTreeSet<Cell>,
    king_ok: impl Fn(Color, Cell) -> bool,
) -> Option<Position> {
    let has_king = |color| pieces.iter().any(|&(_, p)| p == piece(color, Role::King));
    let free = |c: &Cell| !avoid.contains(c) && pieces.iter().all(|&(pc, _)| pc != *c);
    let candidates = |color: Color| -> Vec<Option<Cell>> {
        if has_king(color) {
            vec![None]
        } else {
            Cell::all()
                .filter(free)
                .filter(|&c| king_ok(color, c))
                .map(Some)
                .collect()
        }
    };
    for wk in candidates(Color::White) {
        for bk in candidates(Color::Black) {
            if wk.is_some() && wk == bk {
                continue;
            }
            let mut board = [None; 43];
            for &(c, p) in pieces {
                board[c.index()] = Some(p);
            }
            if let Some(c) = wk {
                board[c.index()] = Some(piece(Color::White, Role::King));
            }
            if let Some(c) = bk {
                board[c.index()] = Some(piece(Color::Black, Role::King));
            }
            let setup = Setup {
                board,
                hands: None,
                side_to_move: side,
                fullmove: 1,
            };
            if let Ok(pos) = Position::from_setup(&setup, SubornRule::Convert) {
                return Some(pos);
            }
        }
    }
    None
}

fn with_kings(
    pieces: &[(Cell, Piece)],
    side: Color,
    avoid: &BTreeSet<Cell>,
    king_ok: impl Fn(Color, Cell) -> bool,
) -> Position {
    try_with_kings(pieces, side, avoid, king_ok).expect("a legal place for the kings")
}

/// Destination cells of the legal moves of the piece on `from`.
fn destinations(pos: &Position, from: Cell) -> BTreeSet<Cell> {
    pos.moves_from(from).map(|m| m.to()).collect()
}

// ---------------------------------------------------------------------------------------
// Pawns
// ---------------------------------------------------------------------------------------

/// The spec's pawn table for White: (pawn on, moves to, captures on).
const PAWN_TABLE: &[(&str, &str, &str)] = &[
    ("c2", "c3 b2", "b1 b3 d3"),
    ("d2", "d3 c2 e2", "c1 c3 e1 e3"),
    ("e2", "e3 f2", "d3 f1 f3"),
    ("a1", "a2 n1", "b2 n2"),
    ("c3", "4 b3", "4 b2"),
    ("d3", "4 c3 e3", "4 c2 e2"),
    ("h2", "h1 i2", "g1 i1 i3"),
    ("h3", "h2 i3", "g2 i2"),
    ("k2", "k1", "j1 l1"),
    ("m3", "m2 l3", "l2 n2"),
    ("4", "h3 i3 j3 k3 l3 m3 n3", "h3 i3 j3 k3 l3 m3 n3"),
];

/// White promotes on i1..m1, Black on b1..f1.
fn promotion_cells(color: Color) -> BTreeSet<Cell> {
    match color {
        Color::White => cells("i1 j1 k1 l1 m1"),
        Color::Black => cells("b1 c1 d1 e1 f1"),
    }
}

fn check_pawn_row(color: Color, from: Cell, moves: BTreeSet<Cell>, captures: BTreeSet<Cell>) {
    let pawn = piece(color, Role::Pawn);
    let row = format!("{color} pawn on {from}");
    let mut avoid: BTreeSet<Cell> = neighbours(from);
    avoid.extend(moves.iter().copied());
    avoid.extend(captures.iter().copied());
    // Kings must not stand next to each other; the generic search takes care of legality.
    let no_touch = |_: Color, _: Cell| true;

    // Moves: on an otherwise empty board (two kings far away).
    let pos = with_kings(&[(from, pawn)], color, &avoid, no_touch);
    let got = destinations(&pos, from);
    assert_eq!(
        got,
        moves,
        "{row}: moves to [{}], spec says [{}] (position {pos})",
        show(&got),
        show(&moves)
    );
    for mv in pos.moves_from(from) {
        let Move::Normal { to, promotion, .. } = mv else {
            panic!("{row}: unexpected move {mv}");
        };
        assert_eq!(
            promotion.is_some(),
            promotion_cells(color).contains(&to),
            "{row}: {mv} promotes iff it reaches a promotion cell"
        );
    }
    let promotions = pos
        .moves_from(from)
        .filter(|m| promotion_cells(color).contains(&m.to()))
        .count();
    assert_eq!(
        promotions,
        4 * moves.intersection(&promotion_cells(color)).count(),
        "{row}: a promotion offers Rook, Bishop, Horse and Diplomat"
    );

    // Captures: an enemy Diplomat (which attacks nothing) on each other cell in turn.
    let victim = piece(!color, Role::Diplomat);
    for target in Cell::all().filter(|&c| c != from) {
        let mut avoid = avoid.clone();
        avoid.insert(target);
        let pos = with_kings(&[(from, pawn), (target, victim)], color, &avoid, no_touch);
        let takes = pos.moves_from(from).any(|m| m.to() == target);
        assert_eq!(
            takes,
            captures.contains(&target),
            "{row}: capture on {target} is {} but the spec says {} (position {pos})",
            if takes { "legal" } else { "not legal" },
            if captures.contains(&target) {
                "it captures there"
            } else {
                "it does not"
            }
        );
    }
}

#[test]
fn pawn_table_white() {
    for &(from, moves, captures) in PAWN_TABLE {
        check_pawn_row(Color::White, cell(from), cells(moves), cells(captures));
    }
}

#[test]
fn pawn_table_black_turned_by_seven_radii() {
    for &(from, moves, captures) in PAWN_TABLE {
        let turn = |s: &str| cells(s).into_iter().map(turned).collect::<BTreeSet<_>>();
        check_pawn_row(
            Color::Black,
            turned(cell(from)),
            turn(moves),
            turn(captures),
        );
    }
}

#[test]
fn suborned_pawn_on_a_promotion_cell_stays_a_pawn_until_it_moves() {
    // A white pawn on i1 (White's promotion cell, reached by being suborned): still a pawn;
    // its circular step to j1 promotes. A white pawn on k1 has no move at all.
    let pos = with_kings(
        &[
            (cell("i1"), piece(Color::White, Role::Pawn)),
            (cell("k1"), piece(Color::White, Role::Pawn)),
        ],
        Color::White,
        &cells("h1 j1 l1 h2 i2 j2 k2 l2"),
        |_, _| true,
    );
    assert_eq!(
        pos.piece_at(cell("i1")),
        Some(piece(Color::White, Role::Pawn))
    );
    let mut got: Vec<String> = pos.moves_from(cell("i1")).map(|m| m.to_string()).collect();
    got.sort();
    assert_eq!(got, ["i1j1b", "i1j1d", "i1j1h", "i1j1r"]);
    assert_eq!(pos.moves_from(cell("k1")).count(), 0);
}

// ---------------------------------------------------------------------------------------
// Other pieces on an empty board
// ---------------------------------------------------------------------------------------

/// The spec's empty-board targets table: (piece, on, targets, count); the spec's "a3 … n3",
/// "all 42 ring cells" and "all of crowns 2 and 3" are written as names [`expand`] knows.
const TARGETS_TABLE: &[(Role, &str, &str, usize)] = &[
    (Role::King, "a1", "b1 n1 a2 b2 n2", 5),
    (Role::King, "a2", "a1 b1 n1 b2 n2 a3 b3 n3", 8),
    (Role::King, "a3", "a2 b2 n2 b3 n3 4", 6),
    (Role::King, "4", "CROWN3", 14),
    (
        Role::Rook,
        "a1",
        "b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1 a2 a3 4 h3 h2",
        18,
    ),
    (Role::Rook, "4", "RING", 42),
    (Role::Bishop, "a1", "b2 c3 4 j3 i2 h1 n2 m3 f3 g2", 10),
    (Role::Bishop, "a2", "b1 n1 b3 4 i3 h2 g1 n3 g3 i1", 10),
    (Role::Bishop, "a3", "b2 c1 n2 m1 4 h3 g2 f1 i2 j1", 10),
    (Role::Bishop, "4", "RING", 42),
    (Role::Horse, "a1", "b3 n3 c2 m2", 4),
    (Role::Horse, "a2", "c1 m1 c3 m3 4", 5),
    (Role::Horse, "a3", "b1 n1 c2 m2 4 g3 i3", 7),
    (Role::Horse, "4", "CROWNS23", 28),
];

fn expand(targets: &str) -> BTreeSet<Cell> {
    match targets {
        "CROWN3" => crown_cells(3),
        "RING" => ring_cells(),
        "CROWNS23" => crown_cells(2).union(&crown_cells(3)).copied().collect(),
        list => cells(list),
    }
}

/// Targets of a lone white piece, with the kings kept off its targets (and, for a King,
/// the black king kept from touching them). Returns `None` when no such placement exists.
fn lone_piece_targets(role: Role, from: Cell, expected: &BTreeSet<Cell>) -> Option<BTreeSet<Cell>> {
    let white = piece(Color::White, role);
    let mut avoid = expected.clone();
    avoid.insert(from);
    let reach: BTreeSet<Cell> = expected
        .iter()
        .flat_map(|&c| neighbours(c))
        .chain(expected.iter().copied())
        .collect();
    let king_ok = |color: Color, c: Cell| {
        // A black king must not guard any target of a white King.
        !(role == Role::King && color == Color::Black && reach.contains(&c))
    };
    let pos = try_with_kings(&[(from, white)], Color::White, &avoid, king_ok)?;
    Some(destinations(&pos, from))
}

/// For a piece on the centre that reaches every ring cell: a black king on each ring cell
/// in turn (White king on a far rim cell, which shadows nothing for a piece on the centre),
/// Black to move: the piece must be giving check.
fn centre_piece_checks_everywhere(role: Role) {
    let white = piece(Color::White, role);
    for target in ring_cells() {
        let far = ["a1", "e1", "h1", "l1"]
            .into_iter()
            .map(cell)
            .find(|&u| u != target && !neighbours(u).contains(&target))
            .unwrap();
        let mut board = [None; 43];
        board[Cell::CENTRE.index()] = Some(white);
        board[far.index()] = Some(piece(Color::White, Role::King));
        board[target.index()] = Some(piece(Color::Black, Role::King));
        let setup = Setup {
            board,
            hands: None,
            side_to_move: Color::Black,
            fullmove: 1,
        };
        let pos = Position::from_setup(&setup, SubornRule::Convert).unwrap();
        let checkers: Vec<Cell> = pos.checkers().collect();
        assert_eq!(
            checkers,
            vec![Cell::CENTRE],
            "{role} on 4 should attack {target} (position {pos})"
        );
    }
}

#[test]
fn empty_board_targets_table() {
    for &(role, from, targets, count) in TARGETS_TABLE {
        let from = cell(from);
        let expected = expand(targets);
        assert_eq!(
            expected.len(),
            count,
            "the table's own count for {role} {from}"
        );
        match lone_piece_targets(role, from, &expected) {
            Some(got) => assert_eq!(
                got,
                expected,
                "{role} on {from}: got [{}], spec says [{}]",
                show(&got),
                show(&expected)
            ),
            None => {
                // A Rook or Bishop on the centre reaches every ring cell, so two kings always
                // stand in its way: probe each cell with the enemy king instead.
                assert!(from.is_centre() && count == 42);
                centre_piece_checks_everywhere(role);
            }
        }
    }
}

#[test]
fn rook_on_centre_with_own_king_in_the_way() {
    // White king on a3 hides a2 and a1 (where the black king stands).
    let pos = Position::parse("k13/14/K13/R w 1", SubornRule::Convert).unwrap();
    let expected: BTreeSet<Cell> = ring_cells()
        .difference(&cells("a1 a2 a3"))
        .copied()
        .collect();
    assert_eq!(destinations(&pos, Cell::CENTRE), expected);
}

#[test]
fn king_step_neighbour_counts() {
    for from in Cell::all() {
        let expected_count = match from.crown() {
            1 => 5,
            2 => 8,
            3 => 6,
            _ => 14,
        };
        let expected = neighbours(from);
        assert_eq!(
            expected.len(),
            expected_count,
            "reference neighbours of {from}"
        );
        let got = lone_piece_targets(Role::King, from, &expected).expect("room for the kings");
        assert_eq!(got, expected, "King on {from}: got [{}]", show(&got));
        // Adjacency is symmetric.
        for other in &got {
            assert!(neighbours(*other).contains(&from), "{from} - {other}");
        }
    }
    // The centre touches exactly the crown-3 cells, and they touch it.
    assert_eq!(neighbours(Cell::CENTRE), crown_cells(3));
}

/// The horse's targets in the spec's words: from x1: (x±1)3, (x±2)2; from x2: (x±2)1,
/// (x±2)3, 4; from x3: (x±1)1, (x±2)2, 4, (x+7±1)3; from the centre: crowns 2 and 3.
fn spec_horse(from: Cell) -> BTreeSet<Cell> {
    let Some(x) = from.radius() else {
        return crown_cells(2).union(&crown_cells(3)).copied().collect();
    };
    let at = |dr: i32, crown: u8| Cell::ring((x as i32 + dr).rem_euclid(14) as u8, crown).unwrap();
    match from.crown() {
        1 => [at(1, 3), at(-1, 3), at(2, 2), at(-2, 2)].into(),
        2 => [at(2, 1), at(-2, 1), at(2, 3), at(-2, 3), Cell::CENTRE].into(),
        _ => [
            at(1, 1),
            at(-1, 1),
            at(2, 2),
            at(-2, 2),
            Cell::CENTRE,
            at(8, 3),
            at(6, 3),
        ]
        .into(),
    }
}

#[test]
fn horse_leaps_and_symmetry() {
    let mut leaps = Vec::new();
    for from in Cell::all() {
        let expected = spec_horse(from);
        let count = match from.crown() {
            1 => 4,
            2 => 5,
            3 => 7,
            _ => 28,
        };
        assert_eq!(expected.len(), count);
        let got = lone_piece_targets(Role::Horse, from, &expected).expect("room for the kings");
        assert_eq!(got, expected, "Horse on {from}: got [{}]", show(&got));
        leaps.push((from, got));
    }
    for (from, targets) in &leaps {
        for to in targets {
            assert!(
                leaps[to.index()].1.contains(from),
                "the horse leaps {from}->{to} but not back"
            );
        }
    }
}

#[test]
fn slider_targets_are_symmetric_on_an_empty_board() {
    // The paths of rooks and bishops are lines: if one reaches another cell on an empty
    // board, a piece there reaches it back. Kings are kept off both cells' targets where
    // possible; pairs where that is impossible are skipped.
    for role in [Role::Rook, Role::Bishop] {
        let reach: Vec<BTreeSet<Cell>> = Cell::all()
            .map(|from| {
                let expected: BTreeSet<Cell> = reference_reach(role, from);
                lone_piece_targets(role, from, &expected).unwrap_or(expected)
            })
            .collect();
        for from in Cell::all() {
            for to in &reach[from.index()] {
                assert!(
                    reach[to.index()].contains(&from),
                    "{role}: {from}->{to} but not back"
                );
            }
        }
    }
}

/// Empty-board reach from the reference generator (independent of the crate's tables).
fn reference_reach(role: Role, from: Cell) -> BTreeSet<Cell> {
    let mut cells = [None; 43];
    cells[from.index()] = Some(piece(Color::White, role));
    let board = reference::RefBoard {
        cells,
        hands: [[0; 5]; 2],
        side: Color::White,
        fullmove: 1,
        rule: SubornRule::Convert,
    };
    Cell::all()
        .filter(|&c| c != from && board.attacks(from.index(), c.index()))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Start position
// ---------------------------------------------------------------------------------------

#[test]
fn start_position_string_and_placement() {
    assert_eq!(START, "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 1");
    for rule in SubornRule::ALL {
        let pos = Position::start(rule);
        let expected = if rule == SubornRule::Drop {
            "1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1[] w 1"
        } else {
            START
        };
        assert_eq!(pos.to_string(), expected);
        assert_eq!(pos.side_to_move(), Color::White);
        let placement = [
            ("b1", 'H'),
            ("c1", 'B'),
            ("d1", 'K'),
            ("e1", 'R'),
            ("f1", 'D'),
            ("b2", 'P'),
            ("c2", 'P'),
            ("d2", 'P'),
            ("e2", 'P'),
            ("f2", 'P'),
            ("i1", 'h'),
            ("j1", 'b'),
            ("k1", 'k'),
            ("l1", 'r'),
            ("m1", 'd'),
            ("i2", 'p'),
            ("j2", 'p'),
            ("k2", 'p'),
            ("l2", 'p'),
            ("m2", 'p'),
        ];
        for c in Cell::all() {
            let want = placement
                .iter()
                .find(|(name, _)| cell(name) == c)
                .map(|&(_, ch)| Piece::from_char(ch).unwrap());
            assert_eq!(pos.piece_at(c), want, "start position, cell {c}");
        }
        assert!(!pos.is_check());
        assert!(pos.hand(Color::White).is_empty() && pos.hand(Color::Black).is_empty());
    }
}

fn move_names(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

#[test]
fn start_position_has_the_twelve_white_moves() {
    let expected: BTreeSet<String> = "b1n2 b1a3 b1c3 b2a2 b2b3 c2c3 d2d3 e2e3 f2g2 f2f3 f1g1 f1g2"
        .split_whitespace()
        .map(String::from)
        .collect();
    for rule in SubornRule::ALL {
        let pos = Position::start(rule);
        assert_eq!(move_names(&pos), expected, "suborn={rule}");
        assert_eq!(pos.legal_moves().len(), 12);
    }
}

#[test]
fn start_position_is_symmetric_for_black() {
    // Black to move in the start placement has the same twelve moves turned by 7 radii.
    let pos = Position::parse("1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 b 1", SubornRule::Convert).unwrap();
    let expected: BTreeSet<String> = Position::start(SubornRule::Convert)
        .legal_moves()
        .iter()
        .map(|m| {
            let Move::Normal { from, to, .. } = *m else {
                unreachable!()
            };
            format!("{}{}", turned(from), turned(to))
        })
        .collect();
    assert_eq!(move_names(&pos), expected);
}
