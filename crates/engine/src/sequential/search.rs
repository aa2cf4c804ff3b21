//! Principal-variation alpha-beta with iterative deepening, aspiration windows, a
//! transposition table, quiescence over captures, suborns and promotions, check extension,
//! killer/history/countermove ordering and late-move reductions, generic over any
//! [`Evaluate`] position.
//!
//! No null-move pruning: in Diplomat Chess a stalemate wins and zugzwang is common near the
//! end; Diplomatic Chess's positions cannot be given a null move through the position API
//! (see docs/engine.md).

use super::ordering::Ordering;
use super::tt::{Bound, Table};
use crate::analysis::{Iteration, Score};
use crate::eval::{Evaluate, MATE, MATE_BOUND};
use std::time::{Duration, Instant};

/// The deepest ply the search reaches (check extensions and quiescence included).
pub const MAX_PLY: usize = 128;
const INFINITE: i32 = MATE + 1;
/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;
/// The ordering key of a move the quiescence search does not look at.
const SKIP: i64 = i64::MIN;

/// When to stop thinking. Iterations stop at `depth`; no new iteration starts after `soft`;
/// the search is abandoned at `hard` or after `nodes` (never during the first iteration).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// How the searcher is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Evaluation noise in centipawns (weak levels): each position's evaluation is moved by a
    /// pseudo-random amount in `-noise..=noise`, fixed for the search by `seed`.
    pub noise: i32,
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mb: 16,
            noise: 0,
            seed: 0,
        }
    }
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// The move to play: `None` only when the root has no legal move.
    pub best: Option<M>,
    /// The score of the last completed iteration, side to move's view.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<M>,
    pub last: Option<Iteration>,
}

/// The search's state; its tables live on from one search to the next.
pub struct Searcher<P: Evaluate> {
    tt: Table<P::Move>,
    ordering: Ordering<P::Move>,
    settings: Settings,
    /// Per-ply move lists, reused without allocating.
    lists: Vec<Vec<P::Move>>,
    keys: Vec<Vec<i64>>,
    /// Triangular principal-variation table.
    pv: Vec<Vec<P::Move>>,
    /// Hashes of the game so far and of the path searched, for repetition.
    path: Vec<u64>,
    /// The move that led to each ply (countermoves).
    previous: Vec<Option<P::Move>>,
    nodes: u64,
    start: Instant,
    limits: Limits,
    iteration: u32,
    stopped: bool,
}

impl<P: Evaluate> Searcher<P> {
    pub fn new(settings: Settings) -> Searcher<P> {
        Searcher {
            tt: Table::new(settings.hash_mb.max(1)),
            ordering: Ordering::new(),
            settings,
            lists: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            keys: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..=MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            path: Vec::with_capacity(1024),
            previous: vec![None; MAX_PLY + 2],
            nodes: 0,
            start: Instant::now(),
            limits: Limits::default(),
            iteration: 0,
            stopped: false,
        }
    }

    pub fn set_noise(&mut self, noise: i32, seed: u64) {
        self.settings.noise = noise;
        self.settings.seed = seed;
    }

