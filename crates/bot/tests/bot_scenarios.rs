//! Scripted conversations through the platform-neutral bot core, on a real
//! sled database in a temporary directory.
//!
//! Every command of every scenario is also said, word for word, to a bot
//! speaking Japanese and one speaking Spanish (each with its own store):
//! their replies must come out in their language with no message missing
//! or falling back to English (the catalogue's slips), whatever the
//! scenario asserts of the English ones.

use std::sync::{Arc, Barrier};

use cairn_bot::i18n::{take_slips, Lang};
use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_rules::SplitRng;
use cairn_store::{ChannelRecord, Store};

struct Chat {
    bot: Bot,
    _dir: tempfile::TempDir,
    /// The same conversation in Japanese and in Spanish.
    shadows: Vec<(Lang, Bot, tempfile::TempDir)>,
}

fn is_japanese(text: &str) -> bool {
    text.chars()
        .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c))
}

fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

fn config() -> BotConfig {
    BotConfig {
        ai_seed: Some(7),
        images: false,
        ai_deadline: std::time::Duration::from_millis(200),
        ..BotConfig::default()
    }
}

impl Chat {
    fn new() -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(dir.path().join("db")).expect("open store");
        let shadows = [Lang::Ja, Lang::Es]
            .into_iter()
            .map(|lang| {
                let dir = tempfile::tempdir().expect("temp dir");
                let store = Store::open(dir.path().join("db")).expect("open store");
                (lang, Bot::new(store, config()), dir)
            })
            .collect();
        Chat {
            bot: Bot::new(store, config()),
            _dir: dir,
            shadows,
        }
    }

    fn say_in(&self, channel: &str, who: &str, command: &str) -> Vec<Reply> {
        let mentions = command
            .split_whitespace()
            .filter_map(|w| w.strip_prefix('@'))
            .map(user)
            .collect();
        let request = Request {
            platform: "test".into(),
            channel: channel.into(),
            user: user(who),
            command: command.into(),
            mentions,
            ..Default::default()
        };
        let replies = self.bot.handle(&request);
        for (lang, bot, _) in &self.shadows {
            let worded = bot.handle(&Request {
                place_lang: Some(*lang),
                user_lang: Some(*lang),
                ..request.clone()
            });
            assert_eq!(take_slips(), Vec::<String>::new(), "{lang}: `{command}`");
            for reply in &worded {
                // Words, not only notation: a sentence shows its language.
                if *lang == Lang::Ja && reply.text.chars().count() > 24 {
                    assert!(is_japanese(&reply.text), "`{command}`: {}", reply.text);
                }
            }
        }
        replies
    }

    fn say(&self, who: &str, command: &str) -> Vec<Reply> {
        self.say_in("main", who, command)
    }

    fn record(&self, channel: &str) -> Option<ChannelRecord> {
        self.bot
            .store()
            .load(&Store::channel_key("test", channel))
            .expect("load")
    }

    /// The game in progress in the channel (a finished game stays in its
    /// channel for `board`, but is no longer active).
    fn active(&self, channel: &str) -> Option<cairn_store::GameRecord> {
        self.record(channel)
            .and_then(|r| r.game)
            .filter(|g| g.in_progress())
    }

    fn raw(&self, channel: &str) -> String {
        serde_json::to_string(&self.record(channel)).expect("json")
    }

    /// Play random legal turns (as whoever is to move) until the game ends.
    fn play_out(&self, channel: &str, seed: u64) -> Vec<Reply> {
        let mut rng = SplitRng::new(seed);
        let mut last = Vec::new();
        for _ in 0..2000 {
            let Some(game) = self.active(channel) else {
                return last;
            };
            let seat = game.game.to_move();
            let mover = game.player(seat).name.clone();
            let legal = game.game.legal_strings();
            assert!(!legal.is_empty(), "game in progress without legal turns");
            let turn = &legal[rng.below(legal.len())];
            last = self.say_in(channel, &mover, &format!("move {turn}"));
            assert!(
                !last[0].ephemeral,
                "legal turn {turn} refused: {}",
                last[0].text
            );
        }
        panic!("game did not end");
    }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn full_games_to_the_end() {
    let chat = Chat::new();
    for (i, (game, options)) in [
        ("sight", ""),
        ("collapse", ""),
        ("alquerque", "rules=bell"),
        ("fanorona", "board=dimy"),
        ("callanish", "size=5"),
        ("alquad", ""),
        ("floaters", ""),
    ]
    .into_iter()
    .enumerate()
    {
        let channel = format!("ch{i}");
        let replies = chat.say_in(
            &channel,
            "alice",
            &format!("challenge {game} @bob {options}"),
        );
        assert!(!replies[0].ephemeral, "{game}: {}", replies[0].text);
        assert_eq!(replies[0].mentions, vec![user("bob")]);
        assert_eq!(replies[0].actions.len(), 2, "accept and decline buttons");
        let replies = chat.say_in(&channel, "bob", "accept");
        assert!(!replies[0].ephemeral, "{game}: {}", replies[0].text);
        assert!(replies[0].board_text.is_some());
        let end = chat.play_out(&channel, i as u64);
        let last = text(&end);
        assert!(
            last.contains("wins") || last.contains("drawn"),
            "{game} ended with: {last}"
        );
        let kept = chat.record(&channel).and_then(|r| r.game);
        assert!(
            kept.is_some_and(|g| g.outcome().is_some() && g.finished_ms.is_some()),
            "{game}: the finished game is not kept on show in its channel"
        );
    }
    // Every finished game is in the archive and `games` lists results.
    let games = text(&chat.say("alice", "games"));
    assert!(games.contains("Recent results"), "{games}");
    assert_eq!(chat.bot.store().archive().count(), 7);
}

