//! A conditional turn (#36) with three real `cairn` processes on one
//! PostgreSQL (`CAIRN_TEST_POSTGRES`, started by `scripts/test`; without it
//! this test skips with one line): the opponent's turn reaches all three
//! at once, and the queued reply is played exactly once, after it.

use std::io::{BufRead, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

use cairn_store::Store;

struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: Arc<Mutex<Vec<String>>>,
}

fn start(url: &str, dir: &std::path::Path, name: &str) -> Process {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .env("CAIRN_DB", url)
        .env("CAIRN_IMAGES", dir.join(format!("images-{name}")))
        .env("CAIRN_CONFIG", dir.join("none.toml"))
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
    let stdin = child.stdin.take().expect("stdin");
    Process {
        child,
        stdin,
        stdout,
    }
}

impl Process {
    fn send(&mut self, lines: &str) {
        self.stdin.write_all(lines.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn output(&self) -> String {
        self.stdout.lock().expect("lines").join("\n")
    }

    /// Wait until `text` was printed `times` times in all.
    fn wait_for(&self, text: &str, times: usize) {
        let until = Instant::now() + Duration::from_secs(30);
        while self.output().matches(text).count() < times {
            assert!(Instant::now() < until, "no {text:?}: {}", self.output());
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

#[test]
fn three_processes_given_the_same_turn_play_the_conditional_reply_once() {
    let Some(admin) = cairn_store::testing::postgres_url(
        "three_processes_given_the_same_turn_play_the_conditional_reply_once",
    ) else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut processes: Vec<Process> = (0..3)
        .map(|i| start(&url, dir.path(), &format!("p{i}")))
        .collect();
    let store = Store::connect(&url).expect("connect");
    let key = Store::channel_key("console", "lobby");
    for round in 0..5 {
        processes[0].send(&format!(
            "/as alice\nchallenge sight bob clock=none\n/as bob\naccept\n/as alice\nmove c{}\n",
            1 + round % 5
        ));
        processes[0].wait_for(&format!("alice (White) played c{}", 1 + round % 5), 1);
        let game = store.load(&key).unwrap().unwrap().game.unwrap();
        let theirs = game.game.legal_strings()[round].clone();
        let mut after = game.game.clone();
        after.play_str(&theirs).expect("legal");
        let mine = after.legal_strings()[round + 1].clone();
        processes[0].send(&format!("premove {theirs} {mine}\n"));
        processes[0].wait_for("Kept, privately", round + 1);
        for process in &mut processes[1..] {
            process.send("/as bob\n");
        }
        processes[0].send("/as bob\n");
        std::thread::sleep(Duration::from_millis(300));
        // bob's turn reaches the three processes at once.
        let barrier = Arc::new(Barrier::new(3));
        std::thread::scope(|scope| {
            for process in &mut processes {
                let barrier = barrier.clone();
                let line = format!("move {theirs}\n");
                scope.spawn(move || {
                    barrier.wait();
                    process.send(&line);
                });
            }
        });
        let until = Instant::now() + Duration::from_secs(30);
        while store
            .load(&key)
            .unwrap()
            .unwrap()
            .game
            .unwrap()
            .history
            .len()
            < 3
        {
            assert!(Instant::now() < until, "the turn was never played");
            std::thread::sleep(Duration::from_millis(50));
        }
        // A while longer: a second reply would show.
        std::thread::sleep(Duration::from_millis(500));
        let game = store.load(&key).unwrap().unwrap().game.unwrap();
        assert_eq!(game.history.len(), 3, "{:?}", game.history);
        assert_eq!(game.history[2].turn, mine);
        let said: usize = processes
            .iter()
            .map(|p| {
                p.output()
                    .matches("answers with a conditional turn")
                    .count()
            })
            .sum();
        assert_eq!(said, round + 1, "each reply is said once");
        // bob resigns, so the next round starts afresh.
        processes[0].send("resign\nresign\n");
        processes[0].wait_for("bob (Black) resigns", round + 1);
    }
    for process in &mut processes {
        process.send("/quit\n");
        let _ = process.child.wait();
    }
}
