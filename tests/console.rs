//! The real binary's console platform, driven through stdin: a short game
//! of Sight on an embedded database in a temporary directory.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn console_plays_a_short_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .env("CAIRN_DB", dir.path().join("db"))
        .env("CAIRN_IMAGES", dir.path().join("images"))
        .env("CAIRN_CONFIG", dir.path().join("none.toml"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cairn");
    // White places on c3, Black on a1; White resigns at the end (asked,
    // then confirmed).
    let script = "help\nchallenge sight bob\n/as bob\naccept\n/as alice\nmove c3\nmove a1\n/as bob\nmove a1\nboard\n/as alice\nresign\nresign\n/quit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write script");
    let out = child.wait_with_output().expect("wait");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("alice challenges bob to Sight"), "{stdout}");
    assert!(stdout.contains("You are now bob."), "{stdout}");
    assert!(stdout.contains("alice (White) played c3"), "{stdout}");
    assert!(
        stdout.contains("(only you) It is bob (Black)'s turn"),
        "{stdout}"
    );
    assert!(stdout.contains("bob (Black) played a1"), "{stdout}");
    assert!(stdout.contains("bob (Black) wins"), "{stdout}");
    // The text board shows coordinates.
    assert!(stdout.contains("a  b  c  d  e"), "{stdout}");
}

/// A running console whose output lines are collected as they come.
struct Running {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    stderr: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

fn collect(
    stream: impl std::io::Read + Send + 'static,
) -> std::sync::Arc<std::sync::Mutex<Vec<String>>> {
    use std::io::BufRead;
    let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = lines.clone();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            sink.lock().expect("lines").push(line);
        }
    });
    lines
}

