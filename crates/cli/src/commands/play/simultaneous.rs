//! `diplo play` for the simultaneous games: each side that owes orders gives them sealed,
//! then the resolution is shown to everyone.
//!
//! A person's orders are checked one by one as they are typed, each acknowledged or refused
//! with its reason; the entry ends only with an empty line (or `done`), never by itself, so a
//! line typed for the next prompt cannot land in the wrong one. On a terminal the player
//! then reviews the list and confirms it. With two people at one terminal each types on a
//! private screen (the terminal's alternate screen), which is wiped before the other looks:
//! nothing sealed is ever written to the main screen or its scrollback. A computer's orders
//! are sealed too, and shown only in the resolution, which says what happened to every
//! order's piece and, first, which side gave no orders and what that did.

use super::{input, Table};
use crate::commands::wrap;
use crate::draw::side_name;
use crate::error::{CliError, Result};
use crate::term::Paint;
use diplo_core::{Color, PhaseKind};
use diplo_engine::Choice;
use diplo_games::SimultaneousSession;

const COMMANDS: &str =
    "  moves [CELL]   list the possible orders (in DiploChess per piece; CELL: that piece's,
                 supports included)
  list           your orders so far
  undo           take back your last order
  clear          take back all your orders
  done           end your orders (an empty line does too)
  board          draw the board again
  flip           turn the board around
  resign         give up the game
  save FILE      write the game's record so far to FILE (orders not yet resolved are not
                 in it); `diplo play --resume FILE` goes on with it
  help           this text
  quit           leave (end of input does too)
Commands may be typed in any case.
";

/// How a person's entry ended.
enum Entry {
    Sealed(Vec<String>),
    Resigned,
    Quit,
}

/// Plays a simultaneous game at the terminal.
pub fn play(t: &mut Table) -> Result<()> {
    if t.humans() > 0 {
        let help = t.session.entry().info.notation_help;
        write!(t.out, "{}", wrap(help, "", 79))?;
    }
    t.draw(true)?;
    loop {
        if t.session.result().is_some() {
            return t.after_the_end();
        }
        let game = sim(t)?;
        let phase = game.phase();
        let owing: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&side| game.owes_orders(side))
            .collect();
        let heading = format!("== {} ==", capitalised(&phase.to_string()));
        writeln!(t.out, "\n{}", t.term.style.paint(Paint::Title, &heading))?;
        let mut orders: [Option<Vec<String>>; 2] = [None, None];
        let mut resigned = false;
        // People first; a computer's orders are chosen after theirs (they are sealed either
        // way, so the order does not matter to the game, only to the wait).
        let (people, computers): (Vec<Color>, Vec<Color>) = owing
            .into_iter()
            .partition(|s| t.seats[s.index()].is_human());
        for side in people {
            match enter(t, side)? {
                Entry::Sealed(given) => orders[side.index()] = Some(given),
                Entry::Resigned => {
                    resigned = true;
                    break;
                }
                Entry::Quit => return Ok(()),
            }
        }
        if resigned {
            continue;
        }
        for side in computers {
            orders[side.index()] = Some(computer_orders(t, side)?);
        }
        // A side that owed orders and gave none is told so first, in the phase's own terms
        // (`White sent no orders: its pieces held`), as the server tells a missed deadline.
        let game = sim(t)?;
        let silent: Vec<String> = Color::ALL
            .into_iter()
            .filter(|side| orders[side.index()].as_ref().is_some_and(Vec::is_empty))
            .map(|side| format!("{}.", game.no_orders(side)))
            .collect();
        let game = t
            .session
            .as_simultaneous_mut()
            .ok_or_else(|| CliError::usage("not a simultaneous game"))?;
        let view = game
            .resolve(orders[0].as_deref(), orders[1].as_deref())
            .map_err(|e| CliError::rules(e.to_string()))?;
        let heading = format!("-- {}: what happened --", capitalised(&phase.to_string()));
        writeln!(t.out, "{}", t.term.style.paint(Paint::Title, &heading))?;
        for line in &silent {
            writeln!(t.out, "{line}")?;
        }
        // The result is announced once, by `after_the_end`.
        for line in view
            .explanation
            .iter()
            .filter(|l| !l.starts_with("result: "))
        {
            writeln!(t.out, "{line}")?;
        }
        t.draw(false)?;
    }
}

