//! Vacation: a player's clocks stand still while they are away. The
//! player's record holds the stint and the hours used each year; every
//! game of theirs holds the same stretch as a [`Pause`] of their seat's
//! clock, so every deadline stays a pure function of the game's record
//! (see `cairn_store::clock`). The command sets the stint, then carries
//! it to each game; the scheduler carries it again before it fires
//! anything, so a game a crash left behind never loses on time during a
//! vacation.

use cairn_store::clock::{Pause, DAY_MS, HOUR_MS};
use cairn_store::player::{player_channel, SpentHour};
use cairn_store::{Change, GameRecord, Player, PlayerRecord, Stint, StoreError, Update, Vacation};

use crate::commands::args::{self, ArgError};
use crate::i18n::{date, duration, Lang};
use crate::{t, Answer, Bot, ChannelKey, Reply, Request};

/// What `vacation` was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VacationAction {
    /// Say where the player stands.
    Show,
    /// Start now, for this many days (`None`: until `vacation end` or the
    /// year's quota).
    Start {
        days: Option<u32>,
    },
    /// Start on this day (UTC midnight, in ms), for this many days.
    From {
        day_ms: u64,
        days: Option<u32>,
    },
    End,
    Auto(bool),
}

/// `vacation [start [N]d | from <date> [N]d | end | auto on|off]`, read
/// from the command's words.
pub fn parse_action(words: &[String]) -> Result<VacationAction, ArgError> {
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    match lower.as_slice() {
        [] | ["show"] => Ok(VacationAction::Show),
        ["end" | "stop"] => Ok(VacationAction::End),
        ["auto", switch] => Ok(VacationAction::Auto(args::switch(
            "vacation", "action", switch,
        )?)),
        ["start"] => Ok(VacationAction::Start { days: None }),
        ["start", days] => Ok(VacationAction::Start {
            days: Some(parse_days(days)?),
        }),
        ["from", day, rest @ ..] if rest.len() <= 1 => Ok(VacationAction::From {
            day_ms: parse_day(day)?,
            days: rest.first().map(|d| parse_days(d)).transpose()?,
        }),
        _ => Err(ArgError::VacationUsage),
    }
}

/// `5d` (or `5`): from 1 to 366 days.
fn parse_days(word: &str) -> Result<u32, ArgError> {
    word.trim_end_matches('d')
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=366).contains(d))
        .ok_or_else(|| ArgError::VacationDays {
            word: word.to_string(),
        })
}

/// `2026-12-20`: that day's start (UTC), in ms.
fn parse_day(word: &str) -> Result<u64, ArgError> {
    let bad = || ArgError::VacationDate {
        word: word.to_string(),
    };
    let day: jiff::civil::Date = word.parse().map_err(|_| bad())?;
    let start = day
        .to_zoned(jiff::tz::TimeZone::UTC)
        .map_err(|_| bad())?
        .timestamp()
        .as_millisecond();
    u64::try_from(start).map_err(|_| bad())
}

/// The calendar year (UTC) of a moment.
pub(crate) fn year_of(ms: u64) -> i32 {
    let millis = i64::try_from(ms).unwrap_or(i64::MAX);
    jiff::Timestamp::from_millisecond(millis)
        .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).year().into())
        .unwrap_or(1970)
}

/// Whole hours, rounded up (vacation is counted in hours).
fn whole_hours(ms: u64) -> u64 {
    ms.div_ceil(HOUR_MS) * HOUR_MS
}

impl Bot {
    /// The vacation a player has each year.
    fn vacation_quota_ms(&self) -> u64 {
        u64::from(self.config.vacation_days) * DAY_MS
    }

    /// What is left of `year`'s vacation.
    fn vacation_left_ms(&self, vacation: &Vacation, year: i32) -> u64 {
        let used = vacation.used_ms.get(&year).copied().unwrap_or(0);
        self.vacation_quota_ms().saturating_sub(used)
    }

    /// The key of a player's own record.
    pub(crate) fn player_key(platform: &str, user_id: &str) -> String {
        ChannelKey::new(platform, player_channel(user_id)).to_string()
    }

