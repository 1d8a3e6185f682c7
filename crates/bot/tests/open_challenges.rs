//! Open challenges (anyone but the challenger may accept; the first accept
//! wins, also when accepts race, on sled and on PostgreSQL) and rematches
//! (the same opponent, game, options and clock, sides swapped, for a day
//! and until a new game starts in the channel), through the
//! platform-neutral bot core with a clock the test drives.

use std::sync::{Arc, Barrier};

use cairn_bot::{Bot, BotConfig, Reply, Request, User, REMATCH_WINDOW_MS};
use cairn_rules::Seat;
use cairn_store::clock::{ManualClock, TimeControl, DAY_MS, MINUTE_MS};
use cairn_store::{testing, ChannelRecord, GameRecord, Store};

/// 2026-11-23 12:00 UTC: any fixed start will do.
const START: u64 = 1_795_435_200_000;

fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

/// `who` says `command` in `channel`; `@name` words are mentions.
fn request(channel: &str, who: &str, command: &str) -> Request {
    let mentions = command
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(user)
        .collect();
    Request {
        platform: "test".into(),
        channel: channel.into(),
        user: user(who),
        command: command.into(),
        mentions,
        ..Default::default()
    }
}

fn config(clock: &ManualClock) -> BotConfig {
    BotConfig {
        images: false,
        rate_limit: None,
        ai_seed: Some(3),
        ai_deadline: std::time::Duration::from_millis(50),
        clock: Arc::new(clock.clone()),
        ..BotConfig::default()
    }
}

struct Chat {
    bot: Bot,
    clock: ManualClock,
    _dir: tempfile::TempDir,
}

impl Chat {
    fn new() -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let clock = ManualClock::at(START);
        let store = Store::open(dir.path().join("db")).expect("open store");
        Chat {
            bot: Bot::new(store, config(&clock)),
            clock,
            _dir: dir,
        }
    }

    fn say(&self, who: &str, command: &str) -> Vec<Reply> {
        self.say_in("main", who, command)
    }

    fn say_in(&self, channel: &str, who: &str, command: &str) -> Vec<Reply> {
        self.bot.handle(&request(channel, who, command))
    }

    /// `who` says `command`, which must be answered publicly.
    fn ok(&self, who: &str, command: &str) -> Reply {
        let replies = self.say(who, command);
        assert!(!replies[0].ephemeral, "{command}: {}", replies[0].text);
        replies[0].clone()
    }

    /// `who` says `command`, which must be refused (to them alone).
    fn refused(&self, who: &str, command: &str) -> String {
        let replies = self.say(who, command);
        assert!(replies[0].ephemeral, "{command}: {}", replies[0].text);
        replies[0].text.clone()
    }

    fn record(&self) -> ChannelRecord {
        self.bot
            .store()
            .load(&Store::channel_key("test", "main"))
            .expect("load")
            .unwrap_or_default()
    }

    fn game(&self) -> GameRecord {
        self.record().game.expect("a game in the channel")
    }

    /// Alice resigns the game in the channel (asked, then confirmed): the
    /// last reply, which ends the game.
    fn alice_resigns(&self) -> Reply {
        self.say("alice", "resign");
        self.ok("alice", "resign")
    }
}

fn names(game: &GameRecord) -> [&str; 2] {
    [game.players[0].name.as_str(), game.players[1].name.as_str()]
}

const THREE_DAYS: TimeControl = TimeControl::PerMove { ms: 3 * DAY_MS };

#[test]
fn an_open_challenge_shows_its_terms_and_its_challenger_cannot_accept_it() {
    let chat = Chat::new();
    let made = chat.ok("alice", "challenge callanish size=7 as=black clock=3d");
    assert!(made.text.contains("anyone"), "{}", made.text);
    assert!(made.text.contains("size=7"), "{}", made.text);
    assert!(made.text.contains("alice plays Black"), "{}", made.text);
    assert!(made.text.contains("3 days"), "{}", made.text);
    assert!(made.mentions.is_empty(), "nobody in particular is called");
    let accept = made
        .actions
        .iter()
        .find(|a| a.command == "accept")
        .expect("an accept button");
    assert_eq!(accept.for_user, None, "anyone may press it");
    let challenge = chat.record().challenge.expect("the challenge is stored");
    assert_eq!(challenge.challenged, None);
    assert_eq!(challenge.expires_ms, Some(START + 7 * DAY_MS));

    let own = chat.refused("alice", "accept");
    assert!(own.contains("yours"), "{own}");
    assert!(chat.record().game.is_none(), "no game started");
    assert!(chat.record().challenge.is_some(), "the challenge stands");
}

#[test]
fn another_player_accepts_and_the_game_starts_as_shown() {
    let chat = Chat::new();
    chat.ok("alice", "challenge callanish size=7 as=black clock=3d");
    let started = chat.ok("carol", "accept");
    assert!(started.text.contains("carol accepts"), "{}", started.text);
    let game = chat.game();
    assert!(game.in_progress());
    assert_eq!(names(&game), ["carol", "alice"], "alice plays Black");
    assert_eq!(game.options, vec!["size=7".to_string()]);
    assert_eq!(game.clock.map(|c| c.control), Some(THREE_DAYS));
    assert!(chat.record().challenge.is_none());
    // Taken: a late accept is told so.
    let late = chat.refused("dave", "accept");
    assert!(late.contains("carol"), "{late}");
}

