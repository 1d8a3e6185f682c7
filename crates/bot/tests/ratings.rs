//! Ratings through the bot core on a real sled database: a rated game
//! updates both players once, in the transaction of its result, even when
//! two endings race (two resignations; a resignation and a timeout);
//! games against the bot and early resignations are unrated; `rating`
//! and `leaderboard` show them, per place and everywhere.

use std::sync::{Arc, Barrier};

use cairn_bot::history::random_turns;
use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_rules::{GameKind, Outcome, Reason, Seat};
use cairn_store::clock::{ManualClock, DAY_MS};
use cairn_store::rating::{rate, Rating};
use cairn_store::{Store, TreeName};

const START: u64 = 1_795_000_000_000;

struct Chat {
    bot: Bot,
    clock: ManualClock,
    _dir: tempfile::TempDir,
}

impl Chat {
    fn new() -> Chat {
        let dir = tempfile::tempdir().unwrap();
        let clock = ManualClock::at(START);
        let bot = Bot::new(
            Store::open(dir.path().join("db")).unwrap(),
            BotConfig {
                images: false,
                ai_seed: Some(3),
                ai_deadline: std::time::Duration::from_millis(50),
                clock: Arc::new(clock.clone()),
                ..BotConfig::default()
            },
        );
        Chat {
            bot,
            clock,
            _dir: dir,
        }
    }

    fn say_in(&self, channel: &str, who: &str, command: &str) -> Vec<Reply> {
        self.bot.handle(&Request {
            platform: "test".into(),
            channel: channel.into(),
            user: User::new(who, who),
            command: command.into(),
            mentions: Vec::new(),
            ..Default::default()
        })
    }

    /// `resign`, then `resign` again to confirm it.
    fn resign(&self, channel: &str, who: &str) -> Vec<Reply> {
        let asked = self.say_in(channel, who, "resign");
        assert!(asked[0].ephemeral, "{}", asked[0].text);
        self.say_in(channel, who, "resign")
    }

    /// A Sight game in `channel` between `a` (White) and `b`, `turns` turns
    /// played (at random), still going.
    fn start(&self, channel: &str, a: &str, b: &str, turns: usize, clock: &str) {
        self.say_in(channel, a, &format!("challenge sight {b} clock={clock}"));
        self.say_in(channel, b, "accept");
        let moves = random_turns(GameKind::Sight, &[], turns, 9).unwrap();
        assert_eq!(moves.len(), turns);
        for (i, turn) in moves.iter().enumerate() {
            let who = if i % 2 == 0 { a } else { b };
            let reply = self.say_in(channel, who, &format!("move {turn}"));
            assert!(!reply[0].ephemeral, "{}", reply[0].text);
        }
    }

    fn rating(&self, who: &str) -> Option<cairn_store::ratings::RatingEntry> {
        self.bot
            .store()
            .rating(GameKind::Sight, "test", who)
            .unwrap()
    }

    fn archived(&self) -> usize {
        self.bot.store().entries(TreeName::Archive).unwrap().len()
    }
}

fn expected_after_one_game(winner: Seat) -> (Rating, Rating) {
    rate(
        Rating::default(),
        Rating::default(),
        &Outcome::win(winner, Reason::Resign),
    )
}

