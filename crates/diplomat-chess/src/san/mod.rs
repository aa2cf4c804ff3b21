//! The inventor's move notation (SAN), with the project's conventions where he left gaps.
//!
//! Writing ([`to_san`]) is canonical: check `+`, mate `++`, full promotion names (`=Rook`),
//! full colour names for suborns (`=black`), and an origin only where another legal move
//! would read the same. Reading ([`parse_move`]) also takes the accepted variants (`=R`,
//! `=b`, `#`, `@c2`, annotations `!`/`?`), the bare-pawn reading rule of published games,
//! and coordinate notation.
//!
//! | move | written |
//! |---|---|
//! | piece move / capture | `Ha3`, `Bxe3`, `Rx4`, disambiguated `Rba3`, `R2a3`, `Rb2a3`, `R4xa3` |
//! | pawn move | `d3`; when another pawn could make it: `f-f3`, `h3-i2`; from the centre `4-m3` |
//! | pawn into the centre | `d-4`, capturing `dx4` |
//! | pawn capture | `bxa3`, `h3xi2`, from the centre `4xf3` |
//! | promotion | `b1=Rook`, `bxa1=Horse` |
//! | suborn | `a3=black`; two Diplomats able to suborn the piece: `Dc2:b3=black` |
//! | drop | `H@c2`, `P@c2` |
//!
//! The module reads and writes in three steps: `syntax` (the [`San`] value, read and written
//! without a position), `write` (the canonical SAN of a legal move: [`to_san`]) and `resolve`
//! (the legal move a text means: [`parse_move`]).

mod resolve;
mod syntax;
mod write;

pub use resolve::{parse_move, parse_san, resolve};
pub use syntax::{Origin, San, SanParseError};
pub use write::{mark, san_of, to_san};

use crate::{Cell, Position, Role};

/// The role of the piece on `cell`, if any.
fn role_at(pos: &Position, cell: Cell) -> Option<Role> {
    pos.piece_at(cell).map(|p| p.role)
}
