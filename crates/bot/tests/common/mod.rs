//! What the correspondence tests (vacation, premoves, digest, next) share:
//! players named by a word, requests in the `test` platform, and a bot on
//! a sled database driven by a manual clock.

#![allow(dead_code)]

use std::sync::Arc;

use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_store::clock::ManualClock;
use cairn_store::{GameRecord, Store};

/// A player: id `id-<name>`.
pub fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

/// `who` says `command` in `channel` of the `test` platform; `@name`
/// words are mentions. The place allows direct messages.
pub fn request(channel: &str, who: &str, command: &str) -> Request {
    let mentions = command
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(user)
        .collect();
    Request {
        platform: "test".into(),
        channel: channel.into(),
        user: user(who),
        command: command.into(),
        mentions,
        capabilities: cairn_bot::Capabilities {
            direct_messages: true,
            ..Default::default()
        },
        ..Default::default()
    }
}

pub fn say(bot: &Bot, channel: &str, who: &str, command: &str) -> Vec<Reply> {
    bot.handle(&request(channel, who, command))
}

/// A bot on the sled database at `path`, its time from `clock`, no images.
pub fn open(path: &std::path::Path, clock: &ManualClock) -> Bot {
    Bot::new(
        Store::open(path).expect("open store"),
        BotConfig {
            images: false,
            clock: Arc::new(clock.clone()),
            ..BotConfig::default()
        },
    )
}

/// The game in `channel`.
pub fn game_in(bot: &Bot, channel: &str) -> GameRecord {
    bot.store()
        .load(&Store::channel_key("test", channel))
        .expect("load")
        .and_then(|r| r.game)
        .expect("a game in the channel")
}
