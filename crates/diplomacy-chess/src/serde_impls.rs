//! Serde forms (the `serde` feature): a position as its string, an entry or a notation as
//! the text it reads back from, and the board types that `diplo-board8` leaves without serde
//! as small field helpers: a square as `"e4"`, a role as `"knight"`, a piece as
//! `{"color": "white", "role": "knight"}`.

use crate::conditional::Entry;
use crate::notation::Notation;
use crate::position::Position;
use crate::state::State;
use board8::{Piece, Role, Square};
use diplo_core::Color;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for Position {
    /// The position string (§12.2).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

impl Serialize for State {
    /// The position string; the mode travels with the game's options.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Entry {
    /// The entry's text (`Nf3`, `bNf6?e5:d4`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Entry {
    /// Reads the text as [`Entry::read`] does (an `executed` condition's place is checked
    /// with the rest of the series).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entry, D::Error> {
        Entry::read(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}

impl Serialize for Notation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Notation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Notation, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

/// A square as its name, `"e4"`.
pub(crate) mod square {
    use super::*;

    pub fn serialize<S: Serializer>(square: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(square)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn role_named<E: serde::de::Error>(name: &str) -> Result<Role, E> {
    Role::ALL
        .into_iter()
        .find(|&r| role_name(r) == name)
        .ok_or_else(|| E::custom(format!("`{name}` is not a piece kind")))
}

/// A role as its lower-case name, `"knight"`.
pub(crate) mod role {
    use super::*;

    pub fn serialize<S: Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(role_name(*role))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        role_named(&String::deserialize(d)?)
    }
}

/// An optional role (a promotion): its name or `null`.
pub(crate) mod opt_role {
    use super::*;

    pub fn serialize<S: Serializer>(role: &Option<Role>, s: S) -> Result<S::Ok, S::Error> {
        role.map(role_name).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Role>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|name| role_named(&name))
            .transpose()
    }
}

#[derive(Serialize, Deserialize)]
struct PieceForm {
    color: Color,
    #[serde(with = "role")]
    role: Role,
}

/// A piece as `{"color": "white", "role": "knight"}`.
pub(crate) mod piece {
    use super::*;

    pub fn serialize<S: Serializer>(piece: &Piece, s: S) -> Result<S::Ok, S::Error> {
        PieceForm {
            color: piece.color,
            role: piece.role,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        let form = PieceForm::deserialize(d)?;
        Ok(Piece {
            color: form.color,
            role: form.role,
        })
    }
}
