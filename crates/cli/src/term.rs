//! What the program knows about the terminal: whether input and output are one, colours,
//! the private screen (the terminal's alternate screen) for sealed orders, and putting the
//! terminal back as it was when the program is interrupted.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// `--color`: when to colour the output.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// On a terminal that is not `TERM=dumb`, unless `NO_COLOR` is set
    #[default]
    Auto,
    Always,
    Never,
}

/// The `--color` flag of the commands that draw boards.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct ColorArg {
    /// Colour the output: auto (on a terminal, unless NO_COLOR is set), always, never
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

impl ColorArg {
    /// Whether to colour standard output.
    pub fn style(&self) -> Style {
        let on = match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                // https://no-color.org: set and not empty means no colour.
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
                std::io::stdout().is_terminal() && !no_color && !dumb
            }
        };
        Style { color: on }
    }
}

/// What a piece of text is, for its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    WhitePiece,
    BlackPiece,
    /// A marked cell: the last move, a target, a highlight.
    Mark,
    /// An accepted order, a move played.
    Good,
    /// A refusal, an error, a check.
    Bad,
    /// Headings and prompts.
    Title,
    /// Coordinates and notes.
    Dim,
}

/// How output is coloured: ANSI SGR sequences, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    pub color: bool,
}

impl Style {
    /// `text` in the colour of `paint` (unchanged without colour).
    pub fn paint(&self, paint: Paint, text: &str) -> String {
        if !self.color || text.is_empty() {
            return text.to_string();
        }
        let code = match paint {
            Paint::WhitePiece => "1;97",
            Paint::BlackPiece => "1;91",
            Paint::Mark => "1;93",
            Paint::Good => "32",
            Paint::Bad => "1;31",
            Paint::Title => "1",
            Paint::Dim => "2",
        };
        format!("\x1b[{code}m{text}\x1b[0m")
    }
}

/// Whether the private screen is up: what an interruption must take down.
static PRIVATE: AtomicBool = AtomicBool::new(false);

/// Clears the screen. (Not the scrollback, `ESC[3J`: some terminals would clear the main
/// screen's, the game so far; the alternate screen keeps none.)
const CLEAR: &str = "\x1b[H\x1b[2J";
const ENTER_ALTERNATE: &str = "\x1b[?1049h";
const LEAVE_ALTERNATE: &str = "\x1b[?1049l";

/// The terminal a game is played at.
#[derive(Debug, Clone, Copy)]
pub struct Terminal {
    /// Standard input is a terminal: a person types, and can be asked to confirm.
    pub input: bool,
    /// Standard output is a terminal: the screen can be switched and cleared.
    pub output: bool,
    pub style: Style,
}

impl Terminal {
    pub fn detect(style: Style) -> Terminal {
        Terminal {
            input: std::io::stdin().is_terminal(),
            output: std::io::stdout().is_terminal(),
            style,
        }
    }

    /// A person at a screen: sealed orders can be typed on a private screen.
    pub fn interactive(&self) -> bool {
        self.input && self.output
    }

    /// Switches to the private screen: the terminal's alternate screen, cleared. What is
    /// written there never reaches the main screen's scrollback.
    pub fn enter_private(&self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.output {
            PRIVATE.store(true, Ordering::SeqCst);
            write!(out, "{ENTER_ALTERNATE}{CLEAR}")?;
            out.flush()?;
        }
        Ok(())
    }

    /// Wipes the private screen and goes back to the main screen as it was.
    pub fn leave_private(&self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.output && PRIVATE.swap(false, Ordering::SeqCst) {
            write!(out, "{CLEAR}{LEAVE_ALTERNATE}")?;
            out.flush()?;
        }
        Ok(())
    }
}

/// On an interruption (Ctrl-C, a hang-up, `kill`), puts the terminal back before the
/// program ends: the private screen is wiped and left, colours reset. Nothing here turns
/// echo off, so echo is as the program found it. Exit status 128 + the signal, as a shell
/// reports a program killed by it.
pub fn restore_on_interrupt() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        INSTALLED.call_once(|| {
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    restore();
                    std::process::exit(128 + signal);
                }
            });
        });
    }
}

/// Writes the restoring sequences straight to the controlling terminal: the main thread
/// may hold standard output's lock.
fn restore() {
    let mut text = String::from("\x1b[0m");
    if PRIVATE.swap(false, Ordering::SeqCst) {
        text.push_str(CLEAR);
        text.push_str(LEAVE_ALTERNATE);
    }
    text.push('\n');
    let written = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/tty")
        .and_then(|mut tty| tty.write_all(text.as_bytes()));
    if written.is_err() {
        let _ = std::io::stderr().write_all(text.as_bytes());
    }
}
