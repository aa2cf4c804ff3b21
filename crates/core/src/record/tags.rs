//! Tag pairs: the one reader and writer of `[Name "value"]` that every game's records use,
//! and the tags a record carries (`[Game]`, `[Options]`, `[Position]`, `[Result]`).
//!
//! A tag pair stands on one line: `[`, a name (letters, digits, `_`), a value in double
//! quotes, `]`, with blanks allowed between them. In the value `\"` is a quote and `\\` a
//! backslash; any other backslash is kept as written.

use super::Record;
use crate::{GameInfo, OptionError, Options};
use thiserror::Error;

/// Why a text is not a tag pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TagPairError {
    #[error("expected `[` to open a tag pair")]
    NoOpen,
    #[error("expected a tag name after `[`")]
    NoName,
    #[error("expected a quoted value after the tag name")]
    NoValue,
    #[error("the value's quotes are never closed")]
    Unclosed,
    #[error("expected `]` after the value")]
    NoClose,
    #[error("unexpected text after the tag pair")]
    Trailing,
}

/// Blanks within a line (a tag pair never spans lines).
fn skip_blanks(text: &str) -> &str {
    text.trim_start_matches(|c: char| c.is_whitespace() && c != '\n')
}

/// Reads the tag pair that `text` starts with (after blanks): its name and unescaped value,
/// and the text after its `]`.
pub fn read_tag(text: &str) -> Result<((String, String), &str), TagPairError> {
    let rest = skip_blanks(text)
        .strip_prefix('[')
        .ok_or(TagPairError::NoOpen)?;
    let rest = skip_blanks(rest);
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if name_len == 0 {
        return Err(TagPairError::NoName);
    }
    let (name, rest) = rest.split_at(name_len);
    let mut chars = skip_blanks(rest)
        .strip_prefix('"')
        .ok_or(TagPairError::NoValue)?
        .chars();
    let mut value = String::new();
    loop {
        match chars.next() {
            Some('"') => break,
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => value.push(c),
                Some('\n') | None => return Err(TagPairError::Unclosed),
                Some(c) => {
                    value.push('\\');
                    value.push(c);
                }
            },
            Some('\n') | None => return Err(TagPairError::Unclosed),
            Some(c) => value.push(c),
        }
    }
    let rest = skip_blanks(chars.as_str())
        .strip_prefix(']')
        .ok_or(TagPairError::NoClose)?;
    Ok(((name.to_string(), value), rest))
}

/// Reads a line that holds one tag pair and nothing else (blanks aside).
pub fn read_tag_line(line: &str) -> Result<(String, String), TagPairError> {
    let (pair, rest) = read_tag(line)?;
    if rest.trim().is_empty() {
        Ok(pair)
    } else {
        Err(TagPairError::Trailing)
    }
}

/// The value of the first tag with this name among `tags`.
pub fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The value of the first `[Name "value"]` line of a record's text, found without reading
/// the movetext (the simultaneous games have their own movetext syntax).
pub fn scan_tag(text: &str, name: &str) -> Option<String> {
    text.lines()
        .filter_map(|line| read_tag_line(line).ok())
        .find(|(n, _)| n == name)
        .map(|(_, value)| value)
}

/// A value as it stands between a tag pair's quotes: quotes and backslashes escaped, line
/// breaks and tabs written as blanks (a tag pair stands on one line).
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// One tag pair as a record writes it: `[Name "value"]` and a newline.
pub fn tag_line(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", escape(value))
}

/// Tags that [`game_tags`] writes itself; extra tags with these names are left out.
pub const OWN_TAGS: [&str; 4] = ["Game", "Options", "Position", "Result"];

/// The tag pairs of a canonical record: `[Game]`, the extra tags in their order (less those
/// in [`OWN_TAGS`]), `[Options]` and `[Position]` when given, then `[Result]`.
pub fn game_tags(
    game_id: &str,
    extra_tags: &[(String, String)],
    options: Option<String>,
    position: Option<String>,
    result_token: &str,
) -> Vec<(String, String)> {
    let mut tags = vec![("Game".to_string(), game_id.to_string())];
    tags.extend(
        extra_tags
            .iter()
            .filter(|(n, _)| !OWN_TAGS.contains(&n.as_str()))
            .cloned(),
    );
    if let Some(options) = options {
        tags.push(("Options".to_string(), options));
    }
    if let Some(position) = position {
        tags.push(("Position".to_string(), position));
    }
    tags.push(("Result".to_string(), result_token.to_string()));
    tags
}

