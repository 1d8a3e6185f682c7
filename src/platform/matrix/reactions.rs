//! Playing by reactions: under a game's board notice the bot adds ▶️
//! (pick a turn step by step), under a list of steps the numbers of the
//! page's options (1️⃣ to 🔟), ⬅️ (take the last step back) and ➡️ (the next
//! page). A reaction by the player the list is for counts as the command it
//! stands for (`pick`, `pick N`, `pick back`, `pick more`), run in the
//! channel's queue like a typed one.

use std::collections::VecDeque;

use matrix_sdk::ruma::events::reaction::{OriginalSyncReactionEvent, ReactionEventContent};
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::OwnedEventId;

use super::queue::Job;
use super::*;

/// The reaction that opens the picker under a game's board notice.
pub const PLAY: &str = "▶️";
const BACK: &str = "⬅️";
const MORE: &str = "➡️";
/// The reactions of a page's ten options, in order.
pub const NUMBERS: [&str; 10] = [
    "1\u{fe0f}\u{20e3}",
    "2\u{fe0f}\u{20e3}",
    "3\u{fe0f}\u{20e3}",
    "4\u{fe0f}\u{20e3}",
    "5\u{fe0f}\u{20e3}",
    "6\u{fe0f}\u{20e3}",
    "7\u{fe0f}\u{20e3}",
    "8\u{fe0f}\u{20e3}",
    "9\u{fe0f}\u{20e3}",
    "🔟",
];
/// Notices whose reactions are remembered (the oldest are forgotten).
const REMEMBERED: usize = 2048;

/// What the reactions under one of the bot's notices mean.
#[derive(Clone)]
pub(super) struct Choices {
    /// The command that led to the notice: where and to whom to answer.
    pub(super) event: OriginalSyncRoomMessageEvent,
    pub(super) channel: String,
    /// Whose reactions count.
    pub(super) user: String,
    /// Reaction key to command.
    pub(super) commands: Vec<(&'static str, String)>,
}

/// The notices with reactions that mean something, newest last.
#[derive(Default)]
pub(super) struct Reactable(VecDeque<(OwnedEventId, Choices)>);

impl Reactable {
    fn remember(&mut self, notice: OwnedEventId, choices: Choices) {
        if self.0.len() >= REMEMBERED {
            self.0.pop_front();
        }
        self.0.push_back((notice, choices));
    }

    fn find(&self, notice: &EventId) -> Option<&Choices> {
        self.0.iter().find(|(id, _)| id == notice).map(|(_, c)| c)
    }
}

/// The reactions a reply's notice offers, and the commands behind them:
/// ▶️ under a game's card for the player to move, the page's numbers
/// under a list of steps.
pub(super) fn offered(reply: &Reply) -> Option<(String, Vec<(&'static str, String)>)> {
    if let Some(menu) = &reply.pick {
        let mut commands: Vec<(&'static str, String)> = menu
            .page_options()
            .iter()
            .zip(NUMBERS)
            .map(|(option, key)| (key, format!("pick {}", option.number)))
            .collect();
        if menu.can_go_back {
            commands.push((BACK, "pick back".into()));
        }
        if menu.has_more() {
            commands.push((MORE, "pick more".into()));
        }
        return Some((menu.user.id.clone(), commands));
    }
    // A game in progress: its card's first action (Move) for the player
    // to move.
    let to_move = reply.to_move.clone()?;
    let action = reply.card.as_ref()?.actions.iter().find(|a| a.primary)?;
    Some((to_move, vec![(PLAY, action.command.clone())]))
}

impl Shared {
    /// The reactions to add under the bot's `notice` (the answer to
    /// `event` in `channel`), remembered at once with what they mean, so a
    /// player quicker than the bot's own reactions is understood.
    pub(super) fn reactions_for(
        &self,
        reply: &Reply,
        event: &OriginalSyncRoomMessageEvent,
        channel: &str,
        notice: &EventId,
    ) -> Vec<&'static str> {
        let Some((user, commands)) = offered(reply) else {
            return Vec::new();
        };
        let keys = commands.iter().map(|(key, _)| *key).collect();
        let choices = Choices {
            event: event.clone(),
            channel: channel.to_string(),
            user,
            commands,
        };
        self.reactable
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remember(notice.to_owned(), choices);
        keys
    }

    /// Add the reactions `keys` under the bot's `notice`, for players to
    /// press.
    pub(super) async fn offer(&self, room: &Room, notice: &EventId, keys: &[&'static str]) {
        for key in keys {
            let content =
                ReactionEventContent::new(Annotation::new(notice.to_owned(), (*key).into()));
            if let Err(error) = room.send(content).await {
                tracing::warn!(%error, room = %room.room_id(), "adding a reaction");
                return;
            }
        }
    }
}

/// A reaction to one of the bot's notices: the command it stands for, run
/// as if typed by the reacting player (only the player the notice is for).
pub(super) async fn on_reaction(
    event: OriginalSyncReactionEvent,
    room: Room,
    shared: Ctx<Arc<Shared>>,
) {
    let shared = shared.0;
    if !shared.heeds(&room, &event.sender, event.origin_server_ts) {
        return;
    }
    let relation = &event.content.relates_to;
    let Some(choices) = shared
        .reactable
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .find(&relation.event_id)
        .cloned()
    else {
        return;
    };
    if choices.user != event.sender.as_str() {
        return;
    }
    let Some((_, command)) = choices.commands.iter().find(|(k, _)| *k == relation.key) else {
        return;
    };
    let Ok(permit) = Arc::clone(&shared.in_flight).acquire_owned().await else {
        return;
    };
    tracing::debug!(channel = %choices.channel, sender = %event.sender, %command, "reaction");
    shared.enqueue(Job::new(
        room,
        choices.event,
        event.sender.clone(),
        choices.channel,
        command.clone(),
        permit,
    ));
}
