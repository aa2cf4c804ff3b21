//! `diplo play`: a game at the terminal, people and computer players on either side. Reads
//! standard input line by line, so a session can also be piped in; end of input ends it.

mod input;
mod sequential;
mod simultaneous;

use crate::draw::{draw, side_name, Layout, View};
use crate::error::{CliError, Result};
use crate::setup::{GameArgs, PositionArg};
use crate::term::{ColorArg, Paint, Terminal};
use diplo_core::{Color, EndReason, GameResult};
use diplo_engine::{Player, PlayerSpec};
use diplo_games::Session;
use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub position: PositionArg,
    /// Who plays White: human, engine, engine:1 … engine:8, random or greedy, each with an
    /// optional @ms=N (time per move)
    #[arg(long, value_name = "SPEC", default_value = "human")]
    pub white: String,
    /// Who plays Black (as --white)
    #[arg(long, value_name = "SPEC", default_value = "human")]
    pub black: String,
    /// Go on with the game saved in FILE (by `save FILE`), its history included; --game and
    /// --option work as for `diplo replay`
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    pub resume: Option<String>,
    /// Draw the board from Black's side (the `flip` command turns it at the prompt)
    #[arg(long)]
    pub flip: bool,
    /// Diplomat Chess: the round board as rings, or as seven diameters side by side
    #[arg(long, value_enum, value_name = "LAYOUT", default_value_t = Layout::Round)]
    pub layout: Layout,
    /// Seed of the computer players' random choices (the same seed, the same game)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Pause before each computer move when only computers play, in milliseconds (default:
    /// 700 when the output is a terminal, none otherwise)
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub delay: Option<u64>,
    #[command(flatten)]
    pub color: ColorArg,
}

/// Who sits on one side.
pub struct Seat {
    pub spec: PlayerSpec,
    /// The computer player; `None` for a person.
    pub computer: Option<Box<dyn Player>>,
}

impl Seat {
    fn is_human(&self) -> bool {
        self.computer.is_none()
    }
}

/// Everything a game at the terminal works with.
pub struct Table<'a> {
    pub session: Session,
    pub seats: [Seat; 2],
    pub term: Terminal,
    pub view: View,
    /// The pause before a computer move when nobody types.
    pub delay: Duration,
    pub input: &'a mut dyn BufRead,
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<()> {
    let (session, resumed) = match &args.resume {
        None => (args.game.any_session(&args.position)?, None),
        Some(path) => {
            let text = super::read_input(path)?;
            let replayed =
                diplo_games::replay_record(&text, args.game.game.as_deref(), &args.game.options)?;
            (
                replayed.session,
                Some((path.clone(), ended_as_recorded(&text))),
            )
        }
    };
    let spec = |text: &str, flag: &str| {
        text.parse::<PlayerSpec>()
            .map_err(|e| CliError::usage(format!("{flag}: {e}")))
    };
    let specs = [spec(&args.white, "--white")?, spec(&args.black, "--black")?];
    // Without --seed, each game is different: the seed comes from the clock.
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    // Each side draws from its own stream of the seed.
    let seats = [0u64, 1].map(|i| {
        let spec = specs[i as usize];
        Seat {
            computer: spec.player(seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15))),
            spec,
        }
    });
    let term = Terminal::detect(args.color.style());
    if term.input {
        crate::term::restore_on_interrupt();
    }
    let delay = Duration::from_millis(args.delay.unwrap_or(if term.output { 700 } else { 0 }));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut err = std::io::stderr();
    let mut table = Table {
        session,
        seats,
        term,
        view: View {
            last_move: true,
            flip: args.flip,
            layout: args.layout,
            style: term.style,
            ..View::default()
        },
        delay,
        input: &mut input,
        out,
        err: &mut err,
    };
    table.intro(resumed.as_ref().map(|(path, _)| path.as_str()))?;
    if let Some((_, Some(ending))) = &resumed {
        // A result the record states but the rules did not reach (a resignation): the game
        // stays over.
        if table.session.result().is_none() {
            writeln!(table.out, "The record ends {ending}: the game is over.")?;
            return table.after_the_end();
        }
    }
    if table.session.as_simultaneous().is_some() {
        simultaneous::play(&mut table)
    } else {
        sequential::play(&mut table)
    }
}

/// How a saved record says its game ended outside the rules: its `[Result]` tag, when that
/// is a decided result, with the `[Termination]` reason (`0-1 (white resigns)`). The rules'
/// own results need no tag: replaying the moves reaches them.
fn ended_as_recorded(text: &str) -> Option<String> {
    let result = diplo_core::record::scan_tag(text, "Result")?;
    if !matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2") {
        return None;
    }
    Some(match diplo_core::record::scan_tag(text, "Termination") {
        Some(reason) => format!("{result} ({reason})"),
        None => result,
    })
}

