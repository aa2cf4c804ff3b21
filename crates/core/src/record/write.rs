//! Writing a record in canonical PGN.

use super::tags::tag_line;
use crate::Color;

/// The tag pairs of a record, one a line, and the blank line that ends them (nothing
/// without tags).
pub fn write_tags(tags: &[(String, String)]) -> String {
    let mut out: String = tags.iter().map(|(n, v)| tag_line(n, v)).collect();
    if !tags.is_empty() {
        out.push('\n');
    }
    out
}

/// Where movetext lines are wrapped.
pub const LINE_WIDTH: usize = 80;

/// Writes a record in canonical PGN: [`write_tags`], the movetext (`1. d3 k3 2. …`,
/// `5... k3` when the first move is Black's) wrapped at [`LINE_WIDTH`] columns, then the
/// result token and a final newline.
pub fn write_record(
    tags: &[(String, String)],
    first_number: u32,
    first_side: Color,
    sans: &[String],
    result_token: &str,
) -> String {
    let mut out = write_tags(tags);
    let mut units = Vec::with_capacity(sans.len() + 1);
    let (mut number, mut side) = (u64::from(first_number), first_side);
    for (i, san) in sans.iter().enumerate() {
        units.push(match side {
            Color::White => format!("{number}. {san}"),
            Color::Black if i == 0 => format!("{number}... {san}"),
            Color::Black => san.clone(),
        });
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    units.push(result_token.to_string());
    let mut line_len = 0;
    for unit in units {
        if line_len > 0 && line_len + 1 + unit.len() > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += unit.len();
        out.push_str(&unit);
    }
    out.push('\n');
    out
}

/// The SAN of each of `moves`, each written in the position that the moves before it reach
/// from `start`: the movetext [`write_record`] takes.
pub fn sans_from<P: Clone, M: Copy>(
    start: &P,
    moves: &[M],
    to_san: impl Fn(&P, M) -> String,
    play: impl Fn(&mut P, M),
) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let san = to_san(&pos, mv);
            play(&mut pos, mv);
            san
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::parse_record;

    #[test]
    fn writer_round_trips() {
        let sans: Vec<String> = (0..60).map(|i| format!("m{i}")).collect();
        let tags = vec![("Event".to_string(), "a \"b\"".to_string())];
        let text = write_record(&tags, 3, Color::Black, &sans, "*");
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH));
        assert!(text.contains("3... m0 4. m1 m2"));
        let r = parse_record(&text).unwrap();
        assert_eq!(r.tags, tags);
        assert_eq!(r.moves.len(), 60);
        assert_eq!(r.moves[0].number, 3);
        assert_eq!(r.moves[59].side, Color::White);
        assert_eq!(r.result.as_deref(), Some("*"));
        assert_eq!(write_record(&[], 1, Color::White, &[], "*"), "*\n");
    }
}
