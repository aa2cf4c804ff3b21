//! The `games` table: one list of its columns ([`COLUMNS`]), from which every query that
//! reads a game, the insert and the update are made; a row read into a [`GameState`] in one
//! place ([`read`]).

use super::writes::{int, opt_text, text, Bind, Writes};
use super::{Backend, Store, Tx};
use crate::domain::{BySide, Clocks, Finish, GameState, Sealed, Seat, Status, TimeControl};
use diplo_core::Color;
use sqlx::any::AnyRow;
use sqlx::Row;
use std::sync::OnceLock;

/// A column of `games`: its name, whether a change writes it back (the others are set once,
/// when the game is made), and its value for a game.
struct Column {
    name: &'static str,
    changes: bool,
    value: fn(&GameState) -> Bind,
}

const fn column(name: &'static str, changes: bool, value: fn(&GameState) -> Bind) -> Column {
    Column {
        name,
        changes,
        value,
    }
}

/// Every column of `games`; `id` first (the update's key).
const COLUMNS: [Column; 27] = [
    column("id", false, |g| text(&g.id)),
    column("game", false, |g| text(&g.game)),
    column("options", false, |g| text(&g.options)),
    column("start_position", false, |g| {
        opt_text(g.start_position.as_deref())
    }),
    column("status", true, |g| text(g.status.as_str())),
    column("version", true, |g| int(g.version)),
    column("stamp", true, |g| int(g.stamp)),
    column("white_player", false, |g| text(&g.seats.white.player())),
    column("black_player", false, |g| text(&g.seats.black.player())),
    column("white_token", true, |g| opt_text(g.seats.white.token())),
    column("black_token", true, |g| opt_text(g.seats.black.token())),
    column("invite", true, |g| opt_text(g.invite.as_deref())),
    column("open", true, |g| int(i64::from(g.open))),
    column("clock_kind", false, |g| opt_text(time_columns(g.time).0)),
    column("clock_ms", false, |g| Bind::Int(time_columns(g.time).1)),
    column("increment_ms", false, |g| Bind::Int(time_columns(g.time).2)),
    column("white_ms", true, |g| Bind::Int(g.clocks.left.white)),
    column("black_ms", true, |g| Bind::Int(g.clocks.left.black)),
    column("turn_started_ms", true, |g| {
        Bind::Int(g.clocks.turn_started_ms)
    }),
    column("deadline_ms", true, |g| Bind::Int(g.clocks.deadline_ms)),
    column("sealed", true, |g| int(sealed_bits(&g.sealed))),
    column("engine_due", true, |g| int(i64::from(g.engine_due))),
    column("result", true, |g| {
        opt_text(g.result.as_ref().map(|r| r.token.as_str()))
    }),
    column("reason", true, |g| {
        opt_text(g.result.as_ref().map(|r| r.reason.as_str()))
    }),
    column("rematch", true, |g| opt_text(g.rematch.as_deref())),
    column("created_ms", false, |g| int(g.created_ms)),
    column("updated_ms", true, |g| int(g.updated_ms)),
];

/// The statements made from [`COLUMNS`].
struct Sql {
    /// `SELECT <every column> FROM games`.
    select: String,
    insert: String,
    /// Every column a change writes, by `id` (`$1`).
    update: String,
}

fn sql() -> &'static Sql {
    static SQL: OnceLock<Sql> = OnceLock::new();
    SQL.get_or_init(|| {
        let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
        let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
        let sets: Vec<String> = COLUMNS
            .iter()
            .skip(1)
            .filter(|c| c.changes)
            .enumerate()
            .map(|(i, c)| format!("{} = ${}", c.name, i + 2))
            .collect();
        Sql {
            select: format!("SELECT {} FROM games", names.join(", ")),
            insert: format!(
                "INSERT INTO games ({}) VALUES ({})",
                names.join(", "),
                placeholders.join(", ")
            ),
            update: format!("UPDATE games SET {} WHERE id = $1", sets.join(", ")),
        }
    })
}

/// The store's text of a time control: kind, time, increment.
fn time_columns(time: TimeControl) -> (Option<&'static str>, Option<i64>, Option<i64>) {
    match time {
        TimeControl::None => (None, None, None),
        TimeControl::Fischer {
            initial_ms,
            increment_ms,
        } => (Some("fischer"), Some(initial_ms), Some(increment_ms)),
        TimeControl::PerMove { ms } => (Some("per_move"), Some(ms), None),
        TimeControl::Phase { ms } => (Some("phase"), Some(ms), None),
    }
}

fn time_control(kind: Option<&str>, ms: Option<i64>, increment: Option<i64>) -> TimeControl {
    match (kind, ms) {
        (Some("fischer"), Some(initial_ms)) => TimeControl::Fischer {
            initial_ms,
            increment_ms: increment.unwrap_or(0),
        },
        (Some("per_move"), Some(ms)) => TimeControl::PerMove { ms },
        (Some("phase"), Some(ms)) => TimeControl::Phase { ms },
        _ => TimeControl::None,
    }
}

