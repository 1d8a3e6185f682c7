//! The platform-neutral messages: a [`Request`] (platform, channel, user,
//! command, what the place allows) goes in; [`Reply`]s (text, an optional
//! board, files, whom to mention, private or not, buttons, a thread to
//! open) come out. No platform type crosses this boundary.

use serde::{Deserialize, Serialize};

use crate::{Input, Lang};
use cairn_store::Store;

/// A chat user as the platform identifies them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct User {
    /// Stable platform id (Discord snowflake, Matrix user id, console name).
    pub id: String,
    /// Display name for replies.
    pub name: String,
}

impl User {
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> User {
        User {
            id: id.into(),
            name: name.into(),
        }
    }
}

/// One command from one user in one channel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// `discord`, `matrix`, `console`.
    pub platform: String,
    /// The platform's channel, room or thread id.
    pub channel: String,
    pub user: User,
    /// The command: text without the platform's prefix (`move b2 a4
    /// d1`), or typed where the platform has typed values (Discord's
    /// slash commands, the bot's own turns).
    pub command: Input,
    /// Users the platform resolved from mentions in the command, in order
    /// (the opponent of `challenge`).
    pub mentions: Vec<User>,
    /// The server (Discord guild) the channel belongs to, for its
    /// settings; `None` in direct messages and on platforms without
    /// servers.
    pub server: Option<String>,
    /// The user may change the server's settings (Discord: Manage Server).
    pub server_admin: bool,
    /// The requester's own language, where the platform knows it (Discord:
    /// the interaction's locale): replies only they see use it.
    pub user_lang: Option<Lang>,
    /// The platform's guess at the channel's language (Discord: the
    /// server's locale; the console: `CAIRN_LANG`). A language chosen with
    /// `lang` wins over it.
    pub place_lang: Option<Lang>,
    /// What the platform can do here.
    pub capabilities: Capabilities,
    /// The command comes from a press on the card of this position
    /// ([`GameCard::stamp`]); refused once the game has moved on.
    pub card: Option<u64>,
}

/// What a platform can do, declared by its adapter with each request: the
/// core words its answers by these, never by the platform's name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capabilities {
    /// The bot may write to a user directly (reminders by `notify dm`).
    pub direct_messages: bool,
    /// Channels belong to servers that players think of as one place
    /// (a leaderboard "on this server"), which have settings.
    pub servers: bool,
    /// Replies may carry buttons ([`Reply::actions`] shown as such).
    pub buttons: bool,
    /// Players may start a thread, a channel of its own, for a game.
    pub threads: bool,
    /// Here the bot may only answer, never post on its own (a Discord
    /// channel where the app is installed by a user and is not a member):
    /// timed events go to the players directly, and are told again at the
    /// top of the next reply here.
    pub answer_only: bool,
    /// The place is public, as far as the platform tells (a server's
    /// channel where the bot is a member; not a direct message, a group
    /// conversation nor a place the bot only answers in): games started
    /// here are listed in the web's open records and statistics.
    pub public_place: bool,
}

/// A button the platform may show; pressing it sends `command` as the
/// pressing user. `for_user` limits who may press it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    pub label: String,
    pub command: String,
    pub for_user: Option<String>,
    /// Shown as the primary (positive) choice.
    pub primary: bool,
}

