//! Replies worded in the player's language: a game of Sight played through
//! the bot core in Japanese and in Spanish, with no message missing or
//! falling back to English and no argument left unused. Covers the
//! replies converted to catalogues so far: `rules`, `notify`, `settings`, challenges, turns, the board,
//! whose turn it is, undo, draw and resign, refusals (of turns and of
//! options), captions and endings, the `lang` command.

use cairn_bot::i18n::{take_slips, Lang};
use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_store::Store;

fn request(who: &str, command: &str, lang: Lang) -> Request {
    Request {
        platform: "test".into(),
        channel: format!("main-{lang}"),
        user: User::new(format!("id-{who}"), who),
        command: command.into(),
        mentions: vec![User::new("id-bob", "bob")],
        place_lang: Some(lang),
        ..Default::default()
    }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_japanese(text: &str) -> bool {
    text.chars()
        .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// Plays Sight to its end in `lang`, returning every reply to the
/// commands this covers, with the command that drew it.
fn play(lang: Lang) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = Bot::new(
        Store::open(dir.path().join("db")).expect("open store"),
        BotConfig {
            images: false,
            default_clock: None,
            ..BotConfig::default()
        },
    );
    let say = |who: &str, command: &str| text(&bot.handle(&request(who, command, lang)));
    let mut out = vec![("lang".to_string(), say("alice", "lang"))];
    out.push(("rules".to_string(), say("alice", "rules")));
    out.push(("notify".to_string(), say("alice", "notify")));
    out.push(("notify dm".to_string(), say("alice", "notify dm")));
    out.push(("notify off".to_string(), say("alice", "notify off")));
    out.push(("notify nonsense".to_string(), say("alice", "notify maybe")));
    out.push(("settings".to_string(), say("alice", "settings")));
    out.push(("rules sight".to_string(), say("alice", "rules sight")));
    out.push((
        "rules callanish".to_string(),
        say("alice", "rules callanish"),
    ));
    out.push((
        "challenge without a game".to_string(),
        say("alice", "challenge"),
    ));
    out.push((
        "challenge yourself".to_string(),
        say("alice", "challenge sight @alice"),
    ));
    out.push((
        "challenge with an unknown option".to_string(),
        say("alice", "challenge sight @bob size=7"),
    ));
    out.push((
        "challenge with an even size".to_string(),
        say("alice", "challenge callanish @bob size=8"),
    ));
    out.push((
        "challenge with too few stones".to_string(),
        say("alice", "challenge callanish @bob stones=1"),
    ));
    out.push((
        "accept without a challenge".to_string(),
        say("bob", "accept"),
    ));
    out.push((
        "challenge".to_string(),
        say("alice", "challenge sight @bob clock=3d"),
    ));
    out.push((
        "accept by the challenger".to_string(),
        say("alice", "accept"),
    ));
    out.push(("cancel by the challenged".to_string(), say("bob", "cancel")));
    out.push(("cancel".to_string(), say("alice", "cancel")));
    out.push((
        "decline without a challenge".to_string(),
        say("bob", "decline"),
    ));
    say("alice", "challenge sight @bob");
    out.push(("decline".to_string(), say("bob", "decline")));
    say("alice", "challenge sight @bob");
    out.push(("accept".to_string(), say("bob", "accept")));
    out.push((
        "a second challenge".to_string(),
        say("alice", "challenge sight @bob"),
    ));
    out.push(("board".to_string(), say("alice", "board")));
    out.push(("moves".to_string(), say("alice", "moves")));
    out.push(("undo before any turn".to_string(), say("alice", "undo")));
    out.push(("draw".to_string(), say("alice", "draw")));
    out.push(("resign, asked".to_string(), say("bob", "resign")));
    out.push((
        "move by the wrong player".to_string(),
        say("bob", "move c3"),
    ));
    out.push(("move without a turn".to_string(), say("alice", "move")));
    out.push(("move unreadable".to_string(), say("alice", "move zz")));
    out.push(("move off the board".to_string(), say("alice", "move c6")));
    out.push(("move refused".to_string(), say("alice", "move c3-c4")));
    // Play the first legal turn until the game ends.
    let mut turns = 0;
    loop {
        let key = Store::channel_key("test", &format!("main-{lang}"));
        let record = bot
            .store()
            .load(&key)
            .unwrap()
            .and_then(|r| r.game)
            .unwrap();
        if record.outcome().is_some() || turns > 80 {
            break;
        }
        let who = if record.game.to_move().index() == 0 {
            "alice"
        } else {
            "bob"
        };
        let turn = record.game.legal_strings()[0].clone();
        out.push((format!("move {turn}"), say(who, &format!("move {turn}"))));
        turns += 1;
    }
    out.push(("move after the end".to_string(), say("alice", "move c3")));
    out.push(("replay".to_string(), say("alice", "replay")));
    out.push(("board after the end".to_string(), say("alice", "board")));
    out
}

#[test]
fn a_game_in_japanese_and_in_spanish_has_no_english_left() {
    take_slips();
    let english = play(Lang::En);
    assert_eq!(take_slips(), Vec::<String>::new());
    for lang in [Lang::Ja, Lang::Es] {
        let replies = play(lang);
        assert_eq!(take_slips(), Vec::<String>::new(), "{lang}");
        assert_eq!(replies.len(), english.len(), "{lang}: the same game");
        for ((command, reply), (_, in_english)) in replies.iter().zip(&english) {
            assert!(!reply.is_empty(), "{lang}: {command}");
            assert_ne!(reply, in_english, "{lang}: `{command}` is still English");
            if lang == Lang::Ja {
                assert!(is_japanese(reply), "{command}: {reply}");
            }
        }
    }
}
