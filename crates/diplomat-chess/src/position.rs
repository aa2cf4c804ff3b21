//! A legal position: validated from a [`Setup`], with move generation and play.

use crate::cell::cells;
use crate::setup::{Hand, Setup, SetupParseError};
use crate::tables::*;
use crate::{Cell, CellSet, Move, Piece, Role, SubornRule};
use diplo_core::{ByColor, Color};
use std::fmt;

/// Why a readable setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{0} has no king")]
    MissingKing(Color),
    #[error("{0} has more than one king")]
    TooManyKings(Color),
    #[error("{0} is in check but it is {1}'s turn")]
    OppositeCheck(Color, Color),
    #[error("pieces in hand are only possible with suborn=drop")]
    HandWithoutDrop,
    #[error("{0} pieces in all (board and hands); the game has 20")]
    TooManyPieces(u32),
    #[error("{0} pawns in all; the game has 10 and never makes more")]
    TooManyPawns(u32),
}

/// A position string that is unreadable, or readable but illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionParseError {
    #[error("cannot parse position: {0}")]
    Parse(#[from] SetupParseError),
    #[error("illegal position: {0}")]
    Illegal(#[from] PositionError),
}

/// Moves of one position; capacity covers the largest drop-subvariant positions.
pub type MoveList = arrayvec::ArrayVec<Move, 768>;

const EMPTY: u8 = 0;
const RING_CELLS: u64 = (1u64 << 42) - 1;
const CENTRE_BIT: u64 = 1u64 << 42;

/// A legal Diplomat Chess position under one suborn rule.
///
/// Built only through [`Position::from_setup`] (or the start position), so every value is a
/// position the rules allow: one king each, the side not to move not in check.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    by_color: [u64; 2],
    by_role: [u64; 6],
    /// Piece code per cell (0 empty, else 1 + colour * 6 + role) for quick look-ups.
    mailbox: [u8; 43],
    hands: [Hand; 2],
    side: Color,
    fullmove: u32,
    rule: SubornRule,
    hash: u64,
}

fn code(piece: Piece) -> u8 {
    1 + piece.color.index() as u8 * 6 + piece.role.index() as u8
}

fn decode(code: u8) -> Option<Piece> {
    (code != EMPTY).then(|| {
        let c = code - 1;
        Piece {
            color: if c < 6 { Color::White } else { Color::Black },
            role: Role::ALL[(c % 6) as usize],
        }
    })
}

/// Something that receives generated moves: a list, or a counter for bulk perft.
pub(crate) trait MoveSink {
    fn moves(&mut self, from: usize, targets: u64);
    fn promotions(&mut self, from: usize, targets: u64);
    fn suborns(&mut self, diplomat: usize, targets: u64);
    fn drops(&mut self, role: Role, targets: u64);
}

/// A list that generated moves are pushed onto.
pub(crate) trait PushMove {
    fn push_move(&mut self, mv: Move);
}

impl PushMove for MoveList {
    #[inline]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

impl PushMove for Vec<Move> {
    #[inline]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
}

impl<L: PushMove> MoveSink for L {
    fn moves(&mut self, from: usize, targets: u64) {
        let from = Cell::from_index_unchecked(from as u8);
        for to in cells(targets) {
            self.push_move(Move::Normal {
                from,
                to,
                promotion: None,
            });
        }
    }
    fn promotions(&mut self, from: usize, targets: u64) {
        let from = Cell::from_index_unchecked(from as u8);
        for to in cells(targets) {
            for role in Role::PROMOTIONS {
                self.push_move(Move::Normal {
                    from,
                    to,
                    promotion: Some(role),
                });
            }
        }
    }
    fn suborns(&mut self, diplomat: usize, targets: u64) {
        let diplomat = Cell::from_index_unchecked(diplomat as u8);
        for to in cells(targets) {
            self.push_move(Move::Normal {
                from: diplomat,
                to,
                promotion: None,
            });
        }
    }
    fn drops(&mut self, role: Role, targets: u64) {
        for to in cells(targets) {
            self.push_move(Move::Drop { role, to });
        }
    }
}

/// Counts moves without making them (bulk-counted perft).
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn moves(&mut self, _: usize, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline]
    fn promotions(&mut self, _: usize, targets: u64) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline]
    fn suborns(&mut self, _: usize, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline]
    fn drops(&mut self, _: Role, targets: u64) {
        self.0 += targets.count_ones() as u64;
    }
}

