//! `pick`: whole games played step by step through the bot core, without
//! a word of notation, on a real sled database; the lists are typed for
//! adapters (`Reply::pick`) and paged in text; only the player to move may
//! pick; a list from another position is refused; the choices survive a
//! restart.

use cairn_bot::i18n::{take_slips, Lang};
use cairn_bot::{Bot, BotConfig, PickMenu, Reply, Request, User};
use cairn_rules::SplitRng;
use cairn_store::Store;

fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

fn config() -> BotConfig {
    BotConfig {
        ai_seed: Some(7),
        images: false,
        ..BotConfig::default()
    }
}

struct Chat {
    bot: Option<Bot>,
    dir: tempfile::TempDir,
    lang: Lang,
    /// Every line said and answered, as a console would show it.
    transcript: String,
}

impl Chat {
    fn new(lang: Lang) -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(dir.path().join("db")).expect("open store");
        Chat {
            bot: Some(Bot::new(store, config())),
            dir,
            lang,
            transcript: String::new(),
        }
    }

    /// Stop the bot and start another on the same database.
    fn restart(&mut self) {
        self.bot = None;
        let store = Store::open(self.dir.path().join("db")).expect("reopen store");
        self.bot = Some(Bot::new(store, config()));
    }

    fn say(&mut self, who: &str, command: &str) -> Vec<Reply> {
        let request = Request {
            platform: "test".into(),
            channel: "room".into(),
            user: user(who),
            command: command.into(),
            mentions: command
                .split_whitespace()
                .filter_map(|w| w.strip_prefix('@'))
                .map(user)
                .collect(),
            place_lang: Some(self.lang),
            user_lang: Some(self.lang),
            ..Default::default()
        };
        let replies = self.bot.as_ref().expect("a bot").handle(&request);
        let slips = take_slips();
        assert!(slips.is_empty(), "{command}: {slips:?}");
        self.transcript.push_str(&format!("[{who}] {command}\n"));
        for reply in &replies {
            self.transcript.push_str(&reply.text);
            self.transcript.push('\n');
        }
        replies
    }

    fn text(&mut self, who: &str, command: &str) -> String {
        let replies = self.say(who, command);
        replies
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn menu(&mut self, who: &str, command: &str) -> Option<PickMenu> {
        self.say(who, command).into_iter().find_map(|r| r.pick)
    }

    fn start_sight(&mut self) {
        self.say("alice", "challenge sight @bob");
        let text = self.text("bob", "accept");
        assert!(text.contains("alice"), "{text}");
    }
}

/// The text of a menu lists its page, numbered as `pick N` takes them.
fn check_menu_text(menu: &PickMenu, text: &str) {
    assert!(!menu.options.is_empty());
    let shown = menu.page_options();
    assert!(shown.len() <= PickMenu::PAGE);
    for option in shown {
        assert!(text.contains(&format!("{}. ", option.number)), "{text}");
    }
    assert_eq!(menu.has_more(), text.contains("pick more"), "{text}");
    for (i, option) in menu.options.iter().enumerate() {
        assert_eq!(option.number, i + 1);
    }
}

/// Play one whole game by `pick` only, choosing at random, until `pick`
/// shows no list (the game is over); the text of the last turn played.
fn play_by_picking(chat: &mut Chat, seed: u64) -> String {
    let mut rng = SplitRng::new(seed);
    let players = ["alice", "bob"];
    let mut mover = 0;
    let mut last = String::new();
    for _ in 0..200 {
        let who = players[mover];
        let replies = chat.say(who, "pick");
        let Some(mut menu) = replies.iter().find_map(|r| r.pick.clone()) else {
            return last;
        };
        check_menu_text(&menu, &replies[0].text);
        loop {
            let n = 1 + rng.below(menu.options.len());
            let replies = chat.say(who, &format!("pick {n}"));
            match replies.iter().find_map(|r| r.pick.clone()) {
                Some(next) => {
                    check_menu_text(&next, &replies[0].text);
                    assert!(next.can_go_back);
                    menu = next;
                }
                None => {
                    last = replies[0].text.clone();
                    assert!(replies[0].board_text.is_some(), "{last}");
                    break;
                }
            }
        }
        mover = 1 - mover;
    }
    panic!("the game did not end:\n{}", chat.transcript);
}

