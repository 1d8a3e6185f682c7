//! A bot turn always happens: when the process stops, crashes or fails to
//! write between a player's turn and the bot's answer, the game's overdue
//! bot turn sits in the deadline index and the scheduler plays it after
//! the restart, exactly once, also when two bots share the store.

use std::sync::{Arc, Barrier};

use cairn_bot::{Bot, BotConfig, Delivery, Request, User};
use cairn_store::clock::{ManualClock, MINUTE_MS};
use cairn_store::{Change, GameRecord, Store, TurnRecord, Update, BOT_TURN_OVERDUE_MS};

/// 2026-11-23 12:00 UTC.
const START: u64 = 1_795_435_200_000;
const KEY: &str = "test:main";

fn bot_on(store: Store, clock: &ManualClock) -> Bot {
    Bot::new(
        store,
        BotConfig {
            images: false,
            ai_seed: Some(5),
            ai_deadline: std::time::Duration::from_millis(30),
            clock: Arc::new(clock.clone()),
            ..BotConfig::default()
        },
    )
}

fn say(bot: &Bot, command: &str) -> String {
    say_in(bot, "main", command)
}

fn say_in(bot: &Bot, channel: &str, command: &str) -> String {
    let replies = bot.handle(&Request {
        platform: "test".into(),
        channel: channel.into(),
        user: User::new("id-alice", "alice"),
        command: command.into(),
        ..Default::default()
    });
    replies
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn game(store: &Store) -> GameRecord {
    game_in(store, KEY)
}

fn game_in(store: &Store, key: &str) -> GameRecord {
    store
        .load(key)
        .expect("load")
        .and_then(|r| r.game)
        .expect("a game")
}

/// Alice's turn is stored, and then the process dies before the bot
/// answers: written straight into the store, as the interrupted command
/// left it.
fn alice_plays_and_the_process_dies(store: &Store, turn: &str, now: u64) {
    alice_plays_in(store, KEY, turn, now);
}

fn alice_plays_in(store: &Store, key: &str, turn: &str, now: u64) {
    store
        .update(key, |current| {
            let mut record = current.expect("a record");
            let game = record.game.as_mut().expect("a game");
            let played = game.game.play_str(turn).expect("a legal turn");
            game.history.push(TurnRecord {
                turn: played.canonical,
                seat: cairn_rules::Seat::First,
                at_ms: now,
            });
            game.last = played.highlights;
            Update {
                change: Change::Put(record),
                archive: None,
                value: (),
            }
        })
        .expect("write");
}

fn spoken(deliveries: &[Delivery]) -> Vec<String> {
    deliveries
        .iter()
        .flat_map(|d| d.replies.iter().map(|r| r.text.clone()))
        .collect()
}

#[test]
fn an_interrupted_bot_turn_is_played_after_a_restart_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("db");
    let clock = ManualClock::at(START);
    {
        let bot = bot_on(Store::open(&path).expect("open"), &clock);
        let text = say(&bot, "challenge sight bot as=white clock=none");
        assert!(text.contains("Cairn"), "{text}");
        alice_plays_and_the_process_dies(bot.store(), "c3", START);
    }
    // The restarted process: nothing is due before the bot's turn is
    // overdue, then the scheduler plays it.
    let bot = bot_on(Store::open(&path).expect("reopen"), &clock);
    assert_eq!(game(bot.store()).history.len(), 1);
    clock.advance(BOT_TURN_OVERDUE_MS - 1);
    assert!(bot.fire_due("test").is_empty());
    clock.advance(1);
    let fired = bot.fire_due("test");
    let said = spoken(&fired);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("Cairn (Black) played"), "{said:?}");
    assert_eq!(fired[0].channel, "main");
    let record = game(bot.store());
    assert_eq!(record.history.len(), 2, "the bot played once");
    assert!(!record.player(record.game.to_move()).is_bot);
    // Once: nothing more is due, and alice plays on.
    clock.advance(10 * BOT_TURN_OVERDUE_MS);
    assert!(bot.fire_due("test").is_empty());
    let legal = game(bot.store()).game.legal_strings();
    let text = say(&bot, &format!("move {}", legal[0]));
    assert!(text.contains("alice (White) played"), "{text}");
    assert_eq!(game(bot.store()).history.len(), 4, "and the bot answered");
}

