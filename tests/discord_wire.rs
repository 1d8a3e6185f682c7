//! Discord on the wire: the real `cairn` binary, connected to a
//! Discord-compatible server written for this suite (tests/discord_wire/),
//! plays through slash commands, buttons and autocomplete sent as gateway
//! dispatches, and every REST body it sends is validated against Discord's
//! own OpenAPI spec (tests/fixtures/discord/openapi.json).
//!
//! Scenarios: start-up and command registration (guild, then global after
//! a restart, which removes the guild's commands), a challenge, Accept
//! pressed by the wrong user then the right one, `/move` autocomplete, a
//! whole game of Sight between two users, a move by a third user, an
//! illegal move, a game inside a thread, a game against the bot, a channel
//! where the bot lacks Attach Files, a 500 on the edit of a deferral, a
//! group DM where a player installed the app (interactions only, timed
//! events by direct message), a game against the bot in its DM, and a
//! SIGTERM with a command in flight (then SIGINT), after which the
//! database opens clean (`cairn db check`).
//!
//! A second test: 200 reminders fall due at once (games started two days
//! ago by a clock the test set) and Cairn posts them all through Discord's
//! rate limits, as the fake applies them: buckets advertised in the
//! `X-RateLimit-*` headers, 429s with `Retry-After`, one global 429.

#![cfg(feature = "discord")]
// The GUILD_CREATE payload is one large `json!`.
#![recursion_limit = "256"]

#[path = "discord_wire/cards.rs"]
mod cards;
#[path = "discord_wire/server.rs"]
mod server;
#[path = "discord_wire/spec.rs"]
mod spec;
#[path = "discord_wire/tournament.rs"]
mod tournament;
#[path = "discord_wire/user_install.rs"]
mod user_install;

use std::io::Read as _;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use server::{
    Exchange, Fake, Limits, Msg, APP_ID, ATTACH_FILES, CREATE_PUBLIC_THREADS, GUILD_ID, TOKEN,
};
use spec::{Refusal, Spec};

const ALICE: (&str, &str) = ("53908232506183680", "alice");
const BOB: (&str, &str) = ("82198898841029460", "bob");
const CAROL: (&str, &str) = ("160000000000000001", "carol");

/// Channels, one per scenario.
const LOBBY: &str = "645027906669510667";
const THREAD: &str = "645027906669510700";
const VERSUS_BOT: &str = "645027906669510701";
const NO_FILES: &str = "645027906669510702";
const FLAKY: &str = "645027906669510703";
/// A game against the bot, its move in flight at SIGTERM.
const SIGTERM_BOT: &str = "645027906669510706";
/// A text channel where the bot may open threads: games move into them.
const THREADED: &str = "645027906669510704";
/// A channel for a game on a clock of seconds (the test's minimum).
const TIMED: &str = "645027906669510705";

/// What the bot may do in a normal channel (the invite's permissions).
const ALL_PERMISSIONS: u64 = 274_878_024_704;
/// The bot opponent's thinking time: longer than the adapter's
/// answer-at-once budget (1.5 s), so its moves are deferred.
const AI_DEADLINE_MS: &str = "2500";
/// The centre of a 19 x 19 Callanish board: an opening the strongest level
/// cannot answer with a quick forced win.
const CALLANISH_19_CENTRE: &str = "j10";

// ---------------------------------------------------------------------------
// Interaction payloads, shaped like Discord's.

fn user((id, name): (&str, &str)) -> Value {
    json!({ "id": id, "username": name, "global_name": name, "avatar": null, "discriminator": "0", "public_flags": 0 })
}

fn member(who: (&str, &str)) -> Value {
    // Carol may only read and write (no Manage Server); the others may
    // do everything.
    let permissions = if who == CAROL { "3072" } else { "2147483647" };
    json!({
        "user": user(who), "roles": [], "premium_since": null, "permissions": permissions,
        "pending": false, "nick": null, "mute": false, "deaf": false, "flags": 0,
        "joined_at": "2020-01-01T00:00:00.000000+00:00"
    })
}

struct Payloads {
    next: u64,
    /// Threads and their parent channels: (parent, thread).
    threads: Vec<(String, String)>,
}

impl Payloads {
    fn base(&mut self, kind: u64, channel: &str, who: (&str, &str), permissions: u64) -> Value {
        self.next += 1;
        let id = (1_200_000_000_000_000_000 + self.next).to_string();
        let mut value = json!({
            "id": id, "application_id": APP_ID, "type": kind,
            "token": format!("token-{}", self.next), "version": 1,
            "guild_id": GUILD_ID, "channel_id": channel, "member": member(who),
            "app_permissions": permissions.to_string(), "guild_locale": "en-US", "locale": "en-GB",
            "entitlements": [], "authorizing_integration_owners": { "0": GUILD_ID },
            "context": 0, "attachment_size_limit": 10485760
        });
        value["channel"] = match self.threads.iter().find(|(_, id)| id == channel) {
            Some((parent, _)) => {
                json!({ "id": channel, "type": 11, "name": "a game", "parent_id": parent, "guild_id": GUILD_ID })
            }
            None => json!({ "id": channel, "type": 0, "name": "games", "guild_id": GUILD_ID }),
        };
        user_install::relocate(&mut value, channel, who);
        value
    }

    fn slash(&mut self, channel: &str, who: (&str, &str), name: &str, options: Value) -> Value {
        let permissions = permissions_of(channel);
        let mut value = self.base(2, channel, who, permissions);
        value["data"] =
            json!({ "id": "771825006014889985", "name": name, "type": 1, "options": options });
        value
    }

