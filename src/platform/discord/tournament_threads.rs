//! A tournament's game (#39) starts in a channel of its own that the core
//! names after the tournament's channel (`<channel id>~t1r2g3`), which is
//! no Discord channel: its first delivery asks for a thread
//! ([`Reply::thread`](cairn_bot::Reply::thread)). This opens a thread of
//! the tournament's channel, moves the game there (the core notes where
//! it went, to read its result there) and posts the game's start in it,
//! pinging both players, which adds them to it.

use serenity::all::ChannelId;

use super::outgoing::Outgoing;
use super::replies::files_apart;
use super::PLATFORM;
use cairn_bot::{Bot, Delivery};
use cairn_store::tournament::parse_game_key;

/// Post `delivery` in a new thread if it starts a tournament's game;
/// `false` when it is no such delivery.
pub async fn post(bot: &Bot, outgoing: &mut Outgoing, delivery: &Delivery) -> bool {
    let key = format!("{PLATFORM}:{}", delivery.channel);
    let Some((parent, ..)) = parse_game_key(&key) else {
        return false;
    };
    let Some(parent) = parent
        .strip_prefix(&format!("{PLATFORM}:"))
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|&id| id > 0)
        .map(ChannelId::new)
    else {
        return false;
    };
    let mut replies = delivery.replies.clone();
    let Some(thread) = replies.first_mut().and_then(|r| r.thread.take()) else {
        return false;
    };
    let opened = match outgoing.create_thread(parent, &thread.name).await {
        Ok(opened) => opened,
        Err(error) => {
            tracing::error!(%error, %parent, "could not open a tournament game's thread");
            return true;
        }
    };
    let (bot, from, to) = (bot.clone(), delivery.channel.clone(), opened.to_string());
    let moved = tokio::task::spawn_blocking(move || bot.move_game(PLATFORM, &from, &to)).await;
    if !matches!(moved, Ok(Ok(()))) {
        tracing::error!(?moved, thread = %opened, "could not move a tournament game into its thread");
        return true;
    }
    if let Some(first) = replies.first_mut() {
        first.mentions = thread.players;
    }
    for reply in &files_apart(replies) {
        if let Err(error) = outgoing.post(opened, reply).await {
            tracing::error!(%error, thread = %opened, "posting a tournament game's start");
        }
    }
    true
}
