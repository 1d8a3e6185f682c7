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
use tokio::sync::mpsc;

use crate::config::MatrixConfig;
use cairn_bot::{AttachmentKind, Bot, BotConfig, Delivery, Reply, Request, User};

pub const PLATFORM: &str = "matrix";
/// The command prefix when none is configured.
pub const DEFAULT_PREFIX: &str = "!cairn";
/// The store directory when none is configured.
pub const DEFAULT_STORE: &str = "cairn-matrix";
/// The session file inside the store directory.
pub const SESSION_FILE: &str = "session.json";
/// The device name shown in other clients' session lists.
const DEVICE_NAME: &str = "Cairn bot";
/// A channel's worker task stops after this long without commands.
const IDLE_WORKER: Duration = Duration::from_secs(600);
/// A command that takes longer than this shows the bot as typing.
const TYPING_AFTER: Duration = Duration::from_millis(300);

/// What `session.json` holds: enough to restore the same device.
#[derive(Serialize, Deserialize)]
struct SavedSession {
    homeserver: String,
    #[serde(flatten)]
    session: MatrixSession,
}

/// Run the bot on Matrix until the sync fails for good (a revoked token).
///
/// `bot`'s configuration is kept except its own identity, which becomes the
/// logged-in account (its MXID and display name).
pub async fn run(bot: Bot, config: MatrixConfig) -> Result<()> {
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

    let mut bot_config: BotConfig = bot.config().clone();
    bot_config.bot_user = User::new(own_id.to_string(), display_name.clone());
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
    let bot = bot.reconfigured(bot_config);

    // The first sync brings the state (and, after a restart, everything
    // that happened while the bot was away): no handler sees it. It does not
    // wait for news, so the bot listens as soon as it has caught up.
    let mut delay = Duration::from_secs(1);
    let token = loop {
        match client
            .sync_once(SyncSettings::default().timeout(Duration::ZERO))
            .await
        {
            Ok(response) => break response.next_batch,
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
    };

    for room in client.invited_rooms() {
        spawn_join(room);
    }
    // Timed events (reminders, losses on time, lapsed challenges) of the
    // Matrix rooms, decided by the core's scheduler and posted here.
    let (notices, mut pending) = mpsc::unbounded_channel::<Delivery>();
    let scheduler = bot.spawn_scheduler(vec![PLATFORM], move |delivery| {
        // The receiver lives as long as the runtime.
        let _ = notices.send(delivery);
    })?;
    let scheduler_bot = bot.clone();
    {
        let client = client.clone();
        let prefix = config
            .prefix
            .clone()
            .filter(|p| !p.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_PREFIX.to_string());
        tokio::spawn(async move {
            while let Some(delivery) = pending.recv().await {
                deliver(&client, &prefix, &delivery).await;
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
    });
    client.add_event_handler_context(shared);
    client.add_event_handler(on_invite);
    client.add_event_handler(on_message);
    tracing::info!("listening to Matrix rooms");

    let synced = sync_forever(&client, token)
        .await
        .context("Matrix sync stopped");
    scheduler_bot.stop_scheduler(&scheduler);
    synced
}

/// Post a timed event in its room (or thread), mentioning whom it names.
async fn deliver(client: &Client, prefix: &str, delivery: &Delivery) {
    let (room_id, thread_root) = match delivery.channel.split_once('/') {
        Some((room, root)) => (room, Some(root)),
        None => (delivery.channel.as_str(), None),
    };
    let Ok(room_id) = RoomId::parse(room_id) else {
        tracing::warn!(channel = %delivery.channel, "a timed event for a channel that is not a room");
        return;
    };
    let Some(room) = client.get_room(&room_id) else {
        tracing::warn!(room = %room_id, "a timed event for a room the bot is not in");
        return;
    };
    let root = thread_root.and_then(|root| EventId::parse(root).ok());
    // Images and files go into the thread too.
    let within = || {
        root.as_ref().map(|root| SdkReply {
            event_id: root.clone(),
            enforce_thread: EnforceThread::Threaded(ReplyWithinThread::No),
            add_mentions: AddMentions::No,
        })
    };
    for reply in &delivery.replies {
        let nobody = User::new("", "");
        let out = format_reply(reply, prefix, reply.mentions.first().unwrap_or(&nobody));
        let ids = out
            .mention_ids
            .iter()
            .filter_map(|id| UserId::parse(id.as_str()).ok());
        let mut content = RoomMessageEventContent::notice_html(out.body, out.html)
            .add_mentions(Mentions::with_user_ids(ids));
        if let Some(root) = &root {
            content.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
        }
        if let Err(error) = room.send(content).await {
            tracing::error!(room = %room.room_id(), %error, "posting a timed event");
            continue;
        }
        if let Some(png) = &reply.image {
            let attachment = board_attachment(png, reply.title.as_deref(), within());
            if let Err(error) = room
                .send_attachment("board.png", &mime::IMAGE_PNG, png.clone(), attachment)
                .await
            {
                tracing::error!(room = %room.room_id(), %error, "posting a timed event's board");
            }
        }
        if let Err(error) = send_files(&room, reply, within).await {
            tracing::error!(room = %room.room_id(), %error, "posting a timed event's files");
        }
    }
}

/// The board image as an attachment: its size and dimensions in the event
/// (so clients lay it out at once), the title as its caption, no mentions
/// (the notice before it mentions), within a thread when `within` says so.
fn board_attachment(png: &[u8], title: Option<&str>, within: Option<SdkReply>) -> AttachmentConfig {
    let mut info = BaseImageInfo {
        size: UInt::new(png.len() as u64),
        ..BaseImageInfo::default()
    };
    if let Some((width, height)) = png_size(png) {
        info.width = Some(UInt::from(width));
        info.height = Some(UInt::from(height));
    }
    let mut attachment = AttachmentConfig::new()
        .info(AttachmentInfo::Image(info))
        .mentions(Some(Mentions::new()));
    if let Some(title) = title {
        attachment = attachment.caption(Some(TextMessageEventContent::plain(title)));
    }
    if within.is_some() {
        attachment = attachment.reply(within);
    }
    attachment
}

/// The MIME type of an attached file.
fn mime_of(kind: AttachmentKind) -> mime::Mime {
    match kind {
        AttachmentKind::Gif => mime::IMAGE_GIF,
        AttachmentKind::Json => mime::APPLICATION_JSON,
        AttachmentKind::Text => mime::TEXT_PLAIN_UTF_8,
    }
}

/// A GIF's width and height from its header.
fn gif_size(gif: &[u8]) -> Option<(u32, u32)> {
    if gif.len() < 10 || !gif.starts_with(b"GIF8") {
        return None;
    }
    let width = u16::from_le_bytes([gif[6], gif[7]]);
    let height = u16::from_le_bytes([gif[8], gif[9]]);
    (width > 0 && height > 0).then_some((width.into(), height.into()))
}

/// Post a reply's files after its text: a replay GIF as an `m.image`,
/// records as `m.file`; each within the thread `within` makes a reply in.
async fn send_files(
    room: &Room,
    reply: &Reply,
    within: impl Fn() -> Option<SdkReply>,
) -> Result<()> {
    for file in &reply.files {
        let mut attachment = AttachmentConfig::new().mentions(Some(Mentions::new()));
        if file.kind.is_image() {
            let mut info = BaseImageInfo {
                size: UInt::new(file.bytes.len() as u64),
                ..BaseImageInfo::default()
            };
            if let Some((width, height)) = gif_size(&file.bytes) {
                info.width = Some(UInt::from(width));
                info.height = Some(UInt::from(height));
            }
            attachment = attachment.info(AttachmentInfo::Image(info));
        }
        if let Some(within) = within() {
            attachment = attachment.reply(Some(within));
        }
        room.send_attachment(
            &file.name,
            &mime_of(file.kind),
            file.bytes.clone(),
            attachment,
        )
        .await
        .with_context(|| format!("sending {}", file.name))?;
    }
    Ok(())
}

/// How long one sync request waits on the homeserver for news.
const SYNC_TIMEOUT: Duration = Duration::from_secs(30);

/// Long-poll the homeserver until the session is revoked, asking again as
/// soon as an answer is handled.
///
/// Not `Client::sync`: matrix-sdk 0.18 sleeps a whole second before the
/// next request whenever two syncs come back within a second of each other
/// (a guard against servers that ignore the timeout). In a lively room
/// that is most of the time (every reply the bot sends comes back down its
/// own sync), so a move arriving meanwhile waited up to a second. The
/// guard is kept here for what it is meant for: an answer that came back
/// at once with nothing new.
async fn sync_forever(client: &Client, mut token: String) -> matrix_sdk::Result<()> {
    loop {
        let settings = SyncSettings::default()
            .timeout(SYNC_TIMEOUT)
            .token(token.clone());
        let asked = Instant::now();
        match client.sync_once(settings).await {
            Ok(response) => {
                if response.next_batch == token && asked.elapsed() < Duration::from_secs(1) {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                token = response.next_batch;
            }
            Err(error) if is_unknown_token(&error) => return Err(error),
            Err(error) => {
                tracing::warn!(%error, "Matrix sync failed, retrying in 5 s");
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
        }
    }
}

fn is_unknown_token(error: &matrix_sdk::Error) -> bool {
    matches!(
        error.client_api_error_kind(),
        Some(ErrorKind::UnknownToken(_) | ErrorKind::MissingToken)
    )
}

/// Build the client on the sqlite store in `dir` and log in: restore the
/// saved session if there is one, else log in and save it.
async fn connect(
    homeserver: &str,
    user: &str,
    config: &MatrixConfig,
    dir: &Path,
) -> Result<Client> {
    let session_path = dir.join(SESSION_FILE);
    let saved: Option<SavedSession> = match std::fs::read_to_string(&session_path) {
        Ok(text) => Some(
            serde_json::from_str(&text)
                .with_context(|| format!("reading {}", session_path.display()))?,
        ),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => {
            return Err(error).with_context(|| format!("reading {}", session_path.display()))
        }
    };
    let builder = match &saved {
        // The saved URL is the one discovery found: no need to ask again.
        Some(saved) => Client::builder().homeserver_url(&saved.homeserver),
        None => Client::builder().server_name_or_homeserver_url(homeserver),
    };
    let client = builder
        .sqlite_store(dir, config.store_passphrase.as_deref())
        .build()
        .await
        .with_context(|| format!("connecting to the Matrix homeserver {homeserver}"))?;

    if let Some(saved) = saved {
        if !same_user(user, saved.session.meta.user_id.as_str()) {
            bail!(
                "{} holds a session of {}, not of {user}; use another MATRIX_STORE directory",
                session_path.display(),
                saved.session.meta.user_id
            );
        }
        tracing::info!(user = %saved.session.meta.user_id, device = %saved.session.meta.device_id, "restoring the saved Matrix session");
        client
            .matrix_auth()
            .restore_session(saved.session, RoomLoadSettings::default())
            .await
            .context("restoring the saved Matrix session")?;
        return Ok(client);
    }

    let session = if let Some(password) = &config.password {
        let auth = client.matrix_auth();
        auth.login_username(user, password)
            .initial_device_display_name(DEVICE_NAME)
            .send()
            .await
            .with_context(|| format!("logging in to Matrix as {user}"))?;
        auth.session()
            .ok_or_else(|| anyhow!("no session after logging in as {user}"))?
    } else if let Some(token) = &config.access_token {
        let (user_id, device_id) = whoami(&client, token).await?;
        let session = MatrixSession {
            meta: SessionMeta {
                user_id: user_id.clone(),
                device_id,
            },
            tokens: SessionTokens {
                access_token: token.to_string(),
                refresh_token: None,
            },
        };
        client
            .matrix_auth()
            .restore_session(session.clone(), RoomLoadSettings::default())
            .await
            .with_context(|| format!("using the access token of {user_id}"))?;
        session
    } else {
        bail!("set MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN to log in to Matrix");
    };
    save_session(
        &session_path,
        &SavedSession {
            homeserver: client.homeserver().to_string(),
            session,
        },
    )?;
    Ok(client)
}

/// Who owns an access token, and its device (needed for encryption).
async fn whoami(
    client: &Client,
    token: &str,
) -> Result<(OwnedUserId, matrix_sdk::ruma::OwnedDeviceId)> {
    #[derive(Deserialize)]
    struct WhoAmI {
        user_id: OwnedUserId,
        device_id: Option<matrix_sdk::ruma::OwnedDeviceId>,
    }
    let url = client
        .homeserver()
        .join("_matrix/client/v3/account/whoami")
        .context("building the whoami URL")?;
    let response = matrix_sdk::reqwest::Client::new()
        .get(url)
        .bearer_auth(token)
        .send()
        .await
        .context("asking the homeserver whose access token this is")?;
    let status = response.status();
    let body = response
        .bytes()
        .await
        .context("reading the whoami answer")?;
    if !status.is_success() {
        bail!(
            "the homeserver refused MATRIX_ACCESS_TOKEN ({status}: {})",
            String::from_utf8_lossy(&body)
        );
    }
    let who: WhoAmI = serde_json::from_slice(&body).context("parsing the whoami answer")?;
    let device = who.device_id.ok_or_else(|| {
        anyhow!(
            "MATRIX_ACCESS_TOKEN of {} has no device (an admin token?); log in with a password or use a token from a real login",
            who.user_id
        )
    })?;
    Ok((who.user_id, device))
}

/// Write the session file readable by its owner only (it holds a token).
fn save_session(path: &Path, session: &SavedSession) -> Result<()> {
    let json = serde_json::to_string_pretty(session)?;
    let tmp = path.with_extension("json.tmp");
    {
        use std::io::Write;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options
            .open(&tmp)
            .with_context(|| format!("writing {}", tmp.display()))?;
        file.write_all(json.as_bytes())
            .and_then(|()| file.sync_all())
            .with_context(|| format!("writing {}", tmp.display()))?;
    }
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// `@cairn:example.org` and `cairn` name the same account.
fn same_user(configured: &str, mxid: &str) -> bool {
    let configured = configured.trim();
    if configured.starts_with('@') {
        configured.eq_ignore_ascii_case(mxid)
    } else {
        mxid.trim_start_matches('@')
            .split(':')
            .next()
            .is_some_and(|local| local.eq_ignore_ascii_case(configured))
    }
}

/// Join a room in the background; Synapse may send the invite before the
/// room can be joined, so retry with a growing delay (up to about an hour).
fn spawn_join(room: Room) {
    tokio::spawn(async move {
        let mut delay = Duration::from_secs(1);
        loop {
            match room.join().await {
                Ok(()) => {
                    tracing::info!(room = %room.room_id(), "joined");
                    return;
                }
                Err(error) if delay > Duration::from_secs(3600) => {
                    tracing::error!(room = %room.room_id(), %error, "giving up joining");
                    return;
                }
                Err(error) => {
                    tracing::warn!(room = %room.room_id(), %error, "joining failed, retrying in {delay:?}");
                    tokio::time::sleep(delay).await;
                    delay *= 2;
                }
            }
        }
    });
}

async fn on_invite(event: StrippedRoomMemberEvent, client: Client, room: Room) {
    if client.user_id() != Some(&*event.state_key) || room.state() != RoomState::Invited {
        return;
    }
    tracing::info!(room = %room.room_id(), inviter = %event.sender, "invited");
    spawn_join(room);
}

/// State shared by the event handlers.
struct Shared {
    bot: Bot,
    own_id: OwnedUserId,
    address: Address,
    prefix: String,
    start_ms: u64,
    /// One worker queue per channel, so its commands run in order.
    queues: Mutex<HashMap<String, mpsc::UnboundedSender<Job>>>,
}

/// One command to run.
struct Job {
    room: Room,
    event: OriginalSyncRoomMessageEvent,
    channel: String,
    command: String,
    mention_ids: Vec<String>,
    /// When the sync handed the command to the bot.
    received: Instant,
}

async fn on_message(event: OriginalSyncRoomMessageEvent, room: Room, shared: Ctx<Arc<Shared>>) {
    let shared = shared.0;
    if room.state() != RoomState::Joined || event.sender == shared.own_id {
        return;
    }
    // Older events arrive when the bot joins a room (its history): never
    // replay them.
    if u64::from(event.origin_server_ts.0) < shared.start_ms {
        return;
    }
    // Edits would repeat a command; notices are other bots talking.
    if matches!(event.content.relates_to, Some(Relation::Replacement(_))) {
        return;
    }
    let MessageType::Text(text) = &event.content.msgtype else {
        return;
    };
    let formatted = text
        .formatted
        .as_ref()
        .filter(|f| f.format == MessageFormat::Html)
        .map(|f| f.body.as_str());
    let Some(command) = shared.address.command(&text.body, formatted) else {
        return;
    };
    let mut mention_ids = mxids_in(&command);
    if mention_ids.is_empty() && formatted.is_none() {
        // A client that sent pills as plain names still lists the users in
        // m.mentions.
        if let Some(mentions) = &event.content.mentions {
            mention_ids = mentions
                .user_ids
                .iter()
                .filter(|u| **u != shared.own_id)
                .map(|u| u.to_string())
                .collect();
        }
    }
    let thread_root = match &event.content.relates_to {
        Some(Relation::Thread(thread)) => Some(thread.event_id.to_string()),
        _ => None,
    };
    let channel = channel_id(room.room_id().as_str(), thread_root.as_deref());
    // How long after the homeserver accepted the message the sync brought
    // it (same clock only when the bot runs beside the homeserver).
    let sync_lag_ms = cairn_store::now_ms().saturating_sub(u64::from(event.origin_server_ts.0));
    tracing::debug!(%channel, sender = %event.sender, %command, sync_lag_ms, "command");
    shared.enqueue(Job {
        room,
        event,
        channel,
        command,
        mention_ids,
        received: Instant::now(),
    });
}

impl Shared {
    fn enqueue(self: &Arc<Self>, job: Job) {
        let key = job.channel.clone();
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let job = match queues.get(&key) {
            Some(sender) => match sender.send(job) {
                Ok(()) => return,
                Err(mpsc::error::SendError(job)) => job,
            },
            None => job,
        };
        let (sender, receiver) = mpsc::unbounded_channel();
        // A fresh receiver is open: this send cannot fail.
        let _ = sender.send(job);
        queues.insert(key.clone(), sender);
        drop(queues);
        let shared = Arc::clone(self);
        tokio::spawn(async move { shared.work(key, receiver).await });
    }

    /// Run one channel's commands in order; stop when idle.
    async fn work(self: Arc<Self>, key: String, mut receiver: mpsc::UnboundedReceiver<Job>) {
        loop {
            match tokio::time::timeout(IDLE_WORKER, receiver.recv()).await {
                Ok(Some(job)) => self.process(job).await,
                Ok(None) => return,
                Err(_) => {
                    let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
                    match receiver.try_recv() {
                        Ok(job) => {
                            drop(queues);
                            self.process(job).await;
                        }
                        Err(_) => {
                            queues.remove(&key);
                            return;
                        }
                    }
                }
            }
        }
    }

    async fn process(&self, job: Job) {
        let Job {
            room,
            event,
            channel,
            command,
            mention_ids,
            received,
        } = job;
        let started = Instant::now();
        let user = User::new(
            event.sender.to_string(),
            member_name(&room, &event.sender).await,
        );
        let mut mentions = Vec::new();
        for id in mention_ids {
            let name = match UserId::parse(id.as_str()) {
                Ok(user_id) => member_name(&room, &user_id).await,
                Err(_) => id.clone(),
            };
            mentions.push(User::new(id, name));
        }
        let request = Request {
            platform: PLATFORM.into(),
            channel,
            user,
            command,
            mentions,
            ..Default::default()
        };
        let handling = Instant::now();
        let bot = self.bot.clone();
        let requester = request.user.clone();
        let (notes_sender, mut notes) = mpsc::unbounded_channel::<Reply>();
        let work = tokio::task::spawn_blocking(move || {
            bot.handle_with(&request, |note| {
                let _ = notes_sender.send(note);
            })
        });
        tokio::pin!(work);
        // "Cairn is typing" only when the answer takes a while (the bot
        // opponent thinking): for a quick command it would cost a round trip
        // before the reply and wake every client in the room twice.
        let typing_after = tokio::time::sleep(TYPING_AFTER);
        tokio::pin!(typing_after);
        let mut typing = false;
        let answer = loop {
            tokio::select! {
                answer = &mut work => break answer,
                () = &mut typing_after, if !typing => {
                    typing = true;
                    let _ = room.typing_notice(true).await;
                }
                Some(note) = notes.recv() => {
                    // The bot's place in line while it waits for a search.
                    if let Err(error) = self.send(&room, &event, &note, &requester).await {
                        tracing::warn!(room = %room.room_id(), %error, "posting the place in line");
                    }
                }
            }
        };
        if typing {
            let typing = room.clone();
            tokio::spawn(async move {
                let _ = typing.typing_notice(false).await;
            });
        }
        let replies = match answer {
            Ok(replies) => replies,
            Err(error) => {
                tracing::error!(%error, "the bot panicked on a command");
                vec![Reply::error(
                    "Sorry, something went wrong on my side. Please try again.",
                )]
            }
        };
        let handled = Instant::now();
        let mut first_sent = None;
        for reply in &replies {
            if let Err(error) = self.send(&room, &event, reply, &requester).await {
                tracing::error!(room = %room.room_id(), %error, "sending a reply failed");
            }
            first_sent.get_or_insert_with(Instant::now);
        }
        let ms = |from: Instant, to: Instant| to.duration_since(from).as_millis() as u64;
        let done = Instant::now();
        tracing::debug!(
            queued_ms = ms(received, started),
            prepare_ms = ms(started, handling),
            core_ms = ms(handling, handled),
            first_reply_ms = ms(received, first_sent.unwrap_or(done)),
            all_sent_ms = ms(received, done),
            "command answered"
        );
    }

    async fn send(
        &self,
        room: &Room,
        event: &OriginalSyncRoomMessageEvent,
        reply: &Reply,
        requester: &User,
    ) -> Result<()> {
        let out = format_reply(reply, &self.prefix, requester);
        let ids = out
            .mention_ids
            .iter()
            .filter_map(|id| UserId::parse(id.as_str()).ok());
        let mut content = RoomMessageEventContent::notice_html(out.body, out.html)
            .add_mentions(Mentions::with_user_ids(ids));
        let in_thread = matches!(event.content.relates_to, Some(Relation::Thread(_)));
        if reply.ephemeral {
            content = content.make_reply_to(event, ForwardThread::Yes, AddMentions::Yes);
        } else if in_thread {
            content = content.make_for_thread(event, ReplyWithinThread::No, AddMentions::No);
        }
        let sending = Instant::now();
        room.send(content).await.context("sending a notice")?;
        tracing::debug!(ms = sending.elapsed().as_millis() as u64, "notice sent");

        if let Some(png) = &reply.image {
            let within = in_thread.then(|| SdkReply {
                event_id: event.event_id.clone(),
                enforce_thread: EnforceThread::MaybeThreaded,
                add_mentions: AddMentions::No,
            });
            let attachment = board_attachment(png, reply.title.as_deref(), within);
            let sending = Instant::now();
            room.send_attachment("board.png", &mime::IMAGE_PNG, png.clone(), attachment)
                .await
                .context("sending the board image")?;
            tracing::debug!(
                ms = sending.elapsed().as_millis() as u64,
                "board image sent"
            );
        }
        send_files(room, reply, || {
            in_thread.then(|| SdkReply {
                event_id: event.event_id.clone(),
                enforce_thread: EnforceThread::MaybeThreaded,
                add_mentions: AddMentions::No,
            })
        })
        .await?;
        Ok(())
    }
}

/// A member's display name, else the localpart of their id.
async fn member_name(room: &Room, user_id: &UserId) -> String {
    let member = match room.get_member_no_sync(user_id).await {
        Ok(Some(member)) => Some(member),
        _ => room.get_member(user_id).await.ok().flatten(),
    };
    match member {
        Some(member) => member.name().to_string(),
        None => user_id.localpart().to_string(),
    }
}

/// The bot channel of a room, or of a thread in it.
pub fn channel_id(room_id: &str, thread_root: Option<&str>) -> String {
    match thread_root {
        Some(root) => format!("{room_id}/{root}"),
        None => room_id.to_string(),
    }
}

/// How a message addresses the bot: the command prefix, or the bot's id,
/// display name or localpart (as text or pill) at the start.
#[derive(Clone, Debug)]
pub struct Address {
    prefix: String,
    bot_id: String,
    names: Vec<String>,
}

impl Address {
    pub fn new(prefix: &str, bot_id: &str, names: &[String]) -> Address {
        let prefix = prefix.trim();
        let mut all = vec![bot_id.to_string()];
        for name in names {
            let name = name.trim();
            if !name.is_empty() && !all.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                all.push(name.to_string());
            }
        }
        // Longest first, so "Cairn Bot" wins over "Cairn".
        all.sort_by_key(|n| std::cmp::Reverse(n.len()));
        Address {
            prefix: if prefix.is_empty() {
                DEFAULT_PREFIX.to_string()
            } else {
                prefix.to_string()
            },
            bot_id: bot_id.to_string(),
            names: all,
        }
    }

    /// The command in a message (`help` when the bot is addressed without
    /// one), or `None` when the message is not for the bot.
    pub fn command(&self, body: &str, formatted_html: Option<&str>) -> Option<String> {
        let text = match formatted_html {
            Some(html) => html_to_text(html),
            None => strip_reply_fallback(body),
        };
        let text = text.trim();
        let rest = strip_word(text, &self.prefix).or_else(|| {
            self.names.iter().find_map(|name| {
                if name.starts_with('@') {
                    // The id (typed, or from a pill).
                    return strip_word(text, name);
                }
                // `@Cairn board`, or `Cairn: board` / `Cairn, board`.
                strip_word(text, &format!("@{name}"))
                    .or_else(|| strip_word(text, name).filter(|rest| rest.starts_with([':', ','])))
            })
        })?;
        let rest = rest
            .trim_start_matches([':', ',', ' ', '\t', '\n'])
            .trim()
            .to_string();
        Some(if rest.is_empty() {
            "help".to_string()
        } else {
            rest
        })
    }

    pub fn bot_id(&self) -> &str {
        &self.bot_id
    }
}

/// `text` without a leading `word` (case-insensitive) that ends at a word
/// boundary (end, space or punctuation other than what ids contain).
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    if word.is_empty() || text.len() < word.len() || !text.is_char_boundary(word.len()) {
        return None;
    }
    let (head, rest) = text.split_at(word.len());
    if !head.eq_ignore_ascii_case(word) && head.to_lowercase() != word.to_lowercase() {
        return None;
    }
    match rest.chars().next() {
        None => Some(rest),
        Some(c) if c.is_whitespace() || matches!(c, ':' | ',' | '!' | '?' | ';') => Some(rest),
        Some(_) => None,
    }
}

/// A plain body without the `> ` quote of a reply fallback.
pub fn strip_reply_fallback(body: &str) -> String {
    if !body.starts_with("> ") {
        return body.to_string();
    }
    let mut lines = body.lines().peekable();
    while lines.peek().is_some_and(|l| l.starts_with('>')) {
        lines.next();
    }
    while lines.peek().is_some_and(|l| l.trim().is_empty()) {
        lines.next();
    }
    lines.collect::<Vec<_>>().join("\n")
}

/// The text of an HTML message body: user pills become their MXID, reply
/// fallbacks (`<mx-reply>`) are dropped, entities decoded, other tags
/// removed.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    // The user id of the link being read, and whether we are inside one.
    let mut in_pill = false;
    while let Some(start) = rest.find('<') {
        if !in_pill {
            out.push_str(&decode_entities(&rest[..start]));
        }
        let after = &rest[start..];
        let Some(end) = after.find('>') else {
            rest = "";
            break;
        };
        let tag = &after[1..end];
        rest = &after[end + 1..];
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let closing = tag.starts_with('/');
        match name.as_str() {
            "mx-reply" if !closing => {
                let lower = rest.to_ascii_lowercase();
                match lower.find("</mx-reply>") {
                    Some(at) => rest = &rest[at + "</mx-reply>".len()..],
                    None => rest = "",
                }
            }
            "a" if !closing => {
                if let Some(id) = attribute(tag, "href").and_then(|href| pill_target(&href)) {
                    out.push_str(&id);
                    in_pill = true;
                }
            }
            "a" => in_pill = false,
            "br" | "p" | "div" | "li" | "tr" | "blockquote" | "pre"
                if !in_pill && !out.ends_with('\n') && !out.is_empty() =>
            {
                out.push('\n');
            }
            _ => {}
        }
    }
    if !in_pill {
        out.push_str(&decode_entities(rest));
    }
    out
}

/// The value of `name="..."` (or single-quoted) in a tag.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let lower = tag.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find(name) {
        let at = from + at;
        from = at + name.len();
        let before_ok = at == 0 || lower[..at].ends_with(char::is_whitespace);
        let after = lower[from..].trim_start();
        if !before_ok || !after.starts_with('=') {
            continue;
        }
        let offset = tag.len() - after.len() + 1;
        let value = tag[offset..].trim_start();
        let quote = value.chars().next()?;
        return if quote == '"' || quote == '\'' {
            let inner = &value[1..];
            inner.find(quote).map(|end| decode_entities(&inner[..end]))
        } else {
            Some(decode_entities(
                value.split(char::is_whitespace).next().unwrap_or(""),
            ))
        };
    }
    None
}

/// The user id a pill links to: `https://matrix.to/#/@user:server` or
/// `matrix:u/user:server`.
fn pill_target(href: &str) -> Option<String> {
    let decoded = percent_decode(href);
    let id = if let Some(at) = decoded.find("matrix.to/#/") {
        decoded[at + "matrix.to/#/".len()..].to_string()
    } else if let Some(rest) = decoded.strip_prefix("matrix:u/") {
        format!("@{rest}")
    } else {
        return None;
    };
    let id = id.split(['?', '/']).next().unwrap_or("");
    UserId::parse(id).ok().map(|u| u.to_string())
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(value) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(value);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let entity = after
            .find(';')
            .filter(|&end| end <= 10)
            .map(|end| &after[1..end]);
        let decoded = entity.and_then(|e| match e {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => {
                let number = e.strip_prefix('#')?;
                let code = match number.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => number.parse().ok()?,
                };
                char::from_u32(code)
            }
        });
        match (decoded, entity) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &after[e.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Matrix user ids written in a command, in order, without repeats.
pub fn mxids_in(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        let word = word
            .trim_start_matches(['(', '<', '[', '"', '\''])
            .trim_end_matches([',', '.', ';', '!', '?', ')', '>', ']', '"', '\'', ':']);
        if !word.starts_with('@') {
            continue;
        }
        if let Ok(id) = UserId::parse(word) {
            let id = id.to_string();
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// A reply as Matrix text: plain body, HTML body, users to notify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub body: String,
    pub html: String,
    pub mention_ids: Vec<String>,
}

/// Lay out a bot reply: the users it addresses first (pills), then the
/// text; buttons become the commands to type; without an image the text
/// board is shown.
pub fn format_reply(reply: &Reply, prefix: &str, requester: &User) -> Outgoing {
    let addressed: Vec<&User> = if reply.ephemeral {
        vec![requester]
    } else {
        reply.mentions.iter().collect()
    };
    let mut body = String::new();
    let mut html = String::new();
    let mut mention_ids = Vec::new();
    for (i, user) in addressed.iter().enumerate() {
        if i > 0 {
            body.push_str(", ");
            html.push_str(", ");
        }
        body.push_str(&user.name);
        if user.id.starts_with('@') && UserId::parse(user.id.as_str()).is_ok() {
            html.push_str(&format!(
                "<a href=\"https://matrix.to/#/{}\">{}</a>",
                escape_html(&user.id),
                escape_html(&user.name)
            ));
            if !mention_ids.contains(&user.id) {
                mention_ids.push(user.id.clone());
            }
        } else {
            html.push_str(&escape_html(&user.name));
        }
    }
    if !addressed.is_empty() {
        body.push_str(": ");
        html.push_str(": ");
    }
    // A room the text speaks of: a matrix.to link, which clients show as
    // the room's name.
    let text = reply.text_with_channels(|c| {
        if c.platform == PLATFORM {
            format!("https://matrix.to/#/{}", c.channel)
        } else {
            c.channel.clone()
        }
    });
    body.push_str(&text);
    html.push_str(&text_to_html(&text));
    if !reply.actions.is_empty() {
        let words: Vec<String> = reply
            .actions
            .iter()
            .map(|a| format!("`{prefix} {}`", a.command))
            .collect();
        let hint = format!(" (type {})", words.join(" or "));
        body.push_str(&hint);
        html.push_str(&text_to_html(&hint));
    }
    if reply.image.is_none() {
        if let Some(board) = &reply.board_text {
            body.push('\n');
            body.push_str(board);
            html.push_str(&format!("<pre><code>{}</code></pre>", escape_html(board)));
        }
    }
    Outgoing {
        body,
        html,
        mention_ids,
    }
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escape text, turn `code` into `<code>` and line breaks into `<br>`.
fn text_to_html(text: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str("<br>");
        }
        let parts: Vec<&str> = line.split('`').collect();
        // Backticks pair up; an odd last one is literal.
        let spans = (parts.len() - 1) / 2;
        for (j, part) in parts.iter().enumerate() {
            if j > 2 * spans {
                out.push('`');
                out.push_str(&escape_html(part));
            } else if j % 2 == 1 {
                out.push_str("<code>");
                out.push_str(&escape_html(part));
                out.push_str("</code>");
            } else {
                out.push_str(&escape_html(part));
            }
        }
    }
    out
}

/// Width and height from a PNG's IHDR chunk.
pub fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if png.len() < 24 || !png.starts_with(SIGNATURE) || &png[12..16] != b"IHDR" {
        return None;
    }
    let width = u32::from_be_bytes(png[16..20].try_into().ok()?);
    let height = u32::from_be_bytes(png[20..24].try_into().ok()?);
    (width > 0 && height > 0).then_some((width, height))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_bot::Action;

    fn address() -> Address {
        Address::new(
            "!cairn",
            "@cairn:example.org",
            &["Cairn Bot".to_string(), "cairn".to_string()],
        )
    }

    #[test]
    fn prefix_commands() {
        let a = address();
        assert_eq!(a.command("!cairn help", None).as_deref(), Some("help"));
        assert_eq!(
            a.command("  !Cairn   move b2 a4 d1 ", None).as_deref(),
            Some("move b2 a4 d1")
        );
        assert_eq!(a.command("!cairn", None).as_deref(), Some("help"));
        assert_eq!(a.command("!cairnx help", None), None);
        assert_eq!(a.command("hello !cairn help", None), None);
        assert_eq!(a.command("", None), None);
        let custom = Address::new("?play", "@cairn:example.org", &[]);
        assert_eq!(
            custom.command("?play board", None).as_deref(),
            Some("board")
        );
        assert_eq!(custom.command("!cairn board", None), None);
    }

    #[test]
    fn mention_commands() {
        let a = address();
        assert_eq!(
            a.command("@cairn:example.org: board", None).as_deref(),
            Some("board")
        );
        assert_eq!(a.command("cairn, accept", None).as_deref(), Some("accept"));
        assert_eq!(
            a.command("Cairn Bot: resign", None).as_deref(),
            Some("resign")
        );
        assert_eq!(a.command("@cairn moves", None).as_deref(), Some("moves"));
        assert_eq!(a.command("cairnish is fun", None), None);
        // A pill in the HTML body.
        let html = "<a href=\"https://matrix.to/#/@cairn:example.org\">Cairn Bot</a>: challenge sight <a href=\"https://matrix.to/#/%40bob%3Aexample.org\">Bob B.</a>";
        assert_eq!(
            a.command("Cairn Bot: challenge sight Bob B.", Some(html))
                .as_deref(),
            Some("challenge sight @bob:example.org")
        );
    }

    #[test]
    fn reply_fallbacks_are_ignored() {
        let a = address();
        let body = "> <@alice:example.org> !cairn resign\n\n!cairn board";
        assert_eq!(a.command(body, None).as_deref(), Some("board"));
        let html = "<mx-reply><blockquote>!cairn resign</blockquote></mx-reply>!cairn board";
        assert_eq!(a.command(body, Some(html)).as_deref(), Some("board"));
        // Quoting a command is not a command.
        assert_eq!(a.command("> !cairn resign", None), None);
    }

    #[test]
    fn html_is_read_as_text() {
        assert_eq!(
            html_to_text("<p>!cairn move <b>b2</b> &amp; a4<br/>d1</p>"),
            "!cairn move b2 & a4\nd1\n"
        );
        assert_eq!(
            html_to_text("<a href='matrix:u/bob:example.org'>Bob</a> hi"),
            "@bob:example.org hi"
        );
        assert_eq!(
            html_to_text("<a href=\"https://example.org\">a link</a> &#x41;&#66;&bogus; & x"),
            "a link AB&bogus; & x"
        );
        assert_eq!(html_to_text("unclosed <b"), "unclosed ");
    }

    #[test]
    fn user_ids_in_commands() {
        assert_eq!(
            mxids_in("challenge sight @bob:example.org, @carol:example.org:8448 @bob:example.org"),
            vec!["@bob:example.org", "@carol:example.org:8448"]
        );
        assert_eq!(
            mxids_in("challenge sight bob @ @: @x"),
            Vec::<String>::new()
        );
        assert_eq!(mxids_in("(@bob:localhost)"), vec!["@bob:localhost"]);
    }

    #[test]
    fn channels() {
        assert_eq!(channel_id("!abc", None), "!abc");
        assert_eq!(channel_id("!abc", Some("$root")), "!abc/$root");
    }

    #[test]
    fn same_user_forms() {
        assert!(same_user("@cairn:example.org", "@cairn:example.org"));
        assert!(same_user("cairn", "@cairn:example.org"));
        assert!(!same_user("other", "@cairn:example.org"));
        assert!(!same_user("@cairn:other.org", "@cairn:example.org"));
    }

    fn bob() -> User {
        User::new("@bob:example.org", "Bob <B>")
    }

    #[test]
    fn replies_mention_the_player_to_move() {
        let reply = Reply {
            text: "alice played `b2`. Bob (Black) to move.".into(),
            mentions: vec![bob()],
            image: Some(vec![1, 2, 3]),
            board_text: Some("board".into()),
            ..Reply::default()
        };
        let alice = User::new("@alice:example.org", "alice");
        let out = format_reply(&reply, "!cairn", &alice);
        assert_eq!(out.body, "Bob <B>: alice played `b2`. Bob (Black) to move.");
        assert_eq!(
            out.html,
            "<a href=\"https://matrix.to/#/@bob:example.org\">Bob &lt;B&gt;</a>: alice played <code>b2</code>. Bob (Black) to move."
        );
        assert_eq!(out.mention_ids, vec!["@bob:example.org"]);
    }

    #[test]
    fn ephemeral_replies_address_the_requester() {
        let alice = User::new("@alice:example.org", "alice");
        let out = format_reply(&Reply::error("Not your turn."), "!cairn", &alice);
        assert_eq!(out.body, "alice: Not your turn.");
        assert!(out
            .html
            .starts_with("<a href=\"https://matrix.to/#/@alice:example.org\">alice</a>: "));
        assert_eq!(out.mention_ids, vec!["@alice:example.org"]);
    }

    #[test]
    fn buttons_become_commands_and_boards_text() {
        let reply = Reply {
            text: "alice challenges Bob. Bob, answer with `accept` or `decline`.".into(),
            mentions: vec![bob()],
            board_text: Some("a <b>".into()),
            actions: vec![
                Action {
                    label: "Accept".into(),
                    command: "accept".into(),
                    for_user: None,
                    primary: true,
                },
                Action {
                    label: "Decline".into(),
                    command: "decline".into(),
                    for_user: None,
                    primary: false,
                },
            ],
            ..Reply::default()
        };
        let out = format_reply(&reply, "!cairn", &bob());
        assert!(out
            .body
            .contains("(type `!cairn accept` or `!cairn decline`)\na <b>"));
        assert!(out
            .html
            .ends_with("(type <code>!cairn accept</code> or <code>!cairn decline</code>)<pre><code>a &lt;b&gt;</code></pre>"));
        // Non-Matrix ids are named, not pilled.
        let reply = Reply {
            text: "x".into(),
            mentions: vec![User::new("bob", "bob")],
            ..Reply::default()
        };
        let out = format_reply(&reply, "!cairn", &bob());
        assert_eq!(out.html, "bob: x");
        assert!(out.mention_ids.is_empty());
    }

    #[test]
    fn code_spans() {
        assert_eq!(text_to_html("a `b` c"), "a <code>b</code> c");
        assert_eq!(text_to_html("a `b"), "a `b");
        assert_eq!(text_to_html("x\ny"), "x<br>y");
        assert_eq!(text_to_html("`a` `b"), "<code>a</code> `b");
    }

    #[test]
    fn png_header() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&640u32.to_be_bytes());
        png.extend_from_slice(&480u32.to_be_bytes());
        assert_eq!(png_size(&png), Some((640, 480)));
        assert_eq!(png_size(&png[..20]), None);
        assert_eq!(png_size(b"GIF89a not a png at all!"), None);
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("%40bob%3Aex.org"), "@bob:ex.org");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }
}
