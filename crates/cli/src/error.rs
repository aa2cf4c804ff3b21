//! The one error type of the command line, and the exit status each kind maps to.

use std::fmt;
use std::io;

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong: unknown or unimplemented game, bad option, bad position
    /// string, unreadable file, a game that cannot do this command. Exit status 2.
    Usage(String),
    /// The rules or a game record say no: illegal, unparsable or ambiguous move in a record,
    /// malformed record, bad tag in a record. Exit status 1.
    Rules(String),
    /// Writing the output failed (a closed pipe is not reported).
    Io(io::Error),
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    pub fn rules(message: impl Into<String>) -> CliError {
        CliError::Rules(message.into())
    }

    /// 1 for a rules/record error, 2 for a usage error (and for output failures, which are
    /// about the environment, not the game).
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Rules(_) => 1,
            CliError::Usage(_) | CliError::Io(_) => 2,
        }
    }

    /// Whether this is the reader of our output going away (`diplo moves | head -1`): the
    /// program then stops quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for CliError {
    /// The message, on one line (without the `error:` prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            CliError::Usage(m) | CliError::Rules(m) => m.clone(),
            CliError::Io(e) => format!("cannot write output: {e}"),
        };
        f.write_str(&one_line(&text))
    }
}

impl From<diplo_games::Error> for CliError {
    fn from(e: diplo_games::Error) -> CliError {
        if e.is_usage() {
            CliError::Usage(e.to_string())
        } else {
            CliError::Rules(e.to_string())
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}

/// The longest word an error message quotes in full; longer ones (a 5 MB token in a record)
/// are cut, saying how long they were.
const LONGEST_WORD: usize = 60;
/// The longest message: one line a person can read.
const LONGEST_MESSAGE: usize = 600;

/// Folds a message onto one line: line breaks and runs of white space become one space,
/// long words are cut ([`cut_token`]), and so is a message too long to read.
pub fn one_line(text: &str) -> String {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&cut_token(word));
        if line.len() > LONGEST_MESSAGE {
            let end = (0..=LONGEST_MESSAGE)
                .rev()
                .find(|&i| line.is_char_boundary(i))
                .unwrap_or(0);
            line.truncate(end);
            line.push_str(" …");
            break;
        }
    }
    line
}

/// A word as an error message quotes it: in full up to [`LONGEST_WORD`] characters, else its
/// start, `…` and its length.
pub fn cut_token(word: &str) -> String {
    let count = word.chars().count();
    if count <= LONGEST_WORD {
        return word.to_string();
    }
    let start: String = word.chars().take(LONGEST_WORD - 20).collect();
    format!("{start}… ({count} characters)")
}

pub type Result<T, E = CliError> = std::result::Result<T, E>;
