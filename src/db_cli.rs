//! `cairn db check|quarantine|export|import|copy|salvage`: the operator's tools
//! for the database named by `CAIRN_DB` (a sled directory or a
//! `postgres://` URL; run them while the bot is stopped; the running bot
//! writes its own backups, see `CAIRN_BACKUP_DIR`).

use std::io::{BufReader, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Subcommand;

use cairn_store::{
    backup, deadline_channel, deadline_entry, decode_channel, decode_finished, shown_key, Location,
    RawEntry, Skipped, Store, TreeName,
};

#[derive(Subcommand)]
pub enum DbCommand {
    /// Read every record of every tree and list those that cannot be read.
    Check,
    /// Move an unreadable record aside (into the quarantine tree, bytes
    /// kept), freeing its channel. KEY is as `check` prints it.
    Quarantine { key: String },
    /// Write every record as JSON lines (to stdout, or --out).
    Export {
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Read records written by `export` into an empty database, after
    /// checking the file against its trailer (a file cut short is
    /// refused).
    Import {
        file: PathBuf,
        /// Take a file without a trailer (written by an older Cairn) as
        /// it is.
        #[arg(long)]
        without_trailer: bool,
    },
    /// Copy every record that can still be read from a damaged sled
    /// database into a new one (a directory or a postgres:// URL), and
    /// list what could not be read.
    Salvage {
        /// The damaged sled directory.
        dir: PathBuf,
        /// The new database: an empty directory or PostgreSQL database.
        #[arg(long)]
        to: String,
    },
    /// Copy every record from one database into an empty one (sled to
    /// PostgreSQL or back: a directory or a postgres:// URL each), then
    /// check that the copy is identical record by record.
    Copy {
        #[arg(long)]
        from: String,
        #[arg(long)]
        to: String,
    },
    /// Wait for the named lease among the processes sharing the database
    /// (as the Matrix connector does), say when it is held, and hold it
    /// until stdin closes: for checking a failover.
    #[command(hide = true)]
    Lease { name: String },
}

/// Open a database that must exist, as it is (however damaged), for the
/// operator's tools; refuse to create a sled database.
fn open_existing(location: &Location) -> Result<Store> {
    if let Some(path) = location.sled_path() {
        if !path.join("db").exists() {
            anyhow::bail!(
                "there is no database at {}; set CAIRN_DB to the bot's database directory or postgres:// URL",
                path.display()
            );
        }
    }
    Ok(Store::open_location_to_inspect(location)?)
}

pub fn run(db: &Location, command: DbCommand) -> Result<()> {
    match &command {
        DbCommand::Copy { from, to } => return copy(&Location::parse(from), &Location::parse(to)),
        DbCommand::Lease { name } => return hold_lease(db, name),
        DbCommand::Salvage { dir, to } => {
            return salvage(&Location::Sled(dir.clone()), &Location::parse(to))
        }
        _ => {}
    }
    // Only an import may create the database.
    let store = if matches!(command, DbCommand::Import { .. }) {
        Store::open_location(db)?
    } else {
        open_existing(db)?
    };
    match command {
        DbCommand::Check => check(&store),
        DbCommand::Quarantine { key } => quarantine(&store, &key),
        DbCommand::Export { out } => {
            let report = match &out {
                Some(path) => {
                    let file = std::fs::File::create(path)
                        .with_context(|| format!("creating {}", path.display()))?;
                    let mut writer = std::io::BufWriter::new(file);
                    let report = backup::export_report(&store, &mut writer)?;
                    writer
                        .into_inner()
                        .map_err(|e| e.into_error())
                        .and_then(|f| f.sync_all())
                        .with_context(|| format!("writing {}", path.display()))?;
                    report
                }
                None => backup::export_report(&store, &mut std::io::stdout().lock())?,
            };
            eprintln!("Exported {} records from {db}.", report.written);
            if !report.skipped.is_empty() {
                eprintln!(
                    "Left out {} that cannot be read (named in the export's trailer too):",
                    report.skipped.len()
                );
                for what in &report.skipped {
                    eprintln!("  {what}");
                }
            }
            Ok(())
        }
        DbCommand::Import {
            file,
            without_trailer,
        } => {
            let input = std::fs::File::open(&file)
                .with_context(|| format!("opening {}", file.display()))?;
            let count = backup::import_with(&store, BufReader::new(input), !without_trailer)
                .with_context(|| format!("importing {}", file.display()))?;
            eprintln!(
                "Imported {count} records from {} into {db}.",
                file.display()
            );
            Ok(())
        }
        DbCommand::Copy { .. } | DbCommand::Lease { .. } | DbCommand::Salvage { .. } => Ok(()),
    }
}

/// `cairn db copy`: every entry of every tree, one transaction on the
/// destination, then both read back and compared.
fn copy(from: &Location, to: &Location) -> Result<()> {
    if from == to {
        anyhow::bail!(
            "--from and --to name the same database ({from}); name an empty one to copy into"
        );
    }
    let source = open_existing(from)?;
    let entries = source.dump().with_context(|| format!("reading {from}"))?;
    let copied = write_into_empty(to, &entries, "copy")?;
    if copied != entries {
        let differing = entries.iter().zip(&copied).filter(|(a, b)| a != b).count()
            + entries.len().abs_diff(copied.len());
        anyhow::bail!("the copy in {to} differs from {from} in {differing} records");
    }
    println!(
        "Copied {} records from {from} to {to}; the copy is identical record by record.",
        entries.len()
    );
    Ok(())
}

/// Write `entries` into the database at `to`, which must be empty (`verb`
/// names what refuses otherwise: `copy`, `salvage`), in one transaction,
/// and read them back for the caller to compare.
fn write_into_empty(to: &Location, entries: &[RawEntry], verb: &str) -> Result<Vec<RawEntry>> {
    let destination = Store::open_location(to)?;
    let there = destination
        .dump()
        .with_context(|| format!("reading {to}"))?;
    if !there.is_empty() {
        anyhow::bail!(
            "{to} already holds {} records; {verb} into an empty database (a new directory, or a new PostgreSQL database)",
            there.len()
        );
    }
    destination
        .insert_raw(entries)
        .with_context(|| format!("writing {to}"))?;
    destination
        .dump()
        .with_context(|| format!("reading back {to}"))
}

fn check(store: &Store) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let mut read = 0;
    let mut bad = 0;
    let mut lost = 0;
    let mut quarantined = 0;
    let mut scans = Vec::new();
    for tree in TreeName::ALL {
        let scan = store
            .scan(tree)
            .with_context(|| format!("reading the {} tree", tree.as_str()))?;
        scans.push((tree, scan));
    }
    let readable: Vec<RawEntry> = scans
        .iter()
        .flat_map(|(tree, scan)| {
            scan.entries.iter().map(|(key, value)| RawEntry {
                tree: *tree,
                key: key.clone(),
                value: value.clone(),
            })
        })
        .collect();
    let known = known_channel_keys(&readable);
    for (tree, scan) in scans {
        if tree == TreeName::Quarantine {
            quarantined = scan.entries.len();
        }
        for skipped in scan.skipped(tree) {
            match &skipped {
                Skipped::Record { key, .. } => {
                    bad += 1;
                    writeln!(out, "unreadable: {skipped}. {}", remedy(tree, key))?;
                }
                Skipped::Stretch { .. } => {
                    lost += 1;
                    writeln!(
                        out,
                        "unreadable: {skipped}{}. Copy everything else into a new database with `cairn db salvage <this directory> --to <new directory>`.",
                        named_inside(&skipped, &known)
                    )?;
                }
            }
        }
        for (key, bytes) in &scan.entries {
            match decodes(tree, key, bytes) {
                Ok(()) => read += 1,
                Err(why) => {
                    bad += 1;
                    writeln!(
                        out,
                        "unreadable: the {} record `{}`: {why}. {}",
                        tree.as_str(),
                        shown_key(key),
                        remedy(tree, key)
                    )?;
                }
            }
        }
    }
    writeln!(
        out,
        "{read} records read, {bad} unreadable, {lost} damaged parts of the file, {quarantined} in quarantine ({}).",
        store.location()
    )?;
    if bad > 0 || lost > 0 {
        anyhow::bail!("{bad} records and {lost} parts of the database cannot be read",);
    }
    Ok(())
}

/// Channel keys the readable entries name: the channel records, the
/// deadline index and the places (so a lost stretch of one tree can be
/// named by what the others still know).
fn known_channel_keys(entries: &[RawEntry]) -> Vec<String> {
    let mut keys = std::collections::BTreeSet::new();
    for entry in entries {
        match entry.tree {
            TreeName::Channels | TreeName::Places => {
                keys.insert(shown_key(&entry.key));
            }
            TreeName::Deadlines => {
                if let Some(key) = deadline_channel(&entry.key) {
                    keys.insert(key);
                }
            }
            _ => {}
        }
    }
    keys.into_iter().collect()
}

/// `; known from other trees: …` for a lost stretch of the channels tree
/// that holds channel keys other trees name (empty otherwise).
fn named_inside(skipped: &Skipped, known: &[String]) -> String {
    let Skipped::Stretch { tree, stretch } = skipped else {
        return String::new();
    };
    if *tree != TreeName::Channels {
        return String::new();
    }
    let inside: Vec<&str> = known
        .iter()
        .filter(|key| stretch.holds(key.as_bytes()))
        .map(String::as_str)
        .collect();
    if inside.is_empty() {
        String::new()
    } else {
        format!(
            "; the other trees name these channels in it: {}",
            inside.join(", ")
        )
    }
}

/// The salvaged entries with the deadline index made again from the
/// channel records copied (a lost part of the index would leave clocks
/// that never run out; an entry for a lost record would point nowhere).
fn with_rebuilt_deadlines(entries: Vec<RawEntry>) -> Vec<RawEntry> {
    let mut out: Vec<RawEntry> = entries
        .into_iter()
        .filter(|e| e.tree != TreeName::Deadlines)
        .collect();
    let index: Vec<RawEntry> = out
        .iter()
        .filter(|e| e.tree == TreeName::Channels)
        .filter_map(|e| {
            let key = String::from_utf8_lossy(&e.key).into_owned();
            let record = decode_channel(&key, &e.value).ok()?;
            Some(RawEntry {
                tree: TreeName::Deadlines,
                key: deadline_entry(&key, &record)?,
                value: Vec::new(),
            })
        })
        .collect();
    out.extend(index);
    // In the order a dump reads them back: by tree, then key.
    out.sort_by(|a, b| (a.tree, &a.key).cmp(&(b.tree, &b.key)));
    out
}

/// A stored value decodes as its tree's records do: else why not.
fn decodes(tree: TreeName, key: &[u8], bytes: &[u8]) -> std::result::Result<(), String> {
    let shown = shown_key(key);
    let json = |bytes: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(bytes)
            .map(|_| ())
            .map_err(|e| format!("it is not JSON ({e})"))
    };
    match tree {
        TreeName::Channels => decode_channel(&shown, bytes)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        TreeName::Archive => decode_finished(&shown, bytes)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        TreeName::Users
        | TreeName::Servers
        | TreeName::Ratings
        | TreeName::Games
        | TreeName::Puzzles => json(bytes),
        TreeName::Places => std::str::from_utf8(bytes)
            .map(|_| ())
            .map_err(|_| "it is not text".to_string()),
        TreeName::Deadlines => {
            let parts = std::str::from_utf8(key)
                .ok()
                .map(|k| k.splitn(3, '\0').count())
                .unwrap_or(0);
            if parts == 3 {
                Ok(())
            } else {
                Err("its key is not a deadline".into())
            }
        }
        TreeName::Quarantine => Ok(()),
    }
}

