//! The puzzle of the day (`settings puzzle=08:00 zone=Asia/Tokyo`): posted
//! in a channel at a local time each day. It lives in the record of the
//! channel's [`daily_key`], so its due moment is in the deadline index:
//! it fires once in the whole cluster, survives a restart, and each firing
//! moves it to the next local day in the same write. `puzzle <turn>` in
//! the channel answers the latest one.

use cairn_store::clock::DAY_MS;
use cairn_store::puzzle::{daily_channel, daily_key, DailyPuzzle};
use cairn_store::{Change, PuzzleRecord, StoreError, Update};

use crate::commands::set::DailySetting;
use crate::digest::{next_digest_ms, DigestAt};
use crate::i18n::{say, Lang};
use crate::{t, Bot, ChannelKey, Delivery};

impl Bot {
    /// Set (or stop) the daily puzzle of the channel `key`.
    pub(crate) fn set_daily(&self, key: &str, setting: &DailySetting) -> Result<(), StoreError> {
        let now = self.now();
        self.store.update(&daily_key(key), |current| {
            let mut record = current.unwrap_or_default();
            let last = record.daily.take().and_then(|d| d.last);
            record.daily = match setting {
                DailySetting::Off => None,
                DailySetting::At(at) => next_digest_ms(at, now).map(|next_ms| DailyPuzzle {
                    hour: at.hour,
                    minute: at.minute,
                    zone: at.zone.clone(),
                    next_ms,
                    last: last.clone(),
                }),
            };
            let change = if record.daily.is_some() {
                Change::Put(record)
            } else {
                Change::Remove
            };
            Update {
                change,
                archive: None,
                value: (),
            }
        })
    }

    /// The channel's daily puzzle setting, if any.
    pub(crate) fn daily_of(&self, key: &str) -> Result<Option<DailyPuzzle>, StoreError> {
        Ok(self.store.load(&daily_key(key))?.and_then(|r| r.daily))
    }

    /// Post the daily puzzle of a `~daily` record if it is due, and move
    /// it to the next day in the same write.
    pub(crate) fn fire_daily(&self, key: &str, now: u64) -> Option<Delivery> {
        let channel_key = daily_channel(key)?;
        let channel = ChannelKey::parse(channel_key)?;
        let puzzle = match self.puzzle_of_day(now) {
            Ok(puzzle) => puzzle,
            Err(error) => {
                tracing::error!(%error, channel = %channel_key, "choosing the daily puzzle");
                None
            }
        };
        let chosen = puzzle.as_ref().map(|p| (p.kind, p.id.clone()));
        let fired = self.store.update(key, |current| {
            let Some(mut record) = current else {
                return Update::keep(false);
            };
            let Some(daily) = record.daily.as_mut() else {
                return Update::keep(false);
            };
            if daily.next_ms > now {
                return Update::keep(false);
            }
            let at = DigestAt {
                hour: daily.hour,
                minute: daily.minute,
                zone: daily.zone.clone(),
            };
            // A day later at the least, so a bad zone never spins.
            daily.next_ms = next_digest_ms(&at, now).unwrap_or(now + DAY_MS);
            if chosen.is_some() {
                daily.last = chosen.clone();
            }
            Update {
                change: Change::Put(record),
                archive: None,
                value: true,
            }
        });
        match fired {
            Ok(true) => {}
            Ok(false) => return None,
            Err(error) => {
                tracing::error!(%error, channel = %channel_key, "firing the daily puzzle");
                return None;
            }
        }
        let puzzle = puzzle?;
        let lang = self.channel_lang(channel_key).unwrap_or_default();
        let replies = self.daily_replies(&puzzle, lang);
        Some(Delivery {
            platform: channel.platform,
            channel: channel.channel,
            replies,
            direct: None,
            answer_only: false,
        })
    }

    /// The puzzle of the day `now` falls in: every stored puzzle in turn,
    /// games mixed (the same for every channel on a day).
    fn puzzle_of_day(&self, now: u64) -> Result<Option<PuzzleRecord>, StoreError> {
        crate::commands::ensure_shipped_puzzles(self)?;
        let mut all = self.store.puzzles(None)?;
        if all.is_empty() {
            return Ok(None);
        }
        // Spread the games: sorted by the hash part of the id, not by game.
        let hash = |p: &PuzzleRecord| {
            p.id.split_once('-')
                .map_or(p.id.clone(), |(_, h)| h.to_string())
        };
        all.sort_by_key(hash);
        let day = (now / DAY_MS) as usize;
        let index = day % all.len();
        Ok(all.into_iter().nth(index))
    }

    /// The daily post: the board and how to answer.
    fn daily_replies(&self, puzzle: &PuzzleRecord, lang: Lang) -> Vec<crate::Reply> {
        let head = t!(
            lang,
            "daily-puzzle-head",
            game = say(lang, &puzzle.kind.title_message())
        );
        let answer = crate::commands::puzzle_board(self, puzzle, lang);
        let mut replies = self.finish(answer.replies, answer.board, lang);
        if let Some(first) = replies.first_mut() {
            first.text = format!("{head}\n{}", first.text);
        }
        replies
    }
}
