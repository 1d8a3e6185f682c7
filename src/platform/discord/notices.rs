//! Timed events (turn reminders, losses on time, lapsed challenges) decided
//! by the bot core's scheduler, posted as ordinary channel messages with a
//! mention, or as a direct message for players who chose `notify dm`,
//! through the paced outgoing queue (`outgoing.rs`), one after another in
//! the order the scheduler decided them.

use std::sync::Arc;

use serenity::all::{ChannelId, CreateMessage, Http, UserId};
use tokio::sync::mpsc;

use super::outgoing::Outgoing;
use super::replies::message_parts;
use super::PLATFORM;
use cairn_bot::{Bot, Delivery, Reply};

/// The running scheduler of Discord's channels.
pub struct Notices {
    /// Set by [`Bot::stop_scheduler`].
    pub stop: Arc<std::sync::atomic::AtomicBool>,
    /// The task posting the deliveries: it ends once the scheduler has
    /// stopped and everything it decided is posted.
    pub posting: tokio::task::JoinHandle<()>,
}

/// Start the scheduler for Discord's channels; deliveries are posted by a
/// task on the runtime. Stop it with [`Bot::stop_scheduler`].
pub fn start(bot: &Bot, http: Arc<Http>) -> anyhow::Result<Notices> {
    let (sender, mut receiver) = mpsc::unbounded_channel::<Delivery>();
    let mut outgoing = Outgoing::new(&http)?;
    let posting = tokio::spawn(async move {
        while let Some(delivery) = receiver.recv().await {
            post(&http, &mut outgoing, &delivery).await;
        }
    });
    let stop = bot.spawn_scheduler(vec![PLATFORM], move |delivery| {
        // The receiver lives until the scheduler's thread ends.
        let _ = sender.send(delivery);
    })?;
    Ok(Notices { stop, posting })
}

async fn post(http: &Http, outgoing: &mut Outgoing, delivery: &Delivery) {
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
        if let Err(error) = outgoing.post(channel, reply).await {
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