/// What the operator can do about one unreadable record.
fn remedy(tree: TreeName, key: &[u8]) -> String {
    match tree {
        TreeName::Channels | TreeName::Archive => format!(
            "Move it aside with `cairn db quarantine {}`.",
            shown_key(key)
        ),
        _ => "Copy everything else into a new database with `cairn db salvage <this directory> --to <new directory>`.".into(),
    }
}

/// `cairn db salvage <dir> --to <new>`: every record that can be read,
/// copied into an empty database; what cannot, listed.
fn salvage(from: &Location, to: &Location) -> Result<()> {
    if from == to {
        anyhow::bail!("--to names the damaged database itself ({from}); name a new one");
    }
    if from.sled_path().is_none() {
        anyhow::bail!(
            "salvage reads a sled directory; copy a PostgreSQL database with `cairn db copy`"
        );
    }
    // sled itself refuses a database whose snapshot or newest log cannot
    // be read (`Damaged`, naming the backups): nothing can be salvaged
    // through it then (reading the log without its snapshot makes sled
    // 0.34 panic).
    let source = open_existing(from)?;
    let read = source.dump_checked();
    drop(source);
    let (entries, skipped) = read.with_context(|| format!("reading {from}"))?;
    let known = known_channel_keys(&entries);
    let read = entries.len();
    let entries = with_rebuilt_deadlines(entries);
    let copied = write_into_empty(to, &entries, "salvage")?;
    if copied != entries {
        anyhow::bail!("the copy in {to} does not read back as written");
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "Salvaged {read} records from {from} into {to} ({} with the deadline index made again).",
        entries.len()
    )?;
    if skipped.is_empty() {
        writeln!(out, "Everything could be read.")?;
    } else {
        writeln!(out, "Could not read {}:", skipped.len())?;
        for what in &skipped {
            writeln!(out, "  {what}{}", named_inside(what, &known))?;
        }
        writeln!(
            out,
            "The deadline index (clocks, reminders, challenge expiries) was rebuilt from the channel records copied."
        )?;
        writeln!(
            out,
            "Games among them may be in an older backup (`cairn db import` into another empty directory shows them)."
        )?;
    }
    Ok(())
}

