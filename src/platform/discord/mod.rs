//! The Discord adapter (serenity 0.12): slash commands with typed options,
//! autocomplete of legal turns and game options, Accept/Decline buttons,
//! boards as PNG attachments in embeds.
//!
//! It only translates. An interaction becomes a core
//! [`Request`](cairn_bot::Request) (the command text is rebuilt from the
//! typed options); the core's [`Reply`](cairn_bot::Reply)s
//! become Discord messages. The translation functions are pure (no HTTP) so
//! they are tested offline (`tests/discord.rs`) against interaction payloads
//! shaped like Discord's; `tests/discord_wire.rs` runs the real binary
//! against a Discord-compatible server.
//!
//! Flow of one interaction (see `interactions.rs`):
//! - autocomplete: answered directly (Discord allows no deferral), from
//!   [`cairn_bot::complete`], on the blocking pool with its own time budget
//!   (the core, and so the bot opponent's search, runs elsewhere);
//! - slash command: the core runs on its own lower-priority thread. If its
//!   replies are ready within [`ANSWER_AT_ONCE`] the first one *is* the
//!   response (one request; an error is ephemeral); otherwise (the bot
//!   opponent thinking) the response is deferred and [`command_steps`]
//!   edit it, ping the player to move and add follow-ups. A failed edit
//!   falls back to a follow-up, so "is thinking…" never stays on screen;
//! - button: only the user the button is for may press it (others get an
//!   ephemeral "This challenge is not for you."); the click is deferred as an
//!   update of the challenge message (DeferredUpdateMessage), the core runs,
//!   the challenge message is edited to disable its buttons and the replies
//!   are follow-ups.
//!
//! Every reply is fitted to the bot's permissions in the channel (the
//! interaction's `app_permissions`): without Attach Files or Embed Links
//! the board is sent as text with one line naming what is missing.
//!
//! Gateway intents: GUILDS only (no message content: everything arrives as
//! interactions).

mod card;
mod commands;
mod interactions;
mod notices;
mod outgoing;
pub mod pacing;
mod replies;
mod tournament_threads;
pub mod workers;

pub use card::{
    card_message, CardBody, CardMessage, CardResponse, Component, IS_COMPONENTS_V2, MAX_COMPONENTS,
    MAX_TEXT,
};
pub use commands::{
    autocomplete_response, autocomplete_values, bot_is_member, button_check, capabilities_of,
    command_definitions, custom_id, interaction_user, not_for_you, parse_custom_id, parse_shards,
    print_commands, request_from_command, ButtonCheck, Shards, CAPABILITIES, LIMITS,
};
pub use interactions::{run, RunOptions, ANSWER_AT_ONCE, AUTOCOMPLETE_BUDGET};
pub use replies::{
    action_rows, button_steps, card_of, channel_link, command_steps, defer_response, disabled_rows,
    edit_builder, ephemeral_response, files_apart, fit_to_permissions, followup_builder,
    followup_step, message_parts, ping_builder, response_builder, within_followup_limit, Allowed,
    MessageParts, Step, MAX_FOLLOWUPS,
};

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
