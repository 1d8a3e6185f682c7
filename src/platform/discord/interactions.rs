//! The live client: gateway events in, Discord REST calls out, command
//! registration, and a clean shutdown.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use anyhow::{bail, Context as _};
use serenity::all::{
    ChannelId, ChannelType, Client, ClientBuilder, Command, CommandInteraction,
    ComponentInteraction, Context, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, EventHandler, GatewayIntents, GuildId, HttpBuilder,
    Interaction, PartialChannel, Permissions, Ready,
};
use tokio::sync::{watch, Semaphore};

use super::card::CardResponse;
use super::commands::{
    autocomplete_response, autocomplete_values, button_check, command_definitions, not_for_you,
    own_words, parse_shards, request_from_command, ButtonCheck, Shards,
};
use super::notices;
use super::outgoing::{Outgoing, SharedOutgoing};
use super::replies::{
    button_steps, card_of, command_steps, defer_response, ephemeral_response, files_apart,
    fit_to_permissions, followup_builder, followup_step, response_builder, within_followup_limit,
    Allowed, Step,
};
use super::workers::{self, CoreWorkers};
use super::PLATFORM;
use crate::config::DiscordConfig;
use cairn_bot::{Bot, Input, Reply, Request, User};

/// A command whose replies are ready within this time is answered with
/// them directly (one request); a slower one (the bot opponent thinking) is
/// deferred first. Discord wants an answer within 3 s.
pub const ANSWER_AT_ONCE: Duration = Duration::from_millis(1500);

/// [`ANSWER_AT_ONCE`], or `CAIRN_DISCORD_ANSWER_MS` (a testing setting:
/// the protocol test shortens it so a bot search is deferred however fast
/// the engine has become).
fn answer_at_once() -> Duration {
    static WINDOW: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *WINDOW.get_or_init(|| {
        std::env::var("CAIRN_DISCORD_ANSWER_MS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .map_or(ANSWER_AT_ONCE, Duration::from_millis)
    })
}
/// Autocomplete answers within this time or with no choices (Discord drops
/// answers after 3 s).
pub const AUTOCOMPLETE_BUDGET: Duration = Duration::from_secs(2);
/// At most this many interactions are handled at once.
const IN_FLIGHT: u32 = 1024;
/// How long a shutdown waits for the commands in flight.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(7);
/// The file (in the database directory) that remembers where the commands
/// were registered last.
const SCOPE_FILE: &str = "discord-command-scope";

/// What the process gives the Discord client besides its settings.
pub struct RunOptions {
    /// Where to remember the scope of the registered commands (the
    /// database directory); `None` forgets it.
    pub state_dir: Option<PathBuf>,
    /// Turns `true` when the process is asked to stop (SIGTERM, SIGINT).
    pub shutdown: watch::Receiver<bool>,
}

/// Where the slash commands were registered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    Global,
    Guild(u64),
}

impl Scope {
    fn read(path: &Path) -> Option<Scope> {
        let text = std::fs::read_to_string(path).ok()?;
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["global"] => Some(Scope::Global),
            ["guild", id] => id.parse().ok().map(Scope::Guild),
            _ => None,
        }
    }

    fn write(self, path: &Path) -> std::io::Result<()> {
        let text = match self {
            Scope::Global => "global\n".to_string(),
            Scope::Guild(id) => format!("guild {id}\n"),
        };
        std::fs::write(path, text)
    }
}

/// The bot with its Discord identity, once READY has told it.
struct Handler {
    bot: RwLock<Bot>,
    guild_id: Option<u64>,
    registered: AtomicBool,
    workers: CoreWorkers,
    /// One permit per interaction being handled; a shutdown takes them all.
    in_flight: Arc<Semaphore>,
    scope_file: Option<PathBuf>,
    /// Cairn's own messages (a game's thread and its opening), paced in
    /// the queue the scheduler's deliveries use.
    outgoing: SharedOutgoing,
}

/// Log a failed Discord call with what it was for.
fn respond<T, E: std::fmt::Display>(
    result: Result<T, E>,
    what: &str,
    interaction: impl std::fmt::Display,
) {
    if let Err(error) = result {
        tracing::warn!(%error, %interaction, "Discord refused {what}");
    }
}

