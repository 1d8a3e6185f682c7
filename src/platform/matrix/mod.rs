//! The Matrix adapter (matrix-sdk 0.18): it translates room messages into
//! bot [`Request`]s and the bot's [`Reply`]s into Matrix events, nothing more.
//!
//! - Logs in once (password or access token) and keeps the session in
//!   `session.json` beside the sqlite state and crypto store (encrypted with
//!   the configured passphrase), so a restart restores the same device and
//!   encrypted rooms keep working.
//! - Joins rooms it is invited to (with retries and backoff).
//! - Answers `!cairn <command>` (the prefix is configurable) and messages
//!   that start by addressing it (its user id, display name or a pill).
//!   Its own messages, notices, edits and every event from before it started
//!   are ignored, so a restart never replays old commands.
//! - A room is a channel; a thread in a room is a channel of its own.
//! - Replies are `m.notice` messages that mention the player to move (an
//!   HTML pill and `m.mentions`), the board follows as an `m.image`.
//!   Matrix has no ephemeral messages: those are sent as a reply to the
//!   command, addressed to its sender. Buttons become words to type.
//! - Commands of one channel run one after another, in the order they
//!   arrived; channels run in parallel. The bot core runs on the blocking
//!   pool.
//!
//! By concern: `session.rs` (login, the saved session, sync, invites),
//! `addressing.rs` (channels, whether and how a message addresses the
//! bot), `queue.rs` (one worker queue per channel), `outgoing.rs` (replies
//! and timed events as Matrix messages, images and files).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseImageInfo};
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::event_handler::Ctx;
use matrix_sdk::room::reply::{EnforceThread, Reply as SdkReply};
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::events::relation::Thread;
use matrix_sdk::ruma::events::room::member::StrippedRoomMemberEvent;
use matrix_sdk::ruma::events::room::message::{
    AddMentions, ForwardThread, MessageFormat, MessageType, OriginalSyncRoomMessageEvent, Relation,
    ReplyWithinThread, RoomMessageEventContent, TextMessageEventContent,
};
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::{EventId, OwnedUserId, RoomId, UInt, UserId};
use matrix_sdk::store::RoomLoadSettings;
use matrix_sdk::{Client, Room, RoomState, SessionMeta, SessionTokens};
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, watch, Semaphore};

use crate::config::MatrixConfig;
use cairn_bot::{AttachmentKind, Bot, BotConfig, Delivery, Reply, Request, User};
use cairn_render::Png;

pub const PLATFORM: &str = "matrix";
/// The command prefix when none is configured.
pub const DEFAULT_PREFIX: &str = "!cairn";
/// The store directory when none is configured.
pub const DEFAULT_STORE: &str = "cairn-matrix";
/// The session file inside the store directory.
pub const SESSION_FILE: &str = "session.json";

mod addressing;
mod outgoing;
mod queue;
mod reactions;
mod session;
#[cfg(test)]
mod tests;
mod tournament_threads;

pub use addressing::*;
pub use outgoing::*;
use queue::*;
use session::*;

/// The bot as the logged-in account: its MXID and display name, and its
/// localpart as a word that names it as an opponent.
fn as_account(bot: &Bot, own_id: &UserId, display_name: &str) -> Bot {
    let mut bot_config: BotConfig = bot.config().clone();
    bot_config.bot_user = User::new(own_id.to_string(), display_name);
    for alias in [
        own_id.localpart().to_string(),
        format!("@{}", own_id.localpart()),
    ] {
        if !bot_config
            .bot_aliases
            .iter()
            .any(|a| a.eq_ignore_ascii_case(&alias))
        {
            bot_config.bot_aliases.push(alias);
        }
    }
    bot.reconfigured(bot_config)
}

/// The first sync brings the state (and, after a restart, everything that
/// happened while the bot was away): no handler sees it. It does not wait
/// for news, so the bot listens as soon as it has caught up. Returns the
/// token to sync on from.
async fn first_sync(client: &Client, dir: &Path) -> Result<String> {
    let mut delay = Duration::from_secs(1);
    loop {
        match client
            .sync_once(SyncSettings::default().timeout(Duration::ZERO))
            .await
        {
            Ok(response) => return Ok(response.next_batch),
            Err(error) if is_unknown_token(&error) => {
                return Err(anyhow!(error)).context(format!(
                    "the homeserver refused the saved session; delete {} to log in again",
                    dir.display()
                ))
            }
            Err(error) => {
                tracing::warn!(%error, "first Matrix sync failed, retrying in {delay:?}");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(60));
            }
        }
    }
}

/// At most this many commands are queued or running at once.
pub(crate) const IN_FLIGHT: u32 = 4096;
/// How long a stop waits for the commands in flight and the timed events
/// already decided (within `docker stop`'s 10 s).
const STOP_GRACE: Duration = Duration::from_secs(7);

