//! Game records: a PGN-like reader and writer that knows nothing of any game's rules.
//!
//! The reader takes tag pairs (`[White "Ann"]`), standard PGN movetext (`1. d3 k3 2. e3`,
//! `5... k3`), the inventor's published style (`1. d3, k3`, a round broken as `9. Kc2,` …
//! `9. ..., lx4`), comments in `{…}`, `(…)` (nested; variations are skipped like comments)
//! and `;` to the end of the line, NAGs (`$1`), annotations (`!?`) and a final result token
//! (`1-0`, `0-1`, `1/2-1/2`, `*`). Move tokens are kept as written; the game reads them.
//! Move numbers are checked: each number once per side, in order.

use crate::{
    Color, EndReason, GameInfo, GameResult, MoveError, OptionError, Options, Outcome,
    SequentialGame as Game, SequentialPosition,
};
use std::fmt;
use thiserror::Error;

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
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The result the record states: the movetext's result token, else a `[Result]` tag
    /// holding a result token.
    pub fn recorded_result(&self) -> Option<&str> {
        self.result
            .as_deref()
            .or_else(|| self.tag("Result").filter(|t| is_result_token(t)))
    }
}

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("line {line}: comment opened with `{open}` is never closed")]
    UnclosedComment { line: usize, open: char },
    #[error("line {line}: unexpected `{found}`")]
    Unexpected { line: usize, found: String },
    #[error("line {line}: bad tag pair: {reason}")]
    Tag { line: usize, reason: String },
    #[error("line {line}: tag pair after the moves")]
    TagAfterMoves { line: usize },
    #[error("line {line}: move number `{found}` is out of sequence (expected `{expected}`)")]
    MoveNumber {
        line: usize,
        found: String,
        expected: String,
    },
    #[error("line {line}: `{token}` follows the result `{result}`")]
    AfterResult {
        line: usize,
        token: String,
        result: String,
    },
    #[error("line {line}: result `{token}` contradicts the tag [Result \"{tag}\"]")]
    ResultTag {
        line: usize,
        token: String,
        tag: String,
    },
}

impl RecordError {
    /// The line (from 1) the error is on.
    pub fn line(&self) -> usize {
        match *self {
            RecordError::UnclosedComment { line, .. }
            | RecordError::Unexpected { line, .. }
            | RecordError::Tag { line, .. }
            | RecordError::TagAfterMoves { line }
            | RecordError::MoveNumber { line, .. }
            | RecordError::AfterResult { line, .. }
            | RecordError::ResultTag { line, .. } => line,
        }
    }
}

/// Whether `token` is one of `1-0`, `0-1`, `1/2-1/2`, `*`.
pub fn is_result_token(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    /// `N.` (white) or `N...` (black); `text` as written.
    Number {
        number: u32,
        black: bool,
        text: String,
    },
    /// `...` on its own: the inventor's `9. ..., lx4`.
    Ellipsis,
    Result(String),
    Move(String),
}

/// Characters that end a word of movetext.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '[' | ']' | ',' | '$')
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
}

