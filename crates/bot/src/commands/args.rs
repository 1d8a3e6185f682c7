//! The typed values a command carries, and how each is read from what a
//! player gave: words of a text command, or the typed values of a
//! platform's own command form (a user Discord resolved). Everything is
//! checked here, once; the handlers receive only values that make sense.

use std::fmt;

use crate::i18n::{say, Lang};
use crate::limits::quote;
use crate::{t, BotConfig, User};
use cairn_rules::{AnyGame, GameKind, OptionError, Options, Seat, Seating};
use cairn_store::clock::{ClockError, TimeControl};
use cairn_store::Notify;

/// What the parser needs to know besides the words: who the bot is, the
/// users the platform resolved from mentions, the shortest clock allowed.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub bot_user: &'a User,
    /// Words that name the bot as an opponent besides its id and name.
    pub bot_aliases: &'a [String],
    /// Users the platform resolved from the command's mentions, in order.
    pub mentions: &'a [User],
    pub min_clock_ms: u64,
}

impl<'a> Context<'a> {
    /// The context of a request to a bot with `config`.
    pub fn new(config: &'a BotConfig, mentions: &'a [User]) -> Context<'a> {
        Context {
            bot_user: &config.bot_user,
            bot_aliases: &config.bot_aliases,
            mentions,
            min_clock_ms: config.min_clock_ms,
        }
    }

    /// Whether `word` names the bot.
    fn is_bot_word(&self, word: &str) -> bool {
        let lower = word.to_ascii_lowercase();
        let (id, name) = (
            self.bot_user.id.to_ascii_lowercase(),
            self.bot_user.name.to_ascii_lowercase(),
        );
        lower == id
            || lower == name
            || lower.trim_start_matches('@') == name
            || self
                .bot_aliases
                .iter()
                .any(|a| a.to_ascii_lowercase() == lower)
    }

    /// The user a word names: the first user the platform resolved from
    /// a mention, else the word itself (the console's names are its ids).
    fn user_of(&self, word: &str) -> User {
        match self.mentions.first() {
            Some(user) => user.clone(),
            None => {
                // Names differing only in case are one player.
                let name = word.trim_start_matches('@');
                User::new(name.to_lowercase(), name)
            }
        }
    }

    /// The opponent a word (or the first mention) names.
    pub(crate) fn opponent_of(&self, word: &str) -> Opponent {
        let mentioned_bot = self
            .mentions
            .first()
            .is_some_and(|m| m.id == self.bot_user.id);
        if self.is_bot_word(word) || mentioned_bot {
            Opponent::Bot
        } else {
            Opponent::User(self.user_of(word))
        }
    }

    /// The player a `rating` names, if any.
    pub(crate) fn player_of(&self, word: Option<&str>) -> Option<User> {
        match (word, self.mentions.first()) {
            (Some(word), _) => Some(self.user_of(word)),
            (None, Some(user)) => Some(user.clone()),
            (None, None) => None,
        }
    }
}

/// Whom a challenge is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Cairn itself.
    Bot,
    User(User),
    /// Nobody named: an open challenge, which anyone but the challenger
    /// may accept.
    Anyone,
}

/// The side the challenger asks for (`as=`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// One of the game's sides, with the word it was named by (shown
    /// back, as in `as=black`).
    Seat {
        seat: Seat,
        word: String,
    },
    Random,
}

/// The clock a challenge asks for (`clock=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockSetting {
    /// `clock=none`: an untimed game.
    Off,
    On(TimeControl),
}

impl ClockSetting {
    /// The time control, if any.
    pub fn control(self) -> Option<TimeControl> {
        match self {
            ClockSetting::Off => None,
            ClockSetting::On(control) => Some(control),
        }
    }
}

/// The bot's strength, 1 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

impl Level {
    /// The level a challenge of the bot gets when it names none.
    pub const DEFAULT: Level = Level(3);

