//! The running score of a match, the Elo difference it implies, and the sequential
//! probability ratio test (SPRT) that stops a match once the score is conclusive.

use std::fmt;

/// Wins, losses and draws of player 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Adds one game scored 1, ½ or 0 for player 1.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Player 1's mean score per game, 0 to 1 (½ before any game).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The variance of one game's score around the mean.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// The Elo difference of player 1 over player 2 and its 95 % margin. A score of 0 or
    /// 100 % has no finite Elo; it is taken as half a game short of perfect, so that a
    /// finite, conservative figure is shown.
    pub fn elo(&self) -> Elo {
        let n = f64::from(self.games());
        if n == 0.0 {
            return Elo {
                diff: 0.0,
                margin: f64::INFINITY,
            };
        }
        let edge = 0.5 / n;
        let clamp = |s: f64| s.clamp(edge, 1.0 - edge);
        let s = self.score();
        let se = (self.variance() / n).sqrt();
        let low = elo_of(clamp(s - 1.96 * se));
        let high = elo_of(clamp(s + 1.96 * se));
        Elo {
            diff: elo_of(clamp(s)),
            margin: (high - low) / 2.0,
        }
    }
}

/// The logistic Elo difference that an expected score `s` (0 < s < 1) means.
pub fn elo_of(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of a player `elo` points stronger.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference and its 95 % margin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    pub diff: f64,
    pub margin: f64,
}

impl fmt::Display for Elo {
    /// `+35.2 +/- 20.1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Adding 0 turns -0 into 0.
        write!(f, "{:+.1} +/- {:.1}", self.diff + 0.0, self.margin)
    }
}

/// The SPRT of H0 "player 1 is `elo0` stronger" against H1 "it is `elo1` stronger", with
/// error rates α = β = 5 %.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

/// Where an SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    H0,
    H1,
    Inconclusive,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
            Verdict::Inconclusive => "inconclusive",
        })
    }
}

const ALPHA: f64 = 0.05;
const BETA: f64 = 0.05;

impl Sprt {
    /// Reads `ELO0,ELO1` (ELO0 < ELO1).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("`{text}` is not ELO0,ELO1 with ELO0 < ELO1 (e.g. 0,10)");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo1.abs() < 2000.0) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1 })
    }

    /// The log-likelihood ratio of the tally, by the normal approximation of the score
    /// (as in fishtest's logistic-Elo SPRT).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let n = f64::from(tally.games());
        let variance = tally.variance();
        if n == 0.0 || variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * tally.score() - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = self.llr(tally);
        if llr >= ((1.0 - BETA) / ALPHA).ln() {
            Verdict::H1
        } else if llr <= (BETA / (1.0 - ALPHA)).ln() {
            Verdict::H0
        } else {
            Verdict::Inconclusive
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn elo_follows_the_logistic_curve() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.01);
        assert!((score_of(elo_of(0.3)) - 0.3).abs() < 1e-9);
        let even = tally(30, 30, 40).elo();
        assert!(even.diff.abs() < 1e-9);
        // 100 games at 60 %: about +70 Elo with a margin near ±60.
        let e = tally(50, 30, 20).elo();
        assert!((e.diff - 70.4).abs() < 0.1, "{e}");
        assert!(e.margin > 50.0 && e.margin < 75.0, "{e}");
        assert!(tally(100, 0, 0).elo().diff.is_finite());
        assert!(tally(0, 10, 0).elo().diff < -400.0);
    }

    #[test]
    fn sprt_accepts_the_hypothesis_the_score_supports() {
        let sprt = Sprt::parse("0,50").unwrap();
        assert_eq!(sprt.verdict(&tally(60, 20, 20)), Verdict::H1);
        assert_eq!(sprt.verdict(&tally(20, 60, 20)), Verdict::H0);
        assert_eq!(sprt.verdict(&tally(3, 2, 1)), Verdict::Inconclusive);
        assert_eq!(sprt.verdict(&Tally::default()), Verdict::Inconclusive);
        for bad in ["", "5", "10,0", "a,b", "0,inf"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
