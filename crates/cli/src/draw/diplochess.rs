//! A DiploChess position: the 8x8 grid, the phase, castling rights, held pawns, and the
//! pieces that must retreat.

use super::board8::{grid, highlight};
use super::{Mark, View};
use crate::error::Result;
use diplo_core::SimultaneousGame;
use diplochess::{Phase, State};
use std::fmt::Write;

pub fn draw(game: &SimultaneousGame<State>, view: &View) -> Result<String> {
    let state = game.position();
    let pos = state.position();
    let mut marks = [Mark::None; 64];
    highlight(&view.highlight, &mut marks)?;
    let retreats = state.pending_retreats();
    // The dislodged pieces are off the board during the retreats: mark where they stood.
    for (d, _) in &retreats {
        marks[d.square.index()] = Mark::Origin;
    }
    let mut out = grid(
        |sq| {
            pos.board
                .piece_at(sq)
                .map(|p| (p.char(), p.color))
                .or_else(|| {
                    retreats
                        .iter()
                        .find(|(d, _)| d.square == sq)
                        .map(|(d, _)| (d.piece.char(), d.piece.color))
                })
        },
        &marks,
        view.flip,
        view.style,
    );
    match game.result() {
        Some(result) => {
            let _ = writeln!(out, "Game over: {result}.");
        }
        None => {
            let phase = state.current_phase().unwrap_or(Phase::Movement);
            let held = |n: u8| {
                if n == 0 {
                    "-".to_string()
                } else {
                    n.to_string()
                }
            };
            let _ = writeln!(
                out,
                "Turn {}, {phase}. Castling: {}. Held pawns: White {}, Black {}.",
                pos.turn,
                pos.castling,
                held(pos.held.white),
                held(pos.held.black)
            );
            for (d, squares) in &retreats {
                let list: Vec<String> = squares.map(|s| s.to_string()).collect();
                let to = if list.is_empty() {
                    "nowhere: it will be removed".to_string()
                } else {
                    list.join(" ")
                };
                let _ = writeln!(
                    out,
                    "<{}> {} {} {} must retreat: {to}",
                    d.piece.char(),
                    d.piece.color,
                    d.piece.role.upper(),
                    d.square
                );
            }
        }
    }
    let _ = writeln!(out, "position: {state}");
    if view.notes {
        out.push_str("White upper case, Black lower case.\n");
    }
    Ok(out)
}
