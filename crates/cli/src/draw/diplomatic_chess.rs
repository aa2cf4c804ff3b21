//! A text drawing of a Diplomatic Chess position: rank 8 on top, White's pieces in upper
//! case, `D`/`d` the Diplomats, marked squares in brackets.

use super::board8::{grid, highlight};
use super::{side_name, Mark, View};
use crate::error::{CliError, Result};
use board8::Square;
use diplomatic_chess::{Game, Position};
use std::fmt::Write;

fn parse_square(text: &str, flag: &str) -> Result<Square> {
    text.parse()
        .map_err(|e| CliError::usage(format!("{flag}: {e}")))
}

/// Draws the current position of a game.
pub fn draw(game: &Game, view: &View) -> Result<String> {
    let pos = game.position();
    let mut marks = [Mark::None; 64];
    highlight(&view.highlight, &mut marks)?;
    if view.last_move {
        if let Some(mv) = game.moves().last() {
            marks[mv.from.index()] = Mark::Bracket;
            marks[mv.to.index()] = Mark::Bracket;
            for sq in mv.push.into_iter().chain(mv.extra.map(|e| e.1)) {
                marks[sq.index()] = Mark::Bracket;
            }
        }
    }
    let mut notes = Vec::new();
    if let Some(text) = &view.targets {
        let from = parse_square(text, "--targets")?;
        notes.push(targets(pos, from, &mut marks)?);
    }

    let mut out = grid(
        |sq| pos.piece_at(sq).map(|p| (p.char(), p.color)),
        &marks,
        view.flip,
        view.style,
    );
    let _ = writeln!(out, "{}", pos);
    if let Some(result) = game.result() {
        let _ = writeln!(out, "Game over: {result}.");
    } else {
        let _ = write!(out, "{} to move", side_name(pos.side_to_move()));
        if game.position().last_chance_pending() {
            out.push_str(" (last chance: the invasion wins unless it is broken by taking a queen)");
        }
        out.push_str(".\n");
    }
    if view.notes {
        let _ = writeln!(out, "Options: {}.", pos.rules());
        notes.push("D/d: the Diplomats (cannot capture or be captured).".into());
    }
    for note in notes {
        let _ = writeln!(out, "{note}");
    }
    Ok(out)
}

/// Marks where the piece on `from` can go; the note names them.
fn targets(pos: &Position, from: Square, marks: &mut [Mark; 64]) -> Result<String> {
    let Some(piece) = pos.piece_at(from) else {
        return Err(CliError::usage(format!("--targets: no piece on {from}")));
    };
    if piece.color != pos.side_to_move() {
        return Err(CliError::usage(format!(
            "--targets: the piece on {from} does not belong to the side to move"
        )));
    }
    marks[from.index()] = Mark::Origin;
    let mut squares: Vec<Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect();
    squares.sort();
    squares.dedup();
    for sq in &squares {
        marks[sq.index()] = Mark::Bracket;
    }
    let names: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    Ok(if names.is_empty() {
        format!("<{from}>: no legal move.")
    } else {
        format!("<{from}> can move to: {}.", names.join(" "))
    })
}
