//! Placeholder until the SAN module lands: coordinates only.
use crate::{Coordinate, Move, Position};
use diplo_core::MoveError;

pub fn to_san(_pos: &Position, mv: Move) -> String {
    mv.to_string()
}

pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let c: Coordinate =
        text.parse()
            .map_err(|e: crate::CoordinateParseError| MoveError::Parse {
                text: text.into(),
                reason: e.reason.into(),
            })?;
    pos.legal_moves()
        .into_iter()
        .find(|m| m.coordinate() == c)
        .ok_or_else(|| MoveError::Illegal {
            text: text.into(),
            reason: "no such legal move".into(),
        })
}
