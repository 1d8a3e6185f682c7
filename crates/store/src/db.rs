//! The sled database behind [`Store`]: opening with clear refusals, the
//! compare-and-swap write, and recovery from failed writes.
//!
//! sled 0.34 applies a write to its in-memory tree before writing it to
//! the log, and after one failed log write it refuses every later write
//! for the life of the handle (a "global error"). So after a failure the
//! store (1) records the values the failed write replaced in an *overlay*
//! that reads consult first, so memory never runs ahead of the disk, and
//! (2) before the next write drops the poisoned handle and reopens the
//! database from disk, once the disk has room again. Writes are serialised
//! (one in flight), so the overlay is exact.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::{IVec, Transactional};

use super::durable::{self, Durable};
use super::ratings::{default_place, game_prefix, rated_entries, rating_key, RatingEntry};
use super::{deadline_key, parse_deadline_key, user_key, StoreError, Update, UserSettings};
use super::{decode_channel, decode_finished, Change, ChannelRecord, FinishedGame, GameRecord};
use super::{MoveError, ServerSettings};
use cairn_rules::{GameKind, Seat};

/// The deadline index entries a write removed and added.
type DeadlineMoves = (Option<Vec<u8>>, Option<Vec<u8>>);

/// The trees of the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TreeName {
    /// One record per channel (`platform:channel`).
    Channels,
    /// Finished games, keyed by time.
    Archive,
    /// Records moved aside by `cairn db quarantine`, bytes unchanged.
    Quarantine,
    /// Index of every channel's next due moment (`platform NUL due NUL
    /// key`, due as 20 digits so keys sort by time within a platform),
    /// changed in the same transaction as the record.
    Deadlines,
    /// Per-user preferences: `platform NUL user id` -> JSON.
    Users,
    /// Per-server settings: `platform NUL server id` -> JSON.
    Servers,
    /// Ratings: `game NUL platform NUL user id` -> JSON, changed in the
    /// same transaction as a rated game's archived result.
    Ratings,
    /// The place (Discord server) of a channel, when the platform says:
    /// channel key -> place.
    Places,
}

impl TreeName {
    pub const ALL: [TreeName; 8] = [
        TreeName::Channels,
        TreeName::Archive,
        TreeName::Quarantine,
        TreeName::Deadlines,
        TreeName::Users,
        TreeName::Servers,
        TreeName::Ratings,
        TreeName::Places,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TreeName::Channels => "channels",
            TreeName::Archive => "archive",
            TreeName::Quarantine => "quarantine",
            TreeName::Deadlines => "deadlines",
            TreeName::Users => "users",
            TreeName::Servers => "servers",
            TreeName::Ratings => "ratings",
            TreeName::Places => "places",
        }
    }

    pub fn parse(name: &str) -> Option<TreeName> {
        TreeName::ALL.into_iter().find(|t| t.as_str() == name)
    }
}

/// One open sled handle and its trees.
struct Handle {
    db: sled::Db,
    trees: [sled::Tree; TreeName::ALL.len()],
    /// `generation`: how many changes were written (see `durable.rs`).
    meta: sled::Tree,
    durable: Durable,
}

impl Handle {
    fn open(path: &Path) -> Result<Handle, StoreError> {
        let db = sled::open(path).map_err(|e| StoreError::from_open(path, e))?;
        let mut trees = Vec::with_capacity(TreeName::ALL.len());
        for name in TreeName::ALL {
            trees.push(
                db.open_tree(name.as_str())
                    .map_err(|e| StoreError::from_open(path, e))?,
            );
        }
        let trees: [sled::Tree; TreeName::ALL.len()] = trees
            .try_into()
            .map_err(|_| StoreError::internal("one handle per tree"))?;
        let meta = db
            .open_tree("meta")
            .map_err(|e| StoreError::from_open(path, e))?;
        let durable = Durable::new(path).map_err(|e| StoreError::from_open(path, e.into()))?;
        Ok(Handle {
            db,
            trees,
            meta,
            durable,
        })
    }

    /// Open while holding the process lock: a sled lock still held can
    /// only be a handle of this process being dropped (sled releases its
    /// file from background threads), so wait for it briefly.
    fn open_holding_lock(path: &Path) -> Result<Handle, StoreError> {
        let mut attempt = 0;
        loop {
            match Handle::open(path) {
                Err(StoreError::Locked { .. }) if attempt < 120 => {
                    attempt += 1;
                    std::thread::sleep(Duration::from_millis(25));
                }
                other => return other,
            }
        }
    }

