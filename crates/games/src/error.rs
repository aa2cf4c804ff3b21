//! Why a game could not be set up, read or played.

use diplo_core::OptionError;

/// What went wrong, by kind: the command line maps [`Error::is_usage`] to exit status 2 and
/// the rest to 1, and the server to its 4xx statuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("unknown game `{id}` (known: {known})")]
    UnknownGame { id: String, known: String },
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The position string cannot be read or is not a legal position.
    #[error("{0}")]
    Position(String),
    /// A game record cannot be read or replayed.
    #[error("{0}")]
    Record(String),
    /// Orders (or an orders file) cannot be read or are not valid.
    #[error("{0}")]
    Orders(String),
    /// The command needs the other kind of game.
    #[error("{0}")]
    WrongKind(String),
}

impl Error {
    /// Whether the error is in how the game was asked for (options, position), rather than
    /// in a record or in orders.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            Error::UnknownGame { .. }
                | Error::Options(_)
                | Error::Position(_)
                | Error::WrongKind(_)
        )
    }
}
