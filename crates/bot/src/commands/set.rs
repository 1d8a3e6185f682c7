//! The command set, declared once: every command's name, aliases, typed
//! arguments and help. The text parser ([`parse`]), `help`, the platforms'
//! command definitions (Discord's slash commands with their localizations)
//! and their translation of an invocation into a [`Command`] all read
//! [`COMMANDS`]; the handlers receive the typed [`Command`].

use std::fmt;
use std::sync::OnceLock;

use super::args::{self, ArgError, ChallengeArgs, Context, HelpTopic, Opponent, PickStep, Scope};
pub use super::premove::PremoveAction;
pub use super::tournament::TournamentAction;
use super::tournament::{build_tournament, FORMATS, TOURNAMENT_ACTIONS};
use crate::digest::DigestAt;
use crate::i18n::Lang;
use crate::limits::MAX_COMMAND_CHARS;
use crate::vacation::VacationAction;
use crate::{t, Capabilities, User};
use cairn_rules::GameKind;
use cairn_store::Notify;

/// What an argument holds, which decides how it is recognised in text and
/// how a platform asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// One of the games (`callanish`).
    Game,
    /// A player: a mention the platform resolves, or a name.
    User,
    /// A game's `key=value` options, several words.
    GameOptions,
    /// A turn in the game's notation, the rest of the line.
    Turn,
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// A whole number in a range.
    Integer { min: i64, max: i64 },
    /// A clock: `3d`, `7d+1d` or `none`.
    Clock,
    /// A language code (`en`, `ja`, `es`).
    Language,
    /// A command's name.
    CommandName,
    /// A step of `pick`: a number, `back` or `more`.
    PickStep,
    /// Free words, the rest of the line (`vacation from 2026-12-20 7d`).
    Words,
    /// When something starts: a delay (`2h`, `1d`) or `manual`.
    Moment,
}

