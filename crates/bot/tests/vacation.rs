//! Vacation through the bot core, with a clock the test drives: every
//! clock of the player stands still, no reminder or loss on time fires
//! during it, the clocks run again after it, `vacation=no` games keep
//! running, automatic vacation spends an hour only when a timeout is due,
//! and the yearly quota holds across random stints, turns and restarts.

mod common;

use cairn_bot::{Bot, Delivery, Reply};
use cairn_rules::Reason;
use cairn_store::clock::{ManualClock, DAY_MS, HOUR_MS};
use cairn_store::{GameRecord, PlayerRecord, Store};
use common::open;
use proptest::prelude::*;

/// 2026-11-23 12:00 UTC.
const START: u64 = 1_795_435_200_000;

struct Chat {
    bot: Bot,
    clock: ManualClock,
    path: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Chat {
    fn new() -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("db");
        let clock = ManualClock::at(START);
        Chat {
            bot: open(&path, &clock),
            clock,
            path,
            _dir: dir,
        }
    }

    /// Close the database and open it again, as a restarted process would.
    fn restart(self) -> Chat {
        let Chat {
            bot,
            clock,
            path,
            _dir,
        } = self;
        drop(bot);
        Chat {
            bot: open(&path, &clock),
            clock,
            path,
            _dir,
        }
    }

    fn say(&self, channel: &str, who: &str, command: &str) -> Vec<Reply> {
        common::say(&self.bot, channel, who, command)
    }

    /// Let `ms` pass in steps of at most an hour, firing what is due; all
    /// that fired.
    fn wait(&self, ms: u64) -> Vec<Delivery> {
        let mut fired = Vec::new();
        let mut left = ms;
        while left > 0 {
            let step = left.min(HOUR_MS);
            self.clock.advance(step);
            left -= step;
            fired.extend(self.bot.fire_due("test"));
        }
        fired
    }

    fn game(&self, channel: &str) -> GameRecord {
        common::game_in(&self.bot, channel)
    }

    fn player(&self, name: &str) -> PlayerRecord {
        let key = Store::channel_key("test", &format!("~player~id-{name}"));
        self.bot
            .store()
            .load(&key)
            .expect("load")
            .and_then(|r| r.player)
            .unwrap_or_default()
    }

    /// alice (White) against bob in `channel`, alice having played her
    /// first turn: bob to move.
    fn start(&self, channel: &str, options: &str) {
        let r = self.say(channel, "alice", &format!("challenge sight @bob {options}"));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        let r = self.say(channel, "bob", "accept");
        assert!(!r[0].ephemeral, "{}", r[0].text);
        self.play_first(channel, "alice");
    }

    /// `who` plays the first legal turn in `channel`.
    fn play_first(&self, channel: &str, who: &str) -> Vec<Reply> {
        let turn = self.game(channel).game.legal_strings()[0].clone();
        let r = self.say(channel, who, &format!("move {turn}"));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        r
    }

    fn bob_left(&self, channel: &str) -> u64 {
        let game = self.game(channel);
        let (seat, clock) = game.running_clock().expect("a running clock");
        clock.left_ms(seat.index(), self.clock.now())
    }
}

trait Now {
    fn now(&self) -> u64;
}

impl Now for ManualClock {
    fn now(&self) -> u64 {
        use cairn_store::clock::Clock;
        self.now_ms()
    }
}

