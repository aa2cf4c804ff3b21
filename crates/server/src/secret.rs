//! Secrets: player tokens and invite codes.
//!
//! A secret is 128 bits from the operating system's random source, written as 32 hex
//! digits. The store keeps only its SHA-256 hash; a presented secret is hashed and compared
//! with the stored hash in constant time.

use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A new secret: 16 random bytes as 32 lower-case hex digits.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 16];
    OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// The stored form of a secret: its SHA-256 hash in hex.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Whether `secret` hashes to `stored`, compared in constant time.
pub fn matches(secret: &str, stored: &str) -> bool {
    let presented = hash(secret);
    presented.as_bytes().ct_eq(stored.as_bytes()).into()
}

/// A game's public id: 12 characters of `[a-z0-9]` (about 62 bits).
pub fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut bytes = [0u8; 12];
    OsRng.fill_bytes(&mut bytes);
    bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect()
}

/// Whether `id` could be a game id (so that a malformed one never reaches the store).
pub fn is_game_id(id: &str) -> bool {
    id.len() == 12
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bit_hex_and_distinct() {
        let a = new_secret();
        let b = new_secret();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn hashes_match_only_their_secret() {
        let secret = new_secret();
        let stored = hash(&secret);
        assert_eq!(stored.len(), 64);
        assert_ne!(stored, secret);
        assert!(matches(&secret, &stored));
        assert!(!matches(&new_secret(), &stored));
        assert!(!matches("", &stored));
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn game_ids() {
        let id = new_game_id();
        assert!(is_game_id(&id), "{id}");
        assert!(!is_game_id("ABCDEFGHIJKL"));
        assert!(!is_game_id("short"));
        assert!(!is_game_id("../../etc/pa"));
    }
}
