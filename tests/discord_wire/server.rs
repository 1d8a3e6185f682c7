//! A Discord-compatible server for the test suite, on one loopback port:
//! REST v10 under `/api/v10` (gateway discovery, command registration,
//! interaction callbacks, webhook follow-ups, edits and deletions of the
//! original response) and a JSON gateway at `/gateway` (HELLO, IDENTIFY,
//! READY, GUILD_CREATE, heartbeats and their ACKs, dispatches).
//!
//! It behaves as Discord does where the bot could get it wrong: every JSON
//! body (and every multipart `payload_json`) is validated against
//! Discord's OpenAPI spec and refused with 400 when the spec rejects it; a
//! file part no `attachments` entry names is refused; an interaction is
//! answered once; a follow-up to a deferral still loading takes its place;
//! a message with a file (or an embed) in a channel where the app lacks
//! Attach Files (or Embed Links) is refused with 403. Channels can be set
//! to fail the edit of the original response with 500.
//!
//! Channel messages (`POST /channels/{id}/messages`) can be put under
//! Discord's rate limits ([`Limits`]): every answer carries the
//! `X-RateLimit-*` headers of the channel's bucket, a bucket is refilled
//! after its window, chosen requests are refused with `429` and a
//! `Retry-After` (for their bucket, or global), and every request that
//! Discord would count as invalid (on an exhausted bucket, before a
//! `Retry-After` has passed, or past the global limit) is recorded in
//! [`State::violations`].
//!
//! Where the bot is not a member ([`State::closed`]: a group DM, a server
//! where only a player installed the app), a channel message is refused
//! with 403, as Discord does, and recorded in [`State::outsider_posts`];
//! an interaction gets at most 5 follow-ups (Discord's limit for apps a
//! user installed, kept everywhere by Cairn), a sixth is refused and
//! recorded. Direct messages to chosen users are refused with 403 50007.
//!
//! The test reads what the players would see: per interaction, its
//! original response and its follow-ups.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Request, State as AxumState};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::Router;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::spec::Spec;

pub const APP_ID: &str = "775799577604522054";
pub const GUILD_ID: &str = "290926798626357999";
pub const BOT_NAME: &str = "Cairn";
/// A bot token of the right shape (serenity checks it has three parts).
pub const TOKEN: &str = "Nzc1Nzk5NTc3NjA0NTIyMDU0.wire.test-token";

/// Discord's permission bits the fake enforces or the bot reads.
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
pub const EMBED_LINKS: u64 = 1 << 14;
pub const ATTACH_FILES: u64 = 1 << 15;

/// One message as the players see it.
#[derive(Clone, Debug, Default)]
pub struct Msg {
    pub id: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    /// File names of the uploaded attachments.
    pub files: Vec<String>,
    pub components: Vec<Value>,
    pub ephemeral: bool,
    pub deleted: bool,
    /// Users the message may notify (`allowed_mentions.users`).
    pub pings: Vec<String>,
}

impl Msg {
    /// Content, embed descriptions and titles, and the text displays of a
    /// Components V2 message, for searching.
    pub fn text(&self) -> String {
        let mut text = self.content.clone();
        for embed in &self.embeds {
            for key in ["title", "description"] {
                if let Some(s) = embed[key].as_str() {
                    text.push('\n');
                    text.push_str(s);
                }
            }
        }
        for component in all_components(&self.components) {
            if let (Some(10), Some(s)) = (component["type"].as_u64(), component["content"].as_str())
            {
                text.push('\n');
                text.push_str(s);
            }
        }
        text
    }

    /// Every interactive component (buttons, select menus), however deep.
    pub fn interactive(&self) -> Vec<Value> {
        all_components(&self.components)
            .into_iter()
            .filter(|c| matches!(c["type"].as_u64(), Some(2 | 3)))
            .collect()
    }

    /// A Components V2 message showing the board in a media gallery.
    pub fn card_board(&self) -> bool {
        all_components(&self.components)
            .iter()
            .any(|c| c["type"] == 12 && c["items"][0]["media"]["url"] == "attachment://board.png")
    }
}

/// Components and everything nested in them, depth first.
pub fn all_components(components: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for component in components {
        out.push(component.clone());
        if let Some(inner) = component["components"].as_array() {
            out.extend(all_components(inner));
        }
    }
    out
}

/// A Components V2 message within Discord's limits: at most 40
/// components counted with nesting, 4,000 characters of text.
fn card_limits(message: &Value) -> Result<(), String> {
    let all = all_components(
        message["components"]
            .as_array()
            .map_or(&[][..], Vec::as_slice),
    );
    let text: usize = all
        .iter()
        .filter_map(|c| c["content"].as_str())
        .map(|t| t.chars().count())
        .sum();
    if all.len() > 40 || text > 4000 {
        return Err(format!("{} components, {text} characters", all.len()));
    }
    if message.get("content").is_some() || message.get("embeds").is_some() {
        return Err("content or embeds in a Components V2 message".into());
    }
    Ok(())
}

