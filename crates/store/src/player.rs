//! A player's own record (one per user and platform), kept beside the
//! channels' records and changed by the same compare-and-swap: their
//! vacation (the stint and the hours used each year) and their daily
//! digest. Its due moment (the next digest) is in the deadline index
//! like a channel's, so the scheduler fires it once in the whole cluster.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Player;

/// What a player record holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub user: Player,
    #[serde(default)]
    pub vacation: Vacation,
    /// One message a day instead of a reminder per turn (`notify digest`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<Digest>,
    /// Their puzzles: rating, counts and the one being solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzles: Option<Box<crate::PuzzlePlayer>>,
}

/// A player's vacation: the current or planned stint and the time used.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vacation {
    /// The current or planned stint (at most one at a time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stint: Option<Stint>,
    /// Vacation time charged, by calendar year (UTC), in whole hours'
    /// milliseconds. A stint is charged whole when it is set and given back
    /// (whole hours unused) when it ends early.
    #[serde(default)]
    pub used_ms: BTreeMap<i32, u64>,
    /// Spend the quota an hour at a time when a timeout would fire.
    #[serde(default)]
    pub auto: bool,
    /// The timeouts an automatic hour was spent on, latest last: spending
    /// is keyed by them so that firing again after a crash spends nothing
    /// more.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spent: Vec<SpentHour>,
}

/// A stretch of vacation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stint {
    pub from_ms: u64,
    pub until_ms: u64,
    /// Started without a length: it lasts until `vacation end` or until
    /// the year's quota is spent (`until_ms`).
    #[serde(default)]
    pub open_ended: bool,
}

/// An hour of vacation spent on one timeout of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpentHour {
    /// The game's channel key.
    pub channel: String,
    /// The timeout it put off.
    pub deadline_ms: u64,
}

/// A daily digest at a local hour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Digest {
    pub hour: u8,
    pub minute: u8,
    /// An IANA time zone name (`Europe/Madrid`).
    pub zone: String,
    /// When the next digest is due.
    pub next_ms: u64,
    /// The games a digest or a reminder named lately (channel key, when):
    /// a game is not named again within 12 hours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named: Vec<(String, u64)>,
    /// The language the player asked for it in (`en`, `ja`, `es`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

impl PlayerRecord {
    /// When something is next due for this player: the next digest.
    pub fn next_due_ms(&self) -> Option<u64> {
        self.digest.as_ref().map(|d| d.next_ms)
    }
}

/// The part of a channel key naming a player's record.
const PLAYER_PREFIX: &str = "~player~";

/// The channel name under which `user_id`'s record is kept: no platform's
/// channel id starts with `~`.
pub fn player_channel(user_id: &str) -> String {
    format!("{PLAYER_PREFIX}{user_id}")
}

/// The user whose record a channel name holds, if it is one.
pub fn player_of_channel(channel: &str) -> Option<&str> {
    channel.strip_prefix(PLAYER_PREFIX)
}
