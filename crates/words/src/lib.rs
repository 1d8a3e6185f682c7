//! Cairn's words in English, Japanese and Spanish.
//!
//! The wording is in Fluent catalogues (`.ftl` files): the games' (names,
//! rules, options, seats, refusals) beside their rules in
//! `crates/rules/locales/`, the bot's in `crates/bot/locales/`. A layer
//! names a message by id with its arguments ([`Message`]); a [`Catalogue`]
//! words it in a [`Lang`]. Plurals and word order are the catalogue's.
//!
//! A message missing in a language falls back to English, and one missing
//! everywhere shows its id; either way the slip is logged and kept for the
//! tests ([`take_slips`]), which fail on any. So are arguments a message
//! does not use.

mod message;

pub use message::{Message, MessageArg};

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language Cairn speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Lang {
    #[default]
    En,
    Ja,
    Es,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ja, Lang::Es];

    /// The language's code: `en`, `ja`, `es`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
            Lang::Es => "es",
        }
    }

    /// The language's name in itself.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
            Lang::Es => "Español",
        }
    }

    /// The id of the language's name in the catalogues (`lang-name-ja`:
    /// "Japanese", "日本語", "japonés").
    pub fn name_id(self) -> &'static str {
        match self {
            Lang::En => "lang-name-en",
            Lang::Ja => "lang-name-ja",
            Lang::Es => "lang-name-es",
        }
    }

    /// Reads a language tag or locale as platforms and systems write them:
    /// `ja`, `es-ES`, `es-419`, `en-US`, `ja_JP.UTF-8`, or the language's
    /// own name. `None` for a language Cairn does not speak.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        let lower = tag.to_lowercase();
        let primary = lower.split(['-', '_', '.', '@']).next().unwrap_or_default();
        match primary {
            "en" | "english" | "inglés" | "ingles" | "英語" => Some(Lang::En),
            "ja" | "jp" | "japanese" | "japonés" | "japones" | "日本語" => Some(Lang::Ja),
            "es" | "spanish" | "español" | "espanol" | "castellano" | "スペイン語" => {
                Some(Lang::Es)
            }
            _ => None,
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// The languages of one request: replies only the requester sees are in
/// theirs, replies the channel sees in the channel's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Langs {
    /// Messages everyone in the channel reads.
    pub public: Lang,
    /// Messages only the requester reads (errors, ephemeral replies).
    pub private: Lang,
}

impl Langs {
    /// One language for both.
    pub fn both(lang: Lang) -> Langs {
        Langs {
            public: lang,
            private: lang,
        }
    }
}

/// One argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    Number(i64),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

impl From<Cow<'_, str>> for Arg {
    fn from(text: Cow<'_, str>) -> Arg {
        Arg::Text(text.into_owned())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// Catalogues loaded for every language: what words [`Message`]s.
pub struct Catalogue {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
    /// The variables each message uses, per language and id (through the
    /// messages it refers to as well).
    variables: HashMap<(Lang, String), BTreeSet<String>>,
}

impl Catalogue {
    /// Loads `sources(lang)`, the Fluent sources of each language (syntax
    /// errors and messages defined twice are slips).
    pub fn load(sources: impl Fn(Lang) -> Vec<&'static str>) -> Catalogue {
        let mut bundles = Vec::new();
        let mut variables = HashMap::new();
        for lang in Lang::ALL {
            let langid = lang
                .code()
                .parse()
                .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
            let mut bundle = FluentBundle::new_concurrent(vec![langid]);
            // Unicode isolation marks would reach chat clients as stray
            // characters around every name.
            bundle.set_use_isolating(false);
            for source in sources(lang) {
                let resource = match FluentResource::try_new(source.to_string()) {
                    Ok(resource) => resource,
                    Err((resource, errors)) => {
                        slip(format!("{lang}: syntax errors in a catalogue: {errors:?}"));
                        resource
                    }
                };
                for (id, used) in message_variables(&resource) {
                    variables.insert((lang, id), used);
                }
                if let Err(errors) = bundle.add_resource(resource) {
                    slip(format!("{lang}: {errors:?}"));
                }
            }
            bundles.push((lang, bundle));
        }
        Catalogue { bundles, variables }
    }

    /// A message another layer named, worded in `lang`.
    pub fn message(&self, lang: Lang, message: &Message) -> String {
        let args: Vec<(&str, Arg)> = message
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    MessageArg::Text(text) => Arg::Text(text.clone()),
                    MessageArg::Number(n) => Arg::Number(*n),
                    MessageArg::Message(inner) => Arg::Text(self.message(lang, inner)),
                };
                (*name, value)
            })
            .collect();
        self.text(lang, message.id, &args)
    }

    fn bundle(&self, lang: Lang) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, bundle)| bundle)
    }

    /// A message named by id in code, with its arguments, worded in `lang`.
    pub fn text(&self, lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
        let found = self
            .bundle(lang)
            .and_then(|bundle| Some((lang, bundle, bundle.get_message(id)?.value()?)));
        let (lang, bundle, pattern) = match found {
            Some(found) => found,
            None => {
                slip(format!("{lang}: no message `{id}`"));
                match self
                    .bundle(Lang::En)
                    .and_then(|bundle| Some((Lang::En, bundle, bundle.get_message(id)?.value()?)))
                {
                    Some(found) => found,
                    None => return id.to_string(),
                }
            }
        };
        if let Some(used) = self.variables.get(&(lang, id.to_string())) {
            for (name, _) in args {
                if !used.contains(*name) {
                    slip(format!("{lang}: `{id}` does not use the argument `{name}`"));
                }
            }
        }
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Text(text) => FluentValue::from(text.clone()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            fluent_args.set(name.to_string(), value);
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if !errors.is_empty() {
            slip(format!("{lang}: `{id}`: {errors:?}"));
        }
        text.into_owned()
    }
}

