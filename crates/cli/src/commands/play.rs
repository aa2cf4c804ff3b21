//! `diplo play`: two people at one keyboard. Reads standard input line by line, so a session
//! can also be piped in; end of input ends it.

use super::wrap;
use crate::engine::{side_name, Session, View};
use crate::error::Result;
use crate::setup::{GameArgs, PositionArg};
use diplo_core::{GameResult, Outcome};
use std::io::{BufRead, Write};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub position: PositionArg,
}

const HELP: &str = "\
Type a move in SAN (d3, Hc3, Bxe3, d-4, a3=black, b1=Rook, H@c2) or in coordinates
(d2d3, d34, n2a3, a1b1r), or a command:
  moves       list the legal moves
  undo        take back the last move (or a resignation)
  board       draw the board again
  resign      the side to move gives up
  save FILE   write the game as a PGN record to FILE
  help        this text
  quit        leave (end of input does too)
";

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let entry = args.game.entry()?;
    if entry.kind() == crate::registry::Kind::Simultaneous {
        let engine = entry.simultaneous()?;
        let options = crate::setup::parse_options(entry, &args.game.options)?;
        return super::simultaneous::play(engine, &options, args.position.position.as_deref(), out);
    }
    let mut session = args.game.session(&args.position, "play")?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut err = std::io::stderr();
    Player {
        session: session.as_mut(),
        resigned: None,
    }
    .run(&mut input, out, &mut err)
}

/// The state of a terminal game beyond the rules engine's.
struct Player<'a> {
    session: &'a mut dyn Session,
    /// A resignation ends the game outside the rules.
    resigned: Option<GameResult>,
}

impl Player<'_> {
    fn result(&self) -> Option<GameResult> {
        self.resigned.clone().or_else(|| self.session.result())
    }

    fn draw(&self, out: &mut dyn Write, notes: bool) -> Result<()> {
        let view = View {
            last_move: true,
            notes,
            ..View::default()
        };
        writeln!(out)?;
        write!(out, "{}", self.session.draw(&view)?)?;
        Ok(())
    }

    fn run(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<()> {
        self.draw(out, true)?;
        writeln!(out, "Type a move, or `help`.")?;
        let mut line = Vec::new();
        loop {
            write!(out, "{}> ", self.session.side_to_move().name())?;
            out.flush()?;
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                writeln!(out)?;
                return Ok(());
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            let (command, rest) = match text.split_once(char::is_whitespace) {
                Some((c, r)) => (c, r.trim()),
                None => (text, ""),
            };
            let reply = match command {
                "" => Ok(()),
                "quit" | "exit" => return Ok(()),
                "help" | "?" => write!(out, "{HELP}").map_err(Into::into),
                "board" => self.draw(out, true),
                "moves" => self.list_moves(out),
                "undo" => self.undo(out),
                "resign" => self.resign(out),
                "save" => self.save(rest, out),
                _ => self.play(text, out),
            };
            if let Err(e) = reply {
                if matches!(e, crate::error::CliError::Io(_)) {
                    return Err(e);
                }
                out.flush()?;
                writeln!(err, "error: {e}")?;
            }
        }
    }

    fn list_moves(&self, out: &mut dyn Write) -> Result<()> {
        if let Some(result) = self.result() {
            writeln!(out, "No moves: the game is over ({result}).")?;
            return Ok(());
        }
        let moves: Vec<String> = self
            .session
            .legal_moves()
            .into_iter()
            .map(|m| m.san)
            .collect();
        writeln!(out, "{} legal moves:", moves.len())?;
        write!(out, "{}", wrap(&moves.join(" "), "  ", 79))?;
        Ok(())
    }

    fn undo(&mut self, out: &mut dyn Write) -> Result<()> {
        if self.resigned.take().is_some() {
            let side = side_name(self.session.side_to_move());
            writeln!(out, "{side} takes back the resignation.")?;
            return Ok(());
        }
        if !self.session.undo() {
            return Err(crate::error::CliError::usage("nothing to undo"));
        }
        writeln!(out, "Move taken back.")?;
        self.draw(out, false)
    }

    fn resign(&mut self, out: &mut dyn Write) -> Result<()> {
        if let Some(result) = self.result() {
            return Err(crate::error::CliError::usage(format!(
                "the game is already over ({result})"
            )));
        }
        let side = self.session.side_to_move();
        let result = GameResult {
            outcome: Outcome::Win(!side),
            reason: format!("{} resigns", side.name()),
        };
        writeln!(out, "{} resigns.", side_name(side))?;
        writeln!(out, "result: {result}")?;
        self.resigned = Some(result);
        Ok(())
    }

    fn save(&self, path: &str, out: &mut dyn Write) -> Result<()> {
        if path.is_empty() {
            return Err(crate::error::CliError::usage(
                "save needs a file name: save FILE",
            ));
        }
        let pgn = self.session.to_pgn(self.resigned.as_ref());
        std::fs::write(path, pgn)
            .map_err(|e| crate::error::CliError::usage(format!("cannot write {path}: {e}")))?;
        writeln!(out, "Saved to {path}.")?;
        Ok(())
    }

    fn play(&mut self, text: &str, out: &mut dyn Write) -> Result<()> {
        if let Some(result) = self.result() {
            return Err(crate::error::CliError::rules(format!(
                "the game is over ({result}); type undo, save FILE or quit"
            )));
        }
        let side = self.session.side_to_move();
        let played = self
            .session
            .play(text)
            .map_err(|e| crate::error::CliError::rules(e.to_string()))?;
        writeln!(
            out,
            "{} played {} ({}).",
            side_name(side),
            played.san,
            played.coordinate
        )?;
        self.draw(out, false)?;
        if let Some(result) = self.session.result() {
            writeln!(out, "result: {result}")?;
        }
        Ok(())
    }
}
