//! The scheduler: every timed event (turn reminders, losses on time,
//! challenges lapsing) is decided here, in the bot core, from the deadline
//! index the store keeps with the records. Platforms only deliver what it
//! returns.
//!
//! Firing an event is a compare-and-swap on the channel's record like any
//! command, so an event fires once even when a move (or another process)
//! races it: whichever write lands first wins, and the other sees its
//! result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::{commands, i18n, t, Answer, Bot, ChannelKey, Lang, Reply, Request, User};
use cairn_rules::Seat;
use cairn_store::clock::{ClockEvent, GameClock, Pause, HOUR_MS};
use cairn_store::{Change, ChannelRecord, GameRecord, News, Notify, Update};

/// Something the scheduler has to say in a channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The platform (`discord`, `matrix`, `console`).
    pub platform: String,
    /// The platform's channel id.
    pub channel: String,
    pub replies: Vec<Reply>,
    /// Deliver to this user by direct message instead of the channel
    /// (reminders of players who chose `notify dm`).
    pub direct: Option<User>,
    /// The bot may not post in the channel (see
    /// [`Capabilities::answer_only`](crate::Capabilities::answer_only)):
    /// deliver to each mentioned user directly, never in the channel. The
    /// words are also kept for the next reply there.
    pub answer_only: bool,
}

/// Wakes the scheduler when a command may have moved the next deadline
/// earlier.
#[derive(Default)]
pub struct Waker {
    generation: Mutex<u64>,
    changed: Condvar,
}

impl Waker {
    pub fn wake(&self) {
        let mut generation = self
            .generation
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *generation += 1;
        self.changed.notify_all();
    }

    fn generation(&self) -> u64 {
        *self
            .generation
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Wait until woken after `seen`, or for at most `timeout`.
    fn wait(&self, seen: u64, timeout: Duration) {
        let guard = self
            .generation
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = self
            .changed
            .wait_timeout_while(guard, timeout, |generation| *generation == seen);
    }
}

/// The scheduler never sleeps longer than this, so a deadline written by
/// another process sharing the database is seen within it even if its
/// notification was lost.
/// PostgreSQL notifies only of due moments nearer than this.
const MAX_SLEEP: Duration = Duration::from_millis(cairn_store::DEADLINE_POLL_MS);

impl Bot {
    /// Fire everything due now in `platform`'s channels, earliest first.
    pub fn fire_due(&self, platform: &str) -> Vec<Delivery> {
        let now = self.now();
        let due = match self.store.due(platform, now) {
            Ok(due) => due,
            Err(error) => {
                tracing::error!(%error, "reading the deadline index");
                return Vec::new();
            }
        };
        let mut deliveries = Vec::new();
        for (due_ms, key) in due {
            if cairn_store::tournament::tournaments_channel(&key).is_some() {
                deliveries.extend(commands::fire_tournaments(self, &key, now));
                self.drop_stale(&key, due_ms);
                continue;
            }
            if cairn_store::puzzle::daily_channel(&key).is_some() {
                deliveries.extend(self.fire_daily(&key, now));
                self.drop_stale(&key, due_ms);
                continue;
            }
            if is_player_key(&key) {
                deliveries.extend(self.fire_player(&key, now));
                self.drop_stale(&key, due_ms);
                continue;
            }
            let fired = self.fire_channel(&key, now);
            commands::nudge_tournament(self, &key);
            match fired {
                Ok(Some(delivery)) => {
                    tracing::info!(
                        channel = %key,
                        late_ms = now.saturating_sub(due_ms),
                        "timed event fired"
                    );
                    deliveries.push(delivery);
                }
                Ok(None) => self.drop_stale(&key, due_ms),
                Err(error) => {
                    tracing::error!(%error, channel = %key, "firing a timed event");
                    self.drop_stale(&key, due_ms);
                }
            }
        }
        deliveries
    }

    /// Forget an index entry whose record has nothing due then (moved
    /// aside, unreadable), so the scheduler does not spin on it.
    fn drop_stale(&self, key: &str, due_ms: u64) {
        if let Err(error) = self.store.drop_stale_deadline(key, due_ms) {
            tracing::error!(%error, channel = %key, "dropping a stale deadline");
        }
    }

    /// When something is next due in `platform`'s channels.
    pub fn next_due(&self, platform: &str) -> Option<u64> {
        self.store.next_due(platform).unwrap_or_else(|error| {
            tracing::error!(%error, "reading the deadline index");
            None
        })
    }

