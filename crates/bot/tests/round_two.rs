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

// ---- Item 10: a Floaters turn sent in parts ----

/// Plays random whole turns until the player to move has a pit whose
/// sowing waits for colours, after two turns at least; that player and
/// the pit.
fn floaters_mid_turn_ahead(chat: &Chat) -> (String, String) {
    use cairn_rules::Game;
    let mut rng = cairn_rules::SplitRng::new(3);
    for _ in 0..100 {
        let game = chat.game();
        let mover = game.player(game.game.to_move()).name.clone();
        // Two whole turns first, so that counts read in the plural.
        let pit = (1..=6)
            .map(|n| n.to_string())
            .filter(|_| game.history.len() >= 2)
            .find(|n| {
                let mut g = game.game.clone();
                g.play_str(n).is_ok() && g.in_mid_turn()
            });
        if let Some(pit) = pit {
            return (mover, pit);
        }
        let cairn_rules::AnyGame::Floaters(f) = &game.game else {
            panic!("not Floaters");
        };
        let turn = f.random_turn(&mut rng).expect("a turn").to_string();
        let r = chat.replies(&mover, &format!("move {turn}"));
        assert!(!r[0].ephemeral, "{turn}: {}", r[0].text);
    }
    panic!("no pit ever waited for colours");
}

/// A language, how it says to finish a turn, what `moves` says mid-turn,
/// and "N turns played".
type MidTurnWords = (Lang, &'static str, &'static str, fn(usize) -> String);

#[test]
fn a_floaters_turn_in_parts_says_how_to_go_on_and_counts_once() {
    // (language, how to finish, `moves` mid-turn, whole turns played)
    let words: [MidTurnWords; 3] = [
        (
            Lang::En,
            "send their colours in sowing order, e.g. `move ",
            "its next part can be sent",
            |n| format!("{n} turns played"),
        ),
        (
            Lang::Ja,
            "播く順に色を送ってください（例：`指す ",
            "次に送れるのは",
            |n| format!("{n}手指されました"),
        ),
        (
            Lang::Es,
            "envía sus colores en orden de siembra, p. ej. `move ",
            "su siguiente parte se puede enviar",
            |n| format!("Se han jugado {n} jugadas"),
        ),
    ];
    for (lang, how, next, played) in words {
        let chat = Chat::speaking(lang);
        chat.start("floaters");
        let (mover, pit) = floaters_mid_turn_ahead(&chat);
        let whole = chat.game().history.len();
        let other = ["alice", "bob"].into_iter().find(|n| *n != mover).unwrap();
        chat.replies(other, "draw");
        let r = chat.say(&mover, &format!("move {pit}"));
        assert!(r.contains(how), "{lang:?}: {r}");
        // The draw offer stands while the turn is not over.
        assert!(chat.game().draw_offer.is_some(), "{lang:?}: {r}");
        let status = chat.say(&mover, "board");
        assert!(status.contains(&played(whole)), "{lang:?}: {status}");
        // `moves` lists the next lap's colour strings, each playable.
        let moves = chat.say(&mover, "moves");
        assert!(moves.contains(next), "{lang:?}: {moves}");
        let mid = match &chat.game().game {
            cairn_rules::AnyGame::Floaters(f) => f.mid_turn().expect("mid-turn"),
            _ => panic!("not Floaters"),
        };
        let lap = moves
            .split(|c: char| !c.is_ascii_lowercase())
            .find(|w| {
                w.len() == usize::from(mid.red + mid.black)
                    && w.chars().all(|c| c == 'r' || c == 'b')
            })
            .unwrap_or_else(|| panic!("{lang:?}: no lap listed: {moves}"));
        while chat.game().game.in_mid_turn() {
            let rest = chat.game().game.legal_strings()[0].clone();
            let part = if chat.game().history.len() == whole + 1 {
                lap.to_string()
            } else {
                rest
            };
            let r = chat.replies(&mover, &format!("move {part}"));
            assert!(!r[0].ephemeral, "{lang:?} {part}: {}", r[0].text);
        }
        assert!(
            chat.game().draw_offer.is_none(),
            "{lang:?}: the whole turn ends the offer"
        );
        let status = chat.say(&mover, "board");
        assert!(status.contains(&played(whole + 1)), "{lang:?}: {status}");
    }
}

