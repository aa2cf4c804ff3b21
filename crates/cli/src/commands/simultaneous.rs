//! `replay` and `play` for simultaneous games: the parts that do not depend on the game
//! (reading a record's tags, sealed input at one keyboard, showing the resolution).

use crate::engine::{side_name, SimultaneousEngine, SimultaneousSession};
use crate::error::{CliError, Result};
use crate::registry::GameEntry;
use diplo_core::Color;
use std::io::{BufRead, IsTerminal, Write};

/// The value of a `[Name "value"]` tag line, found without reading the movetext (simultaneous
/// records have their own movetext syntax).
pub fn scan_tag(text: &str, name: &str) -> Option<String> {
    text.lines().map(str::trim).find_map(|line| {
        let inner = line.strip_prefix('[')?.strip_suffix(']')?;
        let (key, value) = inner.split_once(char::is_whitespace)?;
        (key == name).then(|| value.trim().trim_matches('"').to_string())
    })
}

/// `diplo replay` for a simultaneous game: prints the final position and result.
pub fn replay(
    entry: &GameEntry,
    text: &str,
    cli_options: &[String],
    out: &mut dyn Write,
) -> Result<()> {
    let engine = entry.simultaneous()?;
    let options = super::replay::merged_options(entry, scan_tag(text, "Options"), cli_options)?;
    let session = engine.replay(text, &options)?;
    writeln!(out, "position: {}", session.position_string())?;
    match session.result() {
        Some(result) => writeln!(out, "result: {result}")?,
        None => writeln!(out, "result: * (in progress)")?,
    }
    Ok(())
}

/// Screen control for sealed input: a real terminal is cleared between players and does not
/// echo the orders; piped input is read as it comes.
struct Terminal {
    interactive: bool,
}

impl Terminal {
    fn clear(&self, out: &mut dyn Write) -> Result<()> {
        if self.interactive {
            write!(out, "\x1b[2J\x1b[H")?;
        }
        Ok(())
    }

    /// Turns the terminal's echo off or on (best effort: `stty` on the controlling terminal).
    fn echo(&self, on: bool) {
        if self.interactive {
            let _ = std::process::Command::new("stty")
                .arg(if on { "echo" } else { "-echo" })
                .stdin(std::process::Stdio::inherit())
                .status();
        }
    }
}

/// Reads one line; `None` at end of input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>> {
    let mut line = Vec::new();
    if input.read_until(b'\n', &mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&line).trim().to_string()))
}

/// Asks one side for its entries until they are accepted. `None`: the players quit.
fn ask(
    session: &dyn SimultaneousSession,
    side: Color,
    term: &Terminal,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Option<Vec<String>>> {
    let (least, most) = session.entry_count();
    loop {
        let count = if least == most {
            format!("{least}")
        } else {
            format!("{least} to {most}")
        };
        writeln!(
            out,
            "{}, your orders for {} ({count}, one per line{}; `quit` leaves):",
            side_name(side),
            session.phase(),
            if least == most {
                ""
            } else {
                ", an empty line ends"
            }
        )?;
        out.flush()?;
        let mut entries = Vec::new();
        term.echo(false);
        let mut ended = false;
        while entries.len() < most {
            write!(out, "{}> ", side.name())?;
            out.flush()?;
            let line = match read_line(input) {
                Ok(l) => l,
                Err(e) => {
                    term.echo(true);
                    return Err(e);
                }
            };
            if term.interactive {
                writeln!(out)?;
            }
            match line.as_deref() {
                None | Some("quit") => {
                    ended = true;
                    break;
                }
                Some("") if entries.len() >= least => break,
                Some("") => {}
                Some(text) => entries.push(text.to_string()),
            }
        }
        term.echo(true);
        if ended {
            writeln!(out)?;
            return Ok(None);
        }
        match session.check(side, &entries) {
            Ok(()) => return Ok(Some(entries)),
            Err(e) => {
                out.flush()?;
                writeln!(err, "error: {e}")?;
            }
        }
    }
}

/// `diplo play` for a simultaneous game: each side types its orders unseen, then the
/// resolution is shown with its explanations.
pub fn play(
    engine: &dyn SimultaneousEngine,
    options: &diplo_core::Options,
    position: Option<&str>,
    out: &mut dyn Write,
) -> Result<()> {
    let mut session = engine
        .new_game(options, position)
        .map_err(CliError::Usage)?;
    let stdin = std::io::stdin();
    let term = Terminal {
        interactive: stdin.is_terminal() && std::io::stdout().is_terminal(),
    };
    let mut input = stdin.lock();
    let mut err = std::io::stderr();
    writeln!(out, "{}", session.order_help())?;
    write!(out, "{}", session.draw())?;
    loop {
        if let Some(result) = session.result() {
            writeln!(out, "result: {result}")?;
            return Ok(());
        }
        let mut orders = Vec::with_capacity(2);
        for side in Color::ALL {
            if side == Color::Black {
                term.clear(out)?;
            }
            match ask(session.as_ref(), side, &term, &mut input, out, &mut err)? {
                Some(entries) => orders.push(entries),
                None => return Ok(()),
            }
        }
        term.clear(out)?;
        match session.resolve(&orders[0], &orders[1]) {
            Ok(report) => {
                write!(out, "{report}")?;
                write!(out, "{}", session.draw())?;
                writeln!(out, "position: {}", session.position_string())?;
            }
            Err(e) => writeln!(err, "error: {e}")?,
        }
    }
}