    /// The generation stored in the database.
    fn generation(&self) -> Result<u64, StoreError> {
        Ok(self
            .meta
            .get(GENERATION)?
            .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
            .map_or(0, u64::from_be_bytes))
    }

    fn tree(&self, name: TreeName) -> &sled::Tree {
        &self.trees[name as usize]
    }
}

const GENERATION: &[u8] = b"generation";

/// Why writes are failing, and what reads must not trust.
#[derive(Default)]
struct State {
    open: Option<Handle>,
    /// Set after a failed write until the database is reopened: the cause,
    /// in words.
    failure: Option<String>,
    /// Values as stored on disk for keys whose in-memory value is ahead of
    /// it (`None`: absent on disk).
    overlay: HashMap<(TreeName, Vec<u8>), Option<IVec>>,
}

struct Inner {
    path: PathBuf,
    /// Held for the life of the store: a second process gets a sentence.
    _lock: File,
    state: RwLock<State>,
    /// Serialises writes (and consistent exports).
    writer: Mutex<()>,
    /// Channel places already stored (see [`Store::set_place`]).
    places: Mutex<HashMap<String, String>>,
}

/// The database. Cheap to clone; clones share one handle.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

/// A raw stored entry: tree, key and bytes (for checks and exports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawEntry {
    pub tree: TreeName,
    pub key: Vec<u8>,
    pub value: Vec<u8>,
}

/// Games in progress with their channel keys, and the keys of records
/// that cannot be read.
pub type ActiveGames = (Vec<(String, GameRecord)>, Vec<String>);

/// Below this much free space, a reopen is not tried (sled writes a
/// snapshot when it opens).
const MIN_FREE_TO_REOPEN: u64 = 1 << 20;

