//! Rematches: a finished game's players play again, colours swapped.

use super::{BySide, Clocks, GameError, GameState, Live, Progress, Seat, ServerGame, Status};
use crate::secret;
use diplo_core::Color;

/// What asking for a rematch did.
pub enum Rematch {
    /// The first to ask made the new game and sits at `seat` (an engine opponent sits at
    /// the other seat at once, and the game starts); `old`: what changed in the finished
    /// game (it links to the new one now).
    Created {
        game: Box<ServerGame>,
        seat: Color,
        old: Progress,
    },
    /// The other player took its seat in the rematch offered.
    Joined { seat: Color, offered: Progress },
}

impl ServerGame {
    /// A rematch of this game for the holder of `token`, who plays the other colour with
    /// `new_token`. `offered`: the rematch this game links to, if it links to one; `id`:
    /// the id a new rematch gets.
    pub fn rematch(
        &mut self,
        token: &str,
        offered: Option<&mut ServerGame>,
        id: String,
        new_token: &str,
        now: i64,
    ) -> Result<Rematch, GameError> {
        let side = self.state.side_of_token(token)?;
        if self.state.status != Status::Finished {
            return Err(GameError::NotFinished);
        }
        let seat = !side;
        let taken = Seat::Person {
            token: Some(secret::hash(new_token)),
        };
        if self.state.rematch.is_some() {
            let offered = offered.ok_or(GameError::UnknownGame)?;
            let state = &mut offered.state;
            if state.status != Status::Waiting || state.seats.get(seat).is_taken() {
                return Err(GameError::RematchSeatTaken);
            }
            *state.seats.get_mut(seat) = taken;
            state.activate(&offered.live, now);
            return Ok(Rematch::Joined {
                seat,
                offered: Progress::public(now),
            });
        }
        let old = &self.state;
        let free = |seat: &Seat| match seat {
            Seat::Person { .. } => Seat::Person { token: None },
            Seat::Engine(spec) => Seat::Engine(*spec),
        };
        let mut seats = BySide::new(free(&old.seats.black), free(&old.seats.white));
        *seats.get_mut(seat) = taken;
        let mut state = GameState {
            start_position: old.start_position.clone(),
            time: old.time,
            clocks: Clocks::new(old.time),
            ..GameState::new(id, old.game.clone(), old.options.clone(), seats, now)
        };
        let live = Live::start(&state).map_err(GameError::Internal)?;
        if state.seats.get(side).is_taken() {
            state.activate(&live, now);
        }
        self.state.rematch = Some(state.id.clone());
        Ok(Rematch::Created {
            game: Box::new(ServerGame { state, live }),
            seat,
            old: Progress::public(now),
        })
    }
}
