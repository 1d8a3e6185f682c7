//! The two backends behind [`crate::Store`]: sled (`db.rs`, embedded, the
//! default) and PostgreSQL (`postgres.rs`, shared by several processes).
//!
//! A backend stores bytes; the facade in `store.rs` decodes and encodes
//! records and runs a command's closure. A command's write is a
//! compare-and-swap: [`Backend::load`] returns the record with its version
//! and [`Backend::commit`] writes the change only if the record is still
//! that version, together with everything that must change with it (the
//! deadline index, the archive, the ratings, the player index), in one
//! transaction. `false` means another writer came first: the facade runs
//! the command again on the new record.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::ratings::{rated_entries, rating_key, RatingEntry};
use crate::scan::LostStretch;
use crate::{
    decode_channel, FinishedGame, GameRecord, MoveError, RawEntry, Skipped, StoreError, TreeName,
};
use cairn_rules::Seat;

/// A stored key and its bytes.
pub type KeyValue = (Vec<u8>, Vec<u8>);

/// A channel record as stored, with what identifies this version of it.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub bytes: Vec<u8>,
    /// The PostgreSQL version column (sled compares the bytes instead).
    pub version: i64,
}

/// What a careful read of one tree found.
#[derive(Clone, Debug, Default)]
pub struct TreeScan {
    /// Entries read and checked: keys and payloads, in key order.
    pub entries: Vec<KeyValue>,
    /// Entries whose stored bytes fail their check: key, why.
    pub unreadable: Vec<(Vec<u8>, String)>,
    /// Stretches of the tree that cannot be read at all.
    pub lost: Vec<LostStretch>,
}

impl TreeScan {
    /// What could not be read, each named.
    pub fn skipped(&self, tree: TreeName) -> Vec<Skipped> {
        let records = self.unreadable.iter().map(|(key, why)| Skipped::Record {
            tree,
            key: key.clone(),
            why: why.clone(),
        });
        let stretches = self.lost.iter().map(|stretch| Skipped::Stretch {
            tree,
            stretch: stretch.clone(),
        });
        records.chain(stretches).collect()
    }

    /// Everything was read.
    pub fn is_whole(&self) -> bool {
        self.unreadable.is_empty() && self.lost.is_empty()
    }
}

/// What happens to the channel's record itself.
#[derive(Clone, Debug)]
pub enum RawChange {
    Keep,
    Put(Vec<u8>),
    Remove,
}

/// One command's write, as bytes.
#[derive(Clone, Debug)]
pub struct ChannelWrite {
    pub change: RawChange,
    /// The record's due moment before and after (the deadline index).
    pub due_before: Option<u64>,
    pub due_after: Option<u64>,
    /// A finished game to archive: its archive key, bytes and the game
    /// (the ratings are computed from it inside the transaction).
    pub archive: Option<(String, Vec<u8>, FinishedGame)>,
    /// The ids of the players of the record's game when they changed
    /// (the index behind `games`; sled has none and scans).
    pub players: Option<Vec<String>>,
    /// A puzzle answer's effect on the puzzle's rating.
    pub puzzle: Option<crate::PuzzleResult>,
}

impl ChannelWrite {
    /// Nothing to write at all.
    pub fn is_empty(&self) -> bool {
        matches!(self.change, RawChange::Keep) && self.archive.is_none() && self.puzzle.is_none()
    }
}