impl ArgKind {
    /// The choices a platform may offer as a fixed list (value, label).
    pub fn choices(self, lang: Lang, arg: &str) -> Vec<(String, String)> {
        match self {
            ArgKind::Game => GameKind::ALL
                .iter()
                .map(|kind| {
                    (
                        kind.name().to_string(),
                        crate::i18n::say(lang, &kind.title_message()),
                    )
                })
                .collect(),
            ArgKind::Choice(values) => values
                .iter()
                .map(|value| {
                    (
                        value.to_string(),
                        t!(lang, &format!("choice-{arg}-{value}")),
                    )
                })
                .collect(),
            ArgKind::Language => Lang::ALL
                .iter()
                .map(|l| (l.code().to_string(), l.native_name().to_string()))
                .collect(),
            ArgKind::CommandName => COMMANDS
                .iter()
                .map(|spec| (spec.name.to_string(), spec.local_name(lang)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Whether `word` is certainly this kind of value (a game's name, one
    /// of the choices...): positional words fill the arguments that
    /// recognise them first, whatever the order they are written in.
    fn recognises(self, word: &str) -> bool {
        let lower = word.to_ascii_lowercase();
        match self {
            ArgKind::Game => args::game_named(word).is_some(),
            ArgKind::User => word.starts_with('@') || word.starts_with("<@"),
            ArgKind::Choice(values) => values.contains(&lower.as_str()),
            ArgKind::Integer { .. } => word.parse::<i64>().is_ok(),
            ArgKind::Language => Lang::parse(word).is_some(),
            ArgKind::CommandName => find(&lower).is_some(),
            ArgKind::PickStep => args::pick_step(Some(word)).is_ok(),
            ArgKind::GameOptions
            | ArgKind::Turn
            | ArgKind::Clock
            | ArgKind::Words
            | ArgKind::Moment => false,
        }
    }

    /// The placeholder's shape in a usage line, where it is not a word.
    fn shape(self) -> Option<String> {
        match self {
            ArgKind::Choice(values) => Some(values.join("|")),
            ArgKind::Integer { min, max } => Some(format!("{min}..{max}")),
            ArgKind::Clock => Some("3d|7d+1d|none".into()),
            ArgKind::Moment => Some("2h|1d|manual".into()),
            ArgKind::PickStep => Some(format!("N|{}", args::PICK_WORDS.join("|"))),
            ArgKind::Language => Some(
                Lang::ALL
                    .iter()
                    .map(|l| l.code())
                    .collect::<Vec<_>>()
                    .join("|"),
            ),
            _ => None,
        }
    }
}

/// How an argument is written in a text command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// A word in its place (`rules sight`).
    Positional,
    /// `name=value` anywhere (`as=black`).
    Keyed,
    /// Every remaining word (`move b2 a4 d1`).
    Rest,
}

/// One argument of a command.
#[derive(Clone, Copy, Debug)]
pub struct ArgSpec {
    /// Its name: the option's name on Discord, the key of a keyed one.
    pub name: &'static str,
    pub kind: ArgKind,
    pub syntax: Syntax,
    pub required: bool,
    /// Values are suggested as the user types (Discord's autocomplete).
    pub autocomplete: bool,
    /// The longest value a platform should accept.
    pub max_length: Option<u16>,
}

const fn arg(name: &'static str, kind: ArgKind, syntax: Syntax) -> ArgSpec {
    ArgSpec {
        name,
        kind,
        syntax,
        required: false,
        autocomplete: false,
        max_length: None,
    }
}

impl ArgSpec {
    const fn required(mut self) -> Self {
        self.required = true;
        self
    }
    const fn autocomplete(mut self) -> Self {
        self.autocomplete = true;
        self
    }
    const fn max_length(mut self, length: u16) -> Self {
        self.max_length = Some(length);
        self
    }

    /// The argument's name in `lang` (Discord's localized option name).
    pub fn local_name(&self, lang: Lang) -> String {
        t!(lang, &format!("arg-{}-name", self.name))
    }

    /// What the argument is for, in `lang`.
    pub fn description(&self, command: &CommandSpec, lang: Lang) -> String {
        t!(lang, &format!("arg-{}-{}", command.name, self.name))
    }

    /// Its part of a usage line: `<game>`, `[as=white|black|random]`.
    fn usage(&self, lang: Lang) -> String {
        let shape = self.kind.shape();
        let inner = match (self.syntax, shape) {
            (Syntax::Keyed, Some(shape)) => format!("{}={shape}", self.name),
            (Syntax::Keyed, None) => format!("{}=…", self.name),
            (Syntax::Positional, Some(shape)) => shape,
            (Syntax::Positional, None) => self.local_name(lang),
            (Syntax::Rest, _) if self.kind == ArgKind::GameOptions => "key=value ...".into(),
            (Syntax::Rest, _) => self.local_name(lang),
        };
        match (self.required, self.syntax, self.kind.shape().is_some()) {
            (true, Syntax::Positional | Syntax::Rest, false) => format!("<{inner}>"),
            (true, _, _) => inner,
            (false, _, _) => format!("[{inner}]"),
        }
    }
}

/// Whether `help <command>` adds a paragraph (`command-<name>-details`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Details {
    None,
    Plain,
    /// With the list of games as `$games` and the configured clocks and
    /// challenge lifetime.
    Games,
}

/// One command: its name, the other words that call it, its arguments and
/// how its typed value is built from them.
pub struct CommandSpec {
    pub name: &'static str,
    /// Other English words for it (`play` for `move`); the names in every
    /// language are accepted too.
    pub aliases: &'static [&'static str],
    pub args: &'static [ArgSpec],
    /// A paragraph of details for `help <command>`, if any.
    details: Details,
    build: Builder,
}

/// How a command's typed value is built from its arguments' values.
type Builder = fn(&mut Args, &Context<'_>) -> Result<Command, ArgError>;

impl CommandSpec {
    /// The command's name in `lang` (Discord's localized name).
    pub fn local_name(&self, lang: Lang) -> String {
        t!(lang, &format!("command-{}-name", self.name))
    }

    /// One line on what the command does, in `lang`.
    pub fn description(&self, lang: Lang) -> String {
        t!(lang, &format!("command-{}", self.name))
    }

    /// `challenge <game> [opponent] [key=value ...] [as=white|black|random]`.
    pub fn usage(&self, lang: Lang) -> String {
        let mut usage = self.name.to_string();
        for arg in self.args {
            usage.push(' ');
            usage.push_str(&arg.usage(lang));
        }
        usage
    }

    /// `help <command>`: usage, description and details, with the
    /// default configuration's values.
    pub fn help(&self, lang: Lang) -> String {
        self.help_with(lang, &HelpValues::default())
    }

    /// `help <command>` for a bot configured with `values`.
    pub fn help_with(&self, lang: Lang, values: &HelpValues) -> String {
        let id = format!("command-{}-details", self.name);
        let details = match self.details {
            Details::None => None,
            Details::Plain => Some(t!(lang, &id)),
            Details::Games => Some(t!(
                lang,
                &id,
                games = GameKind::ALL.map(|k| k.name()).join(", "),
                units = values.units(lang),
                minimum = crate::i18n::duration(lang, values.min_clock_ms),
                ttl = crate::i18n::duration(lang, values.challenge_ttl_ms)
            )),
        };
        let mut text = t!(
            lang,
            "help-command",
            usage = self.usage(lang),
            description = self.description(lang)
        );
        if let Some(details) = details {
            text.push('\n');
            text.push_str(&details);
        }
        text
    }

    /// The typed command from its arguments' values, each checked.
    pub fn build(&self, args: &mut Args, context: &Context<'_>) -> Result<Command, ArgError> {
        (self.build)(args, context)
    }

    /// The argument called `name`.
    pub fn arg(&self, name: &str) -> Option<&'static ArgSpec> {
        self.args.iter().find(|a| a.name == name)
    }
}

/// What help says of the bot's configuration and of the place: the
/// shortest clock (`CAIRN_MIN_CLOCK`), how long a challenge waits
/// (`CAIRN_CHALLENGE_TTL`), and what the place allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpValues {
    pub min_clock_ms: u64,
    pub challenge_ttl_ms: u64,
    pub capabilities: Capabilities,
}

impl Default for HelpValues {
    /// The default configuration, in a place that allows everything.
    fn default() -> Self {
        HelpValues::of(
            &crate::BotConfig::default(),
            Capabilities {
                direct_messages: true,
                servers: true,
                buttons: true,
                threads: true,
                answer_only: false,
                public_place: true,
            },
        )
    }
}

impl HelpValues {
    pub fn of(config: &crate::BotConfig, capabilities: Capabilities) -> HelpValues {
        HelpValues {
            min_clock_ms: config.min_clock_ms,
            challenge_ttl_ms: config.challenge_ttl_ms,
            capabilities,
        }
    }

    /// Whether the place has a use for a command: `settings` belong to
    /// a server.
    fn offers(&self, spec: &CommandSpec) -> bool {
        spec.name != "settings" || self.capabilities.servers
    }

    /// The units a `clock=` may be written in, in words: seconds only
    /// where a clock may be shorter than a minute.
    fn units(&self, lang: Lang) -> String {
        let mut units = vec![
            t!(lang, "clock-unit-days"),
            t!(lang, "clock-unit-hours"),
            t!(lang, "clock-unit-minutes"),
        ];
        if self.min_clock_ms < 60_000 {
            units.push(t!(lang, "clock-unit-seconds"));
        }
        crate::i18n::list_and(lang, &units)
    }
}

/// The values given for a command's arguments, by argument name: words,
/// or users a platform resolved itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    values: Vec<(&'static str, Vec<String>)>,
    users: Vec<(&'static str, User)>,
}

impl Args {
    /// Give `arg` a user the platform resolved (Discord's user option).
    pub fn push_user(&mut self, arg: &'static str, user: User) {
        self.users.push((arg, user));
    }

    /// The user given for `arg`, resolved by the platform.
    fn user(&mut self, arg: &str) -> Option<User> {
        let at = self.users.iter().position(|(name, _)| *name == arg)?;
        Some(self.users.remove(at).1)
    }

    /// The value of a required argument of `command`.
    pub(super) fn required(
        &mut self,
        command: &'static str,
        arg: &'static str,
    ) -> Result<String, ArgError> {
        self.word(arg).ok_or(ArgError::Missing { command, arg })
    }

