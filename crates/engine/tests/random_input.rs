//! A bounded, seeded random-input test of the engine's parsers: player specs and SPRT
//! bounds, as the command line and the server read them. Nothing may panic; every error
//! prints as a non-empty message; whatever is accepted writes back to an equal value.

use diplo_engine::arena::Sprt;
use diplo_engine::PlayerSpec;
use diplo_testkit::random_input::{mutate, no_panic, random_string};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const ROUNDS: usize = 20_000;

const ALPHABET: &[char] = &[
    'e', 'n', 'g', 'i', 'h', 'u', 'm', 'a', 'r', 'd', 'o', 's', 'y', ':', '@', '=', ',', '.', '-',
    '+', '0', '1', '8', '9', ' ', 'é', '\u{0}',
];

const VALID: &[&str] = &[
    "human",
    "engine",
    "engine:3",
    "engine:8@ms=200",
    "random@ms=5",
    "greedy",
    "0,10",
    "-5,5.5",
];

#[test]
fn random_specs_and_sprt_bounds_never_panic() {
    let mut rng = SmallRng::seed_from_u64(0xd1_910);
    for round in 0..ROUNDS {
        let text = if round % 2 == 0 {
            random_string(&mut rng, ALPHABET, 24)
        } else {
            let base = VALID[round / 2 % VALID.len()];
            mutate(&mut rng, ALPHABET, base, None)
        };
        no_panic("PlayerSpec::from_str", &text, || {
            match text.parse::<PlayerSpec>() {
                Ok(spec) => assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec)),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        });
        no_panic("Sprt::parse", &text, || match Sprt::parse(&text) {
            Ok(sprt) => assert!(sprt.elo0 < sprt.elo1),
            Err(e) => assert!(!e.is_empty()),
        });
    }
}