#[test]
fn a_vacation_stops_every_clock_of_the_player_and_nothing_fires_during_it() {
    let chat = Chat::new();
    chat.start("one", "clock=1d");
    chat.start("two", "clock=2d");
    chat.wait(3 * HOUR_MS);
    let r = chat.say("one", "bob", "vacation start 5d");
    assert!(r[0].text.contains("lasts until"), "{}", r[0].text);
    assert!(r[0].text.contains("2 games"), "{}", r[0].text);
    assert_eq!(chat.bob_left("one"), 21 * HOUR_MS);
    // Five days pass: no reminder, no loss on time, the time left stands.
    let fired = chat.wait(5 * DAY_MS - HOUR_MS);
    assert!(fired.is_empty(), "{fired:?}");
    assert_eq!(chat.bob_left("one"), 21 * HOUR_MS);
    assert_eq!(chat.bob_left("two"), 45 * HOUR_MS);
    // The opponent sees it in `games`.
    let games = chat.say("one", "alice", "games");
    assert!(
        games[0].text.contains("bob on vacation until"),
        "{}",
        games[0].text
    );
    // After it the clocks run again, from where they stood.
    chat.wait(2 * HOUR_MS);
    assert_eq!(chat.bob_left("one"), 20 * HOUR_MS);
    let fired = chat.wait(21 * HOUR_MS);
    let lost: Vec<_> = fired
        .iter()
        .filter(|d| d.channel == "one")
        .flat_map(|d| &d.replies)
        .filter(|r| r.text.contains("ran out of time"))
        .collect();
    assert_eq!(lost.len(), 1, "{fired:?}");
    let result = chat.game("one").result.expect("over");
    assert_eq!(result.reason, Reason::Timeout);
    assert!(chat.game("two").in_progress());
}

#[test]
fn a_vacation_no_game_keeps_running_and_a_game_started_on_vacation_waits() {
    let chat = Chat::new();
    chat.say("one", "bob", "vacation start 3d");
    chat.start("one", "clock=1d vacation=no");
    chat.say("two", "alice", "challenge sight @bob clock=1d");
    chat.say("two", "bob", "accept");
    // alice's turn says that bob is away.
    let r = chat.play_first("two", "alice");
    assert!(
        r[0].text.contains("bob is on vacation until"),
        "{}",
        r[0].text
    );
    let fired = chat.wait(DAY_MS + HOUR_MS);
    assert!(!chat.game("one").in_progress(), "{fired:?}");
    assert!(chat.game("two").in_progress());
    chat.wait(2 * DAY_MS);
    assert!(chat.game("two").in_progress());
    chat.wait(DAY_MS);
    assert!(!chat.game("two").in_progress());
}

#[test]
fn ending_a_vacation_early_gives_back_the_unused_hours_and_restarts_the_clocks() {
    let chat = Chat::new();
    chat.start("one", "clock=1d");
    chat.say("one", "bob", "vacation start 10d");
    assert_eq!(
        chat.player("bob").vacation.used_ms.values().sum::<u64>(),
        10 * DAY_MS
    );
    chat.wait(DAY_MS + 30 * 60_000);
    let chat = chat.restart();
    let r = chat.say("one", "bob", "vacation end");
    assert!(r[0].text.contains("over"), "{}", r[0].text);
    // 24.5 hours count as 25.
    assert_eq!(
        chat.player("bob").vacation.used_ms.values().sum::<u64>(),
        25 * HOUR_MS
    );
    assert_eq!(chat.bob_left("one"), DAY_MS);
    chat.wait(2 * HOUR_MS);
    assert_eq!(chat.bob_left("one"), DAY_MS - 2 * HOUR_MS);
    let r = chat.say("one", "bob", "vacation");
    assert!(r[0].text.contains("12 days 23 hours"), "{}", r[0].text);
}

#[test]
fn a_planned_vacation_pauses_from_its_day() {
    let chat = Chat::new();
    chat.start("one", "clock=3d");
    // 2026-11-25 00:00 UTC is 36 hours after the start.
    let r = chat.say("one", "bob", "vacation from 2026-11-25 2d");
    assert!(r[0].text.contains("planned"), "{}", r[0].text);
    chat.wait(36 * HOUR_MS);
    assert_eq!(chat.bob_left("one"), 36 * HOUR_MS);
    chat.wait(2 * DAY_MS);
    assert_eq!(chat.bob_left("one"), 36 * HOUR_MS);
    chat.wait(HOUR_MS);
    assert_eq!(chat.bob_left("one"), 35 * HOUR_MS);
}

