//! Time for games played over days: time controls chosen in a challenge,
//! the per-game clock state stored with the game, and the source of "now"
//! (the system clock, or a clock that tests drive).
//!
//! Every deadline (reminders, timeout) is a pure function of the stored
//! clock state, so the store can index it and any process can fire it.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub const MINUTE_MS: u64 = 60_000;
pub const HOUR_MS: u64 = 60 * MINUTE_MS;
pub const DAY_MS: u64 = 24 * HOUR_MS;

/// How much time a player has for their turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// Correspondence style: this long for every turn (`clock=3d`).
    PerMove { ms: u64 },
    /// A bank that starts at `start_ms` and gains `increment_ms` after each
    /// turn, never above its start (`clock=7d+1d`).
    Bank { start_ms: u64, increment_ms: u64 },
}

/// Why a `clock=` value was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("`{0}` is not a time: write a number and a unit, d (days), h (hours) or m (minutes), e.g. `3d`, `12h`, `7d+1d`, or `none`")]
    Unreadable(String),
    #[error("a clock needs at least {} per player; `{given}` is shorter", format_duration(*.minimum_ms))]
    TooShort { given: String, minimum_ms: u64 },
}

/// `3d`, `12h`, `90m`, `30s` (seconds only matter for test set-ups with
/// a lower minimum; see `CAIRN_MIN_CLOCK`).
pub fn parse_duration(text: &str) -> Option<u64> {
    let text = text.trim().to_ascii_lowercase();
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().ok()?;
    let unit_ms = match unit.trim() {
        "d" => DAY_MS,
        "h" => HOUR_MS,
        "m" | "min" => MINUTE_MS,
        "s" => 1_000,
        _ => return None,
    };
    number.checked_mul(unit_ms).filter(|&ms| ms > 0)
}

/// A duration in the largest whole units, for chat: `3d`, `1d 4h`,
/// `25m`, `40s`.
pub fn format_duration(ms: u64) -> String {
    let units = [
        (DAY_MS, "d"),
        (HOUR_MS, "h"),
        (MINUTE_MS, "m"),
        (1_000, "s"),
    ];
    let mut parts = Vec::new();
    let mut rest = ms;
    for (size, unit) in units {
        if rest >= size && parts.len() < 2 {
            parts.push(format!("{}{unit}", rest / size));
            rest %= size;
        } else if !parts.is_empty() {
            // Two adjacent units at most: "1d 4h", never "1d 0h 5m".
            break;
        }
    }
    if parts.is_empty() {
        "0s".into()
    } else {
        parts.join(" ")
    }
}

impl TimeControl {
    /// Parse a challenge's `clock=` value; `Ok(None)` for `none`.
    pub fn parse(text: &str, minimum_ms: u64) -> Result<Option<TimeControl>, ClockError> {
        let lower = text.trim().to_ascii_lowercase();
        if matches!(lower.as_str(), "none" | "off" | "no") {
            return Ok(None);
        }
        let unreadable = || ClockError::Unreadable(text.chars().take(20).collect());
        let control = match lower.split_once('+') {
            Some((start, increment)) => TimeControl::Bank {
                start_ms: parse_duration(start).ok_or_else(unreadable)?,
                increment_ms: parse_duration(increment).ok_or_else(unreadable)?,
            },
            None => TimeControl::PerMove {
                ms: parse_duration(&lower).ok_or_else(unreadable)?,
            },
        };
        if control.initial_ms() < minimum_ms {
            return Err(ClockError::TooShort {
                given: control.to_string(),
                minimum_ms,
            });
        }
        Ok(Some(control))
    }

    /// Each player's time when the game starts.
    pub fn initial_ms(&self) -> u64 {
        match *self {
            TimeControl::PerMove { ms } => ms,
            TimeControl::Bank { start_ms, .. } => start_ms,
        }
    }

