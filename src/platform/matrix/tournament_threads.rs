//! A tournament's game (#39) starts in a channel of its own that the core
//! names after the tournament's room (`<room id>~t1r2g3`), which is no
//! room: its first delivery asks for a thread
//! ([`Reply::thread`](cairn_bot::Reply::thread)). This posts the game's
//! name in the room as the root of a new thread, mentioning both players,
//! moves the game into that thread (the core notes where it went, to read
//! its result there) and posts the game's start in it.

use super::*;
use cairn_store::tournament::parse_game_key;

/// Post `delivery` in a new thread if it starts a tournament's game;
/// `false` when it is no such delivery.
pub(super) async fn deliver(bot: &Bot, client: &Client, prefix: &str, delivery: &Delivery) -> bool {
    let key = format!("{PLATFORM}:{}", delivery.channel);
    let Some((parent, ..)) = parse_game_key(&key) else {
        return false;
    };
    let Some(thread) = delivery.replies.first().and_then(|r| r.thread.clone()) else {
        return false;
    };
    let room_id = parent
        .strip_prefix(&format!("{PLATFORM}:"))
        .unwrap_or(parent);
    let Some(room) = RoomId::parse(room_id)
        .ok()
        .and_then(|id| client.get_room(&id))
    else {
        tracing::warn!(room = %room_id, "a tournament game for a room the bot is not in");
        return true;
    };
    let ids = thread
        .players
        .iter()
        .filter_map(|p| UserId::parse(p.id.as_str()).ok());
    let root = RoomMessageEventContent::notice_plain(thread.name.clone())
        .add_mentions(Mentions::with_user_ids(ids));
    let root = match room.send(root).await {
        Ok(sent) => sent.response.event_id,
        Err(error) => {
            tracing::error!(room = %room_id, %error, "opening a tournament game's thread");
            return true;
        }
    };
    let to = addressing::channel_id(room_id, Some(root.as_str()));
    let (own, from, into) = (bot.clone(), delivery.channel.clone(), to.clone());
    let moved = tokio::task::spawn_blocking(move || own.move_game(PLATFORM, &from, &into)).await;
    if !matches!(moved, Ok(Ok(()))) {
        tracing::error!(?moved, thread = %to, "could not move a tournament game into its thread");
        return true;
    }
    let mut replies = delivery.replies.clone();
    if let Some(first) = replies.first_mut() {
        first.thread = None;
    }
    let in_thread = Delivery {
        channel: to,
        replies,
        ..delivery.clone()
    };
    super::deliver(client, prefix, &in_thread).await;
    true
}
