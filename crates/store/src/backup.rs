//! Backups: every stored entry as one JSON object per line, read back
//! byte for byte, and a thread that writes such a file periodically while
//! the bot runs, keeping the newest few.
//!
//! A line is `{"tree": "channels", "key": "console:lobby", "value": {...}}`
//! when the stored bytes are JSON that re-encodes to the same bytes, else
//! `"bytes_hex"` holds them (a record the bot cannot decode is exported
//! too). Records whose bytes fail their checksum, or that sit in a part of
//! the file that cannot be read, are skipped and named, so a damaged
//! database still gets its backups.
//!
//! The last line is a trailer, `{"trailer": {"records": N, "crc32":
//! "…", "skipped": [...]}}`: the number of entry lines and the crc32 of
//! every byte before the trailer. Import verifies it, so a backup cut
//! short (even at a line boundary) or changed is refused.

use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{json, Value};

use super::{now_ms, RawEntry, Store, StoreError, TreeName};

/// Why an export line could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("the file has no trailer line, so it may have been cut short; it is refused (a file exported by an older Cairn has none: import it with --without-trailer if you know it is whole)")]
    NoTrailer,
    #[error(
        "the file does not match its trailer ({why}): it was cut short or changed; it is refused"
    )]
    TrailerMismatch { why: String },
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

/// What an export wrote and what it could not read.
#[derive(Clone, Debug, Default)]
pub struct ExportReport {
    pub written: usize,
    /// What could not be read, each named (for the operator).
    pub skipped: Vec<String>,
}

/// Write every entry to `out`, one line each, and the trailer; returns
/// how many entries. What cannot be read is skipped and logged.
pub fn export(store: &Store, out: &mut impl Write) -> Result<usize, StoreError> {
    Ok(export_report(store, out)?.written)
}

/// [`export`], saying what could not be read.
pub fn export_report(store: &Store, out: &mut impl Write) -> Result<ExportReport, StoreError> {
    let (entries, skipped) = store.dump_checked()?;
    let skipped: Vec<String> = skipped.iter().map(ToString::to_string).collect();
    for what in &skipped {
        tracing::warn!(skipped = %what, "left out of the export: it cannot be read");
    }
    let mut crc = crc32fast::Hasher::new();
    for entry in &entries {
        let line = format!("{}\n", entry_line(entry));
        crc.update(line.as_bytes());
        out.write_all(line.as_bytes())?;
    }
    let trailer = json!({"trailer": {
        "records": entries.len(),
        "crc32": format!("{:08x}", crc.finalize()),
        "skipped": skipped,
    }});
    writeln!(out, "{trailer}")?;
    out.flush()?;
    Ok(ExportReport {
        written: entries.len(),
        skipped,
    })
}

/// Read an export into `store`, after checking it against its trailer;
/// refuses entries that already exist (so import into an empty database).
/// Returns how many were written.
pub fn import(store: &Store, input: impl BufRead) -> Result<usize, ImportError> {
    import_with(store, input, true)
}

/// [`import`]; with `need_trailer` false a file without a trailer (from
/// an older Cairn) is taken as it is (one with a trailer is still checked).
pub fn import_with(
    store: &Store,
    mut input: impl BufRead,
    need_trailer: bool,
) -> Result<usize, ImportError> {
    let mut entries = Vec::new();
    let mut crc = crc32fast::Hasher::new();
    let mut trailer = None;
    let mut buffer = Vec::new();
    let mut number = 0;
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            break;
        }
        number += 1;
        let text = std::str::from_utf8(&buffer).map_err(|_| ImportError::Line {
            line: number,
            why: "it is not UTF-8".into(),
        })?;
        if trailer.is_some() {
            if text.trim().is_empty() {
                continue;
            }
            return Err(ImportError::TrailerMismatch {
                why: format!("line {number} follows the trailer"),
            });
        }
        if text.trim().is_empty() {
            crc.update(&buffer);
            continue;
        }
        if let Ok(Value::Object(object)) = serde_json::from_str::<Value>(text) {
            if let Some(t) = object.get("trailer") {
                trailer = Some(t.clone());
                continue;
            }
        }
        if !buffer.ends_with(b"\n") {
            return Err(ImportError::TrailerMismatch {
                why: format!("line {number} is cut short"),
            });
        }
        crc.update(&buffer);
        entries.push(parse_line(text.trim_end(), number)?);
    }
    match trailer {
        None if need_trailer => return Err(ImportError::NoTrailer),
        None => {}
        Some(trailer) => {
            let records = trailer.get("records").and_then(Value::as_u64);
            let sum = trailer.get("crc32").and_then(Value::as_str);
            let actual = format!("{:08x}", crc.finalize());
            if records != Some(entries.len() as u64) {
                return Err(ImportError::TrailerMismatch {
                    why: format!(
                        "it holds {} records, its trailer says {}",
                        entries.len(),
                        records.map_or("nothing readable".to_string(), |r| r.to_string())
                    ),
                });
            }
            if sum != Some(actual.as_str()) {
                return Err(ImportError::TrailerMismatch {
                    why: "its checksum differs".into(),
                });
            }
            if let Some(Value::Array(skipped)) = trailer.get("skipped") {
                for what in skipped {
                    tracing::warn!(skipped = %what, "the backup lacks a record its database could not read");
                }
            }
        }
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
    Ok(backup_report(store, plan)?.0)
}

/// [`backup_once`], saying what could not be read (left out, named in
/// the trailer and the log).
pub fn backup_report(
    store: &Store,
    plan: &BackupPlan,
) -> Result<(PathBuf, ExportReport), StoreError> {
    std::fs::create_dir_all(&plan.dir)?;
    let name = format!("{PREFIX}{:020}{SUFFIX}", now_ms());
    let path = plan.dir.join(&name);
    let partial = plan.dir.join(format!("{name}.partial"));
    let report;
    {
        let file = File::create(&partial)?;
        let mut out = BufWriter::new(file);
        report = export_report(store, &mut out)?;
        out.into_inner()
            .map_err(|e| StoreError::Io(e.into_error()))?
            .sync_all()?;
    }
    // Make room first, so there are never more than `keep` backups.
    prune(&plan.dir, plan.keep.max(1) - 1)?;
    std::fs::rename(&partial, &path)?;
    File::open(&plan.dir)?.sync_all()?;
    Ok((path, report))
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

/// The first backup after start comes after this long (or the interval,
/// if shorter), so a bot restarted more often than its interval still
/// writes backups.
pub const FIRST_BACKUP_AFTER: Duration = Duration::from_secs(60);

/// Start the periodic backup thread (it runs for the life of the
/// process): the first backup soon after start, then one every interval.
pub fn spawn(store: Store, plan: BackupPlan) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("cairn-backup".into())
        .spawn(move || {
            let mut wait = plan.every.min(FIRST_BACKUP_AFTER);
            loop {
                std::thread::sleep(wait);
                wait = plan.every;
                match backup_report(&store, &plan) {
                    Ok((path, report)) if report.skipped.is_empty() => {
                        tracing::info!(path = %path.display(), records = report.written, "backup written")
                    }
                    Ok((path, report)) => tracing::warn!(
                        path = %path.display(),
                        records = report.written,
                        unreadable = report.skipped.len(),
                        "backup written without the records that cannot be read (named in its trailer); run `cairn db check`"
                    ),
                    Err(error) => {
                        tracing::error!(%error, dir = %plan.dir.display(), "backup failed")
                    }
                }
            }
        })
        .map(|_| ())
}