    /// A player's time for their next turn, after a turn that took `used`
    /// out of `remaining`.
    fn after_turn(&self, remaining: u64, used: u64) -> u64 {
        match *self {
            TimeControl::PerMove { ms } => ms,
            TimeControl::Bank {
                start_ms,
                increment_ms,
            } => remaining
                .saturating_sub(used)
                .saturating_add(increment_ms)
                .min(start_ms),
        }
    }
}

/// The canonical option text: `3d`, `7d+1d`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compact = |ms: u64| format_duration(ms).replace(' ', "");
        match *self {
            TimeControl::PerMove { ms } => write!(f, "{}", compact(ms)),
            TimeControl::Bank {
                start_ms,
                increment_ms,
            } => write!(f, "{}+{}", compact(start_ms), compact(increment_ms)),
        }
    }
}

/// A game's clock as stored with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    pub control: TimeControl,
    /// Each seat's time at the start of its current or next turn, by seat
    /// index.
    pub remaining_ms: [u64; 2],
    /// When the player to move began their turn.
    pub turn_started_ms: u64,
    /// How many of this turn's two reminders have fired (0, 1, 2).
    pub reminders_sent: u8,
    /// Each seat's vacation as this game knows it (see [`Pause`]): while
    /// it lasts, that seat's clock stands still.
    #[serde(default, skip_serializing_if = "no_pauses")]
    pub pauses: [Option<Pause>; 2],
    /// Time granted to the player to move for this turn only, on top of
    /// their own (hours of vacation spent at a timeout).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub granted_ms: u64,
}

fn is_zero(value: &u64) -> bool {
    *value == 0
}

fn no_pauses(pauses: &[Option<Pause>; 2]) -> bool {
    pauses.iter().all(Option::is_none)
}

/// A stretch of time during which a seat's clock does not run (the
/// player's vacation, current or planned). Every deadline stays a pure
/// function of the stored clock: the time of a turn that falls inside the
/// pause is simply not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pause {
    pub from_ms: u64,
    pub until_ms: u64,
}

impl Pause {
    /// The part of this pause that falls in `[start, end)`, in ms.
    pub fn overlap(&self, start_ms: u64, end_ms: u64) -> u64 {
        let from = self.from_ms.max(start_ms);
        let until = self.until_ms.min(end_ms);
        until.saturating_sub(from)
    }

    /// Whether the pause holds at `now`.
    pub fn covers(&self, now_ms: u64) -> bool {
        self.from_ms <= now_ms && now_ms < self.until_ms
    }
}

/// The next thing a game's clock will do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// The `n`th reminder (1: half the time used; 2: a tenth, at most an
    /// hour, left).
    Reminder(u8),
    Timeout,
}

impl GameClock {
    pub fn new(control: TimeControl, now_ms: u64) -> GameClock {
        GameClock {
            control,
            remaining_ms: [control.initial_ms(); 2],
            turn_started_ms: now_ms,
            reminders_sent: 0,
            pauses: [None; 2],
            granted_ms: 0,
        }
    }

    /// The moment at which `seat` (to move) will have used `used_ms` of
    /// this turn's time: later by its pause where the pause comes first.
    fn moment_of(&self, seat: usize, used_ms: u64) -> u64 {
        let start = self.turn_started_ms;
        let plain = start.saturating_add(used_ms);
        match self.pauses[seat] {
            Some(pause) if pause.until_ms > start => {
                let from = pause.from_ms.max(start);
                if plain < from {
                    plain
                } else {
                    plain.saturating_add(pause.until_ms - from)
                }
            }
            _ => plain,
        }
    }

    /// How much of its time `seat` (to move) has used this turn by `now`
    /// (its pause not counted).
    pub fn used_ms(&self, seat: usize, now_ms: u64) -> u64 {
        let start = self.turn_started_ms;
        let paused = self.pauses[seat].map_or(0, |p| p.overlap(start, now_ms));
        now_ms.saturating_sub(start).saturating_sub(paused)
    }

