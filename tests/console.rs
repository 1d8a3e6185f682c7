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
    // White places on c3, Black on a1; White resigns at the end.
    let script = "help\nchallenge sight bob\n/as bob\naccept\n/as alice\nmove c3\nmove a1\n/as bob\nmove a1\nboard\n/as alice\nresign\n/quit\n";
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
