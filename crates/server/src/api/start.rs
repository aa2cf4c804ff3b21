//! A game, its options and the position it starts from: what creating a game and the
//! page's position and analysis requests share.

use super::error::ApiError;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
pub struct GameStart {
    pub game: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    #[serde(default)]
    pub position: Option<String>,
}

impl GameStart {
    /// The game and its options (at most 32, checked by the game), once the position is
    /// known to be at most 256 characters long.
    pub fn entry_and_options(
        &self,
    ) -> Result<(&'static diplo_games::GameEntry, diplo_core::Options), ApiError> {
        let entry =
            diplo_games::find(&self.game).map_err(|e| ApiError::bad_request(e.to_string()))?;
        if self.options.len() > 32 {
            return Err(ApiError::bad_request("too many options"));
        }
        let pairs: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let options = entry
            .options(&pairs)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        if self.position.as_ref().is_some_and(|p| p.len() > 256) {
            return Err(ApiError::bad_request(
                "the position is longer than 256 characters",
            ));
        }
        Ok((entry, options))
    }
}