/// Which sides have saved orders: bit 0 White, bit 1 Black for a side that is ready (v2's
/// sealed orders), bit 2 White, bit 3 Black for orders saved but not ready.
fn sealed_bits(sealed: &BySide<Option<Sealed>>) -> i64 {
    Color::ALL
        .into_iter()
        .filter_map(|side| {
            let saved = sealed.get(side).as_ref()?;
            let bit = side.index() + if saved.ready { 0 } else { 2 };
            Some(1 << bit)
        })
        .sum()
}

/// The saved orders of `side` as the `sealed` bits say ([`sealed_bits`]), not yet read.
fn sealed_of(bits: i64, side: Color) -> Option<Sealed> {
    if bits & (1 << side.index()) != 0 {
        Some(Sealed::unread(true))
    } else if bits & (1 << (side.index() + 2)) != 0 {
        Some(Sealed::unread(false))
    } else {
        None
    }
}

fn decode(message: String) -> sqlx::Error {
    sqlx::Error::Decode(message.into())
}

/// A row of `games` (all of [`COLUMNS`]) as a game's state; saved orders are
/// [`Saved::Unread`](crate::domain::Saved::Unread) until read from `pending`.
fn read(row: &AnyRow) -> Result<GameState, sqlx::Error> {
    let seat = |player: &str, token: &str| -> Result<Seat, sqlx::Error> {
        let name: String = row.try_get(player)?;
        Seat::from_player(&name, row.try_get(token)?).map_err(|e| decode(e.to_string()))
    };
    let status: String = row.try_get("status")?;
    let bits: i64 = row.try_get("sealed")?;
    let result: Option<String> = row.try_get("result")?;
    let reason: Option<String> = row.try_get("reason")?;
    let clock_kind: Option<String> = row.try_get("clock_kind")?;
    Ok(GameState {
        id: row.try_get("id")?,
        game: row.try_get("game")?,
        options: row.try_get("options")?,
        start_position: row.try_get("start_position")?,
        status: Status::parse(&status).ok_or_else(|| decode(format!("status `{status}`")))?,
        version: row.try_get("version")?,
        stamp: row.try_get("stamp")?,
        seats: BySide::new(
            seat("white_player", "white_token")?,
            seat("black_player", "black_token")?,
        ),
        invite: row.try_get("invite")?,
        open: row.try_get::<i64, _>("open")? != 0,
        time: time_control(
            clock_kind.as_deref(),
            row.try_get("clock_ms")?,
            row.try_get("increment_ms")?,
        ),
        clocks: Clocks {
            left: BySide::new(row.try_get("white_ms")?, row.try_get("black_ms")?),
            turn_started_ms: row.try_get("turn_started_ms")?,
            deadline_ms: row.try_get("deadline_ms")?,
        },
        sealed: BySide::new(sealed_of(bits, Color::White), sealed_of(bits, Color::Black)),
        engine_due: row.try_get::<i64, _>("engine_due")? != 0,
        result: result.map(|token| Finish {
            token,
            reason: reason.unwrap_or_default(),
        }),
        rematch: row.try_get("rematch")?,
        created_ms: row.try_get("created_ms")?,
        updated_ms: row.try_get("updated_ms")?,
    })
}

impl Writes {
    /// Adds a new game.
    pub fn insert_game(&mut self, g: &GameState) {
        let binds = COLUMNS.iter().map(|c| (c.value)(g)).collect();
        self.statements.push((sql().insert.as_str(), binds));
    }

    /// Writes back every column a change may touch (its stamp too).
    pub fn update_game(&mut self, g: &GameState) {
        let binds = COLUMNS
            .iter()
            .enumerate()
            .filter(|(i, c)| *i == 0 || c.changes)
            .map(|(_, c)| (c.value)(g))
            .collect();
        self.statements.push((sql().update.as_str(), binds));
    }
}

