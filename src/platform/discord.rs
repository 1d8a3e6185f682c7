//! The Discord adapter (serenity 0.12): slash commands with typed options,
//! autocomplete of legal turns and game options, Accept/Decline buttons,
//! boards as PNG attachments in embeds.
//!
//! It only translates. An interaction becomes a core [`Request`] (the
//! command text is rebuilt from the typed options); the core's [`Reply`]s
//! become an edit of the deferred response and follow-up messages. The
//! translation functions are pure (no HTTP) so they are tested offline
//! (`tests/discord.rs`) against interaction payloads shaped like Discord's.
//!
//! Flow of one interaction:
//! - autocomplete: answered directly (Discord allows no deferral), from
//!   [`crate::bot::complete`];
//! - slash command: deferred at once (DeferredChannelMessageWithSource),
//!   `Bot::handle` runs on the blocking pool, then [`command_steps`]: the
//!   first reply edits the deferred message and, since an edit notifies
//!   nobody, a one-line follow-up pings the player to move; further replies
//!   (the bot opponent's move) are follow-ups. An ephemeral first reply (an
//!   error) cannot be an edit of a public deferral: the deferral is
//!   resolved with a placeholder, the reply goes as an ephemeral follow-up
//!   and the placeholder is deleted;
//! - button: only the user the button is for may press it (others get an
//!   ephemeral "This challenge is not for you."); the click is deferred as an
//!   update of the challenge message (DeferredUpdateMessage), the core runs,
//!   the challenge message is edited to disable its buttons and the replies
//!   are follow-ups.
//!
//! Gateway intents: GUILDS only (no message content: everything arrives as
//! interactions).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use anyhow::{bail, Context as _};
use serenity::all::{
    ActionRowComponent, AutocompleteChoice, ButtonStyle, Client, Command, CommandInteraction,
    CommandOptionType, ComponentInteraction, Context, CreateActionRow, CreateAllowedMentions,
    CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption,
    CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, EventHandler, GatewayIntents,
    GuildId, Interaction, Message, PartialMember, Ready, ResolvedValue, Unresolved, UserId,
};

use crate::bot::complete::{complete_options, complete_turn, MAX_CHOICES, MAX_LEN};
use crate::bot::{Action, Bot, BotConfig, Reply, Request, User, COMMANDS};
use crate::config::DiscordConfig;
use crate::rules::GameKind;

/// The platform name in requests and store keys (`discord:<channel id>`).
pub const PLATFORM: &str = "discord";
/// The board image's file name (the embed refers to it).
pub const BOARD_FILE: &str = "board.png";
/// Prefix of the buttons' custom ids.
const BUTTON_PREFIX: &str = "cairn";
/// Discord's limits on message parts.
const CONTENT_LIMIT: usize = 2000;
const EMBED_DESCRIPTION_LIMIT: usize = 4096;
const EMBED_TITLE_LIMIT: usize = 256;
const CUSTOM_ID_LIMIT: usize = 100;
/// The embed's accent colour (the boards' wood).
const EMBED_COLOUR: u32 = 0xC8_9B_5E;

/// Cut `text` to at most `max` characters, marking the cut with `…`.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// "Play your turn" from "play your turn".
fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn description_of(command: &str) -> String {
    let text = COMMANDS
        .iter()
        .find(|(name, _, _)| *name == command)
        .map(|(_, _, description)| *description)
        .unwrap_or(command);
    // Descriptions are plain text: drop the Markdown code marks.
    clip(&sentence_case(&text.replace('`', "")), 100)
}

fn game_option(name: &str, description: &str, required: bool) -> CreateCommandOption {
    GameKind::ALL.iter().fold(
        CreateCommandOption::new(CommandOptionType::String, name, description).required(required),
        |option, kind| option.add_string_choice(kind.title(), kind.name()),
    )
}

