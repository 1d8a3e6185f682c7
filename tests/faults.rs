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

#[test]
fn a_settings_write_on_a_full_disk_changes_nothing() {
    let Some(disk) = SmallDisk::mount(16) else {
        eprintln!("cannot mount a tmpfs here (not root?): skipping the settings full-disk test");
        return;
    };
    let path = disk.path().join("db");
    let bot = Bot::new(Store::open(&path).expect("open"), config());
    let filler = disk.fill();
    let notify = |bot: &Bot| {
        bot.store()
            .user_settings("test", "carol")
            .expect("read")
            .notify
    };
    let lang = |bot: &Bot| {
        bot.store()
            .server_settings("test", "room")
            .map(|s| s.lang)
            .unwrap_or(None)
    };
    let mut refused = None;
    for i in 0..1000 {
        let (command, channel) = match i % 3 {
            0 => ("notify off", "room"),
            1 => ("notify on", "room"),
            _ => (if i % 2 == 0 { "lang es" } else { "lang en" }, "room"),
        };
        let (notify_before, lang_before) = (notify(&bot), lang(&bot));
        let r = say(&bot, channel, "carol", command);
        // The place speaks English or Spanish, whichever `lang` came last
        // before the disk was full (sled's files may hold some slack).
        if text(&r).contains("not saved") || text(&r).contains("No se guardó") {
            // Refused: every read sees the setting as it was.
            assert_eq!(notify(&bot), notify_before, "memory ran ahead ({command})");
            assert_eq!(lang(&bot), lang_before, "memory ran ahead ({command})");
            refused = Some(text(&r));
            break;
        }
    }
    let refused = refused.expect("the full disk refused a settings write");
    assert!(
        refused.contains("no space is left on the disk") && !refused.contains("os error"),
        "{refused}"
    );
    // Space returns: the setting is written, and read back.
    std::fs::remove_file(filler).expect("free space");
    let wanted = if notify(&bot) == cairn_store::Notify::Off {
        "notify on"
    } else {
        "notify off"
    };
    let r = say(&bot, "room", "carol", wanted);
    assert!(
        text(&r).contains("Done") || text(&r).contains("Hecho"),
        "{}",
        text(&r)
    );
    let now = notify(&bot);
    drop(bot);
    let store = Store::open(&path).expect("reopen");
    assert_eq!(store.user_settings("test", "carol").unwrap().notify, now);
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
    // two deadlines (the live game's clock, the open challenge's expiry)
    // and the two games' web ids in the `games` index, then the trailer.
    let lines: Vec<String> = String::from_utf8_lossy(&first)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 9, "{lines:#?}");
    assert_eq!(
        lines.iter().filter(|l| l.contains("\"games\"")).count(),
        2,
        "{lines:#?}"
    );
    assert!(
        lines[8].contains("\"trailer\"") && lines[8].contains("\"records\":8"),
        "{}",
        lines[8]
    );
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

