//! Conditional turns and forced turns through the bot core: a line is
//! played in the same write as the opponent's turn it answers, dropped
//! at a deviation with a private notice, refused when illegal, never
//! shown to the opponent, and played exactly once when three bots on one
//! PostgreSQL database deliver the opponent's turn at once; `autoplay`
//! plays a forced turn and never a choice.

use std::sync::{Arc, Barrier};

mod common;

use cairn_bot::{Bot, BotConfig, Reply, Request};
use cairn_rules::AnyGame;
use cairn_store::{testing, GameRecord, Store};

fn request(who: &str, command: &str) -> Request {
    common::request("main", who, command)
}

fn bot_at(path: &std::path::Path) -> Bot {
    let config = BotConfig {
        images: false,
        ..BotConfig::default()
    };
    Bot::new(Store::open(path).expect("open"), config)
}

fn say(bot: &Bot, who: &str, command: &str) -> Vec<Reply> {
    common::say(bot, "main", who, command)
}

fn game(bot: &Bot) -> GameRecord {
    common::game_in(bot, "main")
}

fn start(bot: &Bot, game: &str) {
    let r = say(bot, "alice", &format!("challenge {game} @bob clock=none"));
    assert!(!r[0].ephemeral, "{}", r[0].text);
    let r = say(bot, "bob", "accept");
    assert!(!r[0].ephemeral, "{}", r[0].text);
}

/// The `n`th legal turn (wrapping) in `position`.
fn nth(position: &AnyGame, n: usize) -> String {
    let turns = position.legal_strings();
    turns[n % turns.len()].clone()
}

fn after(position: &AnyGame, turn: &str) -> AnyGame {
    let mut next = position.clone();
    next.play_str(turn).expect("legal");
    next
}

/// Sight, alice's first turn played: bob to move; bob's next turn and
/// alice's reply to it, as a line.
fn sight_with_line(bot: &Bot) -> (String, String) {
    start(bot, "sight");
    let first = nth(&game(bot).game, 0);
    say(bot, "alice", &format!("move {first}"));
    let position = game(bot).game;
    let theirs = nth(&position, 1);
    let mine = nth(&after(&position, &theirs), 2);
    (theirs, mine)
}

#[test]
fn a_line_answers_in_the_same_write_as_the_opponents_turn() {
    let dir = tempfile::tempdir().expect("dir");
    let bot = bot_at(&dir.path().join("db"));
    let (theirs, mine) = sight_with_line(&bot);
    let r = say(&bot, "alice", &format!("premove {theirs} {mine}"));
    assert!(
        r[0].ephemeral && r[0].text.contains("Kept, privately"),
        "{}",
        r[0].text
    );
    // The opponent never sees it.
    let r = say(&bot, "bob", "premoves");
    assert!(r[0].text.contains("no conditional turns"), "{}", r[0].text);
    let games = say(&bot, "bob", "games");
    assert!(!games[0].text.contains("conditional"), "{}", games[0].text);
    let before = game(&bot).history.len();
    let r = say(&bot, "bob", &format!("move {theirs}"));
    assert!(
        r[0].text
            .contains(&format!("answers with a conditional turn: {mine}")),
        "{}",
        r[0].text
    );
    let after = game(&bot);
    assert_eq!(after.history.len(), before + 2);
    assert_eq!(after.history[before].at_ms, after.history[before + 1].at_ms);
    assert!(after.premoves[0].is_empty());
    assert_eq!(r[0].to_move.as_deref(), Some("id-bob"));
}

#[test]
fn a_turn_off_every_line_drops_them_and_tells_only_their_owner() {
    let dir = tempfile::tempdir().expect("dir");
    let bot = bot_at(&dir.path().join("db"));
    let (theirs, mine) = sight_with_line(&bot);
    say(&bot, "alice", &format!("premove {theirs} {mine}"));
    let other = nth(&game(&bot).game, 0);
    assert_ne!(other, theirs);
    let r = say(&bot, "bob", &format!("move {other}"));
    assert!(r.iter().all(|r| !r.text.contains("conditional")), "{r:?}");
    assert!(game(&bot).premoves[0].is_empty());
    let r = say(&bot, "alice", "board");
    let notices: Vec<_> = r
        .iter()
        .filter(|r| r.text.contains("were dropped"))
        .collect();
    assert_eq!(notices.len(), 1, "{r:?}");
    assert!(notices[0].ephemeral);
    // Told once.
    let r = say(&bot, "alice", "board");
    assert!(r.iter().all(|r| !r.text.contains("were dropped")));
}

