//! The fault suite: what an operator or a player meets when the disk fills,
//! files are damaged, a record cannot be read, two processes share a
//! database, the configuration is partial or wrong, or the input is huge
//! or not UTF-8. Real components throughout: a real sled database, a real
//! full file system (a small tmpfs, mounted when the tests run as root) and
//! the real binary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_store::{backup, Store};

fn config() -> BotConfig {
    BotConfig {
        ai_seed: Some(7),
        images: false,
        ai_deadline: std::time::Duration::from_millis(100),
        ..BotConfig::default()
    }
}

fn say(bot: &Bot, channel: &str, who: &str, command: &str) -> Vec<Reply> {
    bot.handle(&Request {
        platform: "test".into(),
        channel: channel.into(),
        user: User::new(who, who),
        command: command.into(),
        mentions: Vec::new(),
        ..Default::default()
    })
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game of Sight between alice and bob in `channel`.
fn start_game(bot: &Bot, channel: &str) {
    say(bot, channel, "alice", "challenge sight bob");
    let r = say(bot, channel, "bob", "accept");
    assert!(!r[0].ephemeral, "{}", r[0].text);
}

fn history_len(store: &Store, channel: &str) -> usize {
    store
        .load(&Store::channel_key("test", channel))
        .expect("load")
        .and_then(|r| r.game)
        .map_or(0, |g| g.history.len())
}

/// The binary with a clean environment: no platform, its database in `dir`.
fn cairn(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cairn"));
    command
        .current_dir(dir)
        .env("CAIRN_DB", dir.join("db"))
        .env("CAIRN_IMAGES", dir.join("images"))
        .env("CAIRN_CONFIG", dir.join("none.toml"))
        .env("RUST_LOG", "off");
    for (name, _) in std::env::vars() {
        if name.starts_with("DISCORD_") || name.starts_with("MATRIX_") {
            command.env_remove(name);
        }
    }
    command
}

fn run_with_input(mut command: Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cairn");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written from a thread: the child may answer before reading it all.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    out
}

// ---------------------------------------------------------------- full disk

/// A tmpfs of a few megabytes, unmounted on drop.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    /// `None` (with a note) where mounting is not allowed.
    fn mount(megabytes: u32) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().ok()?;
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(dir.path())
            .stderr(Stdio::null())
            .status()
            .ok()?;
        status.success().then_some(SmallDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Fill the file system to the last byte.
    fn fill(&self) -> PathBuf {
        let filler = self.path().join("filler");
        let mut file = std::fs::File::create(&filler).expect("filler");
        let block = vec![0u8; 64 * 1024];
        while file.write_all(&block).is_ok() {}
        while file.write_all(&[0u8]).is_ok() {}
        let _ = file.sync_all();
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

#[test]
fn full_disk_changes_nothing_says_so_and_writes_resume_when_space_returns() {
    let Some(disk) = SmallDisk::mount(16) else {
        eprintln!("cannot mount a tmpfs here (not root?): skipping the full-disk test");
        return;
    };
    let path = disk.path().join("db");
    {
        let bot = Bot::new(Store::open(&path).expect("open"), config());
        start_game(&bot, "main");
        let filler = disk.fill();
        // Writes into pages sled already holds may still succeed: write in
        // another channel until the disk refuses one.
        let spare = |store: &Store| {
            serde_json::to_string(&store.load("test:spare").expect("load")).expect("json")
        };
        let mut refused = None;
        for i in 0..1000 {
            let command = if i % 2 == 0 {
                "challenge sight dave"
            } else {
                "cancel"
            };
            let before = spare(bot.store());
            let r = say(&bot, "spare", "carol", command);
            if r[0].text.contains("not saved") {
                // The refused write is not visible to any read.
                assert_eq!(spare(bot.store()), before, "memory ran ahead");
                refused = Some(text(&r));
                break;
            }
        }
        let refused = refused.expect("the full disk refused a write");
        assert!(refused.contains("no space"), "{refused}");

        // The move is refused honestly and nothing changes, as seen by
        // every read.
        let r = say(&bot, "main", "alice", "move c3");
        let reply = text(&r);
        assert!(r[0].ephemeral, "{reply}");
        assert!(
            reply.contains("not saved") && reply.contains("no space is left on the disk"),
            "{reply}"
        );
        assert_eq!(history_len(bot.store(), "main"), 0, "memory ran ahead");
        let board = text(&say(&bot, "main", "bob", "board"));
        assert!(board.contains("0 turns played"), "{board}");
        let games = text(&say(&bot, "main", "alice", "games"));
        assert!(games.contains("test:main"), "{games}");

        // Space returns: the same bot writes again, without a restart.
        std::fs::remove_file(filler).expect("free space");
        let r = say(&bot, "main", "alice", "move c3");
        assert!(!r[0].ephemeral, "{}", text(&r));
        assert!(text(&r).contains("played c3"), "{}", text(&r));
        assert_eq!(history_len(bot.store(), "main"), 1);
    }
    // And the move is on disk.
    let store = Store::open(&path).expect("reopen");
    assert_eq!(history_len(&store, "main"), 1);
}

// ----------------------------------------------------------- damaged files

/// A database with one game in it, closed and opened once more (so sled
/// has written its snapshot file).
fn database_with_a_game(dir: &Path) -> PathBuf {
    let path = dir.join("db");
    {
        let bot = Bot::new(Store::open(&path).expect("open"), config());
        start_game(&bot, "main");
        say(&bot, "main", "alice", "move c3");
    }
    drop(Store::open(&path).expect("reopen"));
    path
}

fn snapshot_files(path: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(path)
        .expect("list")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("snap."))
        })
        .collect()
}