    fn fire_channel(
        &self,
        key: &str,
        now: u64,
    ) -> Result<Option<Delivery>, cairn_store::StoreError> {
        let Some(ChannelKey { platform, channel }) = ChannelKey::parse(key) else {
            return Ok(None);
        };
        let (platform, channel) = (platform.as_str(), channel.as_str());
        // Reminder preferences and vacations are read before the write;
        // they only choose how a reminder is delivered and which stretches
        // of the clocks stand still.
        let mut preferences = std::collections::HashMap::new();
        let mut pauses = [None; 2];
        let mut hour_granted = false;
        if let Some(game) = self.store.load(key)?.and_then(|r| r.game) {
            for player in &game.players {
                let notify = self.store.user_settings(platform, &player.id)?.notify;
                preferences.insert(player.id.clone(), notify);
            }
            pauses = self.pauses_of(platform, &game);
            hour_granted = self.hour_for_timeout(key, platform, &game, pauses, now)?;
        }
        let preference = |user_id: &str| preferences.get(user_id).copied().unwrap_or_default();
        let extra = Extra {
            pauses,
            hour_granted,
        };
        // The place's language, read before the write for the same reason:
        // everything the scheduler posts is public, in the place's words.
        let lang = self.channel_lang(key).unwrap_or_default();
        let fired = self.store.update(key, |current| {
            let Some(record) = current else {
                return Update::keep(None);
            };
            let answer_only = record.answer_only;
            let earlier = record.news.clone();
            let mut update = fire(key, record, now, &preference, &extra, lang);
            if answer_only {
                keep_news(&mut update, earlier, now);
            }
            update.map_value(|fired| fired.map(|(answer, direct)| (answer, direct, answer_only)))
        })?;
        let Some((answer, direct, answer_only)) = fired else {
            return Ok(self.resume_bot_turn(key, platform, channel, now, lang));
        };
        let replies = self.finish(answer.replies, answer.board, lang);
        Ok(Some(Delivery {
            platform: platform.to_string(),
            channel: channel.to_string(),
            replies,
            direct,
            answer_only,
        }))
    }

    /// Play the bot's turn in a channel where it is overdue (a crash, a
    /// stop or a failed write interrupted it), and say it there.
    fn resume_bot_turn(
        &self,
        key: &str,
        platform: &str,
        channel: &str,
        now: u64,
        lang: Lang,
    ) -> Option<Delivery> {
        let game = self.store.load(key).ok()??.game?;
        if game.bot_turn_due_ms().is_none_or(|due| due > now) {
            return None;
        }
        tracing::info!(channel = %key, "playing an interrupted bot turn");
        let request = Request {
            platform: platform.to_string(),
            channel: channel.to_string(),
            user: self.config.bot_user.clone(),
            place_lang: Some(lang),
            ..Request::default()
        };
        let replies = self.bot_turns(&request, &mut |_| {});
        (!replies.is_empty()).then(|| Delivery {
            platform: platform.to_string(),
            channel: channel.to_string(),
            replies,
            direct: None,
            answer_only: false,
        })
    }

    /// Run the scheduler for `platforms` until `stop` is set: fire what is
    /// due, hand it to `deliver`, sleep until the next due moment or until
    /// a command wakes it. Blocking: run it on its own thread.
    pub fn run_scheduler(
        &self,
        platforms: &[&str],
        stop: &AtomicBool,
        mut deliver: impl FnMut(Delivery),
    ) {
        tracing::info!(pending = self.store.pending_count(), "scheduler started");
        // Another process sharing the database (PostgreSQL) may move a
        // deadline earlier: its NOTIFY wakes this loop.
        let waker = Arc::clone(&self.waker);
        self.store.on_deadline_change(move || waker.wake());
        while !stop.load(Ordering::SeqCst) {
            let seen = self.waker.generation();
            for platform in platforms {
                for delivery in self.fire_due(platform) {
                    deliver(delivery);
                }
            }
            let now = self.now();
            let next = platforms.iter().filter_map(|p| self.next_due(p)).min();
            let sleep = next.map_or(MAX_SLEEP, |due| {
                Duration::from_millis(due.saturating_sub(now)).min(MAX_SLEEP)
            });
            if !sleep.is_zero() {
                self.waker.wait(seen, sleep);
            }
        }
    }

