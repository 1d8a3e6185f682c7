//! Every board a reply shows carries its description (the image's alt
//! text) in the reader's language: the game, who is to move or how it
//! ended, the last turn, the clocks and the board in words, within 1,024
//! characters, also on the largest boards.

use cairn_bot::describe::DESCRIPTION_LIMIT;
use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_rules::{AnyGame, GameKind, Options, Seat};
use cairn_store::Store;

fn bot() -> (Bot, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("store");
    let config = BotConfig {
        images: false,
        ai_seed: Some(3),
        ai_deadline: std::time::Duration::from_millis(20),
        ..BotConfig::default()
    };
    (Bot::new(store, config), dir)
}

fn say(bot: &Bot, who: &str, command: &str) -> Vec<Reply> {
    bot.handle(&Request {
        platform: "test".into(),
        channel: "main".into(),
        user: User::new(who, who),
        command: command.into(),
        ..Default::default()
    })
}

fn description(replies: &[Reply]) -> String {
    replies
        .iter()
        .find_map(|r| r.description.clone())
        .expect("a board with its description")
}

#[test]
fn a_board_reply_is_described_with_the_side_to_move_the_last_turn_and_the_clocks() {
    let (bot, _dir) = bot();
    say(&bot, "alice", "challenge alquerque bob clock=3d");
    let start = description(&say(&bot, "bob", "accept"));
    assert!(start.starts_with("Alquerque"), "{start}");
    assert!(start.contains("alice (White) to move."), "{start}");
    assert!(start.contains("Time left: alice (White) "), "{start}");
    assert!(start.contains(", bob (Black) "), "{start}");
    assert!(start.contains("White (12): "), "{start}");
    let moved = description(&say(&bot, "alice", "move d3-c3"));
    assert!(moved.contains("bob (Black) to move."), "{moved}");
    assert!(
        moved.contains("Last turn: alice (White) played d3-c3."),
        "{moved}"
    );
}

#[test]
fn the_description_is_in_the_readers_language() {
    let (bot, _dir) = bot();
    say(&bot, "alice", "lang ja");
    say(&bot, "bob", "lang ja");
    say(&bot, "alice", "challenge sight bob");
    let text = description(&say(&bot, "bob", "accept"));
    assert!(text.contains("の番です。"), "{text}");
    assert!(!text.contains(" to move"), "{text}");
}

#[test]
fn a_full_large_board_stays_within_the_limit_and_keeps_what_matters() {
    let (bot, _dir) = bot();
    say(&bot, "alice", "challenge callanish bob size=19");
    say(&bot, "bob", "accept");
    // Many stones on a 19 x 19 board: the first legal turn, 160 times.
    let options = Options::parse(&["size=19"]).expect("options");
    let mut mirror = AnyGame::new(GameKind::Callanish, &options).expect("callanish");
    let mut last = Vec::new();
    for _ in 0..160 {
        if mirror.outcome().is_some() {
            break;
        }
        let turn = mirror.legal_strings()[0].clone();
        let who = match mirror.to_move() {
            Seat::First => "alice",
            Seat::Second => "bob",
        };
        last = say(&bot, who, &format!("move {turn}"));
        mirror.play_str(&turn).expect("a legal turn");
    }
    let text = description(&last);
    assert!(text.chars().count() <= DESCRIPTION_LIMIT, "{text}");
    assert!(
        text.contains(" to move.") || text.contains(" wins"),
        "{text}"
    );
    assert!(text.contains("Last turn: "), "{text}");
}
