//! Damage in an older part of a sled database: found where it is, the
//! bot's start refused with a sentence naming `cairn db salvage` (or the
//! damaged record quarantined, when only its own checksum fails), every
//! readable record salvaged into a new database, backups going on past
//! it. Real sled files, damaged by hand.

use std::path::{Path, PathBuf};

use cairn_rules::{GameKind, Seat};
use cairn_store::{
    backup, Challenge, Change, ChannelRecord, Player, RawEntry, Skipped, Store, StoreError,
    TreeName, Update, UserSettings,
};

/// Channel records written first (their pages end up in older log
/// segments), and later ones in another key range.
const EARLY: usize = 400;
const LATE: usize = 400;

fn padding(i: usize) -> String {
    // Unique per record, so its bytes can be found in the log.
    format!("pad-{i:05}-{}", "abcdefghij".repeat(60))
}

fn record(i: usize) -> ChannelRecord {
    let player = |id: String| Player {
        name: id.clone(),
        id,
        is_bot: false,
    };
    ChannelRecord {
        challenge: Some(Challenge {
            game: GameKind::Sight,
            options: vec![padding(i)],
            challenger: player(format!("u{i}")),
            challenged: Some(player(format!("v{i}"))),
            challenger_seat: Seat::First,
            level: None,
            at_ms: i as u64,
            clock: None,
            expires_ms: None,
            no_vacation: false,
        }),
        ..ChannelRecord::default()
    }
}

fn put(store: &Store, key: &str, record: ChannelRecord) {
    store
        .update(key, move |_| Update {
            change: Change::Put(record.clone()),
            archive: None,
            value: (),
        })
        .expect("write");
}

/// The damaged-database fixture: early channels, user settings, then many
/// later writes, closed and opened again (so sled has its snapshot).
/// Returns its path and every entry as written.
fn fixture(dir: &Path) -> (PathBuf, Vec<RawEntry>) {
    let path = dir.join("db");
    {
        let store = Store::open(&path).expect("open");
        for i in 0..EARLY {
            put(&store, &format!("test:a{i:05}"), record(i));
            store
                .set_user_settings("test", &format!("u{i}"), &UserSettings::default())
                .expect("settings");
        }
        for round in 0..3 {
            for i in 0..LATE {
                put(
                    &store,
                    &format!("test:z{i:05}"),
                    record(10_000 + round * LATE + i),
                );
            }
        }
    }
    let store = Store::open(&path).expect("reopen");
    let all = store.dump().expect("dump");
    drop(store);
    (path, all)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

fn flip(path: &Path, offset: usize, bit: u8) {
    let log = path.join("db");
    let mut bytes = std::fs::read(&log).unwrap();
    bytes[offset] ^= 1 << bit;
    std::fs::write(&log, &bytes).unwrap();
}

/// The last place in the log where record `i`'s bytes were written (the
/// newest copy of its page).
fn last_copy_of(path: &Path, i: usize) -> usize {
    let bytes = std::fs::read(path.join("db")).unwrap();
    let needle = padding(i);
    let needle = &needle.as_bytes()[..12];
    bytes
        .windows(needle.len())
        .rposition(|w| w == needle)
        .expect("the record is in the log")
}

/// What became of one damaged copy.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// Opened, and everything reads back as written (the bit was in
    /// space no longer used).
    Harmless,
    /// Refused at start, naming `cairn db salvage`.
    NeedsSalvage,
    /// Refused at start by sled itself (a damaged snapshot or recovery
    /// log), with a sentence.
    Refused,
}

/// Salvage `path` into a new database: (records saved, what was skipped).
fn salvage(path: &Path, into: &Path, written: &[RawEntry]) -> (usize, Vec<Skipped>) {
    let source = Store::open_to_inspect(path).expect("open to inspect");
    let (entries, skipped) = source.dump_checked().expect("dump what can be read");
    // Every record salvaged is exactly as written.
    for entry in &entries {
        assert!(
            written.contains(entry),
            "salvaged something never written: {entry:?}"
        );
    }
    // Backups go on, naming what they left out.
    let plan = backup::BackupPlan {
        dir: path.with_extension("backups"),
        every: std::time::Duration::from_secs(3600),
        keep: 2,
    };
    let (file, report) = backup::backup_report(&source, &plan).expect("a backup despite damage");
    assert_eq!(report.written, entries.len());
    assert_eq!(report.skipped.len(), skipped.len());
    drop(source);
    let copy = Store::open(into).expect("new database");
    copy.insert_raw(&entries).expect("copy");
    assert_eq!(copy.dump().unwrap(), entries);
    drop(copy);
    // The backup imports and verifies.
    let imported = Store::open(into.with_extension("from-backup")).unwrap();
    let input = std::io::BufReader::new(std::fs::File::open(file).unwrap());
    assert_eq!(backup::import(&imported, input).unwrap(), entries.len());
    (entries.len(), skipped)
}

fn outcome(path: &Path, written: &[RawEntry]) -> Outcome {
    match Store::open(path) {
        Ok(store) => {
            let now = store.dump().expect("dump");
            assert!(
                store.opening_notes().is_empty() || now.len() < written.len(),
                "notes without anything moved"
            );
            // Nothing lost without a word.
            if store.opening_notes().is_empty() {
                assert_eq!(now.len(), written.len(), "records lost silently");
            }
            Outcome::Harmless
        }
        Err(StoreError::NeedsSalvage { .. }) => Outcome::NeedsSalvage,
        Err(error @ (StoreError::Damaged { .. } | StoreError::RolledBack { .. })) => {
            let said = error.to_string();
            assert!(said.contains(&path.display().to_string()), "{said}");
            Outcome::Refused
        }
        Err(other) => panic!("an unexpected refusal: {other}"),
    }
}

