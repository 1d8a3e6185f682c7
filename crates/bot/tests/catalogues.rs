//! The catalogues are complete: every message exists in every language
//! with the same arguments, every file is loaded, and every message the
//! code names exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use cairn_bot::i18n::{self, Lang};
use fluent_bundle::FluentResource;

/// Message id -> the variables it uses, over every source of a language.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = BTreeMap::new();
    for source in i18n::sources(lang) {
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(resource) => resource,
            Err((_, errors)) => panic!("{lang}: syntax errors: {errors:?}"),
        };
        for (id, vars) in cairn_words::message_variables(&resource) {
            assert!(
                all.insert(id.clone(), vars).is_none(),
                "{lang}: `{id}` is defined twice"
            );
        }
    }
    all
}

#[test]
fn every_message_is_in_every_language_with_the_same_arguments() {
    let english = messages(Lang::En);
    assert!(english.len() > 5, "only {} English messages", english.len());
    for lang in [Lang::Ja, Lang::Es] {
        let other = messages(lang);
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        let extra: Vec<_> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            extra.is_empty(),
            "{lang} has messages English lacks: {extra:?}"
        );
        for (id, vars) in &english {
            assert_eq!(
                &other[id], vars,
                "{lang}: `{id}` uses other arguments than in English"
            );
        }
    }
}

#[test]
fn the_catalogues_load_without_a_slip() {
    assert_eq!(i18n::load(), Vec::<String>::new());
}

#[test]
fn every_file_of_the_locale_directories_is_loaded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    for lang in Lang::ALL {
        let mut files: Vec<String> = std::fs::read_dir(root.join(lang.code()))
            .unwrap_or_else(|e| panic!("locales/{lang}: {e}"))
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let mut listed: Vec<String> = i18n::BOT_FILES.iter().map(|f| f.to_string()).collect();
        listed.sort();
        assert_eq!(files, listed, "locales/{lang} and i18n::BOT_FILES differ");
    }
}

/// Every file under `dir` (relative to this crate), with its text.
fn source_files(dir: &str) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let code = std::fs::read_to_string(&path).unwrap();
                files.push((path, code));
            }
        }
    }
    files
}

/// Every literal id the bot's code gives `t!` is a message.
#[test]
fn every_message_the_code_names_exists() {
    let english = messages(Lang::En);
    let mut named = 0;
    let mut unknown = Vec::new();
    for (path, code) in source_files("src") {
        for (at, _) in code.match_indices("t!(") {
            // `t!(`, not the end of `format!(`.
            let word_start = code[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
            let in_comment = code[line_start..at].trim_start().starts_with("//");
            if !word_start || in_comment {
                continue;
            }
            // The id is the first string literal after the language,
            // within the same statement.
            let rest = &code[at..];
            let Some(open) = rest.find('"') else { continue };
            if rest[..open].contains(';') {
                continue;
            }
            let Some(len) = rest[open + 1..].find('"') else {
                continue;
            };
            let id = &rest[open + 1..open + 1 + len];
            if id.is_empty()
                || !id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit())
            {
                continue;
            }
            named += 1;
            if !english.contains_key(id) {
                unknown.push(format!("{}: {id}", path.display()));
            }
        }
    }
    assert!(named > 0, "found only {named} message ids in the code");
    assert!(
        unknown.is_empty(),
        "messages the code names but no catalogue has: {unknown:?}"
    );
}

/// Every message id the rules' code spells out (a string literal starting
/// with a game's name, `turn-`, `option-` or `board-`: refusals, notes,
/// options) is a message of the English catalogue.
#[test]
fn every_message_the_rules_name_exists() {
    let english = messages(Lang::En);
    let prefixes = [
        "callanish-",
        "alquerque-",
        "fanorona-",
        "alquad-",
        "sight-",
        "collapse-",
        "floaters-",
        "turn-",
        "option-",
        "board-",
    ];
    let mut named = 0;
    let mut unknown = Vec::new();
    for (path, code) in source_files("../rules/src") {
        // String literals: the text between a quote and the next one.
        let mut rest = code.as_str();
        while let Some(open) = rest.find('"') {
            let after = &rest[open + 1..];
            let Some(len) = after.find('"') else { break };
            let literal = &after[..len];
            rest = &after[len + 1..];
            let is_id = prefixes.iter().any(|p| literal.starts_with(p))
                && literal
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !literal.ends_with('-');
            if is_id {
                named += 1;
                if !english.contains_key(literal) {
                    unknown.push(format!("{}: {literal}", path.display()));
                }
            }
        }
    }
    assert!(named > 100, "found only {named} message ids in the rules");
    assert!(
        unknown.is_empty(),
        "messages the rules name but no catalogue has: {unknown:?}"
    );
}

#[test]
fn language_tags_read_as_platforms_write_them() {
    for (tag, lang) in [
        ("ja", Some(Lang::Ja)),
        ("es-ES", Some(Lang::Es)),
        ("es-419", Some(Lang::Es)),
        ("en-US", Some(Lang::En)),
        ("en-GB", Some(Lang::En)),
        ("ja_JP.UTF-8", Some(Lang::Ja)),
        ("日本語", Some(Lang::Ja)),
        ("Español", Some(Lang::Es)),
        ("fr", None),
        ("", None),
    ] {
        assert_eq!(Lang::parse(tag), lang, "{tag}");
    }
}
