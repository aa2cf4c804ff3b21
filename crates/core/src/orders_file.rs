//! The orders file of the simultaneous games (`diplo adjudicate`, interfaces.md): one
//! `white: <order>` or `black: <order>` per line; blank lines and `#` lines are skipped. The
//! games read the order texts themselves.

use crate::Color;

/// One order line: its 1-based line number, side and order text (trimmed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderLine<'a> {
    pub line: usize,
    pub color: Color,
    pub text: &'a str,
}

/// A line that does not start with `white:` or `black:`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected `white: <order>` or `black: <order>`, found `{text}`")]
pub struct MissingSide {
    pub line: usize,
    pub text: String,
}

/// Splits `white: R a1 - a5` into its side and order text (`White:` is accepted too);
/// `None` without a side prefix.
pub fn split_side(line: &str) -> Option<(Color, &str)> {
    let (side, rest) = line.trim().split_once(':')?;
    let color = match side.trim() {
        "white" | "White" => Color::White,
        "black" | "Black" => Color::Black,
        _ => return None,
    };
    Some((color, rest.trim()))
}

/// Reads one order line, the `line`-th of its file.
pub fn order_line(text: &str, line: usize) -> Result<OrderLine<'_>, MissingSide> {
    let (color, order) = split_side(text).ok_or_else(|| MissingSide {
        line,
        text: text.trim().to_string(),
    })?;
    Ok(OrderLine {
        line,
        color,
        text: order,
    })
}

/// Every order line of an orders file, in file order.
pub fn order_lines(text: &str) -> Result<Vec<OrderLine<'_>>, MissingSide> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(n, line)| order_line(line, n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sides_and_skips_comments() {
        let lines = order_lines("# c\n\nwhite: Ra1-a5\n  Black: N c4 - a5\n").unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0].line, lines[0].color), (3, Color::White));
        assert_eq!((lines[1].color, lines[1].text), (Color::Black, "N c4 - a5"));
        assert_eq!(order_lines("red: N c4 H").unwrap_err().line, 1);
        assert_eq!(order_lines("\nwhite e4").unwrap_err().line, 2);
    }
}