#[test]
fn an_open_challenge_lapses_after_its_time() {
    let chat = Chat::new();
    chat.ok("alice", "challenge sight");
    chat.clock.advance(7 * DAY_MS - MINUTE_MS);
    assert!(chat.bot.fire_due("test").is_empty(), "not yet");
    chat.clock.advance(MINUTE_MS);
    let fired = chat.bot.fire_due("test");
    let text = &fired[0].replies[0].text;
    assert!(text.contains("open challenge from alice"), "{text}");
    assert!(text.contains("expired"), "{text}");
    assert!(chat.record().challenge.is_none());
    let none = chat.refused("bob", "accept");
    assert!(none.contains("no challenge"), "{none}");
}

#[test]
fn games_lists_my_open_challenges() {
    let chat = Chat::new();
    chat.ok("alice", "challenge callanish size=7");
    // `games` is the requester's alone.
    let mine = chat.say("alice", "games")[0].clone();
    assert!(mine.ephemeral);
    assert!(mine.text.contains("Your challenges"), "{}", mine.text);
    assert!(mine.text.contains("Callanish (size=7)"), "{}", mine.text);
    assert!(mine.text.contains("lapses in 7 days"), "{}", mine.text);
    let theirs = chat.say("bob", "games")[0].clone();
    assert!(!theirs.text.contains("Your challenges"), "{}", theirs.text);
}

#[test]
fn only_the_challenger_withdraws_an_open_challenge_and_nobody_declines_it() {
    let chat = Chat::new();
    chat.ok("alice", "challenge sight");
    let decline = chat.refused("bob", "decline");
    assert!(decline.contains("open to anyone"), "{decline}");
    let cancel = chat.refused("bob", "cancel");
    assert!(cancel.contains("Only alice"), "{cancel}");
    let withdrawn = chat.ok("alice", "cancel");
    assert!(
        withdrawn
            .text
            .contains("alice withdraws the open challenge"),
        "{}",
        withdrawn.text
    );
    assert_eq!(chat.record(), ChannelRecord::default());
    chat.refused("bob", "accept");
}

#[test]
fn another_challenge_here_waits_for_the_open_one() {
    let chat = Chat::new();
    chat.ok("alice", "challenge sight");
    let other = chat.refused("bob", "challenge sight @carol");
    assert!(other.contains("open challenge"), "{other}");
    // The challenger's own new challenge replaces it.
    let replaced = chat.ok("alice", "challenge sight @carol");
    assert!(replaced.text.contains("replaces"), "{}", replaced.text);
}

/// Alice (black) and Bob (white) play Callanish 7 x 7 on a 3-day clock;
/// alice resigns.
fn a_finished_game(chat: &Chat) -> Reply {
    chat.ok("alice", "challenge callanish @bob size=7 as=black clock=3d");
    chat.ok("bob", "accept");
    chat.alice_resigns()
}

#[test]
fn a_finished_game_offers_a_rematch() {
    let chat = Chat::new();
    let last = a_finished_game(&chat);
    assert!(last.text.contains("`rematch`"), "{}", last.text);
    assert!(
        last.actions.iter().any(|a| a.command == "rematch"),
        "{:?}",
        last.actions
    );
}

#[test]
fn a_rematch_swaps_sides_and_keeps_options_and_clock() {
    let chat = Chat::new();
    a_finished_game(&chat);
    let asked = chat.ok("bob", "rematch");
    assert!(asked.text.contains("rematch"), "{}", asked.text);
    let challenge = chat.record().challenge.expect("a challenge");
    assert_eq!(challenge.challenger.name, "bob");
    assert_eq!(challenge.challenged.map(|p| p.name), Some("alice".into()));
    assert_eq!(challenge.challenger_seat, Seat::Second, "bob was white");
    // The finished game stays on show until the rematch starts.
    assert!(chat.record().game.is_some());
    chat.ok("alice", "accept");
    let game = chat.game();
    assert!(game.in_progress());
    assert_eq!(names(&game), ["alice", "bob"], "sides swapped");
    assert_eq!(game.options, vec!["size=7".to_string()]);
    assert_eq!(game.clock.map(|c| c.control), Some(THREE_DAYS));
    // And once that one ends, the next rematch swaps them back.
    chat.alice_resigns();
    chat.ok("alice", "rematch");
    chat.ok("bob", "accept");
    assert_eq!(names(&chat.game()), ["bob", "alice"]);
}

#[test]
fn a_rematch_asked_by_both_players_starts_the_game() {
    let chat = Chat::new();
    a_finished_game(&chat);
    chat.ok("alice", "rematch");
    let started = chat.ok("bob", "rematch");
    assert!(started.text.contains("bob accepts"), "{}", started.text);
    assert_eq!(names(&chat.game()), ["alice", "bob"]);
}