/// Every slash command, one per core command, with typed options.
pub fn command_definitions() -> Vec<CreateCommand> {
    let mut commands = Vec::new();
    for (name, _, _) in COMMANDS {
        let command = CreateCommand::new(*name).description(description_of(name));
        let command = match *name {
            "challenge" => command
                .add_option(game_option("game", "The game to play", true))
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::User,
                        "opponent",
                        "Whom to challenge; pick Cairn itself to play against the bot",
                    )
                    .required(true),
                )
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "options",
                        "The game's options as key=value words, e.g. size=7 (suggested as you type)",
                    )
                    .set_autocomplete(true)
                    .max_length(200),
                )
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "as",
                        "Your side (default: the side that moves first)",
                    )
                    .add_string_choice("White (Red in Floaters)", "white")
                    .add_string_choice("Black", "black")
                    .add_string_choice("Random", "random"),
                )
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::Integer,
                        "level",
                        "The bot's strength from 1 (easy) to 5 (strong), when you challenge the bot",
                    )
                    .min_int_value(1)
                    .max_int_value(5),
                ),
            "move" => command.add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "turn",
                    "Your turn, e.g. b2 a4 d1 (legal turns are suggested as you type)",
                )
                .required(true)
                .set_autocomplete(true)
                .max_length(400),
            ),
            "rules" => command.add_option(game_option(
                "game",
                "The game (leave it out for the list of games)",
                false,
            )),
            "help" => command.add_option(COMMANDS.iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "command",
                    "A command to explain (leave it out for the list)",
                ),
                |option, (name, _, _)| option.add_string_choice(*name, *name),
            )),
            _ => command,
        };
        commands.push(command);
    }
    commands
}

/// The registration JSON of every command (what is sent to Discord).
pub fn print_commands() -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(&command_definitions())?)
}

/// Which shards this process runs (`DISCORD_SHARDS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends, all in this process.
    Auto,
    /// This many shards, all in this process.
    Total(u32),
    /// Shards `first..=last` of `total` (the rest run elsewhere).
    Range { first: u32, last: u32, total: u32 },
}

/// Read `auto` (or nothing), a total (`4`) or a range of a total (`0-1/4`,
/// or `2/4` for one shard).
pub fn parse_shards(text: Option<&str>) -> Result<Shards, String> {
    let text = text.map(str::trim).unwrap_or("");
    let number = |s: &str| {
        s.trim().parse::<u32>().map_err(|_| {
            format!("DISCORD_SHARDS: `{s}` is not a shard number (write auto, 4, or 0-1/4)")
        })
    };
    if text.is_empty() || text.eq_ignore_ascii_case("auto") {
        return Ok(Shards::Auto);
    }
    match text.split_once('/') {
        None => match number(text)? {
            0 => Err("DISCORD_SHARDS: the number of shards must be at least 1".into()),
            total => Ok(Shards::Total(total)),
        },
        Some((range, total)) => {
            let total = number(total)?;
            let (first, last) = match range.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => {
                    let one = number(range)?;
                    (one, one)
                }
            };
            if first > last || last >= total {
                return Err(format!(
                    "DISCORD_SHARDS: shards {first}-{last} are not a range within 0-{} of {total}",
                    total.saturating_sub(1)
                ));
            }
            Ok(Shards::Range { first, last, total })
        }
    }
}

/// The name to show for a user: their server nickname, else their display
/// name.
fn display_name(user: &serenity::all::User, nick: Option<&str>) -> String {
    nick.filter(|n| !n.trim().is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| user.display_name().to_string())
}