fn sim<'s>(t: &'s Table) -> Result<&'s dyn SimultaneousSession> {
    t.session
        .as_simultaneous()
        .ok_or_else(|| CliError::usage("not a simultaneous game"))
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn computer_orders(t: &mut Table, side: Color) -> Result<Vec<String>> {
    t.pause()?;
    let choice = match &mut t.seats[side.index()].computer {
        Some(player) => player.choose(&t.session, side),
        None => None,
    };
    let name = t.name(side);
    let Some(Choice::Orders(given)) = choice else {
        return Err(CliError::rules(format!("{name} gave no orders")));
    };
    sim(t)?
        .check_orders(side, &given)
        .map_err(|e| CliError::rules(format!("{name} gave orders that are not valid: {e}")))?;
    writeln!(t.out, "{name} has sealed its orders.")?;
    Ok(given)
}

/// What a side is asked for in this phase, and what happens to what it does not order.
fn what_is_due(game: &dyn SimultaneousSession, side: Color) -> String {
    let (least, most) = game.order_count(side);
    let count = match (least, most) {
        (l, m) if l == m => format!("{m} {}", plural(m, "entry", "entries")),
        (0, m) => format!("up to {m} {}", plural(m, "order", "orders")),
        (l, m) => format!("{l} to {m} entries"),
    };
    let rest = match game.phase().kind {
        PhaseKind::Turn => "",
        PhaseKind::Movement => " (one per piece; a piece without an order holds)",
        PhaseKind::Retreats => {
            " (one per dislodged piece: retreat or disband; a piece without an order is removed)"
        }
        PhaseKind::Builds => {
            " (pawns on the last rank convert, held pawns are built; what is not ordered \
             takes the rules' default)"
        }
        PhaseKind::Adjustments => {
            " (builds and disbands; without orders nothing is built and the least valuable \
             pieces are disbanded)"
        }
    };
    format!("{count}{rest}")
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// One person's entry of their orders for the phase.
fn enter(t: &mut Table, side: Color) -> Result<Entry> {
    let private = t.term.interactive() && t.humans() == 2;
    let phase = sim(t)?.phase();
    if private {
        writeln!(
            t.out,
            "{}: your orders for {phase}. {}, please look away.",
            side_name(side),
            side_name(!side)
        )?;
        write!(t.out, "{}, press Enter when ready. ", side_name(side))?;
        t.out.flush()?;
        if input::read_line(t.input)?.is_none() {
            writeln!(t.out)?;
            return Ok(Entry::Quit);
        }
        t.term.enter_private(t.out)?;
        writeln!(
            t.out,
            "{}",
            t.term.style.paint(
                Paint::Title,
                &format!("{}'s private screen: {phase}", side_name(side))
            )
        )?;
        t.draw(false)?;
    }
    let entry = entry_loop(t, side);
    // Whatever happened, the private screen goes before anything else is shown.
    t.term.leave_private(t.out)?;
    let entry = entry?;
    if let Entry::Sealed(_) = entry {
        writeln!(t.out, "{} has sealed its orders.", t.name(side))?;
    }
    Ok(entry)
}

fn entry_loop(t: &mut Table, side: Color) -> Result<Entry> {
    let game = sim(t)?;
    let phase = game.phase();
    let due = what_is_due(game, side);
    let (least, most) = game.order_count(side);
    let legal = game.legal_orders(side);
    writeln!(
        t.out,
        "{}, your orders for {phase}: {due}.",
        side_name(side)
    )?;
    // Retreats, builds and adjustments offer few choices: they are shown at once.
    let short_list = !matches!(phase.kind, PhaseKind::Turn | PhaseKind::Movement);
    if short_list && !legal.is_empty() {
        let list = legal.join(", ");
        write!(t.out, "{}", wrap(&format!("Possible: {list}."), "  ", 79))?;
    }
    writeln!(
        t.out,
        "One per line; `moves` lists the possible ones, an empty line ends, `help` for more."
    )?;
    let mut given: Vec<String> = Vec::new();
    loop {
        write!(t.out, "{} {}> ", side.name(), given.len() + 1)?;
        t.out.flush()?;
        let Some(line) = input::read_line(t.input)? else {
            writeln!(t.out)?;
            return Ok(Entry::Quit);
        };
        let (command, rest) = input::command(&line);
        let reply = match command.as_str() {
            "" | "done" => match finish(t, side, &given, least)? {
                Finish::Send => return Ok(Entry::Sealed(given)),
                Finish::Edit => Ok(()),
                Finish::Quit => return Ok(Entry::Quit),
            },
            "quit" | "exit" => return Ok(Entry::Quit),
            "resign" => {
                t.term.leave_private(t.out)?;
                t.resign(side)?;
                return Ok(Entry::Resigned);
            }
            "help" | "?" => {
                let help = t.session.entry().info.notation_help;
                write!(t.out, "{}{COMMANDS}", wrap(help, "", 79)).map_err(Into::into)
            }
            "board" => t.draw(true),
            "flip" => t.flip(),
            "moves" => list_possible(t, side, rest),
            "list" => show_list(t, &given),
            "undo" => match given.pop() {
                Some(order) => writeln!(t.out, "  taken back: {order}").map_err(Into::into),
                None => Err(CliError::usage("no order to take back")),
            },
            "clear" => {
                given.clear();
                writeln!(t.out, "  all your orders taken back").map_err(Into::into)
            }
            "save" => t.save(rest),
            _ => match sim(t)?.check_next_order(side, &given, &line) {
                Ok(order) => {
                    given.push(order);
                    let n = given.len();
                    let ack = format!("  ok {n}. {}", given[n - 1]);
                    write!(t.out, "{}", t.term.style.paint(Paint::Good, &ack))?;
                    if n == most {
                        write!(t.out, "  (all {most} due; an empty line ends)")?;
                    }
                    writeln!(t.out).map_err(Into::into)
                }
                Err(error) => {
                    // Some games' reasons quote the order already.
                    let reason = error.to_string();
                    let quoted = format!("`{line}`: ");
                    let reason = reason.strip_prefix(&quoted).unwrap_or(&reason);
                    Err(CliError::rules(format!(
                        "refused `{}`: {reason}",
                        input::cut(&line)
                    )))
                }
            },
        };
        if let Err(e) = reply {
            if matches!(e, CliError::Io(_)) {
                return Err(e);
            }
            t.complain(&e)?;
        }
    }
}

enum Finish {
    Send,
    Edit,
    Quit,
}

/// The end of an entry: the set as a whole is checked (a refusal keeps every order), shown,
/// and on a terminal confirmed.
fn finish(t: &mut Table, side: Color, given: &[String], least: usize) -> Result<Finish> {
    if given.len() < least {
        t.complain(&CliError::rules(format!(
            "{least} {} due, {} given so far",
            plural(least, "entry is", "entries are"),
            given.len()
        )))?;
        return Ok(Finish::Edit);
    }
    if let Err(e) = sim(t)?.check_orders(side, given) {
        t.complain(&CliError::rules(format!(
            "these orders do not go together: {e} (`list` shows them, `undo` takes back \
             the last)"
        )))?;
        return Ok(Finish::Edit);
    }
    show_list(t, given)?;
    if !t.term.input {
        // A script cannot review: its list is sent as it ends.
        return Ok(Finish::Send);
    }
    loop {
        write!(t.out, "Send these orders? [Y/n] ")?;
        t.out.flush()?;
        let Some(answer) = input::read_line(t.input)? else {
            writeln!(t.out)?;
            return Ok(Finish::Quit);
        };
        match answer.to_lowercase().as_str() {
            "" | "y" | "yes" => return Ok(Finish::Send),
            "n" | "no" => {
                writeln!(
                    t.out,
                    "Go on: add orders, `undo`, `clear`; an empty line ends."
                )?;
                return Ok(Finish::Edit);
            }
            _ => writeln!(t.out, "Please answer y (send) or n (go on editing).")?,
        }
    }
}

fn show_list(t: &mut Table, given: &[String]) -> Result<()> {
    if given.is_empty() {
        writeln!(t.out, "Your orders: none.")?;
    } else {
        writeln!(t.out, "Your orders:")?;
        for (i, order) in given.iter().enumerate() {
            writeln!(t.out, "  {}. {order}", i + 1)?;
        }
    }
    Ok(())
}

/// `moves [CELL]`: the possible orders. DiploChess orders name their piece first (`N g1 …`),
/// so they are listed per piece, supports counted unless one piece is asked for.
fn list_possible(t: &mut Table, side: Color, cell: &str) -> Result<()> {
    let legal = sim(t)?.legal_orders(side);
    if legal.is_empty() {
        writeln!(t.out, "No orders are possible now.")?;
        return Ok(());
    }
    // Orders that name their piece first can be listed per piece (SAN cannot).
    if !t.session.order_entry().is_some_and(|entry| entry.by_piece) {
        if !cell.is_empty() {
            writeln!(t.out, "(This game's orders are not listed per piece.)")?;
        }
        writeln!(t.out, "{} possible:", legal.len())?;
        write!(t.out, "{}", wrap(&legal.join("  "), "  ", 79))?;
        return Ok(());
    }
    let groups = by_piece(&legal);
    let cell = cell.to_lowercase();
    let mut shown = 0;
    for (piece, orders) in &groups {
        let subject = piece.rsplit(' ').next().unwrap_or("");
        if !cell.is_empty() && subject != cell {
            continue;
        }
        shown += 1;
        let (supports, others): (Vec<&String>, Vec<&String>) =
            orders.iter().partition(|o| o.starts_with("S "));
        let mut items: Vec<&str> = others.iter().map(|s| s.as_str()).collect();
        let more;
        if cell.is_empty() && !supports.is_empty() {
            more = format!(
                "+{} {}",
                supports.len(),
                plural(supports.len(), "support", "supports")
            );
            items.push(&more);
        } else {
            items.extend(supports.iter().map(|s| s.as_str()));
        }
        let label = if piece.is_empty() { "other" } else { piece };
        let line = format!("{label}: {}", items.join(", "));
        write!(t.out, "{}", wrap(&line, "  ", 79))?;
    }
    if shown == 0 {
        writeln!(
            t.out,
            "No possible order for a piece on `{}`.",
            input::cut(&cell)
        )?;
    } else if cell.is_empty() {
        writeln!(
            t.out,
            "(`moves CELL` lists one piece's orders, supports included.)"
        )?;
    }
    Ok(())
}

/// Groups DiploChess orders by the piece they begin with (`P e2 - e4` → `P e2`: `- e4`);
/// builds and disbands go under their piece and square, conversions (`e8 = N`) under their
/// square, castling under "".
fn by_piece(orders: &[String]) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for order in orders {
        let words: Vec<&str> = order.split_whitespace().collect();
        let is_square = |w: &str| {
            let b = w.as_bytes();
            b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
        };
        let is_role = |w: &str| w.len() == 1 && "KQRBNP".contains(w);
        let (key, rest) = match words.as_slice() {
            [role, square, rest @ ..] if is_role(role) && is_square(square) => {
                (format!("{role} {square}"), rest.join(" "))
            }
            // `Build R a1`, `Disband N c3`: under the square.
            [verb, role, square] if is_role(role) && is_square(square) => (
                format!("{role} {square}"),
                format!("{verb} {role} {square}"),
            ),
            // `e8 = N`: under the square.
            [square, ..] if is_square(square) => (square.to_string(), order.clone()),
            _ => (String::new(), order.clone()),
        };
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(rest),
            None => groups.push((key, vec![rest])),
        }
    }
    groups
}
