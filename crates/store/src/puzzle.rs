//! Puzzles: positions from real games where the side to move wins within
//! a few turns by exactly one first turn (found and proven by the AI
//! crate), kept in the `puzzles` tree with their Glicko-2 rating; and a
//! player's own puzzle standing, kept in their [`PlayerRecord`](crate::PlayerRecord).
//!
//! An answer is rated once: the player's record changes by the store's
//! compare-and-swap (the attempt ends, their rating moves), and the
//! puzzle's rating moves in the same transaction ([`PuzzleResult`], applied
//! by both backends through [`apply_result`]).
//!
//! Keys: `game NUL id` in the `puzzles` tree.

use serde::{Deserialize, Serialize};

use crate::rating::{rate_puzzle, Rating};
use crate::{PickRecord, StoreError};
use cairn_rules::GameKind;

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// Stable: derived from the position ([`puzzle_id`]).
    pub id: String,
    pub kind: GameKind,
    /// The game's `key=value` options.
    pub options: Vec<String>,
    /// The turns from the start that lead to the position.
    pub turns: Vec<String>,
    /// The side to move wins in this many turns (plies) with best play.
    pub distance: u32,
    /// The only first turn that wins within `distance`.
    pub solution: String,
    pub source: PuzzleSource,
    #[serde(default)]
    pub rating: Rating,
    #[serde(default)]
    pub attempts: u32,
    #[serde(default)]
    pub solved: u32,
}

/// Where a puzzle's position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleSource {
    /// Shipped with Cairn (the repository's `puzzles/`).
    Shipped,
    /// A finished game of the archive.
    Archive,
    /// A game of the bot against itself.
    SelfPlay,
}

impl PuzzleRecord {
    /// A new, unrated puzzle.
    pub fn new(
        kind: GameKind,
        options: Vec<String>,
        turns: Vec<String>,
        distance: u32,
        solution: String,
        source: PuzzleSource,
    ) -> PuzzleRecord {
        PuzzleRecord {
            id: puzzle_id(kind, &options, &turns),
            kind,
            options,
            turns,
            distance,
            solution,
            source,
            rating: Rating::default(),
            attempts: 0,
            solved: 0,
        }
    }
}

/// A puzzle's id: the game's first letters and eight hex digits of a hash
/// of its position's description (options and turns), so the same position
/// found twice is one puzzle.
pub fn puzzle_id(kind: GameKind, options: &[String], turns: &[String]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let text = format!("{}|{}|{}", kind.name(), options.join(" "), turns.join(";"));
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    let prefix: String = kind.name().chars().take(3).collect();
    format!("{prefix}-{:08x}", hash >> 32)
}

/// A puzzle's key in the `puzzles` tree.
pub fn puzzle_key(kind: GameKind, id: &str) -> Vec<u8> {
    format!("{}\0{id}", kind.name()).into_bytes()
}

/// The key prefix of one game's puzzles.
pub fn puzzle_prefix(kind: GameKind) -> Vec<u8> {
    format!("{}\0", kind.name()).into_bytes()
}

/// A player's puzzles: their rating, counts, the puzzle they are solving
/// and the ones they saw lately (not shown again soon).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzlePlayer {
    pub rating: Rating,
    pub attempts: u32,
    pub solved: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<PuzzleAttempt>,
    /// Ids of the latest puzzles shown, newest last (at most
    /// [`RECENT_PUZZLES`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recent: Vec<String>,
}

/// How many puzzles a player's record remembers having shown them.
pub const RECENT_PUZZLES: usize = 200;

/// A puzzle being solved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleAttempt {
    pub id: String,
    pub kind: GameKind,
    /// The channel it was shown in (answers elsewhere are refused).
    pub channel: String,
    /// The turns played since the puzzle's position: the player's right
    /// answers and the defence's replies.
    pub line: Vec<String>,
    pub started_ms: u64,
    /// The turn being picked step by step (`pick`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<PickRecord>,
}

/// The end of an attempt, for the puzzle's side of the rating: written in
/// the same transaction as the player's record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleResult {
    pub kind: GameKind,
    pub id: String,
    /// The player's rating before the answer.
    pub player: Rating,
    pub solved: bool,
}

/// The puzzle's record after `result`, from its stored bytes (`None`: the
/// puzzle is gone, and nothing is written).
pub fn apply_result(
    stored: Option<&[u8]>,
    result: &PuzzleResult,
) -> Result<Option<Vec<u8>>, StoreError> {
    let Some(bytes) = stored else {
        return Ok(None);
    };
    let key = String::from_utf8_lossy(&puzzle_key(result.kind, &result.id)).replace('\0', ":");
    let mut record: PuzzleRecord =
        serde_json::from_slice(bytes).map_err(|source| StoreError::Corrupt { key, source })?;
    let (_, puzzle) = rate_puzzle(result.player, record.rating, result.solved);
    record.rating = puzzle;
    record.attempts += 1;
    record.solved += u32::from(result.solved);
    serde_json::to_vec(&record)
        .map(Some)
        .map_err(StoreError::Encode)
}