    fn challenge(
        &mut self,
        channel: &str,
        who: (&str, &str),
        game: &str,
        opponent: (&str, &str),
        bot: bool,
    ) -> Value {
        let mut value = self.slash(
            channel,
            who,
            "challenge",
            json!([
                { "type": 3, "name": "game", "value": game },
                { "type": 6, "name": "opponent", "value": opponent.0 }
            ]),
        );
        if bot {
            // The strongest level on a large board: the search takes the
            // whole thinking time.
            let options = value["data"]["options"].as_array_mut().expect("options");
            options.push(json!({ "type": 3, "name": "options", "value": "size=19" }));
            options.push(json!({ "type": 4, "name": "level", "value": 5 }));
        }
        let mut them = user(opponent);
        them["bot"] = json!(bot);
        value["data"]["resolved"] = json!({ "users": { opponent.0: them } });
        value
    }

    fn mv(&mut self, channel: &str, who: (&str, &str), turn: &str) -> Value {
        self.slash(
            channel,
            who,
            "move",
            json!([{ "type": 3, "name": "turn", "value": turn }]),
        )
    }

    fn autocomplete(&mut self, channel: &str, who: (&str, &str), typed: &str) -> Value {
        let mut value = self.base(4, channel, who, permissions_of(channel));
        value["data"] = json!({
            "id": "771825006014889985", "name": "move", "type": 1,
            "options": [{ "type": 3, "name": "turn", "value": typed, "focused": true }]
        });
        value
    }

    /// A press of the button `label` on `message` (posted in `channel`).
    fn press(&mut self, channel: &str, who: (&str, &str), message: &Msg, label: &str) -> Value {
        let custom_id = message
            .interactive()
            .into_iter()
            .find(|b| b["label"] == label)
            .and_then(|b| b["custom_id"].as_str().map(str::to_string))
            .unwrap_or_else(|| panic!("no {label} button on {message:?}"));
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.component(channel, who, message, data)
    }

    /// The choice of `value` in the first select menu of `message`.
    fn choose(&mut self, channel: &str, who: (&str, &str), message: &Msg, value: &str) -> Value {
        let custom_id = message
            .interactive()
            .into_iter()
            .find(|c| c["type"] == 3)
            .and_then(|c| c["custom_id"].as_str().map(str::to_string))
            .unwrap_or_else(|| panic!("no select menu on {message:?}"));
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": [value] });
        self.component(channel, who, message, data)
    }

    /// A component interaction on `message` with `data`.
    fn component(&mut self, channel: &str, who: (&str, &str), message: &Msg, data: Value) -> Value {
        let mut value = self.base(3, channel, who, permissions_of(channel));
        let components: Vec<Value> = message
            .components
            .iter()
            .map(|row| {
                let mut row = row.clone();
                row["id"] = json!(1);
                row
            })
            .collect();
        value["message"] = json!({
            "type": 20, "tts": false, "timestamp": "2024-01-01T00:00:00.000000+00:00",
            "pinned": false, "mentions": [], "mention_roles": [], "mention_everyone": false,
            "id": message.id.to_string(), "flags": 0, "embeds": [], "edited_timestamp": null,
            "content": message.content, "components": components, "channel_id": channel,
            "author": { "id": APP_ID, "username": "Cairn", "global_name": null, "avatar": null, "discriminator": "0", "public_flags": 0, "bot": true },
            "attachments": [], "application_id": APP_ID, "webhook_id": APP_ID
        });
        value["data"] = data;
        value
    }
}

fn permissions_of(channel: &str) -> u64 {
    match channel {
        NO_FILES => ALL_PERMISSIONS & !ATTACH_FILES,
        THREADED => ALL_PERMISSIONS | CREATE_PUBLIC_THREADS,
        _ => ALL_PERMISSIONS,
    }
}

// ---------------------------------------------------------------------------
// The bot process.

/// The `cairn` binary, killed if the test ends while it runs.
struct Bot {
    child: Child,
    log: std::path::PathBuf,
}

impl Bot {
    fn start(fake: &Fake, db: &Path, log: &Path, guild: Option<&str>) -> Bot {
        let mut command = Command::new(env!("CARGO_BIN_EXE_cairn"));
        command
            .arg("run")
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_URL", &fake.base)
            .env("DISCORD_SHARDS", "auto")
            .env("CAIRN_DB", db)
            .env("CAIRN_CONFIG", db.with_extension("toml"))
            .env("CAIRN_AI_DEADLINE_MS", AI_DEADLINE_MS)
            // The test plays whole games at machine speed, far above the
            // per-user command rate a person reaches.
            .env("CAIRN_RATE_LIMIT", "0")
            // Commands that need no search answer within milliseconds; a
            // level-5 search takes far longer than this, so it is deferred
            // however fast the engines become.
            .env("CAIRN_DISCORD_ANSWER_MS", "400")
            // Clocks of seconds, for the timed events (a testing setting).
            .env("CAIRN_MIN_CLOCK", "1s")
            .env("RUST_LOG", "warn,cairn=debug")
            .env_remove("DISCORD_GUILD_ID")
            .env_remove("MATRIX_HOMESERVER")
            .env_remove("MATRIX_USER")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(log).expect("log file"));
        if let Some(guild) = guild {
            command.env("DISCORD_GUILD_ID", guild);
        }
        Bot {
            child: command.spawn().expect("start cairn"),
            log: log.to_path_buf(),
        }
    }

    fn log(&self) -> String {
        let mut text = String::new();
        if let Ok(mut file) = std::fs::File::open(&self.log) {
            let _ = file.read_to_string(&mut text);
        }
        text
    }

    fn signal(&self, name: &str) {
        let done = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("run kill");
        assert!(done.success(), "kill -{name}");
    }

    /// Wait for the process to exit (at most 20 s): its status and how long
    /// it took.
    async fn exit(&mut self) -> (std::process::ExitStatus, Duration) {
        let began = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return (status, began.elapsed());
            }
            assert!(
                began.elapsed() < Duration::from_secs(20),
                "cairn did not exit; log:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
            eprintln!("cairn's log:\n{}", self.log());
        }
    }
}