#[test]
fn a_damaged_database_is_refused_with_a_sentence_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = database_with_a_game(dir.path());
    let snapshots = snapshot_files(&path);
    assert!(!snapshots.is_empty(), "sled wrote a snapshot");
    // One flipped byte in the snapshot file.
    let mut bytes = std::fs::read(&snapshots[0]).unwrap();
    bytes[4] ^= 0x40;
    std::fs::write(&snapshots[0], &bytes).unwrap();

    let error = Store::open(&path).err().expect("refused").to_string();
    assert!(error.contains(&path.display().to_string()), "{error}");
    assert!(
        error.contains("is damaged") && error.contains("backup"),
        "{error}"
    );
    // The binary says it once, in one sentence.
    let out = run_with_input(cairn(dir.path()), b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("is damaged") && !stderr.contains("Corruption"),
        "{stderr}"
    );
}

#[test]
fn a_flipped_byte_in_the_log_is_refused_with_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let path = database_with_a_game(dir.path());
    let log = path.join("db");
    let mut bytes = std::fs::read(&log).unwrap();
    bytes[600] ^= 0x10;
    std::fs::write(&log, &bytes).unwrap();
    let error = Store::open(&path).err().expect("refused").to_string();
    assert!(
        error.contains(&path.display().to_string()) && error.contains("is damaged"),
        "{error}"
    );
}

#[test]
fn a_flipped_byte_among_the_newest_writes_is_not_a_silent_rollback() {
    let dir = tempfile::tempdir().unwrap();
    let path = database_with_a_game(dir.path());
    {
        // Writes after the last snapshot: sled keeps them only in its log.
        let bot = Bot::new(Store::open(&path).unwrap(), config());
        for i in 0..20 {
            say(&bot, &format!("extra{i}"), "carol", "challenge sight dave");
        }
    }
    let log = path.join("db");
    let mut bytes = std::fs::read(&log).unwrap();
    let used = bytes.iter().rposition(|&b| b != 0).expect("a log");
    bytes[used - 1500] ^= 0x10;
    std::fs::write(&log, &bytes).unwrap();
    let error = Store::open(&path).err().expect("refused").to_string();
    assert!(
        error.contains(&path.display().to_string()) && error.contains("acknowledged writes"),
        "{error}"
    );
}