    /// When the player in seat `seat` (to move) runs out of time.
    pub fn deadline_ms(&self, seat: usize) -> u64 {
        self.moment_of(seat, self.allotted_ms(seat))
    }

    /// The seat's time for this turn: its own and any granted.
    fn allotted_ms(&self, seat: usize) -> u64 {
        self.remaining_ms[seat].saturating_add(self.granted_ms)
    }

    /// Time left for `seat` (to move) at `now`; it stands still while the
    /// seat's pause holds.
    pub fn left_ms(&self, seat: usize, now_ms: u64) -> u64 {
        self.allotted_ms(seat)
            .saturating_sub(self.used_ms(seat, now_ms))
    }

    /// The seat's clock stands still at `now`.
    pub fn paused(&self, seat: usize, now_ms: u64) -> bool {
        self.pauses[seat].is_some_and(|p| p.covers(now_ms))
    }

    /// Give `seat` a new pause (or none) from `now`. What its old pause
    /// already kept off this turn stays kept off (folded into the turn's
    /// start), and the new one counts only from `now`, so no stretch is
    /// paused twice. Nothing changes when the pause ahead is the same.
    pub fn set_pause(&mut self, seat: usize, to_move: usize, pause: Option<Pause>, now_ms: u64) {
        let ahead = |p: Option<Pause>| {
            p.filter(|p| p.until_ms > now_ms).map(|p| Pause {
                from_ms: p.from_ms.max(now_ms),
                until_ms: p.until_ms,
            })
        };
        if ahead(self.pauses[seat]) == ahead(pause) {
            return;
        }
        if seat == to_move {
            let kept = self.pauses[seat].map_or(0, |p| p.overlap(self.turn_started_ms, now_ms));
            self.turn_started_ms = self.turn_started_ms.saturating_add(kept);
        }
        self.pauses[seat] = ahead(pause);
    }

    /// Grant the player to move `ms` more for this turn (an hour of
    /// vacation spent at a timeout); it is not theirs to keep after it.
    pub fn extend(&mut self, ms: u64) {
        self.granted_ms = self.granted_ms.saturating_add(ms);
    }

    /// When reminder `n` (1 or 2) of this turn is (or was) due for `seat`.
    pub fn reminder_ms(&self, seat: usize, n: u8) -> u64 {
        let allotted = self.allotted_ms(seat);
        let used = if n == 1 {
            allotted / 2
        } else {
            allotted.saturating_sub((allotted / 10).min(HOUR_MS))
        };
        self.moment_of(seat, used)
    }

    /// The next event for the player to move and when it is due.
    pub fn next_event(&self, seat: usize) -> (ClockEvent, u64) {
        match self.reminders_sent {
            0 => (ClockEvent::Reminder(1), self.reminder_ms(seat, 1)),
            1 => (ClockEvent::Reminder(2), self.reminder_ms(seat, 2)),
            _ => (ClockEvent::Timeout, self.deadline_ms(seat)),
        }
    }

    /// The player in seat `mover` finished a turn at `now`; `next` is to
    /// move. A turn in several steps keeps the same player to move and
    /// leaves the clock running.
    pub fn turn_done(&mut self, mover: usize, next: usize, now_ms: u64) {
        if mover == next {
            return;
        }
        let used = self.used_ms(mover, now_ms);
        self.remaining_ms[mover] = self.control.after_turn(self.remaining_ms[mover], used);
        self.restart(now_ms);
    }

    /// A new turn starts now (after a move or an undo).
    pub fn restart(&mut self, now_ms: u64) {
        self.turn_started_ms = now_ms;
        self.reminders_sent = 0;
        self.granted_ms = 0;
    }
}

/// Where "now" comes from.
pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;
}

impl std::fmt::Debug for dyn Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Clock(now={})", self.now_ms())
    }
}

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        crate::now_ms()
    }
}

/// A clock that only moves when told to (tests).
#[derive(Clone, Debug, Default)]
pub struct ManualClock {
    now: Arc<AtomicU64>,
}

