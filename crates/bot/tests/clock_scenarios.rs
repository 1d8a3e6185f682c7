//! Asynchronous play over days, through the platform-neutral bot core with
//! a clock the test drives: turn reminders, losses on time, lapsing
//! challenges, `notify`, and events that survive a restart. Real sled
//! databases in temporary directories.

use std::sync::{Arc, Barrier};

use cairn_bot::{Bot, BotConfig, Delivery, Reply, Request, User};
use cairn_rules::{Outcome, Reason, Seat};
use cairn_store::clock::{ManualClock, DAY_MS, HOUR_MS, MINUTE_MS};
use cairn_store::{GameRecord, Store};

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

struct Chat {
    bot: Bot,
    clock: ManualClock,
    path: std::path::PathBuf,
    _dir: Option<tempfile::TempDir>,
}

impl Chat {
    fn new() -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("db");
        Chat::open(&path, ManualClock::at(START), Some(dir))
    }

    fn open(path: &std::path::Path, clock: ManualClock, dir: Option<tempfile::TempDir>) -> Chat {
        let config = BotConfig {
            images: false,
            ai_seed: Some(3),
            ai_deadline: std::time::Duration::from_millis(50),
            clock: Arc::new(clock.clone()),
            ..BotConfig::default()
        };
        let store = Store::open(path).expect("open store");
        Chat {
            bot: Bot::new(store, config),
            clock,
            path: path.to_path_buf(),
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
        Chat::open(&path, clock, _dir)
    }

    fn say(&self, who: &str, command: &str) -> Vec<Reply> {
        self.say_in("main", who, command)
    }

    fn say_in(&self, channel: &str, who: &str, command: &str) -> Vec<Reply> {
        self.bot.handle(&request(channel, who, command))
    }

    /// Let `ms` pass and fire what is due.
    fn wait(&self, ms: u64) -> Vec<Delivery> {
        self.clock.advance(ms);
        self.bot.fire_due("test")
    }

    fn game(&self) -> GameRecord {
        self.bot
            .store()
            .load(&Store::channel_key("test", "main"))
            .expect("load")
            .and_then(|r| r.game)
            .expect("a game in the channel")
    }

    fn start(&self, options: &str) {
        let r = self.say("alice", &format!("challenge sight @bob {options}"));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        let r = self.say("bob", "accept");
        assert!(!r[0].ephemeral, "{}", r[0].text);
    }
}

fn texts(deliveries: &[Delivery]) -> Vec<String> {
    deliveries
        .iter()
        .flat_map(|d| d.replies.iter().map(|r| r.text.clone()))
        .collect()
}

#[test]
fn reminders_fire_at_half_time_and_near_the_end_once_each() {
    let chat = Chat::new();
    chat.start("clock=3d");
    // Nothing before half of White's 3 days.
    assert!(chat.wait(36 * HOUR_MS - 1).is_empty());
    let first = chat.wait(1);
    assert_eq!(first.len(), 1, "{:?}", texts(&first));
    let reply = &first[0].replies[0];
    assert_eq!(reply.mentions, vec![user("alice")]);
    assert!(
        reply
            .text
            .contains("your turn in Sight against bob: 1 day 12 hours left"),
        "{}",
        reply.text
    );
    assert_eq!(first[0].channel, "main");
    assert_eq!(first[0].platform, "test");
    // Not again.
    assert!(chat.wait(MINUTE_MS).is_empty());
    // The last reminder: an hour before the end (a tenth would be longer).
    assert!(chat
        .wait(71 * HOUR_MS - 36 * HOUR_MS - 2 * MINUTE_MS)
        .is_empty());
    let second = chat.wait(MINUTE_MS);
    assert_eq!(texts(&second).len(), 1);
    assert!(
        texts(&second)[0].contains("only 1 hour left for your turn"),
        "{:?}",
        texts(&second)
    );
    assert!(chat.wait(30 * MINUTE_MS).is_empty());
    // A move resets the per-move clock: bob has 3 fresh days.
    let r = chat.say("alice", "move c3");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    assert!(chat.wait(36 * HOUR_MS - 1).is_empty());
    let bob = chat.wait(1);
    assert_eq!(bob[0].replies[0].mentions, vec![user("bob")]);
}

