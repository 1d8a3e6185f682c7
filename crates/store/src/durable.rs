//! What sled 0.34 leaves to its user on Linux: the process lock with a
//! sentence, making acknowledged writes durable, and noticing a missing
//! snapshot file.
//!
//! sled flushes its log with `sync_file_range`, which neither writes the
//! file's metadata nor flushes the drive's cache, and never syncs its blob
//! files (values over a quarter of a segment) or their directory. After
//! each flush [`Durable::sync`] runs `fdatasync` on the log and `fsync` on
//! every new blob file and the directories that gained entries.
//!
//! sled reads its log up to the first message that fails its checksum and
//! silently drops the rest, so one damaged byte among the newest writes
//! rolls games back without a word. Each write therefore counts up a
//! generation stored in the database, and after it is durable the count is
//! also written (unsynced: it may lag, never lead) to `cairn.generation`.
//! A database that opens with a lower count than that file lost
//! acknowledged writes, and is refused.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::StoreError;

/// The lock file inside the database directory, held while a store is open.
const LOCK_FILE: &str = "cairn.lock";
/// The last acknowledged generation, 20 decimal digits.
const GENERATION_FILE: &str = "cairn.generation";
/// Present once sled has written a snapshot of this database.
const SNAPSHOT_MARK: &str = "cairn.snapshot-seen";

/// Take the database's process lock, or say who holds it.
pub fn lock(path: &Path) -> Result<File, StoreError> {
    let lock_path = path.join(LOCK_FILE);
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|source| StoreError::OpenIo {
            path: path.to_path_buf(),
            source,
        })?;
    // A lock can linger for a moment after its holder let go (a process
    // forked by this one holds copies of its files until it execs), so a
    // refusal waits a second first.
    for attempt in 0.. {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) if attempt < 40 => {
                std::thread::sleep(std::time::Duration::from_millis(25));
            }
            Err(std::fs::TryLockError::WouldBlock) => break,
            Err(std::fs::TryLockError::Error(source)) => {
                return Err(StoreError::OpenIo {
                    path: path.to_path_buf(),
                    source,
                })
            }
        }
    }
    Err(StoreError::Locked {
        path: path.to_path_buf(),
    })
}

fn snapshot_files(path: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(path)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("snap.") && !name.ends_with(".generating") {
            out.push(entry.path());
        }
    }
    Ok(out)
}

/// Refuse a database whose snapshot file has gone missing: sled would open
/// it from its log alone and could silently roll games back.
pub fn check_snapshot(path: &Path) -> Result<(), StoreError> {
    let io = |source| StoreError::OpenIo {
        path: path.to_path_buf(),
        source,
    };
    if !path.join(SNAPSHOT_MARK).exists() {
        return Ok(());
    }
    if snapshot_files(path).map_err(io)?.is_empty() {
        return Err(StoreError::MissingSnapshot {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// After a successful open: note that a snapshot exists, so that its later
/// loss is noticed.
pub fn remember_snapshot(path: &Path) -> io::Result<()> {
    let mark = path.join(SNAPSHOT_MARK);
    if mark.exists() || snapshot_files(path)?.is_empty() {
        return Ok(());
    }
    let file = File::create(&mark)?;
    file.sync_all()?;
    sync_dir(path)
}

/// The generation last acknowledged in `path` (0 if unknown).
pub fn acknowledged_generation(path: &Path) -> u64 {
    std::fs::read_to_string(path.join(GENERATION_FILE))
        .ok()
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0)
}

/// The name of the generation file (for the refusal text).
pub fn generation_file_name() -> &'static str {
    GENERATION_FILE
}

/// The name of the file that marks a seen snapshot (for the refusal text).
pub fn snapshot_mark_name() -> &'static str {
    SNAPSHOT_MARK
}

fn sync_dir(path: &Path) -> io::Result<()> {
    File::open(path)?.sync_all()
}

/// Bytes free for this process on the file system holding `path`.
pub fn free_space(path: &Path) -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::ffi::OsStrExt;
        let c_path = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
        // SAFETY: statvfs is a plain C struct of integers, for which all
        // zeroes is a valid value.
        let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: a valid NUL-terminated path and a zeroed out-parameter.
        let ret = unsafe { libc::statvfs(c_path.as_ptr(), &mut stat) };
        if ret != 0 {
            return None;
        }
        Some(stat.f_bavail as u64 * stat.f_frsize as u64)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = path;
        None
    }
}

/// Makes sled's flushed writes durable (see the module docs).
pub struct Durable {
    dir: PathBuf,
    log: File,
    /// `cairn.generation`, written in place.
    generation: Option<File>,
    /// Blob files already synced.
    blobs: Mutex<HashSet<OsString>>,
}

impl Durable {
    /// After sled has opened `path`: sync what the opening wrote (snapshot,
    /// configuration) and remember the blob files already there.
    pub fn new(path: &Path) -> io::Result<Durable> {
        let log = File::options().read(true).open(path.join("db"))?;
        let generation = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path.join(GENERATION_FILE))
            .ok();
        let durable = Durable {
            dir: path.to_path_buf(),
            log,
            generation,
            blobs: Mutex::default(),
        };
        durable.log.sync_all()?;
        durable.sync_blobs()?;
        sync_dir(path)?;
        Ok(durable)
    }

    /// Make everything flushed so far durable.
    pub fn sync(&self) -> io::Result<()> {
        self.log.sync_data()?;
        self.sync_blobs()
    }

    /// Note a durable write's generation (best effort: if this fails, a
    /// later rollback goes unnoticed, nothing worse).
    pub fn acknowledge(&self, generation: u64) {
        #[cfg(unix)]
        if let Some(file) = &self.generation {
            use std::os::unix::fs::FileExt;
            let text = format!("{generation:020}\n");
            if let Err(error) = file.write_all_at(text.as_bytes(), 0) {
                tracing::warn!(%error, "cannot note the generation");
            }
        }
        #[cfg(not(unix))]
        let _ = (generation, &self.generation);
    }

    fn sync_blobs(&self) -> io::Result<()> {
        let blob_dir = self.dir.join("blobs");
        let mut synced = self
            .blobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut present = HashSet::new();
        let mut new = false;
        for entry in std::fs::read_dir(&blob_dir)? {
            let entry = entry?;
            let name = entry.file_name();
            if !synced.contains(&name) {
                File::open(entry.path())?.sync_all()?;
                new = true;
            }
            present.insert(name);
        }
        // Blobs sled has collected are forgotten.
        *synced = present;
        if new {
            sync_dir(&blob_dir)?;
        }
        Ok(())
    }
}