// ---------------------------------------------------------------------------
// Waiting for what the players see.

/// Wait until the interaction was handled: answered, not "thinking", and
/// (when `messages` > 0) showing that many messages.
async fn settled(fake: &Fake, token: &str, messages: usize) -> Exchange {
    fake.wait_for(&format!("the answer to {token}"), |s| {
        let exchange = s.exchanges.get(token)?;
        let ready = !exchange.callbacks.is_empty()
            && !exchange.thinking
            && exchange.messages().len() >= messages.max(1);
        ready.then(|| exchange.clone())
    })
    .await
}

/// After an answer, give the bot time for any further request it would
/// (wrongly) make, then read the exchange again.
async fn quiet(fake: &Fake, token: &str) -> Exchange {
    tokio::time::sleep(Duration::from_millis(400)).await;
    fake.exchange(token)
}

/// The board in the embed (and, when the game has just ended, its replay
/// GIF as a second file).
fn has_board(msg: &Msg) -> bool {
    msg.files.first().is_some_and(|f| f == "board.png")
        && msg.files[1..].iter().all(|f| f.ends_with("-replay.gif"))
        && (msg.card_board()
            || msg
                .embeds
                .iter()
                .any(|e| e["image"]["url"] == "attachment://board.png"))
}

/// The legal turns of a Sight game after `moves`.
fn legal(game: &str, moves: &[String]) -> (Vec<String>, bool) {
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let (game, played) = cairn_rules::position::build(game, &[], &refs).expect("position");
    let report = cairn_rules::position::report(&game, &played, None);
    let legal = report["legal"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    (legal, !report["outcome"].is_null())
}

/// The legal turns at the start of `game` with `options`.
fn legal_in(game: &str, options: &[&str]) -> (Vec<String>, bool) {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let (game, played) = cairn_rules::position::build(game, &options, &[]).expect("position");
    let report = cairn_rules::position::report(&game, &played, None);
    let legal = report["legal"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    (legal, !report["outcome"].is_null())
}

/// Challenge `b` in `channel` and have them accept; the board's message.
async fn start_game(
    fake: &Fake,
    p: &mut Payloads,
    channel: &str,
    a: (&str, &str),
    b: (&str, &str),
    game: &str,
) -> Exchange {
    let token = fake.interact(p.challenge(channel, a, game, b, false));
    let challenge = settled(fake, &token, 1).await;
    let offer = challenge.messages()[0].clone();
    let token = fake.interact(p.press(channel, b, &offer, "Accept"));
    settled(fake, &token, 2).await
}

// ---------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_client_against_a_discord_compatible_server() {
    let spec = Arc::new(Spec::load());
    let fake = Fake::start(Arc::clone(&spec)).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("db");
    let mut p = Payloads {
        next: 0,
        threads: vec![(LOBBY.to_string(), THREAD.to_string())],
    };
    let bot = Bot::start(&fake, &db, &dir.path().join("run1.log"), Some(GUILD_ID));
    commands_registered_in_the_guild(&fake).await;
    user_install::commands_usable_everywhere(&fake);
    a_challenge_accepted_by_bob(&fake, &mut p).await;
    let first = a_thread_game_autocomplete_and_private_mistakes(&fake, &mut p).await;
    a_whole_game_by_slash_commands(&fake, &mut p, &first).await;
    a_thread_per_game_and_threads_off(&fake, &mut p, &first).await;
    timed_events_in_the_channel(&fake, &mut p).await;
    without_attach_files(&fake, &mut p, &first).await;
    against_the_bot_and_a_failed_edit(&fake, &mut p).await;
    user_install::a_game_in_a_group_dm(&fake, &mut p).await;
    user_install::against_the_bot_in_its_dm(&fake, &mut p).await;
    cards::every_title_by_cards_only(&fake, &mut p).await;
    tournament::a_round_robin_in_threads(&fake, &mut p).await;
    sigterm_with_a_bot_move_in_flight(&fake, &mut p, bot, &db).await;
    restart_with_global_commands(&fake, &mut p, &db, &dir.path().join("run2.log")).await;
    the_protocol_was_kept(&fake).await;
}

/// Start-up: gateway, READY, guild commands; stale global ones removed.
async fn commands_registered_in_the_guild(fake: &Fake) {
    let registered = fake
        .wait_for("guild commands and an empty global list", |s| {
            let guild = s.commands.get(GUILD_ID)?;
            let global = s.commands.get("global")?;
            Some((guild.len(), global.len(), s.connected))
        })
        .await;
    assert_eq!(
        registered.0,
        cairn_bot::COMMANDS.len(),
        "every command in the guild"
    );
    assert_eq!(registered.1, 0, "no global commands beside the guild's");
    assert!(registered.2, "connected to the gateway");
    assert!(fake.with(|s| s
        .requests
        .iter()
        .any(|r| r.path == "/gateway" || r.path == "/gateway/bot")));
}

/// A challenge: one public message with buttons for Bob, who is pinged;
/// Carol's press is refused privately; Bob's disables the buttons and posts
/// the board.
async fn a_challenge_accepted_by_bob(fake: &Fake, p: &mut Payloads) {
    let token = fake.interact(p.challenge(LOBBY, ALICE, "sight", BOB, false));
    let challenge = settled(fake, &token, 1).await;
    assert_eq!(challenge.callbacks, [4], "answered in one response");
    let offer = challenge.messages()[0].clone();
    assert!(!offer.ephemeral);
    assert_eq!(offer.pings, [BOB.0]);
    // -- Accept pressed by Carol: only she is told, privately.
    let token = fake.interact(p.press(LOBBY, CAROL, &offer, "Accept"));
    let wrong = settled(fake, &token, 1).await;
    assert_eq!(wrong.callbacks, [4]);
    assert!(wrong.messages()[0].ephemeral);
    assert!(
        wrong.messages()[0].content.contains("not for you"),
        "{:?}",
        wrong.messages()[0]
    );
    // -- Accepted by Bob: the buttons are disabled and the board is posted.
    let token = fake.interact(p.press(LOBBY, BOB, &offer, "Accept"));
    let accepted = settled(fake, &token, 2).await;
    assert_eq!(accepted.callbacks, [6]);
    let disabled = &accepted
        .original
        .as_ref()
        .expect("the challenge message")
        .components;
    assert!(
        disabled
            .iter()
            .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
            .all(|b| b["disabled"] == true),
        "{disabled:?}"
    );
    assert!(
        has_board(&accepted.followups[0]),
        "{:?}",
        accepted.followups
    );
    assert_eq!(accepted.followups[0].pings, [ALICE.0], "Alice moves first");
}

/// A game in a thread (its own channel) while the lobby's goes on;
/// autocomplete offers legal turns only; a stranger's move and an illegal
/// move are answered privately at once. Returns the thread game's first
/// turn.
async fn a_thread_game_autocomplete_and_private_mistakes(fake: &Fake, p: &mut Payloads) -> String {
    // -- A game in a thread (its own channel) while the lobby's goes on.
    let thread = start_game(fake, p, THREAD, BOB, CAROL, "sight").await;
    assert!(has_board(&thread.followups[0]));
    let first = legal("sight", &[]).0[0].clone();
    let token = fake.interact(p.mv(THREAD, BOB, &first));
    let moved = settled(fake, &token, 1).await;
    assert!(has_board(moved.messages()[0]) && moved.callbacks == [4]);

    // -- /move autocomplete offers legal turns only.
    let token = fake.interact(p.autocomplete(LOBBY, ALICE, ""));
    let offered = fake
        .wait_for("autocomplete choices", |s| {
            s.exchanges.get(&token)?.choices.clone()
        })
        .await;
    let (turns, _) = legal("sight", &[]);
    assert!(!offered.is_empty());
    assert!(
        offered.iter().all(|c| turns.contains(c)),
        "{offered:?} not all in {turns:?}"
    );

    // -- A move by a third user and an illegal move: one private answer
    // each, in one request (no deferral, no placeholder).
    for (who, turn) in [(CAROL, first.as_str()), (ALICE, "z9")] {
        let token = fake.interact(p.mv(LOBBY, who, turn));
        settled(fake, &token, 1).await;
        let answer = quiet(fake, &token).await;
        assert_eq!(answer.callbacks, [4], "{who:?} {turn}: answered at once");
        assert_eq!(answer.requests, 1, "{who:?} {turn}: one request");
        let messages = answer.messages();
        assert_eq!(messages.len(), 1);
        assert!(
            messages[0].ephemeral,
            "a mistake is private: {:?}",
            messages[0]
        );
    }

    first
}

/// The lobby's whole game, by slash commands, alternating Alice and Bob,
/// to the replay; the thread's game was untouched by it.
async fn a_whole_game_by_slash_commands(fake: &Fake, p: &mut Payloads, first: &str) {
    let moves = play_sight_to_the_end(fake, p, LOBBY).await;
    assert!(moves.len() >= 5, "{moves:?}");

    // -- The thread's game was untouched by the lobby's.
    let (turns, _) = legal("sight", &[first.to_string()]);
    let token = fake.interact(p.mv(THREAD, CAROL, &turns[0]));
    assert!(has_board(settled(fake, &token, 1).await.messages()[0]));
}

/// Alice and Bob play the Sight game of `channel` to its end by `/move`,
/// each turn the first legal one: one response per turn with the board,
/// the next player pinged, the replay with the final board. The turns.
async fn play_sight_to_the_end(fake: &Fake, p: &mut Payloads, channel: &str) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    let mut last = None;
    loop {
        let (turns, over) = legal("sight", &moves);
        if over {
            break;
        }
        let turn = turns[0].clone();
        let (mover, next) = if moves.len().is_multiple_of(2) {
            (ALICE, BOB)
        } else {
            (BOB, ALICE)
        };
        let token = fake.interact(p.mv(channel, mover, &turn));
        moves.push(turn.clone());
        let over = legal("sight", &moves).1;
        // The last turn's card is followed by the replay.
        let answer = settled(fake, &token, if over { 2 } else { 1 }).await;
        assert_eq!(answer.callbacks, [4], "move {turn}: one response");
        let shown = answer.messages()[0].clone();
        assert!(
            has_board(&shown) && shown.card_board(),
            "move {turn}: a card: {shown:?}"
        );
        if !over {
            assert_eq!(shown.pings, [next.0], "the next player is pinged");
        }
        last = Some(answer);
    }
    let last = last.expect("moves were played");
    let files: Vec<&String> = last.messages().iter().flat_map(|m| &m.files).collect();
    assert!(
        files.len() == 2 && files[1].ends_with("-replay.gif"),
        "the final board comes with the replay: {files:?}"
    );
    let end = last.messages()[0].text();
    assert!(
        end.contains(" wins: ") || end.contains("Draw"),
        "{} moves; the end: {end}",
        moves.len()
    );
    moves
}

