//! The daily digest (`notify digest 08:00 Europe/Madrid`): one message a
//! day at the player's local hour listing the games where it is their
//! turn, instead of a reminder per turn (the urgent reminder, a tenth of
//! the time left, still comes on its own). Its due moment is the player
//! record's, in the deadline index, so it fires once in the whole cluster
//! and survives a restart; each firing moves it to the next local day in
//! the same write.

use cairn_store::clock::HOUR_MS;
use cairn_store::player::{player_of_channel, Digest};
use cairn_store::{Change, GameRecord, Player, StoreError, Update};

use crate::i18n::{duration, Lang};
use crate::{t, to_user, Bot, ChannelKey, Delivery, Reply};

/// A game named in a digest or an urgent reminder is not named again
/// within this long.
const QUIET_MS: u64 = 12 * HOUR_MS;

/// When a digest is sent: a local time of day in a time zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestAt {
    pub hour: u8,
    pub minute: u8,
    /// An IANA time zone name, checked against the bundled database.
    pub zone: String,
}

/// Why a digest time was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DigestError {
    #[error("not a time of day: {0}")]
    Time(String),
    #[error("not a time zone: {0}")]
    Zone(String),
}

impl DigestAt {
    /// `08:00` and an optional zone name (UTC by default).
    pub fn parse(time: &str, zone: Option<&str>) -> Result<DigestAt, DigestError> {
        let bad_time = || DigestError::Time(time.chars().take(20).collect());
        let (hour, minute) = time.split_once(':').ok_or_else(bad_time)?;
        let hour: u8 = hour.parse().ok().filter(|h| *h < 24).ok_or_else(bad_time)?;
        let minute: u8 = minute
            .parse()
            .ok()
            .filter(|m| *m < 60)
            .ok_or_else(bad_time)?;
        let zone = zone.unwrap_or("UTC");
        let found = jiff::tz::TimeZone::get(zone)
            .map_err(|_| DigestError::Zone(zone.chars().take(40).collect()))?;
        Ok(DigestAt {
            hour,
            minute,
            zone: found.iana_name().unwrap_or(zone).to_string(),
        })
    }

    /// `08:00 Europe/Madrid`.
    pub fn words(&self) -> Vec<String> {
        vec![
            format!("{:02}:{:02}", self.hour, self.minute),
            self.zone.clone(),
        ]
    }
}

/// The first moment after `after_ms` when the local clock of `zone` shows
/// `hour:minute` (a time skipped by a daylight-saving change counts as
/// the moment after the gap).
pub fn next_digest_ms(at: &DigestAt, after_ms: u64) -> Option<u64> {
    let zone = jiff::tz::TimeZone::get(&at.zone).ok()?;
    let after = jiff::Timestamp::from_millisecond(i64::try_from(after_ms).ok()?).ok()?;
    let today = after.to_zoned(zone.clone()).date();
    let time = jiff::civil::Time::new(at.hour as i8, at.minute as i8, 0, 0).ok()?;
    for days in 0..3 {
        let day = today.checked_add(jiff::Span::new().days(days)).ok()?;
        let moment = day
            .to_datetime(time)
            .to_zoned(zone.clone())
            .ok()?
            .timestamp();
        if moment > after {
            return u64::try_from(moment.as_millisecond()).ok();
        }
    }
    None
}

impl Bot {
    /// Set (or drop) a player's digest in their record.
    pub(crate) fn set_digest(
        &self,
        platform: &str,
        user: &Player,
        at: Option<&DigestAt>,
        lang: Lang,
    ) -> Result<(), StoreError> {
        let key = Bot::player_key(platform, &user.id);
        let now = self.now();
        self.store.update(&key, |current| {
            let mut record = current.unwrap_or_default();
            let mut player = record.player.take().unwrap_or_default();
            player.user = user.clone();
            // What was named lately stays named, whatever the new hour.
            let named = player.digest.take().map(|d| d.named).unwrap_or_default();
            player.digest = at.and_then(|at| {
                Some(Digest {
                    hour: at.hour,
                    minute: at.minute,
                    zone: at.zone.clone(),
                    next_ms: next_digest_ms(at, now)?,
                    named: named.clone(),
                    lang: Some(lang.code().to_string()),
                })
            });
            record.player = Some(player);
            Update {
                change: Change::Put(record),
                archive: None,
                value: (),
            }
        })
    }