fn quarantine(store: &Store, key: &str) -> Result<()> {
    for tree in [TreeName::Channels, TreeName::Archive] {
        // Timed, so a key quarantined twice keeps both.
        let aside = format!("{key}@{}", cairn_store::now_ms());
        if store.move_raw(tree, TreeName::Quarantine, key.as_bytes(), aside.as_bytes())? {
            println!(
                "Moved the {} record {key} into quarantine as {aside} (its bytes are kept; `cairn db export` includes them).",
                tree.as_str().trim_end_matches('s')
            );
            return Ok(());
        }
    }
    anyhow::bail!("there is no record `{key}`; `cairn db check` lists the unreadable ones")
}

/// `cairn db lease <name>`: hold the lease until stdin closes; fails when
/// the lease is lost.
fn hold_lease(db: &Location, name: &str) -> Result<()> {
    let store = Store::open_location(db)?;
    println!("Waiting for the lease {name}.");
    let lease = store.lease(name, std::time::Duration::from_millis(500))?;
    println!("Holding the lease {name}.");
    let (done, closed) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut sink = String::new();
        while std::io::stdin().read_line(&mut sink).is_ok_and(|n| n > 0) {}
        let _ = done.send(());
    });
    loop {
        if !lease.is_held() {
            anyhow::bail!("lost the lease {name}: the connection to the database ended");
        }
        if closed
            .recv_timeout(std::time::Duration::from_millis(200))
            .is_ok()
        {
            println!("Released the lease {name}.");
            return Ok(());
        }
    }
}
