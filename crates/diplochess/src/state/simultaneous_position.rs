//! [`State`] as DiploChess's [`SimultaneousPosition`]: orders, their enumeration and checks,
//! the resolution of a phase, repetition and the record.

use super::{Orders, Stage, State};
use crate::enumerate;
use crate::game::{OrderError, Resolution};
use crate::order::{Order, Phase};
use crate::position::{Position, PositionError};
use crate::validity;
use crate::Rules;
use diplo_core::{Color, Repetitions, SimultaneousPosition, Status};

/// Zobrist keys of the held pawns (`HELD[colour][count]`, no key for none), drawn like
/// board8's keys from their own seed.
const HELD: [[u64; 16]; 2] = {
    let mut out = [[0u64; 16]; 2];
    let mut state: u64 = 0x0D1B_10C4_E550_00D1;
    let mut c = 0;
    while c < 2 {
        let mut n = 1;
        while n < 16 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            out[c][n] = z ^ (z >> 31);
            n += 1;
        }
        c += 1;
    }
    out
};

impl SimultaneousPosition for State {
    type Rules = Rules;
    type Order = Order;
    type Orders = Orders;
    type Resolution = Resolution;
    type ParseError = PositionError;
    type OrderError = OrderError;

    fn start(rules: Rules) -> State {
        State::new(Position::start(), rules)
    }

    fn parse(text: &str, rules: Rules) -> Result<State, PositionError> {
        Ok(State::new(text.parse()?, rules))
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn phase(&self) -> diplo_core::Phase {
        diplo_core::Phase {
            turn: self.position.turn,
            kind: self.current_phase().unwrap_or(Phase::Movement).into(),
        }
    }

    fn owes_orders(&self, side: Color) -> bool {
        self.needs_orders(side)
    }

    /// None required (a piece without an order holds, defaults fill the rest); at most one
    /// per decision. More are accepted by [`SimultaneousPosition::check_orders`], as today's
    /// records have them: they are void, surplus or not needed.
    fn order_count(&self, side: Color) -> (usize, usize) {
        (0, self.decisions(side))
    }

    fn parse_order(&self, side: Color, text: &str) -> Result<Order, OrderError> {
        let phase = self.current_phase().ok_or(OrderError::Over)?;
        let order: Order = text.parse()?;
        if !order.fits(phase) {
            return Err(OrderError::WrongPhase {
                color: side,
                order,
                phase,
            });
        }
        Ok(order)
    }

    fn legal_orders(&self, side: Color, orders: &mut Vec<Order>) {
        orders.clear();
        match &self.stage {
            Stage::Movement => enumerate::movement_orders(&self.position, side, orders),
            Stage::Retreats(adj) => {
                for d in adj.dislodged.iter().filter(|d| self.retreats(d, side)) {
                    enumerate::retreat_orders(adj, d, orders);
                }
            }
            Stage::Builds => enumerate::build_orders(&self.position, side, orders),
            Stage::Adjustments => enumerate::adjustment_orders(&self.position, side, orders),
            Stage::Over => {}
        }
    }

    fn check_orders(&self, side: Color, orders: &[Order]) -> Result<Orders, OrderError> {
        self.read_orders(side, orders)
    }

    /// Counts and reads the set as [`SimultaneousPosition::check_orders`] does (phase, one
    /// order per piece), then refuses what the rules would take but void (§4.2): a movement
    /// order that is not valid on this board, a retreat or disband of a piece that is not
    /// retreating or to a square it may not take, a build or adjustment the phase does not
    /// allow. Records and `adjudicate` still take void orders; a player is told at once.
    fn check_next(&self, side: Color, before: &[Order], next: &Order) -> Result<(), String> {
        let most = self.decisions(side);
        if before.len() >= most {
            return Err(match most {
                0 => "no orders are due from this side now".to_string(),
                1 => "only one order is due now".to_string(),
                n => format!("at most {n} orders are due now (one per decision)"),
            });
        }
        let mut all = before.to_vec();
        all.push(*next);
        self.read_orders(side, &all).map_err(|e| e.to_string())?;
        match &self.stage {
            Stage::Movement => validity::validate(&self.position, side, next)
                .map(|_| ())
                .map_err(|reason| reason.to_string()),
            Stage::Retreats(_) => {
                let piece = match next {
                    Order::Move(p, _) | Order::RetreatDisband(p) => *p,
                    _ => return Ok(()),
                };
                let pending = self
                    .pending_retreats()
                    .into_iter()
                    .find(|(d, _)| self.retreats(d, side) && d.square == piece.square);
                let Some((d, squares)) = pending else {
                    return Err(format!("no piece of yours retreats from {}", piece.square));
                };
                if d.piece.role != piece.role {
                    return Err(format!(
                        "the piece retreating from {} is {}, not {}",
                        piece.square,
                        d.piece.role.upper(),
                        piece.role.upper()
                    ));
                }
                match next {
                    Order::Move(_, to) if squares.0 & to.bit() == 0 => {
                        let list: Vec<String> = squares.map(|s| s.to_string()).collect();
                        Err(if list.is_empty() {
                            format!("{to} is not open to it: it has no retreat (`{piece} D`)")
                        } else {
                            format!(
                                "{to} is not open to it (it may retreat to {})",
                                list.join(" ")
                            )
                        })
                    }
                    _ => Ok(()),
                }
            }
            Stage::Builds | Stage::Adjustments => {
                let mut legal = Vec::new();
                self.legal_orders(side, &mut legal);
                if legal.contains(next) {
                    Ok(())
                } else if legal.is_empty() {
                    Err("nothing can be built, converted or disbanded now".to_string())
                } else {
                    let list: Vec<String> = legal.iter().map(ToString::to_string).collect();
                    Err(format!("not possible now (possible: {})", list.join(", ")))
                }
            }
            Stage::Over => Err(OrderError::Over.to_string()),
        }
    }

    /// No orders: in every phase the rules say what happens to a piece without one (it
    /// holds; a dislodged piece is removed; the build step takes its defaults; adjustments
    /// build nothing and disband the least valuable pieces).
    fn default_orders(&self, _side: Color) -> Orders {
        Orders::default()
    }

    /// What the rules do without orders (§3, rule 13, §7.4, rule 15).
    fn without_orders(&self, _side: Color) -> &'static str {
        match self.current_phase() {
            Some(Phase::Retreats) => "its dislodged pieces were removed",
            Some(Phase::Builds) => "its pawns and builds took the rules' defaults",
            Some(Phase::Adjustments) => {
                "it built nothing, and any disbands took its least valuable pieces"
            }
            Some(Phase::Movement) | None => "its pieces held",
        }
    }

