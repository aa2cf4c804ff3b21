//! The games this process keeps in memory, each behind its own lock: a change to a game
//! holds its slot from start to end, so changes to one game in one process queue here and
//! never race in the store. The slot is empty while a change is under way (a change
//! cancelled halfway leaves it empty, and the next request rebuilds the game from the store).

use crate::domain::{GameState, Live};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A game in memory.
pub struct Cached {
    pub live: Live,
    /// The game's state as this server last committed it, kept when it is the store's only
    /// writer (SQLite): the next change starts from it instead of reading it back.
    pub known: Option<GameState>,
}

pub type Slot = Arc<tokio::sync::Mutex<Option<Cached>>>;

pub struct Slots {
    map: Mutex<HashMap<String, Slot>>,
    capacity: usize,
}

impl Slots {
    pub fn new(capacity: usize) -> Slots {
        Slots {
            map: Mutex::new(HashMap::new()),
            capacity: capacity.max(16),
        }
    }

    /// The slot of a game (made empty if the game is not cached).
    pub fn get(&self, id: &str) -> Slot {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = map.get(id) {
            return slot.clone();
        }
        if map.len() >= self.capacity {
            // Forget games nobody is using until a tenth of the room is free.
            let target = self.capacity - self.capacity / 10;
            let idle: Vec<String> = map
                .iter()
                .filter(|(_, slot)| Arc::strong_count(slot) == 1)
                .map(|(id, _)| id.clone())
                .take(map.len().saturating_sub(target))
                .collect();
            for id in idle {
                map.remove(&id);
            }
        }
        let slot = Slot::default();
        map.insert(id.to_string(), slot.clone());
        slot
    }

    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_forget_idle_games_past_capacity() {
        let slots = Slots::new(16);
        let held = slots.get("held");
        for i in 0..100 {
            slots.get(&format!("g{i}"));
        }
        assert!(slots.len() <= 16);
        assert!(Arc::ptr_eq(&held, &slots.get("held")));
    }
}