/// A thread per game: accepted in a text channel where the bot may open
/// threads, the game moves into a new thread named after it; then
/// `/settings threads=off` keeps games in the channel.
async fn a_thread_per_game_and_threads_off(fake: &Fake, p: &mut Payloads, first: &str) {
    // -- A thread per game: accepted in a text channel where the bot may
    // open threads, the game moves into a new thread named after it; the
    // channel gets one line linking there, the thread the board and both
    // players' pings.
    let moved_game = start_game(fake, p, THREADED, ALICE, BOB, "sight").await;
    let (parent, thread_id, name) = fake
        .with(|s| s.threads.first().cloned())
        .expect("a thread was opened");
    assert_eq!(parent, THREADED);
    assert_eq!(name, "Sight: alice vs bob");
    let line = &moved_game.followups[0];
    assert!(
        line.content.contains(&format!("<#{thread_id}>")) && line.files.is_empty(),
        "{line:?}"
    );
    let opening = fake
        .wait_for("the game's start in its thread", |s| {
            s.posted.get(&thread_id)?.first().cloned()
        })
        .await;
    assert!(has_board(&opening), "{opening:?}");
    let mut pinged = opening.pings.clone();
    pinged.sort();
    assert_eq!(pinged, [ALICE.0, BOB.0], "both players join the thread");
    p.threads.push((THREADED.to_string(), thread_id.clone()));
    // The game is played in the thread; the channel is free for the next.
    let token = fake.interact(p.mv(&thread_id, ALICE, first));
    assert!(has_board(settled(fake, &token, 1).await.messages()[0]));
    let token = fake.interact(p.slash(THREADED, ALICE, "board", json!([])));
    let free = settled(fake, &token, 1).await;
    assert!(free.messages()[0].ephemeral, "{:?}", free.messages());
    // -- `/settings threads=off`: refused to Carol (no Manage Server),
    // done by Alice; then games stay in the channel.
    let off = json!([{ "type": 3, "name": "threads", "value": "off" }]);
    let token = fake.interact(p.slash(THREADED, CAROL, "settings", off.clone()));
    let refused = settled(fake, &token, 1).await;
    assert!(
        refused.messages()[0].ephemeral
            && refused.messages()[0].content.contains("manage this server"),
        "{:?}",
        refused.messages()
    );
    let token = fake.interact(p.slash(THREADED, ALICE, "settings", off));
    let done = settled(fake, &token, 1).await;
    assert!(
        done.messages()[0].content.contains("threads=off"),
        "{:?}",
        done.messages()
    );
    let stays = start_game(fake, p, THREADED, BOB, CAROL, "sight").await;
    assert!(has_board(&stays.followups[0]), "{:?}", stays.followups);
    assert_eq!(fake.with(|s| s.threads.len()), 1, "no second thread");
}

