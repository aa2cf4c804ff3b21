//! Legal move generation into a sink, and the move lists and counts built on it.

use super::attacks::KingSafety;
use super::sink::{MoveCounter, MoveSink};
use super::{MoveList, Position, CENTRE_BIT, RING_CELLS};
use crate::cell::cells;
use crate::tables::*;
use crate::{Cell, Move, Role, SubornRule};

impl Position {
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