#[test]
fn only_the_right_player_moves() {
    let chat = Chat::new();
    chat.say("alice", "challenge sight @bob");
    chat.say("bob", "accept");
    let before = chat.raw("main");
    // A spectator.
    let r = chat.say("carol", "move c3");
    assert!(r[0].ephemeral);
    assert!(
        r[0].text.contains("Only alice and bob play"),
        "{}",
        r[0].text
    );
    // Out of turn.
    let r = chat.say("bob", "move c3");
    assert!(r[0].ephemeral);
    assert!(r[0].text.contains("alice (White)'s turn"), "{}", r[0].text);
    assert_eq!(
        chat.raw("main"),
        before,
        "refused commands changed the game"
    );
    // Anyone may look.
    let r = chat.say("carol", "board");
    assert!(!r[0].ephemeral && r[0].board_text.is_some());
    // The right player; the reply mentions the next player.
    let r = chat.say("alice", "move C3");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    assert!(
        r[0].text.contains("alice (White) played c3"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].mentions, vec![user("bob")]);
}

#[test]
fn illegal_and_malformed_moves_help_and_change_nothing() {
    let chat = Chat::new();
    chat.say("alice", "challenge sight @bob");
    chat.say("bob", "accept");
    chat.say("alice", "move c3");
    let before = chat.raw("main");
    for bad in [
        "move c3",
        "move z9",
        "move",
        "move c3-c4-c5",
        "move hello world",
        "move 💥",
    ] {
        let r = chat.say("bob", bad);
        assert!(r[0].ephemeral, "`{bad}` accepted: {}", r[0].text);
        assert!(
            r[0].text.len() > 20,
            "`{bad}`: unhelpful message {}",
            r[0].text
        );
        assert_eq!(chat.raw("main"), before, "`{bad}` changed the game");
    }
    let r = chat.say("bob", "move c3");
    assert!(r[0].text.contains("c3"), "{}", r[0].text);
    // Typos get a suggestion.
    let r = chat.say("bob", "mvoe c4");
    assert!(
        r[0].text.contains("did you mean `move`") || r[0].text.contains("Did you mean `move`"),
        "{}",
        r[0].text
    );
    let r = chat.say("bob", "c4");
    assert!(r[0].text.contains("move c4"), "{}", r[0].text);
}

