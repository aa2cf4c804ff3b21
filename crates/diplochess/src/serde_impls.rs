//! serde support (feature `serde`): orders as their text (`N g1 - f3`, both ways), positions
//! and states as their position strings, outcomes and reports as plain structures (squares
//! as `e4`, pieces as FEN letters, square sets as lists in FEN board order), the reason of a
//! failed order as its text.
//!
//! The movement results are defined next to the resolver; their impls are derived here
//! through serde's remote derive, so that the resolver's files stay as they are.

use crate::movement::{Adjudication, Dislodgement, OrderOutcome, OrderReport};
use crate::order::{Order, PieceRef};
use crate::outcome::Failure;
use crate::position::Position;
use crate::state::{Orders, State};
use board8::{Bitboard, Piece, Square};
use diplo_core::Color;
use serde::de::Error as _;
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt::Display;
use std::str::FromStr;

fn text<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

fn from_text<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let text = String::deserialize(d)?;
    text.parse().map_err(D::Error::custom)
}

macro_rules! as_text {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                text(self, s)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                from_text(d)
            }
        }
    )*};
}

as_text!(Order, PieceRef, Position);

/// A state serializes as the position string of its board; it cannot be read back alone
/// (the phase and the rules are not in the string).
impl Serialize for State {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        text(self, s)
    }
}

/// A side's checked orders: the list of their texts.
impl Serialize for Orders {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

pub(crate) fn square<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
    text(sq, s)
}

pub(crate) fn piece<S: Serializer>(p: &Piece, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&p.char())
}

/// Squares in FEN board order (a8 … h1).
pub(crate) fn squares<S: Serializer>(bits: &Bitboard, s: S) -> Result<S::Ok, S::Error> {
    let mut list: Vec<Square> = bits.collect();
    list.sort_by_key(|sq| (7 - sq.rank(), sq.file()));
    square_list(&list, s)
}

pub(crate) fn square_list<S: Serializer>(list: &[Square], s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(list.len()))?;
    for sq in list {
        seq.serialize_element(&sq.to_string())?;
    }
    seq.end()
}

/// Pieces with their squares: `[{"square": "e4", "piece": "N"}, …]`.
pub(crate) fn placed<S: Serializer>(list: &[(Square, Piece)], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Placed<'a> {
        #[serde(serialize_with = "square")]
        square: &'a Square,
        #[serde(serialize_with = "piece")]
        piece: &'a Piece,
    }
    let mut seq = s.serialize_seq(Some(list.len()))?;
    for (sq, p) in list {
        seq.serialize_element(&Placed {
            square: sq,
            piece: p,
        })?;
    }
    seq.end()
}

// A failure is its text (`bounced at c3 by N d5 (3 against 3)`), read back with `FromStr`:
// the form outcomes had when reasons were strings. Nothing stores outcomes (the server keeps
// records as text and replays them); the form serves display and export.
as_text!(Failure);

/// `"executed"` or `{"failed": "<the reason's text>"}`.
#[derive(Serialize, Deserialize)]
#[serde(remote = "OrderOutcome", rename_all = "lowercase")]
enum OrderOutcomeDef {
    Executed,
    Failed(Failure),
}

impl Serialize for OrderOutcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        OrderOutcomeDef::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for OrderOutcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        OrderOutcomeDef::deserialize(d)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "OrderReport")]
struct OrderReportDef {
    color: Color,
    order: Order,
    outcome: OrderOutcome,
}

impl Serialize for OrderReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        OrderReportDef::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for OrderReport {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        OrderReportDef::deserialize(d)
    }
}

#[derive(Serialize)]
#[serde(remote = "Dislodgement")]
struct DislodgementDef {
    #[serde(serialize_with = "square")]
    square: Square,
    #[serde(serialize_with = "piece")]
    piece: Piece,
    #[serde(serialize_with = "square")]
    attacker_from: Square,
}

impl Serialize for Dislodgement {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        DislodgementDef::serialize(self, s)
    }
}

#[derive(Serialize)]
#[serde(remote = "Adjudication")]
struct AdjudicationDef {
    position: Position,
    reports: Vec<OrderReport>,
    dislodged: Vec<Dislodgement>,
    #[serde(serialize_with = "squares")]
    standoffs: Bitboard,
    progress: bool,
}

impl Serialize for Adjudication {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        AdjudicationDef::serialize(self, s)
    }
}