#[test]
fn a_rematch_is_refused_after_a_day() {
    let chat = Chat::new();
    a_finished_game(&chat);
    chat.clock.advance(REMATCH_WINDOW_MS + MINUTE_MS);
    let late = chat.refused("bob", "rematch");
    assert!(late.contains("more than 1 day ago"), "{late}");
    assert!(chat.record().challenge.is_none());
}

#[test]
fn a_rematch_is_refused_once_a_new_game_has_started_here() {
    let chat = Chat::new();
    a_finished_game(&chat);
    chat.ok("carol", "challenge sight @dave");
    chat.ok("dave", "accept");
    let refused = chat.refused("alice", "rematch");
    assert!(refused.contains("A new game has started"), "{refused}");
    assert!(refused.contains("carol vs dave"), "{refused}");
    let playing = chat.refused("carol", "rematch");
    assert!(playing.contains("still going on"), "{playing}");
    let outsider = Chat::new();
    let nothing = outsider.refused("alice", "rematch");
    assert!(nothing.contains("No game has ended"), "{nothing}");
}

#[test]
fn a_rematch_against_the_bot_starts_at_once() {
    let chat = Chat::new();
    chat.ok("alice", "challenge callanish bot size=7 level=1 as=black");
    let first = chat.game();
    assert_eq!(first.players[0].name, chat.bot.config().bot_user.name);
    chat.alice_resigns();
    let replies = chat.say("alice", "rematch");
    assert!(!replies[0].ephemeral, "{}", replies[0].text);
    let game = chat.game();
    assert!(game.in_progress(), "the bot takes it at once");
    assert!(chat.record().challenge.is_none());
    assert_eq!(game.players[0].name, "alice", "sides swapped");
    assert!(game.players[1].is_bot);
    assert_eq!(game.options, vec!["size=7".to_string()]);
    assert_eq!(game.level, Some(1));
}

/// Three players accept one open challenge at once through `bots` (one
/// per player): exactly one game starts, the other two hear why not.
fn three_accept_at_once(bots: [Arc<Bot>; 3], channel: &str) {
    let made = bots[0].handle(&request(channel, "alice", "challenge sight"));
    assert!(!made[0].ephemeral, "{}", made[0].text);
    let barrier = Arc::new(Barrier::new(3));
    let handles: Vec<_> = bots
        .iter()
        .zip(["bob", "carol", "dave"])
        .map(|(bot, who)| {
            let (bot, barrier) = (Arc::clone(bot), Arc::clone(&barrier));
            let channel = channel.to_string();
            std::thread::spawn(move || {
                barrier.wait();
                let replies = bot.handle(&request(&channel, who, "accept"));
                (who, replies[0].clone())
            })
        })
        .collect();
    let answers: Vec<(&str, Reply)> = handles
        .into_iter()
        .map(|h| h.join().expect("an accept"))
        .collect();
    let started: Vec<&str> = answers
        .iter()
        .filter(|(_, r)| !r.ephemeral)
        .map(|(who, _)| *who)
        .collect();
    assert_eq!(started.len(), 1, "{answers:?}");
    let record = bots[0]
        .store()
        .load(&Store::channel_key("test", channel))
        .expect("load")
        .expect("a record");
    let game = record.game.expect("a game");
    assert!(game.seat_of("id-alice").is_some());
    assert!(game.seat_of(&format!("id-{}", started[0])).is_some());
    for (_, reply) in answers.iter().filter(|(_, r)| r.ephemeral) {
        assert!(reply.text.contains("already has a game"), "{}", reply.text);
    }
}

#[test]
fn three_accepts_of_one_open_challenge_start_one_game() {
    let chat = Chat::new();
    let bot = Arc::new(chat.bot.reconfigured(config(&chat.clock)));
    for round in 0..5 {
        three_accept_at_once(
            [Arc::clone(&bot), Arc::clone(&bot), Arc::clone(&bot)],
            &format!("race{round}"),
        );
    }
}

#[test]
fn three_processes_accepting_on_postgresql_start_one_game() {
    let Some(admin) =
        testing::postgres_url("three_processes_accepting_on_postgresql_start_one_game")
    else {
        return;
    };
    let url = testing::create_database(&admin).expect("a database");
    let clock = ManualClock::at(START);
    let bot = || {
        let store = Store::connect(&url).expect("connect");
        Arc::new(Bot::new(store, config(&clock)))
    };
    let bots = [bot(), bot(), bot()];
    for round in 0..5 {
        three_accept_at_once(bots.clone(), &format!("race{round}"));
    }
    // `games` finds an open challenge through the player index, from
    // another process.
    let made = bots[1].handle(&request("listed", "erin", "challenge sight"));
    assert!(!made[0].ephemeral, "{}", made[0].text);
    let listed = bots[2].handle(&request("elsewhere", "erin", "games"));
    assert!(
        listed[0].text.contains("Your challenges"),
        "{}",
        listed[0].text
    );
}
