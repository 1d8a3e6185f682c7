//! End-to-end test of the Matrix adapter against a real Synapse homeserver.
//!
//! Runs only when `CAIRN_MATRIX_E2E` is set (to anything): it then starts
//! Synapse with `tests/matrix/start-synapse.sh` (installing it from PyPI
//! into a virtualenv; set `SYNAPSE_VENV` to reuse one between runs) and
//! stops it at the end by its PID, even when the test fails. Without
//! Python or PyPI the test is skipped with a message.
//!
//! The bot runs `cairn::platform::matrix::run` in a background task; two
//! players (matrix-sdk clients) play through room messages:
//! - a plain room: challenge, accept (by pill), a move, the turn passing
//!   (mention and `m.mentions`), the board image (downloaded through the
//!   authenticated media endpoint and decoded), an illegal move answered as
//!   a reply, a move out of turn, resignation and the result; then an
//!   Alquad game played to its end by the rules (a square);
//! - latency rounds, in the plain room and in an encrypted room between
//!   the two players: each move's first reply and a plain chat line are
//!   timed by the other player's client, and both medians are printed
//!   (`LATENCY` in the output; figures, not assertions);
//! - a Sight game played by reactions only (▶️ under the game's notice,
//!   then the numbers under each list of steps);
//! - a direct message room Alice opens with the bot: a whole game against
//!   it there;
//! - an encrypted room: a game against the bot whose replies and board
//!   image the player decrypts; then the bot restarts from its store (same
//!   device, no replay of a command sent while it was down) and still
//!   answers there.
#![cfg(feature = "matrix")]
// matrix-sdk's futures are deep: proving them `Send` needs more than 128.
#![recursion_limit = "256"]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use matrix_sdk::config::SyncSettings;
use matrix_sdk::deserialized_responses::EncryptionInfo;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoomRequest;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::{Annotation, Thread};
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::message::{
    ImageMessageEventContent, MessageType, OriginalSyncRoomMessageEvent, Relation,
    RoomMessageEventContent,
};
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::events::InitialStateEvent;
use matrix_sdk::ruma::{OwnedEventId, OwnedRoomId, OwnedUserId, UserId};
use matrix_sdk::{Client, Room, RoomMemberships};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use cairn::config::MatrixConfig;
use cairn_bot::{Bot, BotConfig};
use cairn_store::Store;

const PASSWORD: &str = "correct horse battery staple";
const WAIT: Duration = Duration::from_secs(60);

/// When the last command was sent (ms since the epoch): `Player::next`
/// skips the bot's messages from before it (answers to earlier commands
/// that this player did not read).
static SINCE: AtomicU64 = AtomicU64::new(0);

fn mark() {
    SINCE.store(cairn_store::now_ms(), Ordering::SeqCst);
}

/// The homeserver; stopped by its PID when dropped.
struct Synapse {
    dir: tempfile::TempDir,
    url: String,
}

impl Drop for Synapse {
    fn drop(&mut self) {
        let status = Command::new("bash")
            .arg(script("stop-synapse.sh"))
            .arg(self.dir.path())
            .status();
        eprintln!("matrix e2e: stopped Synapse ({status:?})");
    }
}

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/matrix")
        .join(name)
}

enum Start {
    Running(Synapse),
    Skip(String),
}

fn start_synapse() -> Start {
    let dir = tempfile::Builder::new()
        .prefix("cairn-synapse-")
        .tempdir()
        .expect("temporary directory");
    let output = Command::new("bash")
        .arg(script("start-synapse.sh"))
        .arg(dir.path())
        .output()
        .expect("running start-synapse.sh");
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    match output.status.code() {
        Some(0) => {}
        Some(2) => return Start::Skip(stderr.trim().to_string()),
        _ => {
            // Stop whatever may have started before failing.
            let _ = Command::new("bash")
                .arg(script("stop-synapse.sh"))
                .arg(dir.path())
                .status();
            panic!("start-synapse.sh failed: {stderr}");
        }
    }
    let url = std::fs::read_to_string(dir.path().join("url"))
        .expect("start-synapse.sh wrote the URL")
        .trim()
        .to_string();
    Start::Running(Synapse { dir, url })
}

