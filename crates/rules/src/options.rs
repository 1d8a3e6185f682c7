//! Game options given as `key=value` words, validated by each game.

use std::collections::BTreeMap;

use cairn_words::{Message, MessageArg};

/// A refused option: what was wrong, with the data to say what is legal.
/// `Display` is a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("`{word}` is not an option: write options as key=value, e.g. size=7")]
    NotKeyValue { word: String },
    #[error("`{word}` has no option name before `=`")]
    NoKey { word: String },
    #[error("option `{key}` is given twice")]
    GivenTwice { key: String },
    #[error("unknown option `{key}`: {}", known_list(&english_title(game), known))]
    Unknown {
        game: String,
        key: String,
        known: Vec<&'static str>,
    },
    #[error(
        "option `{key}` must be a whole number from {min} to {max}{}",
        not_given(given)
    )]
    OutOfRange {
        key: String,
        min: u32,
        max: u32,
        given: String,
    },
    #[error("option `{key}` must be one of {}{}", choices.join(", "), not_given(given))]
    NotAChoice {
        key: String,
        choices: Vec<&'static str>,
        given: String,
    },
    /// A size that must be odd (Callanish).
    #[error("{}", odd_message(game, key, given, *min, *max))]
    NotOdd {
        game: &'static str,
        key: &'static str,
        given: String,
        min: u32,
        max: u32,
    },
    #[error("`{point}` is not a cell of the {files} x {ranks} board")]
    NotAPoint {
        point: String,
        files: usize,
        ranks: usize,
    },
    /// One option's value asks for another's (`shape=circle` needs
    /// `size=9`); `why` names what the value is, a message of the game's
    /// catalogue.
    #[error("{key}={value} is {why}: use it with {needs}")]
    Needs {
        key: &'static str,
        value: &'static str,
        needs: &'static str,
        why: HelpWords,
    },
    #[error("this board cannot be played: {0}")]
    Unplayable(crate::geometry::BoardError),
    #[error("option `{key}` is declared as another kind of option")]
    WrongKind { key: &'static str },
    #[error("{game}'s options are not declared as its rules expect")]
    Undeclared { game: &'static str },
}

impl OptionError {
    /// The refusal for a reader in any language: a message of the games'
    /// shared catalogue with the refusal's data as arguments (`Display` is
    /// the same sentence in English).
    pub fn message(&self) -> Message {
        match self {
            OptionError::NotKeyValue { word } => {
                Message::new("option-not-key-value").arg("word", word.as_str())
            }
            OptionError::NoKey { word } => Message::new("option-no-key").arg("word", word.as_str()),
            OptionError::GivenTwice { key } => {
                Message::new("option-given-twice").arg("key", key.as_str())
            }
            OptionError::Unknown { game, key, known } => Message::new("option-unknown")
                .arg("key", key.as_str())
                .arg("game", game_title(game))
                .arg("count", known.len())
                .arg("known", known.join(", ")),
            OptionError::OutOfRange {
                key,
                min,
                max,
                given,
            } => Message::new("option-out-of-range")
                .arg("key", key.as_str())
                .arg("min", *min)
                .arg("max", *max)
                .args_given(given),
            OptionError::NotAChoice {
                key,
                choices,
                given,
            } => Message::new("option-not-a-choice")
                .arg("key", key.as_str())
                .arg("choices", choices.join(", "))
                .args_given(given),
            OptionError::NotOdd {
                game,
                key,
                given,
                min,
                max,
            } => match given.trim().parse::<u32>() {
                Ok(n) if (*min..=*max).contains(&n) => Message::new("option-even")
                    .arg("key", *key)
                    .arg("size", n)
                    .arg("game", game_title(game))
                    .arg("first", first_odd(*min, *max))
                    .arg("max", *max),
                _ => Message::new("option-not-odd")
                    .arg("key", *key)
                    .arg("min", *min)
                    .arg("max", *max)
                    .args_given(given),
            },
            OptionError::NotAPoint {
                point,
                files,
                ranks,
            } => Message::new("option-not-a-point")
                .arg("point", point.as_str())
                .arg("files", *files)
                .arg("ranks", *ranks),
            OptionError::Needs {
                key,
                value,
                needs,
                why,
            } => Message::new("option-needs")
                .arg("key", *key)
                .arg("value", *value)
                .arg("why", why.message())
                .arg("needs", *needs),
            OptionError::Unplayable(board) => {
                Message::new("option-unplayable").arg("why", board.message())
            }
            OptionError::WrongKind { key } => Message::new("option-wrong-kind").arg("key", *key),
            OptionError::Undeclared { game } => {
                Message::new("option-undeclared").arg("game", game_title(game))
            }
        }
    }
}

/// The value given to an option, and whether there was none (`size=`):
/// then the refusal says that nothing follows `=` instead of quoting an
/// empty value.
trait GivenValue {
    fn args_given(self, given: &str) -> Self;
}

impl GivenValue for Message {
    fn args_given(self, given: &str) -> Message {
        let empty = if nothing_given(given) { "yes" } else { "no" };
        self.arg("given", given).arg("empty", empty)
    }
}

/// A game's title for a reader, from its name as the rules give it
/// (`Callanish`, `callanish`); other text as it is.
fn game_title(game: &str) -> MessageArg {
    match crate::GameKind::parse(game) {
        Some(kind) => kind.title_message().into(),
        None => game.into(),
    }
}

/// The first odd sizes from `min`, as "7, 9, 11".
fn first_odd(min: u32, max: u32) -> String {
    let first: Vec<String> = (min..max)
        .step_by(2)
        .take(3)
        .map(|n| n.to_string())
        .collect();
    first.join(", ")
}

/// The end of a refusal of a value, in English: what was given, or that
/// nothing was.
fn not_given(given: &str) -> String {
    if nothing_given(given) {
        ": nothing follows `=`".to_string()
    } else {
        format!(", not `{given}`")
    }
}

/// Whether an option's value is missing (`size=`).
fn nothing_given(given: &str) -> bool {
    given.trim().is_empty()
}

/// A game's English title from its name as the rules give it.
fn english_title(game: &str) -> String {
    crate::GameKind::parse(game).map_or_else(|| game.to_string(), |kind| kind.title().to_string())
}

fn known_list(game: &str, known: &[&str]) -> String {
    if known.is_empty() {
        format!("{game} has no options")
    } else {
        format!("{game} knows {}", known.join(", "))
    }
}

fn odd_message(game: &str, key: &str, given: &str, min: u32, max: u32) -> String {
    match given.trim().parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => format!(
            "{key} {n} is even: {game} is played on odd sizes only ({}, ... {max})",
            first_odd(min, max)
        ),
        _ => format!(
            "option `{key}` must be an odd number from {min} to {max}{}",
            not_given(given)
        ),
    }
}

