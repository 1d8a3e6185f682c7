//! One `move` through the bot core including the sled write, with and
//! without drawing the board image.
//! `cargo bench --no-default-features --bench bot`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

use cairn::bot::{Bot, BotConfig, Request, User};
use cairn::store::Store;

fn request(who: &str, command: &str) -> Request {
    Request {
        platform: "bench".into(),
        channel: "main".into(),
        user: User::new(who, who),
        command: command.into(),
        mentions: Vec::new(),
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
                // A fresh game of Sight with one placement to make.
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

fn moves(c: &mut Criterion) {
    bench_move(c, false);
    bench_move(c, true);
}

criterion_group!(benches, moves);
criterion_main!(benches);
