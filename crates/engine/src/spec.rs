//! Player specs (interfaces.md v2): `human`, `engine`, `engine:L`, `random`, `greedy`, each
//! optionally followed by `@ms=N`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The strongest level; `engine` alone means this level.
pub const MAX_LEVEL: u8 = 8;

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A person at the keyboard (or at the other end of the server).
    Human,
    /// The engine at a level, 1 (beginner) to [`MAX_LEVEL`] (full strength).
    Engine { level: u8 },
    /// A uniformly random legal move or order set.
    Random,
    /// One ply: the best immediate material gain, ties at random.
    Greedy,
}

/// A player and its time per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerSpec {
    pub kind: PlayerKind,
    /// Time per move (`@ms=N`); `None`: the player's default.
    pub movetime: Option<Duration>,
}

/// Why a player spec was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("`{0}` is not a player (human, engine, engine:1 … engine:8, random, greedy, optionally with @ms=N)")]
    Unknown(String),
    #[error("`{0}`: the level is a number from 1 to 8")]
    Level(String),
    #[error("`{0}`: the time is `@ms=N` with N a number of milliseconds from 1 to 3600000")]
    Time(String),
}

/// The longest time per move a spec may ask for (an hour).
const MAX_MS: u64 = 3_600_000;

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let text = text.trim();
        let (name, time) = match text.split_once('@') {
            Some((name, time)) => (name, Some(time)),
            None => (text, None),
        };
        let kind = match name {
            "human" => PlayerKind::Human,
            "engine" => PlayerKind::Engine { level: MAX_LEVEL },
            "random" => PlayerKind::Random,
            "greedy" => PlayerKind::Greedy,
            _ => match name.strip_prefix("engine:") {
                Some(level) => match level.parse::<u8>() {
                    Ok(level) if (1..=MAX_LEVEL).contains(&level) => PlayerKind::Engine { level },
                    _ => return Err(SpecError::Level(text.to_string())),
                },
                None => return Err(SpecError::Unknown(text.to_string())),
            },
        };
        let movetime = match time {
            None => None,
            Some(time) => {
                let ms = time
                    .strip_prefix("ms=")
                    .and_then(|n| n.parse::<u64>().ok())
                    .filter(|ms| (1..=MAX_MS).contains(ms))
                    .ok_or_else(|| SpecError::Time(text.to_string()))?;
                Some(Duration::from_millis(ms))
            }
        };
        Ok(PlayerSpec { kind, movetime })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PlayerKind::Human => f.write_str("human")?,
            PlayerKind::Engine { level } if level == MAX_LEVEL => f.write_str("engine")?,
            PlayerKind::Engine { level } => write!(f, "engine:{level}")?,
            PlayerKind::Random => f.write_str("random")?,
            PlayerKind::Greedy => f.write_str("greedy")?,
        }
        if let Some(t) = self.movetime {
            write!(f, "@ms={}", t.as_millis())?;
        }
        Ok(())
    }
}

impl PlayerSpec {
    pub fn is_human(&self) -> bool {
        self.kind == PlayerKind::Human
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_write_back() {
        for text in [
            "human",
            "engine",
            "engine:1",
            "engine:8@ms=200",
            "random",
            "greedy@ms=5",
        ] {
            let spec: PlayerSpec = text.parse().unwrap();
            let written = spec.to_string();
            let text = if text == "engine:8@ms=200" {
                "engine@ms=200"
            } else {
                text
            };
            assert_eq!(written, text);
        }
        assert_eq!(
            "engine".parse::<PlayerSpec>().unwrap(),
            "engine:8".parse::<PlayerSpec>().unwrap()
        );
        for bad in [
            "",
            "engine:0",
            "engine:9",
            "engine:x",
            "bot",
            "random@ms=0",
            "random@s=3",
            "random@ms=99999999999",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }
}
