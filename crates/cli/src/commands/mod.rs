//! One module per command.

pub mod adjudicate;
pub mod analyse;
pub mod games;
pub mod match_;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;
pub mod serve;
pub mod show;

use crate::error::{CliError, Result};
use std::io::Read;

/// Reads a whole input file; `-` is standard input. An unreadable file is a usage error.
pub fn read_input(path: &str) -> Result<String> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(|_| ()))
    };
    read.map_err(|e| {
        let name = if path == "-" { "standard input" } else { path };
        CliError::usage(format!("cannot read {name}: {e}"))
    })?;
    String::from_utf8(bytes)
        .map_err(|_| CliError::usage(format!("{path}: not a text file (invalid UTF-8)")))
}

/// Word-wraps `text` to `width` columns, every line starting with `indent`.
pub fn wrap(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        if line.len() > indent.len() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