/// Checks and pins against the side to move, found once per position.
struct KingSafety {
    /// Enemy pieces giving check.
    checkers: u64,
    /// Cells a non-king move must end on to answer every check (all cells if not in check).
    check_mask: u64,
    /// Own pieces that are the only blocker on some path from an enemy slider to the king.
    pinned: u64,
    pins: arrayvec::ArrayVec<(u8, u64), 24>,
    /// Enemy pieces that are the only blocker between an enemy slider and the king: taking
    /// one off the board (suborn=remove/drop) would expose the king.
    enemy_blockers: u64,
}

impl KingSafety {
    #[inline]
    fn pin_mask(&self, cell: usize) -> u64 {
        self.pins
            .iter()
            .filter(|(c, _)| *c as usize == cell)
            .fold(!0, |m, (_, mask)| m & mask)
    }
}

impl Position {
    /// The standard start position under the given rule.
    pub fn start(rule: SubornRule) -> Position {
        Position::parse(crate::START, rule).expect("the start position is legal")
    }

    /// Reads and validates a position string.
    pub fn parse(text: &str, rule: SubornRule) -> Result<Position, PositionParseError> {
        let setup: Setup = text.trim().parse()?;
        Ok(Position::from_setup(&setup, rule)?)
    }

    /// Validates a setup under a suborn rule.
    pub fn from_setup(setup: &Setup, rule: SubornRule) -> Result<Position, PositionError> {
        let mut pos = Position {
            by_color: [0; 2],
            by_role: [0; 6],
            mailbox: [EMPTY; 43],
            hands: [Hand::default(); 2],
            side: setup.side_to_move,
            fullmove: setup.fullmove,
            rule,
            hash: 0,
        };
        for cell in Cell::all() {
            if let Some(piece) = setup.piece_at(cell) {
                pos.put(cell.index(), piece);
            }
        }
        if let Some(hands) = &setup.hands {
            if rule != SubornRule::Drop && !(hands.white.is_empty() && hands.black.is_empty()) {
                return Err(PositionError::HandWithoutDrop);
            }
            pos.hands = [hands.white, hands.black];
        }
        for color in Color::ALL {
            match (pos.by_color[color.index()] & pos.by_role[Role::King.index()]).count_ones() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
        }
        let total = (pos.by_color[0] | pos.by_color[1]).count_ones()
            + pos.hands.iter().map(Hand::total).sum::<u32>();
        if total > 20 {
            return Err(PositionError::TooManyPieces(total));
        }
        let pawns = pos.by_role[Role::Pawn.index()].count_ones()
            + pos
                .hands
                .iter()
                .map(|h| h.count(Role::Pawn) as u32)
                .sum::<u32>();
        if pawns > 10 {
            return Err(PositionError::TooManyPawns(pawns));
        }
        let waiting = !pos.side;
        if pos.attackers(pos.king_index(waiting), pos.side, pos.occupied()) != 0 {
            return Err(PositionError::OppositeCheck(waiting, pos.side));
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The raw setup of this position (what the position string writes).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 43];
        for (cell, slot) in board.iter_mut().enumerate() {
            *slot = decode(self.mailbox[cell]);
        }
        Setup {
            board,
            hands: (self.rule == SubornRule::Drop)
                .then(|| ByColor::new(self.hands[0], self.hands[1])),
            side_to_move: self.side,
            fullmove: self.fullmove,
        }
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    pub fn rule(&self) -> SubornRule {
        self.rule
    }
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        decode(self.mailbox[cell.index()])
    }

    /// The cells of one side's pieces.
    pub fn pieces(&self, color: Color) -> CellSet {
        CellSet(self.by_color[color.index()])
    }