/// Why a record's tags do not describe a start position (`P`: the game's position error).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TagError<P: std::error::Error> {
    #[error("[Options \"{value}\"]: {error}")]
    Options { value: String, error: OptionError },
    #[error("[Position \"{value}\"]: {error}")]
    Position { value: String, error: P },
}

/// The `key=value` pairs of an `[Options]` tag's value, separated by commas or spaces.
pub fn option_pairs(value: &str) -> impl Iterator<Item = &str> {
    value
        .split([',', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
}

/// The options of a record's `[Options "key=value …"]` tag for the game `info`; its
/// defaults without the tag.
pub fn options_from_tags<P: std::error::Error>(
    record: &Record,
    info: &GameInfo,
) -> Result<Options, TagError<P>> {
    match record.tag("Options") {
        None => Ok(Options::defaults(info)),
        Some(value) => {
            let pairs: Vec<&str> = option_pairs(value).collect();
            Options::parse(info, &pairs).map_err(|error| TagError::Options {
                value: value.to_string(),
                error,
            })
        }
    }
}

/// The start position a record's `[Position]` tag gives (read by `parse`), or `standard()`
/// without the tag.
pub fn position_from_tags<T, P: std::error::Error>(
    record: &Record,
    standard: impl FnOnce() -> T,
    parse: impl FnOnce(&str) -> Result<T, P>,
) -> Result<T, TagError<P>> {
    match record.tag("Position") {
        None => Ok(standard()),
        Some(value) => parse(value).map_err(|error| TagError::Position {
            value: value.to_string(),
            error,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(name: &str, value: &str) -> (String, String) {
        (name.to_string(), value.to_string())
    }

    #[test]
    fn reads_a_tag_pair() {
        assert_eq!(
            read_tag_line("[Game \"diplochess\"]"),
            Ok(pair("Game", "diplochess"))
        );
        assert_eq!(
            read_tag_line("  [ White_2   \"A \\\"Q\\\" B\\\\ \\n\" ]  "),
            Ok(pair("White_2", "A \"Q\" B\\ \\n"))
        );
        assert_eq!(read_tag_line("[Event \"\"]"), Ok(pair("Event", "")));
        let (tag, rest) = read_tag("[Result \"0-1\"] 1. d3 1-0").unwrap();
        assert_eq!((tag, rest), (pair("Result", "0-1"), " 1. d3 1-0"));
    }

    #[test]
    fn names_what_is_wrong() {
        for (text, error) in [
            ("", TagPairError::NoOpen),
            ("Game \"x\"]", TagPairError::NoOpen),
            ("[", TagPairError::NoName),
            ("[\"x\"]", TagPairError::NoName),
            ("[Game]", TagPairError::NoValue),
            ("[Game x]", TagPairError::NoValue),
            ("[Game \"x]", TagPairError::Unclosed),
            ("[Game \"x\\\"]", TagPairError::Unclosed),
            ("[Game \"x\ny\"]", TagPairError::Unclosed),
            ("[Game \"x\"", TagPairError::NoClose),
            ("[Game \"x\"y\"]", TagPairError::NoClose),
            ("[Game \"x\"] 1. e4", TagPairError::Trailing),
        ] {
            assert_eq!(read_tag_line(text), Err(error), "{text:?}");
        }
    }

    #[test]
    fn written_values_read_back() {
        for value in ["", "plain", "a \"b\" c", "back\\slash\\", "\\\"", "é 𝄞"] {
            let line = tag_line("Event", value);
            assert_eq!(read_tag_line(&line), Ok(pair("Event", value)), "{line}");
        }
        assert_eq!(tag_line("A", "x\ny\tz"), "[A \"x y z\"]\n");
    }

    #[test]
    fn scans_tags_before_any_movetext() {
        let text = "[Game \"diplomacy-chess\"]\n[Options \"mode=progressive\"]\n1. e4 / e5\n";
        assert_eq!(
            scan_tag(text, "Options").as_deref(),
            Some("mode=progressive")
        );
        assert_eq!(scan_tag(text, "Position"), None);
        assert_eq!(scan_tag("[Game diplochess]\n", "Game"), None);
        assert_eq!(
            option_pairs(" a=b, c=d  e=f,").collect::<Vec<_>>(),
            ["a=b", "c=d", "e=f"]
        );
    }
}
