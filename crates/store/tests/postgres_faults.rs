//! PostgreSQL on a bad day: a frozen server (SIGSTOP of the server and
//! its backends) is answered within `CAIRN_DB_TIMEOUT`, and a commit
//! whose connection was lost is read back before the answer: "saved",
//! "not saved" (then decided again, once), or, only when even that read
//! cannot finish, "could not tell". Skipped without a test server
//! (`scripts/test` starts one).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use cairn_store::testing::{self, CommitFault};
use cairn_store::{Change, Store, StoreError, Update};

/// One test at a time: a frozen server would stall the others.
static SERIAL: Mutex<()> = Mutex::new(());

const TIMEOUT: Duration = Duration::from_millis(1500);

fn store(test: &str) -> Option<Store> {
    let admin = testing::postgres_url(test)?;
    // The deadline is read when the store connects.
    std::env::set_var("CAIRN_DB_TIMEOUT", format!("{}ms", TIMEOUT.as_millis()));
    let url = testing::create_database(&admin).expect("a new database");
    Some(Store::connect(&url).expect("connect"))
}

/// The port of the test server's URL.
fn port() -> u16 {
    let url = std::env::var("CAIRN_TEST_POSTGRES").expect("a test server");
    let after = url.rsplit_once(':').expect("a port").1;
    after
        .split('/')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port")
}

/// The server (the postmaster listening on the port) and its children,
/// stopped with SIGSTOP until dropped.
struct Frozen {
    pids: Vec<u32>,
}

fn server_pids(port: u16) -> Vec<u32> {
    let mut postmaster = None;
    let mut parents: Vec<(u32, u32)> = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let args: Vec<String> = cmdline
            .split(|&b| b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        if args.first().is_some_and(|a| a.ends_with("postgres"))
            && args
                .windows(2)
                .any(|w| w[0] == "-p" && w[1] == port.to_string())
        {
            postmaster = Some(pid);
        }
        if let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) {
            // pid (comm) state ppid ...
            if let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) {
                if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|p| p.parse().ok()) {
                    parents.push((pid, ppid));
                }
            }
        }
    }
    let postmaster = postmaster.expect("the test server's process");
    let mut pids = vec![postmaster];
    pids.extend(
        parents
            .into_iter()
            .filter(|(_, ppid)| *ppid == postmaster)
            .map(|(pid, _)| pid),
    );
    pids
}

fn signal(pids: &[u32], which: &str) {
    let status = std::process::Command::new("kill")
        .arg(format!("-{which}"))
        .args(pids.iter().map(u32::to_string))
        .status()
        .expect("kill");
    assert!(status.success());
}

impl Frozen {
    fn now() -> Frozen {
        let pids = server_pids(port());
        signal(&pids, "STOP");
        Frozen { pids }
    }
}

impl Drop for Frozen {
    fn drop(&mut self) {
        signal(&self.pids, "CONT");
    }
}

/// Append one mark to the channel's record: how many marks it holds
/// after this write is how many times a write was applied.
fn add_mark(store: &Store, key: &str) -> Result<usize, StoreError> {
    store.update(key, |current| {
        let mut record = current.unwrap_or_default();
        let mut game_options = record
            .challenge
            .as_ref()
            .map(|c| c.options.clone())
            .unwrap_or_default();
        game_options.push("mark".into());
        let marks = game_options.len();
        record.challenge = Some(challenge(game_options));
        Update {
            change: Change::Put(record),
            archive: None,
            value: marks,
        }
    })
}

fn challenge(options: Vec<String>) -> cairn_store::Challenge {
    let player = |id: &str| cairn_store::Player {
        id: id.into(),
        name: id.into(),
        is_bot: false,
    };
    cairn_store::Challenge {
        game: cairn_rules::GameKind::Sight,
        options,
        challenger: player("alice"),
        challenged: Some(player("bob")),
        challenger_seat: cairn_rules::Seat::First,
        level: None,
        at_ms: 0,
        clock: None,
        expires_ms: None,
        no_vacation: false,
    }
}

fn marks(store: &Store, key: &str) -> usize {
    store
        .load(key)
        .expect("load")
        .and_then(|r| r.challenge)
        .map_or(0, |c| c.options.len())
}