    /// Give `arg` another word.
    pub fn push(&mut self, arg: &'static str, word: impl Into<String>) {
        match self.values.iter_mut().find(|(name, _)| *name == arg) {
            Some((_, words)) => words.push(word.into()),
            None => self.values.push((arg, vec![word.into()])),
        }
    }

    /// Words typed into one field for `arg` (a rest argument): keyed
    /// words of the command (`as=black`) go to their own argument, as in
    /// a text command; the others to `arg`.
    pub fn absorb(
        &mut self,
        spec: &CommandSpec,
        arg: &ArgSpec,
        text: &str,
    ) -> Result<(), ParseError> {
        for word in text.split_whitespace() {
            if !self.keyed(spec, word)? {
                self.push(arg.name, word);
            }
        }
        Ok(())
    }

    /// Take `word` if it is `key=value` for one of the command's keyed
    /// arguments (each given once); `false` leaves it to the caller.
    fn keyed(&mut self, spec: &CommandSpec, word: &str) -> Result<bool, ParseError> {
        let Some((key, value)) = word.split_once('=') else {
            return Ok(false);
        };
        let key = key.trim().to_ascii_lowercase();
        let Some(keyed) = spec
            .args
            .iter()
            .find(|a| a.syntax == Syntax::Keyed && a.name == key)
        else {
            return Ok(false);
        };
        if self.values.iter().any(|(name, _)| *name == keyed.name) {
            return Err(ParseError::GivenTwice { key });
        }
        self.push(keyed.name, value.trim());
        Ok(true)
    }

    /// Every word given for `arg`.
    pub(super) fn words(&mut self, arg: &str) -> Vec<String> {
        match self.values.iter().position(|(name, _)| *name == arg) {
            Some(at) => self.values.remove(at).1,
            None => Vec::new(),
        }
    }

    /// The value given for `arg` (its words joined by spaces).
    pub(super) fn word(&mut self, arg: &str) -> Option<String> {
        let words = self.words(arg);
        (!words.is_empty()).then(|| words.join(" "))
    }
}

/// A command, typed: what the handlers run. Every value was read and
/// checked where the command was parsed; only a turn stays text, for its
/// game to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Challenge an opponent to a game.
    Challenge(ChallengeArgs),
    Accept,
    Decline,
    Cancel,
    /// Challenge the opponent of the game that just ended here again,
    /// sides swapped.
    Rematch,
    /// Play a turn, written in the game's notation.
    Move {
        turn: String,
    },
    /// Choose a turn step by step, without notation.
    Pick {
        step: PickStep,
    },
    Board,
    Moves,
    Undo,
    Resign,
    Draw,
    Rules {
        game: Option<GameKind>,
    },
    Games,
    Replay,
    Export,
    Rating {
        /// `None`: the requester.
        player: Option<User>,
        game: Option<GameKind>,
    },
    Leaderboard {
        game: GameKind,
        scope: Scope,
    },
    Notify {
        /// `None`: say the current setting.
        mode: Option<Notify>,
        /// With `digest`: when.
        digest: Option<DigestAt>,
    },
    /// Both `None`: say the current settings.
    Settings {
        threads: Option<bool>,
        /// `web=off`: the server's games leave the web.
        web: Option<bool>,
        /// `puzzle=08:00 [zone=…]` or `puzzle=off`: the channel's daily
        /// puzzle.
        puzzle: Option<DailySetting>,
    },
    Lang {
        /// `None`: say the current language.
        language: Option<Lang>,
    },
    Help {
        topic: Option<HelpTopic>,
    },
    Vacation {
        action: VacationAction,
    },
    /// Queue a line of conditional turns, or drop them all.
    Premove {
        action: PremoveAction,
    },
    /// List my conditional turns in this game.
    Premoves,
    /// The board of my most urgent game where it is my turn.
    Next,
    Autoplay {
        /// `None`: say the current setting.
        on: Option<bool>,
    },
    /// `tournament create|join|leave|start|standings|cancel`.
    Tournament(TournamentAction),
    /// The tournaments of the channel.
    Tournaments,
    /// Prove a finished game position by position (`None`: the channel's
    /// last game).
    Review {
        game: Option<cairn_store::GameId>,
    },
    /// Show, start or answer a puzzle.
    Puzzle {
        action: PuzzleAction,
    },
    /// `rating puzzles [player]`: ratings at puzzles.
    PuzzleRating {
        /// `None`: the requester.
        player: Option<User>,
    },
}

/// What `puzzle` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// `puzzle`: the puzzle being solved here, or a new one.
    Show,
    /// `puzzle new` or `puzzle <game>`: a new puzzle.
    New(Option<GameKind>),
    /// `puzzle <turn>`: an answer.
    Answer(String),
}

/// `settings puzzle=…`: when the channel's daily puzzle is posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailySetting {
    Off,
    At(DigestAt),
}

