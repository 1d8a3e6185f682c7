//! `cairn db check|quarantine|export|import|copy`: the operator's tools
//! for the database named by `CAIRN_DB` (a sled directory or a
//! `postgres://` URL; run them while the bot is stopped; the running bot
//! writes its own backups, see `CAIRN_BACKUP_DIR`).

use std::io::{BufReader, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Subcommand;

use cairn_store::{backup, decode_channel, decode_finished, Location, Store, TreeName};

#[derive(Subcommand)]
pub enum DbCommand {
    /// Read every record and list those that cannot be read.
    Check,
    /// Move an unreadable record aside (into the quarantine tree, bytes
    /// kept), freeing its channel. KEY is as `check` prints it.
    Quarantine { key: String },
    /// Write every record as JSON lines (to stdout, or --out).
    Export {
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Read records written by `export` into an empty database.
    Import { file: PathBuf },
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

/// Refuse to create a sled database where one is expected to exist.
fn open_existing(location: &Location) -> Result<Store> {
    if let Some(path) = location.sled_path() {
        if !path.join("db").exists() {
            anyhow::bail!(
                "there is no database at {}; set CAIRN_DB to the bot's database directory or postgres:// URL",
                path.display()
            );
        }
    }
    Ok(Store::open_location(location)?)
}

pub fn run(db: &Location, command: DbCommand) -> Result<()> {
    match &command {
        DbCommand::Copy { from, to } => return copy(&Location::parse(from), &Location::parse(to)),
        DbCommand::Lease { name } => return hold_lease(db, name),
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
            let count = match &out {
                Some(path) => {
                    let file = std::fs::File::create(path)
                        .with_context(|| format!("creating {}", path.display()))?;
                    let mut writer = std::io::BufWriter::new(file);
                    let count = backup::export(&store, &mut writer)?;
                    writer
                        .into_inner()
                        .map_err(|e| e.into_error())
                        .and_then(|f| f.sync_all())
                        .with_context(|| format!("writing {}", path.display()))?;
                    count
                }
                None => backup::export(&store, &mut std::io::stdout().lock())?,
            };
            eprintln!("Exported {count} records from {db}.");
            Ok(())
        }
        DbCommand::Import { file } => {
            let input = std::fs::File::open(&file)
                .with_context(|| format!("opening {}", file.display()))?;
            let count = backup::import(&store, BufReader::new(input))
                .with_context(|| format!("importing {}", file.display()))?;
            eprintln!(
                "Imported {count} records from {} into {db}.",
                file.display()
            );
            Ok(())
        }
        DbCommand::Copy { .. } | DbCommand::Lease { .. } => Ok(()),
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
    let destination = Store::open_location(to)?;
    let there = destination
        .dump()
        .with_context(|| format!("reading {to}"))?;
    if !there.is_empty() {
        anyhow::bail!(
            "{to} already holds {} records; copy into an empty database (a new directory, or a new PostgreSQL database)",
            there.len()
        );
    }
    destination
        .insert_raw(&entries)
        .with_context(|| format!("writing {to}"))?;
    let copied = destination
        .dump()
        .with_context(|| format!("reading back {to}"))?;
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

fn check(store: &Store) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let mut read = 0;
    let mut bad = 0;
    for tree in [TreeName::Channels, TreeName::Archive] {
        for (key, bytes) in store.entries(tree)? {
            let key = String::from_utf8_lossy(&key).into_owned();
            let result = match tree {
                TreeName::Channels => decode_channel(&key, &bytes).map(|_| ()),
                _ => decode_finished(&key, &bytes).map(|_| ()),
            };
            match result {
                Ok(()) => read += 1,
                Err(error) => {
                    bad += 1;
                    writeln!(
                        out,
                        "unreadable {} record {key}: {error}. Move it aside with `cairn db quarantine {key}`.",
                        tree.as_str().trim_end_matches('s')
                    )?;
                }
            }
        }
    }
    let quarantined = store.entries(TreeName::Quarantine)?.len();
    writeln!(
        out,
        "{read} records read, {bad} unreadable, {quarantined} in quarantine ({}).",
        store.location()
    )?;
    if bad > 0 {
        anyhow::bail!("{bad} records cannot be read");
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
