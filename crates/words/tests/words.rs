//! cairn-words on its own: reading language tags, wording messages with
//! their arguments in each language, and the slips (a message missing, an
//! argument unused, a broken catalogue) that the other crates' catalogue
//! tests fail on.

use std::sync::{Mutex, MutexGuard};

use cairn_words::{take_slips, Arg, Catalogue, Lang, Message, MessageArg};

/// The slips are kept for the whole process: the tests that look at them
/// take turns, each starting from none.
fn alone() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    let guard = LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    take_slips();
    guard
}

const EN: &str = r#"
seat-white = White
greet = Hello, { $name }!
turns = { $count ->
    [one] one turn
   *[other] { $count } turns
}
moved = { $seat } played { $turn }.
welcome = { greet } Welcome.
only-en = Only in English.
"#;

const JA: &str = r#"
seat-white = 白
greet = こんにちは、{ $name }さん！
turns = { $count }手
moved = { $seat }が{ $turn }を打ちました。
welcome = { greet }ようこそ。
"#;

const ES: &str = r#"
seat-white = Blancas
greet = ¡Hola, { $name }!
turns = { $count ->
    [one] un turno
   *[other] { $count } turnos
}
moved = { $seat } jugó { $turn }.
welcome = { greet } Bienvenido.
"#;

fn sources(lang: Lang) -> Vec<&'static str> {
    match lang {
        Lang::En => vec![EN],
        Lang::Ja => vec![JA],
        Lang::Es => vec![ES],
    }
}

fn catalogue() -> Catalogue {
    Catalogue::load(sources)
}

#[test]
fn language_tags_are_read_as_platforms_write_them() {
    for (tag, lang) in [
        ("en", Lang::En),
        ("en-US", Lang::En),
        ("EN_gb", Lang::En),
        ("ja", Lang::Ja),
        ("ja-JP", Lang::Ja),
        ("ja_JP.UTF-8", Lang::Ja),
        ("jp", Lang::Ja),
        ("es", Lang::Es),
        ("es-ES", Lang::Es),
        ("es-419", Lang::Es),
        ("es_MX@euro", Lang::Es),
        ("  es  ", Lang::Es),
        ("Español", Lang::Es),
        ("espanol", Lang::Es),
        ("castellano", Lang::Es),
        ("日本語", Lang::Ja),
        ("Japanese", Lang::Ja),
        ("inglés", Lang::En),
    ] {
        assert_eq!(Lang::parse(tag), Some(lang), "{tag:?}");
    }
    for tag in [
        "",
        "fr",
        "fr-FR",
        "de_DE.UTF-8",
        "e",
        "eng",
        "español-",
        "zh",
    ] {
        // "español-" reads as its primary subtag, a language Cairn speaks.
        let expected = (tag == "español-").then_some(Lang::Es);
        assert_eq!(Lang::parse(tag), expected, "{tag:?}");
    }
}

#[test]
fn every_language_reads_back_from_its_code_and_its_own_name() {
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.code()), Some(lang));
        assert_eq!(Lang::parse(&lang.to_string()), Some(lang));
        assert_eq!(Lang::parse(lang.native_name()), Some(lang));
        assert_eq!(lang.name_id(), format!("lang-name-{}", lang.code()));
    }
    assert_eq!(Lang::default(), Lang::En);
}

#[test]
fn messages_are_worded_with_their_arguments_in_each_language() {
    let _alone = alone();
    let words = catalogue();
    let greet = Message::new("greet").arg("name", "Ada");
    assert_eq!(words.message(Lang::En, &greet), "Hello, Ada!");
    assert_eq!(words.message(Lang::Ja, &greet), "こんにちは、Adaさん！");
    assert_eq!(words.message(Lang::Es, &greet), "¡Hola, Ada!");
    // No Unicode isolation marks around the argument.
    assert!(!words.message(Lang::En, &greet).contains('\u{2068}'));

    // Plural forms are the language's.
    let turns = |n: u32| Message::new("turns").arg("count", n);
    assert_eq!(words.message(Lang::En, &turns(1)), "one turn");
    assert_eq!(words.message(Lang::En, &turns(3)), "3 turns");
    assert_eq!(words.message(Lang::Es, &turns(1)), "un turno");
    assert_eq!(words.message(Lang::Es, &turns(2)), "2 turnos");
    assert_eq!(words.message(Lang::Ja, &turns(1)), "1手");

    // A message as an argument is worded in the same language first.
    let moved = Message::new("moved")
        .arg("seat", Message::new("seat-white"))
        .arg("turn", "c3");
    assert_eq!(words.message(Lang::En, &moved), "White played c3.");
    assert_eq!(words.message(Lang::Ja, &moved), "白がc3を打ちました。");
    assert_eq!(words.message(Lang::Es, &moved), "Blancas jugó c3.");

    // An argument used through a message the wording refers to counts.
    let welcome = Message::new("welcome").arg("name", "Ada");
    assert_eq!(words.message(Lang::En, &welcome), "Hello, Ada! Welcome.");
    assert_eq!(take_slips(), Vec::<String>::new());
}

