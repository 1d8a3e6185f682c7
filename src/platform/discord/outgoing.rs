//! The outgoing queue of Cairn's own messages (the scheduler's reminders,
//! losses on time, lapsed challenges, and a game's thread with its opening
//! message): one queue ([`SharedOutgoing`]) sends them in order, each
//! request paced by Discord's rate limits as the answers advertise them
//! (`pacing.rs`), and a `429` is sent again after its `Retry-After`, so a
//! burst of due events is delivered late but complete.
//!
//! The messages go out through a client of their own rather than
//! serenity's `Http`: serenity's calls turn a `429` into an error without
//! its headers, and with its own rate limiter on they ignore a configured
//! API origin (`DISCORD_API_URL`), so its pacing could not be tested. The
//! body is the one `CreateMessage` sends: JSON, or multipart with
//! `payload_json` and `files[n]`.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use serenity::all::{ChannelId, UserId};

use super::pacing::{Pacer, RateHeaders, Verdict};
use super::replies::{card_of, message_parts};
use cairn_bot::Reply;

/// The routes Cairn sends on its own, each one bucket family.
const MESSAGE_ROUTE: &str = "POST /channels/{}/messages";
const THREAD_ROUTE: &str = "POST /channels/{}/threads";
const DM_ROUTE: &str = "POST /users/@me/channels";
/// A game's thread is archived after a week without a message.
const THREAD_ARCHIVE_MINUTES: u32 = 10_080;
/// A public thread (Discord's channel type 11).
const PUBLIC_THREAD: u32 = 11;
/// Failures other than a 429 (no answer, a 5xx) are tried this often.
const ATTEMPTS: u32 = 4;
/// A message refused with 429 this many times running is given up (each
/// waited its `Retry-After`).
const RATE_LIMITED_ATTEMPTS: u32 = 30;
/// Each further attempt after such a failure waits twice as long.
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// How long one request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Why a message was not posted.
#[derive(Debug, thiserror::Error)]
pub enum PostError {
    #[error("Discord refused the message with status {status}: {body}")]
    Refused { status: u16, body: String },
    #[error("Discord kept the message waiting past {RATE_LIMITED_ATTEMPTS} rate limits")]
    RateLimited,
    #[error("no answer from Discord: {0}")]
    Network(#[from] reqwest::Error),
    #[error("the message cannot be encoded: {0}")]
    Encode(#[from] serde_json::Error),
    #[error("Discord's answer names no channel id")]
    NoChannel,
}

/// A message ready to send (again, after a 429).
struct Outbound {
    payload: Value,
    files: Vec<(String, Vec<u8>)>,
}

/// One request of the queue: where it goes and its body.
struct Paced<'a> {
    route: &'static str,
    /// The bucket's major parameter (the channel), or "" for none.
    major: String,
    /// The path after `/api/v10`.
    path: String,
    body: &'a Outbound,
}

/// The queue shared by the scheduler's deliveries and the interactions
/// that open a thread: one request at a time, in the order asked.
pub type SharedOutgoing = std::sync::Arc<tokio::sync::Mutex<Outgoing>>;

/// Posts channel messages, paced.
pub struct Outgoing {
    client: reqwest::Client,
    /// `https://discord.com`, or the configured API origin.
    origin: String,
    /// `Bot …` (never logged).
    token: String,
    pacer: Pacer,
}

impl Outgoing {
    /// A queue speaking to Discord (or to `origin`, `DISCORD_API_URL`)
    /// with the bot's `token`.
    pub fn new(token: &str, origin: Option<&str>) -> Result<Outgoing, PostError> {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(REQUEST_TIMEOUT)
            .build()?;
        let origin = origin.unwrap_or("https://discord.com");
        Ok(Outgoing {
            client,
            origin: origin.trim_end_matches('/').to_string(),
            token: format!("Bot {}", token.trim().trim_start_matches("Bot ")),
            pacer: Pacer::default(),
        })
    }

    /// Post `reply` to `channel`, waiting as the rate limits ask; returns
    /// once Discord accepted it, or with why it did not.
    pub async fn post(&mut self, channel: ChannelId, reply: &Reply) -> Result<(), PostError> {
        let outbound = outbound(reply)?;
        let request = Paced {
            route: MESSAGE_ROUTE,
            major: channel.to_string(),
            path: format!("/channels/{channel}/messages"),
            body: &outbound,
        };
        self.paced(&request).await.map(|_| ())
    }

    /// Open a public thread named `name` in `channel` (archived after a
    /// week of silence); its id.
    pub async fn create_thread(
        &mut self,
        channel: ChannelId,
        name: &str,
    ) -> Result<ChannelId, PostError> {
        let body = Outbound {
            payload: json!({
                "name": name,
                "type": PUBLIC_THREAD,
                "auto_archive_duration": THREAD_ARCHIVE_MINUTES,
            }),
            files: Vec::new(),
        };
        let request = Paced {
            route: THREAD_ROUTE,
            major: channel.to_string(),
            path: format!("/channels/{channel}/threads"),
            body: &body,
        };
        channel_of(self.paced(&request).await?).await
    }

