//! `cairn db copy` through the real binary: a sled database with games,
//! ratings and settings copied to PostgreSQL (`CAIRN_TEST_POSTGRES`, else
//! this skips with one line) and back to a new sled directory; the two
//! sled databases export the same lines.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cairn(db: &str, args: &[&str], stdin: &str) -> Output {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(args)
        .env("CAIRN_DB", db)
        .env("CAIRN_IMAGES", dir.path().join("images"))
        .env("CAIRN_CONFIG", dir.path().join("none.toml"))
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
        .write_all(stdin.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(
        out.status.success(),
        "cairn {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn sled_to_postgres_to_sled_is_identical() {
    let Some(admin) = cairn_store::testing::postgres_url("sled_to_postgres_to_sled_is_identical")
    else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let dir = tempfile::tempdir().expect("temp dir");
    let first = dir.path().join("first").display().to_string();
    let second = dir.path().join("second").display().to_string();
    // A finished game (rated: enough turns), a game in progress with a
    // clock, a pending challenge and a setting.
    let script = "challenge sight bob\n/as bob\naccept\n/as alice\nmove c3\n/as bob\nmove a1\n/as alice\nmove e5\n/as bob\nmove a5\n/as alice\nmove e1\n/as bob\nmove b1\n/as alice\nresign\nresign\n/channel two\nchallenge alquerque carol clock=3d\n/as carol\naccept\nnotify off\n/channel three\nchallenge fanorona dave\n/quit\n";
    cairn(&first, &[], script);
    let copied = cairn(
        "unused",
        &["db", "copy", "--from", &first, "--to", &url],
        "",
    );
    let said = String::from_utf8_lossy(&copied.stdout);
    assert!(said.contains("identical record by record"), "{said}");
    cairn(
        "unused",
        &["db", "copy", "--from", &url, "--to", &second],
        "",
    );
    let export =
        |db: &str| String::from_utf8_lossy(&cairn(db, &["db", "export"], "").stdout).into_owned();
    let (a, b) = (export(&first), export(&second));
    assert_eq!(a, b, "the round trip changes nothing");
    for tree in ["channels", "archive", "deadlines", "users", "ratings"] {
        assert!(a.contains(&format!("\"tree\":\"{tree}\"")), "{tree} in {a}");
    }
    // Copying into a database that holds records is refused.
    let refused = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["db", "copy", "--from", &first, "--to", &url])
        .output()
        .expect("run");
    assert!(!refused.status.success());
    let error = String::from_utf8_lossy(&refused.stderr);
    assert!(error.contains("copy into an empty database"), "{error}");
    assert!(
        !error.contains(url.split('@').next().unwrap_or("@")),
        "no password: {error}"
    );
}
