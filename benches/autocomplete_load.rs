//! Autocomplete latency while 8 bot searches run (issue 16, fix 4).
//!
//! Discord drops an autocomplete answer after 3 s and never lets it be
//! deferred, while a command against the bot keeps a core busy for the
//! bot's whole thinking time. This harness measures `/move` autocomplete
//! (Callanish 19x19 after 60 turns, a large position) through the Discord
//! adapter's own pools, idle and while 8 channels keep the bot opponent
//! searching, and compares with the layout before the fix (the searches on
//! tokio's blocking pool at normal priority, beside autocomplete).
//!
//! `cargo bench --bench autocomplete_load --features discord`; prints the
//! median and p99 of each case (one line each).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cairn::platform::discord::workers::{self, CoreWorkers};
use cairn::platform::discord::AUTOCOMPLETE_BUDGET;
use cairn::platform::discord::LIMITS;
use cairn_bot::complete::complete_turn;
use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_rules::{AnyGame, Game, SplitRng};
use cairn_store::Store;

const SEARCHES: usize = 8;
const QUERIES: usize = 300;
/// The bot's thinking time per move in the loaded channels.
const THINK: Duration = Duration::from_millis(1500);

fn request(channel: &str, user: &User, command: &str, mentions: Vec<User>) -> Request {
    Request {
        platform: "discord".into(),
        channel: channel.into(),
        user: user.clone(),
        command: command.into(),
        mentions,
        ..Default::default()
    }
}

fn random_turn(game: &AnyGame, rng: &mut SplitRng) -> Option<String> {
    cairn_rules::with_game!(game, g => g.random_turn(rng).map(|t| t.to_string()))
}

/// The game in `channel`, if one is going on.
fn game_in(bot: &Bot, channel: &str) -> Option<cairn_store::GameRecord> {
    let key = Store::channel_key("discord", channel);
    bot.store().load(&key).ok().flatten().and_then(|r| r.game)
}

/// Play `turns` random turns between two people in `channel`; the id of
/// the player to move, or `None` if the game ended.
fn busy(bot: &Bot, channel: &str, turns: usize, seed: u64) -> Option<String> {
    let players = [User::new("111", "alice"), User::new("222", "bob")];
    bot.handle(&request(
        channel,
        &players[0],
        "challenge callanish <@222> size=19",
        vec![players[1].clone()],
    ));
    bot.handle(&request(channel, &players[1], "accept", Vec::new()));
    let mut rng = SplitRng::new(seed);
    for _ in 0..turns {
        let record = game_in(bot, channel)?;
        let turn = random_turn(&record.game, &mut rng)?;
        let mover = record.player(record.game.to_move()).id.clone();
        let who = players.iter().find(|p| p.id == mover)?;
        bot.handle(&request(channel, who, &format!("move {turn}"), Vec::new()));
    }
    let record = game_in(bot, channel)?;
    Some(record.player(record.game.to_move()).id.clone())
}

/// One human move in a game against the bot (starting a game when there
/// is none): the reply includes the bot's search.
fn bot_move(bot: &Bot, channel: &str, rng: &mut SplitRng) -> Request {
    let human = User::new("333", "carol");
    match game_in(bot, channel) {
        Some(record) if record.outcome().is_none() => {
            let turn = random_turn(&record.game, rng).unwrap_or_default();
            request(channel, &human, &format!("move {turn}"), Vec::new())
        }
        _ => request(
            channel,
            &human,
            "challenge callanish bot size=9",
            Vec::new(),
        ),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// The adapter's pools: searches on lower-priority core threads.
    Adapter,
    /// Before the fix: everything on tokio's blocking pool.
    Shared,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// Median, p99, and how many queries got no choices in time.
async fn measure(bot: &Bot, mover: &str, load: Option<Layout>) -> (Duration, Duration, usize) {
    let running = Arc::new(AtomicBool::new(true));
    let mut loaders = Vec::new();
    if let Some(layout) = load {
        let core = CoreWorkers::default();
        for i in 0..SEARCHES {
            let (bot, running, core) = (bot.clone(), Arc::clone(&running), core.clone());
            loaders.push(tokio::spawn(async move {
                let channel = format!("load-{i}");
                let mut rng = SplitRng::new(i as u64 + 7);
                while running.load(Ordering::Relaxed) {
                    let request = bot_move(&bot, &channel, &mut rng);
                    let bot = bot.clone();
                    match layout {
                        Layout::Adapter => {
                            core.handle(bot, request).await;
                        }
                        Layout::Shared => {
                            let _ = tokio::task::spawn_blocking(move || bot.handle(&request)).await;
                        }
                    }
                }
            }));
        }
        // Let every search start.
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let mut times = Vec::with_capacity(QUERIES);
    let mut missed = 0;
    for _ in 0..QUERIES {
        let (bot, mover) = (bot.clone(), mover.to_string());
        let began = Instant::now();
        let values = workers::autocomplete(AUTOCOMPLETE_BUDGET, move || {
            complete_turn(&bot, "discord", "query", &mover, "", LIMITS)
        })
        .await;
        times.push(began.elapsed());
        // Out of budget (or no choices): Discord would show nothing.
        if values.is_none_or(|v| v.is_empty()) {
            missed += 1;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    running.store(false, Ordering::Relaxed);
    for loader in loaders {
        let _ = loader.await;
    }
    times.sort();
    (percentile(&times, 0.5), percentile(&times, 0.99), missed)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not: then
    // this harness only checks that it builds.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("store");
    let bot = Bot::new(
        store,
        BotConfig {
            images: false,
            ai_deadline: THINK,
            ..BotConfig::default()
        },
    );
    let mover = (1..1000)
        .find_map(|seed| busy(&bot, "query", 60, seed))
        .expect("a game still going after 60 turns");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "autocomplete of /move, Callanish 19x19 after 60 turns, {QUERIES} queries, {cpus} CPUs"
    );
    for (name, load) in [
        ("idle", None),
        (
            "8 bot searches, adapter's pools (fix)",
            Some(Layout::Adapter),
        ),
        (
            "8 bot searches, one shared blocking pool (before)",
            Some(Layout::Shared),
        ),
    ] {
        let (median, p99, missed) = runtime.block_on(measure(&bot, &mover, load));
        println!(
            "{name}: median {:.2} ms, p99 {:.2} ms, {missed} without choices in time",
            median.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3
        );
    }
}
