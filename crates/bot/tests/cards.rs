//! A game's card through the core: what each turn's card offers, a press
//! on the card of an earlier turn refused without effect, and the legal
//! turns asked from a card shown to the presser alone.

use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_store::Store;

fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

fn request(who: &str, command: &str, card: Option<u64>) -> Request {
    Request {
        platform: "test".into(),
        channel: "main".into(),
        user: user(who),
        command: command.into(),
        mentions: command
            .split_whitespace()
            .filter_map(|w| w.strip_prefix('@'))
            .map(user)
            .collect(),
        card,
        ..Default::default()
    }
}

fn bot() -> (Bot, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("store");
    let config = BotConfig {
        images: false,
        ..BotConfig::default()
    };
    (Bot::new(store, config), dir)
}

fn say(bot: &Bot, who: &str, command: &str) -> Vec<Reply> {
    bot.handle(&request(who, command, None))
}

fn commands(reply: &Reply) -> Vec<String> {
    let card = reply.card.as_ref().expect("a card");
    card.actions.iter().map(|a| a.command.clone()).collect()
}

#[test]
fn every_turn_has_a_card_and_the_end_offers_rematch_and_replay() {
    let (bot, _dir) = bot();
    say(&bot, "alice", "challenge sight @bob");
    let started = say(&bot, "bob", "accept");
    assert_eq!(
        commands(&started[0]),
        ["pick", "moves", "undo", "draw", "resign"]
    );
    let card = started[0].card.clone().expect("a card");
    assert!(card.actions[0].primary && card.actions[0].label == "Move");
    assert!(card
        .clocks
        .as_deref()
        .is_some_and(|c| c.starts_with("Time left:")));
    let moved = say(&bot, "alice", "move c3");
    let next = moved[0].card.clone().expect("a card");
    assert_ne!(next.stamp, card.stamp, "each turn its own card");
    say(&bot, "bob", "resign");
    let ended = say(&bot, "bob", "resign");
    assert_eq!(commands(&ended[0]), ["rematch", "replay"]);
    // The picker and the legal turns are not cards.
    say(&bot, "alice", "challenge sight @bob");
    say(&bot, "bob", "accept");
    assert!(say(&bot, "alice", "pick")[0].card.is_none());
    assert!(say(&bot, "alice", "moves")[0].card.is_none());
}

#[test]
fn a_press_on_an_earlier_card_is_refused_and_changes_nothing() {
    let (bot, _dir) = bot();
    say(&bot, "alice", "challenge sight @bob");
    let first = say(&bot, "bob", "accept")[0].card.clone().expect("a card");
    say(&bot, "alice", "move c3");
    // Bob presses Resign twice on the first card (the confirmation too).
    for _ in 0..2 {
        let refused = bot.handle(&request("bob", "resign", Some(first.stamp)));
        assert_eq!(refused.len(), 1);
        assert!(refused[0].ephemeral);
        assert!(
            refused[0]
                .text
                .starts_with("This card shows an earlier turn"),
            "{}",
            refused[0].text
        );
        assert_eq!(refused[0].channels.len(), 1, "a link to the channel");
    }
    let board = say(&bot, "bob", "board");
    assert!(
        board[0].text.contains("to move"),
        "the game goes on: {}",
        board[0].text
    );
    // The current card's press works.
    let current = board[0].card.clone().expect("a card");
    let moves = bot.handle(&request("bob", "moves", Some(current.stamp)));
    assert!(
        moves[0].ephemeral,
        "the legal turns from a card are private"
    );
    assert!(
        !say(&bot, "bob", "moves")[0].ephemeral,
        "typed, they are public"
    );
}