// ---- Item 15: what boards and replies leave unexplained ----

#[test]
fn the_alquad_colour_choice_reads_as_a_choice_not_a_move() {
    for (lang, said) in [
        (Lang::En, "bob (White) chose to play White."),
        (Lang::Ja, "bob（白）が白を選びました。"),
        (Lang::Es, "bob (Blancas) eligió jugar con Blancas."),
    ] {
        let chat = Chat::speaking(lang);
        chat.start("alquad");
        chat.replies("alice", "move w:c3 b:d4");
        let r = chat.say("bob", "move white");
        assert!(r.contains(said), "{lang:?}: {r}");
        assert!(!r.contains("white"), "{lang:?}: {r}");
    }
}

#[test]
fn text_board_stacks_come_with_a_legend() {
    for (lang, legend) in [
        (Lang::En, "○●: a stack read top stone first, White on Black"),
        (Lang::Ja, "○●：上から順に書いたスタック（黒の上に白）"),
        (
            Lang::Es,
            "○●: una pila escrita de arriba abajo, Blancas sobre Negras",
        ),
    ] {
        let chat = Chat::speaking(lang);
        chat.replies("alice", "challenge callanish @bob size=5 as=white");
        chat.replies("bob", "accept");
        chat.replies("alice", "move c3");
        let r = chat.replies("bob", "move b1");
        let before = r[0].board_text.clone().unwrap_or_default();
        assert!(!before.contains(legend), "{lang:?}: no stack yet: {before}");
        let r = chat.replies("alice", "move c3 b1 e4");
        let board = r[0].board_text.clone().unwrap_or_default();
        assert!(board.contains(" ○●*"), "{lang:?}: {board}");
        assert!(board.contains(legend), "{lang:?}: {board}");
    }
}

#[test]
fn the_challengers_own_accept_points_to_cancel() {
    for (lang, said) in [
        (Lang::En, "To withdraw it, use `cancel`."),
        (Lang::Ja, "取り下げるには`取り消す`を使ってください。"),
        (Lang::Es, "Para retirarlo, usa `cancel`."),
    ] {
        let chat = Chat::speaking(lang);
        chat.replies("alice", "challenge sight @bob");
        let r = chat.replies("alice", "accept");
        assert!(r[0].ephemeral, "{lang:?}: {}", r[0].text);
        assert!(r[0].text.contains(said), "{lang:?}: {}", r[0].text);
    }
}

#[test]
fn a_challenge_addressed_to_me_is_in_my_games() {
    for (lang, to_bob, by_alice, help) in [
        (
            Lang::En,
            "Sight from alice in",
            "waiting for bob to accept",
            "games and challenges",
        ),
        (
            Lang::Ja,
            "aliceさんからのサイト（",
            "bobさんが受けるのを待っています",
            "対局と挑戦",
        ),
        (
            Lang::Es,
            "Sight de alice en",
            "esperando a que bob lo acepte",
            "partidas y desafíos",
        ),
    ] {
        let chat = Chat::speaking(lang);
        let said = chat.say("alice", "help");
        assert!(said.contains(help), "{lang:?}: {said}");
        chat.replies("alice", "challenge sight @bob");
        let bob = chat.say("bob", "games");
        assert!(bob.contains(to_bob), "{lang:?}: {bob}");
        assert!(bob.contains("`"), "{lang:?}: how to answer: {bob}");
        let alice = chat.say("alice", "games");
        assert!(alice.contains(by_alice), "{lang:?}: {alice}");
        assert!(!alice.contains(to_bob), "{lang:?}: {alice}");
    }
}