impl Store {
    /// Locks a game's row for the rest of the transaction; `None` if there is no such game.
    /// On PostgreSQL a second transaction on the same game waits here until the first
    /// commits (`FOR UPDATE`); on SQLite the transaction holds the write lock already.
    pub async fn lock_game(&self, tx: &mut Tx, id: &str) -> Result<Option<GameState>, sqlx::Error> {
        let lock = match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE",
        };
        let sql = tx.first(&format!("{} WHERE id = $1{lock}", sql().select));
        // Not `fetch_optional`: on SQLite the first result may be BEGIN's, which has no row.
        let rows = sqlx::query(&sql).bind(id).fetch_all(tx.conn()).await?;
        rows.first().map(read).transpose()
    }

    /// A game as last committed.
    pub async fn game(&self, id: &str) -> Result<Option<GameState>, sqlx::Error> {
        let sql = format!("{} WHERE id = $1", sql().select);
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.read)
            .await?;
        row.as_ref().map(read).transpose()
    }

    /// Games of one status for the lobby, the most recently changed first.
    pub async fn list(&self, status: Status, limit: i64) -> Result<Vec<GameState>, sqlx::Error> {
        let sql = format!(
            "{} WHERE status = $1 ORDER BY updated_ms DESC LIMIT $2",
            sql().select
        );
        let rows = sqlx::query(&sql)
            .bind(status.as_str())
            .bind(limit)
            .fetch_all(&self.read)
            .await?;
        rows.iter().map(read).collect()
    }

    /// Active games whose turn or phase ran out by `now`.
    pub async fn overdue(&self, now: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE deadline_ms IS NOT NULL AND deadline_ms <= $1 \
             AND status = $2 ORDER BY deadline_ms LIMIT $3",
        )
        .bind(now)
        .bind(Status::Active.as_str())
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(|r| r.try_get(0)).collect()
    }

    /// Active games in which an engine has owed a move since before `before`.
    pub async fn engine_waiting(
        &self,
        before: i64,
        limit: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE engine_due <> 0 AND updated_ms <= $1 \
             AND status = $2 ORDER BY updated_ms LIMIT $3",
        )
        .bind(before)
        .bind(Status::Active.as_str())
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        rows.iter().map(|r| r.try_get(0)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{StoreKind, TestDb};

    #[test]
    fn statements_name_every_column_once() {
        let sql = sql();
        assert!(sql
            .select
            .starts_with("SELECT id, game, options, start_position, status"));
        assert!(sql.insert.ends_with("$26, $27)"));
        assert_eq!(
            sql.update,
            "UPDATE games SET status = $2, version = $3, stamp = $4, white_token = $5, \
             black_token = $6, invite = $7, open = $8, white_ms = $9, black_ms = $10, \
             turn_started_ms = $11, deadline_ms = $12, sealed = $13, engine_due = $14, \
             result = $15, reason = $16, rematch = $17, updated_ms = $18 WHERE id = $1"
        );
    }

    #[test]
    fn time_controls_round_trip_through_their_columns() {
        for time in [
            TimeControl::None,
            TimeControl::Fischer {
                initial_ms: 60_000,
                increment_ms: 2_000,
            },
            TimeControl::PerMove { ms: 86_400_000 },
            TimeControl::Phase { ms: 3_000 },
        ] {
            let (kind, ms, increment) = time_columns(time);
            assert_eq!(time_control(kind, ms, increment), time);
        }
    }

    /// Every field of a game goes into its row and comes back out.
    #[tokio::test]
    async fn a_game_round_trips_through_its_row() {
        let db = TestDb::new(StoreKind::Sqlite).await.expect("a file");
        let store = Store::open(&db.url, 2).await.expect("a store");
        let time = TimeControl::Fischer {
            initial_ms: 60_000,
            increment_ms: 1_000,
        };
        let game = GameState {
            start_position: Some("1HBKRD2hbkrd1/1PPPPP2ppppp1/14/1 w 1".into()),
            version: 3,
            stamp: 7,
            seats: BySide::new(
                Seat::Person {
                    token: Some("ab".into()),
                },
                Seat::Engine("engine:3@ms=200".parse().expect("a spec")),
            ),
            invite: Some("cd".into()),
            open: true,
            time,
            clocks: Clocks {
                turn_started_ms: Some(5),
                deadline_ms: Some(9),
                ..Clocks::new(time)
            },
            sealed: BySide::new(None, Some(Sealed::unread(true))),
            engine_due: true,
            result: Some(Finish {
                token: "1-0".into(),
                reason: "checkmate".into(),
            }),
            rematch: Some("r".into()),
            updated_ms: 11,
            ..GameState::sample("g1")
        };
        let mut writes = Writes::default();
        writes.insert_game(&game);
        store.commit_known(writes).await.expect("inserted");
        assert_eq!(store.game("g1").await.expect("read"), Some(game.clone()));
        for sealed in [
            BySide::new(Some(Sealed::unread(false)), Some(Sealed::unread(true))),
            BySide::new(Some(Sealed::unread(true)), Some(Sealed::unread(false))),
        ] {
            let saved = GameState {
                sealed,
                ..game.clone()
            };
            let mut writes = Writes::default();
            writes.update_game(&saved);
            store.commit_known(writes).await.expect("updated");
            assert_eq!(store.game("g1").await.expect("read"), Some(saved));
        }
        let changed = GameState {
            status: Status::Finished,
            version: 4,
            sealed: BySide::default(),
            ..game
        };
        let mut writes = Writes::default();
        writes.update_game(&changed);
        store.commit_known(writes).await.expect("updated");
        assert_eq!(store.game("g1").await.expect("read"), Some(changed));
        store.close().await;
    }
}
