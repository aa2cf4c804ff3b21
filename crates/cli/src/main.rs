//! `diplo`: play and study the diplomacy chess variants from the command line.
//!
//! The contract (commands, pinned output lines, exit statuses) is `spec/interfaces.md`:
//! 0 success, 1 rules/record error, 2 usage error; errors are one `error:` line on stderr.

mod commands;
mod engine;
mod error;
mod games;
mod registry;
mod setup;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Play and study four chess variants with diplomacy: Diplomat Chess, Diplomatic Chess,
/// Diplomacy Chess and DiploChess.
#[derive(Parser, Debug)]
#[command(name = "diplo", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, their rule options, allowed values and defaults
    Games(commands::games::Args),
    /// List the legal moves of the side to move, `<coordinate> <SAN>` per line
    Moves(commands::moves::Args),
    /// Count the leaf nodes of the legal move tree
    Perft(commands::perft::Args),
    /// Check a game record move by move and print the final position and result
    Replay(commands::replay::Args),
    /// Resolve one turn of a simultaneous game from an orders file
    Adjudicate(commands::adjudicate::Args),
    /// Draw a position as text
    Show(commands::show::Args),
    /// Play a game at the terminal, two people at one keyboard
    Play(commands::play::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(e),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = match cli.command {
        Command::Games(args) => commands::games::run(&args, &mut out),
        Command::Moves(args) => commands::moves::run(&args, &mut out),
        Command::Perft(args) => commands::perft::run(&args, &mut out),
        Command::Replay(args) => commands::replay::run(&args, &mut out),
        Command::Adjudicate(args) => commands::adjudicate::run(&args, &mut out),
        Command::Show(args) => commands::show::run(&args, &mut out),
        Command::Play(args) => commands::play::run(&args, &mut out),
    }
    .and_then(|()| out.flush().map_err(error::CliError::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Help and version go to stdout with status 0; usage errors become one `error:` line on
/// stderr with status 2.
fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            let _ = writeln!(std::io::stderr(), "{}", clap_one_line(&e.render().to_string()));
            ExitCode::from(2)
        }
    }
}

/// Clap's multi-line error text as one line: the message and its details, without the
/// usage block, plus a pointer to `--help`.
fn clap_one_line(text: &str) -> String {
    let mut line = String::new();
    for part in text
        .lines()
        .take_while(|l| !l.starts_with("Usage:"))
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
    {
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part);
    }
    if !line.starts_with("error:") {
        line.insert_str(0, "error: ");
    }
    line.push_str(" (see `diplo --help`)");
    line
}