    /// A level from 1 to 5.
    pub fn new(value: u8) -> Option<Level> {
        (1..=5).contains(&value).then_some(Level(value))
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

/// A game's options, checked against its declaration: they start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub kind: GameKind,
    /// The options in canonical form (`size=7`), as stored and shown.
    pub words: Vec<String>,
    pub options: Options,
}

impl GameSetup {
    /// A fresh game of this setup.
    pub fn new_game(&self) -> Result<AnyGame, OptionError> {
        AnyGame::new(self.kind, &self.options)
    }
}

/// A typed `challenge`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeArgs {
    pub setup: GameSetup,
    pub opponent: Opponent,
    pub side: Option<Side>,
    /// `None`: the bot's default clock.
    pub clock: Option<ClockSetting>,
    pub level: Option<Level>,
    /// `vacation=no`: the game's clocks never pause for a vacation.
    pub vacation: bool,
}

/// Where a leaderboard looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// This server, room or channel.
    Here,
    /// Everywhere.
    All,
}

/// What `help` was asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpTopic {
    /// A command, by its English name.
    Command(&'static str),
    /// No command is called that: the answer says so, and what is close.
    Unknown(String),
}

/// Why a value given for an argument is refused: what was wrong and
/// what is legal, worded by [`ArgError::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// A required argument is missing.
    Missing {
        command: &'static str,
        arg: &'static str,
    },
    /// No game is called that.
    UnknownGame { command: &'static str, word: String },
    /// `challenge`: a word that is not `key=value`.
    NotAnOption { word: String },
    /// `challenge`: an option given twice.
    OptionTwice { key: String },
    /// `challenge`: the options are refused.
    BadOptions(OptionError),
    /// `challenge`: the game cannot start with these options.
    CannotStart { kind: GameKind, error: OptionError },
    /// `challenge`: `as=` where the sides are chosen later.
    PieRuleSide { kind: GameKind },
    /// `challenge`: `as=` names no side of the game.
    NotASide { word: String, sides: [String; 2] },
    /// `challenge`: an unreadable or too short clock.
    Clock(ClockError),
    /// `challenge`: a level outside 1..=5.
    Level { word: String },
    /// `challenge`: a level for a human opponent.
    LevelForHuman,
    /// A word that is not one of the argument's choices.
    NotAChoice {
        command: &'static str,
        arg: &'static str,
        word: String,
    },
    /// `lang`: a language Cairn does not speak.
    UnknownLanguage { word: String },
    /// `pick`: a word that is no step of the list.
    NotAPickStep { word: String },
    /// `notify digest`: no time, or not a time or zone.
    Digest(Option<crate::digest::DigestError>),
    /// `vacation`: words that say no vacation.
    VacationUsage,
    /// `vacation`: not a number of days.
    VacationDays { word: String },
    /// `vacation from`: not a day.
    VacationDate { word: String },
    /// `tournament`: what its arguments cannot be.
    Tournament(super::tournament::TournamentArgError),
    /// `settings zone=` without `puzzle=`.
    DailyUsage,
    /// `review`: a word that is no game's id.
    NotAGameId { word: String },
}