/// Send the steps through an interaction (slash command or button), in
/// order. A refused edit is replaced by its fallback follow-up (which
/// pings, so the ping step after it is skipped); if that fails too, a short
/// follow-up says so.
macro_rules! perform {
    ($ctx:expr, $interaction:expr, $steps:expr) => {{
        let id = $interaction.id;
        let channel = $interaction.channel_id;
        let mut edit_replaced = false;
        for step in $steps {
            match step {
                Step::Edit { edit, fallback } => {
                    edit_replaced = false;
                    let Err(error) = $interaction.edit_response(&$ctx.http, edit).await else {
                        continue;
                    };
                    tracing::warn!(%error, interaction = %id, %channel, "Discord refused the edit of the response; sending it as a follow-up");
                    let Some(fallback) = fallback else { continue };
                    edit_replaced = true;
                    if let Err(error) = $interaction.create_followup(&$ctx.http, fallback).await {
                        tracing::error!(%error, interaction = %id, %channel, "Discord refused the follow-up in place of the edit too");
                        let short = CreateInteractionResponseFollowup::new()
                            .content(own_words(&$interaction.locale, "discord-could-not-post"))
                            .allowed_mentions(CreateAllowedMentions::new());
                        respond($interaction.create_followup(&$ctx.http, short).await, "the short error", id);
                    }
                }
                Step::Ping(ping) => {
                    if !edit_replaced {
                        respond($interaction.create_followup(&$ctx.http, ping).await, "a ping", id);
                    }
                }
                Step::Followup(message) => {
                    respond($interaction.create_followup(&$ctx.http, message).await, "a follow-up", id);
                }
                Step::DeleteOriginal => {
                    respond($interaction.delete_response(&$ctx.http).await, "the deletion of the response", id);
                }
                Step::Card(card) => {
                    let sent = $ctx.http.create_followup_message(&$interaction.token, &card.body, card.files).await;
                    respond(sent, "a card", id);
                }
            }
        }
    }};
}

/// The replies were ready at once: the first is the response (a card as a
/// Components V2 message), the rest follow. (A macro: slash commands and
/// component presses are different types with the same calls.)
macro_rules! answer_at_once {
    ($ctx:expr, $interaction:expr, $replies:expr) => {{
        let replies: &[Reply] = $replies;
        let id = $interaction.id;
        match replies.split_first() {
            None => respond(
                $interaction
                    .create_response(
                        &$ctx.http,
                        ephemeral_response(&own_words(&$interaction.locale, "discord-done")),
                    )
                    .await,
                "an ephemeral answer",
                id,
            ),
            Some((first, rest)) => {
                let answered = match card_of(first, true) {
                    Some(card) => $ctx
                        .http
                        .create_interaction_response(
                            id,
                            &$interaction.token,
                            &CardResponse { kind: 4, data: &card.body },
                            card.files,
                        )
                        .await,
                    None => $interaction.create_response(&$ctx.http, response_builder(first)).await,
                };
                if let Err(error) = answered {
                    tracing::warn!(%error, interaction = %id, channel = %$interaction.channel_id, "Discord refused the answer; sending a short one");
                    respond(
                        $interaction
                            .create_response(
                                &$ctx.http,
                                ephemeral_response(&own_words(&$interaction.locale, "discord-could-not-post")),
                            )
                            .await,
                        "the short error",
                        id,
                    );
                } else {
                    for reply in rest {
                        match followup_step(reply) {
                            Step::Card(card) => respond(
                                $ctx.http.create_followup_message(&$interaction.token, &card.body, card.files).await,
                                "a card",
                                id,
                            ),
                            _ => respond(
                                $interaction.create_followup(&$ctx.http, followup_builder(reply)).await,
                                "a follow-up",
                                id,
                            ),
                        }
                    }
                }
            }
        }
    }};
}

/// Whether a game started here may move into a new public thread: the
/// channel is a server text channel (not a thread already) and the app may
/// create public threads and post in them.
fn may_open_thread(channel: Option<&PartialChannel>, permissions: Option<Permissions>) -> bool {
    let text_channel = channel.is_some_and(|c| c.kind == ChannelType::Text);
    let needed = Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
    text_channel && permissions.is_some_and(|p| p.contains(needed))
}