#[test]
fn running_out_of_time_loses_and_the_final_board_stays() {
    let chat = Chat::new();
    chat.start("clock=1h");
    chat.say("alice", "move c3");
    // Bob lets his hour run out: two reminders, then the loss on time.
    let all = chat.wait(HOUR_MS);
    let said = texts(&all);
    assert_eq!(said.len(), 1, "only the timeout after a long gap: {said:?}");
    assert!(
        said[0].contains("bob (Black) ran out of time. alice (White) wins on time."),
        "{said:?}"
    );
    let mentions = &all[0].replies[0].mentions;
    assert!(mentions.contains(&user("alice")) && mentions.contains(&user("bob")));
    let game = chat.game();
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Seat::First, Reason::Timeout))
    );
    // Once.
    assert!(chat.wait(DAY_MS).is_empty());
    // The channel still shows the finished game and its result.
    let r = chat.say("carol", "board");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    assert!(r[0].text.contains("alice (White) wins"), "{}", r[0].text);
    // Moves are refused with the result.
    let r = chat.say("bob", "move a1");
    assert!(
        r[0].ephemeral && r[0].text.contains("is over"),
        "{}",
        r[0].text
    );
    // The result is in the archive, and `games` shows it.
    let games = chat.say("bob", "games");
    assert!(
        games[0].text.contains("Recent results"),
        "{}",
        games[0].text
    );
    // A new challenge can be made; the old board stays until it starts.
    let r = chat.say("bob", "challenge sight @alice");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    assert!(chat.game().outcome().is_some());
    chat.say("alice", "accept");
    assert!(chat.game().in_progress());
}

#[test]
fn a_restart_between_reminders_fires_each_remaining_event_once() {
    let chat = Chat::new();
    chat.start("clock=10h");
    let first = chat.wait(5 * HOUR_MS);
    assert_eq!(texts(&first).len(), 1);
    let chat = chat.restart();
    // The first reminder is not repeated after the restart.
    assert!(chat.bot.fire_due("test").is_empty());
    let second = chat.wait(4 * HOUR_MS);
    assert_eq!(texts(&second).len(), 1, "{:?}", texts(&second));
    assert!(texts(&second)[0].contains("only 1 hour left"));
    let chat = chat.restart();
    assert!(chat.bot.fire_due("test").is_empty());
    let end = chat.wait(HOUR_MS);
    assert_eq!(texts(&end).len(), 1);
    assert!(texts(&end)[0].contains("wins on time"), "{:?}", texts(&end));
    let chat = chat.restart();
    assert!(chat.wait(DAY_MS).is_empty());
    assert_eq!(chat.bot.store().pending_count(), 0);
}

#[test]
fn a_move_racing_its_timeout_either_lands_or_loses_never_both() {
    for round in 0..20 {
        let chat = Arc::new(Chat::new());
        chat.start("clock=1h");
        chat.clock.advance(HOUR_MS);
        let barrier = Arc::new(Barrier::new(2));
        let mover = {
            let chat = chat.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                !chat.say("alice", "move c3")[0].ephemeral
            })
        };
        barrier.wait();
        let fired = chat.bot.fire_due("test");
        let moved = mover.join().expect("mover thread");
        let timed_out = texts(&fired).iter().any(|t| t.contains("wins on time"));
        assert!(
            moved != timed_out,
            "round {round}: move applied {moved}, timeout fired {timed_out}"
        );
        let game = chat.game();
        if moved {
            assert_eq!(game.history.len(), 1);
            assert!(game.in_progress());
        } else {
            assert!(game.history.is_empty());
            assert_eq!(
                game.outcome(),
                Some(Outcome::win(Seat::Second, Reason::Timeout))
            );
        }
    }
}

