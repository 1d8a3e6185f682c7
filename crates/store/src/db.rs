//! The sled backend of [`crate::Store`] (embedded, the default): opening
//! with clear refusals, the compare-and-swap write, and recovery from
//! failed writes.
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
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::{IVec, Transactional};

use crate::backend::{
    check_move, rating_keys, rating_writes, Backend, ChannelWrite, KeyValue, Loaded, RawChange,
    TreeScan,
};
use crate::durable::{self, Durable};
use crate::ratings::default_place;
use crate::scan::{careful_scan, cause_of, LostStretch};
use crate::seal;
use crate::{
    deadline_key, parse_deadline_key, shown_key, MoveError, RawEntry, Skipped, StoreError, TreeName,
};

/// A tree's readable entries as stored, and the stretches that are not.
type RawScan = (BTreeMap<Vec<u8>, IVec>, Vec<LostStretch>);

/// The deadline index entries a write removed and added.
type DeadlineMoves = (Option<Vec<u8>>, Option<Vec<u8>>);

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
}

/// The sled database of one process.
pub struct Sled {
    inner: Inner,
    /// Records moved into quarantine at start, in words.
    quarantined: Mutex<Vec<String>>,
}

/// The quarantine key of a record moved aside: `key@time` for channels
/// and the archive (as `cairn db quarantine` does), `tree/key@time` for
/// the others.
pub fn quarantine_key(tree: TreeName, key: &[u8]) -> String {
    let at = crate::now_ms();
    match tree {
        TreeName::Channels | TreeName::Archive => format!("{}@{at}", shown_key(key)),
        other => format!("{}/{}@{at}", other.as_str(), shown_key(key)),
    }
}

/// Below this much free space, a reopen is not tried (sled writes a
/// snapshot when it opens).
const MIN_FREE_TO_REOPEN: u64 = 1 << 20;

/// How a sled database is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenMode {
    /// For the bot: refused when damaged, rolled back or missing its
    /// snapshot; every tree read at start, records that fail their
    /// checksum moved into quarantine (and the operator told), a file
    /// with unreadable parts refused with a sentence naming
    /// `cairn db salvage`.
    Serve,
    /// For the operator's tools (check, export, quarantine, salvage):
    /// opened as it is, whatever can be read; warnings are logged.
    Inspect,
}

impl Sled {
    /// Open (or create) the database at `path`, refusing with a sentence
    /// when another process holds it, it is damaged, or its snapshot file
    /// has gone missing.
    pub fn open(path: impl AsRef<Path>) -> Result<Sled, StoreError> {
        Sled::open_with(path, OpenMode::Serve)
    }

    /// Open the database at `path` for the bot or for the operator's
    /// tools (see [`OpenMode`]).
    pub fn open_with(path: impl AsRef<Path>, mode: OpenMode) -> Result<Sled, StoreError> {
        let path = path.as_ref().to_path_buf();
        std::fs::create_dir_all(&path).map_err(|e| StoreError::OpenIo {
            path: path.clone(),
            source: e,
        })?;
        let lock = durable::lock(&path)?;
        if mode == OpenMode::Serve {
            durable::check_snapshot(&path)?;
        }
        let open = Handle::open_holding_lock(&path)?;
        let stored = open.generation()?;
        let acknowledged = durable::acknowledged_generation(&path);
        if acknowledged > stored {
            let missing = acknowledged - stored;
            if mode == OpenMode::Serve {
                return Err(StoreError::RolledBack { path, missing });
            }
            tracing::warn!(path = %path.display(), missing, "the database has lost its newest acknowledged writes; reading what is left");
        }
        if mode == OpenMode::Serve {
            durable::remember_snapshot(&path).map_err(|e| StoreError::OpenIo {
                path: path.clone(),
                source: e,
            })?;
        }
        let sled = Sled {
            inner: Inner {
                path,
                _lock: lock,
                state: RwLock::new(State {
                    open: Some(open),
                    ..State::default()
                }),
                writer: Mutex::new(()),
            },
            quarantined: Mutex::default(),
        };
        if mode == OpenMode::Serve {
            sled.verify_at_start()?;
        }
        Ok(sled)
    }

