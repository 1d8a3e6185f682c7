//! Replies as Discord messages: embeds, attachments, buttons and mentions,
//! fitted to the bot's permissions in the channel, and the sequence of
//! calls that delivers them.

use serenity::all::{
    ActionRowComponent, ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateEmbed, CreateEmbedFooter, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Message, Permissions, UserId,
};

use super::card::{card_message, CardMessage};
use super::commands::custom_id;
use super::{
    clip, BOARD_FILE, CONTENT_LIMIT, EMBED_COLOUR, EMBED_DESCRIPTION_LIMIT, EMBED_TITLE_LIMIT,
    PLATFORM,
};
use cairn_bot::t;
use cairn_bot::{Action, ChannelKey, Reply, Table};

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
    /// The board (shown in the embed), then the reply's files (a replay
    /// GIF, records).
    pub attachments: Vec<CreateAttachment>,
    /// Exactly the mentioned users (none without pings); never everyone
    /// or roles.
    pub allowed_mentions: CreateAllowedMentions,
    pub components: Vec<CreateActionRow>,
    pub ephemeral: bool,
}

/// A channel a reply speaks of, as Discord shows it: a link (which
/// notifies nobody) for a Discord channel, the bare id otherwise.
pub fn channel_link(channel: &ChannelKey) -> String {
    if channel.platform == PLATFORM {
        format!("<#{}>", channel.channel)
    } else {
        channel.channel.clone()
    }
}

