//! The writes that end a change, made into one query: one round trip to the store.

use super::Backend;
use crate::domain::{GameState, Progress, Saved, Sealed};
use sqlx::Any;

/// A value bound to a statement of [`Writes`].
#[derive(Clone, Debug)]
pub(super) enum Bind {
    Int(Option<i64>),
    Text(Option<String>),
}

pub(super) fn text(value: &str) -> Bind {
    Bind::Text(Some(value.to_string()))
}

pub(super) fn opt_text(value: Option<&str>) -> Bind {
    Bind::Text(value.map(str::to_string))
}

pub(super) fn int(value: i64) -> Bind {
    Bind::Int(Some(value))
}

/// The writes that end a change, run together in one round trip to the store.
#[derive(Default, Clone)]
pub struct Writes {
    pub(super) statements: Vec<(&'static str, Vec<Bind>)>,
}

impl Writes {
    /// Adds another change's writes after these.
    pub fn extend(&mut self, other: Writes) {
        self.statements.extend(other.statements);
    }

    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// What the store records of a change to a game (its state already stamped): the log
    /// entries, the saved orders kept, replaced or dropped, the row, and on PostgreSQL the
    /// notification to the other processes when others may see the change.
    pub fn change(&mut self, game: &GameState, progress: &Progress, backend: Backend) {
        let id = &game.id;
        for (seq, entry) in &progress.entries {
            self.append(id, *seq, entry, progress.at);
        }
        if progress.unseal {
            self.unseal_all(id);
        }
        if let Some(side) = progress.seal {
            match game.sealed.get(side) {
                Some(Sealed {
                    orders: Saved::Orders(orders),
                    ready,
                }) => self.seal(id, side, game.version, orders, *ready),
                None => self.unseal(id, side),
                Some(Sealed {
                    orders: Saved::Unread,
                    ..
                }) => {}
            }
        }
        self.update_game(game);
        if progress.visible() && backend == Backend::Postgres {
            self.notify(id, game.stamp);
        }
    }

    /// PostgreSQL: tells every process listening that the game changed (delivered at
    /// commit).
    pub fn notify(&mut self, id: &str, stamp: i64) {
        self.statements.push((
            "SELECT pg_notify('diplo_games', $1)",
            vec![Bind::Text(Some(format!("{id} {stamp}")))],
        ));
    }

    /// The writes as one query: on SQLite the statements one after the other (each ended
    /// by `;`), on PostgreSQL as one statement (the writes as a `WITH` list, then the
    /// notification or nothing).
    pub(super) fn into_query(self, backend: Backend) -> (String, Vec<Bind>) {
        let mut sql = String::new();
        let mut all = Vec::new();
        match backend {
            Backend::Sqlite => {
                for (statement, binds) in self.statements {
                    renumber(statement, all.len(), &mut sql);
                    sql.push_str(";\n");
                    all.extend(binds);
                }
            }
            Backend::Postgres => {
                let (selects, writes): (Vec<_>, Vec<_>) = self
                    .statements
                    .into_iter()
                    .partition(|(statement, _)| statement.starts_with("SELECT"));
                for (i, (statement, binds)) in writes.into_iter().enumerate() {
                    sql.push_str(if i == 0 { "WITH " } else { ", " });
                    sql.push_str(&format!("w{i} AS ("));
                    renumber(statement, all.len(), &mut sql);
                    sql.push_str(") ");
                    all.extend(binds);
                }
                match selects.into_iter().next() {
                    Some((statement, binds)) => {
                        renumber(statement, all.len(), &mut sql);
                        all.extend(binds);
                    }
                    None => sql.push_str("SELECT 1"),
                }
            }
        }
        (sql, all)
    }
}

pub(super) fn bound<'q>(
    mut query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    binds: Vec<Bind>,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    for bind in binds {
        query = match bind {
            Bind::Int(value) => query.bind(value),
            Bind::Text(value) => query.bind(value),
        };
    }
    query
}

/// Copies `sql` with every `$N` made `$(N + offset)`.
fn renumber(sql: &str, offset: usize, out: &mut String) {
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '$' {
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            if let Ok(n) = digits.parse::<usize>() {
                out.push_str(&(n + offset).to_string());
            } else {
                out.push_str(&digits);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_renumbered_for_one_query() {
        let mut out = String::new();
        renumber(
            "UPDATE t SET a = $1, b = $12 WHERE c = $2 AND d = '$'",
            10,
            &mut out,
        );
        assert_eq!(
            out,
            "UPDATE t SET a = $11, b = $22 WHERE c = $12 AND d = '$'"
        );
    }
}
