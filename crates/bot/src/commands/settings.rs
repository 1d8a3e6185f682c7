//! Settings: a player's reminders (`notify`) and a server's (`settings`).

use super::set::DailySetting;
use crate::digest::DigestAt;
use crate::i18n::{Lang, Langs};
use crate::{place_scope, t, Answer, Bot, Reply, Request};
use cairn_store::{Notify, StoreError, UserSettings};

/// `notify`, `notify on|off|dm`: how the user hears of their turns.
pub(super) fn notify(
    bot: &Bot,
    request: &Request,
    mode: Option<Notify>,
    digest: Option<&DigestAt>,
) -> Result<Answer, StoreError> {
    // Only the requester reads these.
    let lang = bot.langs(request).private;
    let platform = request.platform.as_str();
    let current = bot.store.user_settings(platform, &request.user.id)?;
    let describe = |notify: Notify| match notify {
        Notify::On => t!(lang, "notify-on"),
        Notify::Off => t!(lang, "notify-off"),
        Notify::Direct => t!(lang, "notify-dm"),
        Notify::Digest => t!(lang, "notify-digest"),
    };
    let Some(wanted) = mode else {
        return Ok(Answer::reply(Reply::error(t!(
            lang,
            "notify-now",
            state = describe(current.notify)
        ))));
    };
    let direct = matches!(wanted, Notify::Direct | Notify::Digest);
    if direct && !request.capabilities.direct_messages {
        return Ok(Answer::error(t!(lang, "notify-dm-discord-only")));
    }
    // The digest's schedule is in the player's record (its due moment in
    // the deadline index); any other mode drops it.
    let user = cairn_store::Player {
        id: request.user.id.clone(),
        name: request.user.name.clone(),
        is_bot: false,
    };
    bot.set_digest(
        platform,
        &user,
        digest.filter(|_| wanted == Notify::Digest),
        lang,
    )?;
    bot.store.set_user_settings(
        platform,
        &request.user.id,
        &UserSettings {
            notify: wanted,
            ..current
        },
    )?;
    let mut state = describe(wanted);
    if let Some(at) = digest {
        state = t!(
            lang,
            "notify-digest-at",
            time = at.words()[0].as_str(),
            zone = at.zone.as_str()
        );
    }
    Ok(Answer::reply(Reply::error(t!(
        lang,
        "notify-done",
        state = state
    ))))
}

/// `autoplay on|off`: the requester's only legal turns are played for
/// them at once.
pub(super) fn autoplay(
    bot: &Bot,
    request: &Request,
    on: Option<bool>,
) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).private;
    let platform = request.platform.as_str();
    let current = bot.store.user_settings(platform, &request.user.id)?;
    let state = |on: bool| t!(lang, if on { "autoplay-on" } else { "autoplay-off" });
    let Some(on) = on else {
        return Ok(Answer::reply(Reply::error(state(current.autoplay))));
    };
    bot.store.set_user_settings(
        platform,
        &request.user.id,
        &UserSettings {
            autoplay: on,
            ..current
        },
    )?;
    Ok(Answer::reply(Reply::error(t!(
        lang,
        "notify-done",
        state = state(on)
    ))))
}

/// `settings`, `settings threads=on|off web=on|off`: the server's settings.
pub(super) fn settings(
    bot: &Bot,
    request: &Request,
    threads: Option<bool>,
    web: Option<bool>,
    puzzle: Option<&DailySetting>,
) -> Result<Answer, StoreError> {
    if let Some(puzzle) = puzzle {
        if threads.is_none() && web.is_none() {
            return daily(bot, request, puzzle);
        }
    }
    let langs = bot.langs(request);
    let (public, private) = (langs.public, langs.private);
    let platform = request.platform.as_str();
    let Some(server) = &request.server else {
        return Ok(Answer::error(t!(private, "settings-no-server")));
    };
    let current = bot.store.server_settings(platform, server)?;
    if threads.is_none() && web.is_none() {
        let mut text = t!(
            private,
            "settings-now",
            threads = describe_threads(current.threads, private),
            web = describe_web(current.web, private)
        );
        let key = crate::ChannelKey::of(request).to_string();
        text.push(' ');
        text.push_str(&describe_daily(bot.daily_of(&key)?.as_ref(), private));
        return Ok(Answer::reply(Reply::error(text)));
    }
    if !request.server_admin {
        return Ok(Answer::error(t!(private, "settings-admin-only")));
    }
    let mut changed = current;
    let mut said = Vec::new();
    if let Some(threads) = threads {
        changed.threads = threads;
        said.push(describe_threads(threads, public));
    }
    if let Some(web) = web {
        changed.web = web;
        said.push(describe_web(web, public));
    }
    bot.store.set_server_settings(platform, server, &changed)?;
    if let Some(puzzle) = puzzle {
        let key = crate::ChannelKey::of(request).to_string();
        bot.set_daily(&key, puzzle)?;
        said.push(describe_daily(bot.daily_of(&key)?.as_ref(), public));
    }
    Ok(Answer::reply(Reply::text(t!(
        public,
        "settings-changed",
        name = &request.user.name,
        changes = said.join(" ")
    ))))
}

/// `settings puzzle=…` alone: the channel's daily puzzle. In a server only
/// its managers may set it; elsewhere (a room, a conversation) anyone
/// there may, as with `lang`.
fn daily(bot: &Bot, request: &Request, puzzle: &DailySetting) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    if request.server.is_some() && !request.server_admin {
        return Ok(Answer::error(t!(langs.private, "settings-admin-only")));
    }
    let key = crate::ChannelKey::of(request).to_string();
    bot.set_daily(&key, puzzle)?;
    let now = bot.daily_of(&key)?;
    Ok(Answer::reply(Reply::text(t!(
        langs.public,
        "settings-changed-here",
        name = &request.user.name,
        changes = describe_daily(now.as_ref(), langs.public)
    ))))
}

/// "puzzle=08:00 Asia/Tokyo: a puzzle is posted here every day at …".
fn describe_daily(daily: Option<&cairn_store::puzzle::DailyPuzzle>, lang: Lang) -> String {
    match daily {
        Some(d) => t!(
            lang,
            "settings-puzzle-on",
            time = format!("{:02}:{:02}", d.hour, d.minute),
            zone = d.zone.as_str()
        ),
        None => t!(lang, "settings-puzzle-off"),
    }
}

fn describe_threads(threads: bool, lang: Lang) -> String {
    if threads {
        t!(lang, "settings-threads-on")
    } else {
        t!(lang, "settings-threads-off")
    }
}

fn describe_web(web: bool, lang: Lang) -> String {
    if web {
        t!(lang, "settings-web-on")
    } else {
        t!(lang, "settings-web-off")
    }
}

/// `lang`, `lang en|ja|es`: the language of this place (a server's public
/// messages, or a room's or channel's outside any server).
pub(super) fn lang(
    bot: &Bot,
    request: &Request,
    langs: Langs,
    language: Option<Lang>,
) -> Result<Answer, StoreError> {
    let Some(wanted) = language else {
        let language = t!(langs.private, langs.public.name_id());
        return Ok(Answer::reply(Reply::error(t!(
            langs.private,
            "lang-now-place",
            language = language
        ))));
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