impl Running {
    fn start(dir: &std::path::Path) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
            .env("CAIRN_DB", dir.join("db"))
            .env("CAIRN_IMAGES", dir.join("images"))
            .env("CAIRN_CONFIG", dir.join("none.toml"))
            .env("RUST_LOG", "cairn=info")
            // Scripts send faster than a person; the limit has its own test.
            .env("CAIRN_RATE_LIMIT", "0")
            .env_remove("DISCORD_TOKEN")
            .env_remove("MATRIX_HOMESERVER")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start cairn");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = collect(child.stdout.take().expect("stdout"));
        let stderr = collect(child.stderr.take().expect("stderr"));
        Running {
            child,
            stdin,
            stdout,
            stderr,
        }
    }

    fn send(&mut self, lines: &str) {
        self.stdin.write_all(lines.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn output(&self) -> String {
        self.stdout.lock().expect("lines").join("\n")
    }

    /// Wait until the output contains `text` (at most `seconds`).
    fn wait_for(&self, text: &str, seconds: u64) -> bool {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
        while std::time::Instant::now() < until {
            if self.output().contains(text) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    }

    /// How late each timed event fired, from the scheduler's log.
    fn lateness_ms(&self) -> Vec<u64> {
        self.stderr
            .lock()
            .expect("lines")
            .iter()
            .filter(|l| l.contains("timed event fired"))
            .filter_map(|l| {
                let after = l.split("late_ms=").nth(1)?;
                after.split_whitespace().next()?.parse().ok()
            })
            .collect()
    }
}

#[test]
fn a_one_minute_clock_runs_out_across_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut first = Running::start(dir.path());
    first.send("challenge sight bob clock=1m\n/as bob\naccept\n/as alice\nmove c3\n");
    assert!(
        first.wait_for("alice (White) played c3", 30),
        "{}",
        first.output()
    );
    // Killed before bob's minute is up, as a crash would.
    first.child.kill().expect("kill");
    first.child.wait().expect("reap");
    let mut second = Running::start(dir.path());
    assert!(
        second.wait_for(
            "[#lobby] @bob bob, it is your turn in Sight against alice",
            60
        ),
        "no first reminder: {}",
        second.output()
    );
    assert!(
        second.wait_for("only 6 seconds left for your turn", 60),
        "no last reminder: {}",
        second.output()
    );
    assert!(
        second.wait_for(
            "bob (Black) ran out of time. alice (White) wins on time.",
            30
        ),
        "no loss on time: {}",
        second.output()
    );
    // Wait a little for a second announcement that must not come.
    std::thread::sleep(std::time::Duration::from_secs(2));
    second.send("board\n/quit\n");
    let status = second.child.wait().expect("wait");
    assert!(status.success());
    let out = second.output();
    assert_eq!(out.matches("wins on time").count(), 1, "{out}");
    assert_eq!(out.matches("it is your turn in Sight").count(), 1, "{out}");
    // `board` still shows the finished game.
    assert!(
        out.contains("alice (White) wins: bob (Black) ran out of time"),
        "{out}"
    );
    let mut late = second.lateness_ms();
    late.sort_unstable();
    assert_eq!(late.len(), 3, "{:?}", second.stderr.lock().expect("lines"));
    println!(
        "timed events fired late by: median {} ms, max {} ms ({:?})",
        late[late.len() / 2],
        late[late.len() - 1],
        late
    );
}

/// Board images: only the newest `CAIRN_IMAGES_KEEP` of each channel stay
/// in the folder; other channels' images are left alone. `help` lists the
/// console's own commands too.
#[test]
fn console_keeps_the_last_images_of_each_channel_and_lists_its_commands() {
    let dir = tempfile::tempdir().expect("temp dir");
    let images = dir.path().join("images");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .env("CAIRN_DB", dir.path().join("db"))
        .env("CAIRN_IMAGES", &images)
        .env("CAIRN_IMAGES_KEEP", "2")
        .env("CAIRN_CONFIG", dir.path().join("none.toml"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cairn");
    let script = "help\n/channel side\nchallenge sight bob\n/as bob\naccept\n/channel lobby\n/as alice\nchallenge sight bob\n/as bob\naccept\n/as alice\nmove c3\nboard\nboard\nboard\n/quit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write script");
    let out = child.wait_with_output().expect("wait");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Console commands: `/as <name>`"),
        "{stdout}"
    );
    assert!(stdout.contains("`/channel <name>`"), "{stdout}");
    assert!(stdout.contains("`/quit`"), "{stdout}");
    let mut names: Vec<String> = std::fs::read_dir(&images)
        .expect("images")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let lobby = names.iter().filter(|n| n.starts_with("lobby-")).count();
    let side = names.iter().filter(|n| n.starts_with("side-")).count();
    // Five lobby boards were shown (accept, move, three `board`s).
    assert_eq!(stdout.matches("[board image: ").count(), 6, "{stdout}");
    assert_eq!(lobby, 2, "{names:?}");
    assert_eq!(side, 1, "{names:?}");
}

/// On a terminal the console edits lines (rustyline): the up arrow recalls
/// an earlier line and the left arrow moves in the line, so escape
/// sequences never become part of a command or a user name.
#[cfg(target_os = "linux")]
#[test]
fn terminal_arrow_keys_edit_lines_instead_of_entering_them() {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 40,
        ws_col: 120,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two new descriptors, owned from here on.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened and are not owned elsewhere.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .env("CAIRN_DB", dir.path().join("db"))
        .env("CAIRN_IMAGES", dir.path().join("images"))
        .env("CAIRN_CONFIG", dir.path().join("none.toml"))
        .env("TERM", "xterm")
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .stdin(Stdio::from(slave.try_clone().expect("dup")))
        .stdout(Stdio::from(slave))
        .stderr(Stdio::null())
        .spawn()
        .expect("start cairn");
    let seen = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let sink = seen.clone();
    let mut reader = std::fs::File::from(master.try_clone().expect("dup"));
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buffer) {
            if n == 0 {
                break;
            }
            sink.lock()
                .expect("output")
                .push_str(&String::from_utf8_lossy(&buffer[..n]));
        }
    });
    let mut writer = std::fs::File::from(master);
    let wait_for = |text: &str, times: usize| {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while std::time::Instant::now() < until {
            if seen.lock().expect("output").matches(text).count() >= times {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    };
    let mut send = |keys: &str| {
        writer.write_all(keys.as_bytes()).expect("type");
        writer.flush().expect("flush");
    };
    assert!(
        wait_for("alice@lobby> ", 1),
        "no prompt: {}",
        seen.lock().unwrap()
    );
    send("/as bob\r");
    assert!(wait_for("You are now bob.", 1), "{}", seen.lock().unwrap());
    send("/as carol\r");
    assert!(
        wait_for("You are now carol.", 1),
        "{}",
        seen.lock().unwrap()
    );
    // Up, up: `/as bob` again.
    send("\x1b[A\x1b[A\r");
    assert!(wait_for("You are now bob.", 2), "{}", seen.lock().unwrap());
    // `/as alie`, left, `c`: `/as alice`.
    send("/as alie\x1b[Dc\r");
    assert!(
        wait_for("You are now alice.", 1),
        "{}",
        seen.lock().unwrap()
    );
    // Ctrl-D leaves.
    send("\x04");
    let status = child.wait().expect("wait");
    assert!(status.success());
    let out = seen.lock().expect("output").clone();
    assert!(!out.contains("control characters"), "{out}");
    assert!(!out.contains("I don't know the command"), "{out}");
}

/// The README's console transcript is real output: its typed lines (after
/// a `name@channel> ` prompt) are run through the console, and every other
/// line must come out as written (image file names aside, which carry the
/// time).
#[test]
fn readme_console_transcript_matches_real_output() {
    let readme = include_str!("../README.md");
    let start = readme
        .find("## Play in the console")
        .expect("a console section");
    let block = readme[start..]
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("a transcript");
    let is_prompt = |line: &str| {
        line.split_once("> ").is_some_and(|(who, _)| {
            who.split_once('@')
                .is_some_and(|(u, c)| !u.is_empty() && !c.is_empty() && !who.contains(' '))
        })
    };
    let mut input = String::new();
    let mut expected = Vec::new();
    for line in block.lines() {
        if is_prompt(line) {
            input.push_str(line.split_once("> ").map_or("", |(_, c)| c));
            input.push('\n');
        } else {
            expected.push(line.trim_end().to_string());
        }
    }
    input.push_str("/quit\n");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .current_dir(dir.path())
        .env("CAIRN_DB", dir.path().join("db"))
        .env("CAIRN_IMAGES", "cairn-images")
        .env("CAIRN_CONFIG", dir.path().join("none.toml"))
        .env_remove("CAIRN_DEFAULT_CLOCK")
        .env_remove("CAIRN_CHALLENGE_TTL")
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cairn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    // Image names carry the time; a clock read a millisecond after it
    // started shows one minute less than its whole days.
    let image = |line: &str| -> String {
        match line.strip_prefix("[board image: cairn-images/lobby-") {
            Some(_) => "[board image]".to_string(),
            None if line.starts_with("alt: ") => line.replace("2d 23h", "3d"),
            None => line.to_string(),
        }
    };
    let actual: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| image(l.trim_end()))
        .collect();
    let expected: Vec<String> = expected.iter().map(|l| image(l)).collect();
    assert_eq!(actual, expected);
}