/// The first reply asks for a thread (see [`Reply::thread`]) and one may be
/// opened here.
fn wants_thread(
    replies: &[Reply],
    channel: Option<&PartialChannel>,
    permissions: Option<Permissions>,
) -> bool {
    replies.first().is_some_and(|r| r.thread.is_some()) && may_open_thread(channel, permissions)
}

/// The replies as the channel's permissions allow, within Discord's limit
/// of follow-ups.
fn fit_all(replies: &[Reply], allowed: Allowed) -> Vec<Reply> {
    within_followup_limit(files_apart(
        replies
            .iter()
            .map(|r| fit_to_permissions(r, allowed))
            .collect(),
    ))
}

impl Handler {
    fn bot(&self) -> Bot {
        match self.bot.read() {
            Ok(bot) => bot.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Register the commands in the configured scope and empty the other
    /// one (the scope used last, remembered in the database directory), so
    /// nobody sees each command twice after `DISCORD_GUILD_ID` changed.
    async fn register(&self, ctx: &Context) {
        if self.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        let commands = command_definitions();
        let scope = match self.guild_id {
            Some(guild) => Scope::Guild(guild),
            None => Scope::Global,
        };
        let result = match scope {
            Scope::Guild(guild) => GuildId::new(guild).set_commands(&ctx.http, commands).await,
            Scope::Global => Command::set_global_commands(&ctx.http, commands).await,
        };
        match result {
            Ok(done) => tracing::info!(count = done.len(), ?scope, "slash commands registered"),
            Err(error) => {
                self.registered.store(false, Ordering::SeqCst);
                tracing::error!(%error, "registering slash commands failed");
                return;
            }
        }
        let previous = self.scope_file.as_deref().and_then(Scope::read);
        let mut stale = Vec::new();
        if let Some(Scope::Guild(old)) = previous {
            if Some(old) != self.guild_id {
                stale.push(Scope::Guild(old));
            }
        }
        // Global commands may be left from a run without a guild (or from
        // before the scope was remembered).
        if scope != Scope::Global && previous != Some(scope) {
            stale.push(Scope::Global);
        }
        let mut cleaned = true;
        for old in stale {
            let result = match old {
                Scope::Guild(guild) => {
                    GuildId::new(guild)
                        .set_commands(&ctx.http, Vec::new())
                        .await
                }
                Scope::Global => Command::set_global_commands(&ctx.http, Vec::new()).await,
            };
            match result {
                Ok(_) => {
                    tracing::info!(scope = ?old, "removed the commands of the scope used before")
                }
                Err(error) => {
                    cleaned = false;
                    tracing::warn!(%error, scope = ?old, "could not remove the commands of the scope used before");
                }
            }
        }
        if let (true, Some(path)) = (cleaned, &self.scope_file) {
            if let Err(error) = scope.write(path) {
                tracing::warn!(%error, path = %path.display(), "could not remember where the commands are registered");
            }
        }
    }

    /// Move the game the first reply started into a new thread of
    /// `channel`, post that reply there, and leave in its place one line
    /// linking to the thread. Anything refused leaves the game where it is.
    async fn move_into_thread(&self, ctx: &Context, channel: ChannelId, replies: &mut [Reply]) {
        let Some(first) = replies.first_mut() else {
            return;
        };
        let Some(thread) = first.thread.take() else {
            return;
        };
        let name = thread.name;
        let thread_players = thread.players;
        let (before, after) = thread.moved;
        let created = self
            .outgoing
            .lock()
            .await
            .create_thread(channel, &name)
            .await;
        let thread = match created {
            Ok(thread) => thread,
            Err(error) => {
                tracing::warn!(%error, %channel, "could not open a thread for the game; it stays in the channel");
                return;
            }
        };
        let bot = self.bot();
        let (from, to) = (channel.to_string(), thread.to_string());
        let moved = tokio::task::spawn_blocking(move || bot.move_game(PLATFORM, &from, &to)).await;
        match moved {
            Ok(Ok(())) => {}
            outcome => {
                let cause = match outcome {
                    Ok(Err(error)) => error.to_string(),
                    Err(error) => error.to_string(),
                    Ok(Ok(())) => String::new(),
                };
                tracing::warn!(%cause, %channel, %thread, "could not move the game into its thread; it stays in the channel");
                respond(
                    thread.delete(&ctx.http).await,
                    "the deletion of the unused thread",
                    thread,
                );
                return;
            }
        }
        // Both players are pinged there, which adds them to the thread.
        let opening = Reply {
            mentions: thread_players,
            ..first.clone()
        };
        let opened = self.outgoing.lock().await.post(thread, &opening).await;
        match opened {
            Ok(_) => {
                *first = Reply::text(format!("{before}<#{thread}>{after}"));
            }
            Err(error) => {
                tracing::warn!(%error, %thread, "could not post the game's start in its thread; posting it here");
                first
                    .text
                    .push_str(&format!("\n{before}<#{thread}>{after}"));
            }
        }
    }

    async fn on_command(&self, ctx: &Context, interaction: &CommandInteraction) {
        let bot = self.bot();
        let allowed = Allowed::from_permissions(interaction.app_permissions);
        let request = match request_from_command(interaction, bot.config()) {
            Ok(request) => request,
            Err(message) => {
                respond(
                    interaction
                        .create_response(&ctx.http, ephemeral_response(&message))
                        .await,
                    "an ephemeral answer",
                    interaction.id,
                );
                return;
            }
        };
        let (progress, mut notes) = watch::channel(None);
        let work = self.workers.handle_with(bot, request, progress);
        tokio::pin!(work);
        let channel = interaction.channel.as_ref();
        let permissions = interaction.app_permissions;
        let replies = match tokio::time::timeout(answer_at_once(), &mut work).await {
            Ok(replies) if !wants_thread(&replies, channel, permissions) => {
                let replies = fit_all(&replies, allowed);
                answer_at_once!(ctx, interaction, &replies);
                return;
            }
            // Opening the thread takes requests of its own: deferred, so
            // Discord's three seconds cannot run out.
            Ok(replies) => {
                respond(
                    interaction
                        .create_response(&ctx.http, defer_response())
                        .await,
                    "the deferral",
                    interaction.id,
                );
                replies
            }
            Err(_) => {
                let deferred = interaction
                    .create_response(&ctx.http, defer_response())
                    .await;
                if let Err(error) = deferred {
                    tracing::warn!(%error, interaction = %interaction.id, channel = %interaction.channel_id, "deferring failed");
                }
                // While the bot waits for a free search, the deferral
                // shows its place in line; the replies replace it.
                loop {
                    tokio::select! {
                        replies = &mut work => break replies,
                        changed = notes.changed() => {
                            if changed.is_err() {
                                break (&mut work).await;
                            }
                            let note = notes.borrow_and_update().clone();
                            if let Some(note) = note {
                                let edit = serenity::all::EditInteractionResponse::new().content(note);
                                if let Err(error) = interaction.edit_response(&ctx.http, edit).await {
                                    tracing::debug!(%error, "showing the place in line");
                                }
                            }
                        }
                    }
                }
            }
        };
        let mut replies = fit_all(&replies, allowed);
        if wants_thread(&replies, channel, permissions) {
            self.move_into_thread(ctx, interaction.channel_id, &mut replies)
                .await;
        }
        perform!(ctx, interaction, command_steps(&replies));
    }

    async fn on_autocomplete(&self, ctx: &Context, interaction: &CommandInteraction) {
        let bot = self.bot();
        let copy = interaction.clone();
        let values = workers::autocomplete(AUTOCOMPLETE_BUDGET, move || {
            autocomplete_values(&bot, &copy)
        })
        .await
        .unwrap_or_default();
        respond(
            interaction
                .create_response(&ctx.http, autocomplete_response(&values))
                .await,
            "the autocomplete answer",
            interaction.id,
        );
    }

    async fn on_button(&self, ctx: &Context, interaction: &ComponentInteraction) {
        let request = match button_check(interaction) {
            ButtonCheck::Act(request) => *request,
            ButtonCheck::NotForYou => {
                respond(
                    interaction
                        .create_response(&ctx.http, ephemeral_response(&not_for_you(interaction)))
                        .await,
                    "an ephemeral answer",
                    interaction.id,
                );
                return;
            }
            ButtonCheck::Unknown => {
                respond(
                    interaction
                        .create_response(
                            &ctx.http,
                            ephemeral_response(&own_words(
                                &interaction.locale,
                                "discord-button-unused",
                            )),
                        )
                        .await,
                    "an ephemeral answer",
                    interaction.id,
                );
                return;
            }
        };
        if from_card_or_picker(&request) {
            return self.on_card_press(ctx, interaction, request).await;
        }
        if let Err(error) = interaction
            .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
            .await
        {
            tracing::warn!(%error, interaction = %interaction.id, "deferring a button failed");
            return;
        }
        let allowed = Allowed::from_permissions(interaction.app_permissions);
        let replies = self.workers.handle(self.bot(), request).await;
        let mut replies = fit_all(&replies, allowed);
        if wants_thread(
            &replies,
            interaction.channel.as_ref(),
            interaction.app_permissions,
        ) {
            self.move_into_thread(ctx, interaction.channel_id, &mut replies)
                .await;
        }
        perform!(
            ctx,
            interaction,
            button_steps(&replies, &interaction.message)
        );
    }
}

impl Handler {
    /// A press on a game's card or a choice in the picker: answered like a
    /// slash command (at once, or deferred while the bot thinks); the
    /// card pressed stays as it is, a new card follows each turn.
    async fn on_card_press(
        &self,
        ctx: &Context,
        interaction: &ComponentInteraction,
        request: Request,
    ) {
        let allowed = Allowed::from_permissions(interaction.app_permissions);
        let work = self.workers.handle(self.bot(), request);
        tokio::pin!(work);
        let replies = match tokio::time::timeout(answer_at_once(), &mut work).await {
            Ok(replies) => {
                let replies = fit_all(&replies, allowed);
                answer_at_once!(ctx, interaction, &replies);
                return;
            }
            Err(_) => {
                respond(
                    interaction
                        .create_response(&ctx.http, defer_response())
                        .await,
                    "the deferral",
                    interaction.id,
                );
                (&mut work).await
            }
        };
        perform!(ctx, interaction, command_steps(&fit_all(&replies, allowed)));
    }
}

/// A press that came from a game's card (it carries the card's position)
/// or from the picker's menus and buttons.
fn from_card_or_picker(request: &Request) -> bool {
    let picker = matches!(&request.command, Input::Text(text) if text.split_whitespace().next() == Some("pick"));
    request.card.is_some() || picker
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        let me = User::new(ready.user.id.to_string(), ready.user.name.clone());
        tracing::info!(user = %me.name, id = %me.id, shard = ?ready.shard, guilds = ready.guilds.len(), "connected to Discord");
        {
            let mut slot = match self.bot.write() {
                Ok(slot) => slot,
                Err(poisoned) => poisoned.into_inner(),
            };
            if slot.config().bot_user != me {
                let mut config = slot.config().clone();
                let name = me.name.to_ascii_lowercase();
                if !config.bot_aliases.contains(&name) {
                    config.bot_aliases.push(name);
                }
                config.bot_user = me;
                *slot = slot.reconfigured(config);
            }
        }
        self.register(&ctx).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        // Closed once a shutdown has begun: then nothing new starts.
        let Ok(_permit) = Arc::clone(&self.in_flight).acquire_owned().await else {
            return;
        };
        match interaction {
            Interaction::Command(command) => self.on_command(&ctx, &command).await,
            Interaction::Autocomplete(command) => self.on_autocomplete(&ctx, &command).await,
            Interaction::Component(component) => self.on_button(&ctx, &component).await,
            _ => {}
        }
    }
}

/// Resolve once the process is asked to stop (never if nobody can ask).
async fn stop_requested(shutdown: &mut watch::Receiver<bool>) {
    while !*shutdown.borrow_and_update() {
        if shutdown.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// `DISCORD_API_URL` as an origin serenity can put in place of
/// `https://discord.com`.
fn api_origin(url: &str) -> anyhow::Result<String> {
    let url = url.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains('/') => Ok(url.to_string()),
        _ => bail!("DISCORD_API_URL must be an origin such as http://127.0.0.1:8080 (scheme, host and port, no path), not `{url}`"),
    }
}

/// Connect to Discord and serve until the gateway stops or the process is
/// asked to stop; then close the gateway and let the commands in flight
/// finish.
pub async fn run(bot: Bot, config: DiscordConfig, options: RunOptions) -> anyhow::Result<()> {
    let Some(token) = config
        .token
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    else {
        bail!("no Discord token: set DISCORD_TOKEN (see docs/discord.md)");
    };
    serenity::all::validate_token(token).context("DISCORD_TOKEN does not look like a bot token")?;
    let shards = parse_shards(config.shards.as_deref()).map_err(anyhow::Error::msg)?;
    let in_flight = Arc::new(Semaphore::new(IN_FLIGHT as usize));
    let scheduler = bot.clone();
    let origin = config.api_url.as_deref().map(api_origin).transpose()?;
    let outgoing: SharedOutgoing = Arc::new(tokio::sync::Mutex::new(Outgoing::new(
        token,
        origin.as_deref(),
    )?));
    let handler = Handler {
        bot: RwLock::new(bot),
        guild_id: config.guild_id,
        registered: AtomicBool::new(false),
        workers: CoreWorkers::default(),
        in_flight: Arc::clone(&in_flight),
        scope_file: options.state_dir.map(|dir| dir.join(SCOPE_FILE)),
        outgoing: Arc::clone(&outgoing),
    };
    let intents = GatewayIntents::GUILDS;
    let builder = match origin {
        None => Client::builder(token, intents),
        Some(origin) => {
            tracing::warn!(
                api = %origin,
                "DISCORD_API_URL is set: every Discord request goes to this server instead, with the rate limiter off (a testing setting: a 429 from real Discord would be lost)"
            );
            // Serenity applies the proxy only with its rate limiter off.
            let http = HttpBuilder::new(token)
                .proxy(origin)
                .ratelimiter_disabled(true)
                .build();
            ClientBuilder::new_with_http(http, intents)
        }
    };
    let mut client = builder
        .event_handler(handler)
        .await
        .context("creating the Discord client")?;
    let manager = Arc::clone(&client.shard_manager);
    // Timed events of Discord's channels, posted through the same client.
    let notices = notices::start(&scheduler, outgoing)?;
    let scheduler_stop = Arc::clone(&notices.stop);
    tracing::info!(?shards, guild = ?config.guild_id, "starting Discord");
    let mut shutdown = options.shutdown;
    let start = async {
        match shards {
            Shards::Auto => client.start_autosharded().await,
            Shards::Total(total) => client.start_shards(total).await,
            // serenity starts `range.start..=range.end` (the end is inclusive).
            Shards::Range { first, last, total } => {
                client.start_shard_range(first..last, total).await
            }
        }
    };
    tokio::pin!(start);
    tokio::select! {
        result = &mut start => {
            scheduler.stop_scheduler(&scheduler_stop);
            result.context("Discord gateway")?;
            return Ok(());
        }
        () = stop_requested(&mut shutdown) => {}
    }
    scheduler.stop_scheduler(&scheduler_stop);
    tracing::info!("closing the Discord gateway");
    manager.shutdown_all().await;
    if tokio::time::timeout(Duration::from_secs(2), &mut start)
        .await
        .is_err()
    {
        tracing::warn!("the Discord shards did not stop in time");
    }
    // The commands in flight, and the timed events already decided (the
    // posting task ends once the scheduler's thread has let go of it).
    let finished = async {
        let _ = in_flight.acquire_many(IN_FLIGHT).await;
        let _ = notices.posting.await;
    };
    match tokio::time::timeout(SHUTDOWN_GRACE, finished).await {
        Ok(()) => tracing::info!("every Discord command in flight has finished"),
        Err(_) => tracing::warn!(
            "some Discord commands or timed events were still pending after {SHUTDOWN_GRACE:?}; they stop with the process"
        ),
    }
    in_flight.close();
    Ok(())
}