impl ManualClock {
    pub fn at(now_ms: u64) -> ManualClock {
        ManualClock {
            now: Arc::new(AtomicU64::new(now_ms)),
        }
    }

    pub fn advance(&self, ms: u64) {
        self.now.fetch_add(ms, Ordering::SeqCst);
    }

    pub fn set(&self, now_ms: u64) {
        self.now.store(now_ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.now.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn per_move(ms: u64, now: u64) -> GameClock {
        GameClock::new(TimeControl::PerMove { ms }, now)
    }

    #[test]
    fn a_pause_moves_every_event_of_its_seat_by_its_length() {
        let mut clock = per_move(10 * HOUR_MS, 0);
        clock.pauses[0] = Some(Pause {
            from_ms: 2 * HOUR_MS,
            until_ms: 5 * HOUR_MS,
        });
        // Reminder 1 at 5h of use: 2h before the pause, 3h after it.
        assert_eq!(clock.next_event(0), (ClockEvent::Reminder(1), 8 * HOUR_MS));
        assert_eq!(clock.deadline_ms(0), 13 * HOUR_MS);
        // During the pause the time left stands still.
        assert_eq!(clock.left_ms(0, 3 * HOUR_MS), 8 * HOUR_MS);
        assert_eq!(clock.left_ms(0, 5 * HOUR_MS), 8 * HOUR_MS);
        assert!(clock.paused(0, 3 * HOUR_MS) && !clock.paused(0, 5 * HOUR_MS));
        // The other seat's clock is not touched.
        assert_eq!(clock.deadline_ms(1), 10 * HOUR_MS);
        // A pause that starts after the deadline changes nothing.
        clock.pauses[0] = Some(Pause {
            from_ms: 11 * HOUR_MS,
            until_ms: 20 * HOUR_MS,
        });
        assert_eq!(clock.deadline_ms(0), 10 * HOUR_MS);
    }

    #[test]
    fn a_turn_started_on_vacation_waits_for_its_end() {
        let mut clock = per_move(HOUR_MS, 10 * HOUR_MS);
        clock.pauses[1] = Some(Pause {
            from_ms: 0,
            until_ms: 30 * HOUR_MS,
        });
        assert_eq!(clock.deadline_ms(1), 31 * HOUR_MS);
        // Used time counts only outside the pause.
        clock.turn_done(1, 0, 30 * HOUR_MS + 20 * MINUTE_MS);
        assert_eq!(clock.turn_started_ms, 30 * HOUR_MS + 20 * MINUTE_MS);
    }

    #[test]
    fn ending_a_pause_early_keeps_what_it_kept_off_and_counts_nothing_twice() {
        let mut clock = per_move(10 * HOUR_MS, 0);
        let pause = Pause {
            from_ms: 2 * HOUR_MS,
            until_ms: 50 * HOUR_MS,
        };
        clock.set_pause(0, 0, Some(pause), 0);
        // Ended at 6h: 4h were paused, 2h used, 8h left from then on.
        clock.set_pause(0, 0, None, 6 * HOUR_MS);
        assert_eq!(clock.left_ms(0, 6 * HOUR_MS), 8 * HOUR_MS);
        assert_eq!(clock.deadline_ms(0), 14 * HOUR_MS);
        // Shortened instead of ended: the same.
        let mut shortened = per_move(10 * HOUR_MS, 0);
        shortened.set_pause(0, 0, Some(pause), 0);
        let until_7 = Pause {
            until_ms: 7 * HOUR_MS,
            ..pause
        };
        shortened.set_pause(0, 0, Some(until_7), 6 * HOUR_MS);
        assert_eq!(shortened.left_ms(0, 6 * HOUR_MS), 8 * HOUR_MS);
        assert_eq!(shortened.deadline_ms(0), 15 * HOUR_MS);
        // Setting the same pause again changes nothing.
        let before = shortened.clone();
        shortened.set_pause(0, 0, Some(until_7), 6 * HOUR_MS + 1);
        assert_eq!(shortened, before);
    }

    #[test]
    fn time_controls_parse_and_print_canonically() {
        assert_eq!(
            TimeControl::parse("3d", MINUTE_MS),
            Ok(Some(TimeControl::PerMove { ms: 3 * DAY_MS }))
        );
        let bank = TimeControl::parse("7D+1d", MINUTE_MS).unwrap().unwrap();
        assert_eq!(
            bank,
            TimeControl::Bank {
                start_ms: 7 * DAY_MS,
                increment_ms: DAY_MS
            }
        );
        assert_eq!(bank.to_string(), "7d+1d");
        assert_eq!(
            TimeControl::parse("90m", MINUTE_MS)
                .unwrap()
                .unwrap()
                .to_string(),
            "1h30m"
        );
        assert_eq!(TimeControl::parse("none", MINUTE_MS), Ok(None));
        assert!(matches!(
            TimeControl::parse("3x", MINUTE_MS),
            Err(ClockError::Unreadable(_))
        ));
        assert!(matches!(
            TimeControl::parse("0m", MINUTE_MS),
            Err(ClockError::Unreadable(_))
        ));
        assert!(matches!(
            TimeControl::parse("30s", MINUTE_MS),
            Err(ClockError::TooShort { .. })
        ));
        assert_eq!(
            TimeControl::parse("30s", 1_000),
            Ok(Some(TimeControl::PerMove { ms: 30_000 }))
        );
    }

    #[test]
    fn reminders_come_at_half_time_and_near_the_end() {
        let clock = GameClock::new(TimeControl::PerMove { ms: 3 * DAY_MS }, 0);
        assert_eq!(clock.next_event(0), (ClockEvent::Reminder(1), 36 * HOUR_MS));
        let second = GameClock {
            reminders_sent: 1,
            ..clock.clone()
        };
        // A tenth of 3 days is more than an hour: one hour before.
        assert_eq!(
            second.next_event(0),
            (ClockEvent::Reminder(2), 71 * HOUR_MS)
        );
        let short = GameClock {
            reminders_sent: 1,
            ..GameClock::new(TimeControl::PerMove { ms: 10 * MINUTE_MS }, 0)
        };
        assert_eq!(
            short.next_event(0),
            (ClockEvent::Reminder(2), 9 * MINUTE_MS)
        );
        let last = GameClock {
            reminders_sent: 2,
            ..clock
        };
        assert_eq!(last.next_event(0), (ClockEvent::Timeout, 3 * DAY_MS));
    }

    #[test]
    fn a_bank_gains_its_increment_up_to_its_start() {
        let control = TimeControl::Bank {
            start_ms: 7 * DAY_MS,
            increment_ms: DAY_MS,
        };
        let mut clock = GameClock::new(control, 0);
        // White uses 3 days: 7 - 3 + 1 = 5 days left.
        clock.turn_done(0, 1, 3 * DAY_MS);
        assert_eq!(clock.remaining_ms, [5 * DAY_MS, 7 * DAY_MS]);
        assert_eq!(clock.deadline_ms(1), 10 * DAY_MS);
        // Black answers at once: capped at the start, 7 days.
        clock.turn_done(1, 0, 3 * DAY_MS + 1);
        assert_eq!(clock.remaining_ms[1], 7 * DAY_MS);
        // A step inside a turn changes nothing.
        let before = clock.clone();
        clock.turn_done(0, 0, 4 * DAY_MS);
        assert_eq!(clock, before);
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(format_duration(DAY_MS + 4 * HOUR_MS + 5), "1d 4h");
        assert_eq!(format_duration(DAY_MS + 5 * MINUTE_MS), "1d");
        assert_eq!(format_duration(25 * MINUTE_MS), "25m");
        assert_eq!(format_duration(999), "0s");
    }
}
