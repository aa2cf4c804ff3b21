//! Replays every record under `tests/cases/diplomatic-chess/records/` and compares the
//! outcome with the `.expect` file next to it: either the two lines `diplo replay` prints
//! (`position: …`, `result: …`) or one line `error: <message>`. Every successful record must
//! also survive a round trip through [`diplomatic_chess::Game::record`]. The harness is the
//! testkit's [`SequentialRecordCases`].
//!
//! `DIPLO_BLESS=1 cargo test -p diplomatic-chess --test record_cases` writes missing
//! `.expect` files from the current behaviour (check them by hand).

use diplo_testkit::{Compare, SequentialRecordCases};
use diplomatic_chess::record::{replay, result_line, start_position};

#[test]
fn record_cases() {
    SequentialRecordCases {
        min_cases: 20,
        compare: Compare::Exact,
        syntax_error_prefix: "record: ",
        start_position,
        replay,
        // Always the rules' result (§10.2).
        result: |_, game| Ok(result_line(game)),
    }
    .check();
}
