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
        }
    }

    /// When the player in seat `seat` (to move) runs out of time.
    pub fn deadline_ms(&self, seat: usize) -> u64 {
        self.turn_started_ms.saturating_add(self.remaining_ms[seat])
    }

    /// Time left for `seat` (to move) at `now`.
    pub fn left_ms(&self, seat: usize, now_ms: u64) -> u64 {
        self.deadline_ms(seat).saturating_sub(now_ms)
    }

    /// The next event for the player to move and when it is due.
    pub fn next_event(&self, seat: usize) -> (ClockEvent, u64) {
        let allotted = self.remaining_ms[seat];
        let deadline = self.deadline_ms(seat);
        match self.reminders_sent {
            0 => (
                ClockEvent::Reminder(1),
                self.turn_started_ms.saturating_add(allotted / 2),
            ),
            1 => (
                ClockEvent::Reminder(2),
                deadline.saturating_sub((allotted / 10).min(HOUR_MS)),
            ),
            _ => (ClockEvent::Timeout, deadline),
        }
    }

    /// The player in seat `mover` finished a turn at `now`; `next` is to
    /// move. A turn in several steps keeps the same player to move and
    /// leaves the clock running.
    pub fn turn_done(&mut self, mover: usize, next: usize, now_ms: u64) {
        if mover == next {
            return;
        }
        let used = now_ms.saturating_sub(self.turn_started_ms);
        self.remaining_ms[mover] = self.control.after_turn(self.remaining_ms[mover], used);
        self.restart(now_ms);
    }

    /// A new turn starts now (after a move or an undo).
    pub fn restart(&mut self, now_ms: u64) {
        self.turn_started_ms = now_ms;
        self.reminders_sent = 0;
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