/// Runs the console with `lang` as `CAIRN_LANG` on `script`: its status
/// and output.
fn console_in(lang: &str, script: &str) -> (bool, String, String) {
    console_with(&[("CAIRN_LANG", lang)], script)
}

/// Runs the console with the settings `env` on `script` (a fresh database
/// and image directory, no chat account, no `RUST_LOG`): its status, its
/// output and its errors.
fn console_with(env: &[(&str, &str)], script: &str) -> (bool, String, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .env("CAIRN_DB", dir.path().join("db"))
        .env("CAIRN_IMAGES", dir.path().join("images"))
        .env("CAIRN_CONFIG", dir.path().join("none.toml"))
        .envs(env.iter().copied())
        .env_remove("RUST_LOG")
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cairn");
    // A console that refuses its configuration exits without reading.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes());
    let out = child.wait_with_output().expect("wait");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `CAIRN_LANG` sets the console's language (a locale name works too),
/// `/lang` changes a channel's, which then wins over `CAIRN_LANG` there
/// and only there; an unknown language is a warning at start, with the
/// choices, and the console speaks English.
#[test]
fn cairn_lang_and_slash_lang_choose_the_consoles_language() {
    let (ok, out, _) = console_in(
        "ja_JP.UTF-8",
        "lang\n/lang es\nlang\n/channel other\nlang\n/quit\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("Cairnコンソールです。あなたは#lobbyにいるaliceです。"),
        "{out}"
    );
    assert!(out.contains("ここではCairnは日本語で話します"), "{out}");
    assert!(out.contains("#otherに移りました。"), "{out}");
    assert!(
        out.contains("Hecho: a partir de ahora Cairn habla español aquí."),
        "{out}"
    );
    assert!(out.contains("Aquí Cairn habla español."), "{out}");
    // Another channel still speaks the console's language.
    assert_eq!(out.matches("日本語で話します").count(), 2, "{out}");

    // An unknown language is a warning, and the console speaks English.
    let (ok, out, err) = console_in("fr", "lang\n/quit\n");
    assert!(ok, "{out}");
    assert!(
        err.contains("CAIRN_LANG must be en (English), ja (Japanese) or es (Spanish)"),
        "{err}"
    );
    assert!(err.contains("Cairn speaks English"), "{err}");
    assert!(out.contains("Cairn console."), "{out}");
}

/// The console's own words around replies follow the channel's language:
/// a reply only the requester sees, the board image written, the answers
/// a challenge waits for.
#[test]
fn the_printers_own_words_follow_the_language() {
    let script = "challenge sight bob\nmove c3\n/as bob\naccept\nmove a1\n/quit\n";
    let (ok, out, _) = console_in("ja", script);
    assert!(ok, "{out}");
    assert!(out.contains("（返事はaccept / declineで）"), "{out}");
    assert!(out.contains("（あなただけに表示） "), "{out}");
    assert!(out.contains("[盤面の画像："), "{out}");
    assert!(!out.contains("(only you)"), "{out}");
    assert!(!out.contains("[board image:"), "{out}");
    assert!(!out.contains("(answer with:"), "{out}");
    let (ok, out, _) = console_in("es", script);
    assert!(ok, "{out}");
    assert!(out.contains("(responde con: accept / decline)"), "{out}");
    assert!(out.contains("(solo tú) "), "{out}");
    assert!(out.contains("[imagen del tablero: "), "{out}");
}

/// `help /as` is about the console's own commands, `/quit now` quits,
/// names differing only in case are one player, and the log goes to a
/// file, said once, instead of between the lines of the chat (issue 35).
#[test]
fn console_commands_names_and_the_log() {
    let script = "help /as\nchallenge sight Bob\n/as bob\naccept\n/quit now\nhelp\n";
    let (ok, out, err) = console_in("en", script);
    assert!(ok, "{out}");
    assert!(out.contains("Console commands: `/as <name>`"), "{out}");
    assert!(!out.contains("There is no command"), "{out}");
    assert!(out.contains("bob accepts"), "{out}");
    assert!(
        !out.contains("Cairn plays seven"),
        "quit did not stop: {out}"
    );
    assert_eq!(out.matches("The log is written to").count(), 1, "{out}");
    assert!(!err.contains("INFO"), "{err}");
}

/// A whole game of Sight played in the console with `pick` only (no
/// notation typed): each player lists the first steps and takes option 1
/// until the turn is played (a second `pick 1` after a one-step turn is
/// refused as not their turn, which changes nothing). With
/// `CAIRN_PRINT_TRANSCRIPT` set, the transcript is printed.
#[test]
fn console_plays_a_whole_sight_game_by_pick_only() {
    let mut script = String::from("challenge sight bob\n/as bob\naccept\n");
    for _ in 0..40 {
        script.push_str("/as alice\npick\npick 1\npick 1\n/as bob\npick\npick 1\npick 1\n");
    }
    script.push_str("/quit\n");
    // Two players typing at machine speed.
    let (ok, stdout, _) = console_with(&[("CAIRN_RATE_LIMIT", "0")], &script);
    assert!(ok, "{stdout}");
    // The game, up to its last reply (the script goes on past it).
    let end = stdout.find(") wins").map_or(stdout.len(), |at| {
        at + stdout[at..].find('\n').unwrap_or(stdout[at..].len())
    });
    if std::env::var_os("CAIRN_PRINT_TRANSCRIPT").is_some() {
        println!("{}", &stdout[..end]);
    }
    assert!(
        stdout.contains("choose the first step of your turn"),
        "{stdout}"
    );
    assert!(stdout.contains("1. a1: place a piece here"), "{stdout}");
    assert!(stdout.contains("`pick more`"), "{stdout}");
    assert!(stdout.contains("alice (White) played a1"), "{stdout}");
    assert!(stdout.contains(") wins"), "{stdout}");
    assert!(!stdout.contains("I don't know the command"), "{stdout}");
}

/// #36 in the console: a conditional turn answers at once, in the reply
/// to the opponent's turn; and a one-minute clock does not run out while
/// its player is on vacation (the game goes on after the minute).
#[test]
fn a_premove_answers_at_once_and_a_vacation_stops_a_one_minute_clock() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut running = Running::start(dir.path());
    running.send(concat!(
        "challenge sight bob clock=none\n/as bob\naccept\n/as alice\nmove c3\n",
        "premove c4 b3\n/as bob\nmove c4\n",
    ));
    assert!(
        running.wait_for("alice (White) answers with a conditional turn: b3.", 30),
        "{}",
        running.output()
    );
    running.send(concat!(
        "/channel away\n/as alice\nchallenge sight bob clock=1m\n",
        "/as bob\naccept\nvacation start 1d\n/as alice\nmove c3\n",
    ));
    assert!(
        running.wait_for("bob is on vacation until", 30),
        "{}",
        running.output()
    );
    // Past the minute: no reminder, no loss on time.
    std::thread::sleep(std::time::Duration::from_secs(65));
    running.send("/as bob\nmove c4\n/quit\n");
    let status = running.child.wait().expect("wait");
    assert!(status.success());
    let out = running.output();
    assert!(!out.contains("ran out of time"), "{out}");
    assert!(!out.contains("it is your turn in Sight"), "{out}");
    assert!(out.contains("bob (Black) played c4"), "{out}");
}