#[test]
fn a_truncated_or_changed_backup_is_refused_on_import() {
    let dir = tempfile::tempdir().unwrap();
    {
        let bot = Bot::new(Store::open(dir.path().join("db")).unwrap(), config());
        start_game(&bot, "one");
        start_game(&bot, "two");
        say(&bot, "one", "alice", "move c3");
    }
    let out = cairn(dir.path()).args(["db", "export"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let whole = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = whole.lines().collect();
    // Cut at a line boundary (the trailer gone, or an entry gone), cut in
    // a line, or one byte changed: each refused, nothing written.
    let cut_at_line = format!("{}\n", lines[..lines.len() - 1].join("\n"));
    let entry_missing = format!(
        "{}\n{}\n",
        lines[..lines.len() - 2].join("\n"),
        lines[lines.len() - 1]
    );
    let cut_in_line = whole[..whole.len() / 2].to_string();
    let changed = whole.replacen("alice", "alicf", 1);
    for (name, text, says) in [
        ("cut at a line", cut_at_line, "no trailer"),
        (
            "an entry missing",
            entry_missing,
            "does not match its trailer",
        ),
        ("cut in a line", cut_in_line, "cut short"),
        ("changed", changed, "checksum"),
    ] {
        let file = dir.path().join("backup.jsonl");
        std::fs::write(&file, text).unwrap();
        let target = tempfile::tempdir().unwrap();
        let out = cairn(target.path())
            .args(["db", "import"])
            .arg(&file)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{name}: {stderr}");
        assert!(stderr.contains(says), "{name}: {stderr}");
        let check = cairn(target.path())
            .args(["db", "export"])
            .output()
            .unwrap();
        assert!(
            String::from_utf8_lossy(&check.stdout).starts_with("{\"trailer\""),
            "{name}: nothing imported"
        );
    }
    // The whole file restores as the README says, and the bot starts on it.
    let file = dir.path().join("backup.jsonl");
    std::fs::write(&file, &whole).unwrap();
    let target = tempfile::tempdir().unwrap();
    let out = cairn(target.path())
        .args(["db", "import"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = cairn(target.path()).args(["db", "check"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let bot = Bot::new(Store::open(target.path().join("db")).unwrap(), config());
    let r = say(&bot, "one", "bob", "board");
    assert!(!r[0].ephemeral, "{}", text(&r));
}

// ------------------------------------------------------ damage and salvage

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else if entry.file_name() != "cairn.lock" {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// A database of many channels, written so that the early ones sit in an
/// older segment of sled's log, closed and opened again.
fn database_with_many_channels(dir: &Path) -> (PathBuf, usize) {
    let path = dir.join("db");
    {
        let bot = Bot::new(Store::open(&path).expect("open"), config());
        for i in 0..150 {
            say(&bot, &format!("c{i:03}"), "carol", "challenge sight dave");
        }
        for round in 0..6 {
            for i in 0..60 {
                say(
                    &bot,
                    &format!("z{i:03}"),
                    &format!("p{round}"),
                    "challenge collapse q setup=ranks",
                );
                say(&bot, &format!("z{i:03}"), &format!("p{round}"), "cancel");
            }
        }
    }
    let store = Store::open(&path).expect("reopen");
    let total = store.dump().expect("dump").len();
    drop(store);
    (path, total)
}

#[test]
fn a_flipped_bit_in_an_older_log_segment_is_refused_naming_salvage_and_salvaged() {
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("original");
    let (built, total) = database_with_many_channels(&original);
    // Damage an early channel's newest page where it lies in the oldest
    // part of the log (written long before the snapshot, so sled itself
    // does not read it when it opens): the first such channel whose
    // damage the start finds.
    let path = dir.path().join("db");
    let found = (0..150).find(|i| {
        let _ = std::fs::remove_dir_all(&path);
        copy_dir(&built, &path);
        let log = path.join("db");
        let mut bytes = std::fs::read(&log).unwrap();
        let needle = format!("test:c{i:03}");
        let Some(at) = bytes
            .windows(needle.len())
            .rposition(|w| w == needle.as_bytes())
        else {
            return false;
        };
        if at > bytes.len() / 3 {
            return false;
        }
        bytes[at + 3] ^= 0x08;
        std::fs::write(&log, &bytes).unwrap();
        matches!(
            Store::open(&path),
            Err(cairn_store::StoreError::NeedsSalvage { .. })
        )
    });
    assert!(
        found.is_some(),
        "a flip in an older segment that only reads find"
    );
    // That check opened it once; start again from the same damage.
    let _ = std::fs::remove_dir_all(&path);
    copy_dir(&built, &path);
    {
        let i = found.unwrap_or(0);
        let log = path.join("db");
        let mut bytes = std::fs::read(&log).unwrap();
        let needle = format!("test:c{i:03}");
        let at = bytes
            .windows(needle.len())
            .rposition(|w| w == needle.as_bytes())
            .unwrap_or(0);
        bytes[at + 3] ^= 0x08;
        std::fs::write(&log, &bytes).unwrap();
    }

    // The bot refuses to start, with one sentence naming salvage.
    let out = run_with_input(cairn(dir.path()), b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("cairn db salvage")
            && stderr.contains("is damaged")
            && !stderr.contains("Corruption"),
        "{stderr}"
    );
    // `db check` names the damaged stretch and reads everything else.
    let out = cairn(dir.path()).args(["db", "check"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.contains("unreadable: the ") && stdout.contains(" records between"),
        "{stdout}"
    );
    // Backups and exports go on, listing what they left out.
    let out = cairn(dir.path()).args(["db", "export"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("Left out") && stderr.contains("records between"),
        "{stderr}"
    );
    // Salvage copies the rest into a new directory and lists the loss.
    let out = cairn(dir.path())
        .args(["db", "salvage"])
        .arg(&path)
        .arg("--to")
        .arg(dir.path().join("salvaged"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    let saved: usize = stdout
        .lines()
        .find(|l| l.starts_with("Salvaged"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .expect("Salvaged N records");
    assert!(stdout.contains("Could not read"), "{stdout}");
    assert!(stdout.contains("deadline index"), "{stdout}");
    assert!(
        saved < total && saved + 40 > total,
        "saved {saved} of {total}"
    );
    eprintln!("salvaged {saved} of {total} records: {stdout}");
    // The bot plays on the salvaged copy.
    let bot = Bot::new(Store::open(dir.path().join("salvaged")).unwrap(), config());
    let r = say(&bot, "z001", "alice", "challenge sight bob");
    assert!(!r[0].ephemeral, "{}", text(&r));
}

// ------------------------------------------------------ passwords

#[test]
fn database_passwords_are_never_printed() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing listens on port 9 of this machine: every path fails to
    // connect and says so.
    let secrets = ["pa?ss", "p@ss", "pa%25ss", "kv-S3cr?t@%x"];
    let locations = [
        "postgres://cairn:pa%3Fss@127.0.0.1:9/cairn".to_string(),
        "postgres://cairn:p%40ss@127.0.0.1:9/cairn".to_string(),
        "postgresql://cairn:pa%2525ss@127.0.0.1:9/cairn?sslmode=disable".to_string(),
        "postgres://127.0.0.1:9/cairn?user=cairn&password=pa%3Fss".to_string(),
        "host=127.0.0.1 port=9 user=cairn password='kv-S3cr?t@%x' dbname=cairn".to_string(),
        "host=127.0.0.1 port=9 user=cairn password=kv-S3cr?t@%x dbname=cairn".to_string(),
        // Written wrongly (an unescaped `?` in a URL): still not printed.
        "postgres://cairn:pa?ss@127.0.0.1:9/cairn".to_string(),
        "postgres://cairn:p@ss@127.0.0.1:9/cairn".to_string(),
    ];
    // A database for `db copy --to` and `db salvage` to read from.
    drop(Store::open(dir.path().join("db")).unwrap());
    let mut outputs = Vec::new();
    for location in &locations {
        let mut runs: Vec<Command> = Vec::new();
        let mut start = cairn(dir.path());
        start.env("CAIRN_DB", location).env("RUST_LOG", "debug");
        runs.push(start);
        for args in [
            vec!["db", "check"],
            vec!["db", "export"],
            vec!["db", "quarantine", "x"],
        ] {
            let mut c = cairn(dir.path());
            c.env("CAIRN_DB", location)
                .env("RUST_LOG", "debug")
                .args(args);
            runs.push(c);
        }
        let mut copy = cairn(dir.path());
        copy.env("RUST_LOG", "debug")
            .args(["db", "copy", "--from", location, "--to"])
            .arg(dir.path().join("copy"));
        runs.push(copy);
        let mut to = cairn(dir.path());
        to.env("RUST_LOG", "debug")
            .args(["db", "copy", "--to", location, "--from"])
            .arg(dir.path().join("db"));
        runs.push(to);
        let mut salvage = cairn(dir.path());
        salvage
            .env("RUST_LOG", "debug")
            .args(["db", "salvage"])
            .arg(dir.path().join("db"))
            .args(["--to", location]);
        runs.push(salvage);
        for command in runs {
            let out = run_with_input(command, b"");
            assert!(!out.status.success(), "{location}: {out:?}");
            outputs.push((location.clone(), out));
        }
    }
    // A real server refusing a wrong password with `?`, `@` and `%`.
    if let Some(admin) = cairn_store::testing::postgres_url("database_passwords_are_never_printed")
    {
        let (head, host) = admin.rsplit_once('@').expect("user@host");
        let user = head.rsplit_once(':').map_or(head, |(user, _)| user);
        let location = format!("{user}:wr%3Fng%40pw%25x@{host}");
        let mut check = cairn(dir.path());
        check
            .env("CAIRN_DB", &location)
            .env("RUST_LOG", "debug")
            .args(["db", "check"]);
        let out = run_with_input(check, b"");
        assert!(!out.status.success());
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!all.contains("wr?ng") && !all.contains("wr%3Fng"), "{all}");
        assert!(all.contains("***"), "{all}");
    }
    for (location, out) in &outputs {
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for secret in secrets {
            assert!(!all.contains(secret), "{location}: {all}");
        }
        for encoded in ["pa%3Fss", "p%40ss", "pa%2525ss"] {
            assert!(!all.contains(encoded), "{location}: {all}");
        }
        assert!(!all.trim().is_empty(), "{location}: says something");
    }
    // A connection string is never taken for a directory.
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            !name.contains("host=") && !name.contains("password"),
            "{name}"
        );
    }
}
