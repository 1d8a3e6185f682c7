//! [`GameKind`]: which game, by name, with what each game declares on
//! the [`Game`] trait read for any kind.

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::{list_and, locales, Game, GameWords, Message, OptionSpec, Seat, Seating, TurnSpelling};

/// `GameKind` with `ALL`, `name` and `title`, from the list of games
/// (`games.rs`).
macro_rules! game_kind {
    ([] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        /// The games, one variant each, in the order of [`GameKind::ALL`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        pub enum GameKind {
            $($Game,)*
        }

        impl GameKind {
            /// Every game, in the order of the list of games.
            pub const ALL: [GameKind; [$(GameKind::$Game),*].len()] = [$(GameKind::$Game),*];

            /// The lower-case name used in commands and JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$Game => stringify!($module),)*
                }
            }

            /// The name as a title.
            pub fn title(self) -> &'static str {
                match self {
                    $(GameKind::$Game => stringify!($Game),)*
                }
            }
        }
    };
}
crate::__games!([game_kind] []);

/// `match` a [`GameKind`] with one arm per game, each with `$G` naming
/// that game's type (the dispatch of `with_kind!`).
macro_rules! with_kind_arms {
    ([$kind:expr, $G:ident => $body:expr] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        match $kind {
            $(GameKind::$Game => {
                type $G = crate::$module::$Game;
                $body
            })*
        }
    };
}

/// Run `$body` with `$G` naming the game type of a [`GameKind`], so a
/// declaration on the `Game` trait (`G::OPTIONS`) is read for any kind.
macro_rules! with_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        crate::__games!([with_kind_arms] [$kind, $G => $body])
    };
}

impl GameKind {
    /// The short rules for the `rules` command, in English: the whole
    /// game in a few sentences (each game's catalogue holds its own text).
    pub fn summary(self) -> &'static str {
        self.english_words().summary.as_str()
    }

    /// The game's declared words ([`Game::WORDS`]).
    pub fn words(self) -> GameWords {
        with_kind!(self, G => G::WORDS)
    }

    /// The name as a title, for a reader in any language.
    pub fn title_message(self) -> Message {
        Message::new(self.words().title)
    }

    /// The short rules, for a reader in any language.
    pub fn summary_message(self) -> Message {
        Message::new(self.words().summary)
    }

    /// How turns are written, for a reader in any language.
    pub fn notation_message(self) -> Message {
        Message::new(self.words().notation)
    }

    /// The summary and notation in English, worded once.
    fn english_words(self) -> &'static EnglishWords {
        static ALL: std::sync::OnceLock<Vec<EnglishWords>> = std::sync::OnceLock::new();
        let all = ALL.get_or_init(|| {
            GameKind::ALL
                .iter()
                .map(|kind| EnglishWords {
                    summary: locales::english(&kind.summary_message()),
                    notation: locales::english(&kind.notation_message()),
                })
                .collect()
        });
        &all[self as usize]
    }

    /// The options the game takes (each game's module declares them).
    pub fn option_specs(self) -> &'static [OptionSpec] {
        with_kind!(self, G => G::OPTIONS)
    }

    /// The letters of the game's notation that are not squares
    /// ([`Game::SPELLING`]).
    pub fn spelling(self) -> TurnSpelling {
        with_kind!(self, G => G::SPELLING)
    }

    /// Whether an exact solver is worth trying ([`Game::SOLVABLE`]).
    pub fn solvable(self) -> bool {
        with_kind!(self, G => G::SOLVABLE)
    }

    /// How the sides are settled ([`Game::SEATING`]).
    pub fn seating(self) -> Seating {
        with_kind!(self, G => G::SEATING)
    }

    /// The side a word names when challenging (`as=black`), if any: the
    /// game's own words ([`Game::seat_words`]), `first` or `second`.
    pub fn seat_of_word(self, word: &str) -> Option<Seat> {
        let word = word.trim().to_ascii_lowercase();
        [Seat::First, Seat::Second].into_iter().find(|&seat| {
            let ordinal = if seat == Seat::First {
                "first"
            } else {
                "second"
            };
            word == ordinal || with_kind!(self, G => G::seat_words(seat)).contains(&word.as_str())
        })
    }

    /// Other orders in which a canonical turn may be typed
    /// ([`Game::other_spellings`]).
    pub fn other_spellings(self, canonical: &str) -> Vec<String> {
        with_kind!(self, G => G::other_spellings(canonical))
    }

    /// How turns are written, with examples, in English (each game's
    /// catalogue).
    pub fn notation(self) -> &'static str {
        self.english_words().notation.as_str()
    }

    /// The game suggested to a newcomer: the quickest to learn and play.
    pub const STARTER: GameKind = GameKind::Sight;

    /// The names of every game, as a list in words ("a, b and c").
    pub fn names_in_words() -> String {
        list_and(&GameKind::ALL.map(|k| k.name().to_string()))
    }

    pub fn parse(name: &str) -> Option<GameKind> {
        let name = name.trim().to_ascii_lowercase();
        GameKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// A game's summary and notation worded in English.
struct EnglishWords {
    summary: String,
    notation: String,
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown game name, with the list of known ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called `{0}`; the games are {games}", games = GameKind::names_in_words())]
pub struct UnknownGame(pub String);

impl std::str::FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::parse(s).ok_or_else(|| UnknownGame(s.trim().to_string()))
    }
}
