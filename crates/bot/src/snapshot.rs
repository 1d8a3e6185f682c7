//! A stored game as it stood after any of its turns, for readers outside
//! the chat (the web pages): its title, status caption, board image and
//! the image's description, worded and drawn as the bot's own board
//! replies are ([`crate::captions_in`], [`crate::describe`], the
//! renderer), and its replay GIF.

use cairn_render::{Png, RenderError, RenderOptions};
use cairn_rules::position::PositionError;
use cairn_store::{GameRecord, TurnRecord};

use crate::captions::{captions_in, status_stone};
use crate::history::replay;
use crate::i18n::{self, Lang};

/// The game after `turn` of its turns: the latest position is the stored
/// record itself (its result and clocks); an earlier one is the record
/// cut after that turn, with no result and no clock.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The record as it stood.
    pub record: GameRecord,
    /// How many turns had been played.
    pub turn: usize,
    /// "Callanish 9 x 9: alice (White) vs bob (Black)".
    pub title: String,
    /// "bob (Black) to move", "alice (White) wins: …".
    pub caption: String,
    /// The board image's description (its alt text).
    pub description: String,
    /// Every turn of the game, also those after this position.
    pub history: Vec<TurnRecord>,
    /// The game (not only this position) is over.
    pub finished: bool,
}

/// The position of `record` after `turn` turns (`None` past its last),
/// worded in `lang`, its clocks read at `now`.
pub fn snapshot(
    record: &GameRecord,
    turn: usize,
    now: u64,
    lang: Lang,
) -> Result<Option<Snapshot>, PositionError> {
    let total = record.history.len();
    if turn > total {
        return Ok(None);
    }
    let at = if turn == total {
        record.clone()
    } else {
        cut(record, turn)?
    };
    let (title, caption) = captions_in(&at, lang);
    let mut view = at.game.board_view();
    view.last = at.last.clone();
    let description = crate::describe::board_description(&at, &view, &caption, now, lang);
    Ok(Some(Snapshot {
        record: at,
        turn,
        title,
        caption,
        description,
        history: record.history.clone(),
        finished: !record.in_progress(),
    }))
}

/// The record as it stood after `turn` turns (fewer than it has).
fn cut(record: &GameRecord, turn: usize) -> Result<GameRecord, PositionError> {
    let turns: Vec<String> = record.history[..turn]
        .iter()
        .map(|t| t.turn.clone())
        .collect();
    let replayed = replay(record.kind, &record.options, &turns)?;
    let mut at = record.clone();
    if let Some(game) = replayed.positions.last() {
        at.game = game.clone();
    }
    at.last = replayed
        .turns
        .last()
        .map(|(_, played)| played.highlights.clone())
        .unwrap_or_default();
    at.history.truncate(turn);
    at.result = None;
    at.finished_ms = None;
    at.clock = None;
    at.undo_request = None;
    at.draw_offer = None;
    at.resign_request = [None; 2];
    at.picks = Default::default();
    Ok(at)
}

impl Snapshot {
    /// A number that changes whenever the image would: the turns up to
    /// here and, at the end, the result.
    pub fn stamp(&self) -> u64 {
        let outcome = self.record.result.map_or(0, |o| {
            1 + o.winner.map_or(0, |s| s.index() as u64 + 1) * 64 + o.reason as u64
        });
        self.record.position_stamp() ^ outcome.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The board image, drawn as the bot's board replies are.
    pub fn png(&self, lang: Lang) -> Result<Png, RenderError> {
        let mut view = self.record.game.board_view();
        view.last = self.record.last.clone();
        let view = view.worded(|message| i18n::say(lang, message));
        let options = RenderOptions {
            show_hints: false,
            caption: Some(self.caption.clone()),
            caption_stone: status_stone(&self.record),
        };
        cairn_render::render_png(&view, &options)
    }
}

/// The game's replay as a GIF (`None`, logged, if it cannot be drawn).
pub fn replay_gif(record: &GameRecord, lang: Lang) -> Option<Vec<u8>> {
    crate::commands::replay_attachment(record, lang).map(|file| file.bytes)
}
