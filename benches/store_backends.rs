//! The store's two backends under the bot: one `move` through the bot core
//! and the store (no board image), sled against PostgreSQL, median and
//! 99th percentile; then the moves per second three real `cairn`
//! processes sustain on one PostgreSQL, each playing its own games.
//! PostgreSQL is the server of `CAIRN_TEST_POSTGRES` (`source
//! scripts/postgres.sh && start_test_postgres` starts one).
//!
//! `cargo bench --no-default-features --bench store_backends`

use std::io::{BufRead, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_rules::{AnyGame, GameKind, Options};
use cairn_store::Store;

const MOVES: usize = 300;

fn request(who: &str, command: &str) -> Request {
    Request {
        platform: "bench".into(),
        channel: "main".into(),
        user: User::new(who, who),
        command: command.into(),
        mentions: Vec::new(),
        ..Default::default()
    }
}

/// Median and 99th percentile of one move, in microseconds.
fn time_moves(store: Store) -> (u128, u128) {
    let bot = Bot::new(
        store,
        BotConfig {
            images: false,
            ..BotConfig::default()
        },
    );
    let mut times = Vec::with_capacity(MOVES);
    for _ in 0..MOVES {
        // A fresh game of Sight with one placement to make (`resign`
        // asks, the second confirms).
        bot.handle(&request("alice", "resign"));
        bot.handle(&request("alice", "resign"));
        bot.handle(&request("alice", "challenge sight bob"));
        bot.handle(&request("bob", "accept"));
        let began = Instant::now();
        let replies = bot.handle(&request("alice", "move c3"));
        times.push(began.elapsed().as_micros());
        assert!(!replies[0].ephemeral, "{}", replies[0].text);
    }
    times.sort_unstable();
    (times[times.len() / 2], times[times.len() * 99 / 100])
}

/// Ten turns of Sight that keep the game going.
fn turns() -> Vec<String> {
    let mut game = AnyGame::new(GameKind::Sight, &Options::default()).expect("sight");
    let mut out: Vec<String> = Vec::new();
    while out.len() < 10 {
        let next = game
            .legal_strings()
            .into_iter()
            .find(|t| {
                let mut after = game.clone();
                !out.contains(t) && after.play_str(t).is_ok() && after.outcome().is_none()
            })
            .expect("a turn");
        game.play_str(&next).expect("legal");
        out.push(next);
    }
    out
}

/// Three console processes, each playing `games` games of ten turns in
/// channels of its own: moves acknowledged per second.
fn three_processes(url: &str, games: usize) -> (usize, Duration) {
    let turns = turns();
    let dir = tempfile::tempdir().expect("temp dir");
    let began = Instant::now();
    let children: Vec<_> = (0..3)
        .map(|p| {
            let mut script = String::new();
            for g in 0..games {
                let (a, b) = (format!("a{p}x{g}"), format!("b{p}x{g}"));
                script +=
                    &format!("/channel p{p}g{g}\n/as {a}\nchallenge sight {b}\n/as {b}\naccept\n");
                for (i, turn) in turns.iter().enumerate() {
                    let mover = if i % 2 == 0 { &a } else { &b };
                    script += &format!("/as {mover}\nmove {turn}\n");
                }
            }
            let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
                .env("CAIRN_DB", url)
                .env("CAIRN_IMAGES", dir.path().join(format!("images{p}")))
                .env("CAIRN_IMAGES_KEEP", "1")
                .env("CAIRN_CONFIG", dir.path().join("none.toml"))
                .env("CAIRN_RATE_LIMIT", "0")
                .env("RUST_LOG", "cairn=warn")
                .env_remove("DISCORD_TOKEN")
                .env_remove("MATRIX_HOMESERVER")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("start cairn");
            let mut stdin = child.stdin.take().expect("stdin");
            std::thread::spawn(move || {
                let _ = stdin.write_all(script.as_bytes());
            });
            child
        })
        .collect();
    let mut acknowledged = 0;
    for mut child in children {
        let out = child.stdout.take().expect("stdout");
        acknowledged += std::io::BufReader::new(out)
            .lines()
            .map_while(Result::ok)
            .filter(|l| l.contains(" played "))
            .count();
        let _ = child.wait();
    }
    (acknowledged, began.elapsed())
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (median, p99) = time_moves(Store::open(dir.path().join("db")).expect("sled"));
    println!("one move, sled:       median {median} µs, p99 {p99} µs ({MOVES} moves)");
    let Ok(admin) = std::env::var("CAIRN_TEST_POSTGRES") else {
        println!("PostgreSQL: skipped (CAIRN_TEST_POSTGRES is not set)");
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a database");
    let (median, p99) = time_moves(Store::connect(&url).expect("postgres"));
    println!("one move, PostgreSQL: median {median} µs, p99 {p99} µs ({MOVES} moves)");
    let url = cairn_store::testing::create_database(&admin).expect("a database");
    let (moves, took) = three_processes(&url, 20);
    println!(
        "three processes on one PostgreSQL: {moves} moves in {:.2} s = {:.0} moves/s (each move also draws its board PNG)",
        took.as_secs_f64(),
        moves as f64 / took.as_secs_f64()
    );
}