#[test]
fn unanswered_challenges_expire_after_a_week() {
    let chat = Chat::new();
    let r = chat.say("alice", "challenge sight @bob");
    assert!(r[0].text.contains("within 7 days"), "{}", r[0].text);
    assert!(chat.wait(7 * DAY_MS - 1).is_empty());
    let gone = chat.wait(1);
    let said = texts(&gone);
    assert_eq!(said.len(), 1);
    assert!(
        said[0].contains("The challenge from alice to bob (Sight) has expired"),
        "{said:?}"
    );
    let r = chat.say("bob", "accept");
    assert!(
        r[0].ephemeral && r[0].text.contains("no challenge"),
        "{}",
        r[0].text
    );
    assert!(chat.bot.store().pending_count() == 0);
}

#[test]
fn notify_off_silences_reminders_but_not_the_loss() {
    let chat = Chat::new();
    let r = chat.say("alice", "notify off");
    assert!(r[0].text.contains("no turn reminders"), "{}", r[0].text);
    let r = chat.say("alice", "notify dm");
    assert!(
        r[0].ephemeral && r[0].text.contains("not available here"),
        "{}",
        r[0].text
    );
    let r = chat.say("alice", "notify");
    assert!(r[0].text.contains("no turn reminders"), "{}", r[0].text);
    chat.start("clock=10h");
    assert!(
        chat.wait(5 * HOUR_MS).is_empty(),
        "reminder despite notify off"
    );
    assert!(
        chat.wait(4 * HOUR_MS).is_empty(),
        "reminder despite notify off"
    );
    let end = chat.wait(HOUR_MS);
    assert!(texts(&end)[0].contains("wins on time"));
    // Bob hears of his turns again after `notify on`.
    chat.say("bob", "notify off");
    chat.say("bob", "notify on");
    chat.say("bob", "challenge sight @alice clock=10h");
    chat.say("alice", "accept");
    assert_eq!(texts(&chat.wait(5 * HOUR_MS)).len(), 1);
}

#[test]
fn a_bank_clock_gains_its_increment() {
    let chat = Chat::new();
    chat.start("clock=2d+1d");
    chat.wait(HOUR_MS);
    chat.say("alice", "move c3");
    let game = chat.game();
    let clock = game.clock.expect("a clock");
    // 2d - 1h + 1d, capped at the 2d start.
    assert_eq!(clock.remaining_ms, [2 * DAY_MS, 2 * DAY_MS]);
    chat.clock.advance(DAY_MS + 12 * HOUR_MS);
    chat.say("bob", "move a1");
    let clock = chat.game().clock.expect("a clock");
    assert_eq!(clock.remaining_ms[1], DAY_MS + 12 * HOUR_MS);
}

#[test]
fn clock_options_are_checked_and_shown() {
    let chat = Chat::new();
    let r = chat.say("alice", "challenge sight @bob clock=30s");
    assert!(
        r[0].ephemeral && r[0].text.contains("at least 1 minute"),
        "{}",
        r[0].text
    );
    let r = chat.say("alice", "challenge sight @bob clock=soon");
    assert!(
        r[0].ephemeral && r[0].text.contains("is not a time"),
        "{}",
        r[0].text
    );
    let r = chat.say("alice", "challenge sight @bob clock=7D+1d");
    assert!(
        r[0].text.contains("clock: 7 days, gaining 1 day a turn"),
        "{}",
        r[0].text
    );
    chat.say("bob", "accept");
    assert!(chat.game().clock.is_some());
}

#[test]
fn untimed_games_and_the_bot_have_no_deadline() {
    let chat = Chat::new();
    chat.start("clock=none");
    assert!(chat.game().clock.is_none());
    assert!(chat.wait(30 * DAY_MS).is_empty());
    // Resigning asks first; the second `resign` confirms.
    chat.say("alice", "resign");
    chat.say("alice", "resign");
    // Against the bot only the human's clock runs.
    let r = chat.say("alice", "challenge collapse bot level=1 clock=1h");
    assert!(r[0].text.contains("your clock: 1 hour"), "{}", r[0].text);
    let game = chat.game();
    assert!(
        game.running_clock().is_some(),
        "the human is to move, timed"
    );
    chat.say("alice", &format!("move {}", game.game.legal_strings()[0]));
    // After the bot's answer the human is to move again; nothing is due
    // for the bot meanwhile.
    assert_eq!(chat.game().game.to_move(), Seat::First);
    let end = chat.wait(HOUR_MS);
    assert!(
        texts(&end)[0].contains("alice (White) ran out of time"),
        "{:?}",
        texts(&end)
    );
}

