//! Refused turns: [`TurnError`] and its [`Refusal`] (each game's own
//! reasons, worded by the games' catalogues), and how a game's notation is
//! spelt ([`TurnSpelling`]).

use std::fmt;

use cairn_words::Message;

use crate::locales;

/// The letters of a game's turn notation besides squares and punctuation,
/// so that what a player types can be matched against legal turns however
/// they separate the parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnSpelling {
    /// Letters written between a turn's parts like punctuation (Alquerque's
    /// capture sign `x`: `b2xd4`). No board of that game has such a file.
    pub separators: &'static [u8],
    /// Letters that may close a step right after its rank number and that
    /// a player may leave out (Fanorona's approach `a` and withdrawal `w`:
    /// `e3a`).
    pub optional_suffixes: &'static [u8],
}

impl TurnSpelling {
    /// Squares and punctuation only.
    pub const PLAIN: TurnSpelling = TurnSpelling {
        separators: &[],
        optional_suffixes: &[],
    };

    /// Whether the byte `c` of a canonical turn separates its parts.
    pub fn is_separator(&self, c: u8) -> bool {
        !c.is_ascii_alphanumeric() || self.separators.contains(&c)
    }

    /// Whether byte `i` of `turn` is an optional suffix: one of the game's
    /// suffix letters right after a rank number, closing its step.
    pub fn is_optional_suffix(&self, turn: &[u8], i: usize) -> bool {
        self.optional_suffixes.contains(&turn[i])
            && i > 0
            && turn[i - 1].is_ascii_digit()
            && (i + 1 == turn.len() || self.is_separator(turn[i + 1]))
    }
}

/// A turn that was refused. The refusal says what was wrong and, where it
/// helps, what would be legal, as typed data: [`TurnError::message`] words
/// it for a reader in any language, `Display` in English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The text could not be read as a turn of this game.
    #[error("{0}")]
    Unparsable(Refusal),
    /// The text reads as a turn, but that turn is not legal here.
    #[error("{0}")]
    Illegal(Refusal),
    /// The game has already ended.
    #[error("the game is over: no more turns can be played")]
    GameOver,
}

impl TurnError {
    /// The refusal as a message for a reader in any language.
    pub fn message(&self) -> Message {
        match self {
            TurnError::GameOver => Message::new("turn-game-over"),
            TurnError::Unparsable(refusal) | TurnError::Illegal(refusal) => refusal.message(),
        }
    }

    /// The reason, unless the game is over.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            TurnError::GameOver => None,
            TurnError::Unparsable(refusal) | TurnError::Illegal(refusal) => Some(refusal),
        }
    }
}

/// `Refusal`: the shared check and one variant per game of the list
/// (`games.rs`) holding the game's own reasons; its `message()`, and
/// `From` each game's reasons with their English `Display`.
macro_rules! refusal {
    ([] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        /// Why a turn was refused: each game's own reasons with their data, and
        /// the one check every game shares. `Display` is the English sentence.
        /// Each game's reasons are boxed, keeping [`TurnError`] small.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Refusal {
            /// A turn that is not among the legal turns here (the default check
            /// of [`Game::play`](crate::Game::play)), in its canonical notation.
            NotLegal {
                turn: String,
            },
            $($Game(Box<crate::$module::$Refusal>),)*
        }

        impl Refusal {
            /// The refusal for a reader in any language: a message of the game's
            /// catalogue with the refusal's data as arguments.
            pub fn message(&self) -> Message {
                match self {
                    Refusal::NotLegal { turn } => {
                        Message::new("turn-not-legal").arg("turn", turn.as_str())
                    }
                    $(Refusal::$Game(r) => r.message(),)*
                }
            }
        }

        $(
            impl From<crate::$module::$Refusal> for Refusal {
                fn from(refusal: crate::$module::$Refusal) -> Refusal {
                    Refusal::$Game(Box::new(refusal))
                }
            }

            impl fmt::Display for crate::$module::$Refusal {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str(&locales::english(&self.message()))
                }
            }
        )*
    };
}
crate::__games!([refusal] []);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&locales::english(&self.message()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_refusal_is_worded_in_every_language() {
        let refusal = Refusal::NotLegal {
            turn: "c3-c4".into(),
        };
        assert_eq!(refusal.to_string(), "c3-c4 is not a legal turn here");
        crate::check::assert_refusals_render(vec![refusal]);
    }
}