/// Timed events as channel messages with mentions: a reminder when half
/// the time is used, then the loss on time with both players.
async fn timed_events_in_the_channel(fake: &Fake, p: &mut Payloads) {
    // half the time is used, then the loss on time with both players.
    let token = fake.interact(p.slash(
        TIMED,
        ALICE,
        "challenge",
        json!([
            { "type": 3, "name": "game", "value": "sight" },
            { "type": 6, "name": "opponent", "value": BOB.0 },
            { "type": 3, "name": "clock", "value": "4s" }
        ]),
    ));
    let offer = settled(fake, &token, 1).await.messages()[0].clone();
    let token = fake.interact(p.press(TIMED, BOB, &offer, "Accept"));
    settled(fake, &token, 2).await;
    let timeout = fake
        .wait_for("the loss on time in the channel", |s| {
            let posted = s.posted.get(TIMED)?;
            posted
                .iter()
                .any(|m| m.text().contains("ran out of time"))
                .then(|| posted.clone())
        })
        .await;
    let reminder = timeout
        .iter()
        .find(|m| !m.text().contains("ran out of time"))
        .expect("a reminder before the timeout");
    assert_eq!(reminder.pings, [ALICE.0], "{reminder:?}");
    let end = timeout
        .iter()
        .find(|m| m.text().contains("ran out of time"))
        .expect("the timeout");
    let mut pinged = end.pings.clone();
    pinged.sort();
    assert_eq!(pinged, [ALICE.0, BOB.0], "{end:?}");
    assert!(has_board(end), "the final board: {end:?}");
    println!(
        "discord wire: {} timed messages in the channel, the last: {}",
        timeout.len(),
        end.text()
            .lines()
            .find(|l| l.contains("ran out of time"))
            .unwrap_or_default()
    );
}