/// One interaction the test dispatched and what the bot did with it.
#[derive(Clone, Debug, Default)]
pub struct Exchange {
    pub id: String,
    pub channel: String,
    pub permissions: u64,
    /// The callback types received, in order (only the first is accepted).
    pub callbacks: Vec<u64>,
    /// The original response (for a button press: the clicked message).
    pub original: Option<Msg>,
    /// Deferred and not resolved yet: "Cairn is thinking…".
    pub thinking: bool,
    pub followups: Vec<Msg>,
    /// Follow-ups accepted (at most 5).
    pub followups_sent: usize,
    /// Autocomplete choices (their values).
    pub choices: Option<Vec<String>>,
    /// REST requests made for this interaction (any status).
    pub requests: usize,
}

impl Exchange {
    /// Every visible message: the original response, then the follow-ups.
    pub fn messages(&self) -> Vec<&Msg> {
        self.original
            .iter()
            .chain(&self.followups)
            .filter(|m| !m.deleted)
            .collect()
    }
}

/// A REST request as received.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub status: u16,
    pub body: Option<Value>,
    pub files: Vec<String>,
}

#[derive(Default)]
pub struct State {
    pub requests: Vec<Recorded>,
    /// Bodies checked against the spec and accepted.
    pub validated: usize,
    /// Bodies the spec refused, with the reason.
    pub refused: Vec<String>,
    pub identifies: usize,
    pub heartbeats: usize,
    /// Close codes of the gateway connections that were closed by the bot.
    pub closes: Vec<u16>,
    pub connected: bool,
    /// Registered commands by scope: `global` or the guild id.
    pub commands: HashMap<String, Vec<Value>>,
    /// By interaction token.
    pub exchanges: HashMap<String, Exchange>,
    /// Channels whose edits of an original response fail with 500.
    pub failing_edits: HashSet<String>,
    /// Messages the bot posted to channels directly (not through an
    /// interaction), by channel id.
    pub posted: HashMap<String, Vec<Msg>>,
    /// Threads the bot opened: (parent channel, thread id, name).
    pub threads: Vec<(String, String, String)>,
    /// Channels where the bot is not a member: it may only answer
    /// interactions there.
    pub closed: HashSet<String>,
    /// Channel messages the bot tried to post where it is not a member.
    pub outsider_posts: Vec<String>,
    /// Follow-ups refused because the interaction had 5 already.
    pub followups_over_limit: Vec<String>,
    /// Users whose direct messages Discord refuses (their privacy
    /// settings); the direct message channels opened, by user.
    pub refused_dms: HashSet<String>,
    pub dm_channels: HashMap<String, String>,
    /// Messages refused in the direct message channels of those users.
    pub refused_dm_posts: usize,
    /// Components V2 messages sent, and those past Discord's limits.
    pub cards: usize,
    pub card_violations: Vec<String>,
    /// The largest card body sent, in bytes of JSON.
    pub largest_card: usize,
    /// Rate limits on channel messages (none unless a test sets them).
    pub limits: Option<Limits>,
    /// What the rate limits saw.
    pub limited: Limited,
    next_id: u64,
}

/// Discord's rate limits on `POST /channels/{id}/messages`, as the fake
/// applies them.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Requests per channel (the bucket's major parameter) per window.
    pub per_channel: u32,
    pub window: Duration,
    /// Requests per second for the whole bot (Discord: 50).
    pub global_per_second: usize,
    /// Every `refuse_every`th message request is refused with a 429 on
    /// its bucket, `Retry-After` `retry_after`.
    pub refuse_every: usize,
    pub retry_after: Duration,
    /// The message requests (counted from 1) refused with a global 429.
    pub global_at: Vec<usize>,
}

/// What the rate limits saw.
#[derive(Debug, Default)]
pub struct Limited {
    /// Message requests, in order of arrival: (channel, accepted).
    pub arrivals: Vec<(String, bool)>,
    /// 429s sent: (channel, global).
    pub refused: Vec<(String, bool)>,
    /// Requests Discord would count as invalid, and why.
    pub violations: Vec<String>,
    buckets: HashMap<String, (u32, Instant)>,
    blocked: HashMap<String, Instant>,
    global_blocked: Option<Instant>,
    recent: std::collections::VecDeque<Instant>,
}