#[test]
fn a_missing_snapshot_is_not_a_silent_rollback() {
    let dir = tempfile::tempdir().unwrap();
    let path = database_with_a_game(dir.path());
    for snapshot in snapshot_files(&path) {
        std::fs::remove_file(snapshot).unwrap();
    }
    let error = Store::open(&path).err().expect("refused").to_string();
    assert!(
        error.contains(&path.display().to_string()) && error.contains("snapshot"),
        "{error}"
    );
}

// ------------------------------------------------------ one unreadable record

#[test]
fn an_unreadable_record_hurts_only_its_channel() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    {
        let bot = Bot::new(Store::open(&path).unwrap(), config());
        start_game(&bot, "one");
        start_game(&bot, "two");
        start_game(&bot, "three");
    }
    {
        // Damage one record and make another one from a newer build.
        // (sled lets go of its lock file a moment after the drop)
        let db = (0..120)
            .find_map(|_| {
                sled::open(&path)
                    .map_err(|_| std::thread::sleep(std::time::Duration::from_millis(25)))
                    .ok()
            })
            .expect("open with sled");
        let channels = db.open_tree("channels").unwrap();
        channels
            .insert("test:one", &b"{\"schema\": 1, garbage"[..])
            .unwrap();
        channels
            .insert("test:three", &b"{\"schema\": 99, \"anything\": true}"[..])
            .unwrap();
        db.flush().unwrap();
    }
    {
        let bot = Bot::new(Store::open(&path).unwrap(), config());
        for channel in ["one", "three"] {
            let r = text(&say(&bot, channel, "alice", "move c3"));
            assert!(
                r.contains("cannot be read")
                    && r.contains(&format!("cairn db quarantine test:{channel}")),
                "{r}"
            );
        }
        // The other channel plays on, and `games` works for everyone.
        let r = say(&bot, "two", "alice", "move c3");
        assert!(!r[0].ephemeral, "{}", text(&r));
        let games = text(&say(&bot, "two", "alice", "games"));
        assert!(games.contains("test:two"), "{games}");
        assert!(games.contains("2 stored games cannot be read"), "{games}");
    }
    // `cairn db check` lists both; quarantine moves one aside, bytes kept.
    let out = cairn(dir.path()).args(["db", "check"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("test:one") && stdout.contains("test:three"),
        "{stdout}"
    );
    for key in ["test:one", "test:three"] {
        let out = cairn(dir.path())
            .args(["db", "quarantine", key])
            .output()
            .unwrap();
        assert!(out.status.success(), "{:?}", out);
    }
    let out = cairn(dir.path()).args(["db", "check"]).output().unwrap();
    assert!(out.status.success(), "{:?}", out);
    let out = cairn(dir.path()).args(["db", "export"]).output().unwrap();
    let export = String::from_utf8_lossy(&out.stdout);
    let garbage_hex: String = b"{\"schema\": 1, garbage"
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert!(export.contains(&garbage_hex), "{export}");
    // The channel is free again.
    let bot = Bot::new(Store::open(&path).unwrap(), config());
    let r = say(&bot, "one", "alice", "challenge sight bob");
    assert!(!r[0].ephemeral, "{}", text(&r));
}

// ------------------------------------------------------ two processes

#[test]
fn a_second_process_on_the_database_gets_one_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = cairn(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("first cairn");
    // Wait for its banner: the database is open.
    let mut stdout = first.stdout.take().expect("stdout");
    let mut banner = [0u8; 5];
    std::io::Read::read_exact(&mut stdout, &mut banner).expect("banner");
    let out = run_with_input(cairn(dir.path()), b"help\n");
    drop(first.stdin.take());
    let _ = first.wait();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    let path = dir.path().join("db");
    assert!(
        stderr.contains(&format!(
            "the database at {} is in use by another Cairn process",
            path.display()
        )),
        "{stderr}"
    );
}

// ------------------------------------------------------ configuration

