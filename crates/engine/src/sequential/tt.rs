//! The transposition table: one entry per slot, indexed by the Zobrist hash, its size set
//! in megabytes.

use crate::eval::MATE_BOUND;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    pub key: u64,
    pub mv: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    generation: u8,
}

impl<M> Entry<M> {
    /// The score this result proves for a node `ply` plies from the root searched with the
    /// window (`alpha`, `beta`), if it proves one there (exact, or a bound outside the window).
    #[inline]
    pub fn cutoff(&self, ply: i32, alpha: i32, beta: i32) -> Option<i32> {
        let score = from_table(self.score, ply);
        let proven = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        proven.then_some(score)
    }
}

pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MB (at least one slot).
    pub fn new(megabytes: usize) -> Table<M> {
        let slot = std::mem::size_of::<Option<Entry<M>>>();
        let count = (megabytes * 1024 * 1024 / slot).max(1);
        Table {
            slots: vec![None; count],
            generation: 0,
        }
    }

    /// Marks the start of a new search, so that old entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the hash onto the slots without a division.
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores a result; a mate score is made relative to this node (`ply` from the root).
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: i32,
    ) {
        let i = self.index(key);
        let generation = self.generation;
        if let Some(old) = self.slots[i] {
            let keep = old.generation == generation
                && old.key != key
                && old.depth > depth + 2
                && bound != Bound::Exact;
            if keep {
                return;
            }
        }
        let mv = mv.or_else(|| self.slots[i].filter(|e| e.key == key).and_then(|e| e.mv));
        self.slots[i] = Some(Entry {
            key,
            mv,
            score: to_table(score, ply),
            depth,
            bound,
            generation,
        });
    }
}

/// A mate score as stored: relative to the node, not the root.
fn to_table(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// A stored score seen from a node `ply` plies from the root.
fn from_table(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}
