//! A Diplomacy Chess position: the 8x8 grid, the turn and what it asks, and check.

use super::board8::{grid, highlight};
use super::{side_name, Mark, View};
use crate::error::Result;
use crate::term::Paint;
use diplo_core::{Color, SimultaneousGame};
use diplomacy_chess::{validity::in_check, Mode, State};
use std::fmt::Write;

pub fn draw(game: &SimultaneousGame<State>, view: &View) -> Result<String> {
    let state = game.position();
    let pos = state.position();
    let mut marks = [Mark::None; 64];
    highlight(&view.highlight, &mut marks)?;
    let mut out = grid(
        |sq| pos.board.piece_at(sq).map(|p| (p.char(), p.color)),
        &marks,
        view.flip,
        view.style,
    );
    match game.result() {
        Some(result) => {
            let _ = writeln!(out, "Game over: {result}.");
        }
        None => {
            let n = pos.turn;
            let ask = match state.mode() {
                Mode::Basic => "one move each".to_string(),
                Mode::Progressive => format!("a series of {n} entries each"),
                Mode::SimultaneousProgressive if n == 1 => "one move each".to_string(),
                Mode::SimultaneousProgressive => format!("a set of 1 to {n} moves each"),
            };
            let _ = writeln!(out, "Turn {n} ({} mode): {ask}.", state.mode().name());
            for color in Color::ALL {
                if in_check(pos, color) {
                    let text = format!(
                        "{} is in check: the orders must answer it.",
                        side_name(color)
                    );
                    let _ = writeln!(out, "{}", view.style.paint(Paint::Bad, &text));
                }
            }
        }
    }
    let _ = writeln!(out, "position: {state}");
    if view.notes {
        out.push_str("White upper case, Black lower case.\n");
    }
    Ok(out)
}
