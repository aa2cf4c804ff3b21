//! `diplo replay`: checks a game record move by move.
//!
//! The game is `--game`, else the record's `[Game]` tag, else the default; the options are
//! the record's `[Options]` tag with each `--option` replacing the tag's value for its key;
//! the start is the `[Position]` tag or the game's start position.

use crate::error::{CliError, Result};
use crate::registry::{self, GameEntry, Kind, DEFAULT_GAME};
use crate::setup::{parse_options, GameArgs};
use diplo_core::record::{final_result, parse_record};
use diplo_core::Options;
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// The record file (`-` = standard input)
    #[arg(value_name = "FILE")]
    pub file: String,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let text = super::read_input(&args.file)?;
    // Simultaneous games have their own movetext: they read the record themselves.
    let id = args
        .game
        .game
        .clone()
        .or_else(|| super::simultaneous::scan_tag(&text, "Game"));
    if let Some(entry) = id.and_then(|id| registry::find(&id).ok()) {
        if entry.kind() == Kind::Simultaneous {
            return super::simultaneous::replay(entry, &text, &args.game.options, out);
        }
    }
    let record = parse_record(&text).map_err(|e| CliError::rules(format!("record: {e}")))?;
    let entry = match (&args.game.game, record.tag("Game")) {
        (Some(id), _) => registry::find(id)?,
        (None, Some(id)) => {
            registry::find(id).map_err(|e| CliError::rules(format!("[Game \"{id}\"]: {e}")))?
        }
        (None, None) => registry::find(DEFAULT_GAME)?,
    };
    let engine = entry.sequential("replay")?;
    let options = merged_options(entry, record.tag("Options"), &args.game.options)?;
    let session = engine.replay(&record, &options)?;
    let result = match session.replay_result_line() {
        Some(line) => line,
        None => final_result(session.result().as_ref(), record.recorded_result())
            .map_err(|e| CliError::rules(format!("record: {e}")))?
            .to_string(),
    };
    writeln!(out, "position: {}", session.position_string())?;
    writeln!(out, "result: {result}")?;
    Ok(())
}

/// The record's `[Options]` tag (comma- or space-separated `key=value` pairs) with the
/// command line's options replacing the tag's value key by key. Bad command-line options are
/// usage errors; bad tag options are record errors.
pub fn merged_options<S: AsRef<str>>(
    entry: &GameEntry,
    tag: Option<S>,
    cli: &[String],
) -> Result<Options> {
    parse_options(entry, cli)?;
    let key = |pair: &str| pair.split_once('=').map(|(k, _)| k.trim().to_string());
    let overridden: Vec<String> = cli.iter().filter_map(|p| key(p)).collect();
    let mut pairs: Vec<String> = Vec::new();
    if let Some(tag) = &tag {
        let tag = tag.as_ref();
        let kept: Vec<&str> = tag
            .split([',', ' '])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .filter(|p| !matches!(key(p), Some(k) if overridden.contains(&k)))
            .collect();
        Options::parse(entry.info, &kept)
            .map_err(|e| CliError::rules(format!("[Options \"{tag}\"]: {e}")))?;
        pairs.extend(kept.into_iter().map(str::to_string));
    }
    pairs.extend(cli.iter().cloned());
    parse_options(entry, &pairs)
}