// ---- Japanese: the Floaters text board lines up in every language ----

#[test]
fn the_floaters_text_board_lines_up_with_wide_characters() {
    use unicode_width::UnicodeWidthStr;
    for (lang, east) in [
        (Lang::En, "East store"),
        (Lang::Ja, "東の大穴"),
        (Lang::Es, "Almacén este"),
    ] {
        let chat = Chat::speaking(lang);
        chat.replies("alice", "challenge floaters @bob");
        let r = chat.replies("bob", "accept");
        let board = r[0].board_text.clone().unwrap_or_default();
        let line = board
            .lines()
            .find(|l| l.contains(east))
            .unwrap_or_else(|| panic!("{lang:?}: no `{east}` in {board}"));
        let before = &line[..line.find(east).unwrap_or(0)];
        // The east store's count starts 7 columns per pit and 8 more in.
        assert_eq!(before.width(), 7 * 6 + 8, "{lang:?}:\n{board}");
    }
}

/// `rules` lists each game with the first sentence of its summary: the
/// Japanese and Spanish ones say as much as the English (who starts).
#[test]
fn the_rules_list_says_as_much_in_every_language() {
    let items = |lang: Lang| -> Vec<String> {
        let text = Chat::speaking(lang).say("alice", "rules");
        text.lines()
            .filter(|l| l.starts_with("- "))
            .map(str::to_string)
            .collect()
    };
    let (en, ja, es) = (items(Lang::En), items(Lang::Ja), items(Lang::Es));
    assert_eq!(en.len(), 7, "{en:?}");
    assert_eq!((ja.len(), es.len()), (7, 7), "{ja:?} {es:?}");
    for ((en, ja), es) in en.iter().zip(&ja).zip(&es) {
        if en.contains("first") || en.contains("starts") {
            assert!(ja.contains("先手"), "{ja} against {en}");
            assert!(es.contains("empiez"), "{es} against {en}");
        }
    }
}

/// A turn sent in parts is one turn for the ratings' rule too: a player
/// who resigns after one turn, sent in two parts, leaves the game unrated.
#[test]
fn the_parts_of_a_turn_count_once_for_ratings() {
    use cairn_rules::Game;
    let mut rng = cairn_rules::SplitRng::new(9);
    for _ in 0..50 {
        let chat = Chat::new();
        chat.replies("alice", "challenge floaters @bob first=north as=red");
        chat.replies("bob", "accept");
        let cairn_rules::AnyGame::Floaters(f) = chat.game().game else {
            panic!("not Floaters");
        };
        let opening = f.random_turn(&mut rng).expect("a turn").to_string();
        chat.replies("bob", &format!("move {opening}"));
        let game = chat.game().game;
        let Some(pit) = (1..=6).map(|n| n.to_string()).find(|n| {
            let mut g = game.clone();
            g.play_str(n).is_ok() && g.in_mid_turn()
        }) else {
            continue;
        };
        chat.replies("alice", &format!("move {pit}"));
        while chat.game().game.in_mid_turn() {
            let rest = chat.game().game.legal_strings()[0].clone();
            chat.replies("alice", &format!("move {rest}"));
        }
        let cairn_rules::AnyGame::Floaters(f) = chat.game().game else {
            panic!("not Floaters");
        };
        let second = f.random_turn(&mut rng).expect("a turn").to_string();
        chat.replies("bob", &format!("move {second}"));
        if !chat.game().in_progress() {
            continue;
        }
        assert_eq!(chat.game().whole_turns(), [1, 2]);
        chat.replies("alice", "resign");
        chat.replies("alice", "resign");
        assert!(!chat.game().in_progress());
        let r = chat.say("bob", "rating");
        assert!(r.contains("no rated game"), "{r}");
        return;
    }
    panic!("South never had a turn to send in parts");
}