impl Table<'_> {
    /// The side's name with its player when that is not a person: `Black (random)`.
    pub fn name(&self, side: Color) -> String {
        let seat = &self.seats[side.index()];
        if seat.is_human() {
            side_name(side).to_string()
        } else {
            format!("{} ({})", side_name(side), seat.spec)
        }
    }

    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| s.is_human()).count()
    }

    fn intro(&mut self, resumed: Option<&str>) -> Result<()> {
        let entry = self.session.entry();
        let players = format!(
            "{}: White {}, Black {}.",
            entry.info.name, self.seats[0].spec, self.seats[1].spec
        );
        writeln!(
            self.out,
            "{}",
            self.term.style.paint(Paint::Title, &players)
        )?;
        if let Some(path) = resumed {
            writeln!(self.out, "Resumed from {path}.")?;
        }
        if self.humans() > 0 {
            writeln!(self.out, "Type `help` at any prompt for the commands.")?;
        }
        Ok(())
    }

    /// Draws the board (with the notes explaining it when `notes`).
    pub fn draw(&mut self, notes: bool) -> Result<()> {
        self.draw_with(notes, None)
    }

    pub fn draw_with(&mut self, notes: bool, targets: Option<&str>) -> Result<()> {
        let view = View {
            notes,
            targets: targets.map(str::to_string),
            ..self.view.clone()
        };
        let text = draw(&self.session, &view)?;
        writeln!(self.out)?;
        write!(self.out, "{text}")?;
        Ok(())
    }

    /// Prints an error line for something typed at a prompt (the game goes on).
    pub fn complain(&mut self, e: &CliError) -> Result<()> {
        self.out.flush()?;
        let text = format!("error: {e}");
        writeln!(self.err, "{}", self.term.style.paint(Paint::Bad, &text))?;
        Ok(())
    }

    /// Writes the game's record to `path`: `diplo replay` checks it and `play --resume`
    /// goes on with it.
    pub fn save(&mut self, path: &str) -> Result<()> {
        if path.is_empty() {
            return Err(CliError::usage("save needs a file name: save FILE"));
        }
        let tags = [
            ("White".to_string(), self.seats[0].spec.to_string()),
            ("Black".to_string(), self.seats[1].spec.to_string()),
        ];
        let record = self.session.record(&tags);
        std::fs::write(path, record)
            .map_err(|e| CliError::usage(format!("cannot write {path}: {e}")))?;
        writeln!(
            self.out,
            "Saved to {path} (`diplo replay {path}` checks it, `diplo play --resume {path}` \
             goes on with it)."
        )?;
        Ok(())
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Color) -> Result<()> {
        if let Some(result) = self.session.result() {
            return Err(CliError::usage(format!(
                "the game is already over ({result})"
            )));
        }
        let result = GameResult::win(!side, EndReason::Resignation(side));
        writeln!(self.out, "{} resigns.", side_name(side))?;
        self.session.end(result);
        Ok(())
    }

    /// Announces the result, then takes `save`, `board`, `flip`, `help` and `quit` until the
    /// players leave (or the input ends). Only computers at the table: nothing to ask.
    pub fn after_the_end(&mut self) -> Result<()> {
        if let Some(result) = self.session.result() {
            let line = format!("result: {result}");
            writeln!(self.out, "{}", self.term.style.paint(Paint::Title, &line))?;
        }
        if self.humans() == 0 && !self.term.input {
            return Ok(());
        }
        writeln!(
            self.out,
            "The game is over. `save FILE` keeps its record; `quit` leaves."
        )?;
        loop {
            write!(self.out, "> ")?;
            self.out.flush()?;
            let Some(line) = input::read_line(self.input)? else {
                writeln!(self.out)?;
                return Ok(());
            };
            let (command, rest) = input::command(&line);
            let reply = match command.as_str() {
                "" => Ok(()),
                "quit" | "exit" => return Ok(()),
                "save" => self.save(rest),
                "board" => self.draw(true),
                "flip" => self.flip(),
                "help" | "?" => writeln!(
                    self.out,
                    "The game is over. Commands: save FILE, board, flip, quit."
                )
                .map_err(Into::into),
                _ => Err(CliError::usage(format!(
                    "the game is over; `{}` is not one of save FILE, board, flip, quit",
                    input::cut(&line)
                ))),
            };
            if let Err(e) = reply {
                if matches!(e, CliError::Io(_)) {
                    return Err(e);
                }
                self.complain(&e)?;
            }
        }
    }

    pub fn flip(&mut self) -> Result<()> {
        self.view.flip = !self.view.flip;
        self.draw(false)
    }

    /// The pause before a computer move, when only computers play (so that people can
    /// watch).
    pub fn pause(&mut self) -> Result<()> {
        if self.humans() == 0 && !self.delay.is_zero() {
            self.out.flush()?;
            std::thread::sleep(self.delay);
        }
        Ok(())
    }
}