impl Command {
    /// The command's declaration.
    pub fn spec(&self) -> &'static CommandSpec {
        let name = match self {
            Command::Challenge(_) => "challenge",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Cancel => "cancel",
            Command::Rematch => "rematch",
            Command::Move { .. } => "move",
            Command::Pick { .. } => "pick",
            Command::Board => "board",
            Command::Moves => "moves",
            Command::Undo => "undo",
            Command::Resign => "resign",
            Command::Draw => "draw",
            Command::Rules { .. } => "rules",
            Command::Games => "games",
            Command::Replay => "replay",
            Command::Export => "export",
            Command::Rating { .. } => "rating",
            Command::Leaderboard { .. } => "leaderboard",
            Command::Notify { .. } => "notify",
            Command::Settings { .. } => "settings",
            Command::Lang { .. } => "lang",
            Command::Help { .. } => "help",
            Command::Vacation { .. } => "vacation",
            Command::Premove { .. } => "premove",
            Command::Premoves => "premoves",
            Command::Next => "next",
            Command::Autoplay { .. } => "autoplay",
            Command::Tournament(_) => "tournament",
            Command::Tournaments => "tournaments",
            Command::Review { .. } => "review",
            Command::Puzzle { .. } => "puzzle",
            Command::PuzzleRating { .. } => "rating",
        };
        // Every variant is declared (a test checks it); help is the last.
        find(name).unwrap_or(&COMMANDS[COMMANDS.len() - 1])
    }

    /// The words after the command's name, as a player would write them.
    fn words(&self) -> Vec<String> {
        let on_off = |on: bool| if on { "on" } else { "off" };
        match self {
            Command::Challenge(c) => {
                let mut words = vec![c.setup.kind.name().to_string()];
                words.extend((c.opponent != Opponent::Anyone).then(|| c.opponent.to_string()));
                words.extend(c.setup.words.iter().cloned());
                words.extend(c.side.as_ref().map(|s| format!("as={s}")));
                words.extend(c.clock.map(|s| format!("clock={s}")));
                words.extend(c.level.map(|l| format!("level={}", l.get())));
                words.extend((!c.vacation).then(|| "vacation=no".to_string()));
                words
            }
            Command::Move { turn } => vec![turn.clone()],
            Command::Pick { step } => {
                let word = step.to_string();
                (!word.is_empty()).then_some(word).into_iter().collect()
            }
            Command::Rules { game } => game.iter().map(|g| g.name().to_string()).collect(),
            Command::Rating { player, game } => {
                let mut words: Vec<String> =
                    player.iter().map(|p| format!("@{}", p.name)).collect();
                words.extend(game.map(|g| g.name().to_string()));
                words
            }
            Command::Leaderboard { game, scope } => {
                vec![game.name().to_string(), scope.to_string()]
            }
            Command::Notify { mode, digest } => mode
                .iter()
                .map(|m| match m {
                    Notify::On => "on".to_string(),
                    Notify::Off => "off".to_string(),
                    Notify::Direct => "dm".to_string(),
                    Notify::Digest => "digest".to_string(),
                })
                .chain(digest.iter().flat_map(DigestAt::words))
                .collect(),
            Command::Settings {
                threads,
                web,
                puzzle,
            } => threads
                .iter()
                .map(|&t| format!("threads={}", on_off(t)))
                .chain(web.iter().map(|&w| format!("web={}", on_off(w))))
                .chain(puzzle.iter().flat_map(daily_words))
                .collect(),
            Command::Review { game } => game.iter().map(|g| g.to_string()).collect(),
            Command::Puzzle { action } => match action {
                PuzzleAction::Show => Vec::new(),
                PuzzleAction::New(None) => vec!["new".to_string()],
                PuzzleAction::New(Some(kind)) => vec![kind.name().to_string()],
                PuzzleAction::Answer(turn) => vec![turn.clone()],
            },
            Command::PuzzleRating { player } => std::iter::once("puzzles".to_string())
                .chain(player.iter().map(|p| format!("@{}", p.name)))
                .collect(),
            Command::Lang { language } => language.iter().map(|l| l.code().to_string()).collect(),
            Command::Vacation { action } => vacation_words(*action),
            Command::Premove { action } => vec![match action {
                PremoveAction::Line(text) => text.clone(),
                PremoveAction::Clear => "clear".to_string(),
            }],
            Command::Autoplay { on } => on.iter().map(|&o| on_off(o).to_string()).collect(),
            Command::Tournament(action) => action.words(),
            Command::Help { topic } => topic
                .iter()
                .map(|t| match t {
                    HelpTopic::Command(name) => name.to_string(),
                    HelpTopic::Unknown(word) => word.clone(),
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The command as text, the way a player would write it (for logs and
/// for bounding how much of the input a reply may echo): it parses back
/// to the same command.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = vec![self.spec().name.to_string()];
        words.extend(self.words());
        f.write_str(words.join(" ").trim())
    }
}

/// A command as it reaches the bot: text a player wrote, or a command a
/// platform (or the bot itself) built from typed values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Text(String),
    Command(Command),
}

impl Default for Input {
    fn default() -> Self {
        Input::Text(String::new())
    }
}

impl From<&str> for Input {
    fn from(text: &str) -> Self {
        Input::Text(text.to_string())
    }
}

impl From<String> for Input {
    fn from(text: String) -> Self {
        Input::Text(text)
    }
}

impl From<Command> for Input {
    fn from(command: Command) -> Self {
        Input::Command(command)
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Text(text) => f.write_str(text),
            Input::Command(command) => command.fmt(f),
        }
    }
}

impl PartialEq<&str> for Input {
    fn eq(&self, other: &&str) -> bool {
        let text = self.to_string();
        text == *other
    }
}

impl PartialEq<String> for Input {
    fn eq(&self, other: &String) -> bool {
        let text = self.to_string();
        text == *other
    }
}

/// Why a text is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but a prefix.
    Empty,
    /// Longer than the bot reads.
    TooLong { length: usize },
    /// The first word is no command; maybe one is close, or the text
    /// looks like a turn written without `move`.
    Unknown {
        word: String,
        suggestion: Option<&'static str>,
        looks_like_turn: bool,
    },
    /// A `key=` given twice.
    GivenTwice { key: String },
    /// A `key=value` with a key the command does not take.
    UnknownKey { command: &'static str, key: String },
    /// A word the command has no place for.
    Unexpected { command: &'static str, word: String },
    /// A value the argument cannot take.
    Invalid(ArgError),
}

impl From<ArgError> for ParseError {
    fn from(error: ArgError) -> Self {
        ParseError::Invalid(error)
    }
}

impl ParseError {
    /// The refusal, in `lang`.
    pub fn text(&self, lang: Lang, full: &str) -> String {
        use crate::limits::quote;
        match self {
            ParseError::Empty => help_list(lang),
            ParseError::TooLong { length } => t!(
                lang,
                "command-too-long",
                length = *length,
                limit = MAX_COMMAND_CHARS
            ),
            ParseError::Unknown {
                word,
                suggestion,
                looks_like_turn,
            } => {
                let hint = match (suggestion, looks_like_turn) {
                    (Some(s), _) => t!(lang, "command-did-you-mean", command = *s),
                    (None, true) => t!(lang, "command-write-move", turn = quote(full)),
                    (None, false) => String::new(),
                };
                t!(
                    lang,
                    "command-unknown",
                    word = quote(word),
                    hint = hint,
                    commands = command_names().join(", ")
                )
            }
            ParseError::GivenTwice { key } => {
                t!(lang, "command-key-twice", key = quote(key))
            }
            ParseError::UnknownKey { command, key } => {
                let spec = find(command);
                let keys: Vec<String> = spec
                    .map(|s| {
                        s.args
                            .iter()
                            .filter(|a| a.syntax == Keyed)
                            .map(|a| format!("`{}`", a.name))
                            .collect()
                    })
                    .unwrap_or_default();
                t!(
                    lang,
                    "command-unknown-key",
                    command = *command,
                    key = quote(key),
                    keys = keys.join(", "),
                    usage = spec.map(|s| s.usage(lang)).unwrap_or_default()
                )
            }
            ParseError::Unexpected { command, word } => t!(
                lang,
                "command-unexpected",
                word = quote(word),
                usage = find(command).map(|s| s.usage(lang)).unwrap_or_default()
            ),
            ParseError::Invalid(error) => error.text(lang),
        }
    }
}

use ArgKind::*;
use Syntax::*;

const SIDES: &[&str] = &["white", "black", "random"];
const SCOPES: &[&str] = &["here", "all"];
const MODES: &[&str] = &["on", "dm", "off", "digest"];
const SWITCH: &[&str] = &["on", "off"];
const YES_NO: &[&str] = &["yes", "no"];

macro_rules! command {
    ($name:literal, [$($alias:literal),*], [$($arg:expr),*], $details:expr, $build:expr) => {
        CommandSpec {
            name: $name,
            aliases: &[$($alias),*],
            args: &[$($arg),*],
            details: $details,
            build: $build,
        }
    };
}

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[CommandSpec] = &[
    command!(
        "challenge",
        [],
        [
            arg("game", Game, Positional).required(),
            arg("opponent", ArgKind::User, Positional),
            arg("options", GameOptions, Rest)
                .autocomplete()
                .max_length(200),
            arg("as", Choice(SIDES), Keyed),
            arg("clock", Clock, Keyed).max_length(40),
            arg("level", Integer { min: 1, max: 5 }, Keyed),
            arg("vacation", Choice(YES_NO), Keyed)
        ],
        Details::Games,
        build_challenge
    ),
    command!("accept", [], [], Details::None, |_, _| Ok(Command::Accept)),
    command!("decline", [], [], Details::None, |_, _| Ok(
        Command::Decline
    )),
    command!("cancel", [], [], Details::None, |_, _| Ok(Command::Cancel)),
    command!("rematch", [], [], Details::Plain, |_, _| Ok(
        Command::Rematch
    )),
    command!(
        "move",
        ["play", "m"],
        [arg("turn", Turn, Rest)
            .required()
            .autocomplete()
            .max_length(400)],
        Details::Plain,
        |a, _| Ok(Command::Move {
            turn: normalise(&a.word("turn").unwrap_or_default())
                .trim()
                .to_string()
        })
    ),
    command!(
        "pick",
        [],
        [arg("step", ArgKind::PickStep, Positional)],
        Details::Plain,
        |a, _| Ok(Command::Pick {
            step: args::pick_step(a.word("step").as_deref())?
        })
    ),
    command!("board", ["show"], [], Details::None, |_, _| Ok(
        Command::Board
    )),
    command!("moves", ["legal", "hint"], [], Details::None, |_, _| {
        Ok(Command::Moves)
    }),
    command!("undo", ["takeback"], [], Details::Plain, |_, _| Ok(
        Command::Undo
    )),
    command!("resign", [], [], Details::Plain, |_, _| Ok(Command::Resign)),
    command!("draw", [], [], Details::Plain, |_, _| Ok(Command::Draw)),
    command!(
        "rules",
        [],
        [arg("game", Game, Positional)],
        Details::None,
        |a, _| Ok(Command::Rules {
            game: a
                .word("game")
                .map(|w| args::game("rules", &w))
                .transpose()?
        })
    ),
    command!("games", [], [], Details::None, |_, _| Ok(Command::Games)),
    command!("next", [], [], Details::None, |_, _| Ok(Command::Next)),
    command!("replay", [], [], Details::Plain, |_, _| Ok(Command::Replay)),
    command!("export", ["record"], [], Details::Plain, |_, _| {
        Ok(Command::Export)
    }),
    command!(
        "rating",
        ["ratings"],
        [
            arg("player", ArgKind::User, Positional),
            arg("game", Game, Positional)
        ],
        Details::Plain,
        build_rating
    ),
    command!(
        "leaderboard",
        ["top"],
        [
            arg("game", Game, Positional).required(),
            arg("scope", Choice(SCOPES), Positional)
        ],
        Details::Plain,
        |a, _| Ok(Command::Leaderboard {
            game: args::game("leaderboard", &a.required("leaderboard", "game")?)?,
            scope: a
                .word("scope")
                .map(|w| args::scope(&w))
                .transpose()?
                .unwrap_or(Scope::Here),
        })
    ),
    command!(
        "notify",
        [],
        [
            arg("mode", Choice(MODES), Positional),
            arg("at", Words, Rest).max_length(60)
        ],
        Details::Plain,
        build_notify
    ),
    command!(
        "settings",
        [],
        [
            arg("threads", Choice(SWITCH), Keyed),
            arg("web", Choice(SWITCH), Keyed),
            arg("puzzle", Words, Keyed).max_length(10),
            arg("zone", Words, Keyed).max_length(60)
        ],
        Details::Plain,
        build_settings
    ),
    command!(
        "vacation",
        ["holiday"],
        [arg("when", Words, Rest).max_length(60)],
        Details::Plain,
        |a, _| Ok(Command::Vacation {
            action: crate::vacation::parse_action(&a.words("when"))?
        })
    ),
    command!(
        "tournament",
        [],
        [
            arg("action", Choice(TOURNAMENT_ACTIONS), Positional).required(),
            arg("game", Game, Positional),
            arg("options", GameOptions, Rest).max_length(200),
            arg("format", Choice(FORMATS), Keyed),
            arg("rounds", Integer { min: 1, max: 12 }, Keyed),
            arg("clock", Clock, Keyed).max_length(40),
            arg("max", Integer { min: 3, max: 64 }, Keyed),
            arg("starts", Moment, Keyed).max_length(20)
        ],
        Details::Plain,
        build_tournament
    ),
    command!("tournaments", [], [], Details::None, |_, _| Ok(
        Command::Tournaments
    )),
    command!(
        "review",
        ["analyse", "analyze"],
        [arg("game", Words, Positional).max_length(40)],
        Details::Plain,
        |a, _| Ok(Command::Review {
            game: a.word("game").map(|w| args::game_id(&w)).transpose()?
        })
    ),
    command!(
        "puzzle",
        ["puzzles"],
        [arg("answer", Turn, Rest).autocomplete().max_length(400)],
        Details::Plain,
        build_puzzle
    ),
    command!(
        "premove",
        ["conditional"],
        [arg("line", Turn, Rest).required().max_length(400)],
        Details::Plain,
        |a, _| {
            let line = normalise(&a.required("premove", "line")?)
                .trim()
                .to_string();
            Ok(Command::Premove {
                action: if line.eq_ignore_ascii_case("clear") {
                    PremoveAction::Clear
                } else {
                    PremoveAction::Line(line)
                },
            })
        }
    ),
    command!("premoves", [], [], Details::None, |_, _| Ok(
        Command::Premoves
    )),
    command!(
        "autoplay",
        [],
        [arg("switch", Choice(SWITCH), Positional)],
        Details::Plain,
        |a, _| Ok(Command::Autoplay {
            on: a
                .word("switch")
                .map(|w| args::switch("autoplay", "switch", &w))
                .transpose()?
        })
    ),
    command!(
        "lang",
        ["language"],
        [arg("language", Language, Positional)],
        Details::None,
        |a, _| Ok(Command::Lang {
            language: a.word("language").map(|w| args::language(&w)).transpose()?
        })
    ),
    command!(
        "help",
        ["?"],
        [arg("command", CommandName, Positional).autocomplete()],
        Details::None,
        |a, _| Ok(Command::Help {
            topic: a.word("command").map(|w| help_topic_of(&w))
        })
    ),
];

/// `challenge`: the game, the opponent, the game's options and the
/// challenge's own settings, each read and checked.
fn build_challenge(a: &mut Args, context: &Context<'_>) -> Result<Command, ArgError> {
    const NAME: &str = "challenge";
    let kind = args::game(NAME, &a.required(NAME, "game")?)?;
    let opponent = match a.user("opponent") {
        Some(user) if user.id == context.bot_user.id => Opponent::Bot,
        Some(user) => Opponent::User(user),
        None => match a.word("opponent") {
            Some(word) => context.opponent_of(&word),
            None => Opponent::Anyone,
        },
    };
    let clock = a
        .word("clock")
        .map(|w| args::clock(&w, context.min_clock_ms))
        .transpose()?;
    let level = a.word("level").map(|w| args::level(&w)).transpose()?;
    let vacation = a
        .word("vacation")
        .map(|w| args::switch(NAME, "vacation", &w))
        .transpose()?
        .unwrap_or(true);
    let setup = args::setup(kind, &a.words("options"))?;
    let side = a.word("as").map(|w| args::side(&setup, &w)).transpose()?;
    if level.is_some() && opponent != Opponent::Bot {
        return Err(ArgError::LevelForHuman);
    }
    Ok(Command::Challenge(ChallengeArgs {
        setup,
        opponent,
        side,
        clock,
        level,
        vacation,
    }))
}

/// `rating [player] [game]`, or `rating puzzles [player]`.
fn build_rating(a: &mut Args, c: &Context<'_>) -> Result<Command, ArgError> {
    let puzzles = |w: &Option<String>| {
        w.as_deref()
            .is_some_and(|w| matches!(w.to_lowercase().as_str(), "puzzles" | "puzzle"))
    };
    let (player_word, game_word) = (a.word("player"), a.word("game"));
    if puzzles(&player_word) || puzzles(&game_word) {
        let other = if puzzles(&player_word) {
            game_word
        } else {
            player_word
        };
        return Ok(Command::PuzzleRating {
            player: a.user("player").or_else(|| c.player_of(other.as_deref())),
        });
    }
    Ok(Command::Rating {
        game: game_word.map(|w| args::game("rating", &w)).transpose()?,
        player: a
            .user("player")
            .or_else(|| c.player_of(player_word.as_deref())),
    })
}

/// `puzzle`, `puzzle new`, `puzzle <game>`, `puzzle rating` or
/// `puzzle <turn>`.
fn build_puzzle(a: &mut Args, c: &Context<'_>) -> Result<Command, ArgError> {
    let answer = normalise(&a.words("answer").join(" ")).trim().to_string();
    let lower = answer.to_lowercase();
    if lower.is_empty() {
        return Ok(Command::Puzzle {
            action: PuzzleAction::Show,
        });
    }
    if lower == "rating" || lower == "ratings" {
        return Ok(Command::PuzzleRating { player: None });
    }
    if lower == "new" {
        return Ok(Command::Puzzle {
            action: PuzzleAction::New(None),
        });
    }
    let _ = c;
    let action = match args::game("puzzle", &answer) {
        Ok(kind) if !answer.contains(' ') => PuzzleAction::New(Some(kind)),
        _ => PuzzleAction::Answer(answer),
    };
    Ok(Command::Puzzle { action })
}

/// `settings [threads=on|off] [web=on|off] [puzzle=HH:MM|off [zone=…]]`.
fn build_settings(a: &mut Args, _: &Context<'_>) -> Result<Command, ArgError> {
    let threads = a
        .word("threads")
        .map(|w| args::switch("settings", "threads", &w))
        .transpose()?;
    let web = a
        .word("web")
        .map(|w| args::switch("settings", "web", &w))
        .transpose()?;
    let zone = a.word("zone");
    let puzzle = match a.word("puzzle") {
        None if zone.is_some() => return Err(ArgError::DailyUsage),
        None => None,
        Some(w) if w.eq_ignore_ascii_case("off") => Some(DailySetting::Off),
        Some(w) => Some(DailySetting::At(
            DigestAt::parse(&w, zone.as_deref()).map_err(|e| ArgError::Digest(Some(e)))?,
        )),
    };
    Ok(Command::Settings {
        threads,
        web,
        puzzle,
    })
}

/// `puzzle=08:00 zone=Europe/Madrid` or `puzzle=off`.
fn daily_words(setting: &DailySetting) -> Vec<String> {
    match setting {
        DailySetting::Off => vec!["puzzle=off".to_string()],
        DailySetting::At(at) => vec![
            format!("puzzle={:02}:{:02}", at.hour, at.minute),
            format!("zone={}", at.zone),
        ],
    }
}

/// `notify [on|off|dm|digest <HH:MM> [<time zone>]]`.
fn build_notify(a: &mut Args, _: &Context<'_>) -> Result<Command, ArgError> {
    let mode = a.word("mode").map(|w| args::notify_mode(&w)).transpose()?;
    let at = a.words("at");
    let digest = match (mode, at.as_slice()) {
        (Some(Notify::Digest), [time]) => Some(DigestAt::parse(time, None)),
        (Some(Notify::Digest), [time, zone]) => Some(DigestAt::parse(time, Some(zone))),
        (Some(Notify::Digest), _) => return Err(ArgError::Digest(None)),
        (_, []) => None,
        (_, [word, ..]) => {
            return Err(ArgError::NotAChoice {
                command: "notify",
                arg: "mode",
                word: word.clone(),
            })
        }
    };
    let digest = digest.transpose().map_err(|e| ArgError::Digest(Some(e)))?;
    Ok(Command::Notify { mode, digest })
}

/// A vacation action as a player would write it.
fn vacation_words(action: VacationAction) -> Vec<String> {
    let day = |ms: u64| {
        let millis = i64::try_from(ms).unwrap_or(0);
        jiff::Timestamp::from_millisecond(millis)
            .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date().to_string())
            .unwrap_or_default()
    };
    let days = |d: Option<u32>| d.map(|d| format!("{d}d"));
    let mut words: Vec<String> = match action {
        VacationAction::Show => Vec::new(),
        VacationAction::End => vec!["end".into()],
        VacationAction::Auto(on) => vec!["auto".into(), if on { "on" } else { "off" }.into()],
        VacationAction::Start { days: d } => {
            let mut w = vec!["start".to_string()];
            w.extend(days(d));
            w
        }
        VacationAction::From { day_ms, days: d } => {
            let mut w = vec!["from".to_string(), day(day_ms)];
            w.extend(days(d));
            w
        }
    };
    words.retain(|w| !w.is_empty());
    words
}

/// What `help <word>` is about.
fn help_topic_of(word: &str) -> HelpTopic {
    match find(word.trim_start_matches(['/', '!'])) {
        Some(spec) => HelpTopic::Command(spec.name),
        None => HelpTopic::Unknown(word.to_string()),
    }
}

/// The command names, for platforms that list them.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|spec| spec.name).collect()
}

