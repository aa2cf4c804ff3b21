//! The `moves` table (each game's append-only log, read as [`Logged`] entries) and the
//! `pending` table (each side's saved orders for the current phase, and whether it is ready).

use super::writes::{int, opt_text, text, Writes};
use super::{Store, Tx};
use crate::domain::{Entry, Logged, Saved, Sealed};
use diplo_core::Color;
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

/// The columns of `moves` a log entry is read from ([`read_logged`]).
macro_rules! log_columns {
    () => {
        "seq, kind, side, body, at_ms"
    };
}

/// The columns of `pending` saved orders are read from ([`read_pending`]).
macro_rules! pending_columns {
    () => {
        "side, orders, ready"
    };
}

const LOG_QUERY: &str = concat!(
    "SELECT ",
    log_columns!(),
    " FROM moves WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq"
);

/// An entry as the log keeps it: its kind, side and body (the move's coordinates, or the
/// phase's orders as JSON).
fn encode(entry: &Entry) -> (&'static str, Option<Color>, String) {
    match entry {
        Entry::Move { side, coordinate } => ("move", Some(*side), coordinate.clone()),
        Entry::Phase(orders) => (
            "phase",
            None,
            serde_json::to_string(orders).unwrap_or_default(),
        ),
        Entry::Resign(side) => ("resign", Some(*side), String::new()),
        Entry::Flag(side) => ("flag", Some(*side), String::new()),
        Entry::Forfeit(side) => ("forfeit", Some(*side), String::new()),
        Entry::Abandon => ("abandon", None, String::new()),
    }
}

/// Reads an entry back from its kind, side and body.
fn decode(kind: &str, side: Option<&str>, body: String) -> Result<Entry, String> {
    let side = || side.and_then(Color::from_name).ok_or("no side");
    Ok(match kind {
        "move" => Entry::Move {
            side: side()?,
            coordinate: body,
        },
        "phase" => Entry::Phase(serde_json::from_str(&body).map_err(|e| e.to_string())?),
        "resign" => Entry::Resign(side()?),
        "flag" => Entry::Flag(side()?),
        "forfeit" => Entry::Forfeit(side()?),
        "abandon" => Entry::Abandon,
        other => return Err(format!("unknown kind `{other}`")),
    })
}

/// A row of `moves` (`log_columns!`) as an entry.
fn read_logged(row: &AnyRow) -> Result<Logged, sqlx::Error> {
    let seq: i64 = row.try_get("seq")?;
    let kind: String = row.try_get("kind")?;
    let side: Option<String> = row.try_get("side")?;
    let entry = decode(&kind, side.as_deref(), row.try_get("body")?)
        .map_err(|e| sqlx::Error::Decode(format!("log entry {seq}: {e}").into()))?;
    Ok(Logged {
        seq,
        entry,
        at_ms: row.try_get("at_ms")?,
    })
}

/// A row of `pending` (`pending_columns!`) as a side's saved orders.
fn read_pending(row: &AnyRow) -> Result<(Color, Sealed), sqlx::Error> {
    let side: String = row.try_get("side")?;
    let orders: String = row.try_get("orders")?;
    let ready: i64 = row.try_get("ready")?;
    let bad = |what: String| sqlx::Error::Decode(format!("saved orders: {what}").into());
    let orders = serde_json::from_str(&orders).map_err(|e| bad(e.to_string()))?;
    Ok((
        Color::from_name(&side).ok_or_else(|| bad(format!("side `{side}`")))?,
        Sealed {
            orders: Saved::Orders(orders),
            ready: ready != 0,
        },
    ))
}

async fn log<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    sql: &str,
    id: &str,
    after: i64,
    upto: i64,
) -> Result<Vec<Logged>, sqlx::Error> {
    let rows = sqlx::query(sql)
        .bind(id)
        .bind(after)
        .bind(upto)
        .fetch_all(executor)
        .await?;
    rows.iter().map(read_logged).collect()
}