/// A store backend. Every method is synchronous and may be called from
/// any thread, also from inside an async runtime's worker.
pub trait Backend: Send + Sync {
    /// Where the data is, for messages (never with a password).
    fn location(&self) -> String;
    /// The sled directory, for a sled backend.
    fn sled_path(&self) -> Option<&Path> {
        None
    }
    /// The bytes stored under `key`.
    fn get(&self, tree: TreeName, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError>;
    /// Every entry of a tree, in key order (bytewise).
    fn entries(&self, tree: TreeName) -> Result<Vec<KeyValue>, StoreError>;
    /// A channel's record with its version.
    fn load(&self, key: &str) -> Result<Option<Loaded>, StoreError>;
    /// Write `write` if the record is still `seen` (`None`: still
    /// absent); `Ok(false)` when it changed in between.
    fn commit(
        &self,
        key: &str,
        seen: Option<&Loaded>,
        write: ChannelWrite,
    ) -> Result<bool, StoreError>;
    /// Move a game in progress to an empty channel, in one transaction.
    fn move_game(&self, from: &str, to: &str) -> Result<(), MoveError>;
    /// The deadline index entries of `platform` due at or before
    /// `until_ms`, earliest first.
    fn due(&self, platform: &str, until_ms: u64) -> Result<Vec<(u64, String)>, StoreError>;
    /// The earliest due moment of `platform`.
    fn next_due(&self, platform: &str) -> Result<Option<u64>, StoreError>;
    /// Drop one deadline index entry.
    fn remove_deadline(&self, key: &str, due_ms: u64) -> Result<(), StoreError>;
    /// How many entries a tree holds.
    fn count(&self, tree: TreeName) -> Result<usize, StoreError>;
    /// Write one entry of a settings-like tree (users, servers, places),
    /// durably.
    fn put(&self, tree: TreeName, key: Vec<u8>, value: Vec<u8>) -> Result<(), StoreError>;
    /// Channel records that may hold a game of `user_id` (all of them, or
    /// those an index names).
    fn channels_of_player(&self, user_id: &str) -> Result<Vec<KeyValue>, StoreError>;
    /// Archive entries that may be games of `user_id`, newest first (at
    /// least the `limit` newest that are).
    fn archive_of_player(&self, user_id: &str, limit: usize) -> Result<Vec<KeyValue>, StoreError>;
    /// What opening the database did that the operator should know.
    fn opening_notes(&self) -> Vec<String> {
        Vec::new()
    }
    /// Every entry of a tree, checked, going around what cannot be read.
    fn scan(&self, tree: TreeName) -> Result<TreeScan, StoreError> {
        Ok(TreeScan {
            entries: self.entries(tree)?,
            ..TreeScan::default()
        })
    }
    /// Every entry of every tree, consistently.
    fn dump(&self) -> Result<Vec<RawEntry>, StoreError>;
    /// Every readable entry of every tree, consistently, and what could
    /// not be read.
    fn dump_checked(&self) -> Result<(Vec<RawEntry>, Vec<Skipped>), StoreError> {
        Ok((self.dump()?, Vec::new()))
    }
    /// Write raw entries, refusing keys already present.
    fn insert_raw(&self, entries: &[RawEntry]) -> Result<(), StoreError>;
    /// Move an entry to another tree, bytes unchanged.
    fn move_raw(
        &self,
        from: TreeName,
        to: TreeName,
        key: &[u8],
        to_key: &[u8],
    ) -> Result<bool, StoreError>;
    /// Everything written is on stable storage.
    fn flush(&self) -> Result<(), StoreError>;
    /// Call `wake` whenever another process may have changed a deadline
    /// (a backend shared by processes); sled has no other process.
    fn on_deadline_change(&self, wake: Box<dyn Fn() + Send + Sync>) {
        let _ = wake;
    }
    /// Wait until this process holds the lease `name` (one holder among
    /// the processes sharing the database), trying every `retry`. Sled is
    /// one process's already: the lease is held at once.
    fn lease(&self, name: &str, retry: Duration) -> Result<Lease, StoreError> {
        let _ = (name, retry);
        Ok(Lease { held: None })
    }
}

/// A lease held by this process (see [`crate::Store::lease`]); dropping
/// it lets another process take it.
pub struct Lease {
    /// `None`: held for the life of the process (sled). Else the flag
    /// that goes false when the lease's connection is lost, and what
    /// keeps that connection open.
    pub(crate) held: Option<(Arc<AtomicBool>, Box<dyn Send + Sync>)>,
}

impl Lease {
    /// The lease is still this process's. False once its connection to
    /// the database is lost: another process may take it over, so stop
    /// what it guards.
    pub fn is_held(&self) -> bool {
        self.held
            .as_ref()
            .is_none_or(|(held, _)| held.load(Ordering::SeqCst))
    }
}

/// Check a move of the game in `from` (its stored bytes) to `to`: the
/// game's due moment when it may move.
pub fn check_move(
    from: &str,
    from_bytes: Option<&[u8]>,
    to: &str,
    to_bytes: Option<&[u8]>,
) -> Result<Option<u64>, MoveError> {
    let record = match from_bytes {
        None => return Err(MoveError::NoGame),
        Some(bytes) => decode_channel(from, bytes)?,
    };
    let in_progress = record.game.as_ref().is_some_and(GameRecord::in_progress);
    if record.challenge.is_some() || !in_progress {
        return Err(MoveError::NoGame);
    }
    if let Some(bytes) = to_bytes {
        let there = decode_channel(to, bytes)?;
        if there.challenge.is_some() || there.game.is_some() {
            return Err(MoveError::Occupied);
        }
    }
    Ok(record.next_due_ms())
}

/// The rating keys of both players (by seat) of an archived game.
pub fn rating_keys(channel_key: &str, finished: &FinishedGame) -> [Vec<u8>; 2] {
    let game = &finished.record;
    let platform = crate::platform_of(channel_key);
    Seat::BOTH.map(|seat| rating_key(game.kind, platform, &game.player(seat).id))
}

/// The rating entries to write after an archived game, from the entries
/// stored now under `keys` (`None` for an unrated game).
pub fn rating_writes(
    finished: &FinishedGame,
    place: &str,
    keys: &[Vec<u8>; 2],
    stored: [Option<Vec<u8>>; 2],
) -> Result<Option<[KeyValue; 2]>, StoreError> {
    let mut current: [Option<RatingEntry>; 2] = [None, None];
    for ((slot, bytes), key) in current.iter_mut().zip(stored).zip(keys) {
        if let Some(bytes) = bytes {
            *slot = Some(
                serde_json::from_slice(&bytes).map_err(|source| StoreError::Corrupt {
                    key: String::from_utf8_lossy(key).replace('\0', ":"),
                    source,
                })?,
            );
        }
    }
    let Some([first, second]) = rated_entries(finished, place, current) else {
        return Ok(None);
    };
    let encode = |entry: &RatingEntry| serde_json::to_vec(entry).map_err(StoreError::Encode);
    Ok(Some([
        (keys[0].clone(), encode(&first)?),
        (keys[1].clone(), encode(&second)?),
    ]))
}

/// The player ids of a stored channel record's game and challenge (empty
/// when it has none or cannot be read), for the PostgreSQL player index.
pub fn players_of_bytes(key: &str, bytes: &[u8]) -> Vec<String> {
    decode_channel(key, bytes)
        .map(|record| record.player_ids())
        .unwrap_or_default()
}