/// The rate-limit headers of an accepted request.
type Headers = Vec<(&'static str, String)>;

/// A request refused with 429: wait `retry`, for its bucket or globally.
#[derive(Debug)]
struct TooMany {
    retry: Duration,
    global: bool,
}

/// Whole milliseconds, rounded up, as Discord's decimal seconds.
fn seconds(duration: Duration) -> String {
    let ms = duration.as_micros().div_ceil(1000);
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

fn too_many(retry_after: Duration, global: bool) -> Response {
    let mut response = (
        StatusCode::TOO_MANY_REQUESTS,
        axum::Json(json!({
            "message": "You are being rate limited.",
            "retry_after": retry_after.as_secs_f64(),
            "global": global,
        })),
    )
        .into_response();
    let headers = response.headers_mut();
    // Discord's header is whole seconds, rounded up.
    let whole = retry_after.as_millis().div_ceil(1000).to_string();
    headers.insert("retry-after", whole.parse().expect("header"));
    if global {
        headers.insert("x-ratelimit-global", "true".parse().expect("header"));
        headers.insert("x-ratelimit-scope", "global".parse().expect("header"));
    } else {
        headers.insert("x-ratelimit-scope", "user".parse().expect("header"));
    }
    response
}

impl Limited {
    /// Decide a message request in `channel` arriving now: `Err` with the
    /// 429 to send, or `Ok` with the bucket headers for the answer.
    fn admit(&mut self, limits: &Limits, channel: &str) -> Result<Headers, TooMany> {
        let now = Instant::now();
        while self
            .recent
            .front()
            .is_some_and(|at| now.duration_since(*at) >= Duration::from_secs(1))
        {
            self.recent.pop_front();
        }
        self.recent.push_back(now);
        let n = self.arrivals.len() + 1;
        let refuse = |limited: &mut Limited, why: Option<String>, retry: Duration, global: bool| {
            if let Some(why) = why {
                limited
                    .violations
                    .push(format!("request {n} in {channel}: {why}"));
            }
            limited.refused.push((channel.to_string(), global));
            limited.arrivals.push((channel.to_string(), false));
            Err(TooMany { retry, global })
        };
        if let Some(until) = self.global_blocked.filter(|u| *u > now) {
            return refuse(
                self,
                Some("sent during a global Retry-After".into()),
                until - now,
                true,
            );
        }
        if let Some(until) = self.blocked.get(channel).copied().filter(|u| *u > now) {
            return refuse(
                self,
                Some("sent before its Retry-After".into()),
                until - now,
                false,
            );
        }
        if self.recent.len() > limits.global_per_second {
            let wait = Duration::from_secs(1) - now.duration_since(self.recent[0]);
            return refuse(self, Some("past the global limit".into()), wait, true);
        }
        let bucket = self
            .buckets
            .entry(channel.to_string())
            .or_insert((limits.per_channel, now + limits.window));
        if bucket.1 <= now {
            *bucket = (limits.per_channel, now + limits.window);
        }
        if bucket.0 == 0 {
            let wait = bucket.1 - now;
            return refuse(
                self,
                Some("sent on an exhausted bucket".into()),
                wait,
                false,
            );
        }
        if limits.global_at.contains(&n) {
            self.global_blocked = Some(now + limits.retry_after);
            return refuse(self, None, limits.retry_after, true);
        }
        if limits.refuse_every > 0 && n.is_multiple_of(limits.refuse_every) {
            self.blocked
                .insert(channel.to_string(), now + limits.retry_after);
            return refuse(self, None, limits.retry_after, false);
        }
        bucket.0 -= 1;
        let (remaining, reset) = *bucket;
        self.arrivals.push((channel.to_string(), true));
        Ok(vec![
            (
                "x-ratelimit-bucket",
                "80c17d2f203122d936070c88c8d10f33".to_string(),
            ),
            ("x-ratelimit-limit", limits.per_channel.to_string()),
            ("x-ratelimit-remaining", remaining.to_string()),
            ("x-ratelimit-reset-after", seconds(reset - now)),
        ])
    }
}

impl State {
    fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        1_300_000_000_000_000_000 + self.next_id
    }
}

#[derive(Clone)]
struct Shared {
    state: Arc<Mutex<State>>,
    spec: Arc<Spec>,
    gateway: Arc<Mutex<Option<mpsc::UnboundedSender<WsMessage>>>>,
    seq: Arc<Mutex<u64>>,
    base: String,
}

/// The running server.
pub struct Fake {
    pub base: String,
    shared: Shared,
}

impl Fake {
    pub async fn start(spec: Arc<Spec>) -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr: SocketAddr = listener.local_addr().expect("address");
        let base = format!("http://{addr}");
        let shared = Shared {
            state: Arc::default(),
            spec,
            gateway: Arc::default(),
            seq: Arc::default(),
            base: base.clone(),
        };
        let app = Router::new()
            .route("/gateway", any(gateway))
            .fallback(rest)
            .with_state(shared.clone());
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                eprintln!("fake Discord server stopped: {e}");
            }
        });
        Fake { base, shared }
    }

    /// Read the state.
    pub fn with<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        let state = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
        f(&state)
    }

    /// Change the state.
    pub fn set(&self, f: impl FnOnce(&mut State)) {
        let mut state = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut state)
    }

    /// Wait until `ready` holds (polling), or fail naming `what`.
    pub async fn wait_for<T>(&self, what: &str, mut ready: impl FnMut(&State) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(found) = self.with(&mut ready) {
                return found;
            }
            if tokio::time::Instant::now() > deadline {
                let requests = self.with(|s| {
                    s.requests
                        .iter()
                        .rev()
                        .take(12)
                        .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
                        .collect::<Vec<_>>()
                });
                panic!("timed out waiting for {what}; last requests: {requests:#?}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The exchange of an interaction token.
    pub fn exchange(&self, token: &str) -> Exchange {
        self.with(|s| s.exchanges.get(token).cloned().unwrap_or_default())
    }

    /// Send a dispatch on the current gateway connection.
    pub fn dispatch(&self, event: &str, data: Value) {
        let frame = {
            let mut seq = self.shared.seq.lock().unwrap_or_else(|e| e.into_inner());
            *seq += 1;
            json!({ "op": 0, "t": event, "s": *seq, "d": data })
        };
        let sender = self
            .shared
            .gateway
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        sender
            .expect("the bot is connected to the gateway")
            .send(WsMessage::Text(frame.to_string().into()))
            .expect("the gateway connection is open");
    }

    /// Dispatch an interaction, remembering its channel and permissions.
    pub fn interact(&self, interaction: Value) -> String {
        let token = interaction["token"].as_str().expect("token").to_string();
        let permissions = interaction["app_permissions"]
            .as_str()
            .and_then(|p| p.parse().ok())
            .unwrap_or(u64::MAX);
        let exchange = Exchange {
            id: interaction["id"].as_str().unwrap_or_default().to_string(),
            channel: interaction["channel_id"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            permissions,
            original: interaction.get("message").map(|m| Msg {
                id: m["id"].as_str().and_then(|i| i.parse().ok()).unwrap_or(0),
                content: m["content"].as_str().unwrap_or_default().to_string(),
                components: m["components"].as_array().cloned().unwrap_or_default(),
                ..Msg::default()
            }),
            ..Exchange::default()
        };
        self.set(|s| {
            s.exchanges.insert(token.clone(), exchange);
        });
        self.dispatch("INTERACTION_CREATE", interaction);
        token
    }
}

// ---------------------------------------------------------------------------
// Gateway.

async fn gateway(AxumState(shared): AxumState<Shared>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(shared, socket))
}

fn ready_payload(base: &str) -> Value {
    json!({
        "v": 10,
        "user": {
            "id": APP_ID, "username": BOT_NAME, "discriminator": "0", "global_name": null,
            "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0
        },
        "guilds": [{ "id": GUILD_ID, "unavailable": true }],
        "session_id": "wire-session",
        "resume_gateway_url": format!("{}/gateway", base.replace("http://", "ws://")),
        "shard": [0, 1],
        "application": { "id": APP_ID, "flags": 0 }
    })
}

fn guild_payload() -> Value {
    json!({
        "id": GUILD_ID, "name": "Wire test server", "icon": null, "icon_hash": null,
        "splash": null, "discovery_splash": null, "owner_id": "53908232506183680",
        "afk_channel_id": null, "afk_timeout": 300, "widget_enabled": false,
        "widget_channel_id": null, "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0,
        "roles": [], "emojis": [], "features": [], "mfa_level": 0,
        "application_id": null, "system_channel_id": null, "system_channel_flags": 0,
        "rules_channel_id": null, "max_presences": null, "max_members": 500000,
        "vanity_url_code": null, "description": null, "banner": null, "premium_tier": 0,
        "premium_subscription_count": 0, "preferred_locale": "en-US",
        "public_updates_channel_id": null, "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50, "nsfw_level": 0, "stickers": [],
        "premium_progress_bar_enabled": false, "safety_alerts_channel_id": null,
        "joined_at": "2024-01-01T00:00:00.000000+00:00", "large": false,
        "unavailable": false, "member_count": 3, "voice_states": [], "members": [],
        "channels": [], "threads": [], "presences": [], "stage_instances": [],
        "guild_scheduled_events": []
    })
}

async fn session(shared: Shared, mut socket: WebSocket) {
    let (send, mut outgoing) = mpsc::unbounded_channel::<WsMessage>();
    *shared.gateway.lock().unwrap_or_else(|e| e.into_inner()) = Some(send.clone());
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 1500 } });
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    let lock = || shared.state.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        tokio::select! {
            frame = outgoing.recv() => {
                let Some(frame) = frame else { break };
                if socket.send(frame).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let message = match incoming {
                    Some(Ok(message)) => message,
                    _ => break,
                };
                match message {
                    WsMessage::Text(text) => {
                        let value: Value = serde_json::from_str(text.as_str()).unwrap_or(Value::Null);
                        match value["op"].as_u64() {
                            Some(1) => {
                                lock().heartbeats += 1;
                                let _ = send.send(WsMessage::Text(json!({ "op": 11 }).to_string().into()));
                            }
                            Some(2) => {
                                let good = value["d"]["token"].as_str().map(|t| t.trim_start_matches("Bot ")) == Some(TOKEN);
                                if !good {
                                    let _ = socket.send(WsMessage::Close(Some(axum::extract::ws::CloseFrame {
                                        code: 4004,
                                        reason: "Authentication failed.".into(),
                                    }))).await;
                                    break;
                                }
                                {
                                    let mut state = lock();
                                    state.identifies += 1;
                                    state.connected = true;
                                }
                                let mut seq = shared.seq.lock().unwrap_or_else(|e| e.into_inner());
                                for (event, data) in [("READY", ready_payload(&shared.base)), ("GUILD_CREATE", guild_payload())] {
                                    *seq += 1;
                                    let frame = json!({ "op": 0, "t": event, "s": *seq, "d": data });
                                    let _ = send.send(WsMessage::Text(frame.to_string().into()));
                                }
                            }
                            _ => {}
                        }
                    }
                    WsMessage::Close(frame) => {
                        let mut state = lock();
                        state.closes.push(frame.map_or(1005, |f| f.code));
                        state.connected = false;
                        break;
                    }
                    _ => {}
                }
            }
        }
    }
    lock().connected = false;
}