impl ArgError {
    /// The refusal, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ArgError::Missing { command, arg } => missing_text(lang, command, arg),
            ArgError::UnknownGame { command, word } => {
                let text = unknown_game(word, lang);
                match *command {
                    "leaderboard" => format!("{text} {}", t!(lang, "leaderboard-usage")),
                    _ => text,
                }
            }
            ArgError::NotAnOption { word } => t!(
                lang,
                "challenge-not-an-option",
                word = quote(word),
                usage = challenge_usage(lang)
            ),
            ArgError::OptionTwice { key } => {
                t!(lang, "challenge-option-twice", key = quote(key))
            }
            ArgError::BadOptions(error) => t!(
                lang,
                "challenge-bad-options",
                reason = say(lang, &error.message())
            ),
            ArgError::CannotStart { kind, error } => t!(
                lang,
                "challenge-cannot-start",
                game = say(lang, &kind.title_message()),
                reason = say(lang, &error.message())
            ),
            ArgError::PieRuleSide { kind } => t!(
                lang,
                "challenge-pie-rule-as",
                game = say(lang, &kind.title_message())
            ),
            ArgError::NotASide { word, sides } => t!(
                lang,
                "challenge-not-a-side",
                word = quote(word),
                first = sides[0].as_str(),
                second = sides[1].as_str()
            ),
            ArgError::Clock(ClockError::Unreadable(given)) => {
                t!(lang, "challenge-clock-unreadable", given = quote(given))
            }
            ArgError::Clock(ClockError::TooShort { given, minimum_ms }) => t!(
                lang,
                "challenge-clock-too-short",
                given = given.as_str(),
                minimum = crate::i18n::duration(lang, *minimum_ms)
            ),
            ArgError::Level { word } => t!(lang, "challenge-level-range", value = quote(word)),
            ArgError::LevelForHuman => t!(lang, "challenge-level-bot-only"),
            ArgError::NotAChoice { command, arg, word } => choice_text(lang, command, arg, word),
            ArgError::UnknownLanguage { word } => t!(lang, "lang-unknown", asked = quote(word)),
            ArgError::NotAPickStep { word } => t!(lang, "pick-not-a-step", word = quote(word)),
            ArgError::Digest(None) => t!(lang, "digest-usage"),
            ArgError::Digest(Some(crate::digest::DigestError::Time(word))) => {
                t!(lang, "digest-bad-time", word = quote(word))
            }
            ArgError::Digest(Some(crate::digest::DigestError::Zone(word))) => {
                t!(lang, "digest-bad-zone", word = quote(word))
            }
            ArgError::VacationUsage => t!(lang, "vacation-usage"),
            ArgError::VacationDays { word } => t!(lang, "vacation-bad-days", word = quote(word)),
            ArgError::VacationDate { word } => t!(lang, "vacation-bad-date", word = quote(word)),
            ArgError::Tournament(error) => error.text(lang),
            ArgError::DailyUsage => t!(lang, "daily-usage"),
            ArgError::NotAGameId { word } => t!(lang, "review-not-an-id", word = quote(word)),
        }
    }
}

/// A game's id, as its web page's address ends (`review <id>`).
pub fn game_id(word: &str) -> Result<cairn_store::GameId, ArgError> {
    let id = word.trim().trim_end_matches('/');
    let id = id.rsplit('/').next().unwrap_or(id);
    id.parse().map_err(|_| ArgError::NotAGameId {
        word: word.to_string(),
    })
}

/// "Write `challenge <game> [opponent] ...`, e.g. ...".
fn challenge_usage(lang: Lang) -> String {
    t!(
        lang,
        "challenge-usage",
        example = example_with_option(),
        starter = GameKind::STARTER.name()
    )
}

/// A required argument is missing: what to write.
fn missing_text(lang: Lang, command: &str, arg: &str) -> String {
    match (command, arg) {
        ("challenge", _) => {
            t!(lang, "challenge-which-game", usage = challenge_usage(lang))
        }
        ("leaderboard", _) => t!(
            lang,
            "leaderboard-which-game",
            usage = t!(lang, "leaderboard-usage"),
            games = GameKind::ALL.map(|k| k.name()).join(", ")
        ),
        _ => t!(
            lang,
            "command-missing",
            usage = super::set::find(command)
                .map(|spec| spec.usage(lang))
                .unwrap_or_default()
        ),
    }
}

/// A word that is none of an argument's choices: what the choices are.
fn choice_text(lang: Lang, command: &str, arg: &str, word: &str) -> String {
    match (command, arg) {
        ("leaderboard", _) => t!(
            lang,
            "leaderboard-not-a-scope",
            scope = quote(word),
            usage = t!(lang, "leaderboard-usage")
        ),
        ("notify", _) => t!(lang, "notify-usage"),
        _ => t!(lang, "settings-threads-usage"),
    }
}

