//! The store under load (ignored by default; `scripts/store-load-test`
//! runs it against the test PostgreSQL): three store clients (three
//! connection pools, as three processes would have) on one database,
//! 1,000 games played at once, 10 % of the writes aimed at games the
//! other clients are writing too (racing compare-and-swaps). Every write
//! appends a unique mark to its game's record; at the end every
//! acknowledged mark must be stored exactly once (lost = 0, duplicated =
//! 0). Prints writes per second (and per core), p50 and p99 latency.
//!
//! Settings: LOAD_GAMES (1000), LOAD_WRITES (20000), LOAD_THREADS per
//! client (16), LOAD_RACING percent (10), LOAD_RESTART=1 (the server is
//! stopped with a fast shutdown and started again a third of the way in;
//! writes refused meanwhile are counted, none acknowledged may be lost).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cairn_store::{testing, Change, Store, Update};

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
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

/// A small deterministic generator (no dependency).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The run's settings, read once.
#[derive(Clone, Copy)]
struct Load {
    games: usize,
    writes: usize,
    threads: usize,
    /// Percent of writes aimed at any game (racing other clients).
    racing: u64,
}

/// What one client thread saw: the marks acknowledged (game, mark), each
/// write's latency, and the writes refused.
#[derive(Default)]
struct Seen {
    acked: Vec<(usize, String)>,
    latencies: Vec<Duration>,
    errors: usize,
}

#[test]
#[ignore]
fn three_clients_one_thousand_games() {
    let Some(admin) = testing::postgres_url("three_clients_one_thousand_games") else {
        return;
    };
    let load = Load {
        games: setting("LOAD_GAMES", 1000),
        writes: setting("LOAD_WRITES", 20_000),
        threads: setting("LOAD_THREADS", 16),
        racing: setting("LOAD_RACING", 10) as u64,
    };
    let url = testing::create_database(&admin).expect("database");
    let clients: Vec<Store> = (0..3)
        .map(|_| Store::connect(&url).expect("connect"))
        .collect();
    let next = Arc::new(AtomicUsize::new(0));
    let restarter = (setting("LOAD_RESTART", 0) == 1).then(|| {
        let next = next.clone();
        std::thread::spawn(move || {
            while next.load(Ordering::SeqCst) < load.writes / 3 {
                std::thread::sleep(Duration::from_millis(5));
            }
            restart_server()
        })
    });
    let start = Instant::now();
    let mut handles = Vec::new();
    for (c, store) in clients.iter().enumerate() {
        for t in 0..load.threads {
            let store = store.clone();
            let next = next.clone();
            handles.push(std::thread::spawn(move || {
                client_thread(&store, c, t, &next, load)
            }));
        }
    }
    let mut seen = Seen::default();
    for handle in handles {
        let one = handle.join().expect("a load thread");
        seen.acked.extend(one.acked);
        seen.latencies.extend(one.latencies);
        seen.errors += one.errors;
    }
    let elapsed = start.elapsed();
    let restarted = restarter.map(|r| r.join().expect("the restart"));
    if restarted.is_some() {
        // Count once the server answers again.
        let deadline = Instant::now() + Duration::from_secs(30);
        while clients[0].load("load:g0000").is_err() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    // Every acknowledged mark exactly once.
    let stored = stored_marks(&clients[0], load.games);
    let lost = seen
        .acked
        .iter()
        .filter(|(_, m)| !stored.contains_key(m))
        .count();
    let duplicated = stored.values().filter(|&&n| n > 1).count();
    report(&mut seen, elapsed, load, lost, duplicated);
    if let Some(mut server) = restarted {
        eprintln!("(the server was restarted a third of the way in)");
        // Stop the server this test started (fast shutdown).
        let _ = std::process::Command::new("kill")
            .args(["-INT", &server.id().to_string()])
            .status();
        let _ = server.wait();
    }
    assert_eq!(lost, 0, "acknowledged writes lost");
    assert_eq!(duplicated, 0, "writes applied twice");
}

/// One thread of client `c`: takes write numbers from `next` until all are
/// taken; each appends a unique mark to a game's record. Each client owns
/// a third of the games; racing writes go to any game.
fn client_thread(store: &Store, c: usize, t: usize, next: &AtomicUsize, load: Load) -> Seen {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ ((c * 1000 + t) as u64 + 1));
    let mut seen = Seen::default();
    let own = |r: u64| {
        let third = load.games / 3;
        c * third + (r as usize % third.max(1))
    };
    loop {
        let n = next.fetch_add(1, Ordering::SeqCst);
        if n >= load.writes {
            return seen;
        }
        let r = rng.next();
        let game = if r % 100 < load.racing {
            (rng.next() as usize) % load.games
        } else {
            own(rng.next())
        };
        let mark = format!("m{n}");
        let began = Instant::now();
        let result = append_mark(store, &format!("load:g{game:04}"), &mark);
        seen.latencies.push(began.elapsed());
        match result {
            Ok(()) => seen.acked.push((game, mark)),
            Err(_) => seen.errors += 1,
        }
    }
}