/// Raw `key=value` options, keys lower-cased. Each game reads what it knows
/// and refuses the rest with [`Options::check_known`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    values: BTreeMap<String, String>,
}

impl Options {
    /// Parse words such as `size=9` `shape=circle`.
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Options, OptionError> {
        let mut values = BTreeMap::new();
        for word in words {
            let word = word.as_ref().trim();
            if word.is_empty() {
                continue;
            }
            let Some((key, value)) = word.split_once('=') else {
                return Err(OptionError::NotKeyValue { word: word.into() });
            };
            let key = key.trim().to_ascii_lowercase();
            let value = value.trim().to_string();
            if key.is_empty() {
                return Err(OptionError::NoKey { word: word.into() });
            }
            if values.insert(key.clone(), value).is_some() {
                return Err(OptionError::GivenTwice { key });
            }
        }
        Ok(Options { values })
    }

    pub fn from_pairs(pairs: &[(&str, &str)]) -> Options {
        Options {
            values: pairs
                .iter()
                .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
                .collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Refuse any key not in `known`, naming the known ones.
    pub fn check_known(&self, game: &str, known: &[&'static str]) -> Result<(), OptionError> {
        match self
            .values
            .keys()
            .find(|key| !known.contains(&key.as_str()))
        {
            Some(key) => Err(OptionError::Unknown {
                game: game.into(),
                key: key.clone(),
                known: known.to_vec(),
            }),
            None => Ok(()),
        }
    }

    /// A whole number in `min..=max`, or `default` when absent.
    pub fn number(&self, key: &str, default: u32, min: u32, max: u32) -> Result<u32, OptionError> {
        match self.get(key) {
            None => Ok(default),
            Some(text) => match text.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(OptionError::OutOfRange {
                    key: key.into(),
                    min,
                    max,
                    given: text.into(),
                }),
            },
        }
    }

    /// One of `choices` (case-insensitive), or `default` when absent.
    pub fn choice(
        &self,
        key: &str,
        default: &'static str,
        choices: &[&'static str],
    ) -> Result<&'static str, OptionError> {
        match self.get(key) {
            None => Ok(default),
            Some(text) => {
                let lower = text.to_ascii_lowercase();
                choices
                    .iter()
                    .copied()
                    .find(|c| *c == lower)
                    .ok_or_else(|| OptionError::NotAChoice {
                        key: key.into(),
                        choices: choices.to_vec(),
                        given: text.into(),
                    })
            }
        }
    }
}

/// The values one option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of these words; the first is the default.
    Choice(&'static [&'static str]),
    /// A whole number from `min` to `max`; `suggested` values (the default
    /// first) are offered when completing.
    Number {
        default: u32,
        min: u32,
        max: u32,
        suggested: &'static [u32],
    },
    /// Points or cells of the board, separated by commas; none by default.
    Points,
}

