//! Finds short forced wins in random sparse positions and writes them as tactical cases
//! (`tests/cases/engine/<game>/*.case`). Every case is proved by the exhaustive solver
//! (`diplo_engine::sequential::solver`): the side to move wins within `n` moves, not within
//! `n - 1`, and `best` lists every winning first move.
//!
//! `cargo run --release -p diplo-engine --example mine_tactics -- OUT_DIR [SEED]`

use diplo_core::{Color, SequentialPosition};
use diplo_engine::eval::Evaluate;
use diplo_engine::sequential::{solver, Limits, Searcher, Settings};
use diplomat_chess::{Cell, Piece, Role, Setup, SubornRule};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = Path::new(
        args.get(1)
            .map(String::as_str)
            .unwrap_or("tests/cases/engine"),
    );
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut written: HashMap<String, usize> = HashMap::new();
    // How many cases of each kind to find.
    let wanted: &[(&str, usize)] = &[
        ("mate1", 3),
        ("mate2", 3),
        ("mate3", 2),
        ("stalemate1", 2),
        ("stalemate2", 2),
        ("stalemate3", 1),
        ("suborn1", 2),
        ("suborn2", 3),
        ("suborn3", 1),
        ("invasion1", 3),
        ("invasion2", 3),
        ("defence", 3),
    ];
    let target: HashMap<&str, usize> = wanted.iter().copied().collect();
    for attempt in 0..2_000_000u64 {
        if wanted
            .iter()
            .all(|(k, n)| written.get(*k).copied().unwrap_or(0) >= *n)
        {
            break;
        }
        let case = if attempt % 2 == 0 {
            diplomat_case(&mut rng)
        } else {
            diplomatic_case(&mut rng)
        };
        let Some((kind, text)) = case else { continue };
        let count = written.entry(kind.clone()).or_insert(0);
        if *count >= target.get(kind.as_str()).copied().unwrap_or(0) {
            continue;
        }
        *count += 1;
        let game = if kind.starts_with("invasion") || kind == "defence" {
            "diplomatic-chess"
        } else {
            "diplomat-chess"
        };
        let dir = out.join(game);
        std::fs::create_dir_all(&dir).expect("create the case directory");
        let path = dir.join(format!("{kind}-{count}.case"));
        std::fs::write(&path, text).expect("write the case");
        eprintln!("{} (attempt {attempt})", path.display());
    }
}

/// The shortest forced win of the side to move, if within 3 moves (screened by a quick
/// search, proved by the solver).
fn shortest_win<P: Evaluate>(pos: &P) -> Option<u32> {
    let mut searcher = Searcher::<P>::new(Settings {
        hash_mb: 1,
        ..Settings::default()
    });
    let limits = Limits {
        depth: Some(6),
        nodes: Some(200_000),
        ..Limits::default()
    };
    let result = searcher.search(pos, &[], limits, &mut |_| {});
    if result.score < diplo_engine::eval::MATE_BOUND {
        return None;
    }
    (1..=3).find(|&n| solver::forces_win(pos, n))
}

/// The last position of the engine's line: how the win ends (no legal move: in check or not).
fn ends_in_check<P: Evaluate>(pos: &P, n: u32) -> bool {
    let mut searcher = Searcher::<P>::new(Settings {
        hash_mb: 1,
        ..Settings::default()
    });
    let limits = Limits {
        depth: Some(2 * n + 1),
        ..Limits::default()
    };
    let result = searcher.search(pos, &[], limits, &mut |_| {});
    let mut p = pos.clone();
    for mv in result.pv {
        p.play(mv);
    }
    p.is_check()
}

fn random_cell(rng: &mut SmallRng) -> Cell {
    Cell::new(rng.gen_range(0..43)).expect("< 43")
}

