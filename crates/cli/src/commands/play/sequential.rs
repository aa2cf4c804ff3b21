//! `diplo play` for the sequential games: people type moves, computer players answer.

use super::{input, Table};
use crate::commands::wrap;
use crate::draw::side_name;
use crate::error::{CliError, Result};
use crate::term::Paint;
use diplo_core::{Color, EndReason, GameResult};
use diplo_engine::Choice;
use diplo_games::SequentialSession;

const COMMANDS: &str = "  moves          list the legal moves
  targets CELL   show where the piece on CELL can go
  undo           take back the last move (or a resignation)
  board          draw the board again
  flip           turn the board around
  resign         the side to move gives up
  save FILE      write the game's record to FILE (`diplo play --resume FILE` goes on)
  help           this text
  quit           leave (end of input does too)
Commands may be typed in any case.
";

/// Plays a sequential game at the terminal.
pub fn play(t: &mut Table) -> Result<()> {
    t.draw(true)?;
    if t.humans() > 0 {
        writeln!(t.out, "Type a move, or `help`.")?;
    }
    let help = format!(
        "{} Or a command:\n{COMMANDS}",
        wrap(t.session.entry().info.notation_help, "", 79).trim_end()
    );
    let mut announced = false;
    loop {
        let side = game(t)?.side_to_move();
        match t.session.result() {
            Some(result) if !announced => {
                announced = true;
                let line = format!("result: {result}");
                writeln!(t.out, "{}", t.term.style.paint(Paint::Title, &line))?;
                if t.humans() == 0 {
                    return Ok(());
                }
                writeln!(t.out, "The game is over: `undo`, `save FILE` or `quit`.")?;
            }
            Some(_) => {}
            None => {
                announced = false;
                if !t.seats[side.index()].is_human() {
                    computer_move(t, side)?;
                    continue;
                }
            }
        }
        write!(t.out, "{}> ", side.name())?;
        t.out.flush()?;
        let Some(line) = input::read_line(t.input)? else {
            writeln!(t.out)?;
            return Ok(());
        };
        let (command, rest) = input::command(&line);
        let reply = match command.as_str() {
            "" => Ok(()),
            "quit" | "exit" => return Ok(()),
            "help" | "?" => write!(t.out, "{help}").map_err(Into::into),
            "board" => t.draw(true),
            "flip" => t.flip(),
            "moves" => list_moves(t),
            "targets" if rest.is_empty() => Err(CliError::usage(
                "targets needs a cell: targets CELL (e.g. targets e1)",
            )),
            "targets" => t.draw_with(false, Some(rest)),
            "undo" => undo(t),
            "resign" => t.resign(side),
            "save" => t.save(rest),
            _ => play_move(t, &line),
        };
        if let Err(e) = reply {
            if matches!(e, CliError::Io(_)) {
                return Err(e);
            }
            t.complain(&e)?;
        }
    }
}

fn game<'s>(t: &'s Table) -> Result<&'s dyn SequentialSession> {
    crate::setup::sequential(&t.session)
}

fn game_mut<'s>(t: &'s mut Table) -> Result<&'s mut dyn SequentialSession> {
    let id = t.session.entry().id();
    t.session
        .as_sequential_mut()
        .ok_or_else(|| CliError::usage(format!("{id} is not a sequential game")))
}

fn list_moves(t: &mut Table) -> Result<()> {
    if let Some(result) = t.session.result() {
        writeln!(t.out, "No moves: the game is over ({result}).")?;
        return Ok(());
    }
    let moves: Vec<String> = game(t)?.legal_moves().into_iter().map(|m| m.san).collect();
    writeln!(t.out, "{} legal moves:", moves.len())?;
    write!(t.out, "{}", wrap(&moves.join(" "), "  ", 79))?;
    Ok(())
}

/// Takes back the last move; against a computer, back to the last position a person was to
/// move in (else the computer would answer again at once).
fn undo(t: &mut Table) -> Result<()> {
    if let Some(GameResult {
        reason: EndReason::Resignation(side),
        ..
    }) = t.session.result()
    {
        // Taking back a resignation takes back no move.
        t.session.cancel_end();
        writeln!(t.out, "{} takes back the resignation.", side_name(side))?;
        return Ok(());
    }
    if !game_mut(t)?.undo() {
        return Err(CliError::usage("nothing to undo"));
    }
    let mut taken = 1;
    while !t.seats[game(t)?.side_to_move().index()].is_human() && game_mut(t)?.undo() {
        taken += 1;
    }
    writeln!(
        t.out,
        "{} taken back.",
        if taken == 1 { "Move" } else { "Moves" }
    )?;
    t.draw(false)
}

fn play_move(t: &mut Table, text: &str) -> Result<()> {
    if let Some(result) = t.session.result() {
        return Err(CliError::rules(format!(
            "the game is over ({result}); type undo, save FILE or quit"
        )));
    }
    let side = game(t)?.side_to_move();
    let played = game_mut(t)?
        .play(text)
        .map_err(|e| CliError::rules(e.to_string()))?;
    announce(t, side, &played.san, &played.coordinate)
}

fn announce(t: &mut Table, side: Color, san: &str, coordinate: &str) -> Result<()> {
    let line = format!("{} played {san} ({coordinate}).", t.name(side));
    writeln!(t.out, "{}", t.term.style.paint(Paint::Good, &line))?;
    t.draw(false)?;
    if game(t)?.is_check() && t.session.result().is_none() {
        let line = format!("{} is in check.", side_name(!side));
        writeln!(t.out, "{}", t.term.style.paint(Paint::Bad, &line))?;
    }
    Ok(())
}

fn computer_move(t: &mut Table, side: Color) -> Result<()> {
    t.pause()?;
    let choice = match &mut t.seats[side.index()].computer {
        Some(player) => player.choose(&t.session, side),
        None => None,
    };
    let Some(Choice::Move(text)) = choice else {
        return Err(CliError::rules(format!(
            "{} found no move to play",
            t.name(side)
        )));
    };
    let name = t.name(side);
    let played = game_mut(t)?
        .play(&text)
        .map_err(|e| CliError::rules(format!("{name} chose `{text}`: {e}")))?;
    announce(t, side, &played.san, &played.coordinate)
}