/// A 4-player round robin of Sight in the console (#39), to its end: the
/// games start by themselves in their own channels, the first mover of
/// each resigns, the standings follow each result and the last names the
/// winner. By hand: ann-dee, cy-ben in round 1, dee-ben, ann-cy in round
/// 2, cy-dee, ben-ann in round 3 (the first named moves first and
/// resigns): ben and dee 2 points, ann and cy 1; Sonneborn-Berger ben 3
/// (beat cy 1 and dee 2), dee 2, ann 2 (beat ben), cy 1.
#[test]
fn console_runs_a_four_player_round_robin_to_its_end() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut console = Running::start(dir.path());
    console.send("/as org\ntournament create sight\n");
    for name in ["ann", "ben", "cy", "dee"] {
        console.send(&format!("/as {name}\ntournament join\n"));
    }
    console.send("/as org\ntournament start\n");
    let rounds = [["ann", "cy"], ["dee", "ann"], ["cy", "ben"]];
    for (r, losers) in rounds.iter().enumerate() {
        let round = r + 1;
        assert!(
            console.wait_for(&format!("Tournament #1, round {round}:"), 30),
            "round {round} did not start: {}",
            console.output()
        );
        for (b, loser) in losers.iter().enumerate() {
            let channel = format!("lobby~t1r{round}g{}", b + 1);
            assert!(
                console.wait_for(&format!("[#{channel}]"), 30),
                "{}",
                console.output()
            );
            console.send(&format!(
                "/channel {channel}\n/as {loser}\nresign\nresign\n"
            ));
        }
    }
    assert!(console.wait_for("wins!", 30), "{}", console.output());
    console.send("/channel lobby\ntournament standings\ntournaments\n/quit\n");
    assert!(
        console.wait_for("#1: Sight, round robin, finished", 30),
        "{}",
        console.output()
    );
    let _ = console.child.wait();
    let out = console.output();
    let table = "1. ben: 2 (Sonneborn-Berger 3)\n2. dee: 2 (Sonneborn-Berger 2)\n3. ann: 1 (Sonneborn-Berger 2)\n4. cy: 1 (Sonneborn-Berger 1)";
    assert!(out.contains(table), "{out}");
    assert!(out.contains("Tournament #1 is over: ben wins!"), "{out}");
    if std::env::var_os("CAIRN_PRINT_TRANSCRIPT").is_some() {
        println!("{out}");
    }
}

