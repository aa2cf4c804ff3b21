use std::collections::BTreeMap;
use thiserror::Error;

/// One rule option a game accepts, with its allowed values; the first value is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub values: &'static [&'static str],
    pub help: &'static str,
}

impl OptionSpec {
    pub fn default_value(&self) -> &'static str {
        self.values[0]
    }
}

/// What `diplo games` shows of a game, and the facts about it that the command line and
/// the page tell players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    pub id: &'static str,
    /// The full name, with the inventor (`Diplomat Chess (Martín-Fuertes)`).
    pub name: &'static str,
    /// The name alone, for titles and lists (`Diplomat Chess`).
    pub short_name: &'static str,
    pub summary: &'static str,
    pub options: &'static [OptionSpec],
    /// How moves or orders are written, for help at a prompt.
    pub notation_help: &'static str,
    /// Sequential games: the deepest perft that finishes in reasonable time, and why.
    pub perft_limit: Option<PerftLimit>,
    /// Games whose orders are also typed: what is typed (the noun that
    /// [`crate::describe::OrderEntry::typed`] names) with an example of it.
    pub typed_examples: &'static [(&'static str, &'static str)],
}

/// The deepest perft a game takes, and the reason given when asked for more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftLimit {
    pub depth: u32,
    pub why: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    #[error("option `{0}` is not of the form key=value")]
    Syntax(String),
    #[error("unknown option `{key}` for {game} (known: {known})")]
    UnknownKey {
        key: String,
        game: &'static str,
        known: String,
    },
    #[error("option `{key}` does not take `{value}` (allowed: {allowed})")]
    BadValue {
        key: String,
        value: String,
        allowed: String,
    },
    #[error("option `{0}` is given twice")]
    Repeated(String),
}

/// Rule options checked against a game's [`OptionSpec`]s; every option has a value
/// (the default where none was given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    values: BTreeMap<&'static str, &'static str>,
}

impl Options {
    /// All options at their defaults.
    pub fn defaults(game: &GameInfo) -> Options {
        Options {
            values: game
                .options
                .iter()
                .map(|o| (o.name, o.default_value()))
                .collect(),
        }
    }

    /// Parses `key=value` pairs against the game's options.
    pub fn parse<S: AsRef<str>>(game: &GameInfo, pairs: &[S]) -> Result<Options, OptionError> {
        let mut options = Options::defaults(game);
        let mut seen = Vec::new();
        for pair in pairs {
            let pair = pair.as_ref();
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| OptionError::Syntax(pair.to_string()))?;
            let (key, value) = (key.trim(), value.trim());
            let spec = game.options.iter().find(|o| o.name == key).ok_or_else(|| {
                OptionError::UnknownKey {
                    key: key.to_string(),
                    game: game.id,
                    known: known_list(game.options.iter().map(|o| o.name)),
                }
            })?;
            let value =
                spec.values
                    .iter()
                    .find(|v| **v == value)
                    .ok_or_else(|| OptionError::BadValue {
                        key: key.to_string(),
                        value: value.to_string(),
                        allowed: spec.values.join(", "),
                    })?;
            if seen.contains(&spec.name) {
                return Err(OptionError::Repeated(spec.name.to_string()));
            }
            seen.push(spec.name);
            options.values.insert(spec.name, value);
        }
        Ok(options)
    }

    /// The value of an option the game declares.
    pub fn get(&self, key: &str) -> Option<&'static str> {
        self.values.get(key).copied()
    }

    /// `key=value` pairs that differ from the defaults, comma-separated (for `[Options]` tags).
    /// Sets one option; `None` (and no change) when the game has no such option or value.
    pub fn with(mut self, game: &GameInfo, key: &str, value: &str) -> Option<Options> {
        let spec = game.options.iter().find(|o| o.name == key)?;
        let value = spec.values.iter().find(|v| **v == value)?;
        self.values.insert(spec.name, value);
        Some(self)
    }

    /// The options that differ from the game's defaults, as `key=value` pairs in the game's
    /// option order.
    pub fn non_default_pairs(&self, game: &GameInfo) -> Vec<String> {
        game.options
            .iter()
            .filter_map(|o| {
                let v = self.get(o.name)?;
                (v != o.default_value()).then(|| format!("{}={}", o.name, v))
            })
            .collect()
    }

    /// Every option in the game's order, as `(key, value)`.
    pub fn pairs(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.values.iter().map(|(k, v)| (*k, *v))
    }

    pub fn non_default(&self, game: &GameInfo) -> String {
        self.non_default_pairs(game).join(",")
    }
}

/// A game's rule options as one typed value, read once from checked [`Options`] so that the
/// rules never look at option strings again.
pub trait GameRules:
    Copy + Eq + std::hash::Hash + std::fmt::Debug + Default + Send + Sync + 'static
{
    /// The game (and its option table) these rules belong to.
    const INFO: &'static GameInfo;

    /// The rules that checked options select.
    fn from_options(options: &Options) -> Self;

    /// The options that select these rules.
    fn to_options(self) -> Options;

    /// The value of a record's `[Options]` tag: the options that differ from the defaults,
    /// `key=value` separated by spaces; `None` when every option has its default.
    fn options_tag(self) -> Option<String> {
        let pairs = self.to_options().non_default_pairs(Self::INFO);
        (!pairs.is_empty()).then(|| pairs.join(" "))
    }
}

fn known_list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let list: Vec<&str> = names.collect();
    if list.is_empty() {
        "none".to_string()
    } else {
        list.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: GameInfo = GameInfo {
        id: "g",
        name: "G",
        short_name: "G",
        summary: "",
        options: &[OptionSpec {
            name: "suborn",
            values: &["convert", "remove", "drop"],
            help: "",
        }],
        notation_help: "",
        perft_limit: None,
        typed_examples: &[],
    };

    #[test]
    fn defaults_and_parsing() {
        assert_eq!(Options::defaults(&GAME).get("suborn"), Some("convert"));
        let o = Options::parse(&GAME, &["suborn=drop"]).unwrap();
        assert_eq!(o.get("suborn"), Some("drop"));
        assert_eq!(o.non_default(&GAME), "suborn=drop");
        assert!(matches!(
            Options::parse(&GAME, &["x=1"]),
            Err(OptionError::UnknownKey { .. })
        ));
        assert!(matches!(
            Options::parse(&GAME, &["suborn=eat"]),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            Options::parse(&GAME, &["suborn"]),
            Err(OptionError::Syntax(_))
        ));
        assert!(matches!(
            Options::parse(&GAME, &["suborn=drop", "suborn=remove"]),
            Err(OptionError::Repeated(_))
        ));
    }
}
