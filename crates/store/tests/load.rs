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
//! client (16), LOAD_RACING percent (10).

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
        challenged: player("bob"),
        challenger_seat: cairn_rules::Seat::First,
        level: None,
        at_ms: 0,
        clock: None,
        expires_ms: None,
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

#[test]
#[ignore]
fn three_clients_one_thousand_games() {
    let Some(admin) = testing::postgres_url("three_clients_one_thousand_games") else {
        return;
    };
    let games = setting("LOAD_GAMES", 1000);
    let writes = setting("LOAD_WRITES", 20_000);
    let threads = setting("LOAD_THREADS", 16);
    let racing = setting("LOAD_RACING", 10) as u64;
    let url = testing::create_database(&admin).expect("database");
    let clients: Vec<Store> = (0..3)
        .map(|_| Store::connect(&url).expect("connect"))
        .collect();
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut handles = Vec::new();
    for (c, store) in clients.iter().enumerate() {
        for t in 0..threads {
            let store = store.clone();
            let next = next.clone();
            handles.push(std::thread::spawn(move || {
                let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ ((c * 1000 + t) as u64 + 1));
                let mut acked: Vec<(usize, String)> = Vec::new();
                let mut latencies = Vec::new();
                let mut errors = 0usize;
                // Each client owns a third of the games; racing writes go
                // to any game.
                let own = |r: u64| {
                    let third = games / 3;
                    c * third + (r as usize % third.max(1))
                };
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= writes {
                        break;
                    }
                    let r = rng.next();
                    let game = if r % 100 < racing {
                        (rng.next() as usize) % games
                    } else {
                        own(rng.next())
                    };
                    let mark = format!("m{n}");
                    let key = format!("load:g{game:04}");
                    let began = Instant::now();
                    let result = store.update(&key, |current| {
                        let mut record = current.unwrap_or_default();
                        let mut marks = record
                            .challenge
                            .as_ref()
                            .map(|ch| ch.options.clone())
                            .unwrap_or_default();
                        marks.push(mark.clone());
                        record.challenge = Some(challenge(marks));
                        Update {
                            change: Change::Put(record),
                            archive: None,
                            value: (),
                        }
                    });
                    latencies.push(began.elapsed());
                    match result {
                        Ok(()) => acked.push((game, mark)),
                        Err(_) => errors += 1,
                    }
                }
                (acked, latencies, errors)
            }));
        }
    }
    let mut acked = Vec::new();
    let mut latencies: Vec<Duration> = Vec::new();
    let mut errors = 0;
    for handle in handles {
        let (a, l, e) = handle.join().expect("a load thread");
        acked.extend(a);
        latencies.extend(l);
        errors += e;
    }
    let elapsed = start.elapsed();
    // Every acknowledged mark exactly once.
    let mut stored: HashMap<String, usize> = HashMap::new();
    for game in 0..games {
        let key = format!("load:g{game:04}");
        if let Some(record) = clients[0].load(&key).expect("load") {
            for mark in record.challenge.map(|c| c.options).unwrap_or_default() {
                *stored.entry(mark).or_default() += 1;
            }
        }
    }
    let lost = acked
        .iter()
        .filter(|(_, m)| !stored.contains_key(m))
        .count();
    let duplicated = stored.values().filter(|&&n| n > 1).count();
    latencies.sort();
    let p = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rate = acked.len() as f64 / elapsed.as_secs_f64();
    eprintln!(
        "{} writes acknowledged ({errors} refused) in {elapsed:.1?} by 3 clients x {threads} threads on {games} games ({racing} % racing): {rate:.0} writes/s, {:.0} per core ({cores} cores, shared with the server); p50 {:?}, p99 {:?}; lost {lost}, duplicated {duplicated}",
        acked.len(),
        rate / cores as f64,
        p(0.50),
        p(0.99),
    );
    assert_eq!(lost, 0, "acknowledged writes lost");
    assert_eq!(duplicated, 0, "writes applied twice");
}
