//! Reading a record: tag pairs (read by [`read_tag`]), standard PGN movetext (`1. d3 k3
//! 2. e3`, `5... k3`), the inventor's published style (`1. d3, k3`, a round broken as
//! `9. Kc2,` … `9. ..., lx4`), comments in `{…}`, `(…)` (nested; variations are skipped like
//! comments) and `;` to the end of the line, NAGs (`$1`), annotations (`!?`) and a final
//! result token (`1-0`, `0-1`, `1/2-1/2`, `*`). Move tokens are kept as written; the game
//! reads them. Move numbers are checked: each number once per side, in order.

use super::tags::{read_tag, TagPairError};
use super::{Record, RecordMove};
use crate::Color;
use thiserror::Error;

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("line {line}: comment opened with `{open}` is never closed")]
    UnclosedComment { line: usize, open: char },
    #[error("line {line}: unexpected `{found}`")]
    Unexpected { line: usize, found: String },
    #[error("line {line}: bad tag pair: {error}")]
    Tag { line: usize, error: TagPairError },
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
    text: &'a str,
    /// The byte offset of the next character.
    pos: usize,
    line: usize,
    at_line_start: bool,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.at_line_start = true;
        } else {
            self.at_line_start = false;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
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

    /// Reads the tag pair that starts at `[`; the movetext may go on after it on its line.
    fn tag(&mut self) -> Result<Token, RecordError> {
        let line_rest = self.text[self.pos..].split('\n').next().unwrap_or("");
        let ((name, value), after) = read_tag(line_rest).map_err(|error| RecordError::Tag {
            line: self.line,
            error,
        })?;
        self.pos += line_rest.len() - after.len();
        self.at_line_start = false;
        Ok(Token::Tag(name, value))
    }

    /// Reads the next token(s) into `tokens`; `false` at the end of the text.
    fn next_token(&mut self, tokens: &mut Vec<(Token, usize)>) -> Result<bool, RecordError> {
        loop {
            let line = self.line;
            let line_start = self.at_line_start;
            let Some(c) = self.peek() else {
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
                    tokens.push((self.tag()?, line));
                    return Ok(true);
                }
                '$' => {
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                _ => {
                    let start = self.pos;
                    while self.peek().is_some_and(|c| !is_delimiter(c)) {
                        self.bump();
                    }
                    classify(&self.text[start..self.pos], line, tokens)?;
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
        text,
        pos: 0,
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
        // Tags may share a line with each other and with the movetext.
        let r = parse_record("[A \"1\"] [B \"[2]\"] 1. d3 *").unwrap();
        assert_eq!(r.tags.len(), 2);
        assert_eq!(r.tag("B"), Some("[2]"));
        assert_eq!(texts(&r), vec![(1, Color::White, "d3")]);
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
        assert_eq!(
            parse_record("[A \"b\"]\n\n[A b]").unwrap_err().to_string(),
            "line 3: bad tag pair: expected a quoted value after the tag name"
        );
        assert!(matches!(
            parse_record("[A \"b\"\n]").unwrap_err(),
            RecordError::Tag {
                line: 1,
                error: TagPairError::NoClose
            }
        ));
        assert!(matches!(
            parse_record("[Result \"0-1\"] 1. d3 1-0").unwrap_err(),
            RecordError::ResultTag { .. }
        ));
        assert!(parse_record("1. d3 1. k3").is_err());
        assert!(parse_record("1... d3 1... k3").is_err());
    }
}
