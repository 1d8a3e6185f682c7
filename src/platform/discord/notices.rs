//! Timed events (turn reminders, losses on time, lapsed challenges) decided
//! by the bot core's scheduler, posted as ordinary channel messages with a
//! mention, or as a direct message for players who chose `notify dm`.

use std::sync::Arc;

use serenity::all::{ChannelId, CreateMessage, Http, UserId};
use tokio::sync::mpsc;

use super::replies::message_parts;
use super::PLATFORM;
use cairn_bot::{Bot, Delivery, Reply};

/// Start the scheduler for Discord's channels; deliveries are posted by a
/// task on the runtime. Stop it with [`Bot::stop_scheduler`].
pub fn start(bot: &Bot, http: Arc<Http>) -> anyhow::Result<Arc<std::sync::atomic::AtomicBool>> {
    let (sender, mut receiver) = mpsc::unbounded_channel::<Delivery>();
    tokio::spawn(async move {
        while let Some(delivery) = receiver.recv().await {
            post(&http, &delivery).await;
        }
    });
    Ok(bot.spawn_scheduler(vec![PLATFORM], move |delivery| {
        // The receiver lives as long as the runtime.
        let _ = sender.send(delivery);
    })?)
}

async fn post(http: &Http, delivery: &Delivery) {
    let channel = match &delivery.direct {
        Some(user) => {
            let Ok(id) = user.id.parse::<u64>() else {
                return;
            };
            match UserId::new(id.max(1)).create_dm_channel(http).await {
                Ok(dm) => dm.id,
                Err(error) => {
                    tracing::warn!(%error, user = %user.id, "cannot open a direct message; reminding in the channel");
                    match channel_id(&delivery.channel) {
                        Some(id) => id,
                        None => return,
                    }
                }
            }
        }
        None => match channel_id(&delivery.channel) {
            Some(id) => id,
            None => return,
        },
    };
    for reply in &delivery.replies {
        if let Err(error) = channel.send_message(http, message(reply)).await {
            tracing::error!(%error, channel = %channel, "posting a timed event");
        }
    }
}

fn channel_id(text: &str) -> Option<ChannelId> {
    text.parse::<u64>()
        .ok()
        .filter(|&id| id > 0)
        .map(ChannelId::new)
}

/// A reply as a channel message: the pings, the text (in an embed with the
/// board when there is one).
pub(super) fn message(reply: &Reply) -> CreateMessage {
    let parts = message_parts(reply, true);
    let mut message = CreateMessage::new()
        .content(parts.content)
        .allowed_mentions(parts.allowed_mentions);
    if let Some(embed) = parts.embed {
        message = message.embed(embed);
    }
    for file in parts.attachments {
        message = message.add_file(file);
    }
    message
}
