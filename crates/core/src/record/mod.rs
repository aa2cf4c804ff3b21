//! Game records: a PGN-like reader and writer that knows nothing of any game's rules.
//!
//! - `syntax`: reading a record ([`parse_record`]): tag pairs and PGN movetext.
//! - `tags`: the one reader and writer of `[Name "value"]` tag pairs ([`read_tag_line`],
//!   [`tag_line`]; the simultaneous games' records use them too), and the tags every game's
//!   record carries.
//! - `write`: writing a record in canonical PGN ([`write_record`]).
//! - `replay`: playing a record's moves onto a sequential game ([`replay()`]) and reconciling
//!   its result with the rules' ([`final_result`]).

mod replay;
mod syntax;
mod tags;
mod write;

pub use replay::{final_result, replay, FinalReason, FinalResult, ReplayError, ResultError};
pub use syntax::{is_result_token, parse_record, RecordError};
pub use tags::{
    game_tags, option_pairs, options_from_tags, position_from_tags, read_tag, read_tag_line,
    scan_tag, tag_line, tag_value, TagError, TagPairError, OWN_TAGS,
};
pub use write::{sans_from, write_record, write_tags, LINE_WIDTH};

use crate::Color;

/// One move of a record, as the record states it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMove {
    /// The move number the record gives (or implies) for this move.
    pub number: u32,
    /// The side the record gives this move to.
    pub side: Color,
    /// The move token as written (annotations attached to it included).
    pub text: String,
    /// The line (from 1) the token is on.
    pub line: usize,
}

/// A game record: tag pairs, moves and the result token, if any.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<RecordMove>,
    /// The result token ending the movetext (`1-0`, `0-1`, `1/2-1/2` or `*`), if present.
    pub result: Option<String>,
    /// The number and side written before the first move, if the record numbers it: where
    /// the record says the game starts, which the start position must agree with.
    pub first_number: Option<(u32, Color)>,
}

impl Record {
    /// The value of the first tag with this name (names are case-sensitive, as in PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// The result the record states: the movetext's result token, else a `[Result]` tag
    /// holding a result token.
    pub fn recorded_result(&self) -> Option<&str> {
        self.result
            .as_deref()
            .or_else(|| self.tag("Result").filter(|t| is_result_token(t)))
    }
}
