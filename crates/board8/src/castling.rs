//! Castling rights and the FEN castling field.

use std::fmt;
use std::str::FromStr;

/// Which castlings are still possible, as FEN writes them (`KQkq`, `-`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    pub const WHITE_KINGSIDE: u8 = 1;
    pub const WHITE_QUEENSIDE: u8 = 2;
    pub const BLACK_KINGSIDE: u8 = 4;
    pub const BLACK_QUEENSIDE: u8 = 8;
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(15);

    const LETTERS: [(u8, char); 4] = [
        (Self::WHITE_KINGSIDE, 'K'),
        (Self::WHITE_QUEENSIDE, 'Q'),
        (Self::BLACK_KINGSIDE, 'k'),
        (Self::BLACK_QUEENSIDE, 'q'),
    ];

    pub const fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }
    pub fn remove(&mut self, flags: u8) {
        self.0 &= !flags;
    }
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// White's rights become Black's and the other way round.
    pub const fn mirrored(self) -> CastlingRights {
        CastlingRights(((self.0 & 3) << 2) | ((self.0 >> 2) & 3))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("castling field `{0}`: expected `-` or some of K, Q, k, q")]
pub struct CastlingParseError(pub String);

impl FromStr for CastlingRights {
    type Err = CastlingParseError;
    fn from_str(s: &str) -> Result<CastlingRights, CastlingParseError> {
        if s == "-" {
            return Ok(CastlingRights::NONE);
        }
        let mut bits = 0;
        for c in s.chars() {
            let (flag, _) = Self::LETTERS
                .iter()
                .find(|(_, l)| *l == c)
                .ok_or_else(|| CastlingParseError(s.to_string()))?;
            if bits & flag != 0 {
                return Err(CastlingParseError(s.to_string()));
            }
            bits |= flag;
        }
        if bits == 0 {
            return Err(CastlingParseError(s.to_string()));
        }
        Ok(CastlingRights(bits))
    }
}

impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (flag, letter) in Self::LETTERS {
            if self.has(flag) {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for s in ["-", "KQkq", "Kq", "k"] {
            assert_eq!(s.parse::<CastlingRights>().unwrap().to_string(), s);
        }
        assert_eq!("qK".parse::<CastlingRights>().unwrap().to_string(), "Kq");
        assert!("KK".parse::<CastlingRights>().is_err());
        assert!("X".parse::<CastlingRights>().is_err());
        assert!("".parse::<CastlingRights>().is_err());
        assert_eq!(
            "Kq".parse::<CastlingRights>()
                .unwrap()
                .mirrored()
                .to_string(),
            "Qk"
        );
    }
}
