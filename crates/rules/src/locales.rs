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

/// The catalogue files of each language: the shared words and one file
/// per game. A game added to the rules adds its file here.
pub const FILES: &[&str] = &[
    "shared.ftl",
    "callanish.ftl",
    "alquerque.ftl",
    "fanorona.ftl",
    "alquad.ftl",
    "sight.ftl",
    "collapse.ftl",
    "floaters.ftl",
];

macro_rules! sources {
    ($name:ident, $lang:literal) => {
        const $name: &[&str] = &[
            include_str!(concat!("../locales/", $lang, "/shared.ftl")),
            include_str!(concat!("../locales/", $lang, "/callanish.ftl")),
            include_str!(concat!("../locales/", $lang, "/alquerque.ftl")),
            include_str!(concat!("../locales/", $lang, "/fanorona.ftl")),
            include_str!(concat!("../locales/", $lang, "/alquad.ftl")),
            include_str!(concat!("../locales/", $lang, "/sight.ftl")),
            include_str!(concat!("../locales/", $lang, "/collapse.ftl")),
            include_str!(concat!("../locales/", $lang, "/floaters.ftl")),
        ];
    };
}
sources!(EN, "en");
sources!(JA, "ja");
sources!(ES, "es");

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
