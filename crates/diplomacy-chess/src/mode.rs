//! The `mode` option (§1): basic, progressive, simultaneous-progressive.

use diplo_core::Options;
use std::str::FromStr;

/// The `mode` option (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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