#[test]
fn an_illegal_line_is_refused_with_its_first_illegal_turn_and_nothing_is_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let bot = bot_at(&dir.path().join("db"));
    let (theirs, _) = sight_with_line(&bot);
    let r = say(&bot, "alice", &format!("premove {theirs} z9"));
    assert!(r[0].ephemeral, "{}", r[0].text);
    assert!(r[0].text.contains("Turn 2 of your line"), "{}", r[0].text);
    assert!(game(&bot).premoves[0].is_empty());
    let r = say(&bot, "alice", &format!("premove {theirs}"));
    assert!(r[0].text.contains("as pairs"), "{}", r[0].text);
    // On one's own turn there is nothing to answer yet.
    let r = say(&bot, "bob", &format!("premove {theirs} {theirs}"));
    assert!(r[0].text.contains("It is your turn"), "{}", r[0].text);
}

#[test]
fn a_line_of_several_pairs_plays_each_answer_in_turn() {
    let dir = tempfile::tempdir().expect("dir");
    let bot = bot_at(&dir.path().join("db"));
    let (t1, m1) = sight_with_line(&bot);
    let p = after(&after(&game(&bot).game, &t1), &m1);
    let t2 = nth(&p, 3);
    let m2 = nth(&after(&p, &t2), 1);
    let r = say(&bot, "alice", &format!("premove {t1}, {m1}, {t2}, {m2}"));
    assert!(r[0].text.contains("Kept"), "{}", r[0].text);
    say(&bot, "bob", &format!("move {t1}"));
    assert_eq!(game(&bot).premoves[0].len(), 1);
    // The rest of the line survives a restart.
    drop(bot);
    let bot = bot_at(&dir.path().join("db"));
    let r = say(&bot, "bob", &format!("move {t2}"));
    assert!(
        r[0].text.contains(&format!("conditional turn: {m2}")),
        "{}",
        r[0].text
    );
    assert!(game(&bot).premoves[0].is_empty());
}

#[test]
fn autoplay_plays_a_forced_turn_and_never_a_choice() {
    let dir = tempfile::tempdir().expect("dir");
    let bot = bot_at(&dir.path().join("db"));
    start(&bot, "fanorona");
    let r = say(&bot, "bob", "autoplay on");
    assert!(r[0].text.contains("played for you"), "{}", r[0].text);
    let mut forced = 0;
    let mut choices = 0;
    let mut n = 7usize;
    for _ in 0..200 {
        let record = game(&bot);
        if !record.in_progress() {
            break;
        }
        let to_move = record.game.to_move().index();
        let who = if to_move == 0 { "alice" } else { "bob" };
        n = n.wrapping_mul(31).wrapping_add(17);
        let turn = nth(&record.game, n);
        let next = after(&record.game, &turn);
        let r = say(&bot, who, &format!("move {turn}"));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        let played = game(&bot).history.len() - record.history.len();
        let bob_next = who == "alice" && next.outcome().is_none() && !next.in_mid_turn();
        if bob_next && next.count_turns() == 1 {
            forced += 1;
            assert!(played >= 2, "{}", r[0].text);
            assert!(
                r[0].text.contains("had only one legal turn"),
                "{}",
                r[0].text
            );
        } else if bob_next {
            choices += 1;
            assert_eq!(played, 1, "{}", r[0].text);
        }
    }
    assert!(
        forced > 0 && choices > 0,
        "forced {forced}, choices {choices}"
    );
}

#[test]
fn three_bots_on_one_postgresql_database_play_the_answer_exactly_once() {
    let Some(admin) = testing::postgres_url("premoves race") else {
        return;
    };
    let url = testing::create_database(&admin).expect("database");
    let bots: Vec<Bot> = (0..3)
        .map(|_| {
            Bot::new(
                Store::connect(&url).expect("connect"),
                BotConfig {
                    images: false,
                    ..BotConfig::default()
                },
            )
        })
        .collect();
    for round in 0..10 {
        let channel = format!("race{round}");
        let in_channel = |who: &str, command: &str| Request {
            channel: channel.clone(),
            ..request(who, command)
        };
        bots[0].handle(&in_channel("alice", "challenge sight @bob clock=none"));
        bots[1].handle(&in_channel("bob", "accept"));
        let key = Store::channel_key("test", &channel);
        let record = || bots[2].store().load(&key).unwrap().unwrap().game.unwrap();
        let first = nth(&record().game, round);
        bots[2].handle(&in_channel("alice", &format!("move {first}")));
        let theirs = nth(&record().game, round + 1);
        let mine = nth(&after(&record().game, &theirs), round + 2);
        bots[0].handle(&in_channel("alice", &format!("premove {theirs} {mine}")));
        let barrier = Arc::new(Barrier::new(3));
        std::thread::scope(|scope| {
            for bot in &bots {
                let barrier = barrier.clone();
                let request = in_channel("bob", &format!("move {theirs}"));
                scope.spawn(move || {
                    barrier.wait();
                    bot.handle(&request)
                });
            }
        });
        let game = record();
        assert_eq!(game.history.len(), 3, "{:?}", game.history);
        assert_eq!(game.history[2].turn, mine);
        assert!(game.premoves[0].is_empty());
    }
}
