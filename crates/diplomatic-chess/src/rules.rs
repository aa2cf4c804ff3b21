//! The three optional rules, read from the game's options.

use crate::GAME_INFO;
use diplo_core::{GameRules, Options};
use std::fmt;

/// Which optional rules are in force (all off by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// An enemy piece may "capture" the Diplomat and push it back.
    pub push_back: bool,
    /// After the regular move a player may step its Diplomat once.
    pub extra_diplomat_move: bool,
    /// Pawns move one or two squares forward, backward or sideways.
    pub extended_pawns: bool,
}

impl Rules {
    /// Every combination of the three options, all off first.
    pub fn all() -> [Rules; 8] {
        std::array::from_fn(|i| Rules {
            push_back: i & 1 != 0,
            extra_diplomat_move: i & 2 != 0,
            extended_pawns: i & 4 != 0,
        })
    }

    /// The rules a set of options selects (`on` turns a rule on). The same as
    /// [`GameRules::from_options`], callable without that trait in scope.
    pub fn from_options(options: &Options) -> Rules {
        let on = |key| options.get(key) == Some("on");
        Rules {
            push_back: on("push-back"),
            extra_diplomat_move: on("extra-diplomat-move"),
            extended_pawns: on("extended-pawns"),
        }
    }
}

impl GameRules for Rules {
    const INFO: &'static diplo_core::GameInfo = &GAME_INFO;

    fn from_options(options: &Options) -> Rules {
        Rules::from_options(options)
    }

    fn to_options(self) -> Options {
        let mut options = Options::defaults(&GAME_INFO);
        for (key, on) in [
            ("push-back", self.push_back),
            ("extra-diplomat-move", self.extra_diplomat_move),
            ("extended-pawns", self.extended_pawns),
        ] {
            options = options
                .with(&GAME_INFO, key, if on { "on" } else { "off" })
                .expect("GAME_INFO declares every rule as an off/on option");
        }
        options
    }
}

impl fmt::Display for Rules {
    /// The options that are on, space-separated in the spec's order (as the `[Options]` tag),
    /// or `default`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.options_tag().as_deref().unwrap_or("default"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_in_the_spec_order() {
        for rules in Rules::all() {
            assert_eq!(Rules::from_options(&rules.to_options()), rules);
        }
        assert_eq!(Rules::default().to_string(), "default");
        assert_eq!(Rules::default().options_tag(), None);
        let all = Rules {
            push_back: true,
            extra_diplomat_move: true,
            extended_pawns: true,
        };
        assert_eq!(
            all.to_string(),
            "push-back=on extra-diplomat-move=on extended-pawns=on"
        );
        let two = Rules {
            extra_diplomat_move: false,
            ..all
        };
        assert_eq!(
            two.options_tag().as_deref(),
            Some("push-back=on extended-pawns=on")
        );
    }
}