fn member_nick(member: Option<&PartialMember>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

/// The user who sent a slash command.
pub fn interaction_user(interaction: &CommandInteraction) -> User {
    let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
    User::new(
        interaction.user.id.to_string(),
        display_name(&interaction.user, nick),
    )
}

/// A word that is safe inside the command text (no spaces).
fn one_word(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("")
}

/// Translate a slash command into a core request. `Err` is a message for
/// the user (ephemeral), e.g. when they challenge another bot.
pub fn request_from_command(
    interaction: &CommandInteraction,
    config: &BotConfig,
) -> Result<Request, String> {
    let name = interaction.data.name.as_str();
    if !COMMANDS.iter().any(|(command, _, _)| *command == name) {
        return Err(format!("I don't know the command `/{name}`."));
    }
    let mut words = vec![name.to_string()];
    let mut mentions = Vec::new();
    let options = interaction.data.options();
    let text = |key: &str| {
        options.iter().find_map(|o| match o.value {
            ResolvedValue::String(s) if o.name == key => Some(s.trim().to_string()),
            _ => None,
        })
    };
    match name {
        "challenge" => {
            let game = text("game").ok_or("Which game? Choose one in the `game` option.")?;
            words.push(one_word(&game));
            let opponent = options
                .iter()
                .find(|o| o.name == "opponent")
                .map(|o| &o.value);
            let user = match opponent {
                Some(ResolvedValue::User(user, member)) => {
                    if user.id.to_string() == config.bot_user.id {
                        config.bot_user.clone()
                    } else if user.bot {
                        return Err(format!(
                            "{} is a bot and cannot play. Challenge a person, or me (pick {} as the opponent).",
                            display_name(user, member_nick(*member)),
                            config.bot_user.name
                        ));
                    } else {
                        User::new(
                            user.id.to_string(),
                            display_name(user, member_nick(*member)),
                        )
                    }
                }
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    if id.to_string() == config.bot_user.id {
                        config.bot_user.clone()
                    } else {
                        User::new(id.to_string(), id.to_string())
                    }
                }
                _ => {
                    return Err(
                        "Whom do you challenge? Choose someone in the `opponent` option.".into(),
                    )
                }
            };
            words.push(format!("<@{}>", one_word(&user.id)));
            mentions.push(user);
            if let Some(extra) = text("options") {
                words.extend(extra.split_whitespace().map(str::to_string));
            }
            if let Some(side) = text("as") {
                words.push(format!("as={}", one_word(&side)));
            }
            let level = options.iter().find_map(|o| match o.value {
                ResolvedValue::Integer(n) if o.name == "level" => Some(n),
                _ => None,
            });
            if let Some(level) = level {
                words.push(format!("level={level}"));
            }
        }
        "move" => {
            let turn = text("turn").unwrap_or_default();
            words.push(turn);
        }
        "rules" => words.extend(text("game")),
        "help" => words.extend(text("command")),
        _ => {}
    }
    Ok(Request {
        platform: PLATFORM.to_string(),
        channel: interaction.channel_id.to_string(),
        user: interaction_user(interaction),
        command: words.join(" ").trim().to_string(),
        mentions,
    })
}

/// The choices for an autocomplete interaction: legal turns for `/move`,
/// `key=value` options of the chosen game for `/challenge`.
pub fn autocomplete_values(bot: &Bot, interaction: &CommandInteraction) -> Vec<String> {
    let Some(focused) = interaction.data.autocomplete() else {
        return Vec::new();
    };
    let mut values = match (interaction.data.name.as_str(), focused.name) {
        ("move", "turn") => complete_turn(
            bot,
            PLATFORM,
            &interaction.channel_id.to_string(),
            &interaction.user.id.to_string(),
            focused.value,
        ),
        ("challenge", "options") => {
            let game = interaction
                .data
                .options()
                .iter()
                .find_map(|o| match o.value {
                    ResolvedValue::String(s) if o.name == "game" => GameKind::parse(s),
                    _ => None,
                });
            match game {
                Some(kind) => complete_options(kind, focused.value),
                None => Vec::new(),
            }
        }
        _ => Vec::new(),
    };
    values.retain(|v| !v.is_empty() && v.chars().count() <= MAX_LEN);
    values.truncate(MAX_CHOICES);
    values
}

/// The autocomplete answer for these values (name = value).
pub fn autocomplete_response(values: &[String]) -> CreateInteractionResponse {
    let choices = values
        .iter()
        .map(|v| AutocompleteChoice::new(v.clone(), v.clone()))
        .collect();
    CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new().set_choices(choices))
}

/// A button's custom id: `cairn:<user id or ->:<command>`.
pub fn custom_id(action: &Action) -> String {
    let user = action
        .for_user
        .as_deref()
        .map(one_word)
        .unwrap_or_else(|| "-".into());
    let id = format!("{BUTTON_PREFIX}:{user}:{}", action.command);
    clip(&id, CUSTOM_ID_LIMIT)
}

