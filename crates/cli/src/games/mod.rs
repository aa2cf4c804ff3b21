//! Adapters from each implemented game's crate to the command line's engine traits.

pub mod diplomat_chess;
