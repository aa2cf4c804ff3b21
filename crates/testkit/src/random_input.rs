//! The machinery of the bounded random-input tests (seeded stand-ins for the fuzz targets):
//! random strings and mutations of valid inputs, run under `catch_unwind`, with every error
//! required to print a message. Each crate's test brings its own inputs and parsers.

use rand::Rng;
use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A string of fewer than `max_len` characters drawn from `alphabet`.
pub fn random_string<R: Rng>(rng: &mut R, alphabet: &[char], max_len: usize) -> String {
    let len = rng.gen_range(0..max_len);
    (0..len)
        .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
        .collect()
}

/// One to three edits of `base`: insert, remove or replace a character of `alphabet`,
/// truncate, or splice in a long run of digits (numbers that overflow). With `other`, two
/// more edits: splice in a piece of `other` (another valid input) or repeat a stretch.
pub fn mutate<R: Rng>(rng: &mut R, alphabet: &[char], base: &str, other: Option<&str>) -> String {
    // The number of edit kinds decides the random draws, so it stays fixed per call style:
    // changing it would change every seeded test's inputs.
    let kinds = if other.is_some() { 7 } else { 5 };
    let mut chars: Vec<char> = base.chars().collect();
    for _ in 0..rng.gen_range(1..4) {
        let at = rng.gen_range(0..=chars.len());
        match (rng.gen_range(0..kinds), other) {
            (0, _) => chars.insert(at, alphabet[rng.gen_range(0..alphabet.len())]),
            (1, _) if at < chars.len() => {
                chars.remove(at);
            }
            (2, _) if at < chars.len() => chars[at] = alphabet[rng.gen_range(0..alphabet.len())],
            (3, _) => chars.truncate(at),
            (4, Some(other)) => {
                let o: Vec<char> = other.chars().collect();
                let from = rng.gen_range(0..=o.len());
                let to = rng.gen_range(from..=o.len());
                chars.splice(at..at, o[from..to].iter().copied());
            }
            (5, _) if at < chars.len() => {
                let end = rng.gen_range(at..=chars.len().min(at + 8));
                let piece: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, piece);
            }
            _ => {
                chars.splice(at..at, "99999999999".chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// Fails the test when an error prints as nothing (or only white space).
#[track_caller]
pub fn check_error(what: &str, input: &str, e: impl Display) {
    assert!(
        !e.to_string().trim().is_empty(),
        "{what}: empty error message for {input:?}"
    );
}

/// Runs `f` and fails the test with the input if it panics.
pub fn no_panic(what: &str, input: &str, f: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(f)).is_err() {
        panic!("{what} panicked on {input:?}");
    }
}
