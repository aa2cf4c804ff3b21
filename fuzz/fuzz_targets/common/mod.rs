//! What the simultaneous games' targets share.

use diplo_core::orders_file::order_lines;
use diplo_core::{Color, SimultaneousGame, SimultaneousPosition};

/// Reads each side's lines of an orders file as that side's orders for the phase (one by
/// one with `parse_order`, then as a set with `read_orders`) and resolves it; read errors
/// must print.
pub fn play_orders_file<S: SimultaneousPosition>(game: &mut SimultaneousGame<S>, text: &str) {
    let Ok(lines) = order_lines(text) else {
        return;
    };
    let state = game.position().clone();
    let [white, black] = Color::ALL.map(|side| {
        let texts: Vec<&str> = lines
            .iter()
            .filter(|l| l.color == side)
            .map(|l| l.text)
            .collect();
        for text in &texts {
            if let Err(e) = state.parse_order(side, text) {
                assert!(!e.to_string().is_empty());
            }
        }
        state.read_orders(side, &texts)
    });
    match (white, black) {
        (Ok(white), Ok(black)) => {
            if let Ok(played) = game.play(white, black) {
                let _ = played.resolution.to_string();
            }
        }
        (white, black) => {
            for e in [white.err(), black.err()].into_iter().flatten() {
                assert!(!e.to_string().is_empty());
            }
        }
    }
}
