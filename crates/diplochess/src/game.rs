//! DiploChess behind the shared traits: the options as [`Rules`] ([`GameRules`]), the
//! errors of a side's orders, what a phase did ([`PhaseReport`], [`Resolution`]), and a game
//! as the generic [`diplo_core::SimultaneousGame`] over [`State`](crate::State).

use crate::adjust::AdjustmentReport;
use crate::build::{BuildError, BuildReport};
use crate::movement::{Adjudication, MovementError, OrderReport};
use crate::order::{Order, OrderParseError, Phase};
use crate::retreat::{RetreatError, RetreatReport};
use crate::Rules;
use diplo_core::{Color, GameInfo, GameRules, OptionSpec, Options};
use std::fmt;

const OFF_ON: &[&str] = &["off", "on"];

/// What `diplo games` shows of DiploChess.
pub const GAME_INFO: GameInfo = GameInfo {
    id: "diplochess",
    name: "DiploChess (Birsan and Davis)",
    short_name: "DiploChess",
    summary: "8x8; Diplomacy orders (move, hold, support) for every piece at once",
    options: &[
        OptionSpec {
            name: "adjustments",
            values: OFF_ON,
            help: "home-square adjustments every 10th turn (rule 15)",
        },
        OptionSpec {
            name: "bloody",
            values: OFF_ON,
            help: "dislodged pieces other than the King are removed without a retreat",
        },
    ],
    notation_help: "DiploChess orders, one per line (spaces optional): hold `N c3 H`, move \
                    `R a1 - a5`, support `Q d1 S N d4` or `B b2 S R a1 - a5`, castle `O-O`; \
                    retreats `N e5 - c6` or disband `N e5 D`; build step `e8 = N`, `Build R a1`; \
                    adjustments `Build P d2`, `Disband N c3`. Pieces without orders hold.",
    perft_limit: None,
    typed_examples: &[],
};

/// A game of DiploChess from some start position, with its history: every phase played,
/// the positions reached (for the repetition draw, §9.3) and the record.
pub type Game = diplo_core::SimultaneousGame<crate::State>;

/// Turns without progress that draw the game (§9.3).
pub const NO_PROGRESS_TURNS: u32 = 50;

fn off_on(on: bool) -> &'static str {
    OFF_ON[usize::from(on)]
}

impl GameRules for Rules {
    const INFO: &'static GameInfo = &GAME_INFO;

    fn from_options(options: &Options) -> Rules {
        Rules {
            adjustments: options.get("adjustments") == Some("on"),
            bloody: options.get("bloody") == Some("on"),
        }
    }

    fn to_options(self) -> Options {
        Options::defaults(&GAME_INFO)
            .with(&GAME_INFO, "adjustments", off_on(self.adjustments))
            .and_then(|o| o.with(&GAME_INFO, "bloody", off_on(self.bloody)))
            .expect("both options take off and on")
    }
}

/// Why an order, or a side's orders for a phase, were not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error(transparent)]
    Parse(#[from] OrderParseError),
    #[error("{color}: `{order}` is not a {phase} order")]
    WrongPhase {
        color: Color,
        order: Order,
        phase: Phase,
    },
    #[error("{color}: two orders for {square} in one phase")]
    TwoOrders {
        color: Color,
        square: board8::Square,
    },
    #[error("the game is over")]
    Over,
    /// Two orders for one piece in a record's movement section.
    #[error(transparent)]
    Movement(#[from] MovementError),
    /// Two orders for one piece in a record's retreats section.
    #[error(transparent)]
    Retreat(#[from] RetreatError),
    /// Two conversions of one pawn in a record's builds section.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// What one phase did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum PhaseReport {
    Movement(Adjudication),
    Retreats(RetreatReport),
    Builds(BuildReport),
    Adjustments(AdjustmentReport),
}

impl PhaseReport {
    /// The phase the report is of.
    pub fn phase(&self) -> Phase {
        match self {
            PhaseReport::Movement(_) => Phase::Movement,
            PhaseReport::Retreats(_) => Phase::Retreats,
            PhaseReport::Builds(_) => Phase::Builds,
            PhaseReport::Adjustments(_) => Phase::Adjustments,
        }
    }

    /// The orders of the phase with their outcomes, in the order they were given.
    pub fn reports(&self) -> &[OrderReport] {
        match self {
            PhaseReport::Movement(a) => &a.reports,
            PhaseReport::Retreats(r) => &r.reports,
            PhaseReport::Builds(b) => &b.reports,
            PhaseReport::Adjustments(a) => &a.reports,
        }
    }
}

impl fmt::Display for PhaseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reports = match self {
            PhaseReport::Movement(a) => return write!(f, "{a}"),
            PhaseReport::Retreats(r) => {
                for (sq, p) in &r.removed {
                    writeln!(f, "removed: {}{sq}", p.char())?;
                }
                &r.reports
            }
            PhaseReport::Builds(b) => {
                for (sq, p) in &b.placed {
                    writeln!(f, "placed: {}{sq}", p.char())?;
                }
                for sq in &b.newly_held {
                    writeln!(f, "held: pawn from {sq}")?;
                }
                &b.reports
            }
            PhaseReport::Adjustments(a) => {
                for (sq, p) in &a.built {
                    writeln!(f, "built: {}{sq}", p.char())?;
                }
                for (sq, p) in &a.disbanded {
                    writeln!(f, "disbanded: {}{sq}", p.char())?;
                }
                &a.reports
            }
        };
        for r in reports {
            writeln!(f, "{} {} => {}", r.color, r.order, r.outcome)?;
        }
        Ok(())
    }
}

/// What one resolution did: the report of the phase the orders were for, then those of the
/// phases that followed without anybody's orders (only the ones that did something worth
/// reporting: removals, conversions and builds, disbands).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Resolution {
    pub phases: Vec<PhaseReport>,
}

impl fmt::Display for Resolution {
    /// The phases' reports one after the other: for movement, the lines of
    /// `diplo adjudicate`'s output.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.phases.iter().try_for_each(|p| write!(f, "{p}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_options_agree() {
        for adjustments in [false, true] {
            for bloody in [false, true] {
                let rules = Rules {
                    adjustments,
                    bloody,
                };
                assert_eq!(Rules::from_options(&rules.to_options()), rules);
            }
        }
        assert_eq!(Rules::default().options_tag(), None);
        let both = Rules {
            adjustments: true,
            bloody: true,
        };
        assert_eq!(
            both.options_tag().as_deref(),
            Some("adjustments=on bloody=on")
        );
        let options = Options::parse(&GAME_INFO, &["bloody=on"]).unwrap();
        assert_eq!(
            Rules::from_options(&options),
            Rules {
                adjustments: false,
                bloody: true
            }
        );
    }
}