    /// A player's record as stored (`None`: never written).
    pub(crate) fn player_record(
        &self,
        platform: &str,
        user_id: &str,
    ) -> Result<Option<PlayerRecord>, StoreError> {
        let key = Bot::player_key(platform, user_id);
        Ok(self.store.load(&key)?.and_then(|r| r.player))
    }

    /// Each seat's vacation as the game should hold it: none for the bot,
    /// none in a `vacation=no` game.
    pub(crate) fn pauses_of(&self, platform: &str, game: &GameRecord) -> [Option<Pause>; 2] {
        let mut pauses = [None; 2];
        if game.no_vacation {
            return pauses;
        }
        for (seat, player) in game.players.iter().enumerate() {
            pauses[seat] = match self.stint_of(platform, player) {
                Ok(stint) => stint.map(pause_of),
                // Unreadable now: the game keeps what it holds.
                Err(()) => game.clock.as_ref().and_then(|c| c.pauses[seat]),
            };
        }
        pauses
    }

    /// A player's current or planned stint (none for the bot); `Err` when
    /// their record cannot be read now (logged).
    fn stint_of(&self, platform: &str, player: &Player) -> Result<Option<Stint>, ()> {
        if player.is_bot {
            return Ok(None);
        }
        match self.player_record(platform, &player.id) {
            Ok(record) => Ok(record.and_then(|r| r.vacation.stint)),
            Err(error) => {
                tracing::warn!(%error, "reading a player's vacation");
                Err(())
            }
        }
    }

    /// `vacation ...`: show, start, plan, end, or spend automatically.
    pub(crate) fn vacation(
        &self,
        request: &Request,
        action: VacationAction,
    ) -> Result<Answer, StoreError> {
        let lang = self.langs(request).private;
        let now = self.now();
        let key = Bot::player_key(&request.platform, &request.user.id);
        let user = Player {
            id: request.user.id.clone(),
            name: request.user.name.clone(),
            is_bot: false,
        };
        let said = self.store.update(&key, |current| {
            let mut record = current.unwrap_or_default();
            let mut player = record.player.take().unwrap_or_default();
            player.user = user.clone();
            let outcome = self.decide_vacation(&mut player.vacation, action, now, lang);
            record.player = Some(player);
            match outcome {
                Ok(text) if action != VacationAction::Show => Update {
                    change: Change::Put(record),
                    archive: None,
                    value: Ok(text),
                },
                other => Update::keep(other),
            }
        })?;
        let text = match said {
            Ok(text) => text,
            Err(refusal) => return Ok(Answer::error(refusal)),
        };
        let paused = self.carry_vacation(&request.platform, &request.user.id)?;
        let mut text = text;
        if paused > 0 && action != VacationAction::Show {
            text.push(' ');
            text.push_str(&t!(lang, "vacation-games", count = paused));
        }
        Ok(Answer::reply(Reply::error(text)))
    }

    /// The change `action` makes to a vacation, and what to say; a
    /// refusal says why.
    fn decide_vacation(
        &self,
        vacation: &mut Vacation,
        action: VacationAction,
        now: u64,
        lang: Lang,
    ) -> Result<String, String> {
        // A stint in the past is over: forget it.
        if vacation.stint.is_some_and(|s| s.until_ms <= now) {
            vacation.stint = None;
        }
        match action {
            VacationAction::Show => Ok(self.vacation_state(vacation, now, lang)),
            VacationAction::Auto(on) => {
                vacation.auto = on;
                Ok(t!(
                    lang,
                    if on {
                        "vacation-auto-on"
                    } else {
                        "vacation-auto-off"
                    }
                ))
            }
            VacationAction::End => self.end_stint(vacation, now, lang),
            VacationAction::Start { days } => self.begin_stint(vacation, now, days, now, lang),
            VacationAction::From { day_ms, days } => {
                if day_ms < now.saturating_sub(DAY_MS) {
                    return Err(t!(lang, "vacation-from-past", day = date(lang, day_ms)));
                }
                self.begin_stint(vacation, day_ms.max(now), days, now, lang)
            }
        }
    }