fn start_with(envs: &[(&str, &str)], toml: Option<&str>) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut command = cairn(dir.path());
    if let Some(toml) = toml {
        std::fs::write(dir.path().join("cairn.toml"), toml).unwrap();
        command.env("CAIRN_CONFIG", dir.path().join("cairn.toml"));
    }
    for (name, value) in envs {
        command.env(name, value);
    }
    run_with_input(command, b"")
}

#[test]
fn partial_platform_configurations_are_refused_naming_what_is_missing() {
    // A misspelled MATRIX_USER.
    let out = start_with(
        &[
            ("MATRIX_HOMESERVER", "http://127.0.0.1:9"),
            ("MATRIX_USR", "@cairn:localhost"),
            ("MATRIX_PASSWORD", "pw"),
        ],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("MATRIX_USER"), "{stderr}");
    assert!(!stderr.contains("MATRIX_HOMESERVER ("), "{stderr}");

    let out = start_with(&[], Some("[matrix]\nhomeserver = \"https://m.org\"\n"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("MATRIX_USER") && stderr.contains("MATRIX_PASSWORD"),
        "{stderr}"
    );

    let out = start_with(&[("DISCORD_GUILD_ID", "42")], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");

    // No platform setting at all: the console runs (and ends with its input).
    let out = start_with(&[], None);
    assert!(out.status.success(), "{:?}", out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Cairn console"));
}

#[test]
fn configuration_errors_do_not_print_secrets() {
    let secret = "MTIz.SECRET-TOKEN.abc";
    // A syntax error on the token's line.
    let out = start_with(
        &[],
        Some(&format!(
            "db = \"x\"\n[discord]\ntoken = \"{secret}\" oops\n"
        )),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(!stderr.contains("SECRET"), "{stderr}");
    assert!(
        stderr.contains("cairn.toml") && stderr.contains("line 3"),
        "{stderr}"
    );
    // A secret where a number belongs.
    let out = start_with(&[], Some(&format!("[discord]\nguild_id = \"{secret}\"\n")));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(!stderr.contains("SECRET"), "{stderr}");
}

// ------------------------------------------------------ input

#[test]
fn a_one_megabyte_command_gets_a_short_answer() {
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::new(Store::open(dir.path().join("db")).unwrap(), config());
    start_game(&bot, "main");
    let huge = format!("move {}", "x".repeat(1 << 20));
    let r = text(&say(&bot, "main", "alice", &huge));
    assert!(r.len() < 300, "a reply of {} bytes", r.len());
    // Under the length limit, the turn text is quoted at most 60 characters.
    for command in [
        format!("move {}", "y".repeat(900)),
        "z".repeat(900),
        format!("help {}", "w".repeat(900)),
        format!("rules {}", "v".repeat(900)),
        format!("challenge {} bob", "u".repeat(900)),
    ] {
        let r = text(&say(&bot, "main", "alice", &command));
        let longest = r
            .split(|c: char| !c.is_alphanumeric())
            .map(str::len)
            .max()
            .unwrap_or(0);
        assert!(longest <= 60, "{command:.20}: {r}");
    }
    // Through the console: a 1 MB line, then the console goes on.
    let mut input = format!("challenge sight bob\nmove {}\n", "x".repeat(1 << 20)).into_bytes();
    input.extend_from_slice(b"help\n");
    let mut console = cairn(dir.path());
    console.env("CAIRN_DB", dir.path().join("db2"));
    let out = run_with_input(console, &input);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.len() < 10_000, "{} bytes of output", stdout.len());
    assert!(stdout.contains("Commands:"), "{stdout}");
}

#[test]
fn the_console_survives_invalid_utf8_and_any_channel_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = Vec::new();
    input.extend_from_slice(b"\xff\xfe\xfd\n");
    input.extend_from_slice(b"challenge sight b\xc3\n");
    input.extend_from_slice(format!("/channel {}\n", "c".repeat(300)).as_bytes());
    input.extend_from_slice(b"/channel a\0b\n");
    input.extend_from_slice(format!("/channel {}\n", "\u{e9}".repeat(90)).as_bytes());
    input.extend_from_slice(b"challenge sight bob\n/as \xff\xff\nhelp\n");
    let out = run_with_input(cairn(dir.path()), &input);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("names have at most 100"), "{stdout}");
    assert!(stdout.contains("control characters"), "{stdout}");
    // The 90-character name is accepted and used, board images and all.
    assert!(
        stdout.contains(&format!("Now in #{}", "\u{e9}".repeat(90))),
        "{stdout}"
    );
    assert!(stdout.contains("alice challenges bob"), "{stdout}");
    assert!(stdout.contains("Commands:"), "{stdout}");
}

#[test]
fn perft_refuses_absurd_depths() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = cairn(dir.path())
        .args(["position", "sight", "--perft", "4294967295"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Without the limit it would count for ever: stop it and fail.
    let began = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > std::time::Duration::from_secs(30) {
            let _ = child.kill();
            panic!("position --perft 4294967295 was still counting after 30 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("1..=20"), "{stderr}");
}

#[test]
fn a_flooding_user_is_refused_politely_and_others_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::new(
        Store::open(dir.path().join("db")).unwrap(),
        BotConfig {
            rate_limit: Some(cairn_bot::limits::RateLimit {
                burst: 5,
                per_minute: 6,
            }),
            ..config()
        },
    );
    let replies: Vec<String> = (0..20)
        .map(|_| text(&say(&bot, "main", "mallory", "board")))
        .collect();
    let refused = replies
        .iter()
        .filter(|r| r.contains("faster than I can take them"))
        .count();
    assert_eq!(refused, 15, "{replies:?}");
    let r = text(&say(&bot, "main", "alice", "board"));
    assert!(r.contains("There is no game"), "{r}");
}

// ------------------------------------------------------ backups

#[test]
fn export_and_import_round_trip_exactly() {
    let dir = tempfile::tempdir().unwrap();
    {
        let bot = Bot::new(Store::open(dir.path().join("db")).unwrap(), config());
        start_game(&bot, "live");
        say(&bot, "live", "alice", "move c3");
        start_game(&bot, "done");
        // Resigning asks first; the second `resign` confirms.
        say(&bot, "done", "alice", "resign");
        say(&bot, "done", "alice", "resign");
        say(&bot, "open", "carol", "challenge collapse dave setup=ranks");
    }
    let out = cairn(dir.path()).args(["db", "export"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let first = out.stdout;
    // Three channels (the finished game stays on show), one archived game,
    // and two deadlines (the live game's clock, the open challenge's expiry).
    assert_eq!(String::from_utf8_lossy(&first).lines().count(), 6);
    std::fs::write(dir.path().join("export.jsonl"), &first).unwrap();
    let copy = tempfile::tempdir().unwrap();
    let out = cairn(copy.path())
        .args(["db", "import"])
        .arg(dir.path().join("export.jsonl"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let again = cairn(copy.path()).args(["db", "export"]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        String::from_utf8_lossy(&first)
    );
    // Importing twice is refused rather than mixed.
    let out = cairn(copy.path())
        .args(["db", "import"])
        .arg(dir.path().join("export.jsonl"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
}

#[test]
fn periodic_backups_keep_the_newest() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("db")).unwrap();
    let bot = Bot::new(store.clone(), config());
    start_game(&bot, "main");
    let plan = backup::BackupPlan {
        dir: dir.path().join("backups"),
        every: std::time::Duration::from_millis(20),
        keep: 2,
    };
    backup::spawn(store, plan.clone()).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut seen = std::collections::BTreeSet::new();
    while seen.len() < 4 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
        if let Ok(files) = backup::backups_in(&plan.dir) {
            assert!(files.len() <= 2, "{files:?}");
            seen.extend(files);
        }
    }
    assert!(seen.len() >= 4, "backups were written: {seen:?}");
    let newest = backup::backups_in(&plan.dir).unwrap().pop().unwrap();
    let text = std::fs::read_to_string(newest).unwrap();
    assert!(text.contains("test:main"), "{text}");
}
