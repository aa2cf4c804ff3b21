//! The three optional rules, read from the game's options.

use diplo_core::Options;
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

    /// The rules a set of options selects (`on` turns a rule on).
    pub fn from_options(options: &Options) -> Rules {
        let on = |key| options.get(key) == Some("on");
        Rules {
            push_back: on("push-back"),
            extra_diplomat_move: on("extra-diplomat-move"),
            extended_pawns: on("extended-pawns"),
        }
    }

    /// `key=value` for the options that are on, in the spec's order.
    pub fn on_pairs(self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.push_back {
            out.push("push-back=on");
        }
        if self.extra_diplomat_move {
            out.push("extra-diplomat-move=on");
        }
        if self.extended_pawns {
            out.push("extended-pawns=on");
        }
        out
    }
}

impl fmt::Display for Rules {
    /// The options that are on, space-separated (as the `[Options]` tag), or `default`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs = self.on_pairs();
        if pairs.is_empty() {
            f.write_str("default")
        } else {
            f.write_str(&pairs.join(" "))
        }
    }
}
