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

/// Every order line of an orders file, in file order.
pub fn order_lines(text: &str) -> Result<Vec<OrderLine<'_>>, MissingSide> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (color, order) = split_side(line).ok_or_else(|| MissingSide {
            line: i + 1,
            text: line.to_string(),
        })?;
        out.push(OrderLine {
            line: i + 1,
            color,
            text: order,
        });
    }
    Ok(out)
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
