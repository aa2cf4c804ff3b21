//! `diplo play` for the simultaneous games: sealed orders at one keyboard, then the
//! resolution explained.

use crate::draw::{draw, side_name, View};
use crate::error::Result;
use diplo_core::Color;
use diplo_games::{Session, SimultaneousSession};
use std::io::{BufRead, IsTerminal, Write};

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
    let (least, most) = session.order_count(side);
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
        match session.check_orders(side, &entries) {
            Ok(()) => return Ok(Some(entries)),
            Err(e) => {
                out.flush()?;
                writeln!(err, "error: {e}")?;
            }
        }
    }
}

/// How a game's orders are written, for the players.
fn order_help(session: &dyn Session) -> String {
    match session.entry().id() {
        "diplochess" => "DiploChess orders, one per line (spaces optional): hold `N c3 H`, move \
             `R a1 - a5`, support `Q d1 S N d4` or `B b2 S R a1 - a5`, castle `O-O`; retreats \
             `N e5 - c6` or `N e5 D`; build step `e8 = N`, `Build R a1`; adjustments \
             `Build P d2`, `Disband N c3`. Pieces without orders hold; an empty line ends your \
             orders."
            .to_string(),
        _ => {
            let mode = match session.options().get("mode") {
                Some("progressive") => {
                    "a series of moves played step by step; an entry may be conditional, \
                     e.g. `~e5?e5:exf6`, `wNh6?Nf5:d4`, `2Q?e4:Rd1`, `1?Bb5:Be2`"
                }
                Some("simultaneous-progressive") => {
                    "a set of moves of different pieces, resolved together"
                }
                _ => "one move",
            };
            format!("Orders in SAN (Nf3, exd5, e8=Q, O-O) or coordinates (g1f3); {mode}.")
        }
    }
}

fn board(session: &dyn Session, out: &mut dyn Write) -> Result<()> {
    write!(out, "{}", draw(session, &View::default())?)?;
    Ok(())
}

/// Plays a simultaneous game: each side that owes orders types them unseen, then the
/// resolution is shown with its explanations.
pub fn play(session: &mut dyn Session, out: &mut dyn Write) -> Result<()> {
    let stdin = std::io::stdin();
    let term = Terminal {
        interactive: stdin.is_terminal() && std::io::stdout().is_terminal(),
    };
    let mut input = stdin.lock();
    let mut err = std::io::stderr();
    writeln!(out, "{}", order_help(session))?;
    board(session, out)?;
    loop {
        if let Some(result) = session.result() {
            writeln!(out, "result: {result}")?;
            return Ok(());
        }
        let Some(game) = session.as_simultaneous() else {
            return Ok(());
        };
        let mut orders: [Option<Vec<String>>; 2] = [None, None];
        let mut asked = false;
        for side in Color::ALL {
            if !game.owes_orders(side) {
                continue;
            }
            if asked {
                term.clear(out)?;
            }
            asked = true;
            match ask(game, side, &term, &mut input, out, &mut err)? {
                Some(entries) => orders[side.index()] = Some(entries),
                None => return Ok(()),
            }
        }
        term.clear(out)?;
        let Some(game) = session.as_simultaneous_mut() else {
            return Ok(());
        };
        match game.resolve(orders[0].as_deref(), orders[1].as_deref()) {
            Ok(view) => {
                // The result is announced once, at the top of the loop.
                for line in view
                    .explanation
                    .iter()
                    .filter(|l| !l.starts_with("result: "))
                {
                    writeln!(out, "{line}")?;
                }
                board(session, out)?;
                writeln!(out, "position: {}", session.position_string())?;
            }
            Err(e) => writeln!(err, "error: {e}")?,
        }
    }
}