/// One reply to post.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The message, with player names (platforms add mention syntax for
    /// `mentions`).
    pub text: String,
    /// A title line for platforms with embeds: game, players, status.
    pub title: Option<String>,
    /// The board as a PNG (its bytes and size).
    pub image: Option<cairn_render::Png>,
    /// The board in words, for readers who do not see the image: its alt
    /// text (at most [`DESCRIPTION_LIMIT`](crate::describe::DESCRIPTION_LIMIT)
    /// characters), in the reply's language.
    pub description: Option<String>,
    /// The board as Unicode text (the console prints it).
    pub board_text: Option<String>,
    /// Users to notify: the player to move, and whoever waits for this
    /// news (never the one who spoke).
    pub mentions: Vec<User>,
    /// The id of the player whose turn it is after this reply, if the
    /// reply shows a game in progress (a platform's "your turn" is for
    /// them alone).
    pub to_move: Option<String>,
    /// Only the requesting user should see it (errors).
    pub ephemeral: bool,
    /// Buttons (accept / decline a challenge).
    pub actions: Vec<Action>,
    /// This reply starts a game that may move into a thread of its own
    /// (the server allows it; see `settings threads`). A platform that
    /// creates the thread moves the game with [`Bot::move_game`](crate::Bot::move_game) and posts
    /// this reply there.
    pub thread: Option<GameThread>,
    /// Files posted with the reply: a replay GIF, a game record.
    pub files: Vec<Attachment>,
    /// A table for platforms with embeds (a leaderboard); the text says
    /// the same for the others.
    pub table: Option<Table>,
    /// Channels the text speaks of (the `games` list), where they stand in
    /// `text` (written there as their store key, `platform:channel`);
    /// platforms name them their own way through
    /// [`Reply::text_with_channels`].
    pub channels: Vec<ChannelSpan>,
    /// The language the reply is worded in, for the words a platform adds
    /// around it (a missing permission, how to answer).
    pub lang: Lang,
    /// A list of steps of a turn being picked (`pick`), typed for
    /// platforms that draw it as a menu or reactions; the text lists the
    /// same options, a page at a time.
    pub pick: Option<PickMenu>,
    /// This reply shows a turn of a game: platforms that draw cards show
    /// its board, lines and actions as one card.
    pub card: Option<GameCard>,
}

/// A turn of a game as a card: the reply's board and text, the clocks,
/// and what the players can do from it. Platforms with buttons draw the
/// actions; a press carries [`GameCard::stamp`] back in
/// [`Request::card`], so a press on a card of an earlier turn is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameCard {
    /// The position the card shows ([`GameRecord::position_stamp`](cairn_store::GameRecord::position_stamp)).
    pub stamp: u64,
    /// "Time left: alice (White) 2d, bob (Black) 1d." on a clock.
    pub clocks: Option<String>,
    /// In play: Move (the picker), Moves, Undo, Draw, Resign; at the end:
    /// Rematch and Replay. Worded in the reply's language.
    pub actions: Vec<Action>,
}

/// The options of a turn being picked step by step (`pick`), as the text
/// of the reply lists them: option `number` is chosen by `pick <number>`
/// (as the player to move, in the same channel), `pick back` takes the
/// last choice back, `pick more` shows the next page of the text.
/// A platform with menus shows every option (Discord: 25 per select
/// menu); one with reactions shows the page's ten.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PickMenu {
    /// Who may choose: the player to move.
    pub user: User,
    /// The turn so far in the game's notation (`b2xd4`), empty at its start.
    pub so_far: String,
    /// Every option, numbered from 1.
    pub options: Vec<PickOption>,
    /// The page the text shows (from 0), [`PickMenu::PAGE`] options each.
    pub page: usize,
    /// A choice can be taken back (`pick back`).
    pub can_go_back: bool,
}

impl PickMenu {
    /// Options per page of text (and of number reactions).
    pub const PAGE: usize = 10;

    /// The options of the page shown.
    pub fn page_options(&self) -> &[PickOption] {
        let start = (self.page * Self::PAGE).min(self.options.len());
        let end = (start + Self::PAGE).min(self.options.len());
        &self.options[start..end]
    }

    /// More options than one page holds.
    pub fn has_more(&self) -> bool {
        self.options.len() > Self::PAGE
    }
}

/// One option of a [`PickMenu`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PickOption {
    /// Its number, from 1: `pick <number>` chooses it.
    pub number: usize,
    /// The step in the game's notation (`c3`, `xd4`, `d3a`), or the whole
    /// turn for an option that plays the turn as it stands.
    pub label: String,
    /// What it does, in the reader's language ("place a piece here",
    /// "play b2xd4 as it stands"); empty when the label says it all.
    pub description: String,
    /// Choosing it plays the turn as it stands (a chain that may stop).
    pub plays: bool,
}