#[test]
fn challenges_declined_cancelled_and_validated() {
    let chat = Chat::new();
    let r = chat.say("alice", "challenge callanish @bob size=8");
    assert!(r[0].ephemeral && r[0].text.contains("odd"), "{}", r[0].text);
    let r = chat.say("alice", "challenge chess @bob");
    assert!(
        r[0].ephemeral && r[0].text.contains("no game called"),
        "{}",
        r[0].text
    );
    let r = chat.say("alice", "challenge callanish @bob colour=red");
    assert!(
        r[0].ephemeral && r[0].text.contains("unknown option"),
        "{}",
        r[0].text
    );
    assert!(chat.record("main").is_none());

    chat.say("alice", "challenge callanish @bob size=7");
    let r = chat.say("carol", "accept");
    assert!(
        r[0].ephemeral && r[0].text.contains("for bob"),
        "{}",
        r[0].text
    );
    let r = chat.say("alice", "decline");
    assert!(
        r[0].ephemeral && r[0].text.contains("cancel"),
        "{}",
        r[0].text
    );
    let r = chat.say("bob", "decline");
    assert!(
        !r[0].ephemeral && r[0].text.contains("declines"),
        "{}",
        r[0].text
    );
    assert!(chat.record("main").is_none());

    chat.say("alice", "challenge sight @bob");
    let r = chat.say("bob", "cancel");
    assert!(r[0].ephemeral, "{}", r[0].text);
    let r = chat.say("alice", "cancel");
    assert!(r[0].text.contains("withdraws"), "{}", r[0].text);
    assert!(chat.record("main").is_none());

    // Colour choice: bob moves first when alice plays black.
    chat.say("alice", "challenge collapse @bob as=black");
    let r = chat.say("bob", "accept");
    assert!(r[0].text.contains("bob (White) to move"), "{}", r[0].text);
    // A busy channel suggests another channel (a thread only where
    // players can start one).
    let r = chat.say("carol", "challenge sight @dave");
    assert!(
        r[0].ephemeral && r[0].text.contains("another channel"),
        "{}",
        r[0].text
    );
}

#[test]
fn undo_resign_and_draw() {
    let chat = Chat::new();
    chat.say("alice", "challenge sight @bob");
    chat.say("bob", "accept");
    chat.say("alice", "move c3");
    chat.say("bob", "move a1");
    let r = chat.say("bob", "undo");
    assert_eq!(r[0].mentions, vec![user("alice")], "{}", r[0].text);
    let r = chat.say("alice", "undo");
    assert!(r[0].text.contains("Taken back"), "{}", r[0].text);
    let game = chat.record("main").unwrap().game.unwrap();
    assert_eq!(game.history.len(), 1);
    assert_eq!(game.game.seat_name(game.game.to_move()), "black");
    // Sight cannot be drawn.
    let r = chat.say("bob", "draw");
    assert!(
        r[0].ephemeral && r[0].text.contains("cannot end in a draw"),
        "{}",
        r[0].text
    );
    // Resigning asks first; a second `resign` confirms.
    let r = chat.say("bob", "resign");
    assert!(r[0].ephemeral, "{}", r[0].text);
    let r = chat.say("bob", "resign");
    assert!(r[0].text.contains("alice (White) wins"), "{}", r[0].text);
    assert!(chat.active("main").is_none());

    // A drawable game: offer and accept.
    chat.say("alice", "challenge alquerque @bob rules=basic");
    chat.say("bob", "accept");
    let r = chat.say("alice", "draw");
    assert!(r[0].text.contains("offers a draw"), "{}", r[0].text);
    let r = chat.say("alice", "draw");
    assert!(r[0].ephemeral, "{}", r[0].text);
    let r = chat.say("bob", "draw");
    assert!(r[0].text.contains("drawn by agreement"), "{}", r[0].text);
    assert!(chat.active("main").is_none());
}

#[test]
fn two_channels_and_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    {
        let chat = Chat {
            bot: Bot::new(Store::open(&path).unwrap(), config()),
            _dir: tempfile::tempdir().unwrap(),
            // About the store surviving a restart: English is enough.
            shadows: Vec::new(),
        };
        chat.say_in("one", "alice", "challenge sight @bob");
        chat.say_in("one", "bob", "accept");
        chat.say_in("two", "carol", "challenge collapse @alice");
        chat.say_in("two", "alice", "accept");
        chat.say_in("one", "alice", "move c3");
        chat.say_in("two", "carol", "move b1-b4");
        let games = text(&chat.say("alice", "games"));
        assert!(
            games.contains("test:one") && games.contains("test:two"),
            "{games}"
        );
    }
    // Reopen the database: both games continue where they left off.
    let chat = Chat {
        bot: Bot::new(Store::open(&path).unwrap(), config()),
        _dir: dir,
        shadows: Vec::new(),
    };
    let r = chat.say_in("one", "bob", "move a1");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    let game = chat.record("one").unwrap().game.unwrap();
    assert_eq!(
        game.history
            .iter()
            .map(|t| t.turn.as_str())
            .collect::<Vec<_>>(),
        ["c3", "a1"]
    );
    let game = chat.record("two").unwrap().game.unwrap();
    assert_eq!(game.history.len(), 1);
}