#[test]
fn a_frozen_server_is_answered_within_the_deadline() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(store) = store("a_frozen_server_is_answered_within_the_deadline") else {
        return;
    };
    let key = "test:frozen";
    assert_eq!(add_mark(&store, key).unwrap(), 1);
    let mut latencies = Vec::new();
    {
        let _frozen = Frozen::now();
        for _ in 0..3 {
            let start = Instant::now();
            let answer = add_mark(&store, key);
            let took = start.elapsed();
            latencies.push(took);
            let error = answer.expect_err("no answer from a frozen server");
            assert!(
                matches!(
                    error,
                    StoreError::Timeout { .. } | StoreError::OutcomeUnknown
                ),
                "{error}"
            );
            // The player gets a sentence, not driver text.
            let text = error.reply_text();
            assert!(
                text.contains("did not answer in time")
                    || text.contains("look at `board`")
                    || text.contains("Look at `board`"),
                "{text}"
            );
            // Within the deadline (a load), or two (a commit then its read-back).
            assert!(
                took < TIMEOUT * 2 + Duration::from_millis(700),
                "took {took:?}"
            );
        }
        let start = Instant::now();
        assert!(matches!(store.load(key), Err(StoreError::Timeout { .. })));
        latencies.push(start.elapsed());
    }
    // Thawed: the same store answers again, and nothing was applied twice.
    let deadline = Instant::now() + Duration::from_secs(20);
    let after = loop {
        match add_mark(&store, key) {
            Ok(marks) => break marks,
            Err(error) if Instant::now() < deadline => {
                eprintln!("after the thaw: {error}");
                std::thread::sleep(Duration::from_millis(200));
            }
            Err(error) => panic!("no recovery after the thaw: {error}"),
        }
    };
    assert_eq!(after, 2, "the frozen writes were not applied");
    eprintln!(
        "frozen server, CAIRN_DB_TIMEOUT={TIMEOUT:?}: answers after {:?}",
        latencies
    );
}

#[test]
fn a_commit_whose_connection_was_lost_is_answered_truthfully() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(store) = store("a_commit_whose_connection_was_lost_is_answered_truthfully") else {
        return;
    };
    let key = "test:lost";
    assert_eq!(add_mark(&store, key).unwrap(), 1);

    // The server committed, the answer was lost: "saved", once.
    testing::inject_commit_fault(CommitFault::LostAfterCommit, None);
    assert_eq!(add_mark(&store, key).expect("read back as saved"), 2);
    assert_eq!(marks(&store, key), 2);

    // Lost before the server committed: read back as not saved, decided
    // again and saved, once.
    testing::inject_commit_fault(CommitFault::LostBeforeCommit, None);
    assert_eq!(add_mark(&store, key).expect("saved on the second try"), 3);
    assert_eq!(marks(&store, key), 3);

    // Committed, then the server froze before it could be read back:
    // "could not tell", pointing to `board`, within two deadlines.
    let frozen: std::sync::Arc<Mutex<Option<Frozen>>> = std::sync::Arc::default();
    let hold = frozen.clone();
    testing::inject_commit_fault(
        CommitFault::LostAfterCommit,
        Some(Box::new(move || {
            *hold.lock().unwrap_or_else(|e| e.into_inner()) = Some(Frozen::now());
        })),
    );
    let start = Instant::now();
    let error = add_mark(&store, key).expect_err("cannot tell");
    let took = start.elapsed();
    drop(frozen.lock().unwrap_or_else(|e| e.into_inner()).take());
    assert!(matches!(error, StoreError::OutcomeUnknown), "{error}");
    assert!(
        error.reply_text().contains("`board`"),
        "{}",
        error.reply_text()
    );
    assert!(
        took < TIMEOUT * 2 + Duration::from_millis(700),
        "took {took:?}"
    );
    // It was in fact saved, once.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match store.load(key) {
            Ok(_) => break,
            Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(200)),
            Err(error) => panic!("{error}"),
        }
    }
    assert_eq!(marks(&store, key), 4);
    eprintln!("unknown outcome answered after {took:?}");
}
