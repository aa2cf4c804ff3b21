#![no_main]

use diplomat_chess::{Cell, Coordinate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Cell>() {
        Ok(cell) => assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell)),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match text.parse::<Coordinate>() {
        Ok(c) => assert_eq!(c.to_string().parse::<Coordinate>(), Ok(c)),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
