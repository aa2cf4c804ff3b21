//! Texel tuning of the sequential games' evaluation weights on the engine's own games.
//!
//! For each game: self-play games (fixed depth and node budget, evaluation noise, balanced
//! random openings), the quiet positions of each labelled with the game's result; K fitted
//! on the current weights, then the weights (the pawn held at 100) by coordinate descent on
//! the cross-entropy, K refitted and the weights polished once more. One game in ten is held
//! out to check that the fit generalises. Last, a match of the tuned weights against the
//! current ones (same search, same node budget).
//!
//! ```sh
//! cargo run --release -p diplo-engine --example tune -- [--game ID] [--games N] \
//!     [--depth D] [--nodes N] [--noise CP] [--threads T] [--seed S] \
//!     [--duel-pairs N] [--duel-nodes N] [--free I,J,...] [--duel-only --old W1,W2,...]
//! ```
//!
//! `--free I,J,...` fits only the weights at those indices (the others keep their values).
//! `--duel-only --old LIST` skips the tuning and plays the compiled-in weights against LIST.

mod duel;
mod fit;
mod selfplay;
mod tunable;

use diplo_engine::arena::Tally;
use duel::DuelConfig;
use fit::Data;
use selfplay::PlayConfig;
use std::process::ExitCode;
use std::time::Instant;
use tunable::Tunable;

/// The pawn's index in both games' weights: held fixed as the unit of the scale.
const PAWN: usize = 0;

