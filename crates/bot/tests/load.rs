//! The load test (ignored by default; `scripts/load-test` runs it in the
//! release profile under `/usr/bin/time -v`): 200 channels each ask the
//! bot to move at the same moment. Every request must be answered with
//! the bot's move, the kept search trees must stay within the AI memory
//! budget, and queued requests must be told their place. It prints the
//! reply times (p50, p99, max) and the process's peak RSS.
//!
//! Settings: `LOAD_CHANNELS` (200), `LOAD_GAME` (fanorona), `LOAD_DEADLINE_MS`
//! (bot thinking time, 500), `CAIRN_AI_WORKERS` (the cores),
//! `CAIRN_AI_MEMORY` in MB (256).

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_store::Store;

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn request(channel: &str, command: &str) -> Request {
    Request {
        platform: "load".into(),
        channel: channel.into(),
        user: User::new(format!("player-{channel}"), format!("player-{channel}")),
        command: command.into(),
        mentions: Vec::new(),
        ..Default::default()
    }
}

fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
#[ignore = "a load test of a minute or more: run scripts/load-test"]
fn two_hundred_channels_ask_the_bot_to_move_at_once() {
    let channels = setting("LOAD_CHANNELS", 200);
    let game = std::env::var("LOAD_GAME").unwrap_or_else(|_| "fanorona".into());
    let deadline = Duration::from_millis(setting("LOAD_DEADLINE_MS", 500) as u64);
    let workers = setting(
        "CAIRN_AI_WORKERS",
        std::thread::available_parallelism().map_or(2, |n| n.get()),
    );
    let budget = setting("CAIRN_AI_MEMORY", 256) << 20;
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = Bot::new(
        Store::open(dir.path().join("db")).expect("store"),
        BotConfig {
            ai_deadline: deadline,
            ai_workers: workers,
            ai_memory: budget,
            ai_seed: Some(1),
            ..BotConfig::default()
        },
    );
    // Every channel: a game against the bot at full strength, the human
    // to move.
    let mut first_turns = Vec::new();
    for i in 0..channels {
        let channel = format!("c{i}");
        let r = bot.handle(&request(
            &channel,
            &format!("challenge {game} bot level=5 as=white"),
        ));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        let record = bot
            .store()
            .load(&Store::channel_key("load", &channel))
            .expect("load")
            .and_then(|r| r.game)
            .expect("a game");
        let legal = record.game.legal_strings();
        first_turns.push((channel, legal[i % legal.len()].clone()));
    }

    let start = Arc::new(Barrier::new(channels));
    let threads: Vec<_> = first_turns
        .into_iter()
        .map(|(channel, turn)| {
            let bot = bot.clone();
            let start = start.clone();
            std::thread::spawn(move || {
                start.wait();
                let began = Instant::now();
                let mut told_place = false;
                let replies = bot.handle_with(&request(&channel, &format!("move {turn}")), |r| {
                    told_place |= r.text.contains("thinking…");
                });
                let took = began.elapsed();
                let answered = replies.iter().any(|r| r.text.starts_with("Cairn ("));
                assert!(
                    answered,
                    "{channel}: {:?}",
                    replies.iter().map(|r| &r.text).collect::<Vec<_>>()
                );
                (took, told_place)
            })
        })
        .collect();
    let mut times = Vec::new();
    let mut told = 0;
    for thread in threads {
        let (took, told_place) = thread.join().expect("a request panicked");
        times.push(took);
        told += usize::from(told_place);
    }
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    let (bytes, trees) = bot.ai_memory_usage();
    println!(
        "{channels} channels of {game}, {workers} AI workers, {} ms thinking: every request answered; reply time p50 {:.2} s, p99 {:.2} s, max {:.2} s; {told} told their place in line; kept trees {trees} holding {:.1} MB of a {} MB budget; peak RSS {} MB",
        deadline.as_millis(),
        at(0.5).as_secs_f64(),
        at(0.99).as_secs_f64(),
        times[times.len() - 1].as_secs_f64(),
        bytes as f64 / (1 << 20) as f64,
        budget >> 20,
        peak_rss_kb().map_or("?".into(), |kb| (kb / 1024).to_string()),
    );
    assert!(bytes <= budget, "kept trees hold {bytes} bytes");
    // All but the first few (and any that arrive when the line is empty)
    // wait, and hear their place.
    assert!(
        told + workers + channels / 10 >= channels,
        "only {told} queued requests heard their place"
    );
}
