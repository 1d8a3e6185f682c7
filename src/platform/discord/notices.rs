//! Timed events (turn reminders, losses on time, lapsed challenges) decided
//! by the bot core's scheduler, posted as ordinary channel messages with a
//! mention, or as a direct message for players who chose `notify dm`,
//! through the paced outgoing queue (`outgoing.rs`), one after another in
//! the order the scheduler decided them.
//!
//! Where the bot may only answer interactions (a group DM, a server the
//! app is installed in by a user only), an event goes to each player it
//! mentions by direct message, never to the channel; a player whose direct
//! messages Discord refused is not tried again for a while. The core keeps
//! the event for the next reply in the channel either way.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serenity::all::{ChannelId, UserId};
use tokio::sync::mpsc;

use super::outgoing::{Outgoing, SharedOutgoing};
use super::replies::files_apart;
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
    let own = bot.clone();
    let posting = tokio::spawn(async move {
        let mut refused = Refused::default();
        while let Some(delivery) = receiver.recv().await {
            // One delivery at a time, in order, in the one queue.
            let mut queue = outgoing.lock().await;
            if delivery.answer_only {
                post_directly(&mut queue, &delivery, &mut refused).await;
            } else if super::tournament_threads::post(&own, &mut queue, &delivery).await {
                // A tournament's game, started in a thread of its own.
            } else {
                post(&mut queue, &delivery).await;
            }
        }
    });
    let stop = bot.spawn_scheduler(vec![PLATFORM], move |delivery| {
        // The receiver lives until the scheduler's thread ends.
        let _ = sender.send(delivery);
    })?;
    Ok(Notices { stop, posting })
}

/// How long a player whose direct messages Discord refused is left alone.
const REFUSED_FOR: Duration = Duration::from_secs(6 * 60 * 60);

/// Players whose direct messages Discord refused, and when.
#[derive(Default)]
struct Refused(HashMap<String, Instant>);

impl Refused {
    fn recently(&self, user: &str) -> bool {
        self.0
            .get(user)
            .is_some_and(|at| at.elapsed() < REFUSED_FOR)
    }
}

/// An event from a channel where the bot may not post: to each player it
/// mentions, by direct message.
async fn post_directly(outgoing: &mut Outgoing, delivery: &Delivery, refused: &mut Refused) {
    let mut users: Vec<&str> = Vec::new();
    for reply in &delivery.replies {
        for user in &reply.mentions {
            if !users.contains(&user.id.as_str()) {
                users.push(&user.id);
            }
        }
    }
    for user in users {
        if refused.recently(user) {
            tracing::debug!(%user, "direct messages refused lately; the news waits in the channel");
            continue;
        }
        let Ok(id) = user.parse::<u64>() else {
            continue;
        };
        let sent = match outgoing.open_dm(UserId::new(id.max(1))).await {
            Ok(dm) => post_all(outgoing, dm, &delivery.replies).await,
            Err(error) => Err(error),
        };
        if let Err(error) = sent {
            tracing::info!(%error, %user, "Discord refused a direct message; the news waits in the channel");
            refused.0.insert(user.to_string(), Instant::now());
        }
    }
}

async fn post_all(
    outgoing: &mut Outgoing,
    channel: ChannelId,
    replies: &[cairn_bot::Reply],
) -> Result<(), super::outgoing::PostError> {
    for reply in &files_apart(replies.to_vec()) {
        outgoing.post(channel, reply).await?;
    }
    Ok(())
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
    for reply in &files_apart(delivery.replies.clone()) {
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