    /// Searches `root`, whose game went through the positions hashed in `history` (the
    /// root's own hash last, or empty), reporting each completed iteration to `progress`.
    pub fn search(
        &mut self,
        root: &P,
        history: &[u64],
        limits: Limits,
        progress: &mut dyn FnMut(&Iteration),
    ) -> SearchResult<P::Move> {
        self.start = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.stopped = false;
        self.tt.new_search();
        self.ordering.new_search();
        self.path.clear();
        self.path.extend_from_slice(history);
        if self.path.last() != Some(&root.hash()) {
            self.path.push(root.hash());
        }

        let mut root_moves = Vec::new();
        root.legal_moves(&mut root_moves);
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            last: None,
        };
        if root_moves.is_empty() {
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut mate_streak = 0;
        for depth in 1..=max_depth {
            self.iteration = depth;
            let score = self.aspiration(root, depth as i32, result.score);
            if self.stopped {
                break;
            }
            let pv: Vec<P::Move> = self.pv[0].clone();
            if let Some(&first) = pv.first() {
                result.best = Some(first);
            }
            result.score = score;
            result.depth = depth;
            result.pv = pv;
            let iteration = Iteration {
                depth,
                score: to_score(score),
                nodes: self.nodes,
                time: self.start.elapsed(),
                pv: result.pv.iter().map(|m| m.to_string()).collect(),
            };
            progress(&iteration);
            result.last = Some(iteration);
            if score.abs() > MATE_BOUND {
                mate_streak += 1;
            } else {
                mate_streak = 0;
            }
            let past_soft = limits.soft.is_some_and(|soft| self.start.elapsed() >= soft);
            // A mate seen by three iterations in a row will not change: stop early, unless
            // a fixed depth was asked for.
            let settled = limits.depth.is_none() && mate_streak >= 3;
            if past_soft || settled || self.node_limit_reached() {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// A search at `depth` in a window around the last score, widened until the score
    /// falls inside it.
    fn aspiration(&mut self, root: &P, depth: i32, previous: i32) -> i32 {
        if depth < 4 || previous.abs() > MATE_BOUND {
            return self.negamax(root, depth, -INFINITE, INFINITE, 0, true);
        }
        let mut delta = 30;
        let mut alpha = (previous - delta).max(-INFINITE);
        let mut beta = (previous + delta).min(INFINITE);
        loop {
            let score = self.negamax(root, depth, alpha, beta, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    #[inline]
    fn node_limit_reached(&self) -> bool {
        self.limits.nodes.is_some_and(|n| self.nodes >= n)
    }

    /// Counts a node and decides whether the search must stop now.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.iteration > 1 && !self.stopped {
            if self.node_limit_reached() {
                self.stopped = true;
            } else if self.nodes % CLOCK_INTERVAL == 0 {
                if let Some(hard) = self.limits.hard {
                    self.stopped = self.start.elapsed() >= hard;
                }
            }
        }
        self.stopped
    }

    /// The position's evaluation with the level's noise.
    #[inline]
    fn evaluate(&self, pos: &P) -> i32 {
        let score = pos.evaluate();
        let noise = self.settings.noise;
        if noise == 0 {
            return score;
        }
        let r = splitmix(pos.hash() ^ self.settings.seed);
        score + (r % (2 * noise as u64 + 1)) as i32 - noise
    }

    /// Whether the position on top of the path occurred before (same side to move).
    #[inline]
    fn is_repetition(&self) -> bool {
        let n = self.path.len();
        if n < 5 {
            return false;
        }
        let key = self.path[n - 1];
        let lowest = n.saturating_sub(102);
        let mut i = n - 3;
        loop {
            if self.path[i] == key {
                return true;
            }
            if i < lowest + 2 {
                return false;
            }
            i -= 2;
        }
    }

    /// Steps back from a searched child: whether the search was stopped there (then the
    /// ply's lists are already back in their slots and the node must return at once).
    #[inline]
    fn leave_child(&mut self, ply: usize, moves: &mut Vec<P::Move>, keys: &mut Vec<i64>) -> bool {
        self.path.pop();
        if self.stopped {
            self.put_back(ply, std::mem::take(moves), std::mem::take(keys));
        }
        self.stopped
    }

    /// Returns a ply's move and key lists to their slots, so that their memory is reused.
    #[inline]
    fn put_back(&mut self, ply: usize, moves: Vec<P::Move>, keys: Vec<i64>) {
        self.lists[ply] = moves;
        self.keys[ply] = keys;
    }

    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    fn negamax(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let in_check = pos.is_check();
        // Check extension: a checked side's answers are searched one ply deeper.
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        if ply > 0 {
            if self.is_repetition() {
                return 0;
            }
            if ply >= MAX_PLY {
                return self.evaluate(pos);
            }
            // Mate-distance pruning: no line can beat a mate already found nearer the root.
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let key = pos.hash();
        let entry = self.tt.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry {
            if !pv_node && e.depth >= depth {
                if let Some(score) = e.cutoff(ply as i32, alpha, beta) {
                    return score;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return pos.terminal_score(ply as i32);
        }
        if ply > 0 && pos.is_rule_draw() {
            self.lists[ply] = moves;
            return 0;
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        let side = pos.side_to_move();
        self.ordering
            .score(pos, &moves, &mut keys, tt_move, ply, self.previous[ply]);

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried: arrayvec::ArrayVec<P::Move, 64> = arrayvec::ArrayVec::new();
        for searched in 0..moves.len() {
            let mv = pick(&mut moves, &mut keys, searched);
            let tactical = pos.is_tactical(mv);
            let child = pos.after(mv);
            let gives_check = child.is_check();
            self.path.push(child.hash());
            self.previous[ply + 1] = Some(mv);
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, pv_node)
            } else {
                let quiet_late = depth >= 3
                    && searched >= 3
                    && !tactical
                    && !in_check
                    && !gives_check
                    && !self.ordering.is_killer(ply, mv);
                let reduction = if quiet_late {
                    let r = reduction(depth, searched) - i32::from(pv_node);
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                let mut score = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if reduction > 0 && score > alpha {
                    score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                score
            };
            if self.leave_child(ply, &mut moves, &mut keys) {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if !tactical {
                            self.ordering.reward::<P>(
                                side,
                                ply,
                                mv,
                                self.previous[ply],
                                depth,
                                &quiets_tried,
                            );
                        }
                        break;
                    }
                }
            }
            if !tactical && quiets_tried.len() < quiets_tried.capacity() {
                quiets_tried.push(mv);
            }
        }
        self.put_back(ply, moves, keys);
        let bound = bound_of(best, alpha, original_alpha, beta);
        self.tt
            .store(key, best_move, best, depth, bound, ply as i32);
        best
    }

    /// Resolves captures, suborns and promotions (and every answer to a check) until the
    /// position is quiet enough for the static evaluation.
    fn quiesce(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.tick() {
            return 0;
        }
        if self.is_repetition() {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return pos.terminal_score(ply as i32);
        }
        if pos.is_rule_draw() {
            self.lists[ply] = moves;
            return 0;
        }
        let in_check = pos.is_check();
        let must_act = !in_check && pos.must_act();
        // The window as given: a table bound is compared with it, not with the stand pat.
        let window_alpha = alpha;
        let mut best;
        let stand_pat;
        if in_check {
            best = -(MATE - ply as i32);
            stand_pat = None;
        } else if must_act {
            best = pos.quiet_loss(ply as i32);
            stand_pat = None;
        } else {
            let eval = self.evaluate(pos);
            if eval >= beta {
                self.lists[ply] = moves;
                return eval;
            }
            best = eval;
            alpha = alpha.max(eval);
            stand_pat = Some(eval);
        }
        // The table is probed only past the stand-pat cut-off: most quiescence nodes end
        // there, and the probe's cache miss would cost more than the node itself.
        let key = pos.hash();
        let cut = self.tt.probe(key);
        if let Some(score) = cut.and_then(|e| e.cutoff(ply as i32, window_alpha, beta)) {
            self.lists[ply] = moves;
            return score;
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        for &mv in moves.iter() {
            let key = if pos.is_tactical(mv) {
                1_000_000 + 64 * i64::from(pos.gain(mv)) - i64::from(pos.mover_value(mv) / 8)
            } else if in_check {
                0
            } else {
                SKIP
            };
            keys.push(key);
        }
        let original_alpha = alpha;
        let mut best_move = None;
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut keys, i);
            if keys[i] == SKIP {
                break;
            }
            if let Some(eval) = stand_pat {
                // Delta pruning: even winning this material cannot reach alpha.
                if eval + pos.gain(mv) + 200 < alpha {
                    continue;
                }
            }
            let child = pos.after(mv);
            self.path.push(child.hash());
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.leave_child(ply, &mut moves, &mut keys) {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.put_back(ply, moves, keys);
        let bound = bound_of(best, alpha, original_alpha, beta);
        self.tt.store(key, best_move, best, 0, bound, ply as i32);
        best
    }
}

/// Moves the best-keyed remaining move to `index` and returns it (selection sort, lazily:
/// most nodes cut off after a move or two).
#[inline]
fn pick<M: Copy>(moves: &mut [M], keys: &mut [i64], index: usize) -> M {
    let mut best = index;
    for j in index + 1..moves.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    moves.swap(index, best);
    keys.swap(index, best);
    moves[index]
}

/// What a node's score says about its true value: exact inside the window it was searched
/// with, a lower bound after a cutoff, an upper bound when no move raised alpha.
#[inline]
fn bound_of(best: i32, alpha: i32, original_alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if alpha > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Late-move reduction in plies for the `searched`-th move at `depth`.
#[inline]
fn reduction(depth: i32, searched: usize) -> i32 {
    let r = 0.5 + (depth as f64).ln() * (searched as f64).ln() / 2.2;
    r as i32
}

/// A search score as the analysis reports it.
pub fn to_score(score: i32) -> Score {
    if score > MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        Score::Mate(-((MATE + score) / 2))
    } else {
        Score::Centipawns(score)
    }
}

#[inline]
pub(crate) fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