/// A channel's puzzle of the day (`settings puzzle=08:00`), posted at a
/// local time each day by the scheduler, once in the whole cluster (its
/// due moment is in the deadline index).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    pub hour: u8,
    pub minute: u8,
    /// An IANA time zone name.
    pub zone: String,
    /// When the next one is posted.
    pub next_ms: u64,
    /// The latest one posted (its game and id): `puzzle <turn>` in the
    /// channel answers it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<(GameKind, String)>,
}

/// What marks the record of a channel's daily puzzle, after the channel.
pub const DAILY_SUFFIX: &str = "~daily";

/// The key of the record holding the daily puzzle of the channel `key`.
pub fn daily_key(channel_key: &str) -> String {
    format!("{channel_key}{DAILY_SUFFIX}")
}

/// The channel key whose daily puzzle `key` holds, if it is such a record.
pub fn daily_channel(key: &str) -> Option<&str> {
    key.strip_suffix(DAILY_SUFFIX)
}

fn decode(key: &[u8], bytes: &[u8]) -> Result<PuzzleRecord, StoreError> {
    serde_json::from_slice(bytes).map_err(|source| StoreError::Corrupt {
        key: crate::shown_key(key),
        source,
    })
}

impl crate::Store {
    /// The stored puzzles of one game, or of every game.
    pub fn puzzles(&self, kind: Option<GameKind>) -> Result<Vec<PuzzleRecord>, StoreError> {
        let prefix = kind.map(puzzle_prefix).unwrap_or_default();
        self.entries(crate::TreeName::Puzzles)?
            .into_iter()
            .filter(|(key, _)| key.starts_with(&prefix))
            .map(|(key, bytes)| decode(&key, &bytes))
            .collect()
    }

    /// One stored puzzle.
    pub fn puzzle(&self, kind: GameKind, id: &str) -> Result<Option<PuzzleRecord>, StoreError> {
        let key = puzzle_key(kind, id);
        self.get_raw(crate::TreeName::Puzzles, &key)?
            .map(|bytes| decode(&key, &bytes))
            .transpose()
    }

    /// Store the puzzles not stored yet (a puzzle already there keeps its
    /// rating); returns how many were added.
    pub fn add_puzzles(&self, puzzles: &[PuzzleRecord]) -> Result<usize, StoreError> {
        // Another process may add some of the same meanwhile: then look again.
        for _ in 0..3 {
            let mut fresh = Vec::new();
            for puzzle in puzzles {
                let key = puzzle_key(puzzle.kind, &puzzle.id);
                let known = fresh.iter().any(|e: &crate::RawEntry| e.key == key);
                if known || self.get_raw(crate::TreeName::Puzzles, &key)?.is_some() {
                    continue;
                }
                let value = serde_json::to_vec(puzzle).map_err(StoreError::Encode)?;
                fresh.push(crate::RawEntry {
                    tree: crate::TreeName::Puzzles,
                    key,
                    value,
                });
            }
            match self.insert_raw(&fresh) {
                Ok(()) => return Ok(fresh.len()),
                Err(StoreError::Exists { .. }) => continue,
                Err(error) => return Err(error),
            }
        }
        Ok(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_differ_by_position() {
        let a = puzzle_id(GameKind::Sight, &[], &["a1".into()]);
        assert_eq!(a, puzzle_id(GameKind::Sight, &[], &["a1".into()]));
        assert_ne!(a, puzzle_id(GameKind::Sight, &[], &["a2".into()]));
        assert!(a.starts_with("sig-") && a.len() == 12, "{a}");
    }

    #[test]
    fn a_solved_puzzle_loses_rating_and_counts() {
        let record = PuzzleRecord::new(
            GameKind::Sight,
            vec![],
            vec![],
            3,
            "a1".into(),
            PuzzleSource::Shipped,
        );
        let bytes = serde_json::to_vec(&record).unwrap();
        let result = PuzzleResult {
            kind: GameKind::Sight,
            id: record.id.clone(),
            player: Rating::default(),
            solved: true,
        };
        let after: PuzzleRecord =
            serde_json::from_slice(&apply_result(Some(&bytes), &result).unwrap().unwrap()).unwrap();
        assert!(after.rating.rating < 1500.0);
        assert_eq!((after.attempts, after.solved), (1, 1));
        assert_eq!(apply_result(None, &result).unwrap(), None);
    }
}
