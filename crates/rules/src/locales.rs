//! The games' words in every language Cairn speaks: the Fluent sources in
//! this crate's `locales/<lang>/`, one file per game plus the words they
//! share. A game names its words by message id ([`Message`]); a reader's
//! language is chosen by whoever shows them (the bot). Without a reader,
//! English: what [`TurnError`](crate::TurnError) displays.

use std::sync::OnceLock;

use cairn_words::{Catalogue, Lang, Message};

/// The Fluent sources of the games' words in `lang`.
pub fn sources(lang: Lang) -> Vec<&'static str> {
    match lang {
        Lang::En => EN.to_vec(),
        Lang::Ja => JA.to_vec(),
        Lang::Es => ES.to_vec(),
    }
}

/// The catalogue files of each language, `FILES`, and their sources,
/// `EN`, `JA` and `ES`: the shared words and one file per game of the list
/// (`games.rs`), `locales/<lang>/<game>.ftl`.
macro_rules! catalogues {
    ([FILES] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        /// The catalogue files of each language: the shared words and one
        /// file per game, named after the game.
        pub const FILES: &[&str] = &["shared.ftl", $(concat!(stringify!($module), ".ftl"),)*];
    };
    ([$name:ident $lang:literal] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        const $name: &[&str] = &[
            include_str!(concat!("../locales/", $lang, "/shared.ftl")),
            $(include_str!(concat!("../locales/", $lang, "/", stringify!($module), ".ftl")),)*
        ];
    };
}
crate::__games!([catalogues][FILES]);
crate::__games!([catalogues] [EN "en"]);
crate::__games!([catalogues] [JA "ja"]);
crate::__games!([catalogues] [ES "es"]);

/// A message of the games worded in English.
pub fn english(message: &Message) -> String {
    word(Lang::En, message)
}

/// A message of the games worded in `lang`.
pub fn word(lang: Lang, message: &Message) -> String {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE
        .get_or_init(|| Catalogue::load(sources))
        .message(lang, message)
}