    /// Read every record of every tree once: a file with parts that
    /// cannot be read is refused (naming `cairn db salvage`); records that
    /// fail their checksum are moved into quarantine, bytes kept, and the
    /// operator told which and why.
    fn verify_at_start(&self) -> Result<(), StoreError> {
        let mut lost = Vec::new();
        let mut broken = Vec::new();
        for tree in TreeName::ALL {
            let scan = self.scan_tree(tree)?;
            lost.extend(scan.lost.iter().map(|stretch| Skipped::Stretch {
                tree,
                stretch: stretch.clone(),
            }));
            if tree != TreeName::Quarantine {
                broken.extend(
                    scan.unreadable
                        .into_iter()
                        .map(|(key, why)| (tree, key, why)),
                );
            }
        }
        if !lost.is_empty() {
            for skipped in &lost {
                tracing::error!(path = %self.inner.path.display(), %skipped, "part of the database cannot be read");
            }
            let named: Vec<String> = lost.iter().take(3).map(ToString::to_string).collect();
            let more = lost.len().saturating_sub(3);
            let detail = format!(
                "{} part(s) of it cannot be read: {}{}",
                lost.len(),
                named.join("; "),
                if more > 0 {
                    format!("; and {more} more")
                } else {
                    String::new()
                }
            );
            return Err(StoreError::NeedsSalvage {
                path: self.inner.path.clone(),
                detail,
            });
        }
        for (tree, key, why) in broken {
            let aside = quarantine_key(tree, &key);
            self.move_raw(tree, TreeName::Quarantine, &key, aside.as_bytes())?;
            let said = format!(
                "the {} record `{}` failed its check ({why}) and was moved into quarantine as `{aside}` (bytes kept; `cairn db export` includes them)",
                tree.as_str(),
                shown_key(&key)
            );
            tracing::warn!(path = %self.inner.path.display(), "{said}");
            self.quarantined
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push(said);
        }
        Ok(())
    }

