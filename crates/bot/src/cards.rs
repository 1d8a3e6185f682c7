//! A turn of a game as a card ([`GameCard`]): its clocks and the actions
//! a player can take from it, and the refusal of a press on a card the
//! game has moved past.

use crate::i18n::Lang;
use crate::{t, Action, Bot, ChannelKey, GameCard, Reply, Request};
use cairn_store::GameRecord;

/// The card of `record` as it stands at `now`, worded in `lang`.
pub(crate) fn card_of(record: &GameRecord, now: u64, lang: Lang) -> GameCard {
    let actions: &[(&str, &str)] = if record.outcome().is_none() {
        &[
            ("card-move", "pick"),
            ("card-moves", "moves"),
            ("card-undo", "undo"),
            ("card-draw", "draw"),
            ("card-resign", "resign"),
        ]
    } else {
        &[("card-rematch", "rematch"), ("card-replay", "replay")]
    };
    GameCard {
        stamp: record.position_stamp(),
        clocks: crate::describe::clocks(record, now, lang),
        actions: actions
            .iter()
            .enumerate()
            .map(|(i, (label, command))| Action {
                label: t!(lang, label),
                command: command.to_string(),
                for_user: None,
                // The first is the one most players want.
                primary: i == 0,
            })
            .collect(),
    }
}

impl Bot {
    /// A press on the card of position `stamp` in the request's channel,
    /// refused (privately, pointing to the channel's latest card) when the
    /// game there has moved on or another has started.
    pub(crate) fn superseded_card(&self, request: &Request, stamp: u64) -> Option<Reply> {
        let key = ChannelKey::of(request);
        let game = match self.store.load(&key.to_string()) {
            Ok(record) => record.and_then(|r| r.game),
            Err(error) => {
                tracing::warn!(%error, channel = %key, "reading the game of a card");
                None
            }
        };
        if game.is_some_and(|g| g.position_stamp() == stamp) {
            return None;
        }
        let lang = self.langs(request).private;
        let mut reply = Reply {
            lang,
            ..Reply::error(t!(lang, "card-superseded"))
        };
        reply.push_channel(key);
        reply.text.push_str(&t!(lang, "card-superseded-end"));
        Some(reply)
    }
}
