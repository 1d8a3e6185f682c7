//! The chat commands: the command set (`set.rs`: declared once, parsed,
//! helped), `rules`, and the dispatch of one typed command. Each command
//! that changes a channel is a decision function of the stored record,
//! run inside `Store::update` (so it may run again if another command won
//! a race) and returning the replies:
//! challenges in `challenge.rs` (to a player, to the bot, or open to
//! anyone), `rematch` in `rematch.rs`, the commands of a game in progress
//! in `game.rs`, per-user and per-server settings in `settings.rs`.

mod challenge;
mod game;
mod history;
mod pick;
mod premove;
mod puzzle;
mod puzzle_pick;
mod rematch;
mod review;
mod settings;
mod tournament;

pub mod args;
pub mod set;

use challenge::{accept, challenge, withdraw};
use game::{draw, games, play, resign, show, undo};
pub(crate) use game::{lose_on_time, play_bot_turn, waiting_for};
pub(crate) use history::replay_attachment;
pub use puzzle::shipped_puzzles;
pub(crate) use puzzle::{
    ensure_shipped as ensure_shipped_puzzles, position_of as puzzle_position, puzzle_board,
};
pub(crate) use rematch::offer as rematch_offer;
pub use rematch::REMATCH_WINDOW_MS;
use settings::{lang, notify, settings};
pub(crate) use tournament::{fire_tournaments, note_moved, nudge_tournament};

use crate::i18n::{say, Lang};
use crate::{t, Answer, Bot, ChannelKey, Reply, Request};
use args::Context;
use cairn_rules::GameKind;
use cairn_store::StoreError;
use set::{Command, Input, ParseError};

/// Run one request: read its command (text is parsed against the command
/// set), then run the typed command.
pub(super) fn run(
    bot: &Bot,
    request: &Request,
    progress: &mut dyn FnMut(Reply),
) -> Result<Answer, StoreError> {
    let parsed;
    let command = match &request.command {
        Input::Command(command) => command,
        Input::Text(text) => {
            match set::parse(text, &Context::new(&bot.config, &request.mentions)) {
                Ok(command) => {
                    parsed = command;
                    &parsed
                }
                Err(error) => {
                    let lang = bot.langs(request).private;
                    return Ok(match error {
                        ParseError::Empty => Answer::reply(Reply::error(set::help_list_with(
                            lang,
                            &set::HelpValues::of(&bot.config, request.capabilities),
                        ))),
                        error => Answer::error(error.text(lang, text.trim())),
                    });
                }
            }
        }
    };
    execute(bot, request, command, progress)
}

/// Run a typed command; a player whose conditional turns were dropped
/// since is told with it, privately.
pub(super) fn execute(
    bot: &Bot,
    request: &Request,
    command: &Command,
    progress: &mut dyn FnMut(Reply),
) -> Result<Answer, StoreError> {
    let mut answer = dispatch(bot, request, command, progress)?;
    let key = ChannelKey::of(request).to_string();
    if let Some(notice) = premove::dropped_notice(bot, request, &key) {
        answer.replies.push(notice);
    }
    Ok(answer)
}

/// The handler of each command.
fn dispatch(
    bot: &Bot,
    request: &Request,
    command: &Command,
    progress: &mut dyn FnMut(Reply),
) -> Result<Answer, StoreError> {
    let key = ChannelKey::of(request).to_string();
    let langs = bot.langs(request);
    match command {
        Command::Help { topic } => Ok(Answer::reply(Reply::text(set::help_with(
            langs.public,
            topic.as_ref(),
            &set::HelpValues::of(&bot.config, request.capabilities),
        )))),
        Command::Rules { game } => Ok(Answer::reply(Reply::text(rules_text(*game, langs.public)))),
        Command::Games => games(bot, request),
        Command::Next => game::next(bot, request),
        Command::Challenge(args) => challenge(bot, request, &key, args),
        Command::Accept => accept(bot, request, &key),
        Command::Decline => withdraw(bot, request, &key, true),
        Command::Cancel => withdraw(bot, request, &key, false),
        Command::Rematch => rematch::rematch(bot, request, &key),
        Command::Move { turn } => play(bot, request, &key, turn),
        Command::Pick { step } if puzzle_pick::is_for_puzzle(bot, request, &key)? => {
            puzzle_pick::pick(bot, request, *step)
        }
        Command::Pick { step } => pick::pick(bot, request, &key, *step),
        Command::Board => show(bot, request, &key, false),
        Command::Moves => show(bot, request, &key, true),
        Command::Undo => undo(bot, request, &key),
        Command::Resign => resign(bot, request, &key),
        Command::Draw => draw(bot, request, &key),
        Command::Notify { mode, digest } => notify(bot, request, *mode, digest.as_ref()),
        Command::Settings {
            threads,
            web,
            puzzle,
        } => settings(bot, request, *threads, *web, puzzle.as_ref()),
        Command::Lang { language } => lang(bot, request, langs, *language),
        Command::Replay => history::replay(bot, request, &key),
        Command::Export => history::export(bot, request, &key),
        Command::Rating { player, game } => history::rating(bot, request, player.as_ref(), *game),
        Command::Tournament(action) => tournament::run(bot, request, &key, action),
        Command::Tournaments => tournament::list(bot, request, &key),
        Command::Leaderboard { game, scope } => {
            history::leaderboard(bot, request, &key, *game, *scope)
        }
        Command::Vacation { action } => bot.vacation(request, *action),
        Command::Premove { action } => premove::premove(bot, request, &key, action),
        Command::Premoves => premove::list(bot, request, &key),
        Command::Autoplay { on } => settings::autoplay(bot, request, *on),
        Command::Review { game } => review::review(bot, request, &key, *game, progress),
        Command::Puzzle { action } => puzzle::puzzle(bot, request, &key, action),
        Command::PuzzleRating { player } => puzzle::rating(bot, request, player.as_ref()),
    }
}

fn rules_text(game: Option<GameKind>, lang: Lang) -> String {
    let Some(kind) = game else {
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
    };
    t!(
        lang,
        "rules-game",
        game = say(lang, &kind.title_message()),
        summary = say(lang, &kind.summary_message()),
        notation = say(lang, &kind.notation_message()),
        options = options_help(kind, lang),
        name = kind.name()
    )
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