/// The text between `start` and `end` in the last line holding `start`.
fn last_between(output: &str, start: &str, end: &str) -> Option<String> {
    let line = output.lines().rev().find(|l| l.contains(start))?;
    let rest = &line[line.find(start)? + start.len()..];
    Some(rest[..rest.find(end)?].to_string())
}

/// The real binary: a shipped puzzle solved turn by turn against the
/// solver's defence, `rating puzzles`, then a whole game of Collapse and
/// its `review`.
#[test]
fn console_solves_a_puzzle_and_reviews_a_finished_game() {
    use cairn_ai::puzzle::{keeps_win_within_any, PuzzleBudget};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut console = Running::start(dir.path());
    console.send("puzzle collapse\n");
    assert!(console.wait_for("Puzzle col-", 60), "{}", console.output());
    let id = last_between(&console.output(), "Puzzle ", " (").expect("an id");
    let puzzle = cairn_bot::shipped_puzzles()
        .into_iter()
        .find(|p| p.id == id)
        .expect("a shipped puzzle");
    let mut line: Vec<String> = Vec::new();
    let budget = PuzzleBudget {
        nodes: 50_000_000,
        deadline: None,
    };
    for step in 0..puzzle.distance {
        let turns: Vec<String> = puzzle.turns.iter().chain(&line).cloned().collect();
        let options = cairn_rules::Options::parse(&puzzle.options).expect("options");
        let game = cairn_rules::AnyGame::replay_each(puzzle.kind, &options, &turns, |_, _| {})
            .expect("replays");
        let left = puzzle.distance - line.len() as u32;
        let turn = game
            .legal_strings()
            .into_iter()
            .find(|t| keeps_win_within_any(&game, t, left, &budget).expect("proven"))
            .expect("a winning turn");
        console.send(&format!("puzzle {turn}\n"));
        let said = format!("Right: {turn}.");
        let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !console.output().contains(&said)
            && !console.output().contains("Solved! alice played")
            && std::time::Instant::now() < until
        {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        if console.output().contains("Solved! alice played") {
            break;
        }
        assert!(
            console.output().contains(&said),
            "step {step}: {}",
            console.output()
        );
        line.push(turn);
        if let Some(reply) = last_between(&console.output(), "defends with ", ".") {
            line.push(reply);
        }
    }
    assert!(
        console.wait_for("Solved! alice played", 60),
        "{}",
        console.output()
    );
    console.send("rating puzzles\n");
    assert!(
        console.wait_for("(1 solved of 1)", 30),
        "{}",
        console.output()
    );
    // A game of Collapse to its end, then its review.
    console.send("challenge collapse bob\n/as bob\naccept\n");
    assert!(console.wait_for("bob accepts", 30), "{}", console.output());
    let none: [&str; 0] = [];
    let options = cairn_rules::Options::parse(&none).expect("options");
    let mut game = cairn_rules::AnyGame::replay_each(
        cairn_rules::GameKind::Collapse,
        &options,
        &none,
        |_, _| {},
    )
    .expect("start");
    let names = ["alice", "bob"];
    while game.outcome().is_none() {
        let turn = game.legal_strings().remove(0);
        let who = names[game.to_move().index()];
        console.send(&format!("/as {who}\nmove {turn}\n"));
        game.play_str(&turn).expect("legal");
    }
    console.send("review\n");
    assert!(
        console.wait_for("Review of Collapse", 120),
        "{}",
        console.output()
    );
    assert!(
        console.wait_for("positions proven", 5),
        "{}",
        console.output()
    );
    console.send("/quit\n");
    let _ = console.child.wait();
}