#[test]
fn concurrent_moves_apply_exactly_once() {
    let chat = Arc::new(Chat::new());
    chat.say("alice", "challenge sight @bob");
    chat.say("bob", "accept");
    let sequence = [
        ("alice", "c3"),
        ("bob", "a1"),
        ("alice", "e5"),
        ("bob", "a5"),
    ];
    for (who, turn) in sequence {
        // Many tasks send the same move at once: exactly one applies.
        let threads = 12;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let chat = Arc::clone(&chat);
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    barrier.wait();
                    let r = chat.say(who, &format!("move {turn}"));
                    !r[0].ephemeral
                })
            })
            .collect();
        let applied = handles
            .into_iter()
            .map(|h| h.join().unwrap())
            .filter(|ok| *ok)
            .count();
        assert_eq!(applied, 1, "{turn} applied {applied} times");
    }
    let game = chat.record("main").unwrap().game.unwrap();
    assert_eq!(
        game.history
            .iter()
            .map(|t| t.turn.as_str())
            .collect::<Vec<_>>(),
        sequence.map(|(_, t)| t)
    );
}

#[test]
fn playing_the_bot() {
    let chat = Chat::new();
    let r = chat.say("alice", "challenge collapse bot level=1");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    assert!(chat.record("main").unwrap().game.is_some());
    // The human moves; the bot answers in the same call.
    for _ in 0..40 {
        let Some(game) = chat.active("main") else {
            break;
        };
        let legal = game.game.legal_strings();
        let r = chat.say("alice", &format!("move {}", legal[0]));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        if chat.active("main").is_some() {
            assert!(r.len() >= 2, "the bot did not answer: {}", text(&r));
            assert!(
                r[1].text.starts_with("Cairn (Black) played"),
                "{}",
                r[1].text
            );
        }
    }
    assert!(
        chat.active("main").is_none(),
        "game against the bot did not finish"
    );
}

#[test]
fn help_and_rules() {
    let chat = Chat::new();
    let help = text(&chat.say("alice", "help"));
    // Settings belong to servers, which this place has not.
    for command in cairn_bot::command_names() {
        assert_eq!(
            help.contains(command),
            command != "settings",
            "help and {command}"
        );
    }
    assert!(text(&chat.say("alice", "help move")).contains("move <turn>"));
    let rules = text(&chat.say("alice", "rules fanorona"));
    assert!(rules.contains("docs/rules/fanorona.md"), "{rules}");
    assert!(text(&chat.say("alice", "rules fanarona")).contains("Did you mean `fanorona`"));
}

/// `games` names each channel as a typed reference that each platform
/// formats itself, not as text for the platform to parse back.
#[test]
fn games_name_channels_as_typed_references() {
    let chat = Chat::new();
    for channel in ["north", "south"] {
        chat.say_in(channel, "alice", "challenge sight @bob");
        chat.say_in(channel, "bob", "accept");
    }
    let replies = chat.say("alice", "games");
    let reply = &replies[0];
    let named: Vec<&str> = reply
        .channels
        .iter()
        .map(|span| span.channel.channel.as_str())
        .collect();
    assert_eq!(named.len(), 2, "{}", reply.text);
    assert!(
        named.contains(&"north") && named.contains(&"south"),
        "{named:?}"
    );
    assert!(reply
        .channels
        .iter()
        .all(|span| span.channel.platform == "test"));
    let shown = reply.text_with_channels(|c| format!("<{}>", c.channel));
    assert!(
        shown.contains("in <north>: ") && shown.contains("in <south>: "),
        "{shown}"
    );
    assert!(!shown.contains("test:"), "{shown}");
}
