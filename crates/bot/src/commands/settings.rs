//! Settings: a player's reminders (`notify`) and a server's (`settings`).

use crate::i18n::{Lang, Langs};
use crate::limits::quote;
use crate::{place_scope, t, Answer, Bot, Reply, Request};
use cairn_store::{Notify, StoreError, UserSettings};

/// `notify`, `notify on|off|dm`: how the user hears of their turns.
pub(super) fn notify(bot: &Bot, request: &Request, rest: &str) -> Result<Answer, StoreError> {
    let platform = request.platform.as_str();
    let current = bot.store.user_settings(platform, &request.user.id)?;
    let describe = |notify: Notify| match notify {
        Notify::On => "Reminders of your turns come as a mention in the game's channel.",
        Notify::Off => "You get no turn reminders (a loss on time is still announced).",
        Notify::Direct => "Reminders of your turns come by direct message.",
    };
    let wanted = match rest.trim().to_ascii_lowercase().as_str() {
        "" => {
            return Ok(Answer::reply(Reply::error(format!(
                "{} Change it with `notify on`, `notify off` or `notify dm`.",
                describe(current.notify)
            ))))
        }
        "on" | "channel" => Notify::On,
        "off" | "none" => Notify::Off,
        "dm" | "direct" => {
            // Only Discord lets a bot open a direct conversation.
            if platform != "discord" {
                return Ok(Answer::error(
                    "Reminders by direct message are only available on Discord here; use `notify on` or `notify off`.",
                ));
            }
            Notify::Direct
        }
        _ => {
            return Ok(Answer::error(
                "Write `notify on` (a mention in the channel), `notify off` (no reminders) or `notify dm` (a direct message, on Discord).",
            ))
        }
    };
    bot.store
        .set_user_settings(platform, &request.user.id, &UserSettings { notify: wanted })?;
    Ok(Answer::reply(Reply::error(format!(
        "Done. {}",
        describe(wanted)
    ))))
}

/// `settings`, `settings threads=on|off`: the server's settings.
pub(super) fn settings(bot: &Bot, request: &Request, rest: &str) -> Result<Answer, StoreError> {
    let platform = request.platform.as_str();
    let Some(server) = &request.server else {
        return Ok(Answer::error(
            "Settings belong to a server, and this conversation is not in one.",
        ));
    };
    let current = bot.store.server_settings(platform, server)?;
    let describe = |threads: bool| {
        if threads {
            "threads=on: each accepted challenge moves its game into a thread of its own, where I may create threads."
        } else {
            "threads=off: games stay in the channel where the challenge was accepted."
        }
    };
    let rest = rest.trim();
    if rest.is_empty() {
        return Ok(Answer::reply(Reply::error(format!(
            "This server's settings: {} Members who may manage the server change it with `settings threads=on` or `settings threads=off`.",
            describe(current.threads)
        ))));
    }
    let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
    if !name.trim().eq_ignore_ascii_case("threads") {
        return Ok(Answer::error(format!(
            "I know one server setting, `threads` (on or off), not `{}`. Write `settings threads=off` to keep games in their channel.",
            quote(name.trim())
        )));
    }
    let threads = match value.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => true,
        "off" | "no" | "false" => false,
        _ => {
            return Ok(Answer::error(
                "Write `settings threads=on` or `settings threads=off`.",
            ))
        }
    };
    if !request.server_admin {
        return Ok(Answer::error(
            "Only members who may manage this server can change its settings.",
        ));
    }
    let mut changed = current;
    changed.threads = threads;
    bot.store.set_server_settings(platform, server, &changed)?;
    Ok(Answer::reply(Reply::text(format!(
        "{} changed this server's settings: {}",
        request.user.name,
        describe(threads)
    ))))
}

/// `lang`, `lang en|ja|es`: the language of this place (a server's public
/// messages, or a room's or channel's outside any server).
pub(super) fn lang(
    bot: &Bot,
    request: &Request,
    langs: Langs,
    rest: &str,
) -> Result<Answer, StoreError> {
    let asked = rest.trim();
    if asked.is_empty() {
        let language = t!(langs.private, langs.public.name_id());
        return Ok(Answer::reply(Reply::error(t!(
            langs.private,
            "lang-now-place",
            language = language
        ))));
    }
    let Some(wanted) = Lang::parse(asked) else {
        return Ok(Answer::error(t!(
            langs.private,
            "lang-unknown",
            asked = quote(asked)
        )));
    };
    if request.server.is_some() && !request.server_admin {
        return Ok(Answer::error(t!(langs.private, "lang-server-admin-only")));
    }
    let platform = request.platform.as_str();
    let scope = place_scope(request);
    let mut settings = bot.store.server_settings(platform, &scope)?;
    settings.lang = Some(wanted.code().to_string());
    bot.store.set_server_settings(platform, &scope, &settings)?;
    let done = if request.server.is_some() {
        "lang-set-server"
    } else {
        "lang-set-place"
    };
    let language = t!(wanted, wanted.name_id());
    Ok(Answer::reply(Reply::text(t!(
        wanted,
        done,
        language = language
    ))))
}