/// A word that calls a command.
struct Caller {
    word: String,
    spec: &'static CommandSpec,
    /// Whether a mistyped word close to it is worth a suggestion: not for
    /// one- or two-letter words, nor for the short Japanese names, which
    /// are two edits from any two-character word.
    suggest: bool,
}

/// Every word that calls a command, lower case: names, aliases, the
/// names in every language and each language's other words for them.
fn callers() -> &'static [Caller] {
    static CALLERS: OnceLock<Vec<Caller>> = OnceLock::new();
    CALLERS.get_or_init(|| {
        let mut callers: Vec<Caller> = Vec::new();
        let mut add = |word: String, spec: &'static CommandSpec, shortest: usize| {
            if !callers.iter().any(|c| c.word == word) {
                let suggest = word.chars().count() >= shortest;
                callers.push(Caller {
                    word,
                    spec,
                    suggest,
                });
            }
        };
        for spec in COMMANDS {
            for word in std::iter::once(spec.name).chain(spec.aliases.iter().copied()) {
                add(word.to_string(), spec, 3);
            }
            for lang in Lang::ALL {
                add(spec.local_name(lang).to_lowercase(), spec, 4);
            }
        }
        for lang in Lang::ALL {
            for (word, spec) in more_words(lang) {
                add(word, spec, 4);
            }
        }
        callers
    })
}