/// Read a custom id: (the user it is for, the command).
pub fn parse_custom_id(id: &str) -> Option<(Option<String>, String)> {
    let mut parts = id.splitn(3, ':');
    if parts.next()? != BUTTON_PREFIX {
        return None;
    }
    let user = parts.next()?;
    let command = parts.next()?.trim();
    if command.is_empty() {
        return None;
    }
    let user = (user != "-").then(|| user.to_string());
    Some((user, command.to_string()))
}

/// What a button press means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ButtonCheck {
    /// Run this request (the presser may act).
    Act(Request),
    /// The button belongs to someone else.
    NotForYou,
    /// Not one of Cairn's buttons.
    Unknown,
}

/// The answer to someone pressing a button that is not theirs.
pub const NOT_FOR_YOU: &str = "This challenge is not for you.";

/// Decide a button press: only the action's `for_user` may act.
pub fn button_check(interaction: &ComponentInteraction) -> ButtonCheck {
    let Some((for_user, command)) = parse_custom_id(&interaction.data.custom_id) else {
        return ButtonCheck::Unknown;
    };
    let presser = interaction.user.id.to_string();
    if for_user.is_some_and(|u| u != presser) {
        return ButtonCheck::NotForYou;
    }
    let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
    ButtonCheck::Act(Request {
        platform: PLATFORM.to_string(),
        channel: interaction.channel_id.to_string(),
        user: User::new(presser, display_name(&interaction.user, nick)),
        command,
        mentions: Vec::new(),
    })
}

/// The buttons of a reply.
pub fn action_rows(actions: &[Action]) -> Vec<CreateActionRow> {
    if actions.is_empty() {
        return Vec::new();
    }
    // At most 5 buttons per row and 5 rows.
    actions
        .chunks(5)
        .take(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|a| {
                        CreateButton::new(custom_id(a))
                            .label(clip(&a.label, 80))
                            .style(if a.primary {
                                ButtonStyle::Success
                            } else {
                                ButtonStyle::Secondary
                            })
                    })
                    .collect(),
            )
        })
        .collect()
}

/// A message's buttons, all disabled (after the challenge was answered).
pub fn disabled_rows(message: &Message) -> Vec<CreateActionRow> {
    message
        .components
        .iter()
        .map(|row| {
            CreateActionRow::Buttons(
                row.components
                    .iter()
                    .filter_map(|c| match c {
                        ActionRowComponent::Button(b) => {
                            Some(CreateButton::from(b.clone()).disabled(true))
                        }
                        _ => None,
                    })
                    .collect(),
            )
        })
        .filter(|row| !matches!(row, CreateActionRow::Buttons(b) if b.is_empty()))
        .collect()
}

/// The users a reply may ping: Discord ids only (never everyone or roles).
fn mention_ids(reply: &Reply) -> Vec<UserId> {
    let mut ids: Vec<UserId> = Vec::new();
    for user in &reply.mentions {
        if let Ok(n) = user.id.parse::<u64>() {
            if n != 0 && !ids.contains(&UserId::new(n)) {
                ids.push(UserId::new(n));
            }
        }
    }
    ids
}

/// A reply as the parts of a Discord message.
pub struct MessageParts {
    /// Pings (when `pings` was asked for), or the whole text when there is
    /// no embed.
    pub content: String,
    pub embed: Option<CreateEmbed>,
    pub attachment: Option<CreateAttachment>,
    /// Exactly the mentioned users (none without pings); never everyone
    /// or roles.
    pub allowed_mentions: CreateAllowedMentions,
    pub components: Vec<CreateActionRow>,
    pub ephemeral: bool,
}