/// An example challenge with an option (`challenge callanish @alice
/// size=7`), from the first game that declares options, and a space.
pub(crate) fn example_with_option() -> String {
    GameKind::ALL
        .into_iter()
        .find_map(|kind| {
            let spec = kind.option_specs().first()?;
            let value = spec.suggestions().get(1)?.clone();
            Some(format!("`challenge {kind} @alice {}={value}` ", spec.key))
        })
        .unwrap_or_default()
}

/// There is no game called `name`: the closest name or title in any
/// language (as it is written there), and the games' titles in `lang`.
pub(crate) fn unknown_game(name: &str, lang: Lang) -> String {
    let typed = name.trim().to_lowercase();
    let close = game_words()
        .into_iter()
        .filter_map(|word| Some((super::set::close(&typed, &word.to_lowercase())?, word)))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, word)| t!(lang, "unknown-game-close", game = word))
        .unwrap_or_default();
    let titles: Vec<String> = GameKind::ALL
        .iter()
        .map(|kind| say(lang, &kind.title_message()))
        .collect();
    t!(
        lang,
        "unknown-game",
        name = quote(name),
        close = close,
        games = crate::i18n::list_and(lang, &titles)
    )
}

/// Every word that names a game: its name and its titles.
fn game_words() -> Vec<String> {
    GameKind::ALL
        .into_iter()
        .flat_map(|kind| {
            std::iter::once(kind.name().to_string())
                .chain(Lang::ALL.map(|lang| say(lang, &kind.title_message())))
        })
        .collect()
}

/// The game a word names: its name (`callanish`) or its title in any
/// language Cairn speaks (`カラニッシュ`, `Callanish`).
pub fn game_named(word: &str) -> Option<GameKind> {
    GameKind::parse(word).or_else(|| {
        let word = word.trim().to_lowercase();
        GameKind::ALL.into_iter().find(|kind| {
            Lang::ALL
                .into_iter()
                .any(|lang| say(lang, &kind.title_message()).to_lowercase() == word)
        })
    })
}

/// The game a word names.
pub(crate) fn game(command: &'static str, word: &str) -> Result<GameKind, ArgError> {
    game_named(word).ok_or_else(|| ArgError::UnknownGame {
        command,
        word: word.to_string(),
    })
}

/// The game's own `key=value` words, each key once, checked against the
/// game's declaration.
pub(crate) fn setup(kind: GameKind, words: &[String]) -> Result<GameSetup, ArgError> {
    let mut canonical = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for word in words {
        let lower = word.to_ascii_lowercase();
        let Some((key, value)) = lower.split_once('=') else {
            return Err(ArgError::NotAnOption { word: word.clone() });
        };
        let key = key.trim().to_string();
        if seen.contains(&key) {
            return Err(ArgError::OptionTwice { key });
        }
        // Echoed and stored in canonical form: `size=7`, not `SIZE=7`.
        canonical.push(format!("{key}={}", value.trim()));
        seen.push(key);
    }
    let options = Options::parse(&canonical).map_err(ArgError::BadOptions)?;
    let setup = GameSetup {
        kind,
        words: canonical,
        options,
    };
    setup
        .new_game()
        .map_err(|error| ArgError::CannotStart { kind, error })?;
    Ok(setup)
}

/// `as=`: a side of the game, or `random`.
pub(crate) fn side(setup: &GameSetup, word: &str) -> Result<Side, ArgError> {
    let kind = setup.kind;
    if kind.seating() == Seating::PieRule {
        return Err(ArgError::PieRuleSide { kind });
    }
    let word = word.to_ascii_lowercase();
    if word == "random" {
        return Ok(Side::Random);
    }
    match kind.seat_of_word(&word) {
        Some(seat) => Ok(Side::Seat { seat, word }),
        None => {
            let sides = match setup.new_game() {
                Ok(game) => [Seat::First, Seat::Second].map(|s| game.seat_name(s).to_string()),
                Err(_) => ["first".to_string(), "second".to_string()],
            };
            Err(ArgError::NotASide { word, sides })
        }
    }
}