// ---------------------------------------------------------------------------
// REST.

fn error(status: StatusCode, code: u64, message: &str) -> Response {
    (
        status,
        axum::Json(json!({ "code": code, "message": message })),
    )
        .into_response()
}

/// The body of a request: JSON, or a multipart form's `payload_json` and
/// file names (with their `files[n]` index).
async fn read_body(request: Request) -> Result<(Option<Value>, Vec<(usize, String)>), Response> {
    let multipart = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = Bytes::from_request(request, &()).await.map_err(|_| {
            error(
                StatusCode::BAD_REQUEST,
                50109,
                "The request body contains invalid JSON.",
            )
        })?;
        if bytes.is_empty() {
            return Ok((None, Vec::new()));
        }
        let value = serde_json::from_slice(&bytes).map_err(|_| {
            error(
                StatusCode::BAD_REQUEST,
                50109,
                "The request body contains invalid JSON.",
            )
        })?;
        return Ok((Some(value), Vec::new()));
    }
    let mut form = Multipart::from_request(request, &())
        .await
        .map_err(|_| error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"))?;
    let mut payload = None;
    let mut files = Vec::new();
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_string();
        let file_name = field.file_name().map(str::to_string);
        let bytes = field.bytes().await.unwrap_or_default();
        if name == "payload_json" {
            payload =
                Some(serde_json::from_slice(&bytes).map_err(|_| {
                    error(StatusCode::BAD_REQUEST, 50109, "payload_json is not JSON.")
                })?);
        } else if let Some(index) = name
            .strip_prefix("files[")
            .and_then(|n| n.strip_suffix(']'))
        {
            let index = index
                .parse()
                .map_err(|_| error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"))?;
            if bytes.is_empty() {
                return Err(error(
                    StatusCode::BAD_REQUEST,
                    50006,
                    "Cannot send an empty file.",
                ));
            }
            files.push((index, file_name.unwrap_or_default()));
        } else {
            return Err(error(
                StatusCode::BAD_REQUEST,
                50035,
                "Invalid Form Body: unknown part",
            ));
        }
    }
    Ok((payload, files))
}