fn diplomat_case(rng: &mut SmallRng) -> Option<(String, String)> {
    let mut board: [Option<Piece>; 43] = [None; 43];
    for color in Color::ALL {
        let cell = random_cell(rng);
        board[cell.index()] = Some(Piece {
            color,
            role: Role::King,
        });
    }
    let roles = [
        Role::Rook,
        Role::Bishop,
        Role::Horse,
        Role::Diplomat,
        Role::Pawn,
    ];
    for (color, count) in [
        (Color::White, rng.gen_range(1..=3)),
        (Color::Black, rng.gen_range(0..=3)),
    ] {
        for _ in 0..count {
            let cell = random_cell(rng);
            if board[cell.index()].is_none() {
                let role = *roles.choose(rng).expect("roles");
                board[cell.index()] = Some(Piece { color, role });
            }
        }
    }
    let setup = Setup {
        board,
        hands: None,
        side_to_move: Color::White,
        fullmove: 1,
    };
    let pos = diplomat_chess::Position::from_setup(&setup, SubornRule::Convert).ok()?;
    let mut moves = Vec::new();
    SequentialPosition::legal_moves(&pos, &mut moves);
    if moves.is_empty() || pos.is_bare_kings() {
        return None;
    }
    let n = shortest_win(&pos)?;
    let best = solver::winning_moves(&pos, n);
    let kind = if best.iter().all(|&mv| pos.is_suborn(mv)) {
        format!("suborn{n}")
    } else if ends_in_check(&pos, n) {
        format!("mate{n}")
    } else {
        format!("stalemate{n}")
    };
    Some((
        kind.clone(),
        case_text(
            "diplomat-chess",
            "suborn=convert",
            &pos.to_string(),
            &kind,
            n,
            &best,
        ),
    ))
}

fn diplomatic_case(rng: &mut SmallRng) -> Option<(String, String)> {
    let mut board = [' '; 64];
    // Diplomats: White's in Black's half, Black's anywhere; queens and a few pieces.
    let place =
        |board: &mut [char; 64], c: char, squares: std::ops::Range<usize>, rng: &mut SmallRng| {
            for _ in 0..20 {
                let sq = rng.gen_range(squares.clone());
                if board[sq] == ' ' {
                    board[sq] = c;
                    return;
                }
            }
        };
    place(&mut board, 'D', 40..64, rng);
    place(&mut board, 'd', 0..64, rng);
    place(&mut board, 'Q', 24..64, rng);
    if rng.gen_bool(0.5) {
        place(&mut board, 'Q', 0..64, rng);
    }
    place(&mut board, 'q', 0..64, rng);
    for _ in 0..rng.gen_range(0..4) {
        let c = *['r', 'b', 'n', 'R', 'N', 'p', 'P']
            .choose(rng)
            .expect("pieces");
        let squares = if c.eq_ignore_ascii_case(&'p') {
            8..56
        } else {
            0..64
        };
        place(&mut board, c, squares, rng);
    }
    let side = if rng.gen_bool(0.75) { 'w' } else { 'b' };
    let fen = format!("{} {side} - - 0 1", fen_board(&board));
    let rules = diplomatic_chess::Rules::default();
    let pos = diplomatic_chess::Position::parse(&fen, rules).ok()?;
    let mut moves = Vec::new();
    SequentialPosition::legal_moves(&pos, &mut moves);
    if moves.is_empty() || pos.no_queens() {
        return None;
    }
    if pos.last_chance_pending() {
        // A last chance: the moves that do not lose at once are the expected answers.
        let saving: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let child = pos.after(mv);
                !child.last_chance_lost()
            })
            .collect();
        if saving.is_empty() || saving.len() * 4 > moves.len() {
            return None;
        }
        let text = case_text("diplomatic-chess", "", &fen, "defence", 0, &saving);
        return Some(("defence".to_string(), text));
    }
    let n = shortest_win(&pos)?;
    if n > 2 {
        return None;
    }
    let best = solver::winning_moves(&pos, n);
    let kind = format!("invasion{n}");
    Some((
        kind.clone(),
        case_text("diplomatic-chess", "", &fen, &kind, n, &best),
    ))
}

fn fen_board(board: &[char; 64]) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let c = board[rank * 8 + file];
            if c == ' ' {
                empty += 1;
            } else {
                if empty > 0 {
                    write!(out, "{empty}").expect("string");
                    empty = 0;
                }
                out.push(c);
            }
        }
        if empty > 0 {
            write!(out, "{empty}").expect("string");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn case_text<M: std::fmt::Display>(
    game: &str,
    options: &str,
    position: &str,
    kind: &str,
    n: u32,
    best: &[M],
) -> String {
    let best: Vec<String> = best.iter().map(|m| m.to_string()).collect();
    let expect = if kind == "defence" {
        "save".to_string()
    } else {
        format!("win {n}")
    };
    let mut text = format!(
        "# note: {kind}, found by examples/mine_tactics.rs and proved by the exhaustive solver\n\
         game: {game}\n"
    );
    if !options.is_empty() {
        writeln!(text, "options: {options}").expect("string");
    }
    writeln!(
        text,
        "position: {position}\nexpect: {expect}\nbest: {}",
        best.join(" ")
    )
    .expect("string");
    text
}
