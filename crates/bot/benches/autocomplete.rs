//! Turn autocomplete on busy positions (Discord answers autocomplete
//! within 3 s; the goal here is a median under 5 ms per query, store read
//! included). Positions are reached by seeded random turns, so every run
//! measures the same ones.

use criterion::{criterion_group, criterion_main, Criterion};

use cairn_bot::complete::{complete_game_turn, complete_options, complete_turn, Limits};

const LIMITS: Limits = Limits {
    choices: 25,
    length: 100,
};
use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_rules::{AnyGame, Game, GameKind, SplitRng};
use cairn_store::Store;

const CHANNEL: &str = "bench";

fn say(bot: &Bot, who: &User, command: &str, mentions: Vec<User>) {
    let replies = bot.handle(&Request {
        platform: "discord".into(),
        channel: CHANNEL.into(),
        user: who.clone(),
        command: command.into(),
        mentions,
        ..Default::default()
    });
    assert!(
        replies.first().is_some_and(|r| !r.ephemeral),
        "{command}: {replies:?}"
    );
}

fn random_turn(game: &AnyGame, rng: &mut SplitRng) -> Option<String> {
    cairn_rules::with_game!(game, g => g.random_turn(rng).map(|t| t.to_string()))
}

/// A bot whose channel holds `kind` after `turns` seeded random turns,
/// and the id of the player to move; `None` if the game ended first.
fn position(
    kind: GameKind,
    options: &str,
    turns: usize,
    seed: u64,
) -> Option<(Bot, String, AnyGame, tempfile::TempDir)> {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("store");
    let bot = Bot::new(
        store,
        BotConfig {
            images: false,
            ..BotConfig::default()
        },
    );
    let players = [User::new("111", "alice"), User::new("222", "bob")];
    say(
        &bot,
        &players[0],
        &format!("challenge {} <@222> {options}", kind.name()),
        vec![players[1].clone()],
    );
    say(&bot, &players[1], "accept", Vec::new());
    let mut rng = SplitRng::new(seed);
    let key = Store::channel_key("discord", CHANNEL);
    let load = || bot.store().load(&key).ok().flatten().and_then(|r| r.game);
    for _ in 0..turns {
        // A finished game leaves the channel: the caller tries another seed.
        let record = load()?;
        let Some(turn) = random_turn(&record.game, &mut rng) else {
            break;
        };
        let mover = record.player(record.game.to_move()).id.clone();
        let who = players.iter().find(|p| p.id == mover)?;
        say(&bot, who, &format!("move {turn}"), Vec::new());
    }
    let record = load()?;
    let mover = record.player(record.game.to_move()).id.clone();
    Some((bot, mover, record.game, dir))
}

/// The first seed from `seed` on whose game is still going after `turns`.
fn busy_position(
    kind: GameKind,
    options: &str,
    turns: usize,
    seed: u64,
) -> (Bot, String, AnyGame, tempfile::TempDir) {
    (seed..seed + 1000)
        .find_map(|seed| position(kind, options, turns, seed))
        .expect("some seed keeps the game going")
}

fn bench(c: &mut Criterion) {
    let cases = [
        (GameKind::Callanish, "size=9", 24, 1),
        (GameKind::Callanish, "size=19", 60, 2),
        (GameKind::Floaters, "", 16, 3),
        (GameKind::Fanorona, "", 6, 4),
        (GameKind::Alquerque, "rules=basic", 8, 5),
    ];
    for (kind, options, turns, seed) in cases {
        let (bot, mover, game, _dir) = busy_position(kind, options, turns, seed);
        let first = complete_game_turn(&game, "", LIMITS);
        let step = first.first().cloned().unwrap_or_default();
        eprintln!(
            "{kind} {options} after {turns} turns: {} legal turns, first choices {:?}",
            game.count_turns(),
            &first[..first.len().min(6)]
        );
        let name = format!(
            "{kind}{}",
            if options.is_empty() {
                String::new()
            } else {
                format!(" {options}")
            }
        );
        c.bench_function(&format!("complete_turn {name} empty"), |b| {
            b.iter(|| complete_turn(&bot, "discord", CHANNEL, &mover, "", LIMITS))
        });
        c.bench_function(&format!("complete_turn {name} first step"), |b| {
            b.iter(|| {
                complete_turn(
                    &bot,
                    "discord",
                    CHANNEL,
                    &mover,
                    &format!("{step} "),
                    LIMITS,
                )
            })
        });
    }
    c.bench_function("complete_options callanish", |b| {
        b.iter(|| complete_options(GameKind::Callanish, "size=9 blocked=e5,", LIMITS))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