impl Lexer<'_> {
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.at_line_start = true;
        } else {
            self.at_line_start = false;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(&c) = self.chars.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    fn skip_spaces(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    /// Skips a `{…}` comment whose `{` was just read.
    fn skip_brace(&mut self, start: usize) -> Result<(), RecordError> {
        loop {
            match self.bump() {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => {
                    return Err(RecordError::UnclosedComment {
                        line: start,
                        open: '{',
                    })
                }
            }
        }
    }

    /// Skips a `(…)` comment or variation whose `(` was just read; nesting allowed, braces
    /// inside are comments too.
    fn skip_paren(&mut self, start: usize) -> Result<(), RecordError> {
        let mut depth = 1usize;
        loop {
            let line = self.line;
            match self.bump() {
                Some('(') => depth += 1,
                Some(')') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some('{') => self.skip_brace(line)?,
                Some(_) => {}
                None => {
                    return Err(RecordError::UnclosedComment {
                        line: start,
                        open: '(',
                    })
                }
            }
        }
    }

    /// Reads `[Name "value"]` after its `[`.
    fn tag(&mut self, start: usize) -> Result<Token, RecordError> {
        let bad = |reason: &str| RecordError::Tag {
            line: start,
            reason: reason.to_string(),
        };
        self.skip_spaces();
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        if name.is_empty() {
            return Err(bad("expected a tag name after `[`"));
        }
        self.skip_spaces();
        if self.bump() != Some('"') {
            return Err(bad("expected a quoted value after the tag name"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => return Err(bad("the value's quotes are never closed")),
                },
                Some('\n') | None => return Err(bad("the value's quotes are never closed")),
                Some(c) => value.push(c),
            }
        }
        self.skip_spaces();
        if self.bump() != Some(']') {
            return Err(bad("expected `]` after the value"));
        }
        Ok(Token::Tag(name, value))
    }

    /// Reads the next token(s) into `tokens`; `false` at the end of the text.
    fn next_token(&mut self, tokens: &mut Vec<(Token, usize)>) -> Result<bool, RecordError> {
        loop {
            let line = self.line;
            let line_start = self.at_line_start;
            let Some(&c) = self.chars.peek() else {
                return Ok(false);
            };
            match c {
                c if c.is_whitespace() || c == ',' => {
                    self.bump();
                }
                '%' if line_start => self.skip_line(),
                ';' => self.skip_line(),
                '{' => {
                    self.bump();
                    self.skip_brace(line)?;
                }
                '(' => {
                    self.bump();
                    self.skip_paren(line)?;
                }
                '}' | ')' | ']' => {
                    self.bump();
                    return Err(RecordError::Unexpected {
                        line,
                        found: c.to_string(),
                    });
                }
                '[' => {
                    self.bump();
                    tokens.push((self.tag(line)?, line));
                    return Ok(true);
                }
                '$' => {
                    self.bump();
                    while self.chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                _ => {
                    let mut word = String::new();
                    while let Some(&c) = self.chars.peek() {
                        if is_delimiter(c) {
                            break;
                        }
                        word.push(c);
                        self.bump();
                    }
                    classify(&word, line, tokens)?;
                    return Ok(true);
                }
            }
        }
    }
}

/// Splits a number prefix off a word: `12.` → white 12, `12...` → black 12, with the rest
/// (`1.d3` → `d3`) kept for the caller.
fn split_number(word: &str) -> Option<(u32, bool, &str, &str)> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let after = &word[digits..];
    let dots = after.len() - after.trim_start_matches(['.', '…']).len();
    if dots == 0 {
        return None;
    }
    let marker = &after[..dots];
    let black = marker != ".";
    let number = word[..digits].parse().unwrap_or(u32::MAX);
    Some((number, black, &word[..digits + dots], &after[dots..]))
}

/// Turns a word into tokens (a number and a move may share a word: `1.d3`); annotation-only
/// words (`!?`) give none.
fn classify(word: &str, line: usize, tokens: &mut Vec<(Token, usize)>) -> Result<(), RecordError> {
    let rest = match split_number(word) {
        Some((number, black, marker, rest)) => {
            tokens.push((
                Token::Number {
                    number,
                    black,
                    text: marker.to_string(),
                },
                line,
            ));
            rest
        }
        None => word,
    };
    if rest.is_empty() || rest.chars().all(|c| c == '!' || c == '?') {
        return Ok(());
    }
    let token = if is_result_token(rest) {
        Token::Result(rest.to_string())
    } else if rest.chars().all(|c| c == '.' || c == '…') {
        if rest != "..." && rest != "…" {
            return Err(RecordError::Unexpected {
                line,
                found: rest.to_string(),
            });
        }
        Token::Ellipsis
    } else {
        Token::Move(rest.to_string())
    };
    tokens.push((token, line));
    Ok(())
}

fn lex(text: &str) -> Result<Vec<(Token, usize)>, RecordError> {
    let mut lexer = Lexer {
        chars: text.chars().peekable(),
        line: 1,
        at_line_start: true,
    };
    let mut tokens = Vec::new();
    while lexer.next_token(&mut tokens)? {}
    Ok(tokens)
}

fn marker(number: u32, side: Color) -> String {
    match side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

/// Reads a record. Never panics; every error names its line.
pub fn parse_record(text: &str) -> Result<Record, RecordError> {
    let tokens = lex(text)?;
    let mut record = Record::default();
    // The number and side of the next move, once known.
    let mut expected: Option<(u32, Color)> = None;
    let mut result_line = 0;
    let mut movetext_started = false;
    let mut i = 0;
    while i < tokens.len() {
        let (token, line) = (&tokens[i].0, tokens[i].1);
        i += 1;
        if let Some(result) = &record.result {
            let token = match token {
                Token::Tag(..) => return Err(RecordError::TagAfterMoves { line }),
                Token::Number { text, .. } => text.clone(),
                Token::Ellipsis => "...".to_string(),
                Token::Result(t) | Token::Move(t) => t.clone(),
            };
            return Err(RecordError::AfterResult {
                line,
                token,
                result: result.clone(),
            });
        }
        match token {
            Token::Tag(name, value) => {
                if movetext_started {
                    return Err(RecordError::TagAfterMoves { line });
                }
                record.tags.push((name.clone(), value.clone()));
            }
            Token::Number {
                number,
                black,
                text,
            } => {
                movetext_started = true;
                let mut side = if *black { Color::Black } else { Color::White };
                let mut found = text.clone();
                if !black && matches!(tokens.get(i), Some((Token::Ellipsis, _))) {
                    side = Color::Black;
                    found.push_str(" ...");
                    i += 1;
                }
                match expected {
                    None => {
                        expected = Some((*number, side));
                        record.first_number = Some((*number, side));
                    }
                    Some(e) if e == (*number, side) => {}
                    Some((n, s)) => {
                        return Err(RecordError::MoveNumber {
                            line,
                            found,
                            expected: marker(n, s),
                        })
                    }
                }
            }
            Token::Ellipsis => {
                movetext_started = true;
                match expected {
                    Some((_, Color::Black)) => {}
                    Some((n, s)) => {
                        return Err(RecordError::MoveNumber {
                            line,
                            found: "...".to_string(),
                            expected: marker(n, s),
                        })
                    }
                    None => {
                        return Err(RecordError::Unexpected {
                            line,
                            found: "... (without a move number)".to_string(),
                        })
                    }
                }
            }
            Token::Move(text) => {
                movetext_started = true;
                let (number, side) = expected.unwrap_or((1, Color::White));
                record.moves.push(RecordMove {
                    number,
                    side,
                    text: text.clone(),
                    line,
                });
                expected = Some(match side {
                    Color::White => (number, Color::Black),
                    Color::Black => (number.saturating_add(1), Color::White),
                });
            }
            Token::Result(token) => {
                movetext_started = true;
                record.result = Some(token.clone());
                result_line = line;
            }
        }
    }
    if let (Some(token), Some(tag)) = (&record.result, record.tag("Result")) {
        if is_result_token(tag) && tag != token {
            return Err(RecordError::ResultTag {
                line: result_line,
                token: token.clone(),
                tag: tag.to_string(),
            });
        }
    }
    Ok(record)
}

fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The value of a `[Name "value"]` tag line, found without reading the movetext (the
/// simultaneous games have their own movetext syntax). Escaped quotes and backslashes in the
/// value are read as the record writer writes them.
pub fn scan_tag(text: &str, name: &str) -> Option<String> {
    text.lines().map(str::trim).find_map(|line| {
        let inner = line.strip_prefix('[')?.strip_suffix(']')?;
        let (key, value) = inner.split_once(char::is_whitespace)?;
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(value);
        (key == name).then(|| value.replace("\\\"", "\"").replace("\\\\", "\\"))
    })
}

/// One tag pair as a record writes it: `[Name "value"]` and a newline.
pub fn tag_line(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", escape(value))
}

/// Where movetext lines are wrapped.
pub const LINE_WIDTH: usize = 80;

/// Writes a record in canonical PGN: tag pairs, a blank line, the movetext (`1. d3 k3 2. …`,
/// `5... k3` when the first move is Black's) wrapped at [`LINE_WIDTH`] columns, then the
/// result token and a final newline.
pub fn write_record(
    tags: &[(String, String)],
    first_number: u32,
    first_side: Color,
    sans: &[String],
    result_token: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&tag_line(name, value));
    }
    if !tags.is_empty() {
        out.push('\n');
    }
    let mut units = Vec::with_capacity(sans.len() + 1);
    let (mut number, mut side) = (u64::from(first_number), first_side);
    for (i, san) in sans.iter().enumerate() {
        units.push(match side {
            Color::White => format!("{number}. {san}"),
            Color::Black if i == 0 => format!("{number}... {san}"),
            Color::Black => san.clone(),
        });
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    units.push(result_token.to_string());
    let mut line_len = 0;
    for unit in units {
        if line_len > 0 && line_len + 1 + unit.len() > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += unit.len();
        out.push_str(&unit);
    }
    out.push('\n');
    out
}

/// The SAN of each of `moves`, each written in the position that the moves before it reach
/// from `start`: the movetext [`write_record`] takes.
pub fn sans_from<P: Clone, M: Copy>(
    start: &P,
    moves: &[M],
    to_san: impl Fn(&P, M) -> String,
    play: impl Fn(&mut P, M),
) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let san = to_san(&pos, mv);
            play(&mut pos, mv);
            san
        })
        .collect()
}