    /// The direct-message channel with `user` (opened if need be).
    pub async fn open_dm(&mut self, user: UserId) -> Result<ChannelId, PostError> {
        let body = Outbound {
            payload: json!({ "recipient_id": user.to_string() }),
            files: Vec::new(),
        };
        let request = Paced {
            route: DM_ROUTE,
            major: String::new(),
            path: "/users/@me/channels".to_string(),
            body: &body,
        };
        channel_of(self.paced(&request).await?).await
    }

    /// Send `request`, waiting as the rate limits ask, again after a 429
    /// or a failure worth a retry; Discord's answer once it accepted it.
    async fn paced(&mut self, request: &Paced<'_>) -> Result<reqwest::Response, PostError> {
        let (route, major, path) = (request.route, request.major.as_str(), &request.path);
        let mut failures = 0;
        let mut limited = 0;
        loop {
            while let Some(at) = self.pacer.ready_at(route, major, Instant::now()) {
                tokio::time::sleep_until(at.into()).await;
            }
            self.pacer.sending(route, major, Instant::now());
            let answer = self.send(path, request.body).await;
            let response = match answer {
                Ok(response) => response,
                Err(error) => {
                    failures += 1;
                    if failures >= ATTEMPTS {
                        return Err(error);
                    }
                    tracing::warn!(%error, %path, "a request to Discord failed; trying again");
                    tokio::time::sleep(FIRST_BACKOFF * 2u32.pow(failures - 1)).await;
                    continue;
                }
            };
            let status = response.status().as_u16();
            let headers = RateHeaders::read(response.headers());
            if self
                .pacer
                .observe(route, major, status, &headers, Instant::now())
                == Verdict::Retry
            {
                limited += 1;
                if limited >= RATE_LIMITED_ATTEMPTS {
                    return Err(PostError::RateLimited);
                }
                tracing::info!(%path, retry_after = ?headers.retry_after, global = headers.global, "Discord asked to wait (429)");
                continue;
            }
            if response.status().is_success() {
                return Ok(response);
            }
            let body = response.text().await.unwrap_or_default();
            failures += 1;
            if status < 500 || failures >= ATTEMPTS {
                return Err(PostError::Refused { status, body });
            }
            tracing::warn!(status, %path, "Discord failed a request; trying again");
            tokio::time::sleep(FIRST_BACKOFF * 2u32.pow(failures - 1)).await;
        }
    }

    async fn send(&self, path: &str, outbound: &Outbound) -> Result<reqwest::Response, PostError> {
        let url = format!("{}/api/v10{path}", self.origin);
        let request = self
            .client
            .post(url)
            .header(reqwest::header::AUTHORIZATION, &self.token)
            .header(reqwest::header::USER_AGENT, serenity::constants::USER_AGENT);
        let request = if outbound.files.is_empty() {
            // (reqwest's `json` feature is not built: the body by hand.)
            request
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(serde_json::to_vec(&outbound.payload)?)
        } else {
            let mut form = reqwest::multipart::Form::new();
            for (n, (name, bytes)) in outbound.files.iter().enumerate() {
                let mime = if name.ends_with(".png") {
                    "image/png"
                } else if name.ends_with(".gif") {
                    "image/gif"
                } else {
                    "application/octet-stream"
                };
                let part = reqwest::multipart::Part::bytes(bytes.clone())
                    .file_name(name.clone())
                    .mime_str(mime)?;
                form = form.part(format!("files[{n}]"), part);
            }
            form = form.text("payload_json", serde_json::to_string(&outbound.payload)?);
            request.multipart(form)
        };
        Ok(request.send().await?)
    }
}

/// The id of the channel object Discord answered with.
async fn channel_of(response: reqwest::Response) -> Result<ChannelId, PostError> {
    let bytes = response.bytes().await?;
    let channel: Value = serde_json::from_slice(&bytes)?;
    channel["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|&id| id > 0)
        .map(ChannelId::new)
        .ok_or(PostError::NoChannel)
}

/// A reply as a channel message body and its files: the pings, the text
/// (in an embed with the board when there is one).
fn outbound(reply: &Reply) -> Result<Outbound, serde_json::Error> {
    if let Some(card) = card_of(reply, true) {
        // A game's card: its board is its one file (any other file of the
        // reply follows in a message of its own, see `files_apart`).
        let files = card
            .files
            .into_iter()
            .map(|file| (file.filename, file.data))
            .collect();
        return Ok(Outbound {
            payload: serde_json::to_value(&card.body)?,
            files,
        });
    }
    let parts = message_parts(reply, true);
    let mut payload = json!({
        "content": parts.content,
        "allowed_mentions": serde_json::to_value(&parts.allowed_mentions)?,
    });
    if let Some(embed) = &parts.embed {
        payload["embeds"] = json!([serde_json::to_value(embed)?]);
    }
    let mut attachments = Vec::new();
    let mut files = Vec::new();
    for (n, file) in parts.attachments.into_iter().enumerate() {
        let mut entry = json!({ "id": n, "filename": file.filename });
        if let Some(description) = &file.description {
            entry["description"] = json!(description);
        }
        attachments.push(entry);
        files.push((file.filename, file.data));
    }
    if !attachments.is_empty() {
        payload["attachments"] = Value::Array(attachments);
    }
    Ok(Outbound { payload, files })
}
