//! Movement adjudication (spec §5): the static pre-pass (validity, blocking, head-to-head,
//! support matching and cutting), the DATC-style decisions ([`resolve`]) and the results
//! with an explanation for every order ([`report`]).

#[cfg(test)]
mod consistency;
mod prepass;
mod report;
mod resolve;
mod turn;

pub use report::{fen_order, Adjudication, Dislodgement, OrderOutcome, OrderReport};
pub(crate) use turn::{Kind, State, SupportStatic, Tri, Turn};

use crate::order::Order;
use crate::position::Position;
use board8::Square;
use diplo_core::Color;

/// "No index" in the index-linked lists below.
pub(crate) const NONE: u16 = u16::MAX;

/// Why a set of movement orders could not be adjudicated at all (exit status 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovementError {
    #[error("{color}: two orders for the piece on {square} (`{first}` and `{second}`)")]
    TwoOrders {
        color: Color,
        square: Square,
        first: String,
        second: String,
    },
    #[error("too many orders ({0})")]
    TooMany(usize),
}

/// Adjudicates one movement phase: `orders` in file order, each with its side.
pub fn adjudicate(
    position: &Position,
    orders: &[(Color, Order)],
) -> Result<Adjudication, MovementError> {
    let mut turn = Turn::new(position, orders)?;
    turn.resolve_all();
    Ok(turn.report())
}

#[cfg(test)]
mod cycle_generator {
    use super::*;
    use crate::random::{cycle_phase, Rng};

    /// The generator of the permutation tests (`tests/cycle_permutations.rs`) is meaningful:
    /// many of its phases hold a cycle that the recursive pass leaves open.
    #[test]
    fn cycle_phases_hold_cycles() {
        let (mut with_cycle, mut paradox, mut several) = (0, 0, 0);
        let total = 2000;
        for seed in 0..total {
            let mut rng = Rng::new(seed);
            let (position, orders) = cycle_phase(&mut rng, 7);
            assert!(orders.len() <= 7 && orders.len() >= 2, "seed {seed}");
            let mut turn = Turn::new(&position, &orders).unwrap();
            turn.resolve_all();
            with_cycle += usize::from(turn.cycles > 0);
            several += usize::from(turn.cycles > 1);
            paradox += usize::from(turn.paradox.iter().any(|&p| p));
        }
        eprintln!("{with_cycle} of {total} phases with a cycle, {several} with several, {paradox} with a paradox");
        assert!(with_cycle * 4 > total as usize, "{with_cycle} of {total}");
        assert!(paradox * 10 > total as usize, "{paradox} of {total}");
    }
}
