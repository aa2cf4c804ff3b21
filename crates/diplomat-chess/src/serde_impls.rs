//! serde (feature `serde`): moves, cells and setups as their text, the suborn rule as its
//! option value, positions as their position string (reading one needs its rule: use
//! [`crate::Position::parse`]).

diplo_core::serde_as_text!(crate::Move);
diplo_core::serde_as_text!(crate::Cell);
diplo_core::serde_as_text!(crate::Setup);
diplo_core::serde_as_text!(crate::SubornRule);
diplo_core::serialize_as_text!(crate::Position);

#[cfg(test)]
mod tests {
    use crate::{Move, Position, SubornRule};

    #[test]
    fn moves_and_positions_travel_as_text() {
        let mv: Move = "n2a3".parse().unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, "\"n2a3\"");
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        assert!(serde_json::from_str::<Move>("\"z9\"").is_err());
        let start = Position::start(SubornRule::Drop);
        assert_eq!(
            serde_json::to_string(&start).unwrap(),
            format!("\"{start}\"")
        );
        assert_eq!(
            serde_json::to_string(&SubornRule::Drop).unwrap(),
            "\"drop\""
        );
    }
}