/// Tags that [`game_tags`] writes itself; extra tags with these names are left out.
pub const OWN_TAGS: [&str; 4] = ["Game", "Options", "Position", "Result"];

/// The tag pairs of a canonical record: `[Game]`, the extra tags in their order (less those
/// in [`OWN_TAGS`]), `[Options]` and `[Position]` when given, then `[Result]`.
pub fn game_tags(
    game_id: &str,
    extra_tags: &[(String, String)],
    options: Option<String>,
    position: Option<String>,
    result_token: &str,
) -> Vec<(String, String)> {
    let mut tags = vec![("Game".to_string(), game_id.to_string())];
    tags.extend(
        extra_tags
            .iter()
            .filter(|(n, _)| !OWN_TAGS.contains(&n.as_str()))
            .cloned(),
    );
    if let Some(options) = options {
        tags.push(("Options".to_string(), options));
    }
    if let Some(position) = position {
        tags.push(("Position".to_string(), position));
    }
    tags.push(("Result".to_string(), result_token.to_string()));
    tags
}

/// Why a record's tags do not describe a start position (`P`: the game's position error).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TagError<P: std::error::Error> {
    #[error("[Options \"{value}\"]: {error}")]
    Options { value: String, error: OptionError },
    #[error("[Position \"{value}\"]: {error}")]
    Position { value: String, error: P },
}