/// A channel named in a reply's text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelSpan {
    pub at: std::ops::Range<usize>,
    pub channel: ChannelKey,
}

/// A channel of some platform, as the store knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelKey {
    pub platform: String,
    pub channel: String,
}

impl ChannelKey {
    pub fn new(platform: impl Into<String>, channel: impl Into<String>) -> ChannelKey {
        ChannelKey {
            platform: platform.into(),
            channel: channel.into(),
        }
    }

    /// The channel a request comes from.
    pub fn of(request: &Request) -> ChannelKey {
        ChannelKey::new(request.platform.as_str(), request.channel.as_str())
    }

    /// The channel a store key (`platform:channel`) names; platform names
    /// hold no colon, channel ids may (Matrix rooms).
    pub fn parse(key: &str) -> Option<ChannelKey> {
        let (platform, channel) = key.split_once(':')?;
        Some(ChannelKey::new(platform, channel))
    }

    /// [`ChannelKey::parse`], or the whole key as a channel of no platform.
    pub fn from_key(key: &str) -> ChannelKey {
        ChannelKey::parse(key).unwrap_or_else(|| ChannelKey::new("", key))
    }
}

impl std::fmt::Display for ChannelKey {
    /// The store key: what a platform that names channels its own way
    /// replaces.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Store::channel_key(&self.platform, &self.channel))
    }
}

/// A thread a new game may move into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameThread {
    /// "Sight: alice vs bob", at most 100 characters (Discord's limit).
    pub name: String,
    /// The players to add to the thread (by mentioning them there).
    pub players: Vec<User>,
    /// What the channel reads once the game has moved, in its language:
    /// these words before and after the platform's link to the thread
    /// ("The game … goes on in its own thread: " and ".").
    pub moved: (String, String),
}

/// A file posted with a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// The file name, e.g. `replay.gif`.
    pub name: String,
    pub kind: AttachmentKind,
    pub bytes: Vec<u8>,
    /// A short description (alt text).
    pub description: String,
}

/// What an attached file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttachmentKind {
    /// An animated GIF (a replay).
    Gif,
    /// JSON (a game record).
    Json,
    /// Plain UTF-8 text (a game record).
    Text,
}

impl AttachmentKind {
    /// The MIME content type.
    pub fn content_type(self) -> &'static str {
        match self {
            AttachmentKind::Gif => "image/gif",
            AttachmentKind::Json => "application/json",
            AttachmentKind::Text => "text/plain; charset=utf-8",
        }
    }

    /// An image a client shows inline.
    pub fn is_image(self) -> bool {
        self == AttachmentKind::Gif
    }
}

/// Rows under a title, e.g. a leaderboard: `columns` names each cell of a
/// row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// A line under the table.
    pub footer: Option<String>,
}

impl Reply {
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// An error only the requester needs to see.
    pub fn error(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// Appends `channel` to the reply's text, noting where it stands.
    pub fn push_channel(&mut self, channel: ChannelKey) {
        let start = self.text.len();
        self.text.push_str(&channel.to_string());
        self.channels.push(ChannelSpan {
            at: start..self.text.len(),
            channel,
        });
    }

    /// The text with each channel named by `name` (a link on Discord, a
    /// room link on Matrix, `#name` in the console). A span the text no
    /// longer holds (the text was changed after) is left as it stands.
    pub fn text_with_channels(&self, name: impl Fn(&ChannelKey) -> String) -> String {
        let mut out = String::with_capacity(self.text.len());
        let mut done = 0;
        for span in &self.channels {
            let fits = span.at.start >= done
                && self.text.get(span.at.clone()) == Some(span.channel.to_string().as_str());
            if !fits {
                continue;
            }
            out.push_str(&self.text[done..span.at.start]);
            out.push_str(&name(&span.channel));
            done = span.at.end;
        }
        out.push_str(&self.text[done..]);
        out
    }
}