/// One option of a game, declared once in the game's module: it feeds the
/// parsing and defaults of [`Options`], the `position` report, the `rules`
/// text and the completion of options in chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub key: &'static str,
    pub kind: OptionKind,
    /// What the option changes, one short phrase: a message of the game's
    /// catalogue (`callanish-option-size`).
    pub help: HelpWords,
}

/// An option's help line: the id of a message without arguments in the
/// game's catalogue. [`HelpWords::message`] words it for any reader;
/// `Display` shows it in English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpWords(pub &'static str);

impl HelpWords {
    /// The message id, e.g. `callanish-option-size`.
    pub fn id(self) -> &'static str {
        self.0
    }

    /// The help line as a message for a reader in any language.
    pub fn message(self) -> cairn_words::Message {
        cairn_words::Message::new(self.0)
    }
}

impl std::fmt::Display for HelpWords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::locales::english(&self.message()))
    }
}

impl OptionSpec {
    pub const fn choice(
        key: &'static str,
        choices: &'static [&'static str],
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            key,
            kind: OptionKind::Choice(choices),
            help: HelpWords(help),
        }
    }

    pub const fn number(
        key: &'static str,
        (default, min, max): (u32, u32, u32),
        suggested: &'static [u32],
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            key,
            kind: OptionKind::Number {
                default,
                min,
                max,
                suggested,
            },
            help: HelpWords(help),
        }
    }

    pub const fn points(key: &'static str, help: &'static str) -> OptionSpec {
        OptionSpec {
            key,
            kind: OptionKind::Points,
            help: HelpWords(help),
        }
    }

    /// The value used when the option is not given, as typed (empty for a
    /// list of points).
    pub fn default_text(&self) -> String {
        match self.kind {
            OptionKind::Choice(choices) => choices.first().copied().unwrap_or("").to_string(),
            OptionKind::Number { default, .. } => default.to_string(),
            OptionKind::Points => String::new(),
        }
    }

    /// How the option is written: `rules=bell|basic`, `stall=1..10000`,
    /// `blocked=a1,b2,...` (points in the notation, the same in every language).
    pub fn usage(&self) -> String {
        match self.kind {
            OptionKind::Choice(choices) => format!("{}={}", self.key, choices.join("|")),
            OptionKind::Number { min, max, .. } => format!("{}={min}..{max}", self.key),
            OptionKind::Points => format!("{}=a1,b2,...", self.key),
        }
    }

    /// The values offered when completing, the default first.
    pub fn suggestions(&self) -> Vec<String> {
        match self.kind {
            OptionKind::Choice(choices) => choices.iter().map(|c| c.to_string()).collect(),
            OptionKind::Number { suggested, .. } => suggested.iter().map(u32::to_string).collect(),
            OptionKind::Points => Vec::new(),
        }
    }
}