/// Fix 1: no Attach Files: the text board and one line naming it.
async fn without_attach_files(fake: &Fake, p: &mut Payloads, first: &str) {
    let game = start_game(fake, p, NO_FILES, ALICE, BOB, "sight").await;
    let shown = &game.followups[0];
    assert!(
        shown.files.is_empty() && shown.embeds.is_empty(),
        "{shown:?}"
    );
    assert!(
        shown.text().contains("```") && shown.text().contains("Attach Files"),
        "{}",
        shown.text()
    );
    assert!(!shown.text().contains("Embed Links"));
    let token = fake.interact(p.mv(NO_FILES, ALICE, first));
    let moved = settled(fake, &token, 1).await;
    assert!(
        moved.messages()[0].text().contains("Attach Files"),
        "{:?}",
        moved.messages()
    );
}

/// A game against the bot: its thinking is deferred, then the edit shows
/// the player's move and a follow-up the bot's; when the edit fails with
/// 500 (fix 2) the reply comes as a follow-up and nothing stays thinking.
async fn against_the_bot_and_a_failed_edit(fake: &Fake, p: &mut Payloads) {
    // shows the player's move and a follow-up the bot's.
    let token = fake.interact(p.challenge(
        VERSUS_BOT,
        ALICE,
        "callanish",
        ("775799577604522054", "Cairn"),
        true,
    ));
    let started = settled(fake, &token, 1).await;
    assert!(has_board(started.messages()[0]), "{:?}", started.messages());
    // The centre: a corner (the first legal cell) can be shut in at
    // once, and the strongest level would then answer its win at once.
    let opening = CALLANISH_19_CENTRE;
    let (turns, _) = legal_in("callanish", &["size=19"]);
    assert!(turns.iter().any(|t| t == opening), "{opening} opens");
    let token = fake.interact(p.mv(VERSUS_BOT, ALICE, opening));
    let versus = settled(fake, &token, 2).await;
    assert_eq!(versus.callbacks, [5], "the bot's thinking is deferred");
    assert!(has_board(versus.original.as_ref().expect("edited")));
    assert!(
        versus.followups.iter().any(|m| m.text().contains("Cairn")),
        "{:?}",
        versus.followups
    );

    // -- Fix 2: where the edit of a deferral would fail with 500, nothing
    // stays "thinking": a card never depends on that edit (it is the
    // follow-up that takes the deferral's place).
    fake.set(|s| {
        s.failing_edits.insert(FLAKY.to_string());
    });
    let token = fake.interact(p.challenge(
        FLAKY,
        ALICE,
        "callanish",
        ("775799577604522054", "Cairn"),
        true,
    ));
    settled(fake, &token, 1).await;
    let token = fake.interact(p.mv(FLAKY, ALICE, opening));
    let flaky = settled(fake, &token, 2).await;
    assert_eq!(flaky.callbacks, [5]);
    assert!(!flaky.thinking);
    assert!(has_board(
        flaky
            .original
            .as_ref()
            .expect("the fallback took the deferral's place")
    ));
    assert!(
        fake.with(|s| !s
            .requests
            .iter()
            .any(|r| r.method == "PATCH" && r.status == 500)),
        "no card waited on an edit"
    );
}

/// Fix 5: SIGTERM while the bot thinks: the move in flight is finished,
/// the gateway closed, the process exits with 0 within 10 s.
async fn sigterm_with_a_bot_move_in_flight(fake: &Fake, p: &mut Payloads, mut bot: Bot, db: &Path) {
    let token = a_deferred_bot_turn(fake, p).await;
    bot.signal("TERM");
    let (status, took) = bot.exit().await;
    let log = bot.log();
    assert_eq!(status.code(), Some(0), "exit status; log:\n{log}");
    assert!(took < Duration::from_secs(10), "took {took:?}");
    let finished = fake.exchange(&token);
    assert!(
        !finished.thinking && has_board(finished.original.as_ref().expect("edited")),
        "the command in flight was finished: {finished:?}\n{log}"
    );
    assert!(
        fake.with(|s| s.closes.contains(&1000)),
        "the gateway was closed: {:?}",
        fake.with(|s| s.closes.clone())
    );
    assert!(log.contains("database flushed"), "{log}");
    assert_db_clean(db);
    println!(
        "discord wire: SIGTERM with a bot move in flight: exit 0 after {took:?}, database clean"
    );
}

/// A fresh game against the bot at its strongest in its own channel, Alice
/// opening in the centre: the bot's first turn searches its whole
/// deadline (no quick win or forced reply there), so its answer is
/// deferred past the test's 400 ms window. The deferred interaction's
/// token.
async fn a_deferred_bot_turn(fake: &Fake, p: &mut Payloads) -> String {
    let token = fake.interact(p.challenge(
        SIGTERM_BOT,
        ALICE,
        "callanish",
        ("775799577604522054", "Cairn"),
        true,
    ));
    settled(fake, &token, 1).await;
    let token = fake.interact(p.mv(SIGTERM_BOT, ALICE, CALLANISH_19_CENTRE));
    let first = fake
        .wait_for("the first answer", |s| {
            s.exchanges.get(&token)?.callbacks.first().copied()
        })
        .await;
    assert_eq!(first, 5, "the bot's answer to the centre is deferred");
    token
}