#[test]
fn two_schedulers_play_an_overdue_bot_turn_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = ManualClock::at(START);
    let store = Store::open(dir.path().join("db")).expect("open");
    let first = bot_on(store.clone(), &clock);
    // A second bot on the same database, with its own search workers (as
    // a second process on PostgreSQL would be).
    let second = bot_on(store.clone(), &clock);
    say(&first, "challenge sight bot as=white clock=none");
    alice_plays_and_the_process_dies(&store, "c3", START);
    clock.advance(BOT_TURN_OVERDUE_MS + MINUTE_MS);
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = [first, second]
        .into_iter()
        .map(|bot| {
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                bot.fire_due("test")
            })
        })
        .collect();
    let said: Vec<String> = handles
        .into_iter()
        .flat_map(|h| spoken(&h.join().expect("scheduler thread")))
        .collect();
    assert_eq!(said.len(), 1, "said once: {said:?}");
    let record = game(&store);
    assert_eq!(record.history.len(), 2, "played once");
}

#[test]
fn two_processes_on_postgresql_play_an_overdue_bot_turn_once() {
    // Two bots, each on its own connection pool to one PostgreSQL
    // database (two processes as far as the server knows), race to
    // resume the same overdue bot turns: each is played and said once.
    let Some(admin) = cairn_store::testing::postgres_url(
        "two_processes_on_postgresql_play_an_overdue_bot_turn_once",
    ) else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let clock = ManualClock::at(START);
    let first = bot_on(Store::connect(&url).expect("connect"), &clock);
    let second = bot_on(Store::connect(&url).expect("connect"), &clock);
    const GAMES: usize = 8;
    let channels: Vec<String> = (0..GAMES).map(|n| format!("race{n}")).collect();
    for channel in &channels {
        let text = say_in(&first, channel, "challenge sight bot as=white clock=none");
        assert!(text.contains("Cairn"), "{text}");
        alice_plays_in(first.store(), &format!("test:{channel}"), "c3", START);
    }
    clock.advance(BOT_TURN_OVERDUE_MS + MINUTE_MS);
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = [first.clone(), second]
        .into_iter()
        .map(|bot| {
            let barrier = Arc::clone(&barrier);
            std::thread::spawn(move || {
                barrier.wait();
                bot.fire_due("test")
            })
        })
        .collect();
    let fired: Vec<Delivery> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("scheduler thread"))
        .collect();
    let mut said_in: Vec<&str> = fired.iter().map(|d| d.channel.as_str()).collect();
    said_in.sort_unstable();
    assert_eq!(
        said_in,
        channels,
        "each bot turn said once: {:?}",
        spoken(&fired)
    );
    for channel in &channels {
        let record = game_in(first.store(), &format!("test:{channel}"));
        assert_eq!(record.history.len(), 2, "played once in {channel}");
        assert_eq!(record.bot_turn_due_ms(), None);
    }
    assert_eq!(first.store().next_due("test").expect("index"), None);
}

#[test]
fn an_unplayed_bot_turn_is_in_the_deadline_index_until_played() {
    // However the bot's turn was lost (a crash, a stop, a refused write),
    // the record says it is due, the index holds it, and once played it
    // is gone from the index.
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = ManualClock::at(START);
    let store = Store::open(dir.path().join("db")).expect("open");
    let bot = bot_on(store.clone(), &clock);
    say(&bot, "challenge sight bot as=white clock=none");
    alice_plays_and_the_process_dies(&store, "c3", START);
    let due = game(&store)
        .bot_turn_due_ms()
        .expect("the bot's turn is due");
    assert_eq!(due, START + BOT_TURN_OVERDUE_MS);
    assert_eq!(store.next_due("test").expect("index"), Some(due));
    clock.advance(BOT_TURN_OVERDUE_MS);
    assert_eq!(spoken(&bot.fire_due("test")).len(), 1);
    assert_eq!(game(&store).history.len(), 2);
    assert_eq!(store.next_due("test").expect("index"), None);
}