/// Resolve once `stop` turns `true` (never if nobody can ask).
async fn stop_requested(stop: &mut watch::Receiver<bool>) {
    while !*stop.borrow_and_update() {
        if stop.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Run the bot on Matrix until the sync fails for good (a revoked token)
/// or `stop` turns `true`: then it stops syncing (no new commands), lets
/// the commands in flight and the timed events already decided finish
/// (for at most `STOP_GRACE`) and returns.
///
/// `bot`'s configuration is kept except its own identity, which becomes the
/// logged-in account (its MXID and display name).
pub async fn run(bot: Bot, config: MatrixConfig, mut stop: watch::Receiver<bool>) -> Result<()> {
    let start_ms = cairn_store::now_ms();
    let homeserver = config
        .homeserver
        .clone()
        .filter(|h| !h.trim().is_empty())
        .ok_or_else(|| anyhow!("MATRIX_HOMESERVER is not set"))?;
    let user = config
        .user
        .clone()
        .filter(|u| !u.trim().is_empty())
        .ok_or_else(|| anyhow!("MATRIX_USER is not set"))?;
    if config.password.is_none() && config.access_token.is_none() {
        bail!("set MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN to log in to Matrix");
    }
    let dir = config
        .store
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_STORE));
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("creating the Matrix store {}", dir.display()))?;
    if config.store_passphrase.is_none() {
        tracing::warn!(
            "MATRIX_STORE_PASSPHRASE is not set: the Matrix crypto store in {} is not encrypted",
            dir.display()
        );
    }

    let client = connect(&homeserver, &user, &config, &dir).await?;
    let own_id = client
        .user_id()
        .ok_or_else(|| anyhow!("the Matrix client has no user id after login"))?
        .to_owned();
    let display_name = match client.account().get_display_name().await {
        Ok(Some(name)) if !name.trim().is_empty() => name,
        _ => own_id.localpart().to_string(),
    };
    tracing::info!(user = %own_id, name = %display_name, device = ?client.device_id(), "logged in to Matrix");

    let bot = as_account(&bot, &own_id, &display_name);
    let token = first_sync(&client, &dir).await?;

    for room in client.invited_rooms() {
        spawn_join(room);
    }
    // Timed events (reminders, losses on time, lapsed challenges) of the
    // Matrix rooms, decided by the core's scheduler and posted here.
    let (notices, mut pending) = mpsc::unbounded_channel::<Delivery>();
    let in_flight = Arc::new(Semaphore::new(IN_FLIGHT as usize));
    let scheduler = bot.spawn_scheduler(vec![PLATFORM], move |delivery| {
        // The receiver lives as long as the runtime.
        let _ = notices.send(delivery);
    })?;
    let scheduler_bot = bot.clone();
    {
        let client = client.clone();
        let own = bot.clone();
        let prefix = config
            .prefix
            .clone()
            .filter(|p| !p.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_PREFIX.to_string());
        let in_flight = Arc::clone(&in_flight);
        tokio::spawn(async move {
            while let Some(delivery) = pending.recv().await {
                let _permit = in_flight.acquire().await;
                if !tournament_threads::deliver(&own, &client, &prefix, &delivery).await {
                    deliver(&client, &prefix, &delivery).await;
                }
            }
        });
    }
    let shared = Arc::new(Shared {
        bot,
        own_id: own_id.clone(),
        address: Address::new(
            config.prefix.as_deref().unwrap_or(DEFAULT_PREFIX),
            own_id.as_str(),
            &[display_name, own_id.localpart().to_string()],
        ),
        prefix: config
            .prefix
            .clone()
            .filter(|p| !p.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_PREFIX.to_string()),
        start_ms,
        queues: Mutex::new(HashMap::new()),
        in_flight: Arc::clone(&in_flight),
        reactable: Mutex::default(),
    });
    client.add_event_handler_context(shared);
    client.add_event_handler(on_invite);
    client.add_event_handler(on_message);
    client.add_event_handler(reactions::on_reaction);
    tracing::info!("listening to Matrix rooms");

    let synced = tokio::select! {
        synced = sync_forever(&client, token) => synced.context("Matrix sync stopped"),
        () = stop_requested(&mut stop) => Ok(()),
    };
    scheduler_bot.stop_scheduler(&scheduler);
    if synced.is_ok() {
        tracing::info!("Matrix stopped syncing; finishing the commands in flight");
        match tokio::time::timeout(STOP_GRACE, in_flight.acquire_many(IN_FLIGHT)).await {
            Ok(_) => tracing::info!("every Matrix command in flight has finished"),
            Err(_) => tracing::warn!(
                "some Matrix commands were still running after {STOP_GRACE:?}; they stop with the process"
            ),
        }
        in_flight.close();
    }
    synced
}