#[test]
fn a_whole_sight_game_is_played_by_pick_only() {
    let mut chat = Chat::new(Lang::En);
    chat.start_sight();
    let last = play_by_picking(&mut chat, 3);
    assert!(last.contains("played") && last.contains("wins"), "{last}");
    if std::env::var_os("CAIRN_PRINT_TRANSCRIPT").is_some() {
        println!("{}", chat.transcript);
    }
}

#[test]
fn pick_is_worded_in_japanese_and_spanish_too() {
    for lang in [Lang::Ja, Lang::Es] {
        let mut chat = Chat::new(lang);
        chat.start_sight();
        play_by_picking(&mut chat, 11);
    }
}

#[test]
fn only_the_player_to_move_picks_and_a_stale_list_is_refused() {
    let mut chat = Chat::new(Lang::En);
    chat.start_sight();
    let text = chat.text("bob", "pick");
    assert!(text.contains("It is alice (White)'s turn"), "{text}");
    let text = chat.text("carol", "pick");
    assert!(text.contains("alice") && text.contains("bob"), "{text}");
    let text = chat.text("alice", "pick 3");
    assert!(text.contains("write `pick`"), "{text}");

    // 25 empty points: three pages of ten.
    let menu = chat.menu("alice", "pick").expect("a list");
    assert_eq!(menu.options.len(), 25);
    assert_eq!(menu.page_options().len(), 10);
    let menu = chat.menu("alice", "pick more").expect("page 2");
    assert_eq!(menu.page, 1);
    assert_eq!(menu.page_options()[0].number, 11);
    let text = chat.text("alice", "pick 26");
    assert!(text.contains("from 1 to 25"), "{text}");
    let text = chat.text("alice", "pick back");
    assert!(text.contains("nothing") || text.contains("none"), "{text}");
    let text = chat.text("alice", "pick zz");
    assert!(text.contains("pick N"), "{text}");

    // alice shows a list, then plays by notation: the list is stale.
    chat.text("alice", "move c3");
    chat.text("bob", "pick");
    chat.text("bob", "move a1");
    let text = chat.text("bob", "pick 1");
    assert!(text.contains("turn"), "{text}");
    chat.text("alice", "move e5");
    let text = chat.text("bob", "pick 1");
    assert!(text.contains("position has changed"), "{text}");
}

#[test]
fn choices_survive_a_restart_and_can_be_taken_back() {
    let mut chat = Chat::new(Lang::En);
    chat.start_sight();
    chat.text("alice", "pick");
    chat.text("alice", "pick more");
    chat.restart();
    let menu = chat.menu("alice", "pick more").expect("the third page");
    assert_eq!(menu.page, 2);
    assert_eq!(menu.page_options().len(), 5);

    // Collapse: a piece with more than one way to go, then back.
    let mut chat = Chat::new(Lang::En);
    chat.say("alice", "challenge collapse @bob");
    chat.say("bob", "accept");
    let game = cairn_rules::AnyGame::new(cairn_rules::GameKind::Collapse, &Default::default())
        .expect("a game");
    let first = game.pick(&[]).expect("a list");
    let at = first
        .options
        .iter()
        .position(|s| {
            !game
                .pick(std::slice::from_ref(&s.label))
                .expect("a pick")
                .is_complete()
        })
        .expect("a piece with two ways");
    let menu = chat.menu("alice", "pick").expect("a list");
    let chosen = chat
        .menu("alice", &format!("pick {}", at + 1))
        .expect("destinations");
    assert_eq!(chosen.so_far, first.options[at].label);
    assert!(chosen.can_go_back);
    chat.restart();
    let back = chat.menu("alice", "pick back").expect("the first list");
    assert_eq!(back.so_far, "");
    assert_eq!(back.options, menu.options);
    let text = chat.text("alice", &format!("pick {}", at + 1));
    assert!(text.contains(&first.options[at].label), "{text}");
    let text = chat.text("alice", "pick 1");
    assert!(text.contains("alice (White) played"), "{text}");
}