impl Synapse {
    fn register(&self, names: &[&str]) {
        let output = Command::new("bash")
            .arg(script("register-user.sh"))
            .arg(self.dir.path())
            .arg(PASSWORD)
            .args(names)
            .output()
            .expect("running register-user.sh");
        assert!(
            output.status.success(),
            "registering {names:?}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// A message the bot sent, as one player's client saw it.
#[derive(Clone, Debug)]
struct Seen {
    room: OwnedRoomId,
    event: OriginalSyncRoomMessageEvent,
    encrypted: bool,
    /// When this client's event handler received it.
    at: Instant,
}

/// A message of another player, as this client saw it.
struct Heard {
    event_id: OwnedEventId,
    at: Instant,
}

impl Seen {
    fn notice(&self) -> Option<(&str, Option<&str>)> {
        match &self.event.content.msgtype {
            MessageType::Notice(n) => Some((
                n.body.as_str(),
                n.formatted.as_ref().map(|f| f.body.as_str()),
            )),
            _ => None,
        }
    }

    fn image(&self) -> Option<&ImageMessageEventContent> {
        match &self.event.content.msgtype {
            MessageType::Image(image) => Some(image),
            _ => None,
        }
    }

    fn mentions(&self) -> Vec<String> {
        self.event
            .content
            .mentions
            .as_ref()
            .map(|m| m.user_ids.iter().map(|u| u.to_string()).collect())
            .unwrap_or_default()
    }

    fn in_reply_to(&self) -> Option<OwnedEventId> {
        match &self.event.content.relates_to {
            Some(Relation::Reply(reply)) => Some(reply.in_reply_to.event_id.clone()),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        match (self.notice(), self.image()) {
            (Some((body, _)), _) => format!("notice {body:?}"),
            (_, Some(image)) => format!("image {:?}", image.body),
            _ => format!("{:?}", self.event.content.msgtype.msgtype()),
        }
    }
}

/// A player: a logged-in client that syncs in the background and collects
/// the bot's messages.
struct Player {
    client: Client,
    id: OwnedUserId,
    inbox: mpsc::UnboundedReceiver<Seen>,
    held: Vec<Seen>,
    /// Messages of the other players (for the latency figures).
    heard: mpsc::UnboundedReceiver<Heard>,
    sync: JoinHandle<()>,
    _store: tempfile::TempDir,
}

impl Drop for Player {
    fn drop(&mut self) {
        self.sync.abort();
    }
}

impl Player {
    async fn login(url: &str, name: &str, display: &str, bot: &str) -> Player {
        let store = tempfile::tempdir().expect("temporary directory");
        let client = Client::builder()
            .homeserver_url(url)
            .sqlite_store(store.path(), None)
            .build()
            .await
            .expect("player client");
        client
            .matrix_auth()
            .login_username(name, PASSWORD)
            .initial_device_display_name(display)
            .send()
            .await
            .expect("player login");
        client
            .account()
            .set_display_name(Some(display))
            .await
            .expect("setting the display name");
        let id = client.user_id().expect("user id").to_owned();
        let (sender, inbox) = mpsc::unbounded_channel();
        let (heard_sender, heard) = mpsc::unbounded_channel();
        let bot: OwnedUserId = UserId::parse(bot).expect("bot id");
        let me = id.clone();
        client.add_event_handler(
            move |event: OriginalSyncRoomMessageEvent,
                  room: Room,
                  encryption: Option<EncryptionInfo>| {
                let at = Instant::now();
                let sender = sender.clone();
                let heard_sender = heard_sender.clone();
                let bot = bot.clone();
                let me = me.clone();
                async move {
                    if event.sender == bot {
                        let _ = sender.send(Seen {
                            room: room.room_id().to_owned(),
                            event,
                            encrypted: encryption.is_some(),
                            at,
                        });
                    } else if event.sender != me {
                        let _ = heard_sender.send(Heard {
                            event_id: event.event_id,
                            at,
                        });
                    }
                }
            },
        );
        client
            .sync_once(SyncSettings::default())
            .await
            .expect("first sync");
        let sync = tokio::spawn(sync_forever(client.clone()));
        Player {
            client,
            id,
            inbox,
            held: Vec::new(),
            heard,
            sync,
            _store: store,
        }
    }

    /// When this client saw the message `event_id` of another player.
    async fn heard(&mut self, event_id: &OwnedEventId) -> Instant {
        let deadline = Instant::now() + WAIT;
        loop {
            match tokio::time::timeout_at(deadline.into(), self.heard.recv()).await {
                Ok(Some(heard)) if heard.event_id == *event_id => return heard.at,
                Ok(Some(_)) => {}
                Ok(None) => panic!("the event handler of {} stopped", self.id),
                Err(_) => panic!("{} never saw {event_id}", self.id),
            }
        }
    }

    /// The next message of the bot in `room`.
    async fn next(&mut self, room: &Room, bot: &BotTask) -> Seen {
        let since = SINCE.load(Ordering::SeqCst);
        let old = |seen: &Seen| u64::from(seen.event.origin_server_ts.0) < since;
        self.held
            .retain(|seen| !(seen.room == room.room_id() && old(seen)));
        if let Some(at) = self.held.iter().position(|s| s.room == room.room_id()) {
            return self.held.remove(at);
        }
        let deadline = Instant::now() + WAIT;
        loop {
            bot.check();
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "{} waited {WAIT:?} for the bot in {}",
                self.id,
                room.room_id()
            );
            match tokio::time::timeout(left.min(Duration::from_secs(1)), self.inbox.recv()).await {
                Ok(Some(seen)) if seen.room == room.room_id() && old(&seen) => {}
                Ok(Some(seen)) if seen.room == room.room_id() => {
                    eprintln!("matrix e2e: {} sees {}", self.id, seen.describe());
                    return seen;
                }
                Ok(Some(seen)) => self.held.push(seen),
                Ok(None) => panic!("the event handler of {} stopped", self.id),
                Err(_) => {}
            }
        }
    }

    /// The bot's next notice in `room`, skipping images.
    async fn next_notice(&mut self, room: &Room, bot: &BotTask) -> Seen {
        loop {
            let seen = self.next(room, bot).await;
            if seen.notice().is_some() {
                return seen;
            }
        }
    }

    /// Anything the bot says in `room` within `within`.
    async fn quiet(&mut self, room: &Room, within: Duration) -> Vec<Seen> {
        let mut said: Vec<Seen> = Vec::new();
        let held = std::mem::take(&mut self.held);
        for seen in held {
            if seen.room == room.room_id() {
                said.push(seen);
            } else {
                self.held.push(seen);
            }
        }
        let deadline = Instant::now() + within;
        while let Ok(Some(seen)) = tokio::time::timeout_at(deadline.into(), self.inbox.recv()).await
        {
            if seen.room == room.room_id() {
                said.push(seen);
            } else {
                self.held.push(seen);
            }
        }
        said
    }

    async fn say(&self, room: &Room, text: &str) -> OwnedEventId {
        eprintln!("matrix e2e: {} says {text:?}", self.id);
        mark();
        room.send(RoomMessageEventContent::text_plain(text))
            .await
            .expect("sending a message")
            .response
            .event_id
    }

    async fn say_html(&self, room: &Room, body: &str, html: &str) -> OwnedEventId {
        eprintln!("matrix e2e: {} says {body:?} ({html})", self.id);
        mark();
        room.send(RoomMessageEventContent::text_html(body, html))
            .await
            .expect("sending a message")
            .response
            .event_id
    }

    /// Join a room this player was invited to (retrying while the invite
    /// travels).
    async fn join(&self, room_id: &OwnedRoomId) -> Room {
        let deadline = Instant::now() + WAIT;
        loop {
            match self.client.join_room_by_id(room_id).await {
                Ok(room) => return room,
                Err(error) if Instant::now() < deadline => {
                    eprintln!("matrix e2e: {} cannot join yet: {error}", self.id);
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(error) => panic!("{} could not join {room_id}: {error}", self.id),
            }
        }
    }

    async fn create_room(&self, name: &str, invite: &[&str], encrypted: bool) -> Room {
        self.create_room_with(name, invite, encrypted, false).await
    }

    /// A room; `direct` makes it a direct message room, as clients do
    /// (`is_direct` on the invite, the private chat preset).
    async fn create_room_with(
        &self,
        name: &str,
        invite: &[&str],
        encrypted: bool,
        direct: bool,
    ) -> Room {
        let mut request = CreateRoomRequest::new();
        if direct {
            request.is_direct = true;
            request.preset = Some(matrix_sdk::ruma::api::client::room::create_room::v3::RoomPreset::TrustedPrivateChat);
        }
        request.name = Some(name.to_string());
        request.invite = invite
            .iter()
            .map(|id| UserId::parse(*id).expect("user id"))
            .collect();
        if encrypted {
            request.initial_state = vec![InitialStateEvent::with_empty_state_key(
                RoomEncryptionEventContent::with_recommended_defaults(),
            )
            .to_raw_any()];
        }
        self.client
            .create_room(request)
            .await
            .expect("creating a room")
    }

    /// Download an image through the client (decrypting it if needed).
    async fn download(&self, image: &ImageMessageEventContent) -> Vec<u8> {
        self.client
            .media()
            .get_media_content(
                &MediaRequestParameters {
                    source: image.source.clone(),
                    format: MediaFormat::File,
                },
                false,
            )
            .await
            .expect("downloading the board image")
    }

    /// Download a plain image with a bare HTTP request to the authenticated
    /// media endpoint.
    async fn download_raw(&self, url: &str, image: &ImageMessageEventContent) -> Vec<u8> {
        let MediaSource::Plain(uri) = &image.source else {
            panic!("the image in a plain room is encrypted");
        };
        let (server, media_id) = uri.parts().expect("an mxc:// URI");
        let token = self.client.access_token().expect("access token");
        let response = matrix_sdk::reqwest::Client::new()
            .get(format!(
                "{url}/_matrix/client/v1/media/download/{server}/{media_id}"
            ))
            .bearer_auth(token)
            .send()
            .await
            .expect("media download request");
        assert!(
            response.status().is_success(),
            "media download answered {}",
            response.status()
        );
        response.bytes().await.expect("media bytes").to_vec()
    }
}

/// A player's sync loop. `Client::sync` sleeps a second before the next
/// request whenever two syncs come back within a second of each other,
/// which would add up to a second to what this client measures; real
/// clients (and the bot) long-poll again at once.
async fn sync_forever(client: Client) {
    let mut settings = SyncSettings::default().timeout(Duration::from_secs(5));
    loop {
        match client.sync_once(settings.clone()).await {
            Ok(response) => settings = settings.token(response.next_batch),
            Err(error) => {
                eprintln!("matrix e2e: player sync failed: {error}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// The bot running in a background task.
struct BotTask {
    handle: JoinHandle<anyhow::Result<()>>,
    stop: tokio::sync::watch::Sender<bool>,
}

impl BotTask {
    fn start(bot: Bot, config: MatrixConfig) -> BotTask {
        let (stop, stopping) = tokio::sync::watch::channel(false);
        BotTask {
            handle: tokio::spawn(cairn::platform::matrix::run(bot, config, stopping)),
            stop,
        }
    }

    /// Ask the bot to stop, as SIGTERM does: it must stop syncing, finish
    /// what it was doing and return `Ok` well within 10 s. How long it took.
    async fn stop_gracefully(&mut self) -> Duration {
        let began = Instant::now();
        let _ = self.stop.send(true);
        match tokio::time::timeout(Duration::from_secs(10), &mut self.handle).await {
            Ok(Ok(Ok(()))) => began.elapsed(),
            Ok(Ok(Err(error))) => panic!("the bot failed: {error:#}"),
            Ok(Err(error)) => panic!("the bot panicked: {error}"),
            Err(_) => panic!("the bot did not stop within 10 s"),
        }
    }

    /// Fail fast when the bot stopped.
    fn check(&self) {
        assert!(!self.handle.is_finished(), "the bot stopped early");
    }

    async fn stop(&mut self) {
        self.handle.abort();
        match (&mut self.handle).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => panic!("the bot failed: {error:#}"),
            Err(error) if error.is_cancelled() => {}
            Err(error) => panic!("the bot panicked: {error}"),
        }
    }
}

impl Drop for BotTask {
    fn drop(&mut self) {
        self.handle.abort();
    }
}

/// Wait until `user` has joined `room` (as this client sees it).
async fn wait_joined(room: &Room, user: &str, bot: &BotTask) {
    let deadline = Instant::now() + WAIT;
    loop {
        bot.check();
        let members = room
            .members(RoomMemberships::JOIN)
            .await
            .expect("room members");
        if members.iter().any(|m| m.user_id() == user) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{user} did not join {} within {WAIT:?}",
            room.room_id()
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// Whether this build draws PNG boards (the renderer may not be merged).
fn renderer_available() -> bool {
    let options = cairn_rules::Options::parse::<&str>(&[]).expect("no options");
    let game =
        cairn_rules::AnyGame::new(cairn_rules::GameKind::Sight, &options).expect("a Sight game");
    cairn_render::render_png(&game.view(), &cairn_render::RenderOptions::default()).is_ok()
}

/// The board image after a board notice: check its info against the PNG.
async fn check_image(player: &mut Player, room: &Room, bot: &BotTask, raw_url: Option<&str>) {
    let seen = player.next(room, bot).await;
    let image = seen
        .image()
        .unwrap_or_else(|| panic!("expected the board image, got {}", seen.describe()))
        .clone();
    let info = image.info.as_ref().expect("image info");
    assert_eq!(info.mimetype.as_deref(), Some("image/png"));
    let png = player.download(&image).await;
    if let Some(url) = raw_url {
        let raw = player.download_raw(url, &image).await;
        assert_eq!(raw, png, "the raw download equals the client's");
    }
    assert_eq!(
        info.size.map(u64::from),
        Some(png.len() as u64),
        "size in info"
    );
    let decoded = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
        .expect("the board image is a PNG");
    assert_eq!(info.width.map(u64::from), Some(decoded.width() as u64));
    assert_eq!(info.height.map(u64::from), Some(decoded.height() as u64));
    assert!(decoded.width() > 50 && decoded.height() > 50);
    if seen.encrypted {
        assert!(matches!(image.source, MediaSource::Encrypted(_)));
    }
}

/// The replay GIF that follows a finished game's board: an `m.image` of
/// type image/gif whose size in the info is right and which decodes into
/// `frames` frames.
async fn check_replay(player: &mut Player, room: &Room, bot: &BotTask, frames: usize) {
    let seen = player.next(room, bot).await;
    let image = seen
        .image()
        .unwrap_or_else(|| panic!("expected the replay GIF, got {}", seen.describe()))
        .clone();
    let info = image.info.as_ref().expect("image info");
    assert_eq!(info.mimetype.as_deref(), Some("image/gif"));
    let gif = player.download(&image).await;
    assert_eq!(info.size.map(u64::from), Some(gif.len() as u64));
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.as_slice())
        .expect("the replay is a GIF");
    assert_eq!(info.width.map(u64::from), Some(u64::from(decoder.width())));
    let mut count = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        count += 1;
    }
    assert_eq!(count, frames, "one frame per turn plus the start");
}

/// A legal Sight turn in the position after `turns`.
fn sight_turn(turns: &[&str]) -> String {
    let options = cairn_rules::Options::parse::<&str>(&[]).expect("no options");
    let mut game =
        cairn_rules::AnyGame::new(cairn_rules::GameKind::Sight, &options).expect("a Sight game");
    for turn in turns {
        game.play_str(turn).expect("a legal turn");
    }
    game.legal_strings()
        .into_iter()
        .next()
        .expect("a legal turn")
}

/// Moves (and chat lines) timed in the latency rounds.
const ROUNDS: usize = 12;

/// The median of some durations, in milliseconds.
fn median_ms(samples: &[Duration]) -> f64 {
    let mut ms: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    match ms.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => ms[n / 2],
        n => (ms[n / 2 - 1] + ms[n / 2]) / 2.0,
    }
}

fn spread_ms(samples: &[Duration]) -> String {
    let ms = |d: &Duration| d.as_secs_f64() * 1e3;
    let min = samples.iter().map(ms).fold(f64::INFINITY, f64::min);
    let max = samples.iter().map(ms).fold(0.0, f64::max);
    format!(
        "median {:.0} ms, min {min:.0}, max {max:.0}",
        median_ms(samples)
    )
}

/// Latency rounds in `room` (Alice) / `bob_room` (Bob), seen from outside
/// the bot: a Sight game where the players take turns at once, as in a
/// lively game. Each round, the player to move sends `!cairn move ...` and
/// the other player's client times the bot's first reply (the notice that
/// mentions them); then the mover sends a plain chat line and the other
/// client times it (the homeserver's own user-to-user latency). Both are
/// measured by the same kind of client, from the send to its event handler.
/// Prints both medians.
#[allow(clippy::too_many_arguments)]
async fn latency_rounds(
    label: &str,
    alice: &mut Player,
    bob: &mut Player,
    room: &Room,
    bob_room: &Room,
    bot: &BotTask,
    images: bool,
    encrypted: bool,
) {
    let bob_id = bob.id.to_string();
    alice
        .say(room, &format!("!cairn challenge sight {bob_id}"))
        .await;
    let seen = bob.next_notice(bob_room, bot).await;
    let (body, _) = seen.notice().expect("a notice");
    assert!(body.contains("challenges Bob"), "{body}");
    bob.say(bob_room, "!cairn accept").await;
    let seen = alice.next_notice(room, bot).await;
    let (body, _) = seen.notice().expect("a notice");
    assert!(body.contains("Bob accepts"), "{body}");
    if images {
        let seen = alice.next(room, bot).await;
        assert!(seen.image().is_some(), "{}", seen.describe());
    }

    let options = cairn_rules::Options::parse::<&str>(&[]).expect("no options");
    let mut game =
        cairn_rules::AnyGame::new(cairn_rules::GameKind::Sight, &options).expect("a Sight game");
    let mut plain = Vec::new();
    let mut replies = Vec::new();
    for round in 0..ROUNDS {
        if game.outcome().is_some() {
            break;
        }
        let turn = game
            .legal_strings()
            .into_iter()
            .next()
            .expect("a legal turn");
        game.play_str(&turn).expect("a legal turn");
        let (mover, mover_room, watcher, watcher_room, next) = if round % 2 == 0 {
            (&mut *alice, room, &mut *bob, bob_room, "Bob")
        } else {
            (&mut *bob, bob_room, &mut *alice, room, "Alice")
        };
        let sent = Instant::now();
        mover.say(mover_room, &format!("!cairn move {turn}")).await;
        let seen = watcher.next_notice(watcher_room, bot).await;
        replies.push(seen.at.duration_since(sent));
        assert_eq!(
            seen.encrypted, encrypted,
            "{label}: encryption of the reply"
        );
        let (body, _) = seen.notice().expect("a notice");
        if game.outcome().is_none() {
            assert!(body.contains(&format!("{next} (")), "{body}");
            assert_eq!(seen.mentions(), vec![watcher.id.to_string()]);
        }
        if images {
            // The board follows the text.
            let image = watcher.next(watcher_room, bot).await;
            assert!(image.image().is_some(), "{}", image.describe());
        }
        let sent = Instant::now();
        let line = mover
            .say(mover_room, &format!("round {round}, your turn"))
            .await;
        let at = watcher.heard(&line).await;
        plain.push(at.duration_since(sent));
    }
    assert!(replies.len() >= 6, "only {} timed moves", replies.len());
    let added = median_ms(&replies) - median_ms(&plain);
    eprintln!(
        "matrix e2e: LATENCY {label}, {} rounds, seen by the other player's client:\n  \
         plain message user to user: {}\n  \
         move -> first bot reply:    {}\n  \
         added by the bot (difference of the medians): {added:.0} ms",
        replies.len(),
        spread_ms(&plain),
        spread_ms(&replies),
    );
    if game.outcome().is_none() {
        // End the game so the room is free again.
        // Resigning asks first (a reply to alice); the second confirms.
        alice.say(room, "!cairn resign").await;
        let asked = bob.next_notice(bob_room, bot).await;
        let (body, _) = asked.notice().expect("a notice");
        assert!(body.contains("cannot be undone"), "{body}");
        alice.say(room, "!cairn resign").await;
        let seen = bob.next_notice(bob_room, bot).await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("resigns"), "{body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn matrix_end_to_end() {
    if std::env::var_os("CAIRN_MATRIX_E2E").is_none() {
        eprintln!(
            "matrix e2e: SKIPPED (set CAIRN_MATRIX_E2E=1 to run it; it installs and starts a local Synapse)"
        );
        return;
    }
    // RUST_LOG=cairn=debug shows the bot's side.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,cairn=info")),
        )
        .with_test_writer()
        .try_init();
    let began = Instant::now();
    let synapse = match start_synapse() {
        Start::Running(synapse) => synapse,
        Start::Skip(why) => {
            eprintln!("matrix e2e: SKIPPED, no homeserver: {why}");
            return;
        }
    };
    eprintln!(
        "matrix e2e: Synapse at {} after {:?}",
        synapse.url,
        began.elapsed()
    );
    synapse.register(&["cairn", "alice", "bob", "carol"]);
    let data = tempfile::tempdir().expect("temporary directory");
    let mut scene = Scene::start(&synapse.url, data.path()).await;
    eprintln!("matrix e2e: bot joined after {:?}", began.elapsed());

    scene.challenge_accept_move_and_resign().await;
    scene.alquad_to_its_end_by_the_rules().await;
    scene.a_sight_game_by_reactions_only().await;
    scene.a_clock_of_seconds_runs_out().await;
    scene.a_round_robin_plays_in_room_threads().await;
    scene.latency_in_plain_and_encrypted_rooms().await;
    eprintln!(
        "matrix e2e: latency rounds done after {:?}",
        began.elapsed()
    );
    scene
        .a_whole_game_against_the_bot_in_a_direct_message_room()
        .await;
    let secret = scene.an_encrypted_game_against_the_bot().await;
    scene
        .a_restart_keeps_the_device_and_replays_nothing(&secret)
        .await;
    scene.bot.stop().await;
    eprintln!("matrix e2e: passed in {:?}", began.elapsed());
    drop(scene);
    drop(synapse);
}

const BOT_ID: &str = "@cairn:localhost";

/// Everything the end-to-end test's chapters share: the bot, two players
/// and the plain room they play in.
struct Scene {
    url: String,
    store: Store,
    bot_config: BotConfig,
    config: MatrixConfig,
    matrix_store: PathBuf,
    bot: BotTask,
    alice: Player,
    bob: Player,
    alice_id: String,
    bob_id: String,
    room: Room,
    bob_room: Room,
    /// Whether the renderer is built, so board images can be checked.
    images: bool,
}

impl Scene {
    /// The bot on fresh stores, Alice and Bob logged in, and a plain room
    /// that Alice made and the bot and Bob joined.
    async fn start(url: &str, data: &Path) -> Scene {
        let images = renderer_available();
        if !images {
            eprintln!(
                "matrix e2e: NOTE the renderer is not built yet: board image checks are skipped"
            );
        }
        let matrix_store = data.join("matrix");
        let bot_config = BotConfig {
            ai_deadline: Duration::from_millis(200),
            ai_seed: Some(7),
            // Clocks of seconds for the timed game (what `CAIRN_MIN_CLOCK`, a
            // documented testing setting, sets in the binary).
            min_clock_ms: 1_000,
            ..BotConfig::default()
        };
        let store = Store::open(data.join("db")).expect("bot database");
        let config = MatrixConfig {
            homeserver: Some(url.to_string()),
            user: Some("cairn".into()),
            password: Some(PASSWORD.into()),
            access_token: None,
            store: Some(matrix_store.clone()),
            store_passphrase: Some("e2e passphrase".into()),
            prefix: None,
        };
        let bot = BotTask::start(Bot::new(store.clone(), bot_config.clone()), config.clone());
        let alice = Player::login(url, "alice", "Alice", BOT_ID).await;
        let bob = Player::login(url, "bob", "Bob", BOT_ID).await;
        let alice_id = alice.id.to_string();
        let bob_id = bob.id.to_string();
        let room = alice
            .create_room("Cairn e2e", &[BOT_ID, &bob_id], false)
            .await;
        let bob_room = bob.join(&room.room_id().to_owned()).await;
        wait_joined(&room, BOT_ID, &bot).await;
        wait_joined(&room, &bob_id, &bot).await;
        Scene {
            url: url.to_string(),
            store,
            bot_config,
            config,
            matrix_store,
            bot,
            alice,
            bob,
            alice_id,
            bob_id,
            room,
            bob_room,
            images,
        }
    }

    /// The next notice the bot posts in the plain room, as Alice sees it.
    async fn alice_reads(&mut self) -> Seen {
        self.alice.next_notice(&self.room, &self.bot).await
    }

    /// The next notice the bot posts in the plain room, as Bob sees it.
    async fn bob_reads(&mut self) -> Seen {
        self.bob.next_notice(&self.bob_room, &self.bot).await
    }

    async fn alice_checks_the_image(&mut self, raw_url: Option<&str>) {
        if self.images {
            check_image(&mut self.alice, &self.room, &self.bot, raw_url).await;
        }
    }

    /// Both players, sorted, as a notice mentioning both should name them.
    fn both(&self) -> Vec<String> {
        let mut both = vec![self.alice_id.clone(), self.bob_id.clone()];
        both.sort();
        both
    }

    /// A Sight game: the challenge names Bob, his accept (a pill) names
    /// Alice, moves mention the player to move, refusals answer the
    /// command, and a confirmed resignation names the winner.
    async fn challenge_accept_move_and_resign(&mut self) {
        self.challenge_with_a_user_id_and_accept_with_a_pill().await;
        let first = self.alice_moves_and_bob_is_mentioned().await;
        let second = sight_turn(&[&first]);
        self.refusals_answer_the_command(&second).await;
        self.bob
            .say(&self.bob_room, &format!("!cairn move {second}"))
            .await;
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("Alice (White) to move"), "{body}");
        self.alice_checks_the_image(None).await;
        self.bob_resigns_after_confirming().await;
        // Not a command: no answer.
        self.alice.say(&self.room, "good game, cairn").await;
        let said = self.alice.quiet(&self.room, Duration::from_secs(2)).await;
        assert!(
            said.is_empty(),
            "unexpected: {:?}",
            said.iter().map(Seen::describe).collect::<Vec<_>>()
        );
    }

    /// Challenge with a user id; the bot asks Bob to accept. Bob accepts
    /// by addressing the bot with a pill.
    async fn challenge_with_a_user_id_and_accept_with_a_pill(&mut self) {
        let bob_id = self.bob_id.clone();
        self.alice
            .say(&self.room, &format!("!cairn challenge sight {bob_id}"))
            .await;
        let seen = self.alice_reads().await;
        let (body, html) = seen.notice().expect("a notice");
        assert!(body.contains("Alice challenges Bob"), "{body}");
        assert!(body.contains("!cairn accept"), "{body}");
        assert_eq!(seen.mentions(), vec![bob_id.clone()]);
        assert!(
            html.is_some_and(|h| h.contains(&format!("href=\"https://matrix.to/#/{bob_id}\""))),
            "{html:?}"
        );
        self.bob
            .say_html(
                &self.bob_room,
                "cairn: accept",
                &format!("<a href=\"https://matrix.to/#/{BOT_ID}\">cairn</a>: accept"),
            )
            .await;
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("Bob accepts"), "{body}");
        assert!(body.contains("Alice (White) to move"), "{body}");
        assert_eq!(seen.mentions(), vec![self.alice_id.clone()]);
        let url = self.url.clone();
        self.alice_checks_the_image(Some(&url)).await;
    }

    /// Alice moves: the turn passes to Bob, who is mentioned. Returns the
    /// turn played.
    async fn alice_moves_and_bob_is_mentioned(&mut self) -> String {
        let first = sight_turn(&[]);
        self.alice
            .say(&self.room, &format!("!cairn move {first}"))
            .await;
        let seen = self.bob_reads().await;
        let (body, html) = seen.notice().expect("a notice");
        assert!(body.contains("Bob (Black) to move"), "{body}");
        assert_eq!(seen.mentions(), vec![self.bob_id.clone()]);
        let pill = format!("<a href=\"https://matrix.to/#/{}\">Bob</a>", self.bob_id);
        assert!(html.is_some_and(|h| h.starts_with(&pill)), "{html:?}");
        if self.images {
            check_image(&mut self.bob, &self.bob_room, &self.bot, Some(&self.url)).await;
        }
        let _ = self
            .alice
            .quiet(&self.room, Duration::from_millis(100))
            .await;
        first
    }

    /// An illegal move answers Bob's command as a reply; Alice may not
    /// move for Bob.
    async fn refusals_answer_the_command(&mut self, bobs_turn: &str) {
        let bad = self.bob.say(&self.bob_room, "!cairn move zz9").await;
        let seen = self.bob_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.starts_with("Bob: "), "{body}");
        assert_eq!(seen.in_reply_to(), Some(bad));
        assert!(seen.mentions().contains(&self.bob_id));

        let early = self
            .alice
            .say(&self.room, &format!("!cairn move {bobs_turn}"))
            .await;
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.starts_with("Alice: "), "{body}");
        assert!(body.contains("not yours"), "{body}");
        assert_eq!(seen.in_reply_to(), Some(early));
    }

    /// Resigning asks first (a reply to Bob); the second confirms, and the
    /// result names the winner with both players mentioned.
    async fn bob_resigns_after_confirming(&mut self) {
        self.bob.say(&self.bob_room, "!cairn resign").await;
        let asked = self.alice_reads().await;
        let (body, _) = asked.notice().expect("a notice");
        assert!(body.contains("cannot be undone"), "{body}");
        self.bob.say(&self.bob_room, "!cairn resign").await;
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(
            body.contains("Bob (Black) resigns. Alice (White) wins."),
            "{body}"
        );
        // The news is for Alice; Bob, who spoke, is not mentioned.
        assert_eq!(seen.mentions(), vec![self.alice_id.clone()]);
        self.alice_checks_the_image(None).await;
        if self.images {
            check_replay(&mut self.alice, &self.room, &self.bot, 3).await;
        }
    }

    /// A game played to its end by the rules: Alquad. Alice (the setter)
    /// places the first two pieces, Bob chooses Black, Alice (White)
    /// completes a square and Bob's reply completes none: Alice wins.
    async fn alquad_to_its_end_by_the_rules(&mut self) {
        let bob_id = self.bob_id.clone();
        self.alice
            .say(&self.room, &format!("!cairn challenge alquad {bob_id}"))
            .await;
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("Alice challenges Bob to Alquad"), "{body}");
        self.bob.say(&self.bob_room, "!cairn accept").await;
        let seen = self.bob_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("Bob accepts"), "{body}");
        let turns = ["w:a1 b:e5", "black", "b1", "e4", "a2", "d5", "b2", "c3"];
        for (i, turn) in turns.iter().enumerate() {
            let said = format!("!cairn move {turn}");
            if i % 2 == 0 {
                self.alice.say(&self.room, &said).await;
            } else {
                self.bob.say(&self.bob_room, &said).await;
            }
            let seen = self.alice_reads().await;
            let (body, _) = seen.notice().expect("a notice");
            assert!(!body.starts_with("Alice: `"), "refused: {body}");
            if i + 1 < turns.len() {
                assert!(body.contains("to move"), "{body}");
            } else {
                assert!(body.contains("Alice (White) wins"), "{body}");
                // Bob played the last turn: only Alice is told.
                assert_eq!(seen.mentions(), vec![self.alice_id.clone()]);
            }
        }
        self.alice_checks_the_image(None).await;
        if self.images {
            check_replay(&mut self.alice, &self.room, &self.bot, turns.len() + 1).await;
        }
    }

    /// A whole game of Sight by reactions only, once it has started: the
    /// player to move reacts ▶️ under the game's notice, then 1️⃣ under each
    /// list of steps, until the turn is played.
    async fn a_sight_game_by_reactions_only(&mut self) {
        let bob_id = self.bob_id.clone();
        self.alice
            .say(&self.room, &format!("!cairn challenge sight {bob_id}"))
            .await;
        self.alice_reads().await;
        self.bob.say(&self.bob_room, "!cairn accept").await;
        let mut notice = self.alice_reads().await;
        let mut turns = 0;
        loop {
            let (body, _) = notice.notice().expect("a notice");
            let body = body.to_string();
            if body.contains(" wins") || body.contains("Draw") {
                break;
            }
            assert!(turns < 40, "the game by reactions ends: {body}");
            let alice_moves = body.contains("Alice (White) to move");
            assert!(
                alice_moves || body.contains("Bob (Black) to move"),
                "{body}"
            );
            self.react(alice_moves, &notice, "▶️").await;
            loop {
                let list = self.alice_reads().await;
                let (text, _) = list.notice().expect("a notice");
                if text.contains("played") {
                    notice = list;
                    break;
                }
                assert!(text.contains("1. "), "a list of steps: {text}");
                self.react(alice_moves, &list, "1\u{fe0f}\u{20e3}").await;
            }
            turns += 1;
        }
        eprintln!("matrix e2e: a Sight game by reactions only, {turns} turns");
        let _ = self
            .bob
            .quiet(&self.bob_room, Duration::from_millis(500))
            .await;
        let _ = self
            .alice
            .quiet(&self.room, Duration::from_millis(500))
            .await;
    }

    /// Alice (or Bob) reacts `key` under `seen`.
    async fn react(&self, alice: bool, seen: &Seen, key: &str) {
        let (player, room) = if alice {
            (&self.alice, &self.room)
        } else {
            (&self.bob, &self.bob_room)
        };
        eprintln!("matrix e2e: {} reacts {key}", player.id);
        room.send(ReactionEventContent::new(Annotation::new(
            seen.event.event_id.clone(),
            key.to_string(),
        )))
        .await
        .expect("sending a reaction");
    }

    /// A game on a clock of seconds: the bot's scheduler mentions Alice in
    /// the room when half her time is used, then announces her loss on
    /// time with both players mentioned.
    async fn a_clock_of_seconds_runs_out(&mut self) {
        let bob_id = self.bob_id.clone();
        self.alice
            .say(
                &self.room,
                &format!("!cairn challenge sight {bob_id} clock=6s"),
            )
            .await;
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("Alice challenges Bob"), "{body}");
        self.bob.say(&self.bob_room, "!cairn accept").await;
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("Bob accepts"), "{body}");
        let accepted = Instant::now();
        let seen = self.alice_reads().await;
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("it is your turn in Sight"), "{body}");
        assert_eq!(seen.mentions(), vec![self.alice_id.clone()]);
        let reminded = accepted.elapsed();
        let mut lost = None;
        for _ in 0..3 {
            let seen = self.alice_reads().await;
            let (body, _) = seen.notice().expect("a notice");
            if body.contains("ran out of time") {
                assert!(body.contains("Bob (Black) wins on time"), "{body}");
                let mut mentioned = seen.mentions();
                mentioned.sort();
                assert_eq!(mentioned, self.both());
                lost = Some(accepted.elapsed());
                break;
            }
            assert!(body.contains("left for your turn"), "{body}");
        }
        let lost = lost.expect("the loss on time was announced");
        eprintln!(
            "matrix e2e: clock=6s: the reminder came {reminded:?} and the loss on time {lost:?} after the accept"
        );
        self.alice_checks_the_image(None).await;
    }

    /// The latency rounds in the plain room, then in an encrypted room
    /// between the two players.
    async fn latency_in_plain_and_encrypted_rooms(&mut self) {
        latency_rounds(
            "plain room",
            &mut self.alice,
            &mut self.bob,
            &self.room,
            &self.bob_room,
            &self.bot,
            self.images,
            false,
        )
        .await;
        let duel = self
            .alice
            .create_room("Cairn secret duel", &[BOT_ID, &self.bob_id], true)
            .await;
        let bob_duel = self.bob.join(&duel.room_id().to_owned()).await;
        wait_joined(&duel, BOT_ID, &self.bot).await;
        wait_joined(&duel, &self.bob_id, &self.bot).await;
        latency_rounds(
            "encrypted room",
            &mut self.alice,
            &mut self.bob,
            &duel,
            &bob_duel,
            &self.bot,
            self.images,
            true,
        )
        .await;
    }

    /// An encrypted room where Alice plays the bot: every reply is
    /// encrypted, and the bot's answer gives the turn back to Alice.
    /// Returns the room.
    async fn an_encrypted_game_against_the_bot(&mut self) -> Room {
        let secret = self
            .alice
            .create_room("Cairn secret", &[BOT_ID], true)
            .await;
        wait_joined(&secret, BOT_ID, &self.bot).await;
        self.alice.say(&secret, "!cairn challenge sight bot").await;
        let seen = self.alice.next_notice(&secret, &self.bot).await;
        assert!(seen.encrypted, "the bot's reply is encrypted");
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("Alice (White) to move"), "{body}");
        // Alice spoke: the reply does not mention her.
        assert!(seen.mentions().is_empty(), "{:?}", seen.mentions());
        if self.images {
            check_image(&mut self.alice, &secret, &self.bot, None).await;
        }
        self.alice
            .say(&secret, &format!("!cairn move {}", sight_turn(&[])))
            .await;
        // Alice's move, then the bot's, which gives the turn back to Alice.
        let mut bot_moved = false;
        for _ in 0..6 {
            let seen = self.alice.next_notice(&secret, &self.bot).await;
            assert!(seen.encrypted);
            let (body, _) = seen.notice().expect("a notice");
            if body.contains("Alice (White) to move") {
                assert_eq!(seen.mentions(), vec![self.alice_id.clone()]);
                bot_moved = true;
                break;
            }
        }
        assert!(bot_moved, "the bot answered the move");
        let _ = self.alice.quiet(&secret, Duration::from_millis(500)).await;
        secret
    }

    /// A direct message room Alice opens with the bot (as a client's "start
    /// a chat" does: `is_direct`, encrypted): the bot joins it, and they play
    /// Sight there to its end.
    async fn a_whole_game_against_the_bot_in_a_direct_message_room(&mut self) {
        let dm = self.alice.create_room_with("", &[BOT_ID], true, true).await;
        wait_joined(&dm, BOT_ID, &self.bot).await;
        self.alice
            .say(&dm, "!cairn challenge sight bot level=1")
            .await;
        let (body, _) = self
            .alice
            .next_notice(&dm, &self.bot)
            .await
            .notice()
            .map(|(b, f)| (b.to_string(), f))
            .expect("a notice");
        assert!(body.contains("Alice (White) to move"), "{body}");
        self.a_digest_comes_in_the_direct_message_room(&dm).await;
        let mut turns = 0;
        let end = loop {
            assert!(turns < 40, "the game against the bot ends");
            let turn = self.legal_turn_in(&dm);
            self.alice.say(&dm, &format!("!cairn move {turn}")).await;
            turns += 1;
            let mut outcome = None;
            for _ in 0..10 {
                let seen = self.alice.next_notice(&dm, &self.bot).await;
                let Some((body, _)) = seen.notice() else {
                    continue;
                };
                if body.contains(" wins") || body.contains("Draw") {
                    outcome = Some(Some(body.to_string()));
                    break;
                }
                if body.contains("Alice (White) to move") {
                    outcome = Some(None);
                    break;
                }
            }
            match outcome.expect("the bot answered the move") {
                Some(end) => break end,
                None => continue,
            }
        };
        eprintln!(
            "matrix e2e: a game against the bot in a DM room, {turns} turns of Alice's: {end}"
        );
        let _ = self.alice.quiet(&dm, Duration::from_millis(500)).await;
    }

    /// A tournament in a room (#39): three players join, it starts, its
    /// first game opens a thread of the room with both players mentioned;
    /// a resignation in the thread posts the standings in the room and
    /// the next round's game opens its own thread.
    async fn a_round_robin_plays_in_room_threads(&mut self) {
        let carol = Player::login(&self.url, "carol", "Carol", BOT_ID).await;
        let carol_id = carol.id.to_string();
        let room = self
            .alice
            .create_room(
                "Cairn tournament",
                &[BOT_ID, &self.bob_id, &carol_id],
                false,
            )
            .await;
        let room_id = room.room_id().to_owned();
        let bob_room = self.bob.join(&room_id).await;
        let carol_room = carol.join(&room_id).await;
        for who in [BOT_ID, &self.bob_id, &carol_id] {
            wait_joined(&room, who, &self.bot).await;
        }
        self.alice
            .say(&room, "!cairn tournament create sight")
            .await;
        self.alice_hears(&room, "organises tournament #1").await;
        for (player_room, name) in [(&room, "Alice"), (&bob_room, "Bob"), (&carol_room, "Carol")] {
            self.alice.say(player_room, "!cairn tournament join").await;
            self.alice_hears(&room, &format!("{name} joins tournament #1"))
                .await;
        }
        self.alice.say(&room, "!cairn tournament start").await;
        let (root, start) = self.alice_hears_in_a_thread(&room).await;
        eprintln!("matrix e2e: a tournament game in its thread: {start}");
        assert!(start.contains("Tournament #1, round 1"), "{start}");
        // The first mover resigns there (asked, then confirmed).
        let mover = ["Alice", "Bob", "Carol"]
            .into_iter()
            .find(|name| start.contains(&format!("{name} (White) to move")))
            .expect("a player to move");
        let mover_room = match mover {
            "Alice" => &room,
            "Bob" => &bob_room,
            _ => &carol_room,
        };
        for _ in 0..2 {
            let mut content = RoomMessageEventContent::text_plain("!cairn resign");
            content.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
            mover_room
                .send(content)
                .await
                .expect("resigning in the thread");
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        let standings = self.alice_hears(&room, "rounds played").await;
        eprintln!("matrix e2e: standings in the room: {standings}");
        let (next_root, next) = self.alice_hears_in_a_thread(&room).await;
        assert_ne!(next_root, root);
        assert!(next.contains("round 2"), "{next}");
        drop(carol);
    }

    /// The bot's next notice in `room` holding `text` (others skipped).
    async fn alice_hears(&mut self, room: &Room, text: &str) -> String {
        for _ in 0..20 {
            let seen = self.alice.next_notice(room, &self.bot).await;
            if let Some((body, _)) = seen.notice() {
                if body.contains(text) {
                    return body.to_string();
                }
            }
        }
        panic!("no notice with {text:?}");
    }

    /// The bot's next notice in a thread of `room`: the thread's root and
    /// the notice.
    async fn alice_hears_in_a_thread(&mut self, room: &Room) -> (OwnedEventId, String) {
        for _ in 0..20 {
            let seen = self.alice.next_notice(room, &self.bot).await;
            let Some(Relation::Thread(thread)) = &seen.event.content.relates_to else {
                continue;
            };
            let body = seen
                .notice()
                .map(|(b, _)| b.to_string())
                .unwrap_or_default();
            return (thread.event_id.clone(), body);
        }
        panic!("no notice in a thread");
    }

    /// `notify digest` at the next minute (UTC): the digest, naming the
    /// games waiting for Alice with a link to each, comes in her
    /// direct-message room with the bot (#36).
    async fn a_digest_comes_in_the_direct_message_room(&mut self, dm: &Room) {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("time")
            .as_secs();
        // At least 20 s ahead, so the command lands before its minute.
        let minute = (now + 80) / 60 % (24 * 60);
        let at = format!("{:02}:{:02}", minute / 60, minute % 60);
        self.alice
            .say(dm, &format!("!cairn notify digest {at} UTC"))
            .await;
        let started = Instant::now();
        let mut said = Vec::new();
        while started.elapsed() < Duration::from_secs(160) {
            self.bot.check();
            for seen in self.alice.quiet(dm, Duration::from_secs(5)).await {
                let Some((body, _)) = seen.notice() else {
                    continue;
                };
                said.push(body.to_string());
                // The DM game waits for Alice (and so may a tournament's).
                if body.contains("Your turn in") && body.contains(dm.room_id().as_str()) {
                    eprintln!(
                        "matrix e2e: the digest came in the DM room after {:.0} s: {body}",
                        started.elapsed().as_secs_f64()
                    );
                    self.alice.say(dm, "!cairn notify on").await;
                    let _ = self.alice.next_notice(dm, &self.bot).await;
                    return;
                }
            }
        }
        panic!("no digest in the DM room: {said:?}");
    }

    /// Restart: the same device, and no replay of what was said meanwhile.
    async fn a_restart_keeps_the_device_and_replays_nothing(&mut self, secret: &Room) {
        let session = self.matrix_store.join("session.json");
        let before = std::fs::read_to_string(&session).expect("session file");
        // A graceful stop (what SIGTERM asks) with the bot's answer to a
        // move in flight: Ok within 10 s, and the bot's turn is played
        // before the stop or after the restart, never lost.
        let turn = self.legal_turn_in(secret);
        self.alice.say(secret, &format!("!cairn move {turn}")).await;
        let _ = self.alice.next_notice(secret, &self.bot).await;
        let took = self.bot.stop_gracefully().await;
        eprintln!("matrix e2e: graceful stop with a bot turn in flight in {took:?}");
        let missed = self.alice.say(secret, "!cairn move zz9").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        self.bot = BotTask::start(
            Bot::new(self.store.clone(), self.bot_config.clone()),
            self.config.clone(),
        );
        self.ask_until_the_restarted_bot_answers(secret, &missed)
            .await;
        let after = std::fs::read_to_string(&session).expect("session file");
        assert_eq!(
            device_of(&before),
            device_of(&after),
            "the same device after a restart"
        );
        self.alice_is_to_move_again(secret).await;
        self.alice.say(secret, "!cairn board").await;
        let seen = self.alice.next_notice(secret, &self.bot).await;
        assert!(seen.encrypted);
        let (body, _) = seen.notice().expect("a notice");
        assert!(body.contains("to move"), "{body}");
        if self.images {
            check_image(&mut self.alice, secret, &self.bot, None).await;
        }
    }

    /// Ask until the restarted bot answers (it ignores what its first sync
    /// brings), and check it never answers what was said while it was away.
    /// A legal turn in the game of `room`, from the bot's own store.
    fn legal_turn_in(&self, room: &Room) -> String {
        let key = Store::channel_key("matrix", room.room_id().as_str());
        let record = self.store.load(&key).expect("the store").expect("a game");
        let game = record.active_game().expect("a game in progress");
        game.game
            .legal_strings()
            .into_iter()
            .next()
            .expect("a legal turn")
    }

    /// After the restart, the bot's turn was played: Alice is to move.
    async fn alice_is_to_move_again(&mut self, secret: &Room) {
        let deadline = Instant::now() + WAIT;
        loop {
            assert!(Instant::now() < deadline, "the bot's turn was lost");
            self.alice.say(secret, "!cairn board").await;
            let seen = self.alice.quiet(secret, Duration::from_secs(3)).await;
            let texts: Vec<String> = seen
                .iter()
                .filter_map(|s| Some(s.notice()?.0.to_string()))
                .collect();
            if texts.iter().any(|t| t.contains("Alice (White) to move")) {
                return;
            }
        }
    }

    async fn ask_until_the_restarted_bot_answers(&mut self, secret: &Room, missed: &OwnedEventId) {
        let deadline = Instant::now() + WAIT;
        loop {
            assert!(
                Instant::now() < deadline,
                "the restarted bot never answered"
            );
            let asked = self.alice.say(secret, "!cairn move zz8").await;
            let mut answered = false;
            for seen in self.alice.quiet(secret, Duration::from_secs(3)).await {
                assert_ne!(
                    seen.in_reply_to().as_ref(),
                    Some(missed),
                    "replayed an old command"
                );
                assert!(seen.encrypted);
                answered |= seen.in_reply_to() == Some(asked.clone());
            }
            self.bot.check();
            if answered {
                return;
            }
        }
    }
}

/// The device id stored in the Matrix session file.
fn device_of(session_json: &str) -> String {
    serde_json::from_str::<serde_json::Value>(session_json).expect("session JSON")["device_id"]
        .as_str()
        .expect("device id")
        .to_string()
}