/// The options of a record's `[Options "key=value …"]` tag (comma- or space-separated
/// `key=value` pairs) for the game `info`; its defaults without the tag.
pub fn options_from_tags<P: std::error::Error>(
    record: &Record,
    info: &GameInfo,
) -> Result<Options, TagError<P>> {
    match record.tag("Options") {
        None => Ok(Options::defaults(info)),
        Some(value) => {
            let pairs: Vec<&str> = value
                .split([',', ' '])
                .filter(|p| !p.trim().is_empty())
                .collect();
            Options::parse(info, &pairs).map_err(|error| TagError::Options {
                value: value.to_string(),
                error,
            })
        }
    }
}

/// The start position a record's `[Position]` tag gives (read by `parse`), or `standard()`
/// without the tag.
pub fn position_from_tags<T, P: std::error::Error>(
    record: &Record,
    standard: impl FnOnce() -> T,
    parse: impl FnOnce(&str) -> Result<T, P>,
) -> Result<T, TagError<P>> {
    match record.tag("Position") {
        None => Ok(standard()),
        Some(value) => parse(value).map_err(|error| TagError::Position {
            value: value.to_string(),
            error,
        }),
    }
}

/// The first move of a record that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct ReplayError {
    /// The full-move number of the position where the move failed.
    pub number: u32,
    /// The side to move in that position.
    pub side: Color,
    /// The move token as the record writes it.
    pub token: String,
    pub error: MoveError,
}

