//! Reading what is typed at a prompt.

use crate::error::Result;
use std::io::BufRead;

/// Reads one line, trimmed; `None` at the end of the input. Bytes that are not UTF-8 are
/// replaced, not refused: a move or command with them is then refused with its reason.
pub fn read_line(input: &mut dyn BufRead) -> Result<Option<String>> {
    let mut line = Vec::new();
    if input.read_until(b'\n', &mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&line).trim().to_string()))
}

/// Splits a line into its first word, lower-cased (commands are case-insensitive), and the
/// rest.
pub fn command(line: &str) -> (String, &str) {
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word.to_lowercase(), rest.trim()),
        None => (line.to_lowercase(), ""),
    }
}

/// What was typed, cut short when it is long (error messages quote it).
pub fn cut(text: &str) -> String {
    crate::error::cut_token(text)
}