    /// Set a stint from `from`, charging it whole to its year.
    fn begin_stint(
        &self,
        vacation: &mut Vacation,
        from: u64,
        days: Option<u32>,
        now: u64,
        lang: Lang,
    ) -> Result<String, String> {
        if let Some(stint) = vacation.stint {
            let id = if stint.from_ms <= now {
                "vacation-already"
            } else {
                "vacation-already-planned"
            };
            return Err(t!(
                lang,
                id,
                from = date(lang, stint.from_ms),
                until = date(lang, stint.until_ms)
            ));
        }
        let year = year_of(from);
        let left = self.vacation_left_ms(vacation, year);
        if left < HOUR_MS {
            return Err(t!(lang, "vacation-none-left", year = year));
        }
        let length = match days {
            Some(days) => u64::from(days) * DAY_MS,
            None => left,
        };
        if length > left {
            return Err(t!(
                lang,
                "vacation-too-long",
                asked = duration(lang, length),
                left = duration(lang, left)
            ));
        }
        *vacation.used_ms.entry(year).or_insert(0) += length;
        let stint = Stint {
            from_ms: from,
            until_ms: from.saturating_add(length),
            open_ended: days.is_none(),
        };
        vacation.stint = Some(stint);
        let id = match (from <= now, stint.open_ended) {
            (true, false) => "vacation-started",
            (true, true) => "vacation-started-open",
            (false, _) => "vacation-planned",
        };
        Ok(t!(
            lang,
            id,
            from = date(lang, stint.from_ms),
            until = date(lang, stint.until_ms),
            left = duration(lang, self.vacation_left_ms(vacation, year))
        ))
    }

    /// End the current stint (or cancel a planned one), giving back the
    /// whole hours it did not use.
    fn end_stint(&self, vacation: &mut Vacation, now: u64, lang: Lang) -> Result<String, String> {
        let Some(stint) = vacation.stint.take() else {
            return Err(t!(lang, "vacation-not-on"));
        };
        let used =
            whole_hours(now.saturating_sub(stint.from_ms)).min(stint.until_ms - stint.from_ms);
        let unused = (stint.until_ms - stint.from_ms).saturating_sub(used);
        let year = year_of(stint.from_ms);
        if let Some(charged) = vacation.used_ms.get_mut(&year) {
            *charged = charged.saturating_sub(unused);
        }
        Ok(t!(
            lang,
            if stint.from_ms > now {
                "vacation-cancelled"
            } else {
                "vacation-ended"
            },
            left = duration(lang, self.vacation_left_ms(vacation, year_of(now)))
        ))
    }

    /// `vacation` alone: days left, the stint, automatic spending.
    fn vacation_state(&self, vacation: &Vacation, now: u64, lang: Lang) -> String {
        let year = year_of(now);
        let mut text = t!(
            lang,
            "vacation-left",
            left = duration(lang, self.vacation_left_ms(vacation, year)),
            year = year
        );
        if let Some(stint) = vacation.stint {
            text.push(' ');
            let id = if stint.from_ms <= now {
                "vacation-on-until"
            } else {
                "vacation-planned-state"
            };
            text.push_str(&t!(
                lang,
                id,
                from = date(lang, stint.from_ms),
                until = date(lang, stint.until_ms)
            ));
        }
        text.push(' ');
        text.push_str(&t!(
            lang,
            if vacation.auto {
                "vacation-auto-is-on"
            } else {
                "vacation-auto-is-off"
            }
        ));
        text
    }

    /// Give every game of the player their vacation as it now stands;
    /// the number of games whose clock it pauses.
    pub(crate) fn carry_vacation(
        &self,
        platform: &str,
        user_id: &str,
    ) -> Result<usize, StoreError> {
        let (games, _) = self.store.active_games_of(user_id)?;
        let mut paused = 0;
        for (key, _) in games {
            if !key.starts_with(&format!("{platform}:")) {
                continue;
            }
            let changed = self.store.update(&key, |current| {
                let Some(mut record) = current else {
                    return Update::keep(false);
                };
                let Some(game) = record.game.as_ref().filter(|g| g.in_progress()) else {
                    return Update::keep(false);
                };
                let pauses = self.pauses_of(platform, game);
                let has_pause = game
                    .seat_of(user_id)
                    .is_some_and(|s| pauses[s.index()].is_some());
                let Some(game) = record.game.as_mut() else {
                    return Update::keep(false);
                };
                if !apply_pauses(game, pauses, self.now()) {
                    return Update::keep(has_pause && game.clock.is_some());
                }
                Update {
                    change: Change::Put(record),
                    archive: None,
                    value: has_pause,
                }
            })?;
            paused += usize::from(changed);
        }
        Ok(paused)
    }