/// A language's other words for commands (`mover` for `move`), from its
/// catalogue's `command-more-words`: `word:command` pairs.
pub fn more_words(lang: Lang) -> Vec<(String, &'static CommandSpec)> {
    t!(lang, "command-more-words")
        .split_whitespace()
        .filter_map(|pair| {
            let (word, name) = pair.split_once(':')?;
            let spec = COMMANDS.iter().find(|spec| spec.name == name)?;
            Some((word.to_lowercase(), spec))
        })
        .collect()
}

/// The command a word calls (any case, any language).
pub fn find(word: &str) -> Option<&'static CommandSpec> {
    let word = word.to_lowercase();
    callers()
        .iter()
        .find(|caller| caller.word == word)
        .map(|caller| caller.spec)
}

/// The closest word that calls a command to a mistyped word, if close
/// enough: in the language it was typed in (`mvoer` gets `mover`).
pub fn suggestion(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    callers()
        .iter()
        .filter(|caller| caller.suggest)
        .filter_map(|caller| Some((caller.word.as_str(), close(&word, &caller.word)?)))
        .min_by_key(|(_, d)| *d)
        .map(|(name, _)| name)
}

/// How far `typed` is from `known`, if it is close enough to be a slip of
/// the fingers: one edit for words of up to four letters, two up to
/// eight, three beyond (`foo` is not `top`).
pub(crate) fn close(typed: &str, known: &str) -> Option<usize> {
    let allowed = match known.chars().count() {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let distance = edit_distance(typed, known);
    (distance <= allowed && distance < typed.chars().count()).then_some(distance)
}

/// Edits (insertions, deletions, substitutions, transpositions of two
/// neighbours) from `a` to `b`.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![(0..=b.len()).collect::<Vec<usize>>()];
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let above = &rows[i - 1];
            row[j] = (above[j - 1] + usize::from(a[i - 1] != b[j - 1]))
                .min(above[j] + 1)
                .min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(rows[i - 2][j - 2] + 1);
            }
        }
        rows.push(row);
    }
    rows[a.len()][b.len()]
}