impl Store {
    /// Open (or create) the database at `path`, refusing with a sentence
    /// when another process holds it, it is damaged, or its snapshot file
    /// has gone missing.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref().to_path_buf();
        std::fs::create_dir_all(&path).map_err(|e| StoreError::OpenIo {
            path: path.clone(),
            source: e,
        })?;
        let lock = durable::lock(&path)?;
        durable::check_snapshot(&path)?;
        let open = Handle::open_holding_lock(&path)?;
        let stored = open.generation()?;
        let acknowledged = durable::acknowledged_generation(&path);
        if acknowledged > stored {
            return Err(StoreError::RolledBack {
                path,
                missing: acknowledged - stored,
            });
        }
        durable::remember_snapshot(&path).map_err(|e| StoreError::OpenIo {
            path: path.clone(),
            source: e,
        })?;
        Ok(Store {
            inner: Arc::new(Inner {
                path,
                _lock: lock,
                state: RwLock::new(State {
                    open: Some(open),
                    ..State::default()
                }),
                writer: Mutex::new(()),
                places: Mutex::default(),
            }),
        })
    }

    /// The database directory.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// The key of a channel's record.
    pub fn channel_key(platform: &str, channel: &str) -> String {
        format!("{platform}:{channel}")
    }

    /// The platform and channel of a key made by [`Store::channel_key`]
    /// (platform names hold no `:`; channel ids may).
    pub fn split_channel_key(key: &str) -> (&str, &str) {
        key.split_once(':').unwrap_or(("", key))
    }

    fn read(&self) -> RwLockReadGuard<'_, State> {
        let state = self
            .inner
            .state
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if state.open.is_some() {
            return state;
        }
        // A reopen failed earlier: try again before reading, unless a
        // write (which will try itself) is under way.
        drop(state);
        if let Ok(_writer) = self.inner.writer.try_lock() {
            let _ = self.ensure_writable();
        }
        self.inner
            .state
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn read_only(&self) -> RwLockReadGuard<'_, State> {
        self.inner
            .state
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn write_state(&self) -> RwLockWriteGuard<'_, State> {
        self.inner
            .state
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn writer(&self) -> MutexGuard<'_, ()> {
        self.inner
            .writer
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The bytes stored under `key`, as on disk.
    pub fn get_raw(&self, tree: TreeName, key: &[u8]) -> Result<Option<IVec>, StoreError> {
        let state = self.read();
        if let Some(value) = state.overlay.get(&(tree, key.to_vec())) {
            return Ok(value.clone());
        }
        let open = open_of(&state)?;
        Ok(open.tree(tree).get(key)?)
    }

    /// Every entry of a tree as on disk, in key order.
    pub fn entries(&self, tree: TreeName) -> Result<Vec<(IVec, IVec)>, StoreError> {
        let state = self.read();
        let open = open_of(&state)?;
        let mut out = Vec::new();
        for entry in open.tree(tree).iter() {
            out.push(entry?);
        }
        if state.overlay.keys().any(|(t, _)| *t == tree) {
            let mut merged: BTreeMap<Vec<u8>, IVec> =
                out.into_iter().map(|(k, v)| (k.to_vec(), v)).collect();
            for ((t, key), value) in &state.overlay {
                if *t != tree {
                    continue;
                }
                match value {
                    Some(v) => merged.insert(key.clone(), v.clone()),
                    None => merged.remove(key),
                };
            }
            out = merged
                .into_iter()
                .map(|(k, v)| (IVec::from(k), v))
                .collect();
        }
        Ok(out)
    }

    /// The channel's record as stored now.
    pub fn load(&self, key: &str) -> Result<Option<ChannelRecord>, StoreError> {
        match self.get_raw(TreeName::Channels, key.as_bytes())? {
            None => Ok(None),
            Some(bytes) => decode_channel(key, &bytes).map(Some),
        }
    }

    /// Run `decide` against the channel's current record and write its
    /// change atomically, durably (fsync) before returning. `decide` may
    /// run more than once if the record changed in between; only the last
    /// run's decision is written and returned. On a failed write nothing
    /// changes, as far as any later read can tell.
    pub fn update<T>(
        &self,
        key: &str,
        decide: impl Fn(Option<ChannelRecord>) -> Update<T>,
    ) -> Result<T, StoreError> {
        let _writer = self.writer();
        self.ensure_writable()?;
        // What the failed write would have replaced, for the overlay.
        let seen: RefCell<Option<IVec>> = RefCell::new(None);
        let archived: RefCell<Option<Vec<u8>>> = RefCell::new(None);
        // The deadline index entries the write removed and added.
        let deadline_moves: RefCell<DeadlineMoves> = RefCell::default();
        // The rating entries the write replaced (key, old value).
        let rated: RefCell<Vec<(Vec<u8>, Option<IVec>)>> = RefCell::default();
        let generation = RefCell::new(0u64);
        let state = self.read();
        let open = open_of(&state)?;
        let channels = open.tree(TreeName::Channels);
        let archive = open.tree(TreeName::Archive);
        let deadlines = open.tree(TreeName::Deadlines);
        let ratings = open.tree(TreeName::Ratings);
        let places = open.tree(TreeName::Places);
        let trees = (channels, archive, deadlines, &open.meta, ratings, places);
        let result = trees.transaction(|(channels, archive, deadlines, meta, ratings, places)| {
            let bytes = channels.get(key)?;
            *seen.borrow_mut() = bytes.clone();
            *archived.borrow_mut() = None;
            *deadline_moves.borrow_mut() = (None, None);
            rated.borrow_mut().clear();
            let current = match bytes {
                None => None,
                Some(bytes) => {
                    Some(decode_channel(key, &bytes).map_err(ConflictableTransactionError::Abort)?)
                }
            };
            let due_before = current.as_ref().and_then(ChannelRecord::next_due_ms);
            let update = decide(current);
            let due_after = match &update.change {
                Change::Keep => due_before,
                Change::Put(record) => {
                    let bytes = serde_json::to_vec(record)
                        .map_err(|e| ConflictableTransactionError::Abort(StoreError::Encode(e)))?;
                    channels.insert(key, bytes)?;
                    record.next_due_ms()
                }
                Change::Remove => {
                    channels.remove(key)?;
                    None
                }
            };
            // The deadline index changes with the record, so a due moment
            // is never lost nor left behind.
            if due_after != due_before {
                let removed = due_before.map(|due| deadline_key(key, due));
                let added = due_after.map(|due| deadline_key(key, due));
                if let Some(old) = &removed {
                    deadlines.remove(old.as_slice())?;
                }
                if let Some(new) = &added {
                    deadlines.insert(new.as_slice(), &[])?;
                }
                *deadline_moves.borrow_mut() = (removed, added);
            }
            if let Some(finished) = &update.archive {
                let bytes = serde_json::to_vec(finished)
                    .map_err(|e| ConflictableTransactionError::Abort(StoreError::Encode(e)))?;
                let archive_key = super::archive_key(finished);
                *archived.borrow_mut() = Some(archive_key.clone().into_bytes());
                archive.insert(archive_key.as_bytes(), bytes)?;
                // The players' ratings change with the archived result, once.
                let place = match places.get(key)? {
                    Some(place) => String::from_utf8_lossy(&place).into_owned(),
                    None => default_place(key),
                };
                let game = &finished.record;
                let platform = super::platform_of(key);
                let keys =
                    Seat::BOTH.map(|seat| rating_key(game.kind, platform, &game.player(seat).id));
                let mut current: [Option<RatingEntry>; 2] = [None, None];
                let mut old: Vec<(Vec<u8>, Option<IVec>)> = Vec::new();
                for (slot, rating_key) in current.iter_mut().zip(&keys) {
                    let bytes = ratings.get(rating_key.as_slice())?;
                    if let Some(bytes) = &bytes {
                        *slot = Some(serde_json::from_slice(bytes).map_err(|source| {
                            ConflictableTransactionError::Abort(StoreError::Corrupt {
                                key: String::from_utf8_lossy(rating_key).replace('\0', ":"),
                                source,
                            })
                        })?);
                    }
                    old.push((rating_key.clone(), bytes));
                }
                if let Some(entries) = rated_entries(finished, &place, current) {
                    for (entry, rating_key) in entries.iter().zip(&keys) {
                        let bytes = serde_json::to_vec(entry).map_err(|e| {
                            ConflictableTransactionError::Abort(StoreError::Encode(e))
                        })?;
                        ratings.insert(rating_key.as_slice(), bytes)?;
                    }
                    *rated.borrow_mut() = old;
                }
            }
            if !matches!(update.change, Change::Keep) || update.archive.is_some() {
                let next = meta
                    .get(GENERATION)?
                    .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
                    .map_or(0, u64::from_be_bytes)
                    + 1;
                meta.insert(GENERATION, &next.to_be_bytes())?;
                *generation.borrow_mut() = next;
            }
            Ok(update)
        });
        let written = match result {
            Ok(update) => {
                if matches!(update.change, Change::Keep) && update.archive.is_none() {
                    return Ok(update.value);
                }
                open.db
                    .flush()
                    .map_err(StoreError::from)
                    .and_then(|_| open.durable.sync().map_err(StoreError::from))
                    .map(|()| {
                        open.durable.acknowledge(*generation.borrow());
                        update.value
                    })
            }
            Err(TransactionError::Abort(e)) => return Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        };
        drop(state);
        match written {
            Ok(value) => Ok(value),
            Err(error) => {
                let cause = failure_words(&error);
                tracing::error!(path = %self.inner.path.display(), %cause, "a write failed; the record is left as stored");
                let mut state = self.write_state();
                state
                    .overlay
                    .entry((TreeName::Channels, key.as_bytes().to_vec()))
                    .or_insert_with(|| seen.borrow().clone());
                if let Some(archive_key) = archived.borrow().clone() {
                    state
                        .overlay
                        .entry((TreeName::Archive, archive_key))
                        .or_insert(None);
                }
                let (removed, added) = deadline_moves.borrow().clone();
                if let Some(old) = removed {
                    state
                        .overlay
                        .entry((TreeName::Deadlines, old))
                        .or_insert_with(|| Some(IVec::default()));
                }
                if let Some(new) = added {
                    state
                        .overlay
                        .entry((TreeName::Deadlines, new))
                        .or_insert(None);
                }
                for (rating_key, old) in rated.borrow().iter() {
                    state
                        .overlay
                        .entry((TreeName::Ratings, rating_key.clone()))
                        .or_insert_with(|| old.clone());
                }
                state.failure.get_or_insert(cause.clone());
                Err(StoreError::WriteFailed { cause })
            }
        }
    }

    /// Before a write: if an earlier write failed, reopen the database from
    /// disk (when the disk has room again). Called with the writer lock.
    fn ensure_writable(&self) -> Result<(), StoreError> {
        {
            let state = self.read_only();
            match (&state.failure, &state.open) {
                (None, Some(_)) => return Ok(()),
                (Some(cause), _) => {
                    if let Some(free) = durable::free_space(&self.inner.path) {
                        if free < MIN_FREE_TO_REOPEN {
                            return Err(StoreError::WriteFailed {
                                cause: cause.clone(),
                            });
                        }
                    }
                }
                (None, None) => {}
            }
        }
        self.reopen()
    }

    /// Drop the handle and open the database again from disk.
    fn reopen(&self) -> Result<(), StoreError> {
        let mut state = self.write_state();
        // The old handle must be gone first: sled locks its file.
        state.open = None;
        match Handle::open_holding_lock(&self.inner.path) {
            Ok(open) => {
                tracing::info!(path = %self.inner.path.display(), "database reopened; writes resume");
                *state = State {
                    open: Some(open),
                    ..State::default()
                };
                Ok(())
            }
            Err(error) => {
                let cause = failure_words(&error);
                tracing::error!(path = %self.inner.path.display(), %cause, "cannot reopen the database");
                state.failure = Some(cause.clone());
                state.overlay.clear();
                Err(StoreError::WriteFailed { cause })
            }
        }
    }

    /// Write everything to stable storage (every update already does;
    /// this lets a shutdown say so).
    pub fn flush(&self) -> Result<(), StoreError> {
        let _writer = self.writer();
        let state = self.read();
        let open = open_of(&state)?;
        open.db.flush()?;
        open.durable.sync()?;
        Ok(())
    }

    /// Channels of `platform` with something due at or before `now_ms`,
    /// earliest first, with their due moments.
    pub fn due(&self, platform: &str, now_ms: u64) -> Result<Vec<(u64, String)>, StoreError> {
        let end = format!("{platform}\0{:020}", now_ms.saturating_add(1)).into_bytes();
        Ok(self
            .deadlines_of(platform)?
            .into_iter()
            .take_while(|(index_key, _)| index_key < &end)
            .filter_map(|(index_key, _)| parse_deadline_key(&index_key))
            .collect())
    }

    /// The earliest due moment of any channel of `platform`.
    pub fn next_due(&self, platform: &str) -> Result<Option<u64>, StoreError> {
        Ok(self
            .deadlines_of(platform)?
            .first()
            .and_then(|(index_key, _)| parse_deadline_key(index_key))
            .map(|(due, _)| due))
    }

    /// The deadline index entries of one platform, in time order. A range
    /// scan normally; after a failed write the overlay-corrected copy.
    fn deadlines_of(&self, platform: &str) -> Result<Vec<(Vec<u8>, IVec)>, StoreError> {
        let prefix = format!("{platform}\0").into_bytes();
        let state = self.read();
        if state.overlay.keys().any(|(t, _)| *t == TreeName::Deadlines) {
            drop(state);
            return Ok(self
                .entries(TreeName::Deadlines)?
                .into_iter()
                .filter(|(k, _)| k.starts_with(&prefix))
                .map(|(k, v)| (k.to_vec(), v))
                .collect());
        }
        let open = open_of(&state)?;
        let mut out = Vec::new();
        for entry in open.tree(TreeName::Deadlines).scan_prefix(&prefix) {
            let (k, v) = entry?;
            out.push((k.to_vec(), v));
        }
        Ok(out)
    }

    /// Drop the index entry `due` of `key` if the record no longer has that
    /// due moment (a record quarantined or unreadable), so the scheduler
    /// does not come back to it.
    pub fn drop_stale_deadline(&self, key: &str, due: u64) -> Result<(), StoreError> {
        let current = match self.load(key) {
            Ok(record) => record.and_then(|r| r.next_due_ms()),
            Err(_) => None,
        };
        if current == Some(due) {
            return Ok(());
        }
        let _writer = self.writer();
        self.ensure_writable()?;
        let state = self.read();
        let open = open_of(&state)?;
        open.tree(TreeName::Deadlines)
            .remove(deadline_key(key, due))?;
        open.db.flush()?;
        open.durable.sync()?;
        Ok(())
    }

    /// How many channels have something pending (every platform).
    pub fn pending_count(&self) -> usize {
        self.entries(TreeName::Deadlines).map_or(0, |e| e.len())
    }

    /// A user's preferences (defaults when never set).
    pub fn user_settings(&self, platform: &str, user_id: &str) -> Result<UserSettings, StoreError> {
        match self.get_raw(TreeName::Users, &user_key(platform, user_id))? {
            None => Ok(UserSettings::default()),
            Some(bytes) => serde_json::from_slice(&bytes).map_err(|source| StoreError::Corrupt {
                key: format!("user {platform}:{user_id}"),
                source,
            }),
        }
    }

    /// Store a user's preferences, durably.
    pub fn set_user_settings(
        &self,
        platform: &str,
        user_id: &str,
        settings: &UserSettings,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(settings).map_err(StoreError::Encode)?;
        self.put_setting(TreeName::Users, user_key(platform, user_id), bytes)
    }

    /// A server's settings (defaults when never set).
    pub fn server_settings(
        &self,
        platform: &str,
        server_id: &str,
    ) -> Result<ServerSettings, StoreError> {
        match self.get_raw(TreeName::Servers, &user_key(platform, server_id))? {
            None => Ok(ServerSettings::default()),
            Some(bytes) => serde_json::from_slice(&bytes).map_err(|source| StoreError::Corrupt {
                key: format!("server {platform}:{server_id}"),
                source,
            }),
        }
    }

    /// Store a server's settings, durably.
    pub fn set_server_settings(
        &self,
        platform: &str,
        server_id: &str,
        settings: &ServerSettings,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(settings).map_err(StoreError::Encode)?;
        self.put_setting(TreeName::Servers, user_key(platform, server_id), bytes)
    }

    fn put_setting(&self, tree: TreeName, key: Vec<u8>, bytes: Vec<u8>) -> Result<(), StoreError> {
        let _writer = self.writer();
        self.ensure_writable()?;
        let state = self.read();
        let open = open_of(&state)?;
        open.tree(tree).insert(key, bytes)?;
        open.db.flush()?;
        open.durable.sync()?;
        Ok(())
    }

    /// Move a game in progress from channel `from` to the empty channel
    /// `to` (a Discord thread made for it), with its deadline, in one
    /// transaction: afterwards the game is in exactly one of the two.
    pub fn move_game(&self, from: &str, to: &str) -> Result<(), MoveError> {
        let _writer = self.writer();
        self.ensure_writable()?;
        // What the move replaced, for the overlay if it cannot be synced.
        let seen: RefCell<(Option<IVec>, Option<IVec>, Option<u64>)> = RefCell::default();
        let generation = RefCell::new(0u64);
        let state = self.read();
        let open = open_of(&state)?;
        let channels = open.tree(TreeName::Channels);
        let deadlines = open.tree(TreeName::Deadlines);
        let places = open.tree(TreeName::Places);
        let trees = (channels, deadlines, &open.meta, places);
        let result = trees.transaction(|(channels, deadlines, meta, places)| {
            let abort = |e: MoveError| ConflictableTransactionError::Abort(e);
            let from_bytes = channels.get(from)?;
            let to_bytes = channels.get(to)?;
            let record = match &from_bytes {
                None => return Err(abort(MoveError::NoGame)),
                Some(bytes) => decode_channel(from, bytes).map_err(|e| abort(e.into()))?,
            };
            let in_progress = record.game.as_ref().is_some_and(GameRecord::in_progress);
            if record.challenge.is_some() || !in_progress {
                return Err(abort(MoveError::NoGame));
            }
            if let Some(bytes) = &to_bytes {
                let there = decode_channel(to, bytes).map_err(|e| abort(e.into()))?;
                if there.challenge.is_some() || there.game.is_some() {
                    return Err(abort(MoveError::Occupied));
                }
            }
            let due = record.next_due_ms();
            *seen.borrow_mut() = (from_bytes.clone(), to_bytes, due);
            if let Some(bytes) = from_bytes {
                channels.insert(to.as_bytes(), bytes)?;
            }
            channels.remove(from.as_bytes())?;
            if let Some(due) = due {
                deadlines.remove(deadline_key(from, due))?;
                deadlines.insert(deadline_key(to, due), &[])?;
            }
            // The thread belongs to the channel's place (its server), for
            // the game's rating and the server's leaderboard.
            if let Some(place) = places.get(from)? {
                places.insert(to.as_bytes(), place)?;
            }
            let next = meta
                .get(GENERATION)?
                .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
                .map_or(0, u64::from_be_bytes)
                + 1;
            meta.insert(GENERATION, &next.to_be_bytes())?;
            *generation.borrow_mut() = next;
            Ok(())
        });
        match result {
            Ok(()) => {}
            Err(TransactionError::Abort(e)) => return Err(e),
            Err(TransactionError::Storage(e)) => return Err(StoreError::from(e).into()),
        }
        let synced = open
            .db
            .flush()
            .map_err(StoreError::from)
            .and_then(|_| open.durable.sync().map_err(StoreError::from));
        if synced.is_ok() {
            open.durable.acknowledge(*generation.borrow());
        }
        drop(state);
        match synced {
            Ok(()) => Ok(()),
            Err(error) => {
                // As after a failed update: reads see the records as they
                // were, until a reopen reads what reached the disk.
                let cause = failure_words(&error);
                tracing::error!(path = %self.inner.path.display(), %cause, "moving a game failed; the records are left as stored");
                let (from_bytes, to_bytes, due) = seen.take();
                let mut state = self.write_state();
                let overlay = &mut state.overlay;
                overlay
                    .entry((TreeName::Channels, from.as_bytes().to_vec()))
                    .or_insert(from_bytes);
                overlay
                    .entry((TreeName::Channels, to.as_bytes().to_vec()))
                    .or_insert(to_bytes);
                if let Some(due) = due {
                    overlay
                        .entry((TreeName::Deadlines, deadline_key(from, due)))
                        .or_insert_with(|| Some(IVec::default()));
                    overlay
                        .entry((TreeName::Deadlines, deadline_key(to, due)))
                        .or_insert(None);
                }
                state.failure.get_or_insert(cause.clone());
                Err(StoreError::WriteFailed { cause }.into())
            }
        }
    }

    /// A player's rating in one game (`None`: no rated game yet).
    pub fn rating(
        &self,
        game: GameKind,
        platform: &str,
        user_id: &str,
    ) -> Result<Option<RatingEntry>, StoreError> {
        let key = rating_key(game, platform, user_id);
        match self.get_raw(TreeName::Ratings, &key)? {
            None => Ok(None),
            Some(bytes) => {
                serde_json::from_slice(&bytes)
                    .map(Some)
                    .map_err(|source| StoreError::Corrupt {
                        key: format!("rating {}:{platform}:{user_id}", game.name()),
                        source,
                    })
            }
        }
    }

    /// Every rated player of one game (unreadable entries skipped).
    pub fn ratings_of(&self, game: GameKind) -> Result<Vec<RatingEntry>, StoreError> {
        let prefix = game_prefix(game);
        let mut out = Vec::new();
        for (key, bytes) in self.entries(TreeName::Ratings)? {
            if !key.starts_with(&prefix) {
                continue;
            }
            match serde_json::from_slice(&bytes) {
                Ok(entry) => out.push(entry),
                Err(error) => tracing::warn!(%error, "skipping an unreadable rating"),
            }
        }
        Ok(out)
    }

    /// The place of a channel: the one a platform named (a Discord
    /// server), else the channel itself (a Matrix thread's room).
    pub fn place_of(&self, channel_key: &str) -> Result<String, StoreError> {
        Ok(
            match self.get_raw(TreeName::Places, channel_key.as_bytes())? {
                Some(place) => String::from_utf8_lossy(&place).into_owned(),
                None => default_place(channel_key),
            },
        )
    }

    /// Note a channel's place (a Discord channel's server); written once
    /// per channel and process, durably.
    pub fn set_place(&self, channel_key: &str, place: &str) -> Result<(), StoreError> {
        {
            let known = self
                .inner
                .places
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if known.get(channel_key).is_some_and(|p| p == place) {
                return Ok(());
            }
        }
        if self.place_of(channel_key)? != place {
            let _writer = self.writer();
            self.ensure_writable()?;
            let state = self.read();
            let open = open_of(&state)?;
            open.tree(TreeName::Places)
                .insert(channel_key.as_bytes(), place.as_bytes())?;
            open.db.flush()?;
            open.durable.sync()?;
        }
        self.inner
            .places
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(channel_key.to_string(), place.to_string());
        Ok(())
    }

    /// Games in progress in which `user_id` plays, with their channel keys,
    /// and the keys of records that cannot be read (left out).
    pub fn active_games_of(&self, user_id: &str) -> Result<ActiveGames, StoreError> {
        let mut out = Vec::new();
        let mut unreadable = Vec::new();
        for (key, bytes) in self.entries(TreeName::Channels)? {
            let key = String::from_utf8_lossy(&key).into_owned();
            match decode_channel(&key, &bytes) {
                Ok(record) => {
                    if let Some(game) = record.game.filter(GameRecord::in_progress) {
                        if game.seat_of(user_id).is_some() {
                            out.push((key, game));
                        }
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "skipping an unreadable record");
                    unreadable.push(key);
                }
            }
        }
        Ok((out, unreadable))
    }

    /// The newest finished games in which `user_id` played, newest first
    /// (unreadable archive entries are skipped).
    pub fn finished_games_of(
        &self,
        user_id: &str,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let mut out = Vec::new();
        for (key, bytes) in self.entries(TreeName::Archive)?.into_iter().rev() {
            let key = String::from_utf8_lossy(&key).into_owned();
            match decode_finished(&key, &bytes) {
                Ok(finished) => {
                    if finished.record.seat_of(user_id).is_some() {
                        out.push(finished);
                        if out.len() >= limit {
                            break;
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "skipping an unreadable archive entry"),
            }
        }
        Ok(out)
    }

    /// Every finished game, oldest first (for statistics and exports).
    pub fn archive(&self) -> std::vec::IntoIter<Result<FinishedGame, StoreError>> {
        let entries = match self.entries(TreeName::Archive) {
            Ok(entries) => entries,
            Err(error) => return vec![Err(error)].into_iter(),
        };
        entries
            .into_iter()
            .map(|(key, bytes)| decode_finished(&String::from_utf8_lossy(&key), &bytes))
            .collect::<Vec<_>>()
            .into_iter()
    }

    /// Every stored entry of every tree, taken while no write is in flight
    /// (a consistent snapshot for exports and backups).
    pub fn dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        let _writer = self.writer();
        let mut out = Vec::new();
        for tree in TreeName::ALL {
            for (key, value) in self.entries(tree)? {
                out.push(RawEntry {
                    tree,
                    key: key.to_vec(),
                    value: value.to_vec(),
                });
            }
        }
        Ok(out)
    }

    /// Write raw entries (import), durably. Refuses keys already present.
    pub fn insert_raw(&self, entries: &[RawEntry]) -> Result<(), StoreError> {
        let _writer = self.writer();
        self.ensure_writable()?;
        let state = self.read();
        let open = open_of(&state)?;
        for entry in entries {
            let tree = open.tree(entry.tree);
            if tree.contains_key(&entry.key)? {
                return Err(StoreError::Exists {
                    tree: entry.tree.as_str(),
                    key: String::from_utf8_lossy(&entry.key).into_owned(),
                });
            }
        }
        for entry in entries {
            open.tree(entry.tree)
                .insert(entry.key.as_slice(), entry.value.as_slice())?;
        }
        open.db.flush()?;
        open.durable.sync()?;
        Ok(())
    }

    /// Move an entry to another tree under `to_key`, bytes unchanged
    /// (quarantine).
    pub fn move_raw(
        &self,
        from: TreeName,
        to: TreeName,
        key: &[u8],
        to_key: &[u8],
    ) -> Result<bool, StoreError> {
        let _writer = self.writer();
        self.ensure_writable()?;
        let state = self.read();
        let open = open_of(&state)?;
        let moved = (open.tree(from), open.tree(to)).transaction(|(from, to)| {
            let Some(bytes) = from.remove(key)? else {
                return Ok(false);
            };
            to.insert(to_key, bytes)?;
            Ok(true)
        });
        let moved = match moved {
            Ok(moved) => moved,
            Err(TransactionError::Abort(e)) | Err(TransactionError::Storage(e)) => {
                return Err(e.into())
            }
        };
        open.db.flush()?;
        open.durable.sync()?;
        Ok(moved)
    }
}

fn open_of(state: &State) -> Result<&Handle, StoreError> {
    state.open.as_ref().ok_or_else(|| StoreError::Unavailable {
        cause: state
            .failure
            .clone()
            .unwrap_or_else(|| "the database is closed".into()),
    })
}

/// A failed write's cause in words for players ("no space is left on the
/// disk").
fn failure_words(error: &StoreError) -> String {
    let io_kind = match error {
        StoreError::Sled(sled::Error::Io(io)) => Some(io.kind()),
        StoreError::Io(io) => Some(io.kind()),
        StoreError::OpenIo { source, .. } => Some(source.kind()),
        _ => None,
    };
    match io_kind {
        Some(std::io::ErrorKind::StorageFull) => "no space is left on the disk".into(),
        Some(std::io::ErrorKind::QuotaExceeded) => "the disk quota is used up".into(),
        Some(std::io::ErrorKind::PermissionDenied) => {
            "the database files may not be written".into()
        }
        _ => match error {
            StoreError::WriteFailed { cause } => cause.clone(),
            other => other.to_string(),
        },
    }
}
