//! A side's candidate order sets, checked by the rules and without duplicates.

use super::{Candidate, Searchable};
use diplo_core::Color;
use rand::rngs::SmallRng;
use std::collections::HashSet;

/// The checked candidates of `side`, duplicates (same texts) dropped; never empty: a side
/// that owes nothing, or whose candidates were all refused, gets its default orders.
pub fn checked_candidates<S: Searchable>(
    state: &S,
    side: Color,
    count: usize,
    rng: &mut SmallRng,
) -> Vec<Candidate<S>> {
    let mut out: Vec<Candidate<S>> = Vec::new();
    if state.owes_orders(side) {
        let mut seen = HashSet::new();
        for set in state.candidates(side, count, rng) {
            if out.len() >= count {
                break;
            }
            let Ok(orders) = state.check_orders(side, &set) else {
                continue;
            };
            let texts: Vec<String> = set.iter().map(ToString::to_string).collect();
            let mut key = texts.clone();
            key.sort();
            if seen.insert(key) {
                out.push(Candidate { orders, texts });
            }
        }
    }
    if out.is_empty() {
        let orders = state.default_orders(side);
        let texts = state
            .orders_of(&orders)
            .iter()
            .map(ToString::to_string)
            .collect();
        out.push(Candidate { orders, texts });
    }
    out
}