/// Text as a player meant it: compatibility forms in their plain form
/// (NFKC: full-width `ｃ３` is `c3`, an ideographic space a space) and
/// invisible characters (zero-width spaces and joiners, direction marks,
/// byte order marks, soft hyphens) dropped.
pub fn normalise(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfkc().filter(|c| !invisible(*c)).collect()
}

fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
    )
}

fn looks_like_turn(text: &str) -> bool {
    let mut chars = text.chars();
    matches!((chars.next(), chars.next()), (Some(a), Some(b)) if a.is_ascii_alphabetic() && b.is_ascii_digit())
        || text.chars().next().is_some_and(|c| c.is_ascii_digit())
}

/// Read a text command (`/move b2 a4 d1`, `challenge sight @bob as=black`).
///
/// Keyed arguments (`as=black`) are taken wherever they stand. Positional
/// words fill first the arguments that recognise them (a game's name, one
/// of a choice's words), then the remaining ones in order; what is left
/// goes to the command's rest argument, or is refused.
pub fn parse(text: &str, context: &Context<'_>) -> Result<Command, ParseError> {
    let text = normalise(text);
    let text = text.trim();
    let length = text.chars().count();
    if length > MAX_COMMAND_CHARS {
        return Err(ParseError::TooLong { length });
    }
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let word = first.trim_start_matches(['/', '!']);
    if word.is_empty() {
        return Err(ParseError::Empty);
    }
    let Some(spec) = find(word) else {
        return Err(ParseError::Unknown {
            word: word.to_lowercase(),
            suggestion: suggestion(word),
            looks_like_turn: looks_like_turn(text),
        });
    };
    let mut args = Args::default();
    let rest = spec.args.iter().find(|a| a.syntax == Rest);
    let positional: Vec<&ArgSpec> = spec
        .args
        .iter()
        .filter(|a| a.syntax == Positional)
        .collect();
    let mut filled = vec![false; positional.len()];
    let mut deferred = Vec::new();
    // A turn is the rest of the line, whatever it holds.
    if let Some(turn) = rest.filter(|r| r.kind == Turn) {
        for word in words {
            args.push(turn.name, word);
        }
        return Ok(spec.build(&mut args, context)?);
    }
    for word in words {
        if args.keyed(spec, word)? {
            continue;
        }
        if let Some((key, _)) = word.split_once('=') {
            match rest {
                Some(rest) => args.push(rest.name, word),
                None if spec.args.iter().any(|a| a.syntax == Keyed) => {
                    return Err(ParseError::UnknownKey {
                        command: spec.name,
                        key: key.trim().to_ascii_lowercase(),
                    })
                }
                None => {
                    return Err(ParseError::Unexpected {
                        command: spec.name,
                        word: word.to_string(),
                    })
                }
            }
            continue;
        }
        let recognised = positional
            .iter()
            .zip(&filled)
            .position(|(a, filled)| !filled && a.kind.recognises(word));
        match recognised {
            Some(at) => {
                filled[at] = true;
                args.push(positional[at].name, word);
            }
            None => deferred.push(word),
        }
    }
    for word in deferred {
        match filled.iter().position(|f| !f) {
            Some(at) => {
                filled[at] = true;
                args.push(positional[at].name, word);
            }
            None => match rest {
                Some(rest) => args.push(rest.name, word),
                None => {
                    return Err(ParseError::Unexpected {
                        command: spec.name,
                        word: word.to_string(),
                    })
                }
            },
        }
    }
    Ok(spec.build(&mut args, context)?)
}

