//! One place for every game: `games` lists mine most urgent first,
//! privately, with vacation and conditional-turn marks; `next` shows the
//! board of my most urgent game where it is my turn, with its channel.

mod common;

use cairn_bot::Bot;
use cairn_store::clock::{ManualClock, HOUR_MS};
use common::say;

const START: u64 = 1_795_435_200_000;

fn first_turn(bot: &Bot, channel: &str) -> String {
    common::game_in(bot, channel).game.legal_strings()[0].clone()
}

#[test]
fn next_shows_the_most_urgent_game_waiting_for_me() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = ManualClock::at(START);
    let bot = common::open(&dir.path().join("db"), &clock);
    let r = say(&bot, "slow", "bob", "next");
    assert!(r[0].text.contains("none of your games"), "{}", r[0].text);
    // Three games: bob to move in two (clocks of 3 days and 1 day), alice
    // to move in the third.
    for (channel, clock) in [("slow", "3d"), ("fast", "1d"), ("theirs", "1d")] {
        say(
            &bot,
            channel,
            "alice",
            &format!("challenge sight @bob clock={clock}"),
        );
        say(&bot, channel, "bob", "accept");
    }
    for channel in ["slow", "fast"] {
        let turn = first_turn(&bot, channel);
        say(&bot, channel, "alice", &format!("move {turn}"));
    }
    clock.advance(HOUR_MS);
    let r = say(&bot, "elsewhere", "bob", "next");
    assert!(r[0].ephemeral, "{}", r[0].text);
    assert!(
        r[0].text.starts_with("Your most urgent game"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].channels.len(), 1);
    assert_eq!(r[0].channels[0].channel.channel, "fast");
    assert!(r[0].text.contains("23 hours left"), "{}", r[0].text);
    assert!(r[0].image.is_none() && r[0].board_text.is_some(), "a board");
    // `games` is private and lists the same order.
    let games = say(&bot, "elsewhere", "bob", "games");
    assert!(games[0].ephemeral);
    let at = |name: &str| {
        games[0]
            .channels
            .iter()
            .position(|c| c.channel.channel == name)
            .expect("listed")
    };
    assert!(at("fast") < at("slow") && at("slow") < at("theirs"));
}