/// Every file part must be named by an `attachments` entry of the payload
/// (same id and file name), at its top or in its `data`.
fn files_referenced(payload: Option<&Value>, files: &[(usize, String)]) -> Result<(), String> {
    // An interaction callback carries its message (and so the
    // attachments) in `data`.
    let attachments = payload
        .and_then(|p| {
            p.get("attachments")
                .or_else(|| p["data"].get("attachments"))
        })
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (index, name) in files {
        let named = attachments.iter().any(|a| {
            let id = match &a["id"] {
                Value::Number(n) => n.as_u64(),
                Value::String(s) => s.parse().ok(),
                _ => None,
            };
            id == Some(*index as u64) && a["filename"].as_str().is_none_or(|f| f == name)
        });
        if !named {
            return Err(format!(
                "files[{index}] ({name}) is not referenced in attachments"
            ));
        }
    }
    Ok(())
}

async fn rest(AxumState(shared): AxumState<Shared>, request: Request) -> Response {
    let method = request.method().clone();
    let full_path = request.uri().path().to_string();
    let authorised = request
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        == Some(&format!("Bot {TOKEN}"));
    let body = read_body(request).await;
    let Some(path) = full_path.strip_prefix("/api/v10") else {
        return error(StatusCode::NOT_FOUND, 0, "404: Not Found");
    };
    let path = path.to_string();
    let (response, recorded_body, files) = match body {
        Err(response) => (response, None, Vec::new()),
        Ok((body, files)) => {
            let response = if !authorised {
                error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized")
            } else {
                match rate_limited(&shared, &method, &path) {
                    Err(TooMany { retry, global }) => too_many(retry, global),
                    Ok(headers) => {
                        let mut response = handle(&shared, &method, &path, body.as_ref(), &files);
                        for (name, value) in headers {
                            response
                                .headers_mut()
                                .insert(name, value.parse().expect("header"));
                        }
                        response
                    }
                }
            };
            (response, body, files)
        }
    };
    let mut state = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    state.requests.push(Recorded {
        method: method.to_string(),
        path: path.clone(),
        status: response.status().as_u16(),
        body: recorded_body,
        files: files.into_iter().map(|(_, name)| name).collect(),
    });
    response
}

