//! The `mode` option (§1): basic, progressive, simultaneous-progressive.

use diplo_core::{GameInfo, GameRules, Options};
use std::str::FromStr;

/// The `mode` option (§1): the game's rules, read once from the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Mode {
    #[default]
    Basic,
    Progressive,
    SimultaneousProgressive,
}

impl Mode {
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Basic => "basic",
            Mode::Progressive => "progressive",
            Mode::SimultaneousProgressive => "simultaneous-progressive",
        }
    }

    /// The mode of validated options (the default where the option is missing).
    pub fn of(options: &Options) -> Mode {
        options
            .get("mode")
            .and_then(|m| m.parse().ok())
            .unwrap_or_default()
    }
}

impl GameRules for Mode {
    const INFO: &'static GameInfo = &crate::GAME_INFO;

    fn from_options(options: &Options) -> Mode {
        Mode::of(options)
    }

    fn to_options(self) -> Options {
        Options::defaults(&crate::GAME_INFO)
            .with(&crate::GAME_INFO, "mode", self.name())
            .expect("every mode is a value of the `mode` option")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown mode `{0}` (basic, progressive, simultaneous-progressive)")]
pub struct ModeError(pub String);

impl FromStr for Mode {
    type Err = ModeError;
    fn from_str(s: &str) -> Result<Mode, ModeError> {
        match s {
            "basic" => Ok(Mode::Basic),
            "progressive" => Ok(Mode::Progressive),
            "simultaneous-progressive" => Ok(Mode::SimultaneousProgressive),
            _ => Err(ModeError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip() {
        for mode in [
            Mode::Basic,
            Mode::Progressive,
            Mode::SimultaneousProgressive,
        ] {
            assert_eq!(Mode::from_options(&mode.to_options()), mode);
        }
        assert_eq!(Mode::Basic.options_tag(), None);
        assert_eq!(
            Mode::SimultaneousProgressive.options_tag().as_deref(),
            Some("mode=simultaneous-progressive")
        );
    }
}
