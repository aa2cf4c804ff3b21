//! `diplo analyse`: the engine's view of a position (interfaces.md v2, "Analysis output").
//!
//! The sequential games print one `info … pv …` line per completed iteration and a
//! `bestmove`; the simultaneous games print the side's mixed strategy and one order set
//! drawn from it.

use crate::error::{CliError, Result};
use crate::setup::{GameArgs, PositionArg};
use diplo_core::Color;
use diplo_engine::{Analysis, Info, Limit};
use std::io::Write;
use std::time::Duration;

#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("limit").required(true).multiple(false))]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub position: PositionArg,
    /// Think for this many milliseconds
    #[arg(long, value_name = "MS", group = "limit", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Search to this depth (simultaneous games: this many look-ahead turns)
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Stop after this many nodes (simultaneous games: iterations)
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// The side whose strategy is shown (simultaneous games; default white)
    #[arg(long, value_name = "SIDE", value_parser = parse_side)]
    pub side: Option<Color>,
    /// Seed of the engine's random choices, for repeatable output
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

fn parse_side(text: &str) -> std::result::Result<Color, String> {
    Color::from_name(text).ok_or_else(|| format!("`{text}` is not a side (white or black)"))
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let session = args.game.any_session(&args.position)?;
    if let Some(result) = session.result() {
        return Err(CliError::rules(format!("the game is over ({result})")));
    }
    let side = args.side.unwrap_or(Color::White);
    if let Some(game) = session.as_simultaneous() {
        if !game.owes_orders(side) {
            return Err(CliError::rules(format!(
                "{side} owes no orders in this phase"
            )));
        }
    }
    let limit = match (args.movetime, args.depth, args.nodes) {
        (_, Some(depth), _) => Limit::Depth(depth),
        (_, _, Some(nodes)) => Limit::Nodes(nodes),
        (ms, _, _) => Limit::Time(Duration::from_millis(ms.unwrap_or(1000))),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut written = Ok(());
    let analysis = diplo_engine::analyse(&session, limit, side, seed, &mut |info| {
        if written.is_ok() {
            written = write_info(out, info);
        }
    });
    written?;
    match analysis {
        Some(Analysis::Line { best, .. }) => writeln!(out, "bestmove {best}")?,
        Some(Analysis::Mixed {
            summary,
            strategy,
            orders,
        }) => {
            write_info(out, &Info::Equilibrium(summary))?;
            for (probability, set) in strategy.iter().filter(|(p, _)| *p >= 0.01) {
                writeln!(out, "strategy {probability:.3} {}", set.join(" ; "))?;
            }
            writeln!(out, "orders {}", orders.join(" ; "))?;
        }
        None => {
            return Err(CliError::rules(
                "there is nothing to analyse in this position",
            ))
        }
    }
    Ok(())
}

/// One `info` line (interfaces.md v2, "Analysis output").
fn write_info(out: &mut dyn Write, info: &Info) -> std::io::Result<()> {
    match info {
        Info::Iteration(it) => writeln!(
            out,
            "info depth {} score {} nodes {} nps {} time {} pv {}",
            it.depth,
            it.score,
            it.nodes,
            it.nps(),
            it.time.as_millis(),
            it.pv.join(" ")
        ),
        Info::Equilibrium(eq) => writeln!(
            out,
            "info iterations {} value {:.3} time {}",
            eq.iterations,
            eq.value,
            eq.time.as_millis()
        ),
    }
}