/// Fix 6: restarted without DISCORD_GUILD_ID: global commands, and the
/// guild's are removed; the game survived; SIGINT exits with 0.
async fn restart_with_global_commands(fake: &Fake, p: &mut Payloads, db: &Path, log: &Path) {
    fake.set(|s| s.commands.clear());
    let mut bot = Bot::start(fake, db, log, None);
    let scopes = fake
        .wait_for("global commands and an empty guild list", |s| {
            Some((
                s.commands.get("global")?.len(),
                s.commands.get(GUILD_ID)?.len(),
            ))
        })
        .await;
    assert_eq!(scopes, (cairn_bot::COMMANDS.len(), 0));
    // The game survived the restart, with the move made during the shutdown.
    let board = fake.interact(p.slash(SIGTERM_BOT, ALICE, "board", json!([])));
    let shown = settled(fake, &board, 1).await;
    assert!(has_board(shown.messages()[0]), "{:?}", shown.messages());
    bot.signal("INT");
    let (status, took) = bot.exit().await;
    assert_eq!(status.code(), Some(0), "after SIGINT; log:\n{}", bot.log());
    assert!(took < Duration::from_secs(10), "took {took:?}");
    println!("discord wire: SIGINT: exit 0 after {took:?}");
}

/// The protocol: no body the spec refuses, no unknown route, one gateway
/// session per run.
async fn the_protocol_was_kept(fake: &Fake) {
    // gateway session per run.
    let (validated, refused, unknown, identifies, heartbeats, uploads) = fake.with(|s| {
        (
            s.validated,
            s.refused.clone(),
            s.requests
                .iter()
                .filter(|r| r.status == 404)
                .map(|r| format!("{} {}", r.method, r.path))
                .collect::<Vec<_>>(),
            s.identifies,
            s.heartbeats,
            s.requests
                .iter()
                .filter(|r| !r.files.is_empty())
                .map(|r| r.body.is_some())
                .collect::<Vec<_>>(),
        )
    });
    assert!(heartbeats > 0, "heartbeats were sent and acknowledged");
    assert!(
        uploads.len() > 10 && uploads.iter().all(|with_payload| *with_payload),
        "board uploads, each with its payload_json"
    );
    assert!(
        refused.is_empty(),
        "bodies Discord's spec refuses: {refused:#?}"
    );
    assert!(unknown.is_empty(), "unknown routes: {unknown:?}");
    assert_eq!(identifies, 2, "one gateway session per run");
    let bodies = fake.with(|s| s.requests.iter().filter(|r| r.body.is_some()).count());
    assert_eq!(validated, bodies, "every body was validated");
    assert!(validated > 40, "{validated}");
    println!(
        "discord wire: {validated} REST request bodies validated against Discord's OpenAPI spec"
    );
}

