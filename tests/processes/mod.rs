//! Real `cairn` console processes on one database, for the tests that run
//! several of them (`multi_process.rs`, `tournament_processes.rs`,
//! `premove_processes.rs`): started with a test environment, fed lines,
//! their output collected, killed like a crash.

#![allow(dead_code)]

use std::io::{BufRead, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct Process {
    pub child: Child,
    /// Kept open until the process is killed or dropped: the console
    /// stops at the end of its input, and the schedulers must stay up.
    stdin: Arc<Mutex<ChildStdin>>,
    stdout: Arc<Mutex<Vec<String>>>,
}

/// A console on the database `db`, its images under `dir`, fed `lines`
/// (from a thread of its own, so a killed process does not block it).
pub fn start(db: &str, dir: &std::path::Path, name: &str, lines: Vec<String>) -> Process {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .env("CAIRN_DB", db)
        .env("CAIRN_IMAGES", dir.join(format!("images-{name}")))
        .env("CAIRN_CONFIG", dir.join("none.toml"))
        .env("CAIRN_MIN_CLOCK", "1s")
        .env("CAIRN_RATE_LIMIT", "0")
        .env("RUST_LOG", "cairn=warn")
        .env_remove("DISCORD_TOKEN")
        .env_remove("MATRIX_HOMESERVER")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start cairn");
    let stdout = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&stdout);
    let out = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            sink.lock().expect("lines").push(line);
        }
    });
    let stdin = Arc::new(Mutex::new(child.stdin.take().expect("stdin")));
    let feed = Arc::clone(&stdin);
    std::thread::spawn(move || {
        for line in lines {
            let mut stdin = feed.lock().expect("stdin");
            if writeln!(stdin, "{line}").is_err() {
                return; // killed
            }
        }
    });
    Process {
        child,
        stdin,
        stdout,
    }
}

impl Process {
    /// Write `text` to the console now.
    pub fn send(&self, text: &str) {
        let mut stdin = self.stdin.lock().expect("stdin");
        stdin.write_all(text.as_bytes()).expect("write");
        stdin.flush().expect("flush");
    }

    pub fn lines(&self) -> Vec<String> {
        self.stdout.lock().expect("lines").clone()
    }

    pub fn output(&self) -> String {
        self.lines().join("\n")
    }

    /// Wait until `text` was printed `times` times in all (30 s at most).
    pub fn wait_for(&self, text: &str, times: usize) {
        let until = Instant::now() + Duration::from_secs(30);
        while self.output().matches(text).count() < times {
            assert!(Instant::now() < until, "no {text:?}: {}", self.output());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// SIGKILL, as a crash.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