/// Append `mark` to the record at `key` (in its challenge's options) by
/// one compare-and-swap.
fn append_mark(store: &Store, key: &str, mark: &str) -> Result<(), cairn_store::StoreError> {
    store.update(key, |current| {
        let mut record = current.unwrap_or_default();
        let mut marks = record
            .challenge
            .as_ref()
            .map(|ch| ch.options.clone())
            .unwrap_or_default();
        marks.push(mark.to_string());
        record.challenge = Some(challenge(marks));
        Update {
            change: Change::Put(record),
            archive: None,
            value: (),
        }
    })
}

/// How many times each mark is stored, over every game.
fn stored_marks(store: &Store, games: usize) -> HashMap<String, usize> {
    let mut stored: HashMap<String, usize> = HashMap::new();
    for game in 0..games {
        let key = format!("load:g{game:04}");
        if let Some(record) = store.load(&key).expect("load") {
            for mark in record.challenge.map(|c| c.options).unwrap_or_default() {
                *stored.entry(mark).or_default() += 1;
            }
        }
    }
    stored
}

/// Print the rate, the latency percentiles and what was lost.
fn report(seen: &mut Seen, elapsed: Duration, load: Load, lost: usize, duplicated: usize) {
    let latencies = &mut seen.latencies;
    latencies.sort();
    let p = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rate = seen.acked.len() as f64 / elapsed.as_secs_f64();
    eprintln!(
        "{} writes acknowledged ({} refused) in {elapsed:.1?} by 3 clients x {} threads on {} games ({} % racing): {rate:.0} writes/s, {:.0} per core ({cores} cores, shared with the server); p50 {:?}, p99 {:?}; lost {lost}, duplicated {duplicated}",
        seen.acked.len(),
        seen.errors,
        load.threads,
        load.games,
        load.racing,
        rate / cores as f64,
        p(0.50),
        p(0.99),
    );
}

/// Stop the test server (fast shutdown) and start it again with the same
/// command line and user; returns the new server process.
fn restart_server() -> std::process::Child {
    use std::os::unix::process::CommandExt;
    let url = std::env::var("CAIRN_TEST_POSTGRES").expect("a test server");
    let port = url
        .rsplit_once(':')
        .and_then(|(_, after)| after.split('/').next())
        .expect("a port")
        .to_string();
    let mut found = None;
    for entry in std::fs::read_dir("/proc").expect("proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let args: Vec<String> = cmdline
            .split(|&b| b == 0)
            .filter(|a| !a.is_empty())
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        if args.first().is_some_and(|a| a.ends_with("postgres"))
            && args.windows(2).any(|w| w[0] == "-p" && w[1] == port)
        {
            let uid = std::fs::read_to_string(entry.path().join("status"))
                .ok()
                .and_then(|status| {
                    status
                        .lines()
                        .find(|l| l.starts_with("Uid:"))
                        .and_then(|l| l.split_whitespace().nth(1))
                        .and_then(|u| u.parse::<u32>().ok())
                })
                .expect("the server's user");
            found = Some((pid, args, uid));
        }
    }
    let (pid, args, uid) = found.expect("the test server's process");
    let began = Instant::now();
    let status = std::process::Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    // Gone, or a zombie its parent (the script's shell) has not reaped.
    let gone = || {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
            stat.rsplit_once(')')
                .is_some_and(|(_, r)| r.trim_start().starts_with('Z'))
        })
    };
    while !gone() && began.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    // Its files (postmaster.pid) go last.
    std::thread::sleep(Duration::from_millis(200));
    let child = std::process::Command::new(&args[0])
        .args(&args[1..])
        .uid(uid)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start the server again");
    eprintln!("server stopped and started again in {:?}", began.elapsed());
    child
}