/// A legal turn for `who` in `channel`, from the bot's own autocomplete.
/// The reply to the turn before may come (deferred) before that turn is
/// stored, and until then it is not `who`'s turn: ask again a few times.
async fn next_turn_in(fake: &Fake, p: &mut Payloads, channel: &str, who: (&str, &str)) -> String {
    for _ in 0..50 {
        let token = fake.interact(p.autocomplete(channel, who, ""));
        let choices = fake
            .wait_for("autocomplete choices", |s| {
                s.exchanges.get(&token)?.choices.clone()
            })
            .await;
        if let Some(turn) = choices.into_iter().next() {
            return turn;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no legal turn for {} in {channel}", who.1)
}

/// `cairn db check` finds every record of the database readable.
fn assert_db_clean(db: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["db", "check"])
        .env("CAIRN_DB", db)
        .env("CAIRN_CONFIG", db.with_extension("toml"))
        .env("RUST_LOG", "off")
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .output()
        .expect("run cairn db check");
    assert!(
        out.status.success(),
        "cairn db check: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `who` says `command` in the Discord channel `channel`, to a bot core
/// running in the test (not the binary), with mentions for `<@id>`.
fn say_directly(bot: &cairn_bot::Bot, channel: &str, who: (&str, &str), command: &str) -> String {
    let mentions = [ALICE, BOB, CAROL]
        .into_iter()
        .filter(|(id, _)| command.contains(&format!("<@{id}>")))
        .map(|(id, name)| cairn_bot::User::new(id, name))
        .collect();
    let replies = bot.handle(&cairn_bot::Request {
        platform: "discord".into(),
        channel: channel.into(),
        user: cairn_bot::User::new(who.0, who.1),
        command: command.into(),
        mentions,
        capabilities: cairn::platform::discord::CAPABILITIES,
        ..Default::default()
    });
    replies
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `games` games (the opponent to move, on the default clock of three
/// days a move) started 40 hours ago by the clock of a bot core run in the
/// test: each has its first reminder (at half time) due. In the first
/// `by_dm` channels the opponent is Carol, who wants hers by direct
/// message; in the others Bob, pinged in the channel.
fn games_with_reminders_due(db: &Path, games: usize, by_dm: usize) -> Vec<String> {
    use cairn_store::clock::{ManualClock, HOUR_MS};
    let clock = ManualClock::at(cairn_store::now_ms() - 40 * HOUR_MS);
    let store = cairn_store::Store::open(db).expect("open the database");
    let bot = cairn_bot::Bot::new(
        store,
        cairn_bot::BotConfig {
            images: false,
            clock: Arc::new(clock),
            ..cairn_bot::BotConfig::default()
        },
    );
    let said = say_directly(&bot, "645027906669599999", CAROL, "notify dm");
    assert!(!said.is_empty());
    let channels: Vec<String> = (0..games)
        .map(|n| (645_027_906_669_600_000u64 + n as u64).to_string())
        .collect();
    for (n, channel) in channels.iter().enumerate() {
        let opponent = if n < by_dm { CAROL } else { BOB };
        let command = format!("challenge sight <@{}> as=black", opponent.0);
        let said = say_directly(&bot, channel, ALICE, &command);
        assert!(said.contains(opponent.1), "{said}");
        let said = say_directly(&bot, channel, opponent, "accept");
        assert!(!said.is_empty());
    }
    channels
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_reminders_at_once_within_discords_rate_limits() {
    const GAMES: usize = 200;
    const BY_DM: usize = 12;
    let spec = Arc::new(Spec::load());
    let fake = Fake::start(Arc::clone(&spec)).await;
    fake.set(|s| {
        s.limits = Some(Limits {
            per_channel: 5,
            window: Duration::from_millis(1500),
            global_per_second: 50,
            refuse_every: 23,
            retry_after: Duration::from_millis(1000),
            global_at: vec![101],
        })
    });
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("db");
    let channels = games_with_reminders_due(&db, GAMES, BY_DM);
    let began = Instant::now();
    let mut bot = Bot::start(&fake, &db, &dir.path().join("burst.log"), Some(GUILD_ID));
    let accepted = |s: &server::State| s.limited.arrivals.iter().filter(|(_, ok)| *ok).count();
    let mut waited = 0;
    while fake.with(accepted) < GAMES && waited < 240 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        waited += 1;
    }
    let took = began.elapsed();
    // A little longer: nothing more may come (no reminder twice).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let log = bot.log();
    let (arrivals, refused, violations, posted) = fake.with(|s| {
        (
            s.limited.arrivals.clone(),
            s.limited.refused.clone(),
            s.limited.violations.clone(),
            s.posted.clone(),
        )
    });
    let delivered: Vec<&String> = arrivals
        .iter()
        .filter(|(_, ok)| *ok)
        .map(|(c, _)| c)
        .collect();
    assert_eq!(delivered.len(), GAMES, "every reminder, once; log:\n{log}");
    assert!(
        violations.is_empty(),
        "requests Discord would refuse: {violations:#?}"
    );
    // Retries came, and every refused message was delivered after them.
    assert!(
        refused.iter().any(|(_, global)| *global),
        "the global 429 was met"
    );
    assert!(
        refused.iter().filter(|(_, global)| !global).count() >= 5,
        "{refused:?}"
    );
    // One at a time, in order: a refused message is sent again before
    // the next one.
    for pair in arrivals.windows(2) {
        if !pair[0].1 {
            assert_eq!(
                pair[0].0, pair[1].0,
                "a retry comes before the next message"
            );
        }
    }
    // Carol's direct messages all go to one channel; Bob is pinged in
    // each of the others.
    let dm_channels: Vec<&String> = posted.keys().filter(|c| !channels.contains(c)).collect();
    assert_eq!(dm_channels.len(), 1, "{dm_channels:?}");
    assert_eq!(posted[dm_channels[0]].len(), BY_DM);
    for channel in &channels[BY_DM..] {
        let msgs = posted.get(channel).map_or(0, Vec::len);
        assert_eq!(msgs, 1, "one reminder in {channel}");
        assert!(posted[channel][0].pings.contains(&BOB.0.to_string()));
    }
    bot.signal("TERM");
    let (status, _) = bot.exit().await;
    assert_eq!(status.code(), Some(0), "{}", bot.log());
    println!(
        "discord wire: {GAMES} reminders due at once delivered in {took:.1?}: {} requests, {} answered 429 ({} global), 0 sent against an exhausted bucket or before a Retry-After",
        arrivals.len(),
        refused.len(),
        refused.iter().filter(|(_, g)| *g).count(),
    );
}

/// The validator is not a rubber stamp: bodies that break Discord's spec
/// are refused, and the server answers them with 400.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_spec_refuses_wrong_bodies() {
    let spec = Arc::new(Spec::load());
    let good = json!({ "type": 4, "data": { "content": "Hello", "flags": 64 } });
    spec.check("POST", "/interactions/1/abc/callback", &good)
        .expect("a valid callback");
    let wrong = [
        (
            "POST",
            "/interactions/1/abc/callback",
            json!({ "type": 4, "data": { "content": "x".repeat(2001) } }),
        ),
        (
            "POST",
            "/interactions/1/abc/callback",
            json!({ "type": 99 }),
        ),
        (
            "PUT",
            "/applications/1/guilds/2/commands",
            json!([{ "name": "x".repeat(40), "description": "too long a name" }]),
        ),
        ("POST", "/webhooks/1/abc", json!({ "content": 5 })),
        (
            "PATCH",
            "/webhooks/1/abc/messages/@original",
            json!({ "embeds": [{ "title": "x".repeat(300) }] }),
        ),
    ];
    for (method, path, body) in &wrong {
        match spec.check(method, path, body) {
            Err(Refusal::Invalid(errors)) => assert!(!errors.is_empty()),
            other => panic!("{method} {path} {body}: expected a refusal, got {other:?}"),
        }
    }
    assert!(matches!(
        spec.check("POST", "/no/such/route", &good),
        Err(Refusal::UnknownRoute)
    ));

    // The server answers a refused body with 400, as Discord does.
    let fake = Fake::start(spec).await;
    let address = fake.base.trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connect");
    let body = json!({ "type": 99 }).to_string();
    let request = format!(
        "POST /api/v10/interactions/1/abc/callback HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bot {TOKEN}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert_eq!(fake.with(|s| s.refused.len()), 1);
}
