//! A side's orders for the current phase of a simultaneous game: saved as they are entered
//! (not ready), or given with the side ready, which resolves the phase once every side that
//! owes orders is ready.

use super::apply::{Change, Outcome};
use super::{Entry, GameError, PhaseOrders, Sealed, MAX_ORDERS, MAX_TEXT};
use diplo_core::Color;
use diplo_games::{Kind, SimultaneousSession};

impl Change<'_> {
    /// `side`'s orders, ready or saved: see [`super::Action::Orders`].
    pub(super) fn orders(
        &mut self,
        side: Color,
        orders: Vec<String>,
        ready: bool,
    ) -> Result<Outcome, GameError> {
        let Some(game) = self.game.live.session.as_simultaneous() else {
            return Err(self.wrong_kind(Kind::Sequential));
        };
        self.require_active()?;
        if !game.owes_orders(side) {
            return Err(GameError::OwesNoOrders {
                side,
                phase: game.phase(),
            });
        }
        if orders.len() > MAX_ORDERS || orders.iter().any(|o| o.len() > MAX_TEXT) {
            return Err(GameError::TooManyOrders);
        }
        match ready {
            true => {
                let canonical = whole_set(game, side, &orders)?;
                self.ready(side, canonical)
            }
            false => {
                let canonical = so_far(game, side, &orders)?;
                Ok(self.save(side, canonical))
            }
        }
    }

    /// Saves `side`'s orders without it being ready (none: it has nothing saved). Nobody
    /// else sees anything of it, unless the side was ready before and no longer is.
    fn save(&mut self, side: Color, canonical: Vec<String>) -> Outcome {
        let state = &mut self.game.state;
        let saved = (!canonical.is_empty()).then(|| Sealed::draft(canonical));
        let before = state.sealed.get(side);
        if *before == saved {
            // The same orders again: nothing to do.
            return Outcome::Saved;
        }
        let was_ready = state.is_ready(side);
        *state.sealed.get_mut(side) = saved;
        self.progress.seal = Some(side);
        // Only a side that stops being ready changes what others see (`awaiting`).
        self.progress.public = was_ready;
        Outcome::Saved
    }

    /// `side` is ready with its orders: the phase resolves if every other side that owes
    /// orders is ready too, else the orders wait sealed.
    fn ready(&mut self, side: Color, canonical: Vec<String>) -> Result<Outcome, GameError> {
        let due = self.game.live.due();
        let state = &mut self.game.state;
        let sealed = Sealed::ready(canonical.clone());
        if state.sealed.get(side).as_ref() == Some(&sealed) {
            // The same orders again: nothing to do.
            return Ok(Outcome::Sealed);
        }
        let was_ready = state.is_ready(side);
        // Every other side that is due must be ready, and its orders be at hand.
        let mut phase = PhaseOrders::default();
        for &other in due.iter().filter(|&&other| other != side) {
            let others = state.sealed.get(other).as_ref().filter(|s| s.ready);
            match others {
                Some(sealed) => *phase.get_mut(other) = Some(known(sealed)?.clone()),
                None => {
                    *state.sealed.get_mut(side) = Some(sealed);
                    self.progress.seal = Some(side);
                    // Replaced orders change nothing anyone else may see.
                    self.progress.public = !was_ready;
                    return Ok(Outcome::Sealed);
                }
            }
        }
        if due.contains(&side) {
            *phase.get_mut(side) = Some(canonical);
        }
        self.game
            .live
            .resolve(&phase)
            .map_err(GameError::Internal)?;
        self.record(Entry::Phase(phase));
        self.settle()?;
        // The author's own orders are shown back only until the phase resolves.
        Ok(Outcome::Game)
    }
}

/// Reads each order on its own, then the set as a whole: the orders a side is ready with.
fn whole_set(
    game: &dyn SimultaneousSession,
    side: Color,
    orders: &[String],
) -> Result<Vec<String>, GameError> {
    let canonical = orders
        .iter()
        .map(|text| {
            game.check_order(side, text)
                .map_err(|error| GameError::OrderRefused {
                    text: text.clone(),
                    error,
                })
        })
        .collect::<Result<Vec<String>, GameError>>()?;
    game.check_orders(side, &canonical)
        .map_err(GameError::OrdersRefused)?;
    Ok(canonical)
}

/// Reads the orders one after the other as a player enters them: each must be readable,
/// possible now and not at odds with those before it in a way that more orders could not
/// mend (two for one piece, more than the phase takes). What more orders may settle (too
/// few yet) waits for the side to be ready, or for the deadline.
fn so_far(
    game: &dyn SimultaneousSession,
    side: Color,
    orders: &[String],
) -> Result<Vec<String>, GameError> {
    let mut canonical: Vec<String> = Vec::with_capacity(orders.len());
    for text in orders {
        let order = game
            .check_next_order(side, &canonical, text)
            .map_err(|error| GameError::OrderRefused {
                text: text.clone(),
                error,
            })?;
        canonical.push(order);
    }
    Ok(canonical)
}

/// Saved orders a change needs: read from the store with the game, never left unread.
fn known(sealed: &Sealed) -> Result<&Vec<String>, GameError> {
    sealed
        .orders()
        .ok_or_else(|| GameError::Internal("sealed orders were not read with the game".into()))
}
