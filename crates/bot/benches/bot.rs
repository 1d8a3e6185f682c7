//! One `move` through the bot core including the durable sled write
//! (flush and fsync), with and without drawing the board image; and the
//! cost of the fsync alone: a record-sized sled write flushed the way sled
//! 0.34 does it (`sync_file_range`) against the same plus `fdatasync`.
//! `cargo bench --no-default-features --bench bot`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_store::Store;

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

fn bench_move(c: &mut Criterion, images: bool) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("store");
    let bot = Bot::new(
        store,
        BotConfig {
            images,
            ..BotConfig::default()
        },
    );
    let name = if images {
        "move (with render)"
    } else {
        "move (no render)"
    };
    c.bench_function(name, |b| {
        b.iter_batched(
            || {
                // A fresh game of Sight with one placement to make
                // (`resign` asks, the second confirms).
                bot.handle(&request("alice", "resign"));
                bot.handle(&request("alice", "resign"));
                bot.handle(&request("alice", "challenge sight bob"));
                bot.handle(&request("bob", "accept"));
            },
            |_| {
                let replies = bot.handle(&request("alice", "move c3"));
                assert!(!replies[0].ephemeral, "{}", replies[0].text);
            },
            BatchSize::PerIteration,
        )
    });
}

fn fsync_cost(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = sled::open(dir.path().join("db")).expect("sled");
    let log = std::fs::File::open(dir.path().join("db").join("db")).expect("log file");
    // About the size of a channel record in mid-game.
    let value = vec![b'x'; 2_000];
    let mut i = 0u64;
    c.bench_function("sled write + flush (sync_file_range)", |b| {
        b.iter(|| {
            i += 1;
            db.insert(i.to_be_bytes(), value.as_slice())
                .expect("insert");
            db.flush().expect("flush");
        })
    });
    c.bench_function("sled write + flush + fdatasync", |b| {
        b.iter(|| {
            i += 1;
            db.insert(i.to_be_bytes(), value.as_slice())
                .expect("insert");
            db.flush().expect("flush");
            log.sync_data().expect("fdatasync");
        })
    });
}

fn moves(c: &mut Criterion) {
    bench_move(c, false);
    bench_move(c, true);
    fsync_cost(c);
}

criterion_group!(benches, moves);
criterion_main!(benches);