/// The core names channels by their store key (`discord:<id>`, in the
/// `games` list): shown as Discord channel links (which notify nobody).
pub fn channel_links(text: &str) -> String {
    let prefix = "discord:";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let after = &rest[at + prefix.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        if digits > 0 {
            out.push_str(&format!("<#{}>", &after[..digits]));
        } else {
            out.push_str(prefix);
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// The short line that pings a reply's users: "@bob, your turn." under a
/// board, a pointer to the buttons of a challenge, else "see above".
fn ping_line(reply: &Reply, pings: &[String]) -> String {
    let who = pings.join(" ");
    if !reply.actions.is_empty() {
        format!("{who}: this is for you, answer with the buttons above.")
    } else if pings.len() == 1 && reply.image.is_some() {
        format!("{who}, your turn.")
    } else {
        format!("{who}: see above.")
    }
}

/// Lay a reply out. With a board (or a title) the embed carries the title
/// line, the text and the image; without one the text is the content. With
/// `pings`, the content also mentions the reply's users (only they may be
/// notified); without, nobody is.
pub fn message_parts(reply: &Reply, pings: bool) -> MessageParts {
    let ids = if pings {
        mention_ids(reply)
    } else {
        Vec::new()
    };
    let tags: Vec<String> = ids.iter().map(|id| format!("<@{id}>")).collect();
    let has_embed = reply.image.is_some() || reply.title.is_some();
    let text = channel_links(&reply.text);
    let content = match (has_embed, tags.is_empty()) {
        (true, true) => String::new(),
        (true, false) => ping_line(reply, &tags),
        (false, true) => text.clone(),
        (false, false) => format!("{} {text}", tags.join(" ")),
    };
    let embed = has_embed.then(|| {
        let mut embed = CreateEmbed::new()
            .description(clip(&text, EMBED_DESCRIPTION_LIMIT))
            .colour(EMBED_COLOUR);
        if let Some(title) = &reply.title {
            embed = embed.title(clip(title, EMBED_TITLE_LIMIT));
        }
        if reply.image.is_some() {
            embed = embed.attachment(BOARD_FILE);
        }
        embed
    });
    let attachment = reply
        .image
        .as_ref()
        .map(|png| CreateAttachment::bytes(png.clone(), BOARD_FILE).description("The board"));
    MessageParts {
        content: clip(&content, CONTENT_LIMIT),
        embed,
        attachment,
        allowed_mentions: CreateAllowedMentions::new().users(ids).replied_user(false),
        components: action_rows(&reply.actions),
        ephemeral: reply.ephemeral,
    }
}

/// A reply as an edit of the deferred response. Editing never notifies
/// anyone, so the edit carries no mentions (a ping follows it, see
/// [`command_steps`]); a deferred public response cannot become ephemeral.
pub fn edit_builder(reply: &Reply) -> EditInteractionResponse {
    let parts = message_parts(reply, false);
    let mut edit = EditInteractionResponse::new()
        .content(parts.content)
        .allowed_mentions(parts.allowed_mentions)
        .components(parts.components)
        .embeds(parts.embed.into_iter().collect());
    if let Some(file) = parts.attachment {
        edit = edit.new_attachment(file);
    }
    edit
}

/// A reply as a follow-up message (a new message: its mentions notify).
pub fn followup_builder(reply: &Reply) -> CreateInteractionResponseFollowup {
    let parts = message_parts(reply, true);
    let mut followup = CreateInteractionResponseFollowup::new()
        .content(parts.content)
        .allowed_mentions(parts.allowed_mentions)
        .ephemeral(parts.ephemeral);
    if !parts.components.is_empty() {
        followup = followup.components(parts.components);
    }
    if let Some(embed) = parts.embed {
        followup = followup.add_embed(embed);
    }
    if let Some(file) = parts.attachment {
        followup = followup.add_file(file);
    }
    followup
}

/// The follow-up that notifies the users of a reply shown by an edit.
pub fn ping_builder(reply: &Reply) -> Option<CreateInteractionResponseFollowup> {
    let ids = mention_ids(reply);
    if ids.is_empty() {
        return None;
    }
    let tags: Vec<String> = ids.iter().map(|id| format!("<@{id}>")).collect();
    Some(
        CreateInteractionResponseFollowup::new()
            .content(clip(&ping_line(reply, &tags), CONTENT_LIMIT))
            .allowed_mentions(CreateAllowedMentions::new().users(ids).replied_user(false)),
    )
}

/// One call to Discord after the core has answered.
#[derive(Clone, Debug)]
pub enum Step {
    /// Edit the interaction's original response.
    Edit(EditInteractionResponse),
    /// Send a follow-up message.
    Followup(CreateInteractionResponseFollowup),
    /// Delete the original response.
    DeleteOriginal,
}

/// What to send for the replies to a deferred slash command.
///
/// Discord's rules shape this: the deferral ("Cairn is thinking…") is
/// public and an edit of it can neither become ephemeral nor notify
/// anyone, and a follow-up sent while it is still loading is taken as its
/// edit. So a public first reply edits the deferral, then a short follow-up
/// pings its users; an ephemeral first reply first resolves the deferral
/// with a placeholder, then goes as an ephemeral follow-up, and the
/// placeholder is deleted. Further replies (the bot opponent's move) are
/// follow-ups, which notify on their own.
pub fn command_steps(replies: &[Reply]) -> Vec<Step> {
    let mut steps = Vec::new();
    let Some((first, rest)) = replies.split_first() else {
        return vec![Step::DeleteOriginal];
    };
    let placeholder = first.ephemeral;
    if placeholder {
        steps.push(Step::Edit(
            EditInteractionResponse::new()
                .content("…")
                .allowed_mentions(CreateAllowedMentions::new()),
        ));
        steps.push(Step::Followup(followup_builder(first)));
    } else {
        steps.push(Step::Edit(edit_builder(first)));
        steps.extend(ping_builder(first).map(Step::Followup));
    }
    steps.extend(rest.iter().map(|r| Step::Followup(followup_builder(r))));
    if placeholder {
        steps.push(Step::DeleteOriginal);
    }
    steps
}

/// What to send after a button press was deferred as an update of the
/// challenge message: disable its buttons, then every reply as a
/// follow-up.
pub fn button_steps(replies: &[Reply], message: &Message) -> Vec<Step> {
    let mut steps = vec![Step::Edit(
        EditInteractionResponse::new().components(disabled_rows(message)),
    )];
    steps.extend(replies.iter().map(|r| Step::Followup(followup_builder(r))));
    steps
}

/// An ephemeral message as the immediate answer to an interaction.
pub fn ephemeral_response(text: &str) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(clip(text, CONTENT_LIMIT))
            .allowed_mentions(CreateAllowedMentions::new())
            .ephemeral(true),
    )
}

/// The deferral sent before the core runs on a slash command.
pub fn defer_response() -> CreateInteractionResponse {
    CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
}

/// Send the steps through an interaction (slash command or button),
/// in order, logging failures.
macro_rules! perform {
    ($ctx:expr, $interaction:expr, $steps:expr) => {
        for step in $steps {
            let result = match step {
                Step::Edit(edit) => $interaction.edit_response(&$ctx.http, edit).await.map(drop),
                Step::Followup(message) => $interaction
                    .create_followup(&$ctx.http, message)
                    .await
                    .map(drop),
                Step::DeleteOriginal => $interaction.delete_response(&$ctx.http).await,
            };
            respond(result);
        }
    };
}

/// The bot with its Discord identity, once READY has told it.
struct Handler {
    bot: RwLock<Bot>,
    guild_id: Option<u64>,
    registered: AtomicBool,
}

impl Handler {
    fn bot(&self) -> Bot {
        match self.bot.read() {
            Ok(bot) => bot.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    async fn register(&self, ctx: &Context) {
        if self.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        let commands = command_definitions();
        let result = match self.guild_id {
            Some(guild) => GuildId::new(guild).set_commands(&ctx.http, commands).await,
            None => Command::set_global_commands(&ctx.http, commands).await,
        };
        match result {
            Ok(done) => tracing::info!(
                count = done.len(),
                scope = if self.guild_id.is_some() {
                    "guild"
                } else {
                    "global"
                },
                "slash commands registered"
            ),
            Err(error) => {
                self.registered.store(false, Ordering::SeqCst);
                tracing::error!(%error, "registering slash commands failed");
            }
        }
    }

    async fn on_command(&self, ctx: &Context, interaction: &CommandInteraction) {
        let bot = self.bot();
        let request = match request_from_command(interaction, bot.config()) {
            Ok(request) => request,
            Err(message) => {
                respond(
                    interaction
                        .create_response(&ctx.http, ephemeral_response(&message))
                        .await,
                );
                return;
            }
        };
        if let Err(error) = interaction
            .create_response(&ctx.http, defer_response())
            .await
        {
            tracing::warn!(%error, "deferring failed");
            return;
        }
        let replies = run_core(bot, request).await;
        perform!(ctx, interaction, command_steps(&replies));
    }

    async fn on_autocomplete(&self, ctx: &Context, interaction: &CommandInteraction) {
        let bot = self.bot();
        let copy = interaction.clone();
        let values = tokio::task::spawn_blocking(move || autocomplete_values(&bot, &copy))
            .await
            .unwrap_or_default();
        respond(
            interaction
                .create_response(&ctx.http, autocomplete_response(&values))
                .await,
        );
    }

    async fn on_button(&self, ctx: &Context, interaction: &ComponentInteraction) {
        let request = match button_check(interaction) {
            ButtonCheck::Act(request) => request,
            ButtonCheck::NotForYou => {
                respond(
                    interaction
                        .create_response(&ctx.http, ephemeral_response(NOT_FOR_YOU))
                        .await,
                );
                return;
            }
            ButtonCheck::Unknown => {
                respond(
                    interaction
                        .create_response(
                            &ctx.http,
                            ephemeral_response("This button is no longer in use."),
                        )
                        .await,
                );
                return;
            }
        };
        if let Err(error) = interaction
            .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
            .await
        {
            tracing::warn!(%error, "deferring a button failed");
            return;
        }
        let replies = run_core(self.bot(), request).await;
        perform!(
            ctx,
            interaction,
            button_steps(&replies, &interaction.message)
        );
    }
}

/// Run the blocking core on the blocking pool.
async fn run_core(bot: Bot, request: Request) -> Vec<Reply> {
    let channel = request.channel.clone();
    match tokio::task::spawn_blocking(move || bot.handle(&request)).await {
        Ok(replies) => replies,
        Err(error) => {
            tracing::error!(%error, %channel, "the bot core panicked");
            vec![Reply::error(
                "Sorry, something went wrong on my side. Please try again.",
            )]
        }
    }
}

fn respond<E: std::fmt::Display>(result: Result<(), E>) {
    if let Err(error) = result {
        tracing::warn!(%error, "Discord request failed");
    }
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
                *slot = Bot::new(slot.store().clone(), config);
            }
        }
        self.register(&ctx).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) => self.on_command(&ctx, &command).await,
            Interaction::Autocomplete(command) => self.on_autocomplete(&ctx, &command).await,
            Interaction::Component(component) => self.on_button(&ctx, &component).await,
            _ => {}
        }
    }
}

/// Connect to Discord and serve until the gateway stops or Ctrl-C.
pub async fn run(bot: Bot, config: DiscordConfig) -> anyhow::Result<()> {
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
    let handler = Handler {
        bot: RwLock::new(bot),
        guild_id: config.guild_id,
        registered: AtomicBool::new(false),
    };
    let mut client = Client::builder(token, GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
        .context("creating the Discord client")?;
    let manager = Arc::clone(&client.shard_manager);
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            tracing::info!("shutting down the Discord shards");
            manager.shutdown_all().await;
        }
    });
    tracing::info!(?shards, guild = ?config.guild_id, "starting Discord");
    let result = match shards {
        Shards::Auto => client.start_autosharded().await,
        Shards::Total(total) => client.start_shards(total).await,
        // serenity starts `range.start..=range.end` (the end is inclusive).
        Shards::Range { first, last, total } => client.start_shard_range(first..last, total).await,
    };
    result.context("Discord gateway")?;
    Ok(())
}
