//! `diplo play` for the sequential games: two people at one keyboard.

use crate::commands::wrap;
use crate::draw::{draw, side_name, View};
use crate::error::{CliError, Result};
use diplo_core::{EndReason, GameResult};
use diplo_games::{SequentialSession, Session};
use std::io::{BufRead, Write};

const COMMANDS: &str = "\
  moves       list the legal moves
  undo        take back the last move (or a resignation)
  board       draw the board again
  resign      the side to move gives up
  save FILE   write the game as a PGN record to FILE
  help        this text
  quit        leave (end of input does too)
";

/// Plays a sequential game at the terminal.
pub fn play(session: &mut dyn Session, out: &mut dyn Write) -> Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut err = std::io::stderr();
    Player { session }.run(&mut input, out, &mut err)
}

/// A terminal game.
struct Player<'a> {
    session: &'a mut dyn Session,
}

impl Player<'_> {
    fn result(&self) -> Option<GameResult> {
        self.session.result()
    }

    fn game(&self) -> Result<&dyn SequentialSession> {
        crate::setup::sequential(&*self.session)
    }

    fn game_mut(&mut self) -> Result<&mut dyn SequentialSession> {
        let id = self.session.entry().id();
        self.session
            .as_sequential_mut()
            .ok_or_else(|| CliError::usage(format!("{id} is not a sequential game")))
    }

    fn draw(&self, out: &mut dyn Write, notes: bool) -> Result<()> {
        let view = View {
            last_move: true,
            notes,
            ..View::default()
        };
        writeln!(out)?;
        write!(out, "{}", draw(&*self.session, &view)?)?;
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
        let notation = format!(
            "{}, or a command:",
            super::notation_help(self.session.entry().id())
        );
        let help = format!("{}{COMMANDS}", wrap(&notation, "", 79));
        let mut line = Vec::new();
        loop {
            write!(out, "{}> ", self.game()?.side_to_move().name())?;
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
                "help" | "?" => write!(out, "{help}").map_err(Into::into),
                "board" => self.draw(out, true),
                "moves" => self.list_moves(out),
                "undo" => self.undo(out),
                "resign" => self.resign(out),
                "save" => self.save(rest, out),
                _ => self.play(text, out),
            };
            if let Err(e) = reply {
                if matches!(e, CliError::Io(_)) {
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
            .game()?
            .legal_moves()
            .into_iter()
            .map(|m| m.san)
            .collect();
        writeln!(out, "{} legal moves:", moves.len())?;
        write!(out, "{}", wrap(&moves.join(" "), "  ", 79))?;
        Ok(())
    }

    fn undo(&mut self, out: &mut dyn Write) -> Result<()> {
        if let Some(GameResult {
            reason: EndReason::Resignation(side),
            ..
        }) = self.result()
        {
            // Taking back a resignation takes back no move.
            self.session.cancel_end();
            writeln!(out, "{} takes back the resignation.", side_name(side))?;
            return Ok(());
        }
        if !self.game_mut()?.undo() {
            return Err(CliError::usage("nothing to undo"));
        }
        writeln!(out, "Move taken back.")?;
        self.draw(out, false)
    }

    fn resign(&mut self, out: &mut dyn Write) -> Result<()> {
        if let Some(result) = self.result() {
            return Err(CliError::usage(format!(
                "the game is already over ({result})"
            )));
        }
        let side = self.game()?.side_to_move();
        let result = GameResult::win(!side, EndReason::Resignation(side));
        writeln!(out, "{} resigns.", side_name(side))?;
        writeln!(out, "result: {result}")?;
        self.session.end(result);
        Ok(())
    }

    fn save(&self, path: &str, out: &mut dyn Write) -> Result<()> {
        if path.is_empty() {
            return Err(CliError::usage("save needs a file name: save FILE"));
        }
        let pgn = self.session.record(&[]);
        std::fs::write(path, pgn)
            .map_err(|e| CliError::usage(format!("cannot write {path}: {e}")))?;
        writeln!(out, "Saved to {path}.")?;
        Ok(())
    }

    fn play(&mut self, text: &str, out: &mut dyn Write) -> Result<()> {
        if let Some(result) = self.result() {
            return Err(CliError::rules(format!(
                "the game is over ({result}); type undo, save FILE or quit"
            )));
        }
        let side = self.game()?.side_to_move();
        let played = self
            .game_mut()?
            .play(text)
            .map_err(|e| CliError::rules(e.to_string()))?;
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
