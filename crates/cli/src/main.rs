//! `diplo`: play and study the diplomacy chess variants from the command line.
//!
//! The contract (commands, pinned output lines, exit statuses) is `spec/interfaces.md`:
//! 0 success, 1 rules/record error, 2 usage error; errors are one `error:` line on stderr.

mod commands;
mod draw;
mod error;
mod setup;
mod term;

use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

// The server's answers and the engine's search allocate many small objects: mimalloc serves
// them faster than the system allocator (docs/server.md, Load).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    #[command(
        long_about = "Check a game record move by move and print the final position \
        and result.\n\nThe game is --game, else the record's [Game] tag, else diplomat-chess. \
        The options are the record's [Options] tag, each --option replacing the tag's value for \
        its key. The start is the [Position] tag, else the game's start position.\n\nExit \
        status 1 at the first illegal, unparsable or ambiguous move (named by move number, side \
        and token) or a malformed record; 2 for an unreadable file or a bad command line."
    )]
    Replay(commands::replay::Args),
    /// Resolve one turn of a simultaneous game from an orders file
    Adjudicate(commands::adjudicate::Args),
    /// Draw a position as text
    Show(commands::show::Args),
    /// Play a game at the terminal: people at one keyboard, or against the computer
    #[command(
        long_about = "Play a game at the terminal: two people at one keyboard, a person against \
        a computer player (--white/--black SPEC), or two computer players to watch.\n\n\
        Sequential games (diplomat-chess, diplomatic-chess): moves are typed in SAN or \
        coordinates at the `white> ` / `black> ` prompt. Commands: moves, targets CELL, undo, \
        board, flip, resign, save FILE, help, quit.\n\n\
        Simultaneous games (diplomacy-chess, diplochess): each side that owes orders types \
        them, one per line; each is checked as it is typed and acknowledged, or refused with \
        its reason. An empty line (or `done`) ends the list; on a terminal it is shown for \
        review and sent when confirmed. When two people share the terminal, each types on a \
        private screen (the terminal's alternate screen), wiped before the other looks. \
        Commands: moves [CELL], list, undo, clear, done, board, flip, resign, save FILE, help, \
        quit. Then the resolution is explained order by order.\n\n\
        Commands may be typed in any case. Standard input is read line by line, so a session \
        can be piped in; end of input ends the session. `save FILE` writes a record that \
        `diplo replay` checks and `diplo play --resume FILE` goes on with."
    )]
    Play(commands::play::Args),
    /// The engine's view of a position: its line and score, or its mixed strategy
    Analyse(commands::analyse::Args),
    /// Play a series of games between two computer players: score, Elo, SPRT
    #[command(
        long_about = "Play a series of games between two computer players.\n\n\
        Games start from balanced random openings, each played twice with the colours \
        swapped; --jobs games are played at once. A progress bar with the running score is \
        drawn on standard error when it is a terminal. The last lines on standard output are \
        `score: W-L-D` (player 1's wins, losses, draws), `elo: DIFF +/- MARGIN` (player 1 over \
        player 2, 95 % margin) and, with --sprt, `sprt: H1 accepted`, `H0 accepted` or \
        `inconclusive`. A game that reaches --max-turns is drawn."
    )]
    Match(commands::match_::Args),
    /// Run the game server and the web page
    #[command(long_about = "Run the game server and the web page.\n\n\
        Games of all four kinds between people (the second player joins with a secret invite \
        code) or against the engine, with sealed orders for the simultaneous games, clocks and \
        deadlines, live updates and game records. Prints `listening on http://HOST:PORT` once \
        ready. The store is SQLite by default (the file is created if missing) or PostgreSQL, \
        which several servers can share. docs/server.md describes the API; the server also \
        serves its OpenAPI description at /api/openapi.json.")]
    Serve(commands::serve::Args),
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
        Command::Match(args) => commands::match_::run(&args, &mut out),
        Command::Analyse(args) => commands::analyse::run(&args, &mut out),
        Command::Serve(args) => commands::serve::run(&args, &mut out),
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
        // `diplo` alone: the help, as a new user needs it.
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand
            if std::env::args_os().len() <= 1 =>
        {
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            let names: Vec<String> = Cli::command()
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .filter(|n| n != "help")
                .collect();
            let _ = writeln!(
                std::io::stderr(),
                "error: no command given; the commands are {} (see `diplo --help`)",
                names.join(", ")
            );
            ExitCode::from(2)
        }
        _ => {
            let _ = writeln!(
                std::io::stderr(),
                "{}",
                clap_one_line(&e.render().to_string(), &help_hint())
            );
            ExitCode::from(2)
        }
    }
}

/// `diplo <command> --help` for the command being parsed, else `diplo --help`.
fn help_hint() -> String {
    let cli = Cli::command();
    let command = std::env::args_os().skip(1).find_map(|arg| {
        let arg = arg.to_str()?.to_string();
        cli.get_subcommands()
            .any(|c| c.get_name() == arg)
            .then_some(arg)
    });
    match command {
        Some(name) => format!("diplo {name} --help"),
        None => "diplo --help".to_string(),
    }
}

/// Clap's multi-line error text as one line: the message and its details, without the
/// usage block, plus a pointer to `--help`.
fn clap_one_line(text: &str, hint: &str) -> String {
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
    line.push_str(&format!(" (see `{hint}`)"));
    line
}