    /// Before a timeout of `seat` fires: if the player spends their
    /// vacation automatically and has an hour left, charge it (once per
    /// timeout: keyed by the game and the deadline). True when the hour is
    /// theirs to spend on this timeout.
    pub(crate) fn spend_vacation_hour(
        &self,
        platform: &str,
        game_key: &str,
        player: &Player,
        deadline_ms: u64,
    ) -> Result<bool, StoreError> {
        let key = Bot::player_key(platform, &player.id);
        self.store.update(&key, |current| {
            let Some(mut record) = current else {
                return Update::keep(false);
            };
            let Some(vacation) = record.player.as_mut().map(|p| &mut p.vacation) else {
                return Update::keep(false);
            };
            let token = SpentHour {
                channel: game_key.to_string(),
                deadline_ms,
            };
            if vacation.spent.contains(&token) {
                return Update::keep(true);
            }
            let year = year_of(deadline_ms);
            if !vacation.auto || self.vacation_left_ms(vacation, year) < HOUR_MS {
                return Update::keep(false);
            }
            *vacation.used_ms.entry(year).or_insert(0) += HOUR_MS;
            vacation.spent.push(token);
            // The latest few are enough to recognise a timeout fired again.
            let excess = vacation.spent.len().saturating_sub(64);
            vacation.spent.drain(..excess);
            Update {
                change: Change::Put(record),
                archive: None,
                value: true,
            }
        })
    }

    /// When each seat's player is on vacation now, until when (their
    /// record's stint; `None` for the bot and for a player at home).
    pub(crate) fn away_of(&self, platform: &str, game: &GameRecord) -> [Option<u64>; 2] {
        let now = self.now();
        let mut away = [None; 2];
        for (seat, player) in game.players.iter().enumerate() {
            let stint = self.stint_of(platform, player).unwrap_or(None);
            away[seat] = stint
                .filter(|s| s.from_ms <= now && now < s.until_ms)
                .map(|s| s.until_ms);
        }
        away
    }

    /// "bob is on vacation until 3 December." for the player to move, if
    /// they are away (`away`: from [`Bot::away_of`]); with "their clock
    /// stands still" where the game's clock is paused for it.
    pub(crate) fn on_vacation_line(
        game: &GameRecord,
        away: [Option<u64>; 2],
        now: u64,
        lang: Lang,
    ) -> Option<String> {
        let seat = game.game.to_move();
        let name = &game.player(seat).name;
        let paused = game
            .clock
            .as_ref()
            .and_then(|c| c.pauses[seat.index()])
            .filter(|p| p.covers(now));
        match (paused, away[seat.index()]) {
            (Some(pause), _) => Some(t!(
                lang,
                "vacation-opponent-away",
                name = name,
                until = date(lang, pause.until_ms)
            )),
            (None, Some(until)) => Some(t!(
                lang,
                "vacation-player-away",
                name = name,
                until = date(lang, until)
            )),
            (None, None) => None,
        }
    }
}

/// A stint as a clock's pause.
fn pause_of(stint: Stint) -> Pause {
    Pause {
        from_ms: stint.from_ms,
        until_ms: stint.until_ms,
    }
}

/// Give a game's clock these pauses (from `now`); whether it changed.
pub(crate) fn apply_pauses(game: &mut GameRecord, pauses: [Option<Pause>; 2], now: u64) -> bool {
    let to_move = game.game.to_move().index();
    let Some(clock) = game.clock.as_mut() else {
        return false;
    };
    let before = clock.clone();
    for (seat, pause) in pauses.into_iter().enumerate() {
        clock.set_pause(seat, to_move, pause, now);
    }
    *clock != before
}