#[test]
fn games_lists_the_most_urgent_first_with_time_left() {
    let chat = Chat::new();
    let in_channel = |channel: &str, who: &str, command: &str| chat.say_in(channel, who, command);
    in_channel("slow", "bob", "challenge sight @alice clock=3d as=black");
    in_channel("slow", "alice", "accept");
    in_channel("fast", "bob", "challenge sight @alice clock=2h as=black");
    in_channel("fast", "alice", "accept");
    in_channel("theirs", "alice", "challenge sight @bob clock=1h");
    in_channel("theirs", "bob", "accept");
    in_channel("theirs", "alice", "move c3");
    chat.clock.advance(30 * MINUTE_MS);
    let text = &chat.say("alice", "games")[0].text;
    let fast = text.find("test:fast").expect("fast listed");
    let slow = text.find("test:slow").expect("slow listed");
    let theirs = text.find("test:theirs").expect("theirs listed");
    assert!(fast < slow && slow < theirs, "{text}");
    assert!(text.contains("1 hour 30 minutes left"), "{text}");
    assert!(text.contains("2 days 23 hours left"), "{text}");
}

#[test]
fn many_pending_deadlines_fire_in_order() {
    let chat = Chat::new();
    for i in 0..2_000u64 {
        chat.say_in(&format!("c{i}"), "alice", "challenge sight bob");
        chat.clock.advance(1);
    }
    assert_eq!(chat.bot.store().pending_count(), 2_000);
    let first = chat.bot.next_due("test").expect("a deadline");
    assert_eq!(first, START + 7 * DAY_MS);
    let fired = chat.wait(7 * DAY_MS);
    assert_eq!(fired.len(), 2_000);
    assert_eq!(fired[0].channel, "c0");
    assert_eq!(chat.bot.store().pending_count(), 0);
}

/// Not a check: fills the database at `CAIRN_FILL_DB` with 10,000 pending
/// challenges (each with a deadline) to measure the scheduler's start-up
/// and memory with `/usr/bin/time -v cairn` (see README, "Playing over
/// days"). Run with `--ignored`.
#[test]
#[ignore]
fn fill_ten_thousand_pending_deadlines() {
    let Some(path) = std::env::var_os("CAIRN_FILL_DB") else {
        return;
    };
    let chat = Chat::open(
        std::path::Path::new(&path),
        ManualClock::at(cairn_store::now_ms()),
        None,
    );
    for i in 0..10_000u64 {
        chat.bot.handle(&Request {
            platform: "console".into(),
            channel: format!("c{i}"),
            user: user("alice"),
            command: "challenge sight @bob".into(),
            mentions: vec![user("bob")],
            ..Default::default()
        });
    }
    assert_eq!(chat.bot.store().pending_count(), 10_000);
}

/// A command in a server's channel, as Discord sends it.
fn in_server(chat: &Chat, channel: &str, who: &str, admin: bool, command: &str) -> Vec<Reply> {
    chat.bot.handle(&Request {
        server: Some("guild-1".into()),
        server_admin: admin,
        ..request(channel, who, command)
    })
}

