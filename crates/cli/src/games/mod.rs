//! Adapters from each implemented game's crate to the command line's engine traits.

pub mod diplochess;
pub mod diplomacy_chess;
pub mod diplomat_chess;
pub mod diplomatic_chess;
mod sequential;
mod simultaneous;
