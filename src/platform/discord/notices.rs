//! Timed events (turn reminders, losses on time, lapsed challenges) decided
//! by the bot core's scheduler, posted as ordinary channel messages with a
//! mention, or as a direct message for players who chose `notify dm`,
//! through the paced outgoing queue (`outgoing.rs`), one after another in
//! the order the scheduler decided them.

use std::sync::Arc;

use serenity::all::{ChannelId, UserId};
use tokio::sync::mpsc;

use super::outgoing::{Outgoing, SharedOutgoing};
use super::PLATFORM;
use cairn_bot::{Bot, Delivery};

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
pub fn start(bot: &Bot, outgoing: SharedOutgoing) -> anyhow::Result<Notices> {
    let (sender, mut receiver) = mpsc::unbounded_channel::<Delivery>();
    let posting = tokio::spawn(async move {
        while let Some(delivery) = receiver.recv().await {
            // One delivery at a time, in order, in the one queue.
            let mut queue = outgoing.lock().await;
            post(&mut queue, &delivery).await;
        }
    });
    let stop = bot.spawn_scheduler(vec![PLATFORM], move |delivery| {
        // The receiver lives until the scheduler's thread ends.
        let _ = sender.send(delivery);
    })?;
    Ok(Notices { stop, posting })
}

async fn post(outgoing: &mut Outgoing, delivery: &Delivery) {
    let channel = match &delivery.direct {
        Some(user) => {
            let Ok(id) = user.id.parse::<u64>() else {
                return;
            };
            match outgoing.open_dm(UserId::new(id.max(1))).await {
                Ok(dm) => dm,
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
