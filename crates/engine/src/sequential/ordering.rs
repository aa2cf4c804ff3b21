//! Move ordering: the transposition-table move, then captures, suborns and promotions by
//! the material they win (least valuable mover first), then the killer moves of the ply,
//! the countermove of the previous move, and the rest by their history.

use crate::eval::{Evaluate, MOVE_INDEXES};
use diplo_core::Color;

const TT_MOVE: i64 = 1 << 40;
const TACTICAL: i64 = 1 << 32;
const KILLER: i64 = 1 << 30;
const COUNTER: i64 = (1 << 30) - 2;
/// History scores stay within ±HISTORY_MAX (the "gravity" update keeps them there).
const HISTORY_MAX: i32 = 1 << 16;

pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    countermoves: Vec<Option<M>>,
}

impl<M: Copy + PartialEq> Ordering<M> {
    pub fn new() -> Ordering<M> {
        Ordering {
            killers: vec![[None; 2]; super::search::MAX_PLY + 2],
            history: vec![0; 2 * MOVE_INDEXES],
            countermoves: vec![None; MOVE_INDEXES],
        }
    }

    /// Forgets the killers (they belong to the last search's plies) and ages the history.
    pub fn new_search(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// Fills `keys` with the ordering key of each move (higher first).
    pub fn score<P: Evaluate<Move = M>>(
        &self,
        pos: &P,
        moves: &[M],
        keys: &mut Vec<i64>,
        tt_move: Option<M>,
        ply: usize,
        previous: Option<M>,
    ) {
        keys.clear();
        let side = pos.side_to_move().index();
        let counter = previous.and_then(|p| self.countermoves[P::move_index(p)]);
        let [k1, k2] = self.killers[ply];
        for &mv in moves {
            let key = if Some(mv) == tt_move {
                TT_MOVE
            } else if pos.is_tactical(mv) {
                TACTICAL + 64 * i64::from(pos.gain(mv)) - i64::from(pos.mover_value(mv) / 8)
            } else if Some(mv) == k1 {
                KILLER
            } else if Some(mv) == k2 {
                KILLER - 1
            } else if Some(mv) == counter {
                COUNTER
            } else {
                i64::from(self.history[side * MOVE_INDEXES + P::move_index(mv)])
            };
            keys.push(key);
        }
    }

    /// A quiet move caused a beta cut-off at `depth`: it becomes a killer and the
    /// countermove of `previous`, its history rises, and the quiet moves tried before it fall.
    pub fn reward<P: Evaluate<Move = M>>(
        &mut self,
        side: Color,
        ply: usize,
        mv: M,
        previous: Option<M>,
        depth: i32,
        tried: &[M],
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if let Some(p) = previous {
            self.countermoves[P::move_index(p)] = Some(mv);
        }
        let bonus = (32 * depth * depth).min(HISTORY_MAX / 8);
        let base = side.index() * MOVE_INDEXES;
        update(&mut self.history[base + P::move_index(mv)], bonus);
        for &other in tried {
            update(&mut self.history[base + P::move_index(other)], -bonus);
        }
    }
}

/// Moves a history score towards ±HISTORY_MAX by `bonus`, less the closer it already is.
#[inline]
fn update(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}
