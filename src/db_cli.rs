//! `cairn db check|quarantine|export|import`: the operator's tools for the
//! database named by `CAIRN_DB` (run them while the bot is stopped; the
//! running bot writes its own backups, see `CAIRN_BACKUP_DIR`).

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Subcommand;

use cairn_store::{backup, decode_channel, decode_finished, Store, TreeName};

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
}

pub fn run(db: &Path, command: DbCommand) -> Result<()> {
    // Only an import may create the database.
    if !matches!(command, DbCommand::Import { .. }) && !db.join("db").exists() {
        anyhow::bail!(
            "there is no database at {}; set CAIRN_DB to the bot's database directory",
            db.display()
        );
    }
    let store = Store::open(db)?;
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
            eprintln!("Exported {count} records from {}.", db.display());
            Ok(())
        }
        DbCommand::Import { file } => {
            let input = std::fs::File::open(&file)
                .with_context(|| format!("opening {}", file.display()))?;
            let count = backup::import(&store, BufReader::new(input))
                .with_context(|| format!("importing {}", file.display()))?;
            eprintln!(
                "Imported {count} records from {} into {}.",
                file.display(),
                db.display()
            );
            Ok(())
        }
    }
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
        store.path().display()
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
