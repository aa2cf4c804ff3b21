//! Perft figures from `tests/cases/diplomatic-chess/perft/*.perft` (format in the README
//! there): the fast generator must match every figure, the reference walker every small one.
//! Perft through the trait (for every sequential game) is checked in
//! `crates/games/tests/perft_cases.rs`.

mod reference;

use diplo_testkit::{perft_mismatches, rules_setting, PerftCases};
use diplomatic_chess::{perft, Position, Rules};
use reference::RefBoard;

/// The reference checks figures up to this many leaves.
const REFERENCE_MAX_LEAVES: u64 = 200_000;

/// The case files: every case needs its `options:` line, every file all 8 combinations.
fn cases() -> PerftCases<Rules> {
    PerftCases::new("diplomatic-chess", "options", rules_setting::<Rules>)
        .min_files(11)
        .setting_required()
        .settings_per_file(8)
}

#[test]
fn fast_generator_matches_every_figure() {
    cases().check_positions(|case, pos: &Position| {
        perft_mismatches(&case.depths, |_, _| true, "", |d| perft(pos, d))
    });
}

#[test]
fn reference_generator_matches_the_small_figures() {
    cases().check_positions(|case, pos: &Position| {
        let r = pos.rules();
        let board = RefBoard::from_fen(
            &pos.to_string(),
            r.push_back,
            r.extra_diplomat_move,
            r.extended_pawns,
        );
        perft_mismatches(
            &case.depths,
            |_, leaves| leaves <= REFERENCE_MAX_LEAVES,
            "reference",
            |d| board.perft(d),
        )
    });
}

#[test]
fn start_position_is_pinned() {
    let files = cases();
    let cases = files.parse_file(&files.dir().join("start.perft")).unwrap();
    let off = cases
        .iter()
        .find(|c| c.setting == Some(Rules::default()))
        .expect("start, options off");
    assert_eq!(
        Position::parse(&off.position, Rules::default()).unwrap(),
        Position::start(Rules::default())
    );
    assert_eq!(off.depths.len(), 5);
    for case in &cases {
        let rules = case.setting.unwrap();
        assert_eq!(
            case.depths[0],
            if rules.extra_diplomat_move { 26 } else { 20 }
        );
    }
}

#[test]
fn parser_rejects_malformed_files() {
    let dir = std::env::temp_dir().join(format!("diplomatic-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, what) in [
        ("depth 1: 12\n", "before any"),
        (
            "position: x\noptions: default\ndepth 2: 5\n",
            "out of order",
        ),
        ("position: x\nfoo: 1\n", "unknown key"),
        ("position: x\ndepth 1: 1\n", "needs `options:`"),
        (
            "position: x\noptions: push-back=maybe\ndepth 1: 1\n",
            "push-back",
        ),
    ] {
        let path = dir.join("case.perft");
        std::fs::write(&path, text).unwrap();
        let err = cases().parse_file(&path).unwrap_err();
        assert!(err.contains(what), "`{text}`: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
