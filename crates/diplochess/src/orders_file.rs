//! The orders file (§10.2) and order lines: `white: <order>` / `black: <order>`.

use crate::order::{Order, OrderParseError};
use diplo_core::Color;

/// Why an orders file (or one order line) could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrdersFileError {
    #[error("line {line}: expected `white: <order>` or `black: <order>`, found `{text}`")]
    Side { line: usize, text: String },
    #[error("line {line}: {source}")]
    Order {
        line: usize,
        #[source]
        source: OrderParseError,
    },
}

impl OrdersFileError {
    /// The 1-based line the error is on.
    pub fn line(&self) -> usize {
        match self {
            OrdersFileError::Side { line, .. } | OrdersFileError::Order { line, .. } => *line,
        }
    }
}

/// Splits `white: R a1 - a5` into its side and order text; `None` if there is no side prefix.
pub fn split_side(line: &str) -> Option<(Color, &str)> {
    let (side, rest) = line.trim().split_once(':')?;
    let color = match side.trim() {
        "white" | "White" => Color::White,
        "black" | "Black" => Color::Black,
        _ => return None,
    };
    Some((color, rest.trim()))
}

/// Reads one `side: order` line.
pub fn parse_line(text: &str, line: usize) -> Result<(Color, Order), OrdersFileError> {
    let (color, order) = split_side(text).ok_or_else(|| OrdersFileError::Side {
        line,
        text: text.trim().to_string(),
    })?;
    let order = order
        .parse()
        .map_err(|source| OrdersFileError::Order { line, source })?;
    Ok((color, order))
}

/// Reads an orders file: one order per line; blank lines and `#` lines are skipped.
pub fn parse(text: &str) -> Result<Vec<(Color, Order)>, OrdersFileError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(parse_line(line, i + 1)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines() {
        let orders = parse("# c\n\nwhite: Ra1-a5\n  black: N c4 - a5\n").unwrap();
        assert_eq!(orders.len(), 2);
        assert_eq!(orders[0].0, Color::White);
        assert_eq!(orders[1].1.to_string(), "N c4 - a5");
        assert_eq!(parse("red: N c4 H").unwrap_err().line(), 1);
        assert!(matches!(
            parse("\nwhite: N c4").unwrap_err(),
            OrdersFileError::Order { line: 2, .. }
        ));
    }
}
