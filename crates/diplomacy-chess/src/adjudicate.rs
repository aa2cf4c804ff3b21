//! One turn from an orders file (§12.3) to the adjudication output (§12.4).

use crate::game::{EntryReport, Mode, TurnError};
use crate::position::{Position, PositionError};
use crate::state::State;
use diplo_core::orders_file::{self, OrderLine};
use diplo_core::{Color, Repetitions, SimultaneousPosition};

/// Why a turn could not be adjudicated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdjudicateError {
    /// The position string is unreadable (a command-line error).
    #[error("position: {0}")]
    Position(#[from] PositionError),
    #[error("orders line {line}: expected `white: <entry>` or `black: <entry>`")]
    Line { line: usize },
    #[error("orders: {0} has no entry")]
    Missing(Color),
    #[error("orders: basic mode takes exactly one entry per side; {0} has {1}")]
    TooMany(Color, usize),
    #[error("orders line {line}: {color} {error}")]
    Turn {
        line: usize,
        color: Color,
        error: TurnError,
    },
}

/// Reads an orders file with the shared reader ([`diplo_core::orders_file`]): `white:` /
/// `black:` lines; blank and `#` lines skipped. A line without an entry is refused too.
fn order_lines(text: &str) -> Result<Vec<OrderLine<'_>>, AdjudicateError> {
    let lines =
        orders_file::order_lines(text).map_err(|e| AdjudicateError::Line { line: e.line })?;
    if let Some(empty) = lines.iter().find(|l| l.text.is_empty()) {
        return Err(AdjudicateError::Line { line: empty.line });
    }
    Ok(lines)
}

/// Resolves one turn and writes the output of §12.4.
pub fn adjudicate(mode: Mode, position: &str, orders: &str) -> Result<String, AdjudicateError> {
    let position: Position = position.parse()?;
    let lines = order_lines(orders)?;
    let side_lines =
        |c: Color| -> Vec<&OrderLine> { lines.iter().filter(|l| l.color == c).collect() };
    for color in Color::ALL {
        let n = side_lines(color).len();
        if n == 0 {
            return Err(AdjudicateError::Missing(color));
        }
        if mode == Mode::Basic && n > 1 {
            return Err(AdjudicateError::TooMany(color, n));
        }
    }
    let state = State::new(position.clone(), mode);
    let mut out = String::new();
    if let Some(result) = state.result() {
        // Nothing is resolved on a finished game, but the entries must still be readable.
        for color in Color::ALL {
            let mine = side_lines(color);
            let texts: Vec<&str> = mine.iter().map(|l| l.text).collect();
            for (i, t) in texts.iter().enumerate() {
                let turn_error = |error| AdjudicateError::Turn {
                    line: mine[i].line,
                    color,
                    error,
                };
                let entry = crate::conditional::Entry::parse(t, i + 1).map_err(|error| {
                    turn_error(TurnError::Entry {
                        index: i + 1,
                        text: t.to_string(),
                        error,
                    })
                })?;
                if entry.is_conditional() && mode != Mode::Progressive {
                    return Err(turn_error(TurnError::Conditional {
                        index: i + 1,
                        text: t.to_string(),
                    }));
                }
            }
        }
        out.push_str(&format!("position: {position}\n"));
        // Step by step, white then black, in progressive mode; file order otherwise (§12.4).
        let mut shown: Vec<(usize, usize, &OrderLine)> = Vec::with_capacity(lines.len());
        let mut seen = [0usize; 2];
        for (i, l) in lines.iter().enumerate() {
            let k = seen[l.color.index()];
            seen[l.color.index()] += 1;
            let key = match mode {
                Mode::Progressive => k * 2 + l.color.index(),
                _ => i,
            };
            shown.push((key, i, l));
        }
        shown.sort_by_key(|&(key, i, _)| (key, i));
        for (_, _, l) in shown {
            out.push_str(&format!("{} {} => failed: game over\n", l.color, l.text));
        }
        out.push_str(&format!("result: {result}\n"));
        return Ok(out);
    }
    let mut read = Vec::new();
    for color in Color::ALL {
        let mine = side_lines(color);
        let texts: Vec<&str> = mine.iter().map(|l| l.text).collect();
        let orders = state.read_entries(color, &texts).map_err(|error| {
            let line = error
                .entry()
                .and_then(|i| mine.get(i - 1))
                .or(mine.first())
                .map_or(0, |l| l.line);
            AdjudicateError::Turn { line, color, error }
        })?;
        read.push(orders);
    }
    // The given position counts once towards repetition (a progressive turn may repeat it).
    let mut history = Vec::new();
    history.reached(&state);
    let (next, report) = state.resolve(&read[0], &read[1], &mut history);
    out.push_str(&format!("position: {next}\n"));
    let entries: Vec<&EntryReport> = if mode == Mode::Progressive {
        report.entries.iter().collect()
    } else {
        // File order: the n-th line of a side is that side's n-th entry.
        let mut seen = [0usize; 2];
        lines
            .iter()
            .filter_map(|l| {
                let k = seen[l.color.index()];
                seen[l.color.index()] += 1;
                report
                    .entries
                    .iter()
                    .find(|r| r.color == l.color && r.index == k)
            })
            .collect()
    };
    for e in entries {
        out.push_str(&format!("{e}\n"));
    }
    if let Some(result) = &report.result {
        out.push_str(&format!("result: {result}\n"));
    }
    Ok(out)
}