#[test]
fn a_flipped_bit_in_an_older_log_segment_is_found_and_the_rest_salvaged() {
    let dir = tempfile::tempdir().unwrap();
    let (path, written) = fixture(dir.path());
    let total = written.len();

    // One bit of an early record whose page was last written in the
    // oldest quarter of the log (long before the snapshot, so sled does
    // not read it when it opens).
    let trial = dir.path().join("targeted");
    copy_dir(&path, &trial);
    let len = std::fs::metadata(path.join("db")).unwrap().len() as usize;
    let at = (0..EARLY)
        .map(|i| last_copy_of(&trial, i))
        .find(|&at| at < len / 4)
        .expect("an early record in an older segment");
    flip(&trial, at + 3, 2);
    let error = Store::open(&trial).err().expect("refused");
    let said = error.to_string();
    assert!(
        said.contains("cairn db salvage") && said.contains(&trial.display().to_string()),
        "{said}"
    );
    let (saved, skipped) = salvage(&trial, &dir.path().join("salvaged"), &written);
    assert!(!skipped.is_empty(), "the damage is named");
    assert!(
        saved < total && saved >= total - 40,
        "saved {saved} of {total}"
    );
    // The bot starts on the salvaged copy.
    drop(Store::open(dir.path().join("salvaged")).expect("the copy opens"));
    eprintln!(
        "targeted flip at byte {}: salvaged {saved} of {total} records; could not read: {}",
        at + 3,
        skipped
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    );

    // A sweep over the older half of the log: every flip is harmless,
    // refused with a sentence, or found and salvaged.
    let trials = 24;
    let (mut found, mut refused, mut harmless) = (0, 0, 0);
    let (mut saved_all, mut total_all) = (0, 0);
    for t in 0..trials {
        let trial = dir.path().join(format!("trial{t}"));
        copy_dir(&path, &trial);
        let offset = 4096 + (len / 2 - 4096) * t / trials;
        flip(&trial, offset, (t % 8) as u8);
        match outcome(&trial, &written) {
            Outcome::Harmless => harmless += 1,
            Outcome::Refused => {
                refused += 1;
                // sled cannot open it at all: the tools cannot either, and
                // say so with a sentence naming the backups.
                let said = Store::open_to_inspect(&trial)
                    .err()
                    .expect("refused")
                    .to_string();
                assert!(said.contains("backup"), "{said}");
            }
            Outcome::NeedsSalvage => {
                found += 1;
                let (saved, _) = salvage(&trial, &dir.path().join(format!("saved{t}")), &written);
                saved_all += saved;
                total_all += total;
            }
        }
    }
    assert!(found > 0, "the sweep found damage");
    eprintln!(
        "sweep of {trials} flips in the older half of a {len}-byte log: {found} found (salvaged {saved_all} of {total_all} records), {refused} refused by sled at open, {harmless} harmless"
    );
}

#[test]
fn a_record_failing_its_own_checksum_is_quarantined_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    {
        let store = Store::open(&path).unwrap();
        put(&store, "test:one", record(1));
        put(&store, "test:two", record(2));
    }
    {
        // Damage one value where sled does not look: its own bytes,
        // rewritten by hand with a valid sled checksum.
        let db = (0..120)
            .find_map(|_| {
                sled::open(&path)
                    .map_err(|_| std::thread::sleep(std::time::Duration::from_millis(25)))
                    .ok()
            })
            .expect("open with sled");
        let channels = db.open_tree("channels").unwrap();
        let mut bytes = channels.get("test:one").unwrap().unwrap().to_vec();
        let last = bytes.len() - 10;
        bytes[last] ^= 0x04;
        channels.insert("test:one", bytes).unwrap();
        db.flush().unwrap();
    }
    let store = Store::open(&path).expect("opens");
    let notes = store.opening_notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("test:one")
            && notes[0].contains("checksum")
            && notes[0].contains("quarantine"),
        "{notes:?}"
    );
    assert!(store.load("test:one").unwrap().is_none(), "moved aside");
    assert_eq!(store.load("test:two").unwrap(), Some(record(2)));
    let quarantined = store.entries(TreeName::Quarantine).unwrap();
    assert_eq!(quarantined.len(), 1);
    assert!(String::from_utf8_lossy(&quarantined[0].0).starts_with("test:one@"));
}

#[test]
fn values_written_before_checksums_still_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    drop(Store::open(&path).unwrap());
    {
        let db = (0..120)
            .find_map(|_| {
                sled::open(&path)
                    .map_err(|_| std::thread::sleep(std::time::Duration::from_millis(25)))
                    .ok()
            })
            .expect("open with sled");
        let plain = serde_json::to_vec(&record(3)).unwrap();
        db.open_tree("channels")
            .unwrap()
            .insert("test:old", plain)
            .unwrap();
        db.flush().unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert!(store.opening_notes().is_empty());
    assert_eq!(store.load("test:old").unwrap(), Some(record(3)));
    // Written again, it gains its checksum and still reads the same.
    put(&store, "test:old", record(4));
    assert_eq!(store.load("test:old").unwrap(), Some(record(4)));
}