    /// Start the scheduler on a thread of its own; it stops when the
    /// returned flag is set.
    pub fn spawn_scheduler(
        &self,
        platforms: Vec<&'static str>,
        deliver: impl FnMut(Delivery) + Send + 'static,
    ) -> std::io::Result<Arc<AtomicBool>> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let bot = self.clone();
        std::thread::Builder::new()
            .name("cairn-scheduler".into())
            .spawn(move || bot.run_scheduler(&platforms, &flag, deliver))?;
        Ok(stop)
    }

    /// Stop a scheduler started by [`Bot::spawn_scheduler`] promptly.
    pub fn stop_scheduler(&self, stop: &AtomicBool) {
        stop.store(true, Ordering::SeqCst);
        self.waker.wake();
    }
}

/// What is due in one channel at `now` and what to say of it: the
/// record's new state, and the words in `lang` (with whom to write to
/// directly).
type Fired = Update<Option<(Answer, Option<User>)>>;

/// Keep what was just fired after the `earlier` news of the record, in
/// the same write, for the next reply in a channel where the bot may only
/// answer. (The record written may be a new one, as after a loss on time.)
fn keep_news(update: &mut Fired, mut earlier: Vec<News>, now: u64) {
    let Some((answer, _)) = &update.value else {
        return;
    };
    let Some(text) = answer.replies.first().map(|r| r.text.clone()) else {
        return;
    };
    earlier.push(News { at_ms: now, text });
    match &mut update.change {
        Change::Put(record) => {
            record.answer_only = true;
            record.news = earlier;
        }
        // The record goes (a lapsed challenge), the news stays.
        change @ Change::Remove => {
            *change = Change::Put(ChannelRecord {
                answer_only: true,
                news: earlier,
                ..ChannelRecord::default()
            })
        }
        Change::Keep => {}
    }
}

/// A player's own record (its due moment: their digest).
fn is_player_key(key: &str) -> bool {
    ChannelKey::parse(key)
        .is_some_and(|k| cairn_store::player::player_of_channel(&k.channel).is_some())
}

/// What the scheduler read of the players before the write: each seat's
/// vacation, and whether an hour of vacation was spent on the timeout
/// due now.
struct Extra {
    pauses: [Option<Pause>; 2],
    hour_granted: bool,
}

impl Bot {
    /// Whether the timeout due now in this game is put off by an hour of
    /// its player's vacation (spent here, once per timeout).
    fn hour_for_timeout(
        &self,
        key: &str,
        platform: &str,
        game: &GameRecord,
        pauses: [Option<Pause>; 2],
        now: u64,
    ) -> Result<bool, cairn_store::StoreError> {
        let mut game = game.clone();
        crate::vacation::apply_pauses(&mut game, pauses, now);
        let Some((seat, clock)) = game.running_clock() else {
            return Ok(false);
        };
        let due = clock.deadline_ms(seat.index());
        if game.no_vacation || due > now {
            return Ok(false);
        }
        self.spend_vacation_hour(platform, key, game.player(seat), due)
    }
}

/// What is due in one channel at `now`: a challenge lapsing, a loss on
/// time or a reminder.
fn fire(
    key: &str,
    mut record: ChannelRecord,
    now: u64,
    notify: &dyn Fn(&str) -> Notify,
    extra: &Extra,
    lang: Lang,
) -> Fired {
    let lapsed = record
        .challenge
        .as_ref()
        .is_some_and(|c| c.expires_ms.is_some_and(|at| at <= now));
    if lapsed {
        return challenge_lapses(record, now, lang);
    }
    let Some(game) = record.game.as_mut() else {
        return Update::keep(None);
    };
    // A vacation the game does not hold yet (a crash came between the
    // player's record and this game's) is carried over first.
    let carried = game.in_progress() && crate::vacation::apply_pauses(game, extra.pauses, now);
    let Some((seat, clock)) = game.running_clock() else {
        return Update::keep(None);
    };
    let mut clock = clock.clone();
    let caught = catch_up(&mut clock, seat.index(), now, extra.hour_granted);
    if caught.timed_out {
        game.clock = Some(clock);
        return commands::lose_on_time(key, game.clone(), seat, now, lang)
            .map_value(|answer| Some((answer, None)));
    }
    let changed = carried || caught.extended;
    let reminder = caught.reminder;
    let Some((n, due)) = reminder else {
        if changed {
            game.clock = Some(clock);
            return Update {
                change: Change::Put(record),
                archive: None,
                value: None,
            };
        }
        return Update::keep(None);
    };
    // The time left as planned for this reminder (a few milliseconds of
    // scheduling delay would otherwise turn "6s" into "5s").
    let at = if now.saturating_sub(due) < 1_000 {
        due
    } else {
        now
    };
    let left = clock.left_ms(seat.index(), at);
    game.clock = Some(clock);
    let value = reminder_words(game, seat, n, left, notify, lang);
    Update {
        change: Change::Put(record),
        archive: None,
        value,
    }
}