    fn orders_of<'a>(&self, orders: &'a Orders) -> &'a [Order] {
        orders.as_slice()
    }

    /// The phase's resolver with White's orders listed first, then the phases nobody has
    /// to decide; the position after each build step counts for the repetition rule.
    fn resolve(
        &self,
        white: &Orders,
        black: &Orders,
        history: &mut dyn Repetitions<State>,
    ) -> (State, Resolution) {
        let orders: Vec<(Color, Order)> = white
            .0
            .iter()
            .map(|o| (Color::White, *o))
            .chain(black.0.iter().map(|o| (Color::Black, *o)))
            .collect();
        let mut next = self.clone();
        let phases = match next.play_phase(&orders, history) {
            Ok(phases) => phases,
            Err(_) => {
                // Orders not checked for this phase (two for one piece): none at all. The
                // resolvers fail before they change anything or count a position.
                next = self.clone();
                next.play_phase(&[], history).unwrap_or_default()
            }
        };
        (next, Resolution { phases })
    }

    /// The Zobrist hash of the board, the castling rights and the held pawns.
    fn hash(&self) -> u64 {
        let p = &self.position;
        p.board.zobrist()
            ^ board8::zobrist::castling(p.castling.bits())
            ^ HELD[0][usize::from(p.held.white & 15)]
            ^ HELD[1][usize::from(p.held.black & 15)]
    }

    /// The first three fields of the position string: board, castling rights, held pawns
    /// (§9.3); not the clock, the turn or the phase.
    fn same_for_repetition(&self, other: &State) -> bool {
        let (a, b) = (&self.position, &other.position);
        a.board == b.board && a.castling == b.castling && a.held == b.held
    }

    fn status(&self) -> Status {
        match self.result {
            Some(result) => Status::Over(result),
            None => Status::Ongoing,
        }
    }

    /// Each phase under a `-- <phase>` header: every order with what happened to its piece
    /// and the orders that caused it, and the pieces the rules moved without orders
    /// (`explain.rs`); then every dislodged piece that must retreat now with its legal
    /// squares (what `diplo play` has always shown).
    fn explain(&self, resolution: &Resolution) -> Vec<String> {
        let mut out = Vec::new();
        for report in &resolution.phases {
            out.push(format!("-- {}", report.phase()));
            super::explain::phase(report, self.rules.bloody, &mut out);
        }
        for (d, squares) in self.pending_retreats() {
            let list: Vec<String> = squares.map(|s| s.to_string()).collect();
            let to = if list.is_empty() {
                "no legal square (it will be removed)".to_string()
            } else {
                list.join(" ")
            };
            out.push(format!(
                "{} {} {} must retreat: {to}",
                d.piece.color,
                d.piece.role.upper(),
                d.square
            ));
        }
        out
    }

    /// A `turn <n>` section with both sides' movement orders, or a `retreats`, `builds` or
    /// `adjustments` section when somebody gave orders in that phase (§10.4).
    fn write_phase(&self, white: &Orders, black: &Orders, _: &Resolution, out: &mut String) {
        use std::fmt::Write;
        match self.current_phase() {
            Some(Phase::Movement) => {
                let _ = writeln!(out, "turn {}", self.position.turn);
            }
            Some(phase) if !(white.is_empty() && black.is_empty()) => {
                let _ = writeln!(out, "{phase}");
            }
            _ => return,
        }
        for (side, orders) in [(Color::White, white), (Color::Black, black)] {
            for order in &orders.0 {
                let _ = writeln!(out, "{side}: {order}");
            }
        }
    }
}