/// The short line that pings a reply's users: "@bob, your turn." under a
/// board for the player to move alone, a pointer to the buttons of a
/// challenge, else "see above".
fn ping_line(reply: &Reply, pings: &[String]) -> String {
    let who = pings.join(" ");
    let mover = reply.to_move.as_ref().map(|id| format!("<@{id}>"));
    if !reply.actions.is_empty() {
        format!("{who}: this is for you, answer with the buttons above.")
    } else if pings.len() == 1 && reply.image.is_some() && mover.as_ref() == pings.first() {
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
    if let Some(table) = &reply.table {
        return table_parts(reply, table, ids);
    }
    let has_embed = reply.image.is_some() || reply.title.is_some();
    let text = reply.text_with_channels(channel_link);
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
    let mut attachments: Vec<CreateAttachment> = reply
        .image
        .as_ref()
        .map(|png| {
            let alt = reply.description.as_deref().unwrap_or("The board");
            CreateAttachment::bytes(png.bytes(), BOARD_FILE).description(clip(alt, 1024))
        })
        .into_iter()
        .collect();
    attachments.extend(reply.files.iter().map(|file| {
        CreateAttachment::bytes(file.bytes.clone(), file.name.as_str())
            .description(clip(&file.description, 1024))
    }));
    MessageParts {
        content: clip(&content, CONTENT_LIMIT),
        embed,
        attachments,
        allowed_mentions: CreateAllowedMentions::new().users(ids).replied_user(false),
        components: action_rows(&reply.actions),
        ephemeral: reply.ephemeral,
    }
}

/// A table (a leaderboard) as an embed: one field per column would wrap
/// badly on phones, so the rows are lines of the description, the
/// numbers in a monospaced block.
fn table_parts(reply: &Reply, table: &Table, ids: Vec<UserId>) -> MessageParts {
    let mut lines = Vec::new();
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| c.replace('`', "'")).collect();
        match cells.as_slice() {
            [rank, name, rating, rest @ ..] => lines.push(format!(
                "`{rank:>2}.` **{}** `{rating}` {}",
                clip(name, 40),
                table
                    .columns
                    .iter()
                    .skip(3)
                    .zip(rest)
                    .map(|(c, v)| format!("{c} {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            other => lines.push(other.join(" ")),
        }
    }
    let mut embed = CreateEmbed::new()
        .title(clip(&table.title, EMBED_TITLE_LIMIT))
        .description(clip(&lines.join("\n"), EMBED_DESCRIPTION_LIMIT))
        .colour(EMBED_COLOUR);
    if let Some(footer) = &table.footer {
        embed = embed.footer(CreateEmbedFooter::new(clip(footer, 2048)));
    }
    let tags: Vec<String> = ids.iter().map(|id| format!("<@{id}>")).collect();
    MessageParts {
        content: clip(&tags.join(" "), CONTENT_LIMIT),
        embed: Some(embed),
        attachments: Vec::new(),
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
    for file in parts.attachments {
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
    for file in parts.attachments {
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

/// What the bot may show in the channel of an interaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowed {
    /// Embed Links: the board in an embed with its title line.
    pub embeds: bool,
    /// Attach Files: the board as a PNG.
    pub files: bool,
}

impl Allowed {
    /// Everything (an interaction without `app_permissions`).
    pub const ALL: Allowed = Allowed {
        embeds: true,
        files: true,
    };

    /// From the interaction's `app_permissions` (absent: assume allowed).
    pub fn from_permissions(permissions: Option<Permissions>) -> Allowed {
        match permissions {
            None => Allowed::ALL,
            Some(p) => Allowed {
                embeds: p.embed_links(),
                files: p.attach_files(),
            },
        }
    }
}

/// A reply the bot may post where `allowed` says. Discord refuses a message
/// with a file (or an embed) the bot may not post with 403, which would
/// leave the players with nothing; so without Attach Files (for a board)
/// or Embed Links (for a board or a title) the reply becomes plain text,
/// the board drawn as text, followed by one line naming what is missing.
pub fn fit_to_permissions(reply: &Reply, allowed: Allowed) -> Reply {
    let has_embed = reply.image.is_some() || reply.title.is_some() || reply.table.is_some();
    // Discord's own names of the permissions, as its settings show them.
    let lang = reply.lang;
    let mut missing = Vec::new();
    if (reply.image.is_some() || !reply.files.is_empty()) && !allowed.files {
        missing.push(t!(lang, "discord-permission-attach-files"));
    }
    if has_embed && !allowed.embeds {
        missing.push(t!(lang, "discord-permission-embed-links"));
    }
    if missing.is_empty() {
        return reply.clone();
    }
    let permissions = t!(
        lang,
        "discord-lack-permissions",
        permissions = cairn_bot::i18n::list_and(lang, &missing),
        count = missing.len()
    );
    let note = if reply.image.is_some() {
        t!(lang, "discord-no-board-picture", why = permissions)
    } else if !reply.files.is_empty() && !allowed.files {
        t!(lang, "discord-no-files", why = permissions)
    } else {
        t!(lang, "discord-missing-permissions", why = permissions)
    };
    let mut head = String::new();
    if let Some(title) = &reply.title {
        head.push_str(&format!("**{title}**\n"));
    }
    head.push_str(&reply.text);
    // The board fits in what the text and the note leave; a board cut in
    // the middle is worse than none.
    let board = reply
        .board_text
        .as_deref()
        .filter(|_| reply.image.is_some())
        .map(|b| format!("\n```\n{b}\n```"))
        .filter(|b| {
            head.chars().count() + b.chars().count() + note.chars().count() + 2 <= CONTENT_LIMIT
        })
        .unwrap_or_default();
    Reply {
        text: format!("{head}{board}\n{note}"),
        title: None,
        image: None,
        table: None,
        files: if allowed.files {
            reply.files.clone()
        } else {
            Vec::new()
        },
        ..reply.clone()
    }
}

/// Discord sends at most this many follow-ups to one interaction of an
/// app a user installed (and Cairn keeps to it everywhere): with the ping
/// of an edited response, one per reply at most.
pub const MAX_FOLLOWUPS: usize = 5;

/// At most [`MAX_FOLLOWUPS`] replies: any beyond the fourth are joined
/// into the fifth (their texts one after another, the last board and
/// buttons). Nothing private is ever shown to all: when public and private
/// replies are both left over, the private ones are dropped (and logged).
pub fn within_followup_limit(mut replies: Vec<Reply>) -> Vec<Reply> {
    if replies.len() <= MAX_FOLLOWUPS {
        return replies;
    }
    let overflow = replies.split_off(MAX_FOLLOWUPS - 1);
    let (private, public): (Vec<Reply>, Vec<Reply>) =
        overflow.into_iter().partition(|r| r.ephemeral);
    // Public news matters more than private notes when only one fits.
    let group = if public.is_empty() {
        private
    } else {
        if !private.is_empty() {
            tracing::warn!(
                dropped = private.len(),
                "more replies than Discord's follow-ups: private ones dropped"
            );
        }
        public
    };
    let mut joined = Reply {
        text: String::new(),
        ..Reply::default()
    };
    for reply in group {
        for user in &reply.mentions {
            if !joined.mentions.contains(user) {
                joined.mentions.push(user.clone());
            }
        }
        let text = std::mem::take(&mut joined.text);
        let mut files = std::mem::take(&mut joined.files);
        files.extend(reply.files.iter().cloned());
        let mentions = std::mem::take(&mut joined.mentions);
        let board = reply.image.is_some();
        joined = Reply {
            text: [text, reply.text.clone()]
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join("\n\n"),
            files,
            mentions,
            ..if board || joined.image.is_none() {
                reply
            } else {
                Reply {
                    image: joined.image.take(),
                    description: joined.description.take(),
                    board_text: joined.board_text.take(),
                    title: joined.title.take(),
                    ..reply
                }
            }
        };
    }
    joined.files.truncate(10);
    replies.push(joined);
    replies
}

/// One call to Discord after the core has answered.
#[derive(Clone, Debug)]
pub enum Step {
    /// Edit the interaction's original response. If Discord refuses the
    /// edit, `fallback` is sent as a follow-up instead (a follow-up to a
    /// deferral that is still loading takes its place).
    Edit {
        edit: EditInteractionResponse,
        fallback: Option<CreateInteractionResponseFollowup>,
    },
    /// Send a follow-up message.
    Followup(CreateInteractionResponseFollowup),
    /// Ping the users of the edited reply (skipped when the edit failed
    /// and its fallback, which pings by itself, was sent).
    Ping(CreateInteractionResponseFollowup),
    /// Delete the original response.
    DeleteOriginal,
    /// Send a Components V2 message (a game's card, the picker) as a
    /// follow-up.
    Card(CardMessage),
}

/// The pings of a card: the mentioned users' tags, on a line of their own
/// above it (a Components V2 message has no content).
fn card_ping(reply: &Reply) -> Option<(String, Vec<String>)> {
    let ids = mention_ids(reply);
    if ids.is_empty() {
        return None;
    }
    let tags: Vec<String> = ids.iter().map(|id| format!("<@{id}>")).collect();
    Some((
        tags.join(" "),
        ids.iter().map(ToString::to_string).collect(),
    ))
}

/// A reply as a Components V2 message, if it is a card or the picker;
/// with `pings`, its users are notified.
pub fn card_of(reply: &Reply, pings: bool) -> Option<CardMessage> {
    card_message(reply, if pings { card_ping(reply) } else { None })
}

/// A reply as a follow-up: a card, or a plain message.
pub fn followup_step(reply: &Reply) -> Step {
    match card_of(reply, true) {
        Some(card) => Step::Card(card),
        None => Step::Followup(followup_builder(reply)),
    }
}

/// A card carries only its board (serenity's calls number every file 0):
/// the files of a card (a replay GIF) follow it in a plain message.
pub fn files_apart(replies: Vec<Reply>) -> Vec<Reply> {
    let mut out = Vec::with_capacity(replies.len());
    for mut reply in replies {
        let is_card = reply.card.is_some() || reply.pick.is_some();
        if !is_card || reply.files.is_empty() {
            out.push(reply);
            continue;
        }
        let files = std::mem::take(&mut reply.files);
        let (lang, ephemeral) = (reply.lang, reply.ephemeral);
        out.push(reply);
        out.push(Reply {
            files,
            lang,
            ephemeral,
            ..Reply::default()
        });
    }
    out
}

/// What to send for the replies to a *deferred* slash command (the core
/// took long: the bot opponent was thinking).
///
/// Discord's rules shape this: the deferral ("Cairn is thinking…") is
/// public and an edit of it can neither become ephemeral nor notify
/// anyone, and a follow-up sent while it is still loading is taken as its
/// edit. So a public first reply edits the deferral, then a short follow-up
/// pings its users; an ephemeral first reply (rare after a deferral) first
/// resolves the deferral with a placeholder, then goes as an ephemeral
/// follow-up, and the placeholder is deleted. Further replies (the bot
/// opponent's move) are follow-ups, which notify on their own.
pub fn command_steps(replies: &[Reply]) -> Vec<Step> {
    let mut steps = Vec::new();
    let Some((first, rest)) = replies.split_first() else {
        return vec![Step::DeleteOriginal];
    };
    // The picker is private: like an error, it cannot be the deferral's
    // public edit.
    let placeholder = first.ephemeral || first.pick.is_some();
    if placeholder {
        steps.push(Step::Edit {
            edit: EditInteractionResponse::new()
                .content("…")
                .allowed_mentions(CreateAllowedMentions::new()),
            fallback: None,
        });
        steps.push(followup_step(first));
    } else if let Some(card) = card_of(first, true) {
        // A follow-up to a deferral still loading takes its place.
        steps.push(Step::Card(card));
    } else {
        steps.push(Step::Edit {
            edit: edit_builder(first),
            fallback: Some(followup_builder(first)),
        });
        steps.extend(ping_builder(first).map(Step::Ping));
    }
    steps.extend(rest.iter().map(followup_step));
    if placeholder {
        steps.push(Step::DeleteOriginal);
    }
    steps
}

/// What to send after a button press was deferred as an update of the
/// challenge message: disable its buttons, then every reply as a
/// follow-up.
pub fn button_steps(replies: &[Reply], message: &Message) -> Vec<Step> {
    let mut steps = vec![Step::Edit {
        edit: EditInteractionResponse::new().components(disabled_rows(message)),
        fallback: None,
    }];
    steps.extend(replies.iter().map(followup_step));
    steps
}

/// A reply as the immediate response to an interaction (one request; its
/// mentions notify, an error is ephemeral).
pub fn response_builder(reply: &Reply) -> CreateInteractionResponse {
    let parts = message_parts(reply, true);
    let mut message = CreateInteractionResponseMessage::new()
        .content(parts.content)
        .allowed_mentions(parts.allowed_mentions)
        .ephemeral(parts.ephemeral);
    if !parts.components.is_empty() {
        message = message.components(parts.components);
    }
    if let Some(embed) = parts.embed {
        message = message.add_embed(embed);
    }
    for file in parts.attachments {
        message = message.add_file(file);
    }
    CreateInteractionResponse::Message(message)
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

/// The deferral sent when the core takes long on a slash command.
pub fn defer_response() -> CreateInteractionResponse {
    CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
}
