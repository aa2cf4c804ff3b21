//! Replays every record under `tests/cases/diplomat-chess/records/` and compares the outcome
//! with the `.expect` file next to it.
//!
//! An `.expect` file holds either the two lines `diplo replay` prints on success,
//!
//! ```text
//! position: <position string after the last move>
//! result: <token> (<reason>)
//! ```
//!
//! or one line `error: <message>` with the exact message of the first error (record syntax,
//! tags, a move, or a recorded result the rules contradict). Every successful record must also
//! survive a round trip through [`diplomat_chess::Game::record`]: writing the game and
//! replaying what was written gives the same position and result. The harness is the
//! testkit's [`SequentialRecordCases`].
//!
//! `DIPLO_BLESS=1 cargo test --test record_cases` writes missing `.expect` files from the
//! current behaviour (check them by hand before committing).

use diplo_core::record::final_result;
use diplo_testkit::{Compare, SequentialRecordCases};
use diplomat_chess::record::{replay, start_position};

#[test]
fn record_cases() {
    SequentialRecordCases {
        min_cases: 20,
        compare: Compare::Lines,
        syntax_error_prefix: "",
        start_position,
        replay,
        // The rules' result, reconciled with the record's own (a contradiction is an error).
        result: |record, game| {
            final_result(game.result().as_ref(), record.recorded_result())
                .map(|r| r.to_string())
                .map_err(|e| e.to_string())
        },
    }
    .check();
}