#[test]
fn an_accepted_game_may_move_into_a_thread_with_its_clock() {
    let chat = Chat::new();
    // Outside a server nothing asks for a thread.
    chat.say("alice", "challenge sight @bob clock=1h");
    assert_eq!(chat.say("bob", "accept")[0].thread, None);
    // In a server's channel the accepted game asks for one, and pings both
    // players (so both join it).
    in_server(
        &chat,
        "lobby",
        "alice",
        false,
        "challenge sight @bob clock=1h",
    );
    let accepted = in_server(&chat, "lobby", "bob", false, "accept");
    let thread = accepted[0].thread.clone().expect("a thread is asked for");
    assert_eq!(thread.name, "Sight: alice vs bob");
    assert_eq!(thread.players, vec![user("alice"), user("bob")]);
    // The words around the platform's link, in the channel's language.
    assert_eq!(
        thread.moved,
        (
            "The game Sight: alice vs bob goes on in its own thread: ".to_string(),
            ".".to_string()
        )
    );
    // In Japanese too (no English left around the link).
    let ja = |who: &str, command: &str| {
        chat.bot.handle(&Request {
            server: Some("guild-1".into()),
            place_lang: Some(cairn_bot::i18n::Lang::Ja),
            ..request("lobby-ja", who, command)
        })
    };
    ja("alice", "challenge sight @bob");
    let moved = ja("bob", "accept")[0]
        .thread
        .clone()
        .expect("a thread")
        .moved;
    assert!(moved.0.contains("専用のスレッドで続きます"), "{moved:?}");
    assert_eq!(moved.1, "。");
    assert_eq!(
        accepted[0].mentions,
        vec![user("alice")],
        "alice moves first"
    );
    // The platform opened the thread: the game moves, clock and all.
    chat.bot
        .move_game("test", "lobby", "thread-1")
        .expect("moved");
    let gone = chat.say_in("lobby", "alice", "board");
    assert!(gone[0].ephemeral, "{}", gone[0].text);
    let there = chat.say_in("thread-1", "alice", "board");
    assert!(!there[0].ephemeral, "{}", there[0].text);
    // Moving again finds no game; a game never moves onto another.
    assert!(chat.bot.move_game("test", "lobby", "thread-2").is_err());
    in_server(&chat, "lobby", "carol", false, "challenge sight @dave");
    in_server(&chat, "lobby", "dave", false, "accept");
    assert!(chat.bot.move_game("test", "lobby", "thread-1").is_err());
    // The moved game's deadline fires in the thread (the main channel's
    // game, on the same hour, fires there).
    let fired = chat.wait(HOUR_MS);
    let timeouts: Vec<&str> = fired
        .iter()
        .filter(|d| d.replies.iter().any(|r| r.text.contains("ran out of time")))
        .map(|d| d.channel.as_str())
        .collect();
    assert!(timeouts.contains(&"thread-1"), "{timeouts:?}");
    assert!(!timeouts.contains(&"lobby"), "{timeouts:?}");
}

#[test]
fn only_a_server_manager_turns_threads_off() {
    let chat = Chat::new();
    let shown = in_server(&chat, "lobby", "carol", false, "settings");
    assert!(shown[0].text.contains("threads=on"), "{}", shown[0].text);
    let refused = in_server(&chat, "lobby", "carol", false, "settings threads=off");
    assert!(
        refused[0].ephemeral && refused[0].text.contains("manage this server"),
        "{}",
        refused[0].text
    );
    let unknown = in_server(&chat, "lobby", "alice", true, "settings colour=red");
    assert!(unknown[0].text.contains("`threads`"), "{}", unknown[0].text);
    let done = in_server(&chat, "lobby", "alice", true, "settings threads=off");
    assert!(
        !done[0].ephemeral && done[0].text.contains("threads=off"),
        "{}",
        done[0].text
    );
    in_server(&chat, "lobby", "alice", false, "challenge sight @bob");
    let accepted = in_server(&chat, "lobby", "bob", false, "accept");
    assert_eq!(accepted[0].thread, None, "threads are off in this server");
    // Outside a server there are no settings.
    let none = chat.say("alice", "settings threads=on");
    assert!(none[0].text.contains("not in one"), "{}", none[0].text);
    // The setting survives a restart.
    let chat = chat.restart();
    let shown = in_server(&chat, "elsewhere", "carol", false, "settings");
    assert!(shown[0].text.contains("threads=off"), "{}", shown[0].text);
}