#[test]
fn automatic_vacation_spends_an_hour_only_when_a_timeout_is_due() {
    let chat = Chat::new();
    chat.start("one", "clock=1d");
    chat.say("one", "bob", "vacation auto on");
    // Both reminders fire: nothing is spent.
    chat.wait(23 * HOUR_MS + 30 * 60_000);
    assert!(chat
        .player("bob")
        .vacation
        .used_ms
        .values()
        .all(|&u| u == 0));
    // The timeout: an hour is spent instead, again and again.
    chat.wait(3 * HOUR_MS);
    assert!(chat.game("one").in_progress());
    assert_eq!(
        chat.player("bob").vacation.used_ms.values().sum::<u64>(),
        3 * HOUR_MS
    );
    // bob moves: no more is spent.
    chat.play_first("one", "bob");
    chat.wait(HOUR_MS);
    assert_eq!(
        chat.player("bob").vacation.used_ms.values().sum::<u64>(),
        3 * HOUR_MS
    );
}

#[test]
fn automatic_vacation_ends_when_the_quota_is_spent() {
    let chat = Chat::new();
    chat.start("one", "clock=1d");
    chat.say("one", "bob", "vacation start 13d");
    chat.say("one", "bob", "vacation auto on");
    chat.wait(14 * DAY_MS);
    // 13 days of vacation, one of play; then 24 hours spent one at a time.
    assert!(chat.game("one").in_progress());
    chat.wait(DAY_MS + HOUR_MS);
    assert!(!chat.game("one").in_progress());
    let used: u64 = chat.player("bob").vacation.used_ms.values().sum();
    assert_eq!(used, 14 * DAY_MS);
}

#[derive(Clone, Debug)]
enum Step {
    Start(u32),
    StartOpen,
    End,
    Auto(bool),
    Move,
    Wait(u64),
    Restart,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (1u32..20).prop_map(Step::Start),
        Just(Step::StartOpen),
        Just(Step::End),
        any::<bool>().prop_map(Step::Auto),
        Just(Step::Move),
        (1u64..(3 * DAY_MS)).prop_map(Step::Wait),
        Just(Step::Restart),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7AC4_7104),
        ..ProptestConfig::default()
    })]

    /// The quota is never negative nor above the year's days, and the game
    /// ends by the rules or on time however vacations come and go.
    #[test]
    fn the_quota_holds_and_no_game_is_immortal(steps in proptest::collection::vec(step(), 1..25)) {
        let mut chat = Chat::new();
        chat.start("one", "clock=1d");
        for step in steps {
            match step {
                Step::Start(days) => { chat.say("one", "bob", &format!("vacation start {days}d")); }
                Step::StartOpen => { chat.say("one", "bob", "vacation start"); }
                Step::End => { chat.say("one", "bob", "vacation end"); }
                Step::Auto(on) => { chat.say("one", "bob", if on { "vacation auto on" } else { "vacation auto off" }); }
                Step::Move => {
                    let game = chat.game("one");
                    if game.in_progress() {
                        let who = if game.game.to_move().index() == 0 { "alice" } else { "bob" };
                        let turn = game.game.legal_strings()[0].clone();
                        chat.say("one", who, &format!("move {turn}"));
                    }
                }
                Step::Wait(ms) => { chat.wait(ms); }
                Step::Restart => chat = chat.restart(),
            }
            for (_, used) in chat.player("bob").vacation.used_ms {
                prop_assert!(used <= 14 * DAY_MS, "used {used}");
            }
        }
        // Two years on, with nobody playing: the game is over.
        chat.wait(2 * 366 * DAY_MS);
        prop_assert!(!chat.game("one").in_progress());
    }
}

#[test]
fn the_opponent_of_a_player_away_reads_it_in_an_untimed_game_too() {
    let chat = Chat::new();
    chat.say("one", "alice", "challenge sight @bob clock=none");
    chat.say("one", "bob", "accept");
    chat.say("one", "bob", "vacation start 3d");
    let r = chat.play_first("one", "alice");
    assert!(
        r[0].text.contains("bob is on vacation until 26 November."),
        "{}",
        r[0].text
    );
    assert!(!r[0].text.contains("stands still"), "{}", r[0].text);
    let games = chat.say("one", "alice", "games");
    assert!(
        games[0].text.contains("bob on vacation until 26 November"),
        "{}",
        games[0].text
    );
    chat.say("one", "bob", "vacation end");
    let games = chat.say("one", "alice", "games");
    assert!(!games[0].text.contains("on vacation"), "{}", games[0].text);
}
