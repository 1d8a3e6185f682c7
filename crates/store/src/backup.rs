//! Backups: every stored entry as one JSON object per line, read back
//! byte for byte, and a thread that writes such a file periodically while
//! the bot runs, keeping the newest few.
//!
//! A line is `{"tree": "channels", "key": "console:lobby", "value": {...}}`
//! when the stored bytes are JSON that re-encodes to the same bytes, else
//! `"bytes_hex"` holds them (an unreadable record is exported too).

use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{json, Value};

use super::{now_ms, RawEntry, Store, StoreError, TreeName};

/// Why an export line could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("line {line} is not an exported entry: {why}")]
    Line { line: usize, why: String },
    #[error("reading the export: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// One entry as a JSON line (without the newline).
pub fn entry_line(entry: &RawEntry) -> String {
    let mut object = serde_json::Map::new();
    object.insert("tree".into(), json!(entry.tree.as_str()));
    match std::str::from_utf8(&entry.key) {
        Ok(key) => object.insert("key".into(), json!(key)),
        Err(_) => object.insert("key_hex".into(), json!(hex(&entry.key))),
    };
    let exact_json = serde_json::from_slice::<Value>(&entry.value)
        .ok()
        .filter(|v| serde_json::to_vec(v).ok().as_deref() == Some(entry.value.as_slice()));
    match exact_json {
        Some(value) => object.insert("value".into(), value),
        None => object.insert("bytes_hex".into(), json!(hex(&entry.value))),
    };
    Value::Object(object).to_string()
}

/// Read one exported line back.
pub fn parse_line(text: &str, line: usize) -> Result<RawEntry, ImportError> {
    let bad = |why: &str| ImportError::Line {
        line,
        why: why.to_string(),
    };
    let value: Value = serde_json::from_str(text).map_err(|e| bad(&e.to_string()))?;
    let tree = value
        .get("tree")
        .and_then(Value::as_str)
        .and_then(TreeName::parse)
        .ok_or_else(|| bad("`tree` must be channels, archive or quarantine"))?;
    let key = match (value.get("key"), value.get("key_hex")) {
        (Some(Value::String(key)), _) => key.as_bytes().to_vec(),
        (_, Some(Value::String(h))) => unhex(h).ok_or_else(|| bad("`key_hex` is not hex"))?,
        _ => return Err(bad("it has no `key`")),
    };
    let value = match (value.get("value"), value.get("bytes_hex")) {
        (Some(v), _) => serde_json::to_vec(v).map_err(|e| bad(&e.to_string()))?,
        (_, Some(Value::String(h))) => unhex(h).ok_or_else(|| bad("`bytes_hex` is not hex"))?,
        _ => return Err(bad("it has no `value` or `bytes_hex`")),
    };
    Ok(RawEntry { tree, key, value })
}

/// Write every entry to `out`, one line each; returns how many.
pub fn export(store: &Store, out: &mut impl Write) -> Result<usize, StoreError> {
    let entries = store.dump()?;
    for entry in &entries {
        writeln!(out, "{}", entry_line(entry))?;
    }
    out.flush()?;
    Ok(entries.len())
}

/// Read an export into `store`; refuses entries that already exist (so
/// import into an empty database). Returns how many were written.
pub fn import(store: &Store, input: impl BufRead) -> Result<usize, ImportError> {
    let mut entries = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        entries.push(parse_line(&line, i + 1)?);
    }
    store.insert_raw(&entries)?;
    Ok(entries.len())
}

/// Periodic backups: where, how often, how many kept.
#[derive(Clone, Debug)]
pub struct BackupPlan {
    pub dir: PathBuf,
    pub every: Duration,
    pub keep: usize,
}

const PREFIX: &str = "cairn-backup-";
const SUFFIX: &str = ".jsonl";

/// Write one backup file now (atomically: a temporary file, synced, then
/// renamed), keeping the newest `keep` in all. Returns its path.
pub fn backup_once(store: &Store, plan: &BackupPlan) -> Result<PathBuf, StoreError> {
    std::fs::create_dir_all(&plan.dir)?;
    let name = format!("{PREFIX}{:020}{SUFFIX}", now_ms());
    let path = plan.dir.join(&name);
    let partial = plan.dir.join(format!("{name}.partial"));
    {
        let file = File::create(&partial)?;
        let mut out = BufWriter::new(file);
        export(store, &mut out)?;
        out.into_inner()
            .map_err(|e| StoreError::Io(e.into_error()))?
            .sync_all()?;
    }
    // Make room first, so there are never more than `keep` backups.
    prune(&plan.dir, plan.keep.max(1) - 1)?;
    std::fs::rename(&partial, &path)?;
    File::open(&plan.dir)?.sync_all()?;
    Ok(path)
}

/// The backup files in `dir`, oldest first.
pub fn backups_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
        })
        .collect();
    out.sort();
    Ok(out)
}

fn prune(dir: &Path, keep: usize) -> std::io::Result<()> {
    let files = backups_in(dir)?;
    let excess = files.len().saturating_sub(keep);
    for old in &files[..excess] {
        std::fs::remove_file(old)?;
    }
    Ok(())
}

/// Start the periodic backup thread (it runs for the life of the process).
pub fn spawn(store: Store, plan: BackupPlan) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("cairn-backup".into())
        .spawn(move || loop {
            std::thread::sleep(plan.every);
            match backup_once(&store, &plan) {
                Ok(path) => tracing::info!(path = %path.display(), "backup written"),
                Err(error) => tracing::error!(%error, dir = %plan.dir.display(), "backup failed"),
            }
        })
        .map(|_| ())
}
