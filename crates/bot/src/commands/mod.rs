//! The chat commands: the command table, `help`, `rules` and the dispatch
//! of one request. Each command that changes a channel is a decision
//! function of the stored record, run inside `Store::update` (so it may run
//! again if another command won a race) and returning the replies:
//! challenges in `challenge.rs`, the commands of a game in progress in
//! `game.rs`, per-user and per-server settings in `settings.rs`.

mod challenge;
mod game;
mod settings;

use challenge::{accept, challenge, withdraw};
pub(crate) use game::lose_on_time;
use game::{draw, games, play, resign, show, undo};
use settings::{lang, notify, settings};

use crate::i18n::{say, Lang};
use crate::limits::{quote, MAX_COMMAND_CHARS};
use crate::{t, Answer, Bot, Reply, Request};
use cairn_rules::GameKind;
use cairn_store::{Store, StoreError};

/// Every command with its usage and a one-line description.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "challenge",
        "challenge <game> <opponent> [key=value ...] [as=white|black|random] [level=1..5] [clock=3d|7d+1d|none]",
        "challenge someone (or the bot) to a game in this channel",
    ),
    ("accept", "accept", "accept the challenge made to you"),
    ("decline", "decline", "decline the challenge made to you"),
    ("cancel", "cancel", "withdraw your own challenge"),
    (
        "move",
        "move <turn>",
        "play your turn (also `play`), e.g. `move b2 a4 d1`",
    ),
    ("board", "board", "show the board"),
    (
        "moves",
        "moves",
        "list the legal turns and show them on the board",
    ),
    (
        "undo",
        "undo",
        "ask to take back your last turn (and any turn played after it); the other player's `undo` grants it, and the request lapses when a turn is played",
    ),
    (
        "resign",
        "resign",
        "give up the game; it asks first, and a second `resign` within a minute confirms",
    ),
    (
        "draw",
        "draw",
        "offer a draw, or accept the one offered (games that can be drawn); an offer lapses when the next turn is played",
    ),
    (
        "rules",
        "rules [game]",
        "the rules of a game in short, and where the full rules are",
    ),
    (
        "games",
        "games",
        "your games in every channel, and your last results",
    ),
    (
        "replay",
        "replay",
        "the game in this channel as an animated picture, turn by turn (also posted when a game ends)",
    ),
    (
        "export",
        "export",
        "the record of the game in this channel, as JSON (Abstract Play's format) and as text",
    ),
    (
        "rating",
        "rating [@player] [game]",
        "your ratings (or another player's), Glicko-2 per game",
    ),
    (
        "leaderboard",
        "leaderboard <game> [all]",
        "the best rated players of a game on this server or in this room, or everywhere with `all`",
    ),
    (
        "notify",
        "notify [on|off|dm]",
        "turn reminders: in the channel (on), none (off), or by direct message (dm, Discord)",
    ),
    (
        "settings",
        "settings [threads=on|off]",
        "this server's settings; members who may manage the server change them",
    ),
    (
        "lang",
        "lang [en|ja|es]",
        "the language I speak here: English, Japanese (日本語) or Spanish (español)",
    ),
    (
        "help",
        "help [command]",
        "this list, or the details of one command",
    ),
];

/// The command words, for platforms that register commands.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|(name, _, _)| *name).collect()
}

/// `help` or `help <command>`.
pub fn help_text(topic: Option<&str>) -> String {
    match topic.map(|t| t.trim().to_ascii_lowercase()) {
        Some(topic) if !topic.is_empty() => {
            let topic = if topic == "play" {
                "move".to_string()
            } else {
                topic
            };
            match COMMANDS.iter().find(|(name, _, _)| *name == topic) {
                Some((_, usage, description)) => {
                    let extra = match topic.as_str() {
                        "challenge" => format!(
                            "\nGames: {}. Options are the game's own (see `rules <game>`). `as=` picks your colour (default: you move first); `level=` sets the bot's strength when you challenge the bot; `clock=` sets the time for each turn (`3d`), or a bank that gains time with each turn, never above its start (`7d+1d`), or `none`. Units: d, h, m. A player who runs out of time loses; reminders come when half the time is used and near the end. An unanswered challenge expires after a week.",
                            GameKind::ALL.map(|k| k.name()).join(", ")
                        ),
                        "move" => "\nThe notation depends on the game: `rules <game>` shows it, `moves` lists every legal turn.".to_string(),
                        _ => String::new(),
                    };
                    format!("`{usage}`: {description}.{extra}")
                }
                None => format!(
                    "There is no command `{}`{}. Commands: {}.",
                    quote(&topic),
                    suggestion(&topic)
                        .map(|s| format!(" (did you mean `{s}`?)"))
                        .unwrap_or_default(),
                    command_names().join(", ")
                ),
            }
        }
        _ => {
            let mut text = String::from("Cairn plays seven board games in chat. Commands:\n");
            for (_, usage, description) in COMMANDS {
                text.push_str(&format!("- `{usage}`: {description}\n"));
            }
            text.push_str(&format!(
                "Start with `challenge {} <opponent>` or `rules`.",
                GameKind::STARTER
            ));
            text
        }
    }
}

/// The closest command name to a mistyped word, if close enough.
fn suggestion(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .map(|(name, _, _)| (*name, edit_distance(&word, name)))
        .chain([("move", edit_distance(&word, "play"))])
        .filter(|(_, d)| *d <= 2)
        .min_by_key(|(_, d)| *d)
        .map(|(name, _)| name)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            row[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(row[j] + 1);
        }
        prev = row;
    }
    prev[b.len()]
}