/// A game remembers whether it started in a public place (as the platform
/// tells, on the accepting request); `settings web=off`, a server
/// manager's, takes the server's channels off the web.
#[test]
fn games_know_their_public_place_and_managers_turn_the_web_off() {
    let chat = Chat::new();
    let public = |who: &str, admin: bool, command: &str| {
        chat.bot.handle(&Request {
            server: Some("guild-1".into()),
            server_admin: admin,
            capabilities: cairn_bot::Capabilities {
                servers: true,
                public_place: true,
                ..Default::default()
            },
            ..request("main", who, command)
        })
    };
    public("alice", false, "challenge sight @bob");
    public("bob", false, "accept");
    assert!(chat.game().public_place, "a server's channel is public");
    chat.say("alice", "resign");
    chat.say("alice", "resign");
    chat.say("alice", "challenge sight @bob");
    chat.say("bob", "accept");
    assert!(!chat.game().public_place, "a direct conversation is not");
    let store = chat.bot.store();
    let key = Store::channel_key("test", "main");
    assert!(store.web_allowed(&key).expect("read"), "on by default");
    let shown = public("carol", false, "settings");
    assert!(shown[0].text.contains("web=on"), "{}", shown[0].text);
    let refused = public("carol", false, "settings web=off");
    assert!(refused[0].ephemeral, "{}", refused[0].text);
    assert!(store.web_allowed(&key).expect("read"), "refused: unchanged");
    let done = public("alice", true, "settings web=off");
    assert!(
        !done[0].ephemeral && done[0].text.contains("web=off"),
        "{}",
        done[0].text
    );
    assert!(!store.web_allowed(&key).expect("read"), "off");
    let threads = store.server_settings("test", "guild-1").expect("read");
    assert!(threads.threads, "threads untouched");
    public("alice", true, "settings web=on threads=off");
    assert!(store.web_allowed(&key).expect("read"), "on again");
}

/// The scheduler has no request to take a language from: it speaks the
/// language chosen for the channel with `lang`, in reminders, in the loss
/// on time and in a lapsed challenge, with no message missing.
#[test]
fn reminders_and_losses_on_time_speak_the_channels_language() {
    use cairn_bot::i18n::{take_slips, Lang};
    for lang in [Lang::Ja, Lang::Es] {
        let chat = Chat::new();
        let r = chat.say("alice", &format!("lang {}", lang.code()));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        take_slips();
        chat.start("clock=10h");
        let first = texts(&chat.wait(5 * HOUR_MS));
        let last = texts(&chat.wait(4 * HOUR_MS));
        let lost = texts(&chat.wait(HOUR_MS));
        let (first, last, lost) = (&first[0], &last[0], &lost[0]);
        match lang {
            Lang::Ja => {
                assert_eq!(
                    first,
                    "aliceさん、bobさんとのサイトであなたの番です。残り時間は5時間です。"
                );
                assert!(
                    last.contains("残り時間はあと1時間だけです") && last.contains("時間切れ負け"),
                    "{last}"
                );
                assert_eq!(
                    lost,
                    "alice（白）の持ち時間が切れました。bob（黒）の時間切れ勝ちです。1日以内なら`再戦`で先後を入れ替えてもう一局指せます。"
                );
            }
            _ => {
                assert_eq!(
                    first,
                    "alice, te toca en Sight contra bob: tienes 5 horas para jugar."
                );
                assert!(
                    last.contains("solo tienes 1 hora para tu turno")
                        && last.contains("pierdes la partida por tiempo"),
                    "{last}"
                );
                assert_eq!(
                    lost,
                    "alice (Blancas) se quedó sin tiempo. bob (Negras) gana por tiempo. Con `revancha` en un plazo de 1 día se juega otra vez con los bandos cambiados."
                );
            }
        }
        // A challenge that lapses says so in the same language.
        chat.say("bob", "challenge sight @alice");
        let gone = texts(&chat.wait(7 * DAY_MS));
        assert_eq!(gone.len(), 1, "{gone:?}");
        let expected = match lang {
            Lang::Ja => "bobさんからaliceさんへの挑戦",
            _ => "El desafío de bob a alice",
        };
        assert!(gone[0].starts_with(expected), "{}", gone[0]);
        let week = match lang {
            Lang::Ja => "7日",
            _ => "7 días",
        };
        assert!(gone[0].contains(week), "{}", gone[0]);
        assert_eq!(take_slips(), Vec::<String>::new(), "{lang}");
    }
}

