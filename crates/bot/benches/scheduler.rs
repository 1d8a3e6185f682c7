//! The scheduler's cost at scale (#36): 100,000 pending deadlines, 1,000 of
//! them due in the same second. Prints how long after that second each
//! batch fired, that every due event fired exactly once, and nothing else.
//! On sled (one process), and on PostgreSQL when `CAIRN_TEST_POSTGRES` is
//! set (three schedulers on one database, as three processes would run).
//!
//! `cargo bench -p cairn-bot --bench scheduler` (release build; a few
//! minutes, most of it writing the 100,000 games).
//! `SCHEDULER_PENDING` and `SCHEDULER_DUE` change the two counts.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_store::clock::{Clock, SystemClock, DAY_MS, HOUR_MS};
use cairn_store::{ChannelRecord, Store};

const PLATFORM: &str = "bench";

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

fn bot(store: Store) -> Bot {
    Bot::new(
        store,
        BotConfig {
            images: false,
            rate_limit: None,
            ..BotConfig::default()
        },
    )
}

/// A game of Sight with a 3-day clock, one turn played: its record.
fn template(bot: &Bot) -> ChannelRecord {
    let say = |who: &str, command: &str| {
        bot.handle(&Request {
            platform: PLATFORM.into(),
            channel: "template".into(),
            user: User::new(format!("id-{who}"), who),
            command: command.into(),
            mentions: vec![User::new("id-bob", "bob")],
            ..Default::default()
        })
    };
    say("alice", "challenge sight @bob clock=3d");
    say("bob", "accept");
    say("alice", "move c3");
    bot.store()
        .load(&Store::channel_key(PLATFORM, "template"))
        .expect("load")
        .expect("the template game")
}

/// `pending` games; the first `due` have their first reminder due at
/// `at`, the others an hour or more later.
fn games(
    template: &ChannelRecord,
    pending: usize,
    due: usize,
    at: u64,
) -> Vec<(String, ChannelRecord)> {
    let half = 3 * DAY_MS / 2;
    (0..pending)
        .map(|i| {
            let mut record = template.clone();
            let game = record.game.as_mut().expect("a game");
            game.id = None;
            let reminder = if i < due {
                at + (i as u64 % 1000)
            } else {
                at + HOUR_MS + i as u64 * 1000
            };
            if let Some(clock) = game.clock.as_mut() {
                clock.turn_started_ms = reminder - half;
            }
            (Store::channel_key(PLATFORM, &format!("c{i:06}")), record)
        })
        .collect()
}

/// Run `schedulers` schedulers on stores from `open` until `due` events
/// have fired (or 90 s): when each fired, by channel.
fn fire(bots: &[Bot], due: usize, at: u64) -> HashMap<String, Vec<u64>> {
    let fired: Arc<Mutex<HashMap<String, Vec<u64>>>> = Arc::default();
    let stops: Vec<Arc<AtomicBool>> = bots
        .iter()
        .map(|bot| {
            let fired = fired.clone();
            bot.spawn_scheduler(vec![PLATFORM], move |delivery| {
                let now = SystemClock.now_ms();
                let mut fired = fired.lock().expect("lock");
                fired.entry(delivery.channel).or_default().push(now);
            })
            .expect("scheduler")
        })
        .collect();
    let deadline = Instant::now()
        + Duration::from_millis(at.saturating_sub(SystemClock.now_ms()))
        + Duration::from_secs(90);
    while Instant::now() < deadline {
        let count: usize = fired.lock().expect("lock").values().map(Vec::len).sum();
        if count >= due {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // A while longer: anything fired twice would show.
    std::thread::sleep(Duration::from_secs(5));
    for (bot, stop) in bots.iter().zip(&stops) {
        bot.stop_scheduler(stop);
    }
    let fired = fired.lock().expect("lock").clone();
    fired
}

fn report(label: &str, fired: &HashMap<String, Vec<u64>>, due: usize, at: u64) {
    let mut lateness: Vec<u64> = fired
        .values()
        .flatten()
        .map(|t| t.saturating_sub(at))
        .collect();
    lateness.sort_unstable();
    let twice = fired.values().filter(|v| v.len() > 1).count();
    let unexpected = fired
        .keys()
        .filter(|k| {
            k.trim_start_matches('c')
                .parse::<usize>()
                .is_ok_and(|i| i >= due)
        })
        .count();
    let pick = |q: f64| {
        lateness
            .get(((lateness.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0)
    };
    println!(
        "{label}: {} of {due} due events fired ({} channels), {twice} twice, {unexpected} not due; after the due second: median {} ms, p99 {} ms, last {} ms",
        lateness.len(),
        fired.len(),
        pick(0.5),
        pick(0.99),
        pick(1.0)
    );
    assert_eq!(fired.len(), due, "every due event fires");
    assert_eq!(twice, 0, "none twice");
    assert_eq!(unexpected, 0, "none early");
    assert!(pick(1.0) < 60_000, "all within 60 s");
}

fn run(label: &str, stores: Vec<Store>, pending: usize, due: usize) {
    let bots: Vec<Bot> = stores.into_iter().map(bot).collect();
    let record = template(&bots[0]);
    // The due second starts a little after the games are written.
    let started = Instant::now();
    let setup_estimate = 20_000 + pending as u64 / 2;
    let at = (SystemClock.now_ms() + setup_estimate) / 1000 * 1000;
    let games = games(&record, pending, due, at);
    for chunk in games.chunks(10_000) {
        bots[0].store().insert_channels(chunk).expect("insert");
    }
    println!(
        "{label}: {pending} games written in {:.1} s ({} pending deadlines)",
        started.elapsed().as_secs_f64(),
        bots[0].store().pending_count()
    );
    assert!(
        SystemClock.now_ms() < at,
        "the setup took longer than planned"
    );
    let fired = fire(&bots, due, at);
    report(label, &fired, due, at);
}

fn main() {
    let pending = setting("SCHEDULER_PENDING", 100_000);
    let due = setting("SCHEDULER_DUE", 1_000);
    let dir = tempfile::tempdir().expect("dir");
    let sled = Store::open(dir.path().join("db")).expect("sled");
    run("sled", vec![sled], pending, due);
    if let Some(admin) = cairn_store::testing::postgres_url("the scheduler benchmark") {
        let url = cairn_store::testing::create_database(&admin).expect("database");
        let stores = (0..3)
            .map(|_| Store::connect(&url).expect("connect"))
            .collect();
        run("postgres, 3 schedulers", stores, pending, due);
    }
}