    /// Fire a player's digest if it is due: the games waiting for them,
    /// by direct message. Nothing when none is waiting (the digest still
    /// moves to the next day).
    pub(crate) fn fire_player(&self, key: &str, now: u64) -> Option<Delivery> {
        let ChannelKey { platform, channel } = ChannelKey::parse(key)?;
        let user_id = player_of_channel(&channel)?.to_string();
        let waiting = match crate::commands::waiting_for(self, &platform, &user_id) {
            Ok(waiting) => waiting,
            Err(error) => {
                tracing::error!(%error, "reading a player's games for their digest");
                return None;
            }
        };
        let fired = self
            .store
            .update(key, |current| take_digest(current, &waiting, now));
        let (user, listed, lang) = match fired {
            Ok(Some(fired)) => fired,
            Ok(None) => return None,
            Err(error) => {
                tracing::error!(%error, "writing a player's digest");
                return None;
            }
        };
        Some(Delivery {
            platform: platform.clone(),
            channel: channel.clone(),
            replies: vec![digest_reply(&listed, &user, now, lang)],
            direct: Some(to_user(&user)),
            answer_only: false,
        })
    }
}

/// What a digest says, if one is due: its reader, the games it names and
/// its language; the record moves to the next digest in the same write.
type Taken = Option<(Player, Vec<(String, GameRecord)>, Lang)>;

fn take_digest(
    current: Option<cairn_store::ChannelRecord>,
    waiting: &[(String, GameRecord)],
    now: u64,
) -> Update<Taken> {
    let Some(mut record) = current else {
        return Update::keep(None);
    };
    let Some(player) = record.player.as_mut() else {
        return Update::keep(None);
    };
    let user = player.user.clone();
    let Some(digest) = player.digest.as_mut().filter(|d| d.next_ms <= now) else {
        return Update::keep(None);
    };
    let lang = digest
        .lang
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_default();
    let listed = due_in_digest(digest, waiting, now);
    let at = DigestAt {
        hour: digest.hour,
        minute: digest.minute,
        zone: digest.zone.clone(),
    };
    digest.next_ms = next_digest_ms(&at, now).unwrap_or(now + 24 * HOUR_MS);
    digest
        .named
        .retain(|(_, at)| now.saturating_sub(*at) < QUIET_MS);
    digest
        .named
        .extend(listed.iter().map(|(key, _)| (key.clone(), now)));
    Update {
        change: Change::Put(record),
        archive: None,
        value: (!listed.is_empty()).then_some((user, listed, lang)),
    }
}

/// The waiting games this digest names: not those named (by a digest or
/// an urgent reminder) within the last 12 hours.
fn due_in_digest(
    digest: &Digest,
    waiting: &[(String, GameRecord)],
    now: u64,
) -> Vec<(String, GameRecord)> {
    waiting
        .iter()
        .filter(|(key, game)| {
            let named = digest
                .named
                .iter()
                .any(|(k, at)| k == key && now.saturating_sub(*at) < QUIET_MS);
            let urged = game.running_clock().is_some_and(|(seat, clock)| {
                clock.reminders_sent >= 2
                    && now.saturating_sub(clock.reminder_ms(seat.index(), 2)) < QUIET_MS
            });
            !named && !urged
        })
        .cloned()
        .collect()
}

/// "Your turn in 2 games: Sight in #main (2 days left), ..."
fn digest_reply(listed: &[(String, GameRecord)], user: &Player, now: u64, lang: Lang) -> Reply {
    let mut reply = Reply {
        text: t!(lang, "digest-head", count = listed.len()),
        mentions: vec![to_user(user)],
        ..Reply::default()
    };
    for (key, game) in listed {
        reply.text.push_str("\n- ");
        reply.text.push_str(&t!(
            lang,
            "digest-line",
            game = crate::captions_in(game, lang).0
        ));
        reply.push_channel(ChannelKey::from_key(key));
        if let Some((seat, clock)) = game.running_clock() {
            reply.text.push_str(&t!(
                lang,
                "games-time-left",
                time = duration(lang, clock.left_ms(seat.index(), now))
            ));
        }
    }
    reply
}
