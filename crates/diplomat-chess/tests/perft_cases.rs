//! Perft figures from `tests/cases/diplomat-chess/perft/*.perft` (format in the README
//! there): the fast generator must match every figure, and the independent reference
//! generator every figure up to depth 3 (and depth 4 where it is small).

mod reference;

use diplo_testkit::{perft_mismatches, PerftCase, PerftCases};
use diplomat_chess::{perft, Position, SubornRule};
use reference::RefBoard;

/// The reference checks every figure at depth ≤ 3, and at depth 4 when it is at most this.
const REFERENCE_DEPTH: u32 = 3;
const REFERENCE_DEPTH_4_MAX_LEAVES: u64 = 100_000;

/// The case files; a case without a `suborn:` line is under `convert`.
fn cases() -> PerftCases<SubornRule> {
    PerftCases::new("diplomat-chess", "suborn", |v| {
        v.parse::<SubornRule>().map_err(|e| e.to_string())
    })
    .min_files(10)
}

fn rule(case: &PerftCase<SubornRule>) -> SubornRule {
    case.setting.unwrap_or(SubornRule::Convert)
}

#[test]
fn fast_generator_matches_every_figure() {
    cases().check_positions(|case, pos: &Position| {
        perft_mismatches(&case.depths, |_, _| true, "", |d| perft(pos, d))
    });
}

#[test]
fn reference_generator_matches_the_shallow_figures() {
    cases().check_positions(|case, pos: &Position| {
        let board = RefBoard::from_position(pos);
        perft_mismatches(
            &case.depths,
            |depth, leaves| {
                depth <= REFERENCE_DEPTH
                    || (depth == REFERENCE_DEPTH + 1 && leaves <= REFERENCE_DEPTH_4_MAX_LEAVES)
            },
            "reference generator",
            |d| board.perft(d),
        )
    });
}

#[test]
fn start_position_is_pinned_to_depth_5_for_every_rule() {
    let files = cases();
    let cases = files.parse_file(&files.dir().join("start.perft")).unwrap();
    for rule in SubornRule::ALL {
        let case = cases
            .iter()
            .find(|c| self::rule(c) == rule)
            .unwrap_or_else(|| panic!("start.perft has no suborn={rule} case"));
        assert_eq!(
            Position::parse(&case.position, rule).unwrap(),
            Position::start(rule)
        );
        assert!(case.depths.len() >= 5, "start suborn={rule}: depth 5");
    }
}

#[test]
fn parser_rejects_malformed_files() {
    let dir = std::env::temp_dir().join(format!("diplo-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, what) in [
        ("depth 1: 12\n", "before any"),
        ("position: x\ndepth 2: 5\n", "out of order"),
        ("position: x\nfoo: 1\n", "unknown key"),
        ("position: x\n", "without depths"),
        ("position: x\nsuborn: steal\ndepth 1: 1\n", "unknown suborn"),
    ] {
        let path = dir.join("case.perft");
        std::fs::write(&path, text).unwrap();
        let err = cases().parse_file(&path).unwrap_err();
        assert!(err.contains(what), "`{text}`: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