impl fmt::Display for ReplayError {
    /// `move 9 (black) `Nf3`: illegal move: no black knight can move to f3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}) `{}`: ", self.number, self.side, self.token)?;
        match &self.error {
            MoveError::Parse { reason, .. } => write!(f, "cannot parse: {reason}"),
            MoveError::Illegal { reason, .. } => write!(f, "illegal move: {reason}"),
            MoveError::Ambiguous { candidates, .. } => {
                write!(f, "ambiguous move: could be {candidates}")
            }
        }
    }
}

/// Plays every move of the record on `game` (in any notation the game reads). Fails at the
/// first move that cannot be read or played, and at a move that follows the end of the game.
///
/// The record's move numbers are not compared with the game's: the error names the
/// position's own full-move number and side to move.
pub fn replay<P: SequentialPosition>(
    record: &Record,
    mut game: Game<P>,
) -> Result<Game<P>, ReplayError> {
    for rm in &record.moves {
        let (number, side) = (game.position().fullmove(), game.side_to_move());
        game.play_text(&rm.text).map_err(|error| ReplayError {
            number,
            side,
            token: rm.text.clone(),
            error,
        })?;
    }
    Ok(game)
}

/// The result to report for a replayed record: the outcome (none: `*`) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FinalResult {
    pub outcome: Option<Outcome>,
    pub reason: FinalReason,
}

/// Why a replayed record ends as it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FinalReason {
    /// The rules ended the game.
    Rules(EndReason),
    /// The record gives a result the rules did not reach (a resignation, an agreed draw).
    AsRecorded,
    /// The game goes on: `in progress`, or a game's own word (`last chance`).
    Unfinished(&'static str),
}

impl fmt::Display for FinalResult {
    /// `1-0 (checkmate)`, `* (in progress)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = self.outcome.map_or("*", Outcome::token);
        match self.reason {
            FinalReason::Rules(reason) => write!(f, "{token} ({reason})"),
            FinalReason::AsRecorded => write!(f, "{token} (as recorded)"),
            FinalReason::Unfinished(why) => write!(f, "{token} ({why})"),
        }
    }
}

impl From<&GameResult> for FinalResult {
    fn from(r: &GameResult) -> FinalResult {
        FinalResult {
            outcome: Some(r.outcome),
            reason: FinalReason::Rules(r.reason),
        }
    }
}

/// A recorded result that the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResultError {
    #[error("the record gives the result {recorded} but the game ended {rules}")]
    Contradicts { recorded: String, rules: GameResult },
    #[error("`{0}` is not a result (1-0, 0-1, 1/2-1/2 or *)")]
    NotAResult(String),
}