/// The variables each message of `resource` uses, by message id (a
/// reference to another message of the same resource counts that
/// message's variables too).
pub fn message_variables(resource: &FluentResource) -> HashMap<String, BTreeSet<String>> {
    use fluent_syntax::ast;
    fn pattern<'s>(
        p: &ast::Pattern<&'s str>,
        vars: &mut BTreeSet<String>,
        refs: &mut Vec<&'s str>,
    ) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expr(expression, vars, refs);
            }
        }
    }
    fn expr<'s>(
        e: &ast::Expression<&'s str>,
        vars: &mut BTreeSet<String>,
        refs: &mut Vec<&'s str>,
    ) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline(selector, vars, refs);
                for variant in variants {
                    pattern(&variant.value, vars, refs);
                }
            }
            ast::Expression::Inline(inline_expression) => inline(inline_expression, vars, refs),
        }
    }
    fn inline<'s>(
        e: &ast::InlineExpression<&'s str>,
        vars: &mut BTreeSet<String>,
        refs: &mut Vec<&'s str>,
    ) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_string());
            }
            ast::InlineExpression::MessageReference { id, .. } => refs.push(id.name),
            ast::InlineExpression::FunctionReference { arguments, .. }
            | ast::InlineExpression::TermReference {
                arguments: Some(arguments),
                ..
            } => {
                for argument in &arguments.positional {
                    inline(argument, vars, refs);
                }
                for argument in &arguments.named {
                    inline(&argument.value, vars, refs);
                }
            }
            ast::InlineExpression::Placeable { expression } => expr(expression, vars, refs),
            _ => {}
        }
    }
    let mut direct: HashMap<String, (BTreeSet<String>, Vec<&str>)> = HashMap::new();
    for entry in &resource.entries().collect::<Vec<_>>() {
        if let ast::Entry::Message(message) = entry {
            let mut vars = BTreeSet::new();
            let mut refs = Vec::new();
            if let Some(value) = &message.value {
                pattern(value, &mut vars, &mut refs);
            }
            direct.insert(message.id.name.to_string(), (vars, refs));
        }
    }
    let mut all = HashMap::new();
    for id in direct.keys() {
        let mut vars = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut todo = vec![id.as_str()];
        while let Some(next) = todo.pop() {
            if !seen.insert(next.to_string()) {
                continue;
            }
            if let Some((v, refs)) = direct.get(next) {
                vars.extend(v.iter().cloned());
                todo.extend(refs.iter().copied());
            }
        }
        all.insert(id.clone(), vars);
    }
    all
}

/// Slips noticed while wording messages, for the tests.
static SLIPS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn slip(what: String) {
    tracing::warn!(%what, "a message is missing or mis-worded");
    if let Ok(mut slips) = SLIPS.lock() {
        if slips.len() < 1000 {
            slips.push(what);
        }
    }
}

/// The slips noticed since the last call (tests assert there are none).
pub fn take_slips() -> Vec<String> {
    SLIPS
        .lock()
        .map(|mut slips| std::mem::take(&mut *slips))
        .unwrap_or_default()
}