/// What a clock did by `now`: the latest reminder due, a timeout, or an
/// hour of vacation spent on one.
struct Caught {
    reminder: Option<(u8, u64)>,
    timed_out: bool,
    extended: bool,
}

/// Catch up with everything due on `clock` by `now` (after a long
/// downtime only the latest reminder is worth saying); a timeout is put
/// off once by an hour of vacation when `hour_granted`.
fn catch_up(clock: &mut GameClock, seat: usize, now: u64, hour_granted: bool) -> Caught {
    let mut caught = Caught {
        reminder: None,
        timed_out: false,
        extended: false,
    };
    loop {
        let (event, due) = clock.next_event(seat);
        if due > now {
            return caught;
        }
        match event {
            ClockEvent::Reminder(n) => {
                clock.reminders_sent = n;
                caught.reminder = Some((n, due));
            }
            ClockEvent::Timeout if hour_granted && !caught.extended => {
                clock.extend(HOUR_MS);
                caught.extended = true;
            }
            ClockEvent::Timeout => {
                caught.timed_out = true;
                return caught;
            }
        }
    }
}

/// The challenge here lapsed unanswered: it goes, and both players hear.
fn challenge_lapses(mut record: ChannelRecord, now: u64, lang: Lang) -> Fired {
    let Some(challenge) = record.challenge.take() else {
        return Update::keep(None);
    };
    let game = i18n::say(lang, &challenge.game.title_message());
    let within = i18n::duration(
        lang,
        challenge
            .expires_ms
            .unwrap_or(now)
            .saturating_sub(challenge.at_ms),
    );
    let challenger = &challenge.challenger.name;
    let text = match &challenge.challenged {
        Some(challenged) => t!(
            lang,
            "schedule-challenge-expired",
            challenger = challenger,
            challenged = &challenged.name,
            game = game,
            within = within
        ),
        None => t!(
            lang,
            "schedule-challenge-expired-open",
            challenger = challenger,
            game = game,
            within = within
        ),
    };
    let mentions = std::iter::once(&challenge.challenger)
        .chain(challenge.challenged.as_ref())
        .filter(|p| !p.is_bot)
        .map(super::to_user)
        .collect();
    let change = if record.game.is_none() {
        Change::Remove
    } else {
        Change::Put(record)
    };
    let reply = Reply {
        text,
        mentions,
        ..Reply::default()
    };
    Update {
        change,
        archive: None,
        value: Some((Answer::reply(reply), None)),
    }
}

/// Reminder `n` for the player in `seat`, `left_ms` before their time runs
/// out, as they asked to hear it (`notify`): in the channel, directly, or
/// not at all.
fn reminder_words(
    game: &GameRecord,
    seat: Seat,
    n: u8,
    left_ms: u64,
    notify: &dyn Fn(&str) -> Notify,
    lang: Lang,
) -> Option<(Answer, Option<User>)> {
    let player = game.player(seat);
    let preference = notify(&player.id);
    // A digest stands for the first reminder; the urgent one still comes,
    // directly.
    if preference == Notify::Off || (preference == Notify::Digest && n == 1) {
        return None;
    }
    let id = if n == 1 {
        "schedule-reminder"
    } else {
        "schedule-reminder-last"
    };
    let text = t!(
        lang,
        id,
        player = &player.name,
        game = i18n::say(lang, &game.kind.title_message()),
        opponent = &game.player(seat.other()).name,
        left = i18n::duration(lang, left_ms)
    );
    let user = super::to_user(player);
    let reply = Reply {
        text,
        mentions: vec![user.clone()],
        ..Reply::default()
    };
    Some((
        Answer::reply(reply),
        matches!(preference, Notify::Direct | Notify::Digest).then_some(user),
    ))
}