impl Writes {
    /// Appends an entry to a game's log.
    pub fn append(&mut self, id: &str, seq: i64, entry: &Entry, at_ms: i64) {
        let (kind, side, body) = encode(entry);
        self.statements.push((
            "INSERT INTO moves (game_id, seq, kind, side, body, at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            vec![
                text(id),
                int(seq),
                text(kind),
                opt_text(side.map(Color::name)),
                text(&body),
                int(at_ms),
            ],
        ));
    }

    /// Saves (or replaces) a side's orders for the phase at `version`, ready or not.
    pub fn seal(&mut self, id: &str, side: Color, version: i64, orders: &[String], ready: bool) {
        let orders = serde_json::to_string(orders).unwrap_or_default();
        self.statements.push((
            "INSERT INTO pending (game_id, side, version, orders, ready) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id, side) DO UPDATE SET version = excluded.version, \
             orders = excluded.orders, ready = excluded.ready",
            vec![
                text(id),
                text(side.name()),
                int(version),
                text(&orders),
                int(i64::from(ready)),
            ],
        ));
    }

    /// Drops one side's saved orders (it cleared them).
    pub fn unseal(&mut self, id: &str, side: Color) {
        self.statements.push((
            "DELETE FROM pending WHERE game_id = $1 AND side = $2",
            vec![text(id), text(side.name())],
        ));
    }

    /// Drops a game's saved orders (its phase resolved, or the game ended).
    pub fn unseal_all(&mut self, id: &str) {
        self.statements
            .push(("DELETE FROM pending WHERE game_id = $1", vec![text(id)]));
    }
}

impl Store {
    /// Log entries `after < seq <= upto` of a game, in order.
    pub async fn log(&self, id: &str, after: i64, upto: i64) -> Result<Vec<Logged>, sqlx::Error> {
        log(&self.read, LOG_QUERY, id, after, upto).await
    }

    /// The saved orders of `side` for the phase at `version`.
    pub async fn pending(
        &self,
        id: &str,
        side: Color,
        version: i64,
    ) -> Result<Option<Sealed>, sqlx::Error> {
        let sql = concat!(
            "SELECT ",
            pending_columns!(),
            " FROM pending WHERE game_id = $1 AND side = $2 AND version = $3"
        );
        let row = sqlx::query(sql)
            .bind(id)
            .bind(side.name())
            .bind(version)
            .fetch_optional(&self.read)
            .await?;
        Ok(row.as_ref().map(read_pending).transpose()?.map(|(_, o)| o))
    }
}

impl Tx {
    /// Log entries `after < seq <= upto` of a game, in order.
    pub async fn log(
        &mut self,
        id: &str,
        after: i64,
        upto: i64,
    ) -> Result<Vec<Logged>, sqlx::Error> {
        let sql = self.first(LOG_QUERY);
        log(self.conn(), &sql, id, after, upto).await
    }

    /// Every side's saved orders for the phase at `version`.
    pub async fn pending(
        &mut self,
        id: &str,
        version: i64,
    ) -> Result<Vec<(Color, Sealed)>, sqlx::Error> {
        let sql = self.first(concat!(
            "SELECT ",
            pending_columns!(),
            " FROM pending WHERE game_id = $1 AND version = $2 ORDER BY side"
        ));
        let rows = sqlx::query(&sql)
            .bind(id)
            .bind(version)
            .fetch_all(self.conn())
            .await?;
        rows.iter().map(read_pending).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::PhaseOrders;

    #[test]
    fn entries_round_trip_through_rows() {
        let entries = [
            Entry::Move {
                side: Color::Black,
                coordinate: "n2a3".into(),
            },
            Entry::Phase(PhaseOrders {
                white: Some(vec!["e2e4".into()]),
                black: None,
                late: Default::default(),
            }),
            Entry::Phase(PhaseOrders {
                white: Some(vec!["e2e4".into()]),
                black: None,
                late: crate::domain::BySide::new(
                    Some(crate::domain::Late::Used),
                    Some(crate::domain::Late::Cut {
                        used: 0,
                        reason: "0 entries given, 1 expected".into(),
                    }),
                ),
            }),
            Entry::Resign(Color::White),
            Entry::Flag(Color::Black),
            Entry::Forfeit(Color::White),
            Entry::Abandon,
        ];
        for entry in &entries {
            let (kind, side, body) = encode(entry);
            assert_eq!(&decode(kind, side.map(Color::name), body).unwrap(), entry);
        }
        assert!(decode("teleport", Some("white"), String::new()).is_err());
        // A phase logged before saved orders existed reads back without notes.
        let old = decode("phase", None, r#"{"white":["e4"],"black":null}"#.into()).unwrap();
        assert_eq!(
            old,
            Entry::Phase(PhaseOrders::new(Some(vec!["e4".into()]), None))
        );
        let (_, _, body) = encode(&old);
        assert_eq!(body, r#"{"white":["e4"],"black":null}"#);
        assert!(decode("move", None, "d3".into()).is_err());
    }
}