impl Options {
    /// Refuse any key the game does not declare, naming the declared ones.
    pub fn check_specs(&self, game: &str, specs: &[OptionSpec]) -> Result<(), OptionError> {
        let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
        self.check_known(game, &known)
    }

    /// The declared choice option's value (its first choice when absent).
    pub fn choice_of(&self, spec: &OptionSpec) -> Result<&'static str, OptionError> {
        match spec.kind {
            OptionKind::Choice(choices) => {
                self.choice(spec.key, choices.first().copied().unwrap_or(""), choices)
            }
            _ => Err(OptionError::WrongKind { key: spec.key }),
        }
    }

    /// The declared number option's value (its default when absent).
    pub fn number_of(&self, spec: &OptionSpec) -> Result<u32, OptionError> {
        match spec.kind {
            OptionKind::Number {
                default, min, max, ..
            } => self.number(spec.key, default, min, max),
            _ => Err(OptionError::WrongKind { key: spec.key }),
        }
    }
}

/// An option's value as a game reports it (the `position` report lists
/// every option, defaults resolved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Word(&'static str),
    Number(u32),
    /// Points or cells, by name.
    List(Vec<String>),
}

impl From<&'static str> for OptionValue {
    fn from(word: &'static str) -> Self {
        OptionValue::Word(word)
    }
}

impl From<u32> for OptionValue {
    fn from(n: u32) -> Self {
        OptionValue::Number(n)
    }
}

impl From<u16> for OptionValue {
    fn from(n: u16) -> Self {
        OptionValue::Number(n.into())
    }
}

impl From<u8> for OptionValue {
    fn from(n: u8) -> Self {
        OptionValue::Number(n.into())
    }
}

impl From<Vec<String>> for OptionValue {
    fn from(list: Vec<String>) -> Self {
        OptionValue::List(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{BoardError, BoardLine};

    #[test]
    fn every_refusal_is_worded_in_every_language_and_in_english_as_displayed() {
        let all = vec![
            OptionError::NotKeyValue {
                word: "size".into(),
            },
            OptionError::NoKey { word: "=7".into() },
            OptionError::GivenTwice { key: "size".into() },
            OptionError::Unknown {
                game: "sight".into(),
                key: "size".into(),
                known: vec![],
            },
            OptionError::Unknown {
                game: "callanish".into(),
                key: "colour".into(),
                known: vec!["size", "shape", "stones", "blocked"],
            },
            OptionError::OutOfRange {
                key: "stall".into(),
                min: 1,
                max: 10000,
                given: "0".into(),
            },
            OptionError::NotAChoice {
                key: "rules".into(),
                choices: vec!["bell", "basic"],
                given: "x".into(),
            },
            OptionError::NotOdd {
                game: "Callanish",
                key: "size",
                given: "8".into(),
                min: 5,
                max: 19,
            },
            OptionError::NotOdd {
                game: "Callanish",
                key: "size",
                given: "big".into(),
                min: 5,
                max: 19,
            },
            OptionError::NotAPoint {
                point: "z9".into(),
                files: 9,
                ranks: 9,
            },
            OptionError::Needs {
                key: "shape",
                value: "circle",
                needs: "size=9",
                why: HelpWords("callanish-circle-board"),
            },
            OptionError::Unplayable(BoardError {
                line: BoardLine::Rank(1),
                cells: 2,
            }),
            OptionError::Unplayable(BoardError {
                line: BoardLine::File('c'),
                cells: 1,
            }),
            OptionError::WrongKind { key: "size" },
            OptionError::Undeclared { game: "Fanorona" },
        ];
        for error in &all {
            let message = error.message();
            crate::check::assert_worded(&message, error);
            assert_eq!(crate::locales::english(&message), error.to_string());
        }
        assert_eq!(
            all[7].to_string(),
            "size 8 is even: Callanish is played on odd sizes only (5, 7, 9, ... 19)"
        );
        assert_eq!(
            all[11].to_string(),
            "this board cannot be played: rank 1 would have only 2 playable cells: a line needs 0 or at least 3"
        );
    }
}
