//! A game played through the bot core, for the web's tests.

#![allow(dead_code)]

use std::sync::Arc;

use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_store::clock::ManualClock;
use cairn_store::{GameId, GameRecord, Store};

/// The challenger's display name: markup that must show as text.
pub const SCRIPT_NAME: &str = "<script>alert(1)</script>";

pub struct Chat {
    pub bot: Bot,
    pub store: Store,
    pub channel: String,
    /// The server the channel is in (its requests' managers may change
    /// its settings), if any.
    pub server: Option<String>,
    /// The platform tells the channel is public.
    pub public: bool,
    _dir: Option<tempfile::TempDir>,
}

fn user(name: &str) -> User {
    let id = if name == SCRIPT_NAME { "alice" } else { name };
    User::new(format!("id-{id}"), name)
}

impl Chat {
    /// A sled store and a bot on it, without links to the web.
    pub fn new() -> Chat {
        Chat::linking(None)
    }

    /// A sled store and a bot on it whose board replies link the web
    /// pages at `web_url`.
    pub fn linking(web_url: Option<&str>) -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(dir.path().join("db")).expect("open store");
        Chat::on(store, web_url, Some(dir))
    }

    /// A bot on `store` (whose directory, if any, lives as long).
    pub fn on(store: Store, web_url: Option<&str>, dir: Option<tempfile::TempDir>) -> Chat {
        let config = BotConfig {
            images: false,
            rate_limit: None,
            ai_seed: Some(3),
            // Now: the pages read their clocks at the real time.
            clock: Arc::new(ManualClock::at(cairn_store::now_ms())),
            web_url: web_url.map(str::to_string),
            ..BotConfig::default()
        };
        Chat {
            bot: Bot::new(store.clone(), config),
            store,
            channel: "room".into(),
            server: None,
            public: false,
            _dir: dir,
        }
    }

    /// The same bot and store, in `channel` of `server`, a public place.
    pub fn in_public(&self, server: &str, channel: &str) -> Chat {
        Chat {
            bot: self.bot.clone(),
            store: self.store.clone(),
            channel: channel.into(),
            server: Some(server.into()),
            public: true,
            _dir: None,
        }
    }

    /// The same bot and store, in another channel outside any server (a
    /// direct conversation).
    pub fn in_private(&self, channel: &str) -> Chat {
        Chat {
            channel: channel.into(),
            server: None,
            public: false,
            ..self.in_public("", "")
        }
    }

    /// `who` says `command` in the channel.
    pub fn say(&self, who: &str, command: &str) -> Vec<cairn_bot::Reply> {
        let request = Request {
            platform: "test".into(),
            channel: self.channel.clone(),
            user: user(who),
            command: command.into(),
            mentions: vec![user("bob")],
            server: self.server.clone(),
            // Every player here may manage the server.
            server_admin: self.server.is_some(),
            capabilities: cairn_bot::Capabilities {
                servers: self.server.is_some(),
                public_place: self.public,
                ..Default::default()
            },
            ..Default::default()
        };
        self.bot.handle(&request)
    }

    /// A game of `game` between [`SCRIPT_NAME`] (first) and bob, started.
    pub fn start(&self, game: &str) -> GameId {
        self.say(SCRIPT_NAME, &format!("challenge {game} @bob as=white"));
        self.say("bob", "accept");
        self.game().id.expect("a game id")
    }

    pub fn game(&self) -> GameRecord {
        let key = Store::channel_key("test", &self.channel);
        let record = self.store.load(&key).expect("load").expect("a record");
        record.game.expect("a game")
    }

    /// The player to move plays the first legal turn: the replies.
    pub fn play_one(&self) -> Vec<cairn_bot::Reply> {
        let game = self.game();
        let turn = game.game.legal_strings()[0].clone();
        let seat = game.game.to_move();
        let who = game.player(seat).name.clone();
        let replies = self.say(&who, &format!("move {turn}"));
        assert_eq!(
            self.game().history.len(),
            game.history.len() + 1,
            "{turn} was played"
        );
        replies
    }
}
