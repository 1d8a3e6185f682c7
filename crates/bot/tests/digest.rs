//! The daily digest through the bot core, with a clock the test drives:
//! it comes once a day at the player's local hour, across a
//! daylight-saving change, by direct message, never naming a game named
//! within 12 hours, and it survives a restart.

mod common;

use cairn_bot::{Bot, Delivery};
use cairn_store::clock::{Clock, ManualClock, DAY_MS, HOUR_MS};
use common::{open, say};

fn ms(text: &str) -> u64 {
    let t: jiff::Timestamp = text.parse().expect("a timestamp");
    t.as_millisecond() as u64
}

/// bob to move in `channel` (a 30-day clock: no reminder comes by itself
/// in these tests).
fn bob_to_move(bot: &Bot, channel: &str) {
    say(bot, channel, "alice", "challenge sight @bob clock=30d");
    say(bot, channel, "bob", "accept");
    let turn = common::game_in(bot, channel).game.legal_strings()[0].clone();
    let r = say(bot, channel, "alice", &format!("move {turn}"));
    assert!(!r[0].ephemeral, "{}", r[0].text);
}

/// Advance hour by hour for `hours`, firing what is due: the digests
/// delivered to bob, with when.
fn run(bot: &Bot, clock: &ManualClock, hours: u64) -> Vec<(u64, Delivery)> {
    let mut out = Vec::new();
    for _ in 0..hours {
        clock.advance(HOUR_MS);
        for delivery in bot.fire_due("test") {
            if delivery.direct.as_ref().is_some_and(|u| u.id == "id-bob") {
                out.push((clock.now_ms(), delivery));
            }
        }
    }
    out
}

#[test]
fn the_digest_comes_at_the_local_hour_once_a_day_across_a_daylight_saving_change() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("db");
    let clock = ManualClock::at(ms("2026-10-22T00:00:00Z"));
    let mut bot = open(&path, &clock);
    bob_to_move(&bot, "one");
    bob_to_move(&bot, "two");
    let r = say(&bot, "one", "bob", "notify digest 09:00 Europe/Madrid");
    assert!(r[0].text.contains("09:00 (Europe/Madrid)"), "{}", r[0].text);
    let mut fired = run(&bot, &clock, 3 * 24);
    // A restart between two digests changes nothing.
    drop(bot);
    bot = open(&path, &clock);
    fired.extend(run(&bot, &clock, 3 * 24));
    let when: Vec<u64> = fired.iter().map(|(at, _)| *at).collect();
    // Madrid is UTC+2 until 25 October 2026, UTC+1 after.
    assert_eq!(
        when,
        vec![
            ms("2026-10-22T07:00:00Z"),
            ms("2026-10-23T07:00:00Z"),
            ms("2026-10-24T07:00:00Z"),
            ms("2026-10-25T08:00:00Z"),
            ms("2026-10-26T08:00:00Z"),
            ms("2026-10-27T08:00:00Z"),
        ]
    );
    let (_, first) = &fired[0];
    assert!(
        first.replies[0].text.starts_with("Your turn in 2 games"),
        "{}",
        first.replies[0].text
    );
    assert_eq!(first.replies[0].channels.len(), 2);
}

#[test]
fn a_game_named_within_twelve_hours_is_not_named_again() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = ManualClock::at(ms("2026-11-02T00:00:00Z"));
    let bot = open(&dir.path().join("db"), &clock);
    bob_to_move(&bot, "one");
    say(&bot, "one", "bob", "notify digest 06:00");
    let fired = run(&bot, &clock, 7);
    assert_eq!(fired.len(), 1);
    // Moved to 10:00 the same day: four hours after, nothing is repeated.
    say(&bot, "one", "bob", "notify digest 10:00");
    let fired = run(&bot, &clock, 6);
    assert!(fired.is_empty(), "{fired:?}");
    // A new game waiting for bob is named the next day, with the old one
    // (more than 12 hours later).
    bob_to_move(&bot, "two");
    let fired = run(&bot, &clock, 24);
    assert_eq!(fired.len(), 1);
    assert_eq!(fired[0].1.replies[0].channels.len(), 2);
}

#[test]
fn with_a_digest_the_first_reminder_is_silent_and_the_urgent_one_comes_directly() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = ManualClock::at(ms("2026-11-02T00:00:00Z"));
    let bot = open(&dir.path().join("db"), &clock);
    say(&bot, "one", "alice", "challenge sight @bob clock=10h");
    say(&bot, "one", "bob", "accept");
    say(&bot, "one", "bob", "notify digest 23:00");
    let turn = common::game_in(&bot, "one").game.legal_strings()[0].clone();
    say(&bot, "one", "alice", &format!("move {turn}"));
    let mut all = Vec::new();
    for _ in 0..10 {
        clock.advance(HOUR_MS);
        all.extend(
            bot.fire_due("test")
                .into_iter()
                .map(|d| (clock.now_ms(), d)),
        );
    }
    // Half time (5 h): nothing. An hour before the end (9 h): directly.
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(all[0].0, ms("2026-11-02T09:00:00Z"));
    assert!(all[0].1.direct.is_some());
    assert!(all[1].1.replies[0].text.contains("ran out of time"));
    let _ = DAY_MS;
}