    /// The cells of one side's pieces of one role.
    pub fn pieces_of(&self, color: Color, role: Role) -> CellSet {
        CellSet(self.by_color[color.index()] & self.by_role[role.index()])
    }

    pub fn occupied_cells(&self) -> CellSet {
        CellSet(self.occupied())
    }

    /// The king of a side.
    pub fn king(&self, color: Color) -> Cell {
        Cell::from_index_unchecked(self.king_index(color) as u8)
    }

    /// Zobrist key of what repetition compares: placement, colours, side to move and hands
    /// (not the move number).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key recomputed from nothing; equal to [`Position::hash`] in every reachable position.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (cell, &code) in self.mailbox.iter().enumerate() {
            if let Some(p) = decode(code) {
                h ^= ZOBRIST_PIECES[p.color.index()][p.role.index()][cell];
            }
        }
        if self.side == Color::Black {
            h ^= ZOBRIST_BLACK_TO_MOVE;
        }
        for color in Color::ALL {
            for role in Role::IN_HAND {
                h ^= ZOBRIST_HANDS[color.index()][role.hand_index()]
                    [self.hands[color.index()].count(role) as usize];
            }
        }
        h
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != CellSet::EMPTY
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> CellSet {
        CellSet(self.attackers(self.king_index(self.side), !self.side, self.occupied()))
    }

    /// Whether `color` attacks `cell` (a Diplomat never attacks).
    pub fn is_attacked(&self, cell: Cell, color: Color) -> bool {
        self.attackers(cell.index(), color, self.occupied()) != 0
    }

    /// Only the two kings are on the board (and, with drops, both hands are empty).
    pub fn is_bare_kings(&self) -> bool {
        self.occupied().count_ones() == 2 && self.hands.iter().all(Hand::is_empty)
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The legal moves of the piece on `cell` (suborns included).
    pub fn moves_from(&self, cell: Cell) -> impl Iterator<Item = Move> {
        self.legal_moves()
            .into_iter()
            .filter(move |m| m.from() == Some(cell))
    }

    /// Whether the move takes an enemy piece off the board by moving onto it (a suborn is
    /// not a capture).
    pub fn is_capture(&self, mv: Move) -> bool {
        matches!(mv, Move::Normal { to, .. } if self.mailbox[to.index()] != EMPTY)
            && !self.is_suborn(mv)
    }

    /// The position after a move. The move must be legal (from [`Position::legal_moves`]).
    pub fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Whether a move is a Diplomat's suborn: a Diplomat acting on an occupied cell (its
    /// steps only go to empty cells).
    #[inline]
    pub fn is_suborn(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { from, to, .. } => {
                self.mailbox[to.index()] != EMPTY
                    && decode(self.mailbox[from.index()]).is_some_and(|p| p.role == Role::Diplomat)
            }
            Move::Drop { .. } => false,
        }
    }

    /// Plays a legal move in place.
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        match mv {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let piece =
                    decode(self.mailbox[from.index()]).expect("a legal move starts on a piece");
                match decode(self.mailbox[to.index()]) {
                    Some(victim) if piece.role == Role::Diplomat => self.suborn(to, victim),
                    captured => {
                        if let Some(captured) = captured {
                            self.take(to.index(), captured);
                        }
                        self.take(from.index(), piece);
                        let role = promotion.unwrap_or(piece.role);
                        self.put(to.index(), Piece { color: us, role });
                    }
                }
            }
            Move::Drop { role, to } => {
                self.add_to_hand(us, role, -1);
                self.put(to.index(), Piece { color: us, role });
            }
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = !us;
        self.hash ^= ZOBRIST_BLACK_TO_MOVE;
    }

    /// The side to move's Diplomat suborns `victim` on `target` (under the position's rule).
    fn suborn(&mut self, target: Cell, victim: Piece) {
        let us = self.side;
        self.take(target.index(), victim);
        match self.rule {
            SubornRule::Convert => self.put(
                target.index(),
                Piece {
                    color: us,
                    role: victim.role,
                },
            ),
            SubornRule::Remove => {}
            SubornRule::Drop => self.add_to_hand(us, victim.role, 1),
        }
    }

    fn add_to_hand(&mut self, color: Color, role: Role, delta: i8) {
        let hand = &mut self.hands[color.index()];
        let old = hand.count(role);
        let new = (old as i8 + delta) as u8;
        hand.set(role, new);
        let keys = &ZOBRIST_HANDS[color.index()][role.hand_index()];
        self.hash ^= keys[old as usize] ^ keys[new as usize];
    }

    #[inline]
    fn put(&mut self, cell: usize, piece: Piece) {
        let bit = 1u64 << cell;
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        self.mailbox[cell] = code(piece);
        self.hash ^= ZOBRIST_PIECES[piece.color.index()][piece.role.index()][cell];
    }

    #[inline]
    fn take(&mut self, cell: usize, piece: Piece) {
        let bit = 1u64 << cell;
        self.by_color[piece.color.index()] &= !bit;
        self.by_role[piece.role.index()] &= !bit;
        self.mailbox[cell] = EMPTY;
        self.hash ^= ZOBRIST_PIECES[piece.color.index()][piece.role.index()][cell];
    }

    #[inline]
    fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    fn role_of(&self, color: Color, role: Role) -> u64 {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    #[inline]
    fn king_index(&self, color: Color) -> usize {
        self.role_of(color, Role::King).trailing_zeros() as usize
    }

    /// Pieces of `by` attacking `cell` with the given occupancy. Diplomats never attack.
    #[inline]
    fn attackers(&self, cell: usize, by: Color, occupied: u64) -> u64 {
        let theirs = self.by_color[by.index()];
        let mut found = (KING_STEPS[cell] & self.by_role[Role::King.index()])
            | (HORSE_LEAPS[cell] & self.by_role[Role::Horse.index()])
            | (PAWN_ATTACKERS[by.index()][cell] & self.by_role[Role::Pawn.index()]);
        let rooks = theirs & self.by_role[Role::Rook.index()] & ROOK_REACH[cell];
        if rooks != 0 {
            found |= rook_attacks(cell, occupied) & rooks;
        }
        let bishops = theirs & self.by_role[Role::Bishop.index()] & BISHOP_REACH[cell];
        if bishops != 0 {
            found |= bishop_attacks(cell, occupied) & bishops;
        }
        found & theirs
    }

    /// Finds checks and pins by looking at every path from each aligned enemy slider to
    /// the king: an open path is a check, a path blocked by one piece is a pin (own piece)
    /// or an exposing blocker (enemy piece). Paths may share cells (two check paths can
    /// meet before the king), so check masks are intersected rather than special-cased.
    #[inline]
    fn king_safety(&self, king: usize) -> KingSafety {
        let us = self.side;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let mut safety = KingSafety {
            checkers: 0,
            check_mask: !0,
            pinned: 0,
            pins: arrayvec::ArrayVec::new(),
            enemy_blockers: 0,
        };
        let leapers = ((HORSE_LEAPS[king] & self.by_role[Role::Horse.index()])
            | (PAWN_ATTACKERS[them.index()][king] & self.by_role[Role::Pawn.index()])
            | (KING_STEPS[king] & self.by_role[Role::King.index()]))
            & theirs;
        for checker in cells(leapers) {
            safety.checkers |= checker.bit();
            safety.check_mask &= checker.bit();
        }
        let rooks = theirs & self.by_role[Role::Rook.index()] & ROOK_REACH[king];
        let bishops = theirs & self.by_role[Role::Bishop.index()] & BISHOP_REACH[king];
        for (sliders, table) in [(rooks, &ROOK_PATHS), (bishops, &BISHOP_PATHS)] {
            for slider in cells(sliders) {
                let slider_bit = slider.bit();
                for path in table[slider.index()][king].iter() {
                    let blockers = path & occupied;
                    if blockers == 0 {
                        safety.checkers |= slider_bit;
                        safety.check_mask &= path | slider_bit;
                    } else if blockers & (blockers - 1) == 0 {
                        if blockers & ours != 0 {
                            safety.pinned |= blockers;
                            safety
                                .pins
                                .push((blockers.trailing_zeros() as u8, path | slider_bit));
                        } else {
                            safety.enemy_blockers |= blockers;
                        }
                    }
                }
            }
        }
        safety
    }

    /// Generates every legal move into `sink`.
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let king = self.king_index(us);
        let safety = self.king_safety(king);

        // King: any step not onto own pieces and not attacked once the king has left.
        let without_king = occupied & !(1u64 << king);
        let mut king_targets = 0;
        for to in cells(KING_STEPS[king] & !ours) {
            if self.attackers(to.index(), them, without_king) == 0 {
                king_targets |= to.bit();
            }
        }
        sink.moves(king, king_targets);

        let allowed = safety.check_mask & !ours;
        let restrict = |from: usize, targets: u64| {
            if safety.pinned & (1u64 << from) != 0 {
                targets & safety.pin_mask(from)
            } else {
                targets
            }
        };
        for from in cells(self.role_of(us, Role::Rook)) {
            let f = from.index();
            sink.moves(f, restrict(f, rook_attacks(f, occupied) & allowed));
        }
        for from in cells(self.role_of(us, Role::Bishop)) {
            let f = from.index();
            sink.moves(f, restrict(f, bishop_attacks(f, occupied) & allowed));
        }
        for from in cells(self.role_of(us, Role::Horse)) {
            let f = from.index();
            sink.moves(f, restrict(f, HORSE_LEAPS[f] & allowed));
        }
        let promotion_cells = PROMOTION_CELLS[us.index()];
        for from in cells(self.role_of(us, Role::Pawn)) {
            let f = from.index();
            let targets =
                (PAWN_STEPS[us.index()][f] & !occupied) | (PAWN_CAPTURES[us.index()][f] & theirs);
            let targets = restrict(f, targets & safety.check_mask);
            sink.moves(f, targets & !promotion_cells);
            sink.promotions(f, targets & promotion_cells);
        }

        let suborn_targets = self.suborn_targets(&safety);
        for from in cells(self.role_of(us, Role::Diplomat)) {
            let f = from.index();
            sink.moves(
                f,
                restrict(f, KING_STEPS[f] & !occupied & safety.check_mask),
            );
            sink.suborns(f, KING_STEPS[f] & suborn_targets);
        }

        if self.rule == SubornRule::Drop {
            self.generate_drops(sink, &safety, occupied);
        }
    }

    /// Enemy pieces a Diplomat of the side to move may suborn (before adjacency): never the
    /// King; when in check only the single checker; and where the suborned piece leaves the
    /// board, never one whose removal would expose the king.
    #[inline]
    fn suborn_targets(&self, safety: &KingSafety) -> u64 {
        let them = !self.side;
        let mut targets = self.by_color[them.index()] & !self.by_role[Role::King.index()];
        if safety.checkers != 0 {
            let single = safety.checkers & (safety.checkers - 1) == 0;
            targets &= if single { safety.checkers } else { 0 };
        }
        if self.rule != SubornRule::Convert {
            targets &= !safety.enemy_blockers;
        }
        targets
    }

    /// Drops: onto empty ring cells (never the centre), answering any check, never giving
    /// check, pawns never onto their promotion cells.
    fn generate_drops<S: MoveSink>(&self, sink: &mut S, safety: &KingSafety, occupied: u64) {
        let us = self.side;
        let hand = self.hands[us.index()];
        if hand.is_empty() {
            return;
        }
        let base = !occupied & RING_CELLS & safety.check_mask & !CENTRE_BIT;
        let enemy_king = self.king_index(!us);
        for role in Role::IN_HAND {
            if hand.count(role) == 0 {
                continue;
            }
            let checking = match role {
                Role::Rook => rook_attacks(enemy_king, occupied),
                Role::Bishop => bishop_attacks(enemy_king, occupied),
                Role::Horse => HORSE_LEAPS[enemy_king],
                Role::Pawn => PAWN_ATTACKERS[us.index()][enemy_king] | PROMOTION_CELLS[us.index()],
                Role::Diplomat | Role::King => 0,
            };
            sink.drops(role, base & !checking);
        }
    }
}

impl fmt::Display for Position {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self}, suborn={})", self.rule)
    }
}
