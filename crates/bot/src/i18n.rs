//! The bot's words: its own catalogue (`crates/bot/locales/<lang>/`) and
//! the games' (`cairn_rules::locales`), loaded once. Code words a message
//! with [`t!`](crate::t) (an id and named arguments) or [`say`] (a
//! [`Message`] from the rules); see `cairn_words` for how slips are caught.

use std::sync::OnceLock;

pub use cairn_words::{take_slips, Arg, Catalogue, Lang, Langs, Message};

/// The message `id` in `lang`, with named arguments:
/// `t!(lang, "lang-set-place", language = name)`.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::i18n::text($lang, $id, &[])
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::text(
            $lang,
            $id,
            &[$((stringify!($name), $crate::i18n::Arg::from($value))),+],
        )
    };
}

/// The bot's own catalogue files, per language, in the same order.
macro_rules! bot_sources {
    ($($file:literal),* $(,)?) => {
        [
            &[$(include_str!(concat!("../locales/en/", $file))),*],
            &[$(include_str!(concat!("../locales/ja/", $file))),*],
            &[$(include_str!(concat!("../locales/es/", $file))),*],
        ]
    };
}

/// Every file of `crates/bot/locales/<lang>/`: a file added there is added
/// here too (a test checks the directories against this list).
pub const BOT_FILES: &[&str] = &[
    "core.ftl",
    "captions.ftl",
    "game.ftl",
    "challenge.ftl",
    "rules.ftl",
    "console.ftl",
    "schedule.ftl",
    "store.ftl",
];
const BOT_SOURCES: [&[&str]; 3] = bot_sources!(
    "core.ftl",
    "captions.ftl",
    "game.ftl",
    "challenge.ftl",
    "rules.ftl",
    "console.ftl",
    "schedule.ftl",
    "store.ftl"
);

/// Every Fluent source of `lang`: the bot's and the games'.
pub fn sources(lang: Lang) -> Vec<&'static str> {
    let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    let mut all: Vec<&'static str> = BOT_SOURCES[index].to_vec();
    all.extend(cairn_rules::locales::sources(lang));
    all
}

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::load(sources))
}

/// The message `id` with `args`, worded in `lang`.
pub fn text(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    catalogue().text(lang, id, args)
}

/// A message of the rules (or any layer below), worded in `lang`.
pub fn say(lang: Lang, message: &Message) -> String {
    catalogue().message(lang, message)
}

/// Loads the catalogues now (platforms call it at start, so the first
/// reply does not wait for it) and returns the slips found loading them.
pub fn load() -> Vec<String> {
    catalogue();
    take_slips()
}