/// Run one request.
pub(super) fn run(bot: &Bot, request: &Request) -> Result<Answer, StoreError> {
    let text = request.command.trim();
    let length = text.chars().count();
    if length > MAX_COMMAND_CHARS {
        return Ok(Answer::error(format!(
            "That command is {length} characters long; I read commands of at most {MAX_COMMAND_CHARS} characters."
        )));
    }
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    };
    let word = word.trim_start_matches(['/', '!']).to_ascii_lowercase();
    let key = Store::channel_key(&request.platform, &request.channel);
    let langs = bot.langs(request);
    match word.as_str() {
        "" => Ok(Answer::reply(Reply::error(help_text(None)))),
        "help" | "?" => Ok(Answer::reply(Reply::text(help_text(Some(rest))))),
        "rules" => Ok(Answer::reply(Reply::text(rules_text(rest, langs.public)))),
        "games" => games(bot, request),
        "challenge" => challenge(bot, request, &key, rest),
        "accept" => accept(bot, request, &key),
        "decline" | "cancel" => withdraw(bot, request, &key, &word),
        "move" | "play" | "m" => play(bot, request, &key, rest),
        "board" | "show" => show(bot, request, &key, false),
        "moves" | "legal" | "hint" => show(bot, request, &key, true),
        "undo" | "takeback" => undo(bot, request, &key),
        "resign" => resign(bot, request, &key),
        "draw" => draw(bot, request, &key),
        "notify" => notify(bot, request, rest),
        "settings" => settings(bot, request, rest),
        "lang" | "language" | "idioma" => lang(bot, request, langs, rest),
        "replay" => super::history_commands::replay(bot, request, &key),
        "export" | "record" => super::history_commands::export(bot, &key),
        "rating" | "ratings" => super::history_commands::rating(bot, request, rest),
        "leaderboard" | "top" => super::history_commands::leaderboard(bot, request, &key, rest),
        other => {
            let hint = match suggestion(other) {
                Some(s) => format!(" Did you mean `{s}`?"),
                None if looks_like_turn(text) => {
                    format!(" To play a turn, write `move {}`.", quote(text))
                }
                None => String::new(),
            };
            Ok(Answer::error(format!(
                "I don't know the command `{}`.{hint} Commands: {}.",
                quote(other),
                command_names().join(", ")
            )))
        }
    }
}

fn looks_like_turn(text: &str) -> bool {
    let mut chars = text.chars();
    matches!((chars.next(), chars.next()), (Some(a), Some(b)) if a.is_ascii_alphabetic() && b.is_ascii_digit())
        || text.chars().next().is_some_and(|c| c.is_ascii_digit())
}

fn rules_text(rest: &str, lang: Lang) -> String {
    let name = rest.split_whitespace().next().unwrap_or("");
    if name.is_empty() {
        let mut text = t!(lang, "rules-list-head");
        for kind in GameKind::ALL {
            let summary = say(lang, &kind.summary_message());
            // The first sentence.
            let first = summary
                .split(". ")
                .next()
                .and_then(|s| s.split('。').next())
                .unwrap_or(&summary);
            text.push('\n');
            text.push_str(&t!(
                lang,
                "rules-list-item",
                game = say(lang, &kind.title_message()),
                summary = first
            ));
        }
        return text;
    }
    match GameKind::parse(name) {
        Some(kind) => t!(
            lang,
            "rules-game",
            game = say(lang, &kind.title_message()),
            summary = say(lang, &kind.summary_message()),
            notation = say(lang, &kind.notation_message()),
            options = options_help(kind, lang),
            name = kind.name()
        ),
        None => unknown_game(name),
    }
}

/// An example challenge with an option (`challenge callanish @alice
/// size=7`), from the first game that declares options, and a space.
fn example_with_option() -> String {
    GameKind::ALL
        .into_iter()
        .find_map(|kind| {
            let spec = kind.option_specs().first()?;
            let value = spec.suggestions().get(1)?.clone();
            Some(format!("`challenge {kind} @alice {}={value}` ", spec.key))
        })
        .unwrap_or_default()
}

/// The game's declared options, one line each, for `rules <game>`
/// (nothing for a game without options).
fn options_help(kind: GameKind, lang: Lang) -> String {
    let specs = kind.option_specs();
    if specs.is_empty() {
        return String::new();
    }
    let mut text = t!(lang, "rules-options-head", name = kind.name());
    text.push('\n');
    for spec in specs {
        let default = spec.default_text();
        let default = if default.is_empty() {
            String::new()
        } else {
            t!(lang, "rules-option-default", value = default)
        };
        text.push_str(&t!(
            lang,
            "rules-option",
            usage = spec.usage(),
            default = default,
            help = say(lang, &spec.help.message())
        ));
        text.push('\n');
    }
    text
}

pub(super) fn unknown_game(name: &str) -> String {
    let names = GameKind::ALL.map(|k| k.name());
    let close = names
        .iter()
        .map(|n| (n, edit_distance(&name.to_ascii_lowercase(), n)))
        .filter(|(_, d)| *d <= 3)
        .min_by_key(|(_, d)| *d);
    match close {
        Some((n, _)) => format!(
            "There is no game called `{}`. Did you mean `{n}`? The games are {}.",
            quote(name),
            names.join(", ")
        ),
        None => format!(
            "There is no game called `{}`. The games are {}.",
            quote(name),
            names.join(", ")
        ),
    }
}