#[test]
fn text_words_an_id_with_plain_arguments() {
    let _alone = alone();
    let words = catalogue();
    let text = words.text(Lang::Es, "turns", &[("count", Arg::Number(5))]);
    assert_eq!(text, "5 turnos");
    let text = words.text(Lang::En, "greet", &[("name", Arg::from("Bo"))]);
    assert_eq!(text, "Hello, Bo!");
    assert_eq!(take_slips(), Vec::<String>::new());
}

#[test]
fn a_message_missing_in_a_language_falls_back_to_english_and_is_a_slip() {
    let _alone = alone();
    let words = catalogue();
    let only = Message::new("only-en");
    assert_eq!(words.message(Lang::En, &only), "Only in English.");
    assert_eq!(take_slips(), Vec::<String>::new());
    assert_eq!(words.message(Lang::Ja, &only), "Only in English.");
    assert_eq!(take_slips(), ["ja: no message `only-en`"]);
}

#[test]
fn a_message_missing_everywhere_shows_its_id_and_is_a_slip() {
    let _alone = alone();
    let words = catalogue();
    assert_eq!(words.message(Lang::Es, &Message::new("nowhere")), "nowhere");
    let slips = take_slips();
    assert_eq!(slips, ["es: no message `nowhere`"]);
    // Taken once: the next call starts empty.
    assert_eq!(take_slips(), Vec::<String>::new());
}

#[test]
fn an_argument_the_message_does_not_use_is_a_slip() {
    let _alone = alone();
    let words = catalogue();
    let message = Message::new("greet").arg("name", "Ada").arg("mood", "glad");
    assert_eq!(words.message(Lang::Ja, &message), "こんにちは、Adaさん！");
    assert_eq!(
        take_slips(),
        ["ja: `greet` does not use the argument `mood`"]
    );
}

#[test]
fn a_missing_argument_is_a_slip() {
    let _alone = alone();
    let words = catalogue();
    let text = words.message(Lang::En, &Message::new("greet"));
    assert!(text.starts_with("Hello, "), "{text}");
    let slips = take_slips();
    assert_eq!(slips.len(), 1, "{slips:?}");
    assert!(slips[0].starts_with("en: `greet`"), "{slips:?}");
}

#[test]
fn a_broken_or_repeated_catalogue_entry_is_a_slip() {
    let _alone = alone();
    let words = Catalogue::load(|lang| match lang {
        Lang::En => vec!["fine = Fine.\nbroken = { $x\n", "fine = Again.\n"],
        _ => vec!["fine = Bien.\n"],
    });
    let slips = take_slips();
    assert!(
        slips.iter().any(|s| s.starts_with("en: syntax errors")),
        "{slips:?}"
    );
    assert_eq!(slips.len(), 2, "{slips:?}");
    // What did parse is still there, the first definition kept.
    assert_eq!(words.message(Lang::En, &Message::new("fine")), "Fine.");
    assert_eq!(words.message(Lang::Es, &Message::new("fine")), "Bien.");
    assert_eq!(take_slips(), Vec::<String>::new());
}

#[test]
fn message_arguments_keep_their_kind() {
    assert_eq!(MessageArg::from(7u8), MessageArg::Number(7));
    assert_eq!(MessageArg::from(-3i32), MessageArg::Number(-3));
    // Counts too large for an i64 saturate instead of wrapping.
    assert_eq!(MessageArg::from(u64::MAX), MessageArg::Number(i64::MAX));
    assert_eq!(MessageArg::from("c3"), MessageArg::Text("c3".into()));
    let nested = MessageArg::from(Message::new("seat-white"));
    assert_eq!(nested.to_string(), "seat-white");
    let message = Message::new("moved").arg("seat", "x").arg("turn", 4usize);
    assert_eq!(message.id, "moved");
    assert_eq!(
        message.args,
        [
            ("seat", MessageArg::Text("x".into())),
            ("turn", MessageArg::Number(4))
        ]
    );
}
