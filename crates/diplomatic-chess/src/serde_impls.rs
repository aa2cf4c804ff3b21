//! serde (feature `serde`): moves and setups as their text, positions as their position
//! string (reading one needs its rules: use [`crate::Position::parse`]).

diplo_core::serde_as_text!(crate::Move);
diplo_core::serde_as_text!(crate::Setup);
diplo_core::serialize_as_text!(crate::Position);

#[cfg(test)]
mod tests {
    use crate::{Move, Position, Rules};

    #[test]
    fn moves_and_positions_travel_as_text() {
        let mv: Move = "e4f6>g7&d1c2".parse().unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, "\"e4f6>g7&d1c2\"");
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        assert!(serde_json::from_str::<Move>("\"e9e4\"").is_err());
        let start = Position::start(Rules::default());
        assert_eq!(
            serde_json::to_string(&start).unwrap(),
            format!("\"{start}\"")
        );
    }
}
