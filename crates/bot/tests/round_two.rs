//! What players read, round two (issue 35): each test fails on a slip the
//! issue reported, through the bot core on a real sled database.

use std::sync::Arc;

use cairn_bot::i18n::{take_slips, Lang};
use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_store::clock::ManualClock;
use cairn_store::{GameRecord, Store};

struct Chat {
    bot: Bot,
    lang: Option<Lang>,
    _dir: tempfile::TempDir,
}

fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

fn config() -> BotConfig {
    BotConfig {
        ai_seed: Some(7),
        images: false,
        ai_deadline: std::time::Duration::from_millis(50),
        default_clock: None,
        clock: Arc::new(ManualClock::at(1_800_000_000_000)),
        ..BotConfig::default()
    }
}

impl Chat {
    fn new() -> Chat {
        Chat::with(config(), None)
    }

    fn speaking(lang: Lang) -> Chat {
        Chat::with(config(), Some(lang))
    }

    fn with(config: BotConfig, lang: Option<Lang>) -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(dir.path().join("db")).expect("open store");
        Chat {
            bot: Bot::new(store, config),
            lang,
            _dir: dir,
        }
    }

    fn request(&self, channel: &str, who: &str, command: &str) -> Request {
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
            place_lang: self.lang,
            user_lang: self.lang,
            ..Default::default()
        }
    }

    fn replies(&self, who: &str, command: &str) -> Vec<Reply> {
        let replies = self.bot.handle(&self.request("main", who, command));
        assert_eq!(take_slips(), Vec::<String>::new(), "`{command}`");
        replies
    }

    fn say(&self, who: &str, command: &str) -> String {
        text(&self.replies(who, command))
    }

    fn game(&self) -> GameRecord {
        self.bot
            .store()
            .load(&Store::channel_key("test", "main"))
            .expect("load")
            .and_then(|r| r.game)
            .expect("a game")
    }

    /// alice challenges bob and bob accepts.
    fn start(&self, game: &str) {
        let r = self.replies("alice", &format!("challenge {game} @bob"));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        let r = self.replies("bob", "accept");
        assert!(!r[0].ephemeral, "{}", r[0].text);
    }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn mentioned(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .flat_map(|r| r.mentions.iter().map(|u| u.name.clone()))
        .collect()
}

// ---- Item 2: the player who waits is pinged, never the speaker ----

#[test]
fn answers_to_a_challenge_ping_the_waiting_player_never_the_speaker() {
    let chat = Chat::new();
    // bob, first to move, accepts: alice waits for the news.
    chat.replies("alice", "challenge sight @bob as=black");
    let r = chat.replies("bob", "accept");
    assert_eq!(mentioned(&r), vec!["alice"], "{}", text(&r));

    let chat = Chat::new();
    chat.replies("alice", "challenge sight @bob");
    let r = chat.replies("bob", "decline");
    assert_eq!(mentioned(&r), vec!["alice"], "{}", text(&r));

    let chat = Chat::new();
    chat.replies("alice", "challenge sight @bob");
    let r = chat.replies("alice", "cancel");
    assert_eq!(mentioned(&r), vec!["bob"], "{}", text(&r));
}

#[test]
fn a_turn_that_leaves_the_speaker_to_move_pings_nobody() {
    let chat = Chat::new();
    chat.start("alquad");
    chat.replies("alice", "move w:c3 b:d4");
    // bob chooses White, and White moves first: bob is still to move.
    let r = chat.replies("bob", "move white");
    assert!(text(&r).contains("bob (White) to move"), "{}", text(&r));
    assert!(!mentioned(&r).contains(&"bob".to_string()), "{r:?}");
}

// ---- Item 11: suggestions that are true ----