/// The rate limits of a channel message request (when the test set
/// them): the 429 to answer, or the headers to add to the answer.
fn rate_limited(shared: &Shared, method: &Method, path: &str) -> Result<Headers, TooMany> {
    let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let ("POST", ["channels", channel, "messages"]) = (method.as_str(), parts.as_slice()) else {
        return Ok(Vec::new());
    };
    let mut state = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    let Some(limits) = state.limits.clone() else {
        return Ok(Vec::new());
    };
    state.limited.admit(&limits, channel)
}

/// A message object as Discord returns it.
fn message_json(id: u64, channel: &str, body: &Value) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel, "type": 20,
        "author": { "id": APP_ID, "username": BOT_NAME, "discriminator": "0", "global_name": null, "avatar": null, "bot": true },
        "content": body["content"].as_str().unwrap_or_default(),
        "timestamp": "2024-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": [], "pinned": false, "components": [],
        "webhook_id": APP_ID, "application_id": APP_ID,
        "flags": body["flags"].as_u64().unwrap_or(0)
    })
}

fn msg_from(id: u64, body: &Value, files: &[(usize, String)]) -> Msg {
    Msg {
        id,
        content: body["content"].as_str().unwrap_or_default().to_string(),
        embeds: body["embeds"].as_array().cloned().unwrap_or_default(),
        files: files.iter().map(|(_, n)| n.clone()).collect(),
        components: body["components"].as_array().cloned().unwrap_or_default(),
        ephemeral: body["flags"].as_u64().is_some_and(|f| f & 64 != 0),
        deleted: false,
        pings: body["allowed_mentions"]["users"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|u| u.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// What Discord refuses for lack of permissions in the channel.
fn permission_refusal(
    permissions: u64,
    body: &Value,
    files: &[(usize, String)],
) -> Option<Response> {
    let embeds = body["embeds"].as_array().is_some_and(|e| !e.is_empty());
    if (!files.is_empty() && permissions & ATTACH_FILES == 0)
        || (embeds && permissions & EMBED_LINKS == 0)
    {
        return Some(error(StatusCode::FORBIDDEN, 50013, "Missing Permissions"));
    }
    None
}

/// Discord's answer to one REST request: the body checked against the
/// spec first, then routed.
fn handle(
    shared: &Shared,
    method: &Method,
    path: &str,
    body: Option<&Value>,
    files: &[(usize, String)],
) -> Response {
    let mut state = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    if let Err(refusal) = check_body(shared, &mut state, method, path, body, files) {
        return *refusal;
    }
    let empty = Value::Null;
    let body = body.unwrap_or(&empty);
    let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["gateway"]) => axum::Json(json!({ "url": format!("{}/gateway", shared.base.replace("http://", "ws://")) })).into_response(),
        ("GET", ["gateway", "bot"]) => axum::Json(json!({
            "url": format!("{}/gateway", shared.base.replace("http://", "ws://")),
            "shards": 1,
            "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1 }
        })).into_response(),
        ("PUT", ["applications", app, rest @ ..]) if *app == APP_ID => {
            register_commands(&mut state, rest, body)
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            interaction_callback(&mut state, id, token, body, files)
        }
        (_, ["webhooks", app, token, rest @ ..]) if *app == APP_ID => {
            webhook(&mut state, method, token, rest, body, files)
        }
        ("POST", ["channels", channel, "messages"]) if state.closed.contains(*channel) => {
            state.outsider_posts.push(channel.to_string());
            error(StatusCode::FORBIDDEN, 50001, "Missing Access")
        }
        ("POST", ["channels", channel, "messages"]) if refused_dm(&state, channel) => {
            state.refused_dm_posts += 1;
            error(
                StatusCode::FORBIDDEN,
                50007,
                "Cannot send messages to this user",
            )
        }
        ("POST", ["channels", channel, "messages"]) => {
            let id = state.new_id();
            let msg = msg_from(id, body, files);
            let channel = channel.to_string();
            state.posted.entry(channel.clone()).or_default().push(msg);
            axum::Json(message_json(id, &channel, body)).into_response()
        }
        ("POST", ["users", "@me", "channels"]) => {
            // A direct message channel: one per user, its id derived from
            // the user's.
            let user = body["recipient_id"].as_str().unwrap_or_default();
            let id = user.parse::<u64>().map_or(0, |u| u / 2 + 7);
            state.dm_channels.insert(user.to_string(), id.to_string());
            axum::Json(json!({
                "id": id.to_string(), "type": 1, "last_message_id": null, "flags": 0,
                "recipients": [{ "id": user, "username": "player", "discriminator": "0", "global_name": null, "avatar": null }]
            }))
            .into_response()
        }
        ("POST", ["channels", parent, "threads"]) => {
            let id = state.new_id().to_string();
            let name = body["name"].as_str().unwrap_or_default().to_string();
            state.threads.push((parent.to_string(), id.clone(), name.clone()));
            axum::Json(thread_json(&id, parent, &name)).into_response()
        }
        _ => error(StatusCode::NOT_FOUND, 0, "404: Not Found"),
    }
}

/// A direct message channel of a user whose direct messages are refused.
fn refused_dm(state: &State, channel: &str) -> bool {
    state
        .dm_channels
        .iter()
        .any(|(user, dm)| dm == channel && state.refused_dms.contains(user))
}

/// Every body against the spec, as Discord does, and every file referred
/// to by it; the 400 Discord answers when not.
fn check_body(
    shared: &Shared,
    state: &mut State,
    method: &Method,
    path: &str,
    body: Option<&Value>,
    files: &[(usize, String)],
) -> Result<(), Box<Response>> {
    let Some(body) = body else {
        if files.is_empty() {
            return Ok(());
        }
        return Err(Box::new(error(
            StatusCode::BAD_REQUEST,
            50035,
            "files without payload_json",
        )));
    };
    match shared.spec.check(method.as_str(), path, body) {
        Ok(()) => state.validated += 1,
        Err(refusal) => {
            let reason = format!("{method} {path}: {refusal}");
            state.refused.push(reason.clone());
            return Err(Box::new(error(
                StatusCode::BAD_REQUEST,
                50035,
                &format!("Invalid Form Body: {reason}"),
            )));
        }
    }
    let message = if path.ends_with("/callback") {
        &body["data"]
    } else {
        body
    };
    if message["flags"]
        .as_u64()
        .is_some_and(|f| f & (1 << 15) != 0)
    {
        state.cards += 1;
        state.largest_card = state.largest_card.max(message.to_string().len());
        if let Err(why) = card_limits(message) {
            state
                .card_violations
                .push(format!("{method} {path}: {why}"));
        }
    }
    if let Err(reason) = files_referenced(Some(body), files) {
        state.refused.push(reason.clone());
        return Err(Box::new(error(StatusCode::BAD_REQUEST, 50035, &reason)));
    }
    Ok(())
}

/// `PUT /applications/{app}/commands` (global) or
/// `.../guilds/{guild}/commands`: the list replaces the scope's.
fn register_commands(state: &mut State, rest: &[&str], body: &Value) -> Response {
    let scope = match rest {
        ["commands"] => "global".to_string(),
        ["guilds", guild, "commands"] => guild.to_string(),
        _ => return error(StatusCode::NOT_FOUND, 0, "404: Not Found"),
    };
    let list = body.as_array().cloned().unwrap_or_default();
    let mut answer = Vec::new();
    for command in &list {
        let mut c = command.clone();
        c["id"] = json!(state.new_id().to_string());
        c["application_id"] = json!(APP_ID);
        c["version"] = json!("1");
        c["default_member_permissions"] = Value::Null;
        if c.get("type").is_none() {
            c["type"] = json!(1);
        }
        if scope != "global" {
            c["guild_id"] = json!(scope);
        }
        answer.push(c);
    }
    state.commands.insert(scope, list);
    axum::Json(Value::Array(answer)).into_response()
}

/// `POST /interactions/{id}/{token}/callback`: the one response an
/// interaction may have.
fn interaction_callback(
    state: &mut State,
    id: &str,
    token: &str,
    body: &Value,
    files: &[(usize, String)],
) -> Response {
    let token = token.to_string();
    let new_id = state.new_id();
    let Some(exchange) = state.exchanges.get_mut(&token) else {
        return error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    exchange.requests += 1;
    if exchange.id != id {
        return error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    let kind = body["type"].as_u64().unwrap_or(0);
    if !exchange.callbacks.is_empty() {
        exchange.callbacks.push(kind);
        return error(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    let data = &body["data"];
    if kind == 4 {
        if let Some(refusal) = permission_refusal(exchange.permissions, data, files) {
            return refusal;
        }
    }
    exchange.callbacks.push(kind);
    match kind {
        4 => exchange.original = Some(msg_from(new_id, data, files)),
        5 => exchange.thinking = true,
        6 => {}
        8 => {
            exchange.choices = Some(
                data["choices"]
                    .as_array()
                    .map(|c| {
                        c.iter()
                            .filter_map(|c| c["value"].as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
            )
        }
        _ => return error(StatusCode::BAD_REQUEST, 50035, "unexpected callback type"),
    }
    StatusCode::NO_CONTENT.into_response()
}

/// The interaction's webhook: follow-ups, and edits or deletion of the
/// original response.
fn webhook(
    state: &mut State,
    method: &Method,
    token: &str,
    rest: &[&str],
    body: &Value,
    files: &[(usize, String)],
) -> Response {
    let token = token.to_string();
    let new_id = state.new_id();
    let failing = state.failing_edits.clone();
    let Some(exchange) = state.exchanges.get_mut(&token) else {
        return error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    exchange.requests += 1;
    if exchange.callbacks.is_empty() {
        return error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    }
    let channel = exchange.channel.clone();
    match (method.as_str(), rest) {
        ("POST", []) => {
            if exchange.followups_sent == 5 {
                state.followups_over_limit.push(token);
                return error(
                    StatusCode::BAD_REQUEST,
                    40094,
                    "This interaction has hit the maximum number of follow up messages",
                );
            }
            if let Some(refusal) = permission_refusal(exchange.permissions, body, files) {
                return refusal;
            }
            exchange.followups_sent += 1;
            let msg = msg_from(new_id, body, files);
            if exchange.thinking {
                // Discord: a follow-up to a deferral still loading
                // takes its place.
                exchange.thinking = false;
                exchange.original = Some(msg);
            } else {
                exchange.followups.push(msg);
            }
            axum::Json(message_json(new_id, &channel, body)).into_response()
        }
        ("PATCH", ["messages", "@original"]) => {
            if failing.contains(&channel) {
                return error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    0,
                    "500: Internal Server Error",
                );
            }
            if let Some(refusal) = permission_refusal(exchange.permissions, body, files) {
                return refusal;
            }
            let original = exchange.original.get_or_insert_with(Msg::default);
            let id = if original.id == 0 {
                new_id
            } else {
                original.id
            };
            original.id = id;
            if let Some(content) = body.get("content") {
                original.content = content.as_str().unwrap_or_default().to_string();
            }
            if let Some(embeds) = body.get("embeds") {
                original.embeds = embeds.as_array().cloned().unwrap_or_default();
            }
            if let Some(components) = body.get("components") {
                original.components = components.as_array().cloned().unwrap_or_default();
            }
            if !files.is_empty() {
                original.files = files.iter().map(|(_, n)| n.clone()).collect();
            }
            exchange.thinking = false;
            axum::Json(message_json(id, &channel, body)).into_response()
        }
        ("DELETE", ["messages", "@original"]) => {
            match exchange.original.as_mut() {
                Some(original) => original.deleted = true,
                None => exchange.thinking = false,
            }
            StatusCode::NO_CONTENT.into_response()
        }
        _ => error(StatusCode::NOT_FOUND, 0, "404: Not Found"),
    }
}

/// A public thread as Discord returns it on creation.
fn thread_json(id: &str, parent: &str, name: &str) -> Value {
    json!({
        "id": id, "type": 11, "guild_id": GUILD_ID, "parent_id": parent, "owner_id": APP_ID,
        "name": name, "last_message_id": null, "rate_limit_per_user": 0,
        "message_count": 0, "member_count": 1, "total_message_sent": 0, "flags": 0,
        "thread_metadata": {
            "archived": false, "auto_archive_duration": 10080, "locked": false,
            "archive_timestamp": "2024-01-01T00:00:00.000000+00:00"
        }
    })
}