/// `clock=`: a time control, or `none`.
pub(crate) fn clock(word: &str, minimum_ms: u64) -> Result<ClockSetting, ArgError> {
    match TimeControl::parse(&word.to_ascii_lowercase(), minimum_ms) {
        Ok(Some(control)) => Ok(ClockSetting::On(control)),
        Ok(None) => Ok(ClockSetting::Off),
        Err(error) => Err(ArgError::Clock(error)),
    }
}

/// `level=`: 1 to 5.
pub(crate) fn level(word: &str) -> Result<Level, ArgError> {
    word.trim()
        .parse::<u8>()
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| ArgError::Level {
            word: word.to_string(),
        })
}

/// `notify on|dm|off` (and their older spellings).
pub(crate) fn notify_mode(word: &str) -> Result<Notify, ArgError> {
    match word.trim().to_ascii_lowercase().as_str() {
        "on" | "channel" => Ok(Notify::On),
        "off" | "none" => Ok(Notify::Off),
        "dm" | "direct" => Ok(Notify::Direct),
        "digest" | "daily" => Ok(Notify::Digest),
        _ => Err(ArgError::NotAChoice {
            command: "notify",
            arg: "mode",
            word: word.to_string(),
        }),
    }
}

/// `threads=on|off`.
pub(crate) fn switch(
    command: &'static str,
    arg: &'static str,
    word: &str,
) -> Result<bool, ArgError> {
    match word.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(ArgError::NotAChoice {
            command,
            arg,
            word: word.to_string(),
        }),
    }
}

/// `here` or `all`.
pub(crate) fn scope(word: &str) -> Result<Scope, ArgError> {
    match word.to_ascii_lowercase().as_str() {
        "here" => Ok(Scope::Here),
        "all" | "everywhere" | "global" => Ok(Scope::All),
        _ => Err(ArgError::NotAChoice {
            command: "leaderboard",
            arg: "scope",
            word: word.to_string(),
        }),
    }
}

/// A language Cairn speaks.
pub(crate) fn language(word: &str) -> Result<Lang, ArgError> {
    Lang::parse(word.trim()).ok_or_else(|| ArgError::UnknownLanguage {
        word: word.trim().to_string(),
    })
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Bot => f.write_str("bot"),
            Opponent::User(user) => write!(f, "@{}", user.name),
            Opponent::Anyone => Ok(()),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::Seat { word, .. } => f.write_str(word),
            Side::Random => f.write_str("random"),
        }
    }
}

impl fmt::Display for ClockSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockSetting::Off => f.write_str("none"),
            ClockSetting::On(control) => control.fmt(f),
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scope::Here => "here",
            Scope::All => "all",
        })
    }
}

/// What `pick` asks for: the list of the first steps of a turn, an option
/// of the list last shown, a step back, or the list's next page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickStep {
    /// `pick`: the list from the start of the turn.
    Show,
    /// `pick N`: option N (from 1) of the list last shown.
    Number(usize),
    /// `pick back`: take the last choice back.
    Back,
    /// `pick more`: the next page of the list.
    More,
}

impl fmt::Display for PickStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PickStep::Show => Ok(()),
            PickStep::Number(n) => write!(f, "{n}"),
            PickStep::Back => f.write_str("back"),
            PickStep::More => f.write_str("more"),
        }
    }
}

/// The words `pick` takes besides a number.
pub const PICK_WORDS: &[&str] = &["back", "more"];

/// `pick`'s word: nothing, a number from 1, `back` or `more`.
pub(crate) fn pick_step(word: Option<&str>) -> Result<PickStep, ArgError> {
    let Some(word) = word.map(str::trim).filter(|w| !w.is_empty()) else {
        return Ok(PickStep::Show);
    };
    match word.to_ascii_lowercase().as_str() {
        "back" => Ok(PickStep::Back),
        "more" => Ok(PickStep::More),
        number => match number.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(PickStep::Number(n)),
            _ => Err(ArgError::NotAPickStep {
                word: word.to_string(),
            }),
        },
    }
}
