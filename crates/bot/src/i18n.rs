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
    "help.ftl",
    "history.ftl",
    "schedule.ftl",
    "store.ftl",
    "platforms.ftl",
    "web.ftl",
    "comforts.ftl",
    "tournament.ftl",
    "depth.ftl",
];
const BOT_SOURCES: [&[&str]; 3] = bot_sources!(
    "core.ftl",
    "captions.ftl",
    "game.ftl",
    "challenge.ftl",
    "rules.ftl",
    "console.ftl",
    "help.ftl",
    "history.ftl",
    "schedule.ftl",
    "store.ftl",
    "platforms.ftl",
    "web.ftl",
    "comforts.ftl",
    "tournament.ftl",
    "depth.ftl"
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

/// Words (turns, names) as one list in `lang`: "a4, c4 and d1",
/// "a4、c4とd1", "a4, c4 y d1"; the games' own `list-and` and `list-comma`
/// (`cairn_rules::locales`, `shared.ftl`). Empty for no words, as
/// `cairn_rules::list_and`, which stays the English form.
pub fn list_and(lang: Lang, items: &[String]) -> String {
    list(lang, items, "list-and")
}

/// Words as alternatives in `lang`: "a or b", "aかb", "a o b".
pub fn list_or(lang: Lang, items: &[String]) -> String {
    list(lang, items, "list-or")
}

fn list(lang: Lang, items: &[String], last_id: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first, last] => crate::t!(lang, last_id, first = first, last = last),
        [first, rest @ ..] => crate::t!(
            lang,
            "list-comma",
            first = first,
            rest = list(lang, rest, last_id)
        ),
    }
}

/// A duration in words in `lang`, in at most two adjacent units: "3 days",
/// "2 days 23 hours", "2日23時間", "3 días" (`clock=` values stay
/// notation; this is what a reader is told).
pub fn duration(lang: Lang, ms: u64) -> String {
    const UNITS: [(u64, &str); 4] = [
        (86_400_000, "duration-days"),
        (3_600_000, "duration-hours"),
        (60_000, "duration-minutes"),
        (1_000, "duration-seconds"),
    ];
    let mut parts = Vec::new();
    let mut rest = ms;
    for (size, id) in UNITS {
        if rest >= size && parts.len() < 2 {
            parts.push(crate::t!(lang, id, count = rest / size));
            rest %= size;
        } else if !parts.is_empty() {
            break;
        }
    }
    match parts.as_slice() {
        [] => crate::t!(lang, "duration-seconds", count = 0),
        [one] => one.clone(),
        [first, second, ..] => crate::t!(lang, "duration-pair", first = first, second = second),
    }
}

/// A day in words in `lang` (UTC): "3 December", "12月3日", "3 de
/// diciembre".
pub fn date(lang: Lang, ms: u64) -> String {
    let millis = i64::try_from(ms).unwrap_or(i64::MAX);
    let Ok(moment) = jiff::Timestamp::from_millisecond(millis) else {
        return String::new();
    };
    let day = moment.to_zoned(jiff::tz::TimeZone::UTC).date();
    crate::t!(
        lang,
        "date-day-month",
        day = i64::from(day.day()),
        month = crate::t!(lang, &format!("month-{}", day.month()))
    )
}

/// A time control in words in `lang`: "3 days", "7 days, gaining 1 day a
/// turn".
pub fn time_control(lang: Lang, control: cairn_store::clock::TimeControl) -> String {
    use cairn_store::clock::TimeControl;
    match control {
        TimeControl::PerMove { ms } => duration(lang, ms),
        TimeControl::Bank {
            start_ms,
            increment_ms,
        } => crate::t!(
            lang,
            "duration-bank",
            start = duration(lang, start_ms),
            increment = duration(lang, increment_ms)
        ),
    }
}

/// Loads the catalogues now (platforms call it at start, so the first
/// reply does not wait for it) and returns the slips found loading them.
pub fn load() -> Vec<String> {
    catalogue();
    take_slips()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_joined_in_each_language() {
        let items = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let three = items(&["a4", "c4", "d1"]);
        assert_eq!(list_and(Lang::En, &three), "a4, c4 and d1");
        assert_eq!(list_and(Lang::Ja, &three), "a4、c4とd1");
        assert_eq!(list_and(Lang::Es, &three), "a4, c4 y d1");
        assert_eq!(list_and(Lang::Es, &items(&["a", "b"])), "a y b");
        assert_eq!(list_and(Lang::Ja, &items(&["a"])), "a");
        assert_eq!(list_and(Lang::En, &[]), "");
        // English is the rules' own join.
        for n in 0..5 {
            let words: Vec<String> = (0..n).map(|i| format!("w{i}")).collect();
            assert_eq!(list_and(Lang::En, &words), cairn_rules::list_and(&words));
        }
        assert_eq!(take_slips(), Vec::<String>::new());
    }

    #[test]
    fn durations_are_words_in_each_language() {
        let ms = 2 * 86_400_000 + 23 * 3_600_000;
        assert_eq!(duration(Lang::En, ms), "2 days 23 hours");
        assert_eq!(duration(Lang::Ja, ms), "2日23時間");
        assert_eq!(duration(Lang::Es, ms), "2 días y 23 horas");
        assert_eq!(duration(Lang::En, 86_400_000), "1 day");
        assert_eq!(duration(Lang::Es, 60_000), "1 minuto");
        assert_eq!(duration(Lang::Ja, 7 * 86_400_000), "7日");
        assert_eq!(take_slips(), Vec::<String>::new());
    }
}
