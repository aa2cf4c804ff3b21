//! `diplo perft`: leaf count of the legal move tree, optionally per root move.

use crate::error::{CliError, Result};
use crate::setup::{GameArgs, PositionArg};
use std::io::{IsTerminal, Write};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub position: PositionArg,
    /// First print each root move with the count below it
    #[arg(long)]
    pub divide: bool,
    /// Depth in plies (at most 10 in Diplomat Chess, 9 in Diplomatic Chess)
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let session = args.game.session(&args.position, "perft")?;
    // The deepest perft each game takes, and why (its description says): nothing is
    // cached, so one ply beyond the bound turns hours into days, and the bound keeps the
    // recursion, one frame a ply, far from the stack's end.
    let limit = session.entry().info.perft_limit;
    if let Some(limit) = limit.filter(|l| args.depth > l.depth) {
        return Err(CliError::usage(format!(
            "depth {} is too deep (at most {}: {})",
            args.depth, limit.depth, limit.why
        )));
    }
    crate::setup::sequential(&session)?;
    if let Some(result) = session.result() {
        // The move tree is still counted (perft is about move generation); the note says
        // that the game itself has ended here.
        writeln!(
            std::io::stderr(),
            "note: the game is over in this position, {result}; counting the move tree anyway"
        )?;
    }
    // Progress goes to a terminal only: one line, rewritten per root move. It counts root
    // by root on a copy of the game, which a finished game does not allow.
    let progress = std::io::stderr().is_terminal() && args.depth >= 5 && session.result().is_none();
    let nodes = if progress {
        let lines = with_progress(&session, args.depth)?;
        if args.divide {
            for (mv, count) in &lines {
                writeln!(out, "{mv} {count}")?;
            }
        }
        lines.iter().map(|(_, n)| n).sum()
    } else if args.divide {
        let session = crate::setup::sequential(&session)?;
        let mut total = 0;
        for (mv, count) in session.divide(args.depth) {
            writeln!(out, "{mv} {count}")?;
            total += count;
        }
        if args.depth == 0 {
            1
        } else {
            total
        }
    } else {
        crate::setup::sequential(&session)?.perft(args.depth)
    };
    writeln!(out, "nodes: {nodes}")?;
    Ok(())
}

/// Per root move, the count below it, with a progress line on standard error.
fn with_progress(session: &diplo_games::Session, depth: u32) -> Result<Vec<(String, u64)>> {
    let roots = crate::setup::sequential(session)?.legal_moves();
    let mut err = std::io::stderr();
    let mut lines = Vec::with_capacity(roots.len());
    let mut total = 0u64;
    for (i, mv) in roots.iter().enumerate() {
        let _ = write!(
            err,
            "\rperft {depth}: root move {}/{} ({}), {total} leaves so far\x1b[K",
            i + 1,
            roots.len(),
            mv.coordinate
        );
        let _ = err.flush();
        let mut after = session.clone();
        let game = after
            .as_sequential_mut()
            .ok_or_else(|| CliError::usage("not a sequential game"))?;
        game.play(&mv.coordinate)
            .map_err(|e| CliError::rules(e.to_string()))?;
        let count = game.perft(depth - 1);
        total += count;
        lines.push((mv.coordinate.clone(), count));
    }
    let _ = write!(err, "\r\x1b[K");
    Ok(lines)
}