/// Whether a text is `help` alone, in any language (platforms add their
/// own commands to that answer).
pub fn parse_help_alone(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("").trim_start_matches(['/', '!']);
    words.next().is_none() && find(first).is_some_and(|spec| spec.name == "help")
}

/// `help`: every command with its usage.
pub fn help_list(lang: Lang) -> String {
    help_list_with(lang, &HelpValues::default())
}

/// `help`: every command the place has a use for, with its usage.
pub fn help_list_with(lang: Lang, values: &HelpValues) -> String {
    let mut text = t!(lang, "help-head");
    for spec in COMMANDS.iter().filter(|spec| values.offers(spec)) {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "help-line",
            usage = spec.usage(lang),
            description = spec.description(lang)
        ));
    }
    text.push('\n');
    text.push_str(&t!(lang, "help-foot", starter = GameKind::STARTER.name()));
    text
}

/// `help <topic>`: one command's help, or what was meant.
pub fn help_topic(lang: Lang, topic: &str) -> String {
    let topic = topic.trim();
    if topic.is_empty() {
        return help_list(lang);
    }
    help_for(lang, Some(&help_topic_of(topic)))
}

/// The answer to `help`, with or without a topic, for the default
/// configuration.
pub fn help_for(lang: Lang, topic: Option<&HelpTopic>) -> String {
    help_with(lang, topic, &HelpValues::default())
}

/// The answer to `help` for a bot configured with `values`.
pub fn help_with(lang: Lang, topic: Option<&HelpTopic>, values: &HelpValues) -> String {
    match topic {
        None => help_list_with(lang, values),
        Some(HelpTopic::Command(name)) => match find(name) {
            Some(spec) => spec.help_with(lang, values),
            None => help_list_with(lang, values),
        },
        Some(HelpTopic::Unknown(word)) => {
            let hint = suggestion(word)
                .map(|s| t!(lang, "help-did-you-mean", command = s))
                .unwrap_or_default();
            t!(
                lang,
                "help-no-such-command",
                word = crate::limits::quote(word),
                hint = hint,
                commands = command_names().join(", ")
            )
        }
    }
}