/// Reconciles a recorded result with the rules' one. The rules' result wins; a recorded
/// decisive or drawn result that differs from it is an error (`*` never contradicts).
/// A recorded result the rules did not reach is reported `as recorded` (a resignation, an
/// agreed draw); with neither, the game is in progress.
pub fn final_result(
    rules: Option<&GameResult>,
    recorded: Option<&str>,
) -> Result<FinalResult, ResultError> {
    let recorded = match recorded {
        None => None,
        Some(token) => match Outcome::from_token(token) {
            Ok(outcome) => outcome.map(|o| (token, o)),
            Err(_) => return Err(ResultError::NotAResult(token.to_string())),
        },
    };
    match (rules, recorded) {
        (Some(rules), Some((token, outcome))) if outcome != rules.outcome => {
            Err(ResultError::Contradicts {
                recorded: token.to_string(),
                rules: *rules,
            })
        }
        (Some(rules), _) => Ok(rules.into()),
        (None, Some((_, outcome))) => Ok(FinalResult {
            outcome: Some(outcome),
            reason: FinalReason::AsRecorded,
        }),
        (None, None) => Ok(FinalResult {
            outcome: None,
            reason: FinalReason::Unfinished("in progress"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(r: &Record) -> Vec<(u32, Color, &str)> {
        r.moves
            .iter()
            .map(|m| (m.number, m.side, m.text.as_str()))
            .collect()
    }

    #[test]
    fn pgn_and_inventor_styles() {
        let r = parse_record(
            "[White \"A \\\"Q\\\" B\"]\n[Black \"C\"]\n\n1. d3 k3 2.e3 {c} l3 $1 3. Kc2!? ; x\n3... lx4 1-0\n",
        )
        .unwrap();
        assert_eq!(r.tag("White"), Some("A \"Q\" B"));
        assert_eq!(
            texts(&r),
            vec![
                (1, Color::White, "d3"),
                (1, Color::Black, "k3"),
                (2, Color::White, "e3"),
                (2, Color::Black, "l3"),
                (3, Color::White, "Kc2!?"),
                (3, Color::Black, "lx4"),
            ]
        );
        assert_eq!(r.result.as_deref(), Some("1-0"));
        assert_eq!(r.moves[5].line, 5);

        let r =
            parse_record("1. d3, k3\n2. e3,\n(a comment (nested) here)\n2. ..., l3\n*").unwrap();
        assert_eq!(texts(&r)[3], (2, Color::Black, "l3"));
        assert_eq!(r.result.as_deref(), Some("*"));

        let r = parse_record("7... k3 8. d3").unwrap();
        assert_eq!(
            texts(&r),
            vec![(7, Color::Black, "k3"), (8, Color::White, "d3")]
        );
        let r = parse_record("7. ... k3").unwrap();
        assert_eq!(texts(&r), vec![(7, Color::Black, "k3")]);
    }

    #[test]
    fn errors() {
        let e = parse_record("1. d3 k3\n3. e3").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: move number `3.` is out of sequence (expected `2.`)"
        );
        assert_eq!(e.line(), 2);
        assert!(matches!(
            parse_record("1. d3 {oops").unwrap_err(),
            RecordError::UnclosedComment { line: 1, open: '{' }
        ));
        assert!(matches!(
            parse_record("1. d3\n(a (b)").unwrap_err(),
            RecordError::UnclosedComment { line: 2, open: '(' }
        ));
        assert!(matches!(
            parse_record("1. d3 1-0 k3").unwrap_err(),
            RecordError::AfterResult { .. }
        ));
        assert!(matches!(
            parse_record("1. d3 [A \"b\"]").unwrap_err(),
            RecordError::TagAfterMoves { .. }
        ));
        assert!(matches!(
            parse_record("[A b]").unwrap_err(),
            RecordError::Tag { .. }
        ));
        assert!(matches!(
            parse_record("[Result \"0-1\"] 1. d3 1-0").unwrap_err(),
            RecordError::ResultTag { .. }
        ));
        assert!(parse_record("1. d3 1. k3").is_err());
        assert!(parse_record("1... d3 1... k3").is_err());
    }

    #[test]
    fn writer_round_trips() {
        let sans: Vec<String> = (0..60).map(|i| format!("m{i}")).collect();
        let tags = vec![("Event".to_string(), "a \"b\"".to_string())];
        let text = write_record(&tags, 3, Color::Black, &sans, "*");
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH));
        assert!(text.contains("3... m0 4. m1 m2"));
        let r = parse_record(&text).unwrap();
        assert_eq!(r.tags, tags);
        assert_eq!(r.moves.len(), 60);
        assert_eq!(r.moves[0].number, 3);
        assert_eq!(r.moves[59].side, Color::White);
        assert_eq!(r.result.as_deref(), Some("*"));
        assert_eq!(write_record(&[], 1, Color::White, &[], "*"), "*\n");
    }

    #[test]
    fn results() {
        let mate = GameResult::win(Color::White, EndReason::Checkmate);
        assert_eq!(
            final_result(Some(&mate), Some("1-0")).unwrap().to_string(),
            "1-0 (checkmate)"
        );
        assert_eq!(
            final_result(Some(&mate), None).unwrap().to_string(),
            "1-0 (checkmate)"
        );
        assert_eq!(
            final_result(Some(&mate), Some("0-1"))
                .unwrap_err()
                .to_string(),
            "the record gives the result 0-1 but the game ended 1-0 (checkmate)"
        );
        assert_eq!(
            final_result(None, Some("0-1")).unwrap().to_string(),
            "0-1 (as recorded)"
        );
        assert_eq!(
            final_result(None, None).unwrap().to_string(),
            "* (in progress)"
        );
        assert_eq!(
            final_result(None, Some("*")).unwrap().to_string(),
            "* (in progress)"
        );
    }
}
