//! Japanese and Spanish read as written in those languages (issue 35):
//! every message of the bot's and the games' catalogues is worded with
//! sample arguments and checked for English left behind (a placeholder
//! such as `<game>`, a unit such as `3d` outside code) and, in Japanese,
//! for ASCII spaces next to Japanese text and ASCII punctuation where
//! Japanese writes full-width forms.

use std::collections::{BTreeMap, BTreeSet};

use cairn_bot::i18n::{self, take_slips, Arg, Lang};
use fluent_bundle::FluentResource;

/// Every message of `lang` with the variables it uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = BTreeMap::new();
    for source in i18n::sources(lang) {
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(resource) => resource,
            Err((resource, _)) => resource,
        };
        all.extend(cairn_words::message_variables(&resource));
    }
    all
}

/// Messages that are not sentences for a reader: lists of input words,
/// and the description of a platform's `clock` field, which names the
/// values to type there (`3d`, `7d+1d`) without code marks.
const NOT_PROSE: &[&str] = &[
    "command-more-words",
    "arg-challenge-clock",
    "arg-tournament-clock",
    "arg-tournament-starts",
];

/// A message worded with every variable a number `n` (which also picks
/// a plural form).
fn worded(lang: Lang, id: &str, variables: &BTreeSet<String>, n: i64) -> String {
    let args: Vec<(&str, Arg)> = variables
        .iter()
        .map(|name| (name.as_str(), Arg::Number(n)))
        .collect();
    i18n::text(lang, id, &args)
}

/// The text outside code spans (`...`), each span left as a backtick.
fn outside_code(text: &str) -> String {
    text.split('`')
        .enumerate()
        .map(|(i, part)| if i % 2 == 0 { part } else { "" })
        .collect::<Vec<_>>()
        .join("`")
}

fn is_japanese(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{303f}'
        | '\u{3040}'..='\u{30ff}'
        | '\u{3400}'..='\u{4dbf}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{ff00}'..='\u{ffef}')
}

/// English placeholders (`<game>`) and units after a number (`3d`,
/// `2d 23h`) outside code.
fn english_left(text: &str) -> Option<String> {
    let prose = outside_code(text);
    for word in [
        "game", "opponent", "name", "player", "turn", "command", "key", "value", "language",
    ] {
        if prose.contains(&format!("<{word}>")) {
            return Some(format!("<{word}>"));
        }
    }
    let chars: Vec<char> = prose.chars().collect();
    for (i, pair) in chars.windows(2).enumerate() {
        let unit = matches!(pair[1], 'd' | 'h' | 'm' | 's');
        let ends = chars.get(i + 2).is_none_or(|c| !c.is_alphanumeric());
        if pair[0].is_ascii_digit() && unit && ends {
            return Some(chars[i.saturating_sub(3)..(i + 2)].iter().collect());
        }
    }
    None
}

/// An ASCII space next to Japanese text, or ASCII punctuation that
/// Japanese writes full-width, outside code.
fn japanese_slip(text: &str) -> Option<String> {
    let prose = outside_code(text);
    let chars: Vec<char> = prose.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).and_then(|j| chars.get(j));
        let after = chars.get(i + 1);
        let near = |c: Option<&char>| c.is_some_and(|c| is_japanese(*c));
        if *c == ' ' && (near(before) || near(after)) {
            let from = i.saturating_sub(4);
            return Some(format!(
                "a space in `{}`",
                chars[from..(i + 4).min(chars.len())]
                    .iter()
                    .collect::<String>()
            ));
        }
        if matches!(c, '(' | ')' | ':' | '?' | '!') && chars.iter().any(|c| is_japanese(*c)) {
            return Some(format!("ASCII `{c}`"));
        }
    }
    None
}

fn slips(lang: Lang, check: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let mut found = Vec::new();
    for (id, variables) in messages(lang) {
        if NOT_PROSE.contains(&id.as_str()) {
            continue;
        }
        for n in [1, 3] {
            let text = worded(lang, &id, &variables, n);
            if let Some(slip) = check(&text) {
                found.push(format!("{lang} {id}: {slip}: {text}"));
                break;
            }
        }
    }
    take_slips();
    found
}

#[test]
fn japanese_and_spanish_messages_leave_no_english_placeholder_or_unit() {
    let mut found = slips(Lang::Ja, english_left);
    found.extend(slips(Lang::Es, english_left));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn japanese_messages_have_no_ascii_spaces_or_mixed_punctuation() {
    let found = slips(Lang::Ja, japanese_slip);
    assert!(
        found.is_empty(),
        "{} slips:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The games' sides in Spanish are plural (Blancas, Negras, Rojas): a
/// verb whose subject is a side agrees ("Blancas han capturado").
#[test]
fn spanish_verbs_agree_with_the_plural_sides() {
    let subjects = [
        "seat", "winner", "loser", "checker", "other", "answerer", "holder",
    ];
    let singular = [
        "gana",
        "ha",
        "tiene",
        "controla",
        "debe",
        "pudo",
        "formó",
        "respondió",
        "abandonó",
        "no tiene",
        "no pudo",
        "juega",
        "mueve",
    ];
    let mut found = Vec::new();
    for source in cairn_rules::locales::sources(Lang::Es) {
        for line in source.lines() {
            for subject in subjects {
                for verb in singular {
                    if line.contains(&format!("{{ ${subject} }} {verb} ")) {
                        found.push(line.to_string());
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    let taken = i18n::text(
        Lang::Es,
        "note-taken",
        &[
            ("seat", Arg::from("Blancas")),
            ("count", Arg::Number(2)),
            ("other", Arg::from("Negras")),
        ],
    );
    assert!(
        taken.starts_with("Blancas han capturado 2 fichas"),
        "{taken}"
    );
}

/// The leaflets' words for the pieces: the Alquerque leaflet writes コマ
/// (never 駒), the Callanish and Floaters leaflets 石.
#[test]
fn japanese_names_the_pieces_as_the_leaflets_do() {
    let mut found = Vec::new();
    for (id, variables) in messages(Lang::Ja) {
        let text = worded(Lang::Ja, &id, &variables, 3);
        let stones = id.starts_with("callanish-") || id.starts_with("floaters-");
        if text.contains('駒') || (stones && text.contains("コマ")) {
            found.push(format!("{id}: {text}"));
        }
    }
    take_slips();
    assert!(found.is_empty(), "{}", found.join("\n"));
    let place = |id: &str| i18n::text(Lang::Ja, id, &[]);
    assert_eq!(place("pick-note-place"), "ここにコマを置く");
    assert_eq!(place("pick-note-place-stone"), "ここに石を置く");
}

#[test]
fn the_checks_catch_what_they_are_for() {
    assert!(english_left("残り 2d 23h").is_some());
    assert!(english_left("`challenge <game> <opponent>`").is_none());
    assert!(english_left("challenge <game>").is_some());
    assert!(english_left("`clock=3d`").is_none());
    assert!(english_left("Juego: 3 días").is_none());
    assert!(japanese_slip("alice さんが").is_some());
    assert!(japanese_slip("aliceさんが（白）").is_none());
    assert!(japanese_slip("aliceさんが(白)").is_some());
    assert!(japanese_slip("`指す c3`と書いてください").is_none());
}