struct Args {
    games: Vec<String>,
    play: PlayConfig,
    duel: DuelConfig,
    duel_only: bool,
    old: Option<Vec<i32>>,
    /// The only weights the fit may move (`None`: all but the pawn).
    free: Option<Vec<usize>>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: vec!["diplomat-chess".into(), "diplomatic-chess".into()],
        play: PlayConfig {
            games: 600,
            depth: 6,
            nodes: 3_000,
            noise: 20,
            skip: 4,
            max_plies: 300,
            seed: 1,
            threads: 2,
        },
        duel: DuelConfig {
            pairs: 50,
            depth: 64,
            nodes: 20_000,
            max_plies: 400,
            seed: 7,
            threads: 2,
        },
        duel_only: false,
        old: None,
        free: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--duel-only" {
            args.duel_only = true;
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| -> Result<u64, String> {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: `{v}` is not a whole number"))
        };
        match flag.as_str() {
            "--game" => args.games = vec![value],
            "--games" => args.play.games = number(&value)? as u32,
            "--depth" => args.play.depth = number(&value)? as u32,
            "--nodes" => args.play.nodes = number(&value)?,
            "--noise" => args.play.noise = number(&value)? as i32,
            "--threads" => {
                args.play.threads = number(&value)? as usize;
                args.duel.threads = args.play.threads;
            }
            "--seed" => args.play.seed = number(&value)?,
            "--duel-pairs" => args.duel.pairs = number(&value)? as u32,
            "--duel-nodes" => args.duel.nodes = number(&value)?,
            "--old" => {
                let list: Result<Vec<i32>, _> =
                    value.split(',').map(|w| w.trim().parse::<i32>()).collect();
                args.old = Some(list.map_err(|_| format!("--old: `{value}` is not a list"))?);
            }
            "--free" => {
                let list: Result<Vec<usize>, _> = value
                    .split(',')
                    .map(|i| i.trim().parse::<usize>())
                    .collect();
                args.free = Some(list.map_err(|_| format!("--free: `{value}` is not a list"))?);
            }
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    for game in &args.games {
        let outcome = match game.as_str() {
            "diplomat-chess" => run::<diplomat_chess::Position>(&args),
            "diplomatic-chess" => run::<diplomatic_chess::Position>(&args),
            other => Err(format!(
                "`{other}` is not a sequential game the engine plays"
            )),
        };
        if let Err(e) = outcome {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

fn run<P: Tunable>(args: &Args) -> Result<(), String> {
    let current = P::current();
    if args.duel_only {
        let old = args
            .old
            .as_deref()
            .ok_or("--duel-only needs --old W1,W2,...")?;
        let old = P::weights_from(old)
            .ok_or_else(|| format!("--old: {} needs {} weights", P::GAME, P::names().len()))?;
        return report_duel::<P>(current, old, &args.duel);
    }
    let clock = Instant::now();
    let played = selfplay::play_games::<P>(&args.play)?;
    let (mut train, mut held_out) = (Data::new(P::names().len()), Data::new(P::names().len()));
    let (mut white, mut draws, mut limit, mut plies) = (0.0, 0, 0, 0);
    for (i, game) in played.iter().enumerate() {
        let data = if i % 10 == 9 {
            &mut held_out
        } else {
            &mut train
        };
        for features in &game.positions {
            data.push(features, game.white_score);
        }
        white += game.white_score;
        draws += usize::from(game.white_score == 0.5);
        limit += usize::from(game.by_move_limit);
        plies += game.plies;
    }
    let n = played.len().max(1);
    println!("== {} ==", P::GAME);
    println!(
        "self-play: {} games (depth {}, {} nodes, noise {}), {:.1} plies on average, \
         white scored {:.3}, {} draws ({} by the {}-ply limit), {:.0} s",
        played.len(),
        args.play.depth,
        args.play.nodes,
        args.play.noise,
        plies as f64 / n as f64,
        white / n as f64,
        draws,
        limit,
        args.play.max_plies,
        clock.elapsed().as_secs_f64()
    );
    println!(
        "positions: {} to fit, {} held out (every tenth game)",
        train.len(),
        held_out.len()
    );
    let start = P::as_slice(&current).to_vec();
    let fixed: Vec<usize> = (0..start.len())
        .filter(|&i| i == PAWN || args.free.as_ref().is_some_and(|free| !free.contains(&i)))
        .collect();
    let k0 = fit::fit_k(&train.evals(&start), &train.results);
    let first = fit::descend(&train, &start, k0, &fixed, 32);
    let k1 = fit::fit_k(&train.evals(&first), &train.results);
    let tuned = fit::descend(&train, &first, k1, &fixed, 4);
    let k = fit::fit_k(&train.evals(&tuned), &train.results);
    let losses = |data: &Data, w: &[i32], k: f64| fit::loss(&data.evals(w), &data.results, k);
    println!("K: {k0:.4} on the current weights, {k:.4} on the tuned ones");
    println!(
        "loss (cross-entropy): fitted positions {:.5} -> {:.5}, held-out positions {:.5} -> {:.5}",
        losses(&train, &start, k0),
        losses(&train, &tuned, k),
        losses(&held_out, &start, k0),
        losses(&held_out, &tuned, k)
    );
    println!("{:<52} {:>7} {:>7}", "feature", "current", "tuned");
    for ((name, old), new) in P::names().iter().zip(&start).zip(&tuned) {
        println!("{name:<52} {old:>7} {new:>7}");
    }
    println!("tuned: {tuned:?}");
    let tuned = P::weights_from(&tuned).ok_or("the tuned vector lost its length")?;
    report_duel::<P>(tuned, current, &args.duel)
}

fn report_duel<P: Tunable>(
    challenger: P::Weights,
    incumbent: P::Weights,
    config: &DuelConfig,
) -> Result<(), String> {
    if config.pairs == 0 {
        return Ok(());
    }
    let clock = Instant::now();
    let result = duel::duel::<P>(challenger, incumbent, config)?;
    let line = |t: &Tally| format!("{}-{}-{}", t.wins, t.losses, t.draws);
    println!(
        "match {:?} vs {:?}: {} games at {} nodes per move: {} (W-L-D; {} with White, {} with \
         Black), score {:.3}, elo {}, {:.0} s",
        P::as_slice(&challenger),
        P::as_slice(&incumbent),
        result.all.games(),
        config.nodes,
        line(&result.all),
        line(&result.as_white),
        line(&result.as_black),
        result.all.score(),
        result.all.elo(),
        clock.elapsed().as_secs_f64()
    );
    let endings: Vec<String> = result
        .endings
        .iter()
        .map(|(how, n)| format!("{how}: {n}"))
        .collect();
    println!("endings: {}", endings.join(", "));
    Ok(())
}
