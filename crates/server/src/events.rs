//! Live updates: one broadcast channel per watched game in each process.
//!
//! A process that changes a game publishes the new public view to its own watchers. On
//! PostgreSQL every change also sends `NOTIFY diplo_games, '<id> <stamp>'` inside its
//! transaction; each process LISTENs and, for the games its watchers follow, reads the
//! new state from the store and publishes it. The stamp (bumped by every change) keeps a
//! process from publishing an older state after a newer one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// How many views a slow watcher may fall behind before it skips to the latest.
const CHANNEL_DEPTH: usize = 16;

/// A published view and the stamp of the state it shows: a watcher that already has that
/// state (its first view is read directly) skips it.
pub type Published = (i64, Arc<str>);

struct Topic {
    sender: broadcast::Sender<Published>,
    stamp: i64,
    last: Option<Published>,
}

#[derive(Default)]
pub struct Hub {
    topics: Mutex<HashMap<String, Topic>>,
}

impl Hub {
    /// Follows a game: the receiver gets every view published from now on.
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Published> {
        let mut topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        topics
            .entry(id.to_string())
            .or_insert_with(|| Topic {
                sender: broadcast::channel(CHANNEL_DEPTH).0,
                stamp: i64::MIN,
                last: None,
            })
            .sender
            .subscribe()
    }

    /// Forgets a game nobody follows any more.
    pub fn release(&self, id: &str) {
        let mut topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        if topics
            .get(id)
            .is_some_and(|t| t.sender.receiver_count() == 0)
        {
            topics.remove(id);
        }
    }

    /// Whether anyone in this process follows the game, and the last stamp published.
    pub fn watched(&self, id: &str) -> Option<i64> {
        let topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        topics
            .get(id)
            .filter(|t| t.sender.receiver_count() > 0)
            .map(|t| t.stamp)
    }

    /// Sends a game's view (made at `stamp`) to its watchers, unless a newer one was sent.
    pub fn publish(&self, id: &str, stamp: i64, view: String) {
        let mut topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(topic) = topics.get_mut(id) {
            if stamp > topic.stamp {
                let view: Arc<str> = view.into();
                topic.stamp = stamp;
                topic.last = Some((stamp, view.clone()));
                // No receiver left is not an error: the watcher went away.
                let _ = topic.sender.send((stamp, view));
            }
        }
    }

    /// Notes that the watchers of a game have the view made at `stamp` (sent to a new
    /// watcher directly), so that it is not published again.
    pub fn seen(&self, id: &str, stamp: i64) {
        let mut topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(topic) = topics.get_mut(id) {
            topic.stamp = topic.stamp.max(stamp);
        }
    }

    /// The last view published for a game (for a watcher that fell behind).
    pub fn last(&self, id: &str) -> Option<Published> {
        let topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        topics.get(id).and_then(|t| t.last.clone())
    }

    /// How many event streams are open in this process.
    pub fn watchers(&self) -> usize {
        let topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        topics.values().map(|t| t.sender.receiver_count()).sum()
    }

    /// Every game with a watcher in this process.
    pub fn watched_games(&self) -> Vec<String> {
        let topics = self.topics.lock().unwrap_or_else(|e| e.into_inner());
        topics
            .iter()
            .filter(|(_, t)| t.sender.receiver_count() > 0)
            .map(|(id, _)| id.clone())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_stamps_only_and_release() {
        let hub = Hub::default();
        hub.publish("g", 1, "nobody listens".into());
        assert_eq!(hub.watched("g"), None);
        let mut rx = hub.subscribe("g");
        hub.publish("g", 5, "five".into());
        hub.publish("g", 4, "four".into());
        hub.publish("g", 6, "six".into());
        assert_eq!(rx.try_recv().unwrap(), (5, "five".into()));
        assert_eq!(rx.try_recv().unwrap(), (6, "six".into()));
        assert!(rx.try_recv().is_err());
        assert_eq!(hub.watched("g"), Some(6));
        assert_eq!(hub.last("g"), Some((6, "six".into())));
        drop(rx);
        hub.release("g");
        assert!(hub.watched_games().is_empty());
    }
}