/// `who` says `command` in `channel`, where the bot may only answer (a
/// Discord group DM with the app installed by a user).
fn answer_only(chat: &Chat, channel: &str, who: &str, command: &str) -> Vec<Reply> {
    chat.bot.handle(&Request {
        capabilities: cairn_bot::Capabilities {
            answer_only: true,
            ..Default::default()
        },
        ..request(channel, who, command)
    })
}

#[test]
fn where_the_bot_may_only_answer_timed_events_go_directly_and_come_back_as_news() {
    let chat = Chat::new();
    answer_only(&chat, "group", "alice", "challenge sight @bob clock=1h");
    answer_only(&chat, "group", "bob", "accept");
    // Half of alice's hour: a reminder, for her directly, never the channel.
    let reminder = chat.wait(HOUR_MS / 2);
    assert_eq!(reminder.len(), 1, "{:?}", texts(&reminder));
    assert!(reminder[0].answer_only, "{reminder:?}");
    assert_eq!(reminder[0].replies[0].mentions, vec![user("alice")]);
    // The rest of it: the loss on time, for both.
    let lost = chat.wait(HOUR_MS / 2);
    assert!(lost[0].answer_only);
    assert!(texts(&lost)[0].contains("alice (White) ran out of time"));
    let told = answer_only(&chat, "group", "bob", "games");
    let public = told.iter().find(|r| !r.ephemeral).expect("a public reply");
    let lines: Vec<&str> = public.text.lines().collect();
    assert!(
        lines[0].starts_with("Meanwhile (30 minutes ago): alice, it is your turn in Sight"),
        "{}",
        public.text
    );
    assert!(
        lines[1].starts_with("Meanwhile (1 second ago): alice (White) ran out of time."),
        "{}",
        public.text
    );
    // Told once.
    let again = answer_only(&chat, "group", "alice", "games");
    assert!(
        again.iter().all(|r| !r.text.contains("Meanwhile")),
        "{again:?}"
    );
    // A channel where the bot may post hears nothing of the kind.
    chat.say("alice", "challenge sight @bob clock=1h");
    chat.say("bob", "accept");
    let posted = chat.wait(HOUR_MS / 2);
    assert!(!posted[0].answer_only);
    assert!(chat
        .say("bob", "games")
        .iter()
        .all(|r| !r.text.contains("Meanwhile")));
}

#[test]
fn a_challenge_lapsing_where_the_bot_may_only_answer_is_news_for_the_next_reply() {
    let chat = Chat::new();
    answer_only(&chat, "group", "alice", "challenge sight @bob");
    let lapsed = chat.wait(7 * DAY_MS);
    assert!(lapsed[0].answer_only, "{lapsed:?}");
    let next = answer_only(&chat, "group", "carol", "challenge sight @alice");
    assert!(
        next[0].text.starts_with(
            "Meanwhile (1 second ago): The challenge from alice to bob (Sight) has expired"
        ),
        "{}",
        next[0].text
    );
    // The channel is free: carol's challenge stands.
    assert!(
        next[0].text.contains("carol challenges alice"),
        "{}",
        next[0].text
    );
}

#[test]
fn news_is_told_once_when_two_commands_race() {
    let chat = Arc::new(Chat::new());
    answer_only(&chat, "group", "alice", "challenge sight @bob clock=1h");
    answer_only(&chat, "group", "bob", "accept");
    chat.wait(HOUR_MS);
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = ["alice", "bob"]
        .into_iter()
        .map(|who| {
            let (chat, barrier) = (Arc::clone(&chat), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                answer_only(&chat, "group", who, "games")
            })
        })
        .collect();
    let told: usize = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .filter(|replies| replies.iter().any(|r| r.text.contains("Meanwhile")))
        .count();
    assert_eq!(told, 1);
}