#[test]
fn move_without_a_turn_suggests_a_turn_legal_in_this_game() {
    let chat = Chat::new();
    chat.start("collapse");
    let legal = chat.game().game.legal_strings();
    let r = chat.say("alice", "move");
    let example = r
        .split("`move ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .unwrap_or_else(|| panic!("no example in: {r}"));
    assert!(legal.contains(&example.to_string()), "{example}: {r}");
}

#[test]
fn suggestions_only_for_slips_of_the_fingers() {
    let chat = Chat::new();
    let r = chat.say("alice", "foo");
    assert!(!r.contains("Did you mean"), "{r}");
    let r = chat.say("alice", "mvoe c3");
    assert!(r.contains("Did you mean `move`"), "{r}");
    let r = chat.say("alice", "challenge sihgt bob");
    assert!(r.contains("Did you mean `sight`"), "{r}");
}

#[test]
fn invisible_and_full_width_characters_do_not_change_a_turn() {
    for turn in ["c3\u{200b}", "\u{200f}c3", "ｃ３", "Ｃ3\u{feff}"] {
        let chat = Chat::new();
        chat.start("sight");
        let r = chat.replies("alice", &format!("move {turn}"));
        assert!(!r[0].ephemeral, "{turn:?}: {}", r[0].text);
        assert!(r[0].text.contains("played c3"), "{turn:?}: {}", r[0].text);
    }
    // The command word too.
    let chat = Chat::new();
    chat.start("sight");
    let r = chat.replies("alice", "ｍｏｖｅ\u{3000}c3");
    assert!(!r[0].ephemeral, "{}", r[0].text);
}

// ---- Item 1: every name shown is accepted, "did you mean" everywhere ----

#[test]
fn command_words_and_did_you_mean_in_every_language() {
    let chat = Chat::speaking(Lang::Es);
    chat.start("sight");
    let r = chat.replies("alice", "mover c3");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    let r = chat.say("bob", "muver a1");
    assert!(r.contains("¿Querías decir `mover`?"), "{r}");

    let chat = Chat::speaking(Lang::Ja);
    let r = chat.say("alice", "挑戦 カラニシュ bot");
    assert!(r.contains("`カラニッシュ`"), "{r}");
    let r = chat.replies("alice", "挑戦 カラニッシュ bot");
    assert!(!r[0].ephemeral, "{}", r[0].text);
}

// ---- Item 6: one rule for ratings, and said ----

#[test]
fn a_game_ended_before_two_turns_each_is_unrated_however_it_ends() {
    let chat = Chat::new();
    chat.start("fanorona");
    let first = chat.game().game.legal_strings()[0].clone();
    chat.replies("alice", &format!("move {first}"));
    chat.replies("bob", "draw");
    chat.replies("alice", "draw");
    assert!(!chat.game().in_progress());
    let r = chat.say("alice", "rating");
    assert!(r.contains("no rated game"), "{r}");
    let help = chat.say("alice", "help rating");
    assert!(help.contains("two turns, however they end"), "{help}");
}

#[test]
fn leaderboard_rows_agree_in_number_and_an_empty_one_points_everywhere() {
    let chat = Chat::new();
    let r = chat.say("alice", "leaderboard sight");
    assert!(r.contains("`leaderboard sight all`"), "{r}");
    let r = chat.say("alice", "leaderboard sight all");
    assert!(!r.contains("`leaderboard sight all`"), "{r}");
    chat.start("sight");
    for (who, turn) in [
        ("alice", "c3"),
        ("bob", "a1"),
        ("alice", "c4"),
        ("bob", "a2"),
    ] {
        chat.replies(who, &format!("move {turn}"));
    }
    chat.replies("alice", "resign");
    chat.replies("alice", "resign");
    let r = chat.say("alice", "leaderboard sight");
    assert!(r.contains("(1 game,"), "{r}");
    assert!(!r.contains("1 games"), "{r}");
}

// ---- Item 12: help reads the configured values ----

#[test]
fn help_challenge_says_the_configured_lifetime_and_shortest_clock() {
    let config = BotConfig {
        challenge_ttl_ms: 2 * 86_400_000,
        min_clock_ms: 5_000,
        ..config()
    };
    let chat = Chat::with(config, None);
    let help = chat.say("alice", "help challenge");
    assert!(help.contains("expires after 2 days"), "{help}");
    assert!(help.contains("the shortest clock is 5 seconds"), "{help}");
    assert!(help.contains("s (seconds)"), "{help}");
    assert!(!help.contains("a week"), "{help}");
    let chat = Chat::new();
    let help = chat.say("alice", "help challenge");
    assert!(help.contains("expires after 7 days"), "{help}");
    assert!(!help.contains("s (seconds)"), "{help}");
}

// ---- Item 13: the first reply of a game points the way ----

#[test]
fn the_first_reply_of_a_game_points_to_rules_moves_and_pick() {
    let chat = Chat::new();
    let r = chat.say("alice", "challenge callanish bot size=7 level=2");
    assert!(r.contains("`rules Callanish`"), "{r}");
    assert!(r.contains("`moves`"), "{r}");
    assert!(r.contains("`pick` builds a turn step by step"), "{r}");
    assert!(!r.contains(") ("), "{r}");
    assert!(r.contains("(size=7, level 2)"), "{r}");
    let chat = Chat::new();
    chat.replies("alice", "challenge sight @bob");
    let r = chat.say("bob", "accept");
    assert!(r.contains("`rules Sight`"), "{r}");
    assert!(r.contains("`pick`"), "{r}");
}

// ---- Item 9: an undo request says what it takes back ----

#[test]
fn an_undo_request_says_what_granting_it_takes_back() {
    let chat = Chat::new();
    chat.start("sight");
    chat.replies("alice", "move c3");
    chat.replies("bob", "move a1");
    let r = chat.say("alice", "undo");
    assert!(r.contains("this takes back alice's c3 and your a1"), "{r}");
}

// ---- Item 8: words follow what the place can do ----

#[test]
fn words_follow_the_places_capabilities() {
    let chat = Chat::new();
    chat.start("sight");
    let plain = chat.say("alice", "resign");
    assert!(!plain.contains("button"), "{plain}");
    let busy = chat.say("carol", "challenge sight @dave");
    assert!(!busy.contains("thread"), "{busy}");
    let help = chat.say("alice", "help");
    assert!(!help.contains("settings"), "{help}");
    let places = cairn_bot::Capabilities {
        direct_messages: true,
        servers: true,
        buttons: true,
        threads: true,
        answer_only: false,
        public_place: true,
    };
    let ask = |command: &str| {
        let request = Request {
            capabilities: places,
            ..chat.request("main", "carol", command)
        };
        text(&chat.bot.handle(&request))
    };
    assert!(ask("challenge sight @dave").contains("thread"));
    assert!(ask("help").contains("settings"));
}

// ---- A newcomer's game in Japanese, with no English but the notation ----

/// The English words in a reply: ASCII words of two letters or more
/// outside notation (`c3`, `b2`), player names and code marks.
fn english_words(text: &str, names: &[&str]) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| word.len() >= 2 && word.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|word| !names.contains(word))
        // A board's size (`9x9`) is notation too.
        .filter(|word| !word.split('x').all(|n| n.parse::<u32>().is_ok()))
        .filter(|word| {
            let mut chars = word.chars();
            let file = chars.next().is_some_and(|c| c.is_ascii_lowercase());
            !(file && chars.all(|c| c.is_ascii_digit()))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn a_newcomers_japanese_game_reads_in_japanese_to_the_end() {
    let chat = Chat::speaking(Lang::Ja);
    let names = ["alice", "Cairn"];
    let mut seen = Vec::new();
    let mut check = |replies: &[Reply]| {
        for reply in replies {
            for part in [Some(&reply.text), reply.board_text.as_ref()]
                .into_iter()
                .flatten()
            {
                let english = english_words(part, &names);
                assert!(english.is_empty(), "{english:?} in: {part}");
            }
        }
        seen.push(text(replies));
    };
    let r = chat.replies("alice", "挑戦 カラニッシュ bot");
    assert!(!r[0].ephemeral, "{}", r[0].text);
    check(&r);
    for _ in 0..200 {
        let game = chat.game();
        if !game.in_progress() {
            break;
        }
        let turn = game.game.legal_strings()[0].clone();
        let r = chat.replies("alice", &format!("指す {turn}"));
        assert!(!r[0].ephemeral, "{turn}: {}", r[0].text);
        check(&r);
    }
    assert!(!chat.game().in_progress(), "the game did not end");
    check(&chat.replies("alice", "盤面"));
    check(&chat.replies("alice", "対局一覧"));
}

// ---- Item 16: small slips ----

#[test]
fn option_refusals_name_the_game_and_an_empty_value() {
    let chat = Chat::new();
    let r = chat.say("alice", "challenge callanish @bob size=");
    assert!(r.contains("`size`"), "{r}");
    assert!(r.contains("nothing follows `=`"), "{r}");
    assert!(!r.contains("``"), "{r}");
    let r = chat.say("alice", "challenge sight @bob size=5");
    assert!(r.contains("Sight has no options"), "{r}");
    let r = chat.say("alice", "challenge collapse @bob size=5");
    assert!(r.contains("Collapse knows"), "{r}");
    let chat = Chat::speaking(Lang::Es);
    let r = chat.say("alice", "challenge callanish @bob size=");
    assert!(r.contains("no hay ningún valor después de `=`"), "{r}");
    let chat = Chat::speaking(Lang::Ja);
    let r = chat.say("alice", "challenge callanish @bob size=");
    assert!(r.contains("`=`の後に値がありません"), "{r}");
}