#[test]
fn two_resignations_racing_rate_the_game_once() {
    for round in 0..5 {
        let chat = Chat::new();
        chat.start("main", "alice", "bob", 4, "none");
        // Both ask first (`resign` asks for a confirmation); then both
        // confirm at once.
        for who in ["alice", "bob"] {
            assert!(chat.say_in("main", who, "resign")[0].ephemeral);
        }
        let barrier = Arc::new(Barrier::new(2));
        let results: Vec<Vec<Reply>> = std::thread::scope(|s| {
            let handles: Vec<_> = ["alice", "bob"]
                .into_iter()
                .map(|who| {
                    let barrier = barrier.clone();
                    let chat = &chat;
                    s.spawn(move || {
                        barrier.wait();
                        chat.say_in("main", who, "resign")
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let resigned: Vec<bool> = results.iter().map(|r| !r[0].ephemeral).collect();
        assert_eq!(
            resigned.iter().filter(|r| **r).count(),
            1,
            "round {round}: one resignation wins"
        );
        assert_eq!(chat.archived(), 1);
        let (alice, bob) = (chat.rating("alice").unwrap(), chat.rating("bob").unwrap());
        assert_eq!((alice.games, bob.games), (1, 1), "round {round}");
        // Whoever resigned first lost, rated exactly once.
        let winner = if resigned[0] {
            Seat::Second
        } else {
            Seat::First
        };
        let (first, second) = expected_after_one_game(winner);
        assert_eq!(alice.rating, first);
        assert_eq!(bob.rating, second);
        assert_eq!(alice.wins + alice.losses, 1);
    }
}

#[test]
fn a_resignation_racing_a_timeout_rates_the_game_once() {
    for round in 0..5 {
        let chat = Chat::new();
        chat.start("main", "alice", "bob", 4, "1d");
        // Alice (to move) runs out of time just as she confirms her
        // resignation.
        assert!(chat.say_in("main", "alice", "resign")[0].ephemeral);
        chat.clock.advance(DAY_MS + 1);
        let barrier = Arc::new(Barrier::new(2));
        std::thread::scope(|s| {
            let b1 = barrier.clone();
            let chat = &chat;
            let resign = s.spawn(move || {
                b1.wait();
                chat.say_in("main", "alice", "resign")
            });
            let b2 = barrier.clone();
            let timeout = s.spawn(move || {
                b2.wait();
                chat.bot.fire_due("test")
            });
            resign.join().unwrap();
            timeout.join().unwrap();
        });
        assert_eq!(chat.archived(), 1, "round {round}");
        let (alice, bob) = (chat.rating("alice").unwrap(), chat.rating("bob").unwrap());
        assert_eq!((alice.games, bob.games), (1, 1), "round {round}");
        assert_eq!((alice.losses, bob.wins), (1, 1));
        let (first, second) = expected_after_one_game(Seat::Second);
        assert_eq!((alice.rating, bob.rating), (first, second));
        // Nothing is due any more: a later scheduler pass changes nothing.
        assert!(chat.bot.fire_due("test").is_empty());
        assert_eq!(chat.rating("alice").unwrap().games, 1);
    }
}

#[test]
fn bot_games_and_early_resignations_are_unrated() {
    let chat = Chat::new();
    // One turn each, then a resignation: too early to count.
    chat.start("a", "alice", "bob", 2, "none");
    chat.resign("a", "alice");
    assert_eq!(chat.archived(), 1);
    assert!(chat.rating("alice").is_none() && chat.rating("bob").is_none());
    // Against the bot: never rated.
    chat.say_in("b", "carol", "challenge sight bot level=1");
    chat.resign("b", "carol");
    assert!(chat.rating("carol").is_none());
    let reply = chat.say_in("b", "carol", "rating");
    assert!(
        reply[0].text.contains("carol has no rated game yet"),
        "{}",
        reply[0].text
    );
    // The export says so too.
    let export = chat.say_in("a", "alice", "export");
    let json = String::from_utf8(export[0].files[0].bytes.clone()).unwrap();
    assert!(json.contains("\"unrated\": true"), "{json}");
}

#[test]
fn ratings_and_leaderboards_here_and_everywhere() {
    let chat = Chat::new();
    // Two places: channels x and y are one Discord-like server, z another.
    let store = chat.bot.store();
    store.set_place("test:x", "server-1").unwrap();
    store.set_place("test:y", "server-1").unwrap();
    store.set_place("test:z", "server-2").unwrap();
    chat.start("x", "alice", "bob", 4, "none");
    chat.resign("x", "bob");
    chat.start("y", "alice", "carol", 4, "none");
    chat.resign("y", "carol");
    chat.start("z", "dave", "erin", 4, "none");
    chat.resign("z", "erin");

    let alice = chat.rating("alice").unwrap();
    assert_eq!((alice.games, alice.wins), (2, 2));
    assert!(alice.rating.rating > 1662.0 && alice.rating.provisional());
    assert_eq!(alice.places, ["server-1"]);

    let text = &chat.say_in("x", "bob", "rating alice sight")[0].text;
    assert!(
        text.starts_with("alice's Sight rating (Glicko-2):"),
        "{text}"
    );
    assert!(
        text.contains("provisional") && text.contains("2 games: 2 wins, 0 losses"),
        "{text}"
    );

    let here = &chat.say_in("y", "bob", "leaderboard sight")[0];
    let table = here.table.as_ref().expect("a table for embeds");
    let names: Vec<&str> = table.rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(names[0], "alice");
    assert_eq!(names.len(), 3, "{names:?}: server-1 only");
    assert!(!names.contains(&"dave"));
    let all = &chat.say_in("y", "bob", "leaderboard sight all")[0];
    let table = all.table.as_ref().unwrap();
    assert_eq!(table.rows.len(), 5);
    assert_eq!(table.rows[0][2], alice.rating.label());
    assert!(all.text.contains("everywhere"), "{}", all.text);

    // The record carries the players' ratings.
    let export = &chat.say_in("x", "bob", "export")[0];
    let record = cairn_bot::history::record::Record::parse(
        std::str::from_utf8(&export.files[0].bytes).unwrap(),
    )
    .unwrap();
    let bob = chat.rating("bob").unwrap();
    assert_eq!(
        record.players.map(|p| p.rating),
        [
            alice.rating.rating.round() as u32,
            bob.rating.rating.round() as u32
        ]
        .map(Some)
    );
    assert!(!record.unrated);

    let none = &chat.say_in("y", "bob", "leaderboard fanorona")[0];
    assert!(
        none.text
            .starts_with("Nobody has a rated Fanorona game here yet."),
        "{}",
        none.text
    );
    let bad = &chat.say_in("y", "bob", "leaderboard chess")[0];
    assert!(
        bad.ephemeral && bad.text.contains("There is no game called `chess`"),
        "{}",
        bad.text
    );
    let bad = &chat.say_in("y", "bob", "leaderboard sight nowhere")[0];
    assert!(
        bad.ephemeral && bad.text.contains("`nowhere` is not a scope"),
        "{}",
        bad.text
    );
}
