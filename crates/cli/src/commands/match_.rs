//! `diplo match`: two computer players play a series of games from balanced random
//! openings, colours alternated; the score, Elo and an optional SPRT verdict come last.

use crate::error::{CliError, Result};
use crate::setup::GameArgs;
use diplo_engine::arena::{run_match, Finished, MatchConfig, Sprt, Tally};
use diplo_engine::PlayerSpec;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The first player (engine, engine:L, random, greedy; optionally @ms=N)
    #[arg(long, value_name = "SPEC", value_parser = parse_spec)]
    pub player1: PlayerSpec,
    /// The second player
    #[arg(long, value_name = "SPEC", value_parser = parse_spec)]
    pub player2: PlayerSpec,
    /// How many games
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Time per move in milliseconds, for a player whose spec gives none
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Stop when the sequential probability ratio test of ELO0 against ELO1 is conclusive
    #[arg(long, value_name = "ELO0,ELO1", value_parser = Sprt::parse)]
    pub sprt: Option<Sprt>,
    /// How many distinct openings (each is played twice, colours swapped; default games/2)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub openings: Option<u32>,
    /// Games played at once (default 1)
    #[arg(long, value_name = "J", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: u16,
    /// Seed of the openings and the players' random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Save every game's record in this folder (created if missing)
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Moves (sequential games) or phases (simultaneous games) after which a game is drawn
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_turns: u32,
}

fn parse_spec(text: &str) -> std::result::Result<PlayerSpec, String> {
    text.parse::<PlayerSpec>().map_err(|e| e.to_string())
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let game = args.game.entry()?;
    let config = MatchConfig {
        game,
        options: args.game.checked_options(game)?,
        player1: args.player1,
        player2: args.player2,
        games: args.games,
        movetime: args.movetime.map(Duration::from_millis),
        openings: args.openings.unwrap_or(args.games.div_ceil(2)),
        jobs: usize::from(args.jobs),
        seed: args.seed,
        sprt: args.sprt,
        max_turns: args.max_turns,
    };
    if config.player1.is_human() || config.player2.is_human() {
        return Err(CliError::usage(
            "a match is played by computer players (engine, engine:L, random, greedy)",
        ));
    }
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let progress = progress_bar(u64::from(args.games));
    let mut saved = Ok(());
    let summary = run_match(&config, &mut |finished, tally| {
        progress.inc(1);
        progress.set_message(running_score(tally));
        if let (Some(dir), Ok(())) = (&args.records, &saved) {
            saved = save(dir, finished);
        }
    });
    progress.finish_and_clear();
    saved?;
    let summary = summary.map_err(|e| CliError::rules(e.to_string()))?;
    let tally = summary.tally;
    writeln!(
        out,
        "score: {}-{}-{}",
        tally.wins, tally.losses, tally.draws
    )?;
    writeln!(out, "elo: {}", summary.elo)?;
    if let Some(verdict) = summary.verdict {
        writeln!(out, "sprt: {verdict}")?;
    }
    Ok(())
}

/// A bar on standard error when it is a terminal; nothing otherwise.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed}]")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(running_score(&Tally::default()));
    bar
}

fn running_score(tally: &Tally) -> String {
    format!(
        "+{} -{} ={}  {:.1}%  elo {}",
        tally.wins,
        tally.losses,
        tally.draws,
        100.0 * tally.score(),
        tally.elo()
    )
}

fn save(dir: &std::path::Path, finished: &Finished) -> Result<()> {
    let path = dir.join(format!("game-{:04}.pgn", finished.index + 1));
    std::fs::write(&path, &finished.record)
        .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))
}
