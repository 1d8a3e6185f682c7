//! The chat commands: the command set (`set.rs`: declared once, parsed,
//! helped), `rules`, and the dispatch of one typed command. Each command
//! that changes a channel is a decision function of the stored record,
//! run inside `Store::update` (so it may run again if another command won
//! a race) and returning the replies:
//! challenges in `challenge.rs`, the commands of a game in progress in
//! `game.rs`, per-user and per-server settings in `settings.rs`.

mod challenge;
mod game;
mod settings;

pub mod set;

use challenge::{accept, challenge, withdraw};
pub(crate) use game::lose_on_time;
use game::{draw, games, play, resign, show, undo};
use settings::{lang, notify, settings};

use crate::i18n::{say, Lang};
use crate::limits::quote;
use crate::{t, Answer, Bot, Reply, Request};
use cairn_rules::GameKind;
use cairn_store::{Store, StoreError};
use set::{Command, Input, ParseError};

/// Run one request: read its command (text is parsed against the command
/// set), then run the typed command.
pub(super) fn run(bot: &Bot, request: &Request) -> Result<Answer, StoreError> {
    let parsed;
    let command = match &request.command {
        Input::Command(command) => command,
        Input::Text(text) => match set::parse(text) {
            Ok(command) => {
                parsed = command;
                &parsed
            }
            Err(error) => {
                let lang = bot.langs(request).private;
                return Ok(match error {
                    ParseError::Empty => Answer::reply(Reply::error(set::help_list(lang))),
                    error => Answer::error(error.text(lang, text.trim())),
                });
            }
        },
    };
    execute(bot, request, command)
}

/// Run a typed command.
pub(super) fn execute(
    bot: &Bot,
    request: &Request,
    command: &Command,
) -> Result<Answer, StoreError> {
    let key = Store::channel_key(&request.platform, &request.channel);
    let langs = bot.langs(request);
    let word = |value: &Option<String>| value.as_deref().map(str::trim).unwrap_or("").to_string();
    match command {
        Command::Help { command } => Ok(Answer::reply(Reply::text(set::help_topic(
            langs.public,
            &word(command),
        )))),
        Command::Rules { game } => Ok(Answer::reply(Reply::text(rules_text(
            &word(game),
            langs.public,
        )))),
        Command::Games => games(bot, request),
        Command::Challenge(words) => challenge(bot, request, &key, words),
        Command::Accept => accept(bot, request, &key),
        Command::Decline => withdraw(bot, request, &key, true),
        Command::Cancel => withdraw(bot, request, &key, false),
        Command::Move { turn } => play(bot, request, &key, turn.trim()),
        Command::Board => show(bot, request, &key, false),
        Command::Moves => show(bot, request, &key, true),
        Command::Undo => undo(bot, request, &key),
        Command::Resign => resign(bot, request, &key),
        Command::Draw => draw(bot, request, &key),
        Command::Notify { mode } => notify(bot, request, &word(mode)),
        Command::Settings { threads } => settings(bot, request, threads.as_deref()),
        Command::Lang { language } => lang(bot, request, langs, &word(language)),
        Command::Replay => super::history_commands::replay(bot, request, &key),
        Command::Export => super::history_commands::export(bot, request, &key),
        Command::Rating { player, game } => {
            super::history_commands::rating(bot, request, player.as_deref(), game.as_deref())
        }
        Command::Leaderboard { game, scope } => super::history_commands::leaderboard(
            bot,
            request,
            &key,
            game.as_deref(),
            scope.as_deref(),
        ),
    }
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
        None => unknown_game(name, lang),
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

/// There is no game called `name`: the closest one, and the list.
pub(super) fn unknown_game(name: &str, lang: Lang) -> String {
    let names = GameKind::ALL.map(|k| k.name());
    let close = names
        .iter()
        .map(|n| (n, set::edit_distance(&name.to_ascii_lowercase(), n)))
        .filter(|(_, d)| *d <= 3)
        .min_by_key(|(_, d)| *d)
        .map(|(n, _)| t!(lang, "unknown-game-close", game = *n))
        .unwrap_or_default();
    t!(
        lang,
        "unknown-game",
        name = quote(name),
        close = close,
        games = names.join(", ")
    )
}
