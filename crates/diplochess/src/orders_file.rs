//! The orders file (§10.2) and order lines: `white: <order>` / `black: <order>`. The lines
//! are split by the one reader the simultaneous games share ([`diplo_core::orders_file`]);
//! this module reads the order texts.

use crate::order::{Order, OrderParseError};
use diplo_core::orders_file::{order_line, order_lines, MissingSide, OrderLine};
use diplo_core::Color;

pub use diplo_core::orders_file::split_side;

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

impl From<MissingSide> for OrdersFileError {
    fn from(e: MissingSide) -> OrdersFileError {
        OrdersFileError::Side {
            line: e.line,
            text: e.text,
        }
    }
}

fn read_order(line: OrderLine<'_>) -> Result<(Color, Order), OrdersFileError> {
    let order = line.text.parse().map_err(|source| OrdersFileError::Order {
        line: line.line,
        source,
    })?;
    Ok((line.color, order))
}

/// Reads one `side: order` line, the `line`-th of its file.
pub fn parse_line(text: &str, line: usize) -> Result<(Color, Order), OrdersFileError> {
    read_order(order_line(text, line)?)
}

/// Reads an orders file: one order per line; blank lines and `#` lines are skipped.
pub fn parse(text: &str) -> Result<Vec<(Color, Order)>, OrdersFileError> {
    order_lines(text)?.into_iter().map(read_order).collect()
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
        assert_eq!(
            parse("x\n").unwrap_err().to_string(),
            "line 1: expected `white: <order>` or `black: <order>`, found `x`"
        );
    }
}