    /// What was moved into quarantine when the database was opened, in
    /// sentences for the operator.
    pub fn quarantined_at_start(&self) -> Vec<String> {
        self.quarantined
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
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
    fn get_raw(&self, tree: TreeName, key: &[u8]) -> Result<Option<IVec>, StoreError> {
        let state = self.read();
        if let Some(value) = state.overlay.get(&(tree, key.to_vec())) {
            return Ok(value.clone());
        }
        let open = open_of(&state)?;
        open.tree(tree)
            .get(key)
            .map_err(|error| read_error(tree, key, error))
    }

    /// Every readable entry of a tree as on disk (raw stored bytes), in
    /// key order, and the stretches of it that cannot be read.
    fn scan_raw(&self, tree: TreeName) -> Result<RawScan, StoreError> {
        let state = self.read();
        let open = open_of(&state)?;
        let (mut entries, lost) = careful_scan(open.tree(tree));
        for ((t, key), value) in &state.overlay {
            if *t != tree {
                continue;
            }
            match value {
                Some(v) => entries.insert(key.clone(), v.clone()),
                None => entries.remove(key),
            };
        }
        Ok((entries, lost))
    }

    /// Every readable entry of a tree as on disk, in key order.
    fn entries_ivec(&self, tree: TreeName) -> Result<Vec<(IVec, IVec)>, StoreError> {
        Ok(self
            .scan_raw(tree)?
            .0
            .into_iter()
            .map(|(k, v)| (IVec::from(k), v))
            .collect())
    }

    /// Every entry of a tree checked: payloads of the readable ones, the
    /// keys of those that fail their checksum, the stretches that cannot
    /// be read at all.
    fn scan_tree(&self, tree: TreeName) -> Result<TreeScan, StoreError> {
        let (raw, lost) = self.scan_raw(tree)?;
        let mut scan = TreeScan {
            lost,
            ..TreeScan::default()
        };
        for (key, stored) in raw {
            match payload_of(tree, &stored) {
                Ok(payload) => scan.entries.push((key, payload)),
                Err(why) => scan.unreadable.push((key, why)),
            }
        }
        Ok(scan)
    }
    /// A channel's record as stored (sled compares bytes, so the version
    /// is unused).
    fn load_versioned(&self, key: &str) -> Result<Option<Loaded>, StoreError> {
        match self.get_raw(TreeName::Channels, key.as_bytes())? {
            None => Ok(None),
            Some(stored) => Ok(Some(Loaded {
                bytes: open_stored(TreeName::Channels, key.as_bytes(), &stored)?,
                version: 0,
            })),
        }
    }

    /// Write `write` if the record's bytes are still `seen`, atomically
    /// and durably (fsync) before returning. On a failed write nothing
    /// changes, as far as any later read can tell.
    fn commit_write(
        &self,
        key: &str,
        seen_record: Option<&Loaded>,
        write: ChannelWrite,
    ) -> Result<bool, StoreError> {
        let _writer = self.writer();
        self.ensure_writable()?;
        // What the failed write would have replaced, for the overlay.
        let seen: RefCell<Option<IVec>> = RefCell::new(None);
        let archived: RefCell<Option<Vec<u8>>> = RefCell::new(None);
        // The deadline index entries the write removed and added.
        let deadline_moves: RefCell<DeadlineMoves> = RefCell::default();
        // The rating entries the write replaced (key, old value).
        let rated: RefCell<Vec<(Vec<u8>, Option<IVec>)>> = RefCell::default();
        // The puzzle entry the write replaced (key, old value).
        let rated_puzzle: RefCell<Option<(Vec<u8>, Option<IVec>)>> = RefCell::default();
        let generation = RefCell::new(0u64);
        let state = self.read();
        let open = open_of(&state)?;
        let channels = open.tree(TreeName::Channels);
        let archive = open.tree(TreeName::Archive);
        let deadlines = open.tree(TreeName::Deadlines);
        let ratings = open.tree(TreeName::Ratings);
        let places = open.tree(TreeName::Places);
        let puzzles = open.tree(TreeName::Puzzles);
        let trees = (
            channels, archive, deadlines, &open.meta, ratings, places, puzzles,
        );
        let abort = |e: StoreError| ConflictableTransactionError::Abort(e);
        let result = trees.transaction(
            |(channels, archive, deadlines, meta, ratings, places, puzzles)| {
                let bytes = channels.get(key)?;
                let payload = bytes.as_deref().map(seal::open);
                let same = match (payload, seen_record) {
                    (None, None) => true,
                    (Some(Ok(now)), Some(seen)) => now == seen.bytes.as_slice(),
                    _ => false,
                };
                if !same {
                    return Ok(false);
                }
                *seen.borrow_mut() = bytes;
                *archived.borrow_mut() = None;
                *deadline_moves.borrow_mut() = (None, None);
                rated.borrow_mut().clear();
                *rated_puzzle.borrow_mut() = None;
                match &write.change {
                    RawChange::Keep => {}
                    RawChange::Put(bytes) => {
                        channels.insert(key, seal::seal(bytes))?;
                    }
                    RawChange::Remove => {
                        channels.remove(key)?;
                    }
                }
                // The deadline index changes with the record, so a due moment
                // is never lost nor left behind.
                if write.due_after != write.due_before {
                    let removed = write.due_before.map(|due| deadline_key(key, due));
                    let added = write.due_after.map(|due| deadline_key(key, due));
                    if let Some(old) = &removed {
                        deadlines.remove(old.as_slice())?;
                    }
                    if let Some(new) = &added {
                        deadlines.insert(new.as_slice(), seal::seal(&[]))?;
                    }
                    *deadline_moves.borrow_mut() = (removed, added);
                }
                if let Some((archive_key, bytes, finished)) = &write.archive {
                    *archived.borrow_mut() = Some(archive_key.clone().into_bytes());
                    archive.insert(archive_key.as_bytes(), seal::seal(bytes))?;
                    // The players' ratings change with the archived result, once.
                    let place = match places.get(key)? {
                        Some(place) => String::from_utf8_lossy(
                            &open_stored(TreeName::Places, key.as_bytes(), &place)
                                .map_err(abort)?,
                        )
                        .into_owned(),
                        None => default_place(key),
                    };
                    let keys = rating_keys(key, finished);
                    let mut stored: [Option<Vec<u8>>; 2] = [None, None];
                    let mut old: Vec<(Vec<u8>, Option<IVec>)> = Vec::new();
                    for (slot, rating_key) in stored.iter_mut().zip(&keys) {
                        let bytes = ratings.get(rating_key.as_slice())?;
                        *slot = match &bytes {
                            Some(b) => {
                                Some(open_stored(TreeName::Ratings, rating_key, b).map_err(abort)?)
                            }
                            None => None,
                        };
                        old.push((rating_key.clone(), bytes));
                    }
                    if let Some(entries) =
                        rating_writes(finished, &place, &keys, stored).map_err(abort)?
                    {
                        for (rating_key, bytes) in entries {
                            ratings.insert(rating_key, seal::seal(&bytes))?;
                        }
                        *rated.borrow_mut() = old;
                    }
                }
                if let Some(result) = &write.puzzle {
                    // The puzzle's rating moves with the answer, once.
                    let puzzle_key = crate::puzzle::puzzle_key(result.kind, &result.id);
                    let bytes = puzzles.get(puzzle_key.as_slice())?;
                    let stored = match &bytes {
                        Some(b) => {
                            Some(open_stored(TreeName::Puzzles, &puzzle_key, b).map_err(abort)?)
                        }
                        None => None,
                    };
                    if let Some(new) =
                        crate::puzzle::apply_result(stored.as_deref(), result).map_err(abort)?
                    {
                        puzzles.insert(puzzle_key.clone(), seal::seal(&new))?;
                        *rated_puzzle.borrow_mut() = Some((puzzle_key, bytes));
                    }
                }
                let next = meta
                    .get(GENERATION)?
                    .and_then(|v| <[u8; 8]>::try_from(v.as_ref()).ok())
                    .map_or(0, u64::from_be_bytes)
                    + 1;
                meta.insert(GENERATION, &next.to_be_bytes())?;
                *generation.borrow_mut() = next;
                Ok(true)
            },
        );
        let written = match result {
            Ok(false) => return Ok(false),
            Ok(true) => open
                .db
                .flush()
                .map_err(StoreError::from)
                .and_then(|_| open.durable.sync().map_err(StoreError::from))
                .map(|()| {
                    open.durable.acknowledge(*generation.borrow());
                }),
            Err(TransactionError::Abort(e)) => return Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        };
        drop(state);
        match written {
            Ok(()) => Ok(true),
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
                if let Some((puzzle_key, old)) = rated_puzzle.borrow().clone() {
                    state
                        .overlay
                        .entry((TreeName::Puzzles, puzzle_key))
                        .or_insert(old);
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
                .entries_ivec(TreeName::Deadlines)?
                .into_iter()
                .filter(|(k, _)| k.starts_with(&prefix))
                .map(|(k, v)| (k.to_vec(), v))
                .collect());
        }
        let open = open_of(&state)?;
        let mut out = Vec::new();
        for entry in open.tree(TreeName::Deadlines).scan_prefix(&prefix) {
            match entry {
                Ok((k, v)) => out.push((k.to_vec(), v)),
                Err(error) => {
                    // A damaged page: what can be read around it.
                    tracing::warn!(cause = %cause_of(&error), "part of the deadline index cannot be read");
                    drop(state);
                    return Ok(self
                        .entries_ivec(TreeName::Deadlines)?
                        .into_iter()
                        .filter(|(k, _)| k.starts_with(&prefix))
                        .map(|(k, v)| (k.to_vec(), v))
                        .collect());
                }
            }
        }
        Ok(out)
    }
    /// Drop one deadline index entry, durably.
    fn remove_deadline_entry(&self, key: &str, due: u64) -> Result<(), StoreError> {
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

    /// Write one entry of a settings-like tree (users, servers, places)
    /// with the discipline of a game record: durable before `Ok`, and on
    /// a failed write nothing changes as far as any later read can tell
    /// (sled has already applied it in memory: the overlay keeps the value
    /// on disk until the database is reopened).
    fn put_setting(&self, tree: TreeName, key: Vec<u8>, bytes: Vec<u8>) -> Result<(), StoreError> {
        let _writer = self.writer();
        self.ensure_writable()?;
        let state = self.read();
        let open = open_of(&state)?;
        let before = open
            .tree(tree)
            .get(&key)
            .map_err(|error| read_error(tree, &key, error))?;
        let written = open
            .tree(tree)
            .insert(key.as_slice(), seal::seal(&bytes))
            .map_err(StoreError::from)
            .and_then(|_| open.db.flush().map_err(StoreError::from))
            .and_then(|_| open.durable.sync().map_err(StoreError::from));
        drop(state);
        match written {
            Ok(()) => Ok(()),
            Err(error) => {
                let cause = failure_words(&error);
                tracing::error!(path = %self.inner.path.display(), tree = tree.as_str(), %cause, "a settings write failed; the setting is left as stored");
                let mut state = self.write_state();
                state.overlay.entry((tree, key)).or_insert(before);
                state.failure.get_or_insert(cause.clone());
                Err(StoreError::WriteFailed { cause })
            }
        }
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
            let payload = |key: &str, bytes: &Option<IVec>| match bytes {
                Some(b) => open_stored(TreeName::Channels, key.as_bytes(), b)
                    .map(Some)
                    .map_err(|e| abort(e.into())),
                None => Ok(None),
            };
            let due = check_move(
                from,
                payload(from, &from_bytes)?.as_deref(),
                to,
                payload(to, &to_bytes)?.as_deref(),
            )
            .map_err(abort)?;
            *seen.borrow_mut() = (from_bytes.clone(), to_bytes, due);
            if let Some(bytes) = from_bytes {
                channels.insert(to.as_bytes(), bytes)?;
            }
            channels.remove(from.as_bytes())?;
            if let Some(due) = due {
                deadlines.remove(deadline_key(from, due))?;
                deadlines.insert(deadline_key(to, due), seal::seal(&[]))?;
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

    /// Every stored entry of every tree, taken while no write is in flight
    /// (a consistent snapshot for exports and backups).
    pub fn dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        Ok(self.dump_checked()?.0)
    }

    /// Every readable entry of every tree (payloads), taken while no
    /// write is in flight, and what could not be read.
    pub fn dump_checked(&self) -> Result<(Vec<RawEntry>, Vec<Skipped>), StoreError> {
        let _writer = self.writer();
        let mut out = Vec::new();
        let mut skipped = Vec::new();
        for tree in TreeName::ALL {
            let scan = self.scan_tree(tree)?;
            skipped.extend(scan.skipped(tree));
            for (key, value) in scan.entries {
                out.push(RawEntry { tree, key, value });
            }
        }
        Ok((out, skipped))
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
                .insert(entry.key.as_slice(), seal::seal(&entry.value))?;
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

impl Backend for Sled {
    fn location(&self) -> String {
        self.inner.path.display().to_string()
    }

    fn sled_path(&self) -> Option<&Path> {
        Some(&self.inner.path)
    }

    fn get(&self, tree: TreeName, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        match self.get_raw(tree, key)? {
            None => Ok(None),
            Some(stored) => open_stored(tree, key, &stored).map(Some),
        }
    }

    fn entries(&self, tree: TreeName) -> Result<Vec<KeyValue>, StoreError> {
        let scan = self.scan_tree(tree)?;
        for skipped in scan.skipped(tree) {
            tracing::debug!(%skipped, "skipping what cannot be read");
        }
        Ok(scan.entries)
    }

    fn scan(&self, tree: TreeName) -> Result<TreeScan, StoreError> {
        self.scan_tree(tree)
    }

    fn opening_notes(&self) -> Vec<String> {
        self.quarantined_at_start()
    }

    fn dump_checked(&self) -> Result<(Vec<RawEntry>, Vec<Skipped>), StoreError> {
        Sled::dump_checked(self)
    }

    fn load(&self, key: &str) -> Result<Option<Loaded>, StoreError> {
        self.load_versioned(key)
    }

    fn commit(
        &self,
        key: &str,
        seen: Option<&Loaded>,
        write: ChannelWrite,
    ) -> Result<bool, StoreError> {
        self.commit_write(key, seen, write)
    }

    fn move_game(&self, from: &str, to: &str) -> Result<(), MoveError> {
        Sled::move_game(self, from, to)
    }

    fn due(&self, platform: &str, until_ms: u64) -> Result<Vec<(u64, String)>, StoreError> {
        Sled::due(self, platform, until_ms)
    }

    fn next_due(&self, platform: &str) -> Result<Option<u64>, StoreError> {
        Sled::next_due(self, platform)
    }

    fn remove_deadline(&self, key: &str, due_ms: u64) -> Result<(), StoreError> {
        self.remove_deadline_entry(key, due_ms)
    }

    fn count(&self, tree: TreeName) -> Result<usize, StoreError> {
        Ok(self.entries_ivec(tree)?.len())
    }

    fn put(&self, tree: TreeName, key: Vec<u8>, value: Vec<u8>) -> Result<(), StoreError> {
        self.put_setting(tree, key, value)
    }

    fn channels_of_player(&self, _user_id: &str) -> Result<Vec<KeyValue>, StoreError> {
        // No index: one process's channels are few enough to scan.
        Backend::entries(self, TreeName::Channels)
    }

    fn archive_of_player(
        &self,
        _user_id: &str,
        _limit: usize,
    ) -> Result<Vec<KeyValue>, StoreError> {
        let mut all = Backend::entries(self, TreeName::Archive)?;
        all.reverse();
        Ok(all)
    }

    fn dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        Sled::dump(self)
    }

    fn insert_raw(&self, entries: &[RawEntry]) -> Result<(), StoreError> {
        Sled::insert_raw(self, entries)
    }

    fn move_raw(
        &self,
        from: TreeName,
        to: TreeName,
        key: &[u8],
        to_key: &[u8],
    ) -> Result<bool, StoreError> {
        Sled::move_raw(self, from, to, key, to_key)
    }

    fn flush(&self) -> Result<(), StoreError> {
        Sled::flush(self)
    }
}

/// The message of a page that cannot be read.
const PAGE_DAMAGED: &str =
    "the part of the database file that holds it fails its checksum (`cairn db salvage` copies everything else)";

/// The payload of a value stored in `tree`, checked against its checksum
/// (quarantined bytes are kept as they are, whatever they are): else why
/// not.
fn payload_of(tree: TreeName, stored: &[u8]) -> Result<Vec<u8>, String> {
    match seal::open(stored) {
        Ok(payload) => Ok(payload.to_vec()),
        Err(_) if tree == TreeName::Quarantine => Ok(stored.to_vec()),
        Err(broken) => Err(broken.to_string()),
    }
}

/// [`payload_of`] with a typed error naming the record.
fn open_stored(tree: TreeName, key: &[u8], stored: &[u8]) -> Result<Vec<u8>, StoreError> {
    payload_of(tree, stored).map_err(|why| StoreError::Unreadable {
        tree: tree.as_str(),
        key: shown_key(key),
        why,
    })
}

/// A sled error met reading `key`: a damaged page names the key.
fn read_error(tree: TreeName, key: &[u8], error: sled::Error) -> StoreError {
    match error {
        sled::Error::Corruption { .. } => StoreError::Unreadable {
            tree: tree.as_str(),
            key: shown_key(key),
            why: PAGE_DAMAGED.into(),
        },
        other => other.into(),
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
            other => {
                tracing::warn!(error = %other, "the write failed");
                other.player_problem()
            }
        },
    }
}
