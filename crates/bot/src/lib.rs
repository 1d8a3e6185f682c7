//! The platform-neutral bot core. A [`Request`] (platform, channel, user,
//! command text) goes in; [`Reply`]s (text, optional PNG, who to mention,
//! ephemeral or not, optional buttons) come out. No platform type crosses
//! this boundary: Discord, Matrix and the console only translate.
//!
//! Each command is decided by a pure function of the channel's stored record
//! (see `commands.rs`), run inside the store's compare-and-swap; the board
//! image is drawn after the write.

mod commands;
pub mod complete;
pub mod history;
mod history_commands;
pub mod i18n;
pub mod limits;
pub mod schedule;
pub mod text_board;

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use cairn_render::RenderOptions;
use cairn_rules::{capitalise, AnyGame, Colour, Seat};
use cairn_store::clock::{Clock, SystemClock, TimeControl, DAY_MS, MINUTE_MS};
use cairn_store::{GameRecord, Player, Store};

pub use commands::set::{
    self as command_set, command_names, ArgKind, ArgSpec, Args, Command, CommandSpec, Input,
    ParseError, Syntax, COMMANDS,
};
pub use i18n::{Lang, Langs};
pub use schedule::Delivery;

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
    /// The board as Unicode text (the console prints it).
    pub board_text: Option<String>,
    /// Users to notify (the player to move).
    pub mentions: Vec<User>,
    /// Only the requesting user should see it (errors).
    pub ephemeral: bool,
    /// Buttons (accept / decline a challenge).
    pub actions: Vec<Action>,
    /// This reply starts a game that may move into a thread of its own
    /// (the server allows it; see `settings threads`). A platform that
    /// creates the thread moves the game with [`Bot::move_game`] and posts
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
}

/// A channel named in a reply's text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelSpan {
    pub at: std::ops::Range<usize>,
    pub channel: ChannelRef,
}

/// A channel of some platform, as the store knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelRef {
    pub platform: String,
    pub channel: String,
}

impl ChannelRef {
    /// The channel a store key names.
    pub fn from_key(key: &str) -> ChannelRef {
        let (platform, channel) = Store::split_channel_key(key);
        ChannelRef {
            platform: platform.to_string(),
            channel: channel.to_string(),
        }
    }
}

impl std::fmt::Display for ChannelRef {
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
    pub fn push_channel(&mut self, channel: ChannelRef) {
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
    pub fn text_with_channels(&self, name: impl Fn(&ChannelRef) -> String) -> String {
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

/// How the bot behaves.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// Cairn's own identity on this platform (the bot opponent).
    pub bot_user: User,
    /// Words that name the bot as an opponent besides its id and name.
    pub bot_aliases: Vec<String>,
    /// Thinking time of the bot opponent.
    pub ai_deadline: Duration,
    /// Draw PNG boards.
    pub images: bool,
    /// Fixed seed for the bot opponent (tests); `None` varies per move.
    pub ai_seed: Option<u64>,
    /// At most this many bot searches at once (`CAIRN_AI_WORKERS`).
    pub ai_workers: usize,
    /// Bytes of search trees kept between the bot's turns (`CAIRN_AI_MEMORY`).
    pub ai_memory: usize,
    /// Commands per user (`None`: unlimited).
    pub rate_limit: Option<limits::RateLimit>,
    /// Where "now" comes from (tests drive their own).
    pub clock: Arc<dyn Clock>,
    /// The time control of a challenge that names none
    /// (`CAIRN_DEFAULT_CLOCK`, default 3 days a move; `None`: untimed).
    pub default_clock: Option<TimeControl>,
    /// The shortest time control a challenge may ask for
    /// (`CAIRN_MIN_CLOCK`, default one minute; lower only for tests).
    pub min_clock_ms: u64,
    /// How long a challenge waits for an answer (`CAIRN_CHALLENGE_TTL`).
    pub challenge_ttl_ms: u64,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            bot_user: User::new("cairn", "Cairn"),
            bot_aliases: vec!["bot".into(), "cairn".into(), "@cairn".into()],
            ai_deadline: Duration::from_secs(2),
            images: true,
            ai_seed: None,
            clock: Arc::new(SystemClock),
            default_clock: Some(TimeControl::PerMove { ms: 3 * DAY_MS }),
            min_clock_ms: MINUTE_MS,
            challenge_ttl_ms: 7 * DAY_MS,
            ai_workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            ai_memory: 256 << 20,
            rate_limit: None,
        }
    }
}

/// The bot: configuration plus the store.
#[derive(Clone)]
pub struct Bot {
    store: Store,
    config: BotConfig,
    /// The bot opponent's search trees by channel, kept between its turns
    /// within a memory budget (shared by the clones a platform makes).
    memories: Arc<cairn_ai::pool::Memories>,
    /// Bot searches running at once.
    workers: Arc<cairn_ai::pool::Workers>,
    rate: Option<Arc<limits::RateLimiter>>,
    /// Wakes the scheduler after a command (a new deadline may be sooner).
    waker: Arc<schedule::Waker>,
}

/// What a command decided, before images are drawn.
struct Answer {
    replies: Vec<Reply>,
    /// Draw this game's board into the first reply.
    board: Option<BoardShow>,
    /// The bot opponent is to move in this channel afterwards.
    bot_to_move: bool,
}

struct BoardShow {
    record: Box<GameRecord>,
    hints: bool,
    /// Attach the game's replay too (the game has just ended).
    replay: bool,
}

impl Answer {
    fn reply(reply: Reply) -> Answer {
        Answer {
            replies: vec![reply],
            board: None,
            bot_to_move: false,
        }
    }

    fn error(text: impl Into<String>) -> Answer {
        Answer::reply(Reply::error(text))
    }
}

impl Bot {
    pub fn new(store: Store, config: BotConfig) -> Bot {
        Bot {
            store,
            memories: Arc::new(cairn_ai::pool::Memories::new(config.ai_memory)),
            workers: Arc::new(cairn_ai::pool::Workers::new(config.ai_workers)),
            rate: config
                .rate_limit
                .map(|limit| Arc::new(limits::RateLimiter::new(limit))),
            config,
            waker: Arc::default(),
        }
    }

    /// The same bot with another configuration (a platform learns its own
    /// identity at login). The store, the scheduler's waker, the search
    /// workers and memories and the rate limits stay shared with `self`,
    /// so a scheduler started from either hears of every new deadline.
    pub fn reconfigured(&self, config: BotConfig) -> Bot {
        Bot {
            store: self.store.clone(),
            config,
            memories: Arc::clone(&self.memories),
            workers: Arc::clone(&self.workers),
            rate: self.rate.clone(),
            waker: Arc::clone(&self.waker),
        }
    }

    /// Now, in milliseconds since the Unix epoch, by the bot's clock.
    pub fn now(&self) -> u64 {
        self.config.clock.now_ms()
    }

    pub fn config(&self) -> &BotConfig {
        &self.config
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The languages of a request: for public messages the language chosen
    /// for its place with `lang`, else the platform's guess, else English;
    /// for the requester's own replies their language where known.
    pub fn langs(&self, request: &Request) -> Langs {
        let chosen = self.chosen_lang(&request.platform, &place_scope(request));
        let public = chosen.or(request.place_lang).unwrap_or_default();
        Langs {
            public,
            private: request.user_lang.unwrap_or(public),
        }
    }

    /// The language chosen with `lang` for the place of a stored channel
    /// (`platform:channel`), if any: what reminders and notices use.
    pub fn channel_lang(&self, channel_key: &str) -> Option<Lang> {
        let (platform, channel) = Store::split_channel_key(channel_key);
        let place = self.store.place_of(channel_key).ok()?;
        let scope = match place.split_once("-server:") {
            Some((_, server)) => server.to_string(),
            None => channel_scope(channel),
        };
        self.chosen_lang(platform, &scope)
    }

    fn chosen_lang(&self, platform: &str, scope: &str) -> Option<Lang> {
        match self.store.server_settings(platform, scope) {
            Ok(settings) => settings.lang.as_deref().and_then(Lang::parse),
            Err(error) => {
                tracing::warn!(%error, "reading the place's language");
                None
            }
        }
    }

    /// Handle one command. Blocking (database, rendering, bot thinking):
    /// async platforms call it from a blocking pool.
    pub fn handle(&self, request: &Request) -> Vec<Reply> {
        self.handle_with(request, |_| {})
    }

    /// Like [`Bot::handle`], with `progress` told at once what is worth
    /// saying before the end (the place in line while the bot waits to
    /// think).
    pub fn handle_with(&self, request: &Request, mut progress: impl FnMut(Reply)) -> Vec<Reply> {
        if let Some(rate) = &self.rate {
            let who = format!("{}:{}", request.platform, request.user.id);
            if let Err(wait) = rate.allow(&who, std::time::Instant::now()) {
                let lang = self.langs(request).private;
                return vec![Reply {
                    lang,
                    ..Reply::error(t!(lang, "rate-limited", seconds = wait.as_secs() + 1))
                }];
            }
        }
        let answer = commands::run(self, request);
        let langs = self.langs(request);
        let answer = match answer {
            Ok(answer) => answer,
            Err(error) => {
                tracing::error!(%error, channel = %request.channel, "command failed");
                store_error_answer(&error, langs)
            }
        };
        let mut replies = self.finish(answer.replies, answer.board, langs.public);
        for reply in &mut replies {
            if reply.ephemeral {
                reply.lang = langs.private;
            }
            if reply.board_text.is_none() {
                reply.text = limits::bound_echo(&reply.text, &request.command.to_string());
            }
        }
        if answer.bot_to_move {
            replies.extend(self.bot_turns(request, &mut progress));
        }
        self.waker.wake();
        replies
    }

    /// Attach the board image and text to the first reply, the board's
    /// words in `lang` (the public language: everyone sees the board).
    fn finish(&self, mut replies: Vec<Reply>, board: Option<BoardShow>, lang: Lang) -> Vec<Reply> {
        for reply in &mut replies {
            reply.lang = lang;
        }
        if let (Some(show), Some(first)) = (board, replies.first_mut()) {
            let (title, caption) = captions_in(&show.record, lang);
            let mut view = show.record.game.board_view();
            view.last = show.record.last.clone();
            if show.hints {
                view.hints = show.record.game.hint_spots();
                if !view.hints.is_empty() {
                    view.notes.push(show.record.game.hint_legend());
                }
            }
            // Worded here, so the renderer and the text board get words,
            // never message ids.
            let view = view.worded(|message| i18n::say(lang, message));
            first.board_text = Some(text_board::board_text(&view, &caption));
            if self.config.images {
                let options = RenderOptions {
                    show_hints: show.hints,
                    caption: Some(caption),
                    caption_stone: status_stone(&show.record),
                };
                match cairn_render::render_png(&view, &options) {
                    Ok(png) => first.image = Some(png),
                    Err(error) => tracing::debug!(%error, "no board image"),
                }
            }
            first.title = Some(title);
            if show.replay && self.config.images {
                first
                    .files
                    .extend(history_commands::replay_attachment(&show.record, lang));
            }
        }
        replies
    }

    /// Move the game just started in `from` into the new channel `to` (a
    /// thread the platform made for it, see [`Reply::thread`]).
    pub fn move_game(
        &self,
        platform: &str,
        from: &str,
        to: &str,
    ) -> Result<(), cairn_store::MoveError> {
        let from = Store::channel_key(platform, from);
        let to = Store::channel_key(platform, to);
        self.store.move_game(&from, &to)?;
        tracing::info!(%from, %to, "the game moved into its own thread");
        self.waker.wake();
        Ok(())
    }

    /// Bytes and number of the bot's kept search trees.
    pub fn ai_memory_usage(&self) -> (usize, usize) {
        self.memories.usage()
    }

    /// Let the bot opponent play while it is to move in this channel.
    fn bot_turns(&self, request: &Request, progress: &mut impl FnMut(Reply)) -> Vec<Reply> {
        let mut replies = Vec::new();
        let langs = self.langs(request);
        // A game turn may take several bot commands (mid-turn steps), but
        // never more than a game has turns; the bound only guards bugs.
        for _ in 0..64 {
            let key = cairn_store::Store::channel_key(&request.platform, &request.channel);
            let record = match self.store.load(&key) {
                Ok(Some(record)) => record,
                Ok(None) => break,
                Err(error) => {
                    tracing::error!(%error, "loading for the bot's turn");
                    replies.push(Reply::error(i18n::say(langs.private, &error.message())));
                    break;
                }
            };
            let Some(game) = record.game else { break };
            if game.outcome().is_some() || !game.player(game.game.to_move()).is_bot {
                break;
            }
            let settings = cairn_ai::Settings {
                level: game.level.unwrap_or(3),
                deadline: self.config.ai_deadline,
                seed: self
                    .config
                    .ai_seed
                    .unwrap_or_else(|| self.now())
                    .wrapping_add(game.history.len() as u64),
            };
            let permit = self.workers.acquire(|ahead| {
                progress(Reply {
                    lang: langs.public,
                    ..Reply::text(t!(
                        langs.public,
                        "bot-thinking",
                        bot = &self.config.bot_user.name,
                        ahead = ahead
                    ))
                })
            });
            let mut memory = self.memories.take(&key);
            let choice = cairn_ai::choose(&game.game, &settings, &mut memory);
            drop(permit);
            self.memories.keep(key, memory);
            let Some(choice) = choice else {
                break;
            };
            let bot_request = Request {
                platform: request.platform.clone(),
                channel: request.channel.clone(),
                user: self.config.bot_user.clone(),
                command: Input::Command(Command::Move {
                    turn: choice.turn.to_string(),
                }),
                mentions: Vec::new(),
                server: request.server.clone(),
                server_admin: false,
                user_lang: None,
                place_lang: request.place_lang,
            };
            let answer = match commands::run(self, &bot_request) {
                Ok(answer) => answer,
                Err(error) => {
                    tracing::error!(%error, "bot move failed");
                    replies.push(Reply::error(t!(
                        langs.private,
                        "bot-move-failed",
                        bot = &self.config.bot_user.name,
                        problem = i18n::say(langs.private, &error.message())
                    )));
                    break;
                }
            };
            let mut batch = self.finish(answer.replies, answer.board, langs.public);
            let note = choice
                .verdict
                .map(|verdict| verdict_note(&game, verdict, langs.public));
            if let (Some(note), Some(first)) = (note, batch.first_mut()) {
                first.text.push_str(&format!(" ({note})"));
            }
            replies.extend(batch);
            if !answer.bot_to_move {
                break;
            }
        }
        replies
    }
}

/// What the bot's solver found about the position it moved from ("this
/// position is a forced win for White in 7"), in `lang`; the verdict is
/// from the point of view of the bot, to move in `record`.
fn verdict_note(record: &GameRecord, verdict: cairn_ai::solver::Verdict, lang: Lang) -> String {
    use cairn_ai::solver::Verdict;
    let me = record.game.to_move();
    let seat = |seat: Seat| capitalise(&i18n::say(lang, &record.game.seat_message(seat)));
    match verdict {
        Verdict::Win(turns) => t!(lang, "bot-forced-win", seat = seat(me), turns = turns),
        Verdict::Loss(turns) => t!(
            lang,
            "bot-forced-win",
            seat = seat(me.other()),
            turns = turns
        ),
        Verdict::Draw => t!(lang, "bot-best-play-draw"),
    }
}

/// Where a request's place settings (its language) are kept: its server,
/// else the channel itself.
pub(crate) fn place_scope(request: &Request) -> String {
    match &request.server {
        Some(server) => server.clone(),
        None => channel_scope(&request.channel),
    }
}

fn channel_scope(channel: &str) -> String {
    format!("channel:{channel}")
}

/// "alice (White)".
pub fn player_label(record: &GameRecord, seat: Seat) -> String {
    player_label_in(record, seat, Lang::En)
}

/// "alice (White)", "alice (白)", "alice (Blancas)".
pub fn player_label_in(record: &GameRecord, seat: Seat, lang: Lang) -> String {
    t!(
        lang,
        "player-label",
        name = &record.player(seat).name,
        seat = capitalise(&i18n::say(lang, &record.game.seat_message(seat)))
    )
}

/// The title line ("Callanish 9 x 9: alice (White) vs bob (Black)") and the
/// status caption ("bob (Black) to move", "alice (White) wins: line").
pub fn captions(record: &GameRecord) -> (String, String) {
    captions_in(record, Lang::En)
}

/// [`captions`] in `lang`.
pub fn captions_in(record: &GameRecord, lang: Lang) -> (String, String) {
    let view_title = i18n::say(lang, &record.game.board_view().title);
    let title = t!(
        lang,
        "game-title",
        game = view_title,
        first = player_label_in(record, Seat::First, lang),
        second = player_label_in(record, Seat::Second, lang)
    );
    (title, status_caption_in(record, lang))
}

/// "bob (Black) to move", "bob (Black) wins: alice (White) has no legal
/// move", "Draw by agreement".
pub fn status_caption(record: &GameRecord) -> String {
    status_caption_in(record, Lang::En)
}

/// [`status_caption`] in `lang`.
pub fn status_caption_in(record: &GameRecord, lang: Lang) -> String {
    match record.outcome() {
        None => t!(
            lang,
            "caption-to-move",
            player = player_label_in(record, record.game.to_move(), lang)
        ),
        Some(outcome) => end_phrase_in(record, outcome, lang),
    }
}

/// The stone shown before the status caption: the colour to move, or the
/// winner's once the game is over (none for a draw, nor for a seat that
/// has no colour yet).
pub fn status_stone(record: &GameRecord) -> Option<Colour> {
    let seat = match record.outcome() {
        None => Some(record.game.to_move()),
        Some(outcome) => outcome.winner,
    };
    seat.and_then(|seat| record.game.seat_colour(seat))
}

/// How a game ended, in words: who won and why, naming the loser where the
/// reason is theirs ("alice (White) has no legal move"), with the game's
/// own words where they depend on its options (a stalled Fanorona).
pub fn end_phrase(record: &GameRecord, outcome: cairn_rules::Outcome) -> String {
    end_phrase_in(record, outcome, Lang::En)
}

/// [`end_phrase`] in `lang`: each reason has one wording (`end-reason-*`
/// in `locales/<lang>/captions.ftl`), unless the game words the end itself
/// (its `end_detail`), which only a resignation or a loss on time
/// overrides.
pub fn end_phrase_in(record: &GameRecord, outcome: cairn_rules::Outcome, lang: Lang) -> String {
    use cairn_rules::Reason;
    // The player the reason is about: the loser, or in a draw the player
    // to move.
    let side = outcome
        .winner
        .map_or(record.game.to_move(), |winner| winner.other());
    let detail = match outcome.reason {
        Reason::Resign | Reason::Timeout => None,
        _ => record.game.end_message(outcome),
    };
    let why = match detail {
        Some(detail) => i18n::say(lang, &detail),
        None => reason_phrase(record, outcome.reason, side, lang),
    };
    match outcome.winner {
        Some(winner) => t!(
            lang,
            "end-wins",
            winner = player_label_in(record, winner, lang),
            why = why
        ),
        None if outcome.reason == Reason::Agreement => t!(lang, "end-draw-agreement"),
        None => t!(lang, "end-draw", why = why),
    }
}

/// The one wording of a reason, naming `side` where the reason is theirs.
fn reason_phrase(
    record: &GameRecord,
    reason: cairn_rules::Reason,
    side: Seat,
    lang: Lang,
) -> String {
    use cairn_rules::Reason;
    let id = match reason {
        Reason::Line => "end-reason-line",
        Reason::NoMoves => "end-reason-no-moves",
        Reason::AllCaptured => "end-reason-all-captured",
        Reason::Repetition => "end-reason-repetition",
        Reason::Stall => "end-reason-stall",
        Reason::Square => "end-reason-square",
        Reason::BiggerSquare => "end-reason-bigger-square",
        Reason::Exhausted => "end-reason-exhausted",
        Reason::Cleared => "end-reason-cleared",
        Reason::Resign => "end-reason-resign",
        Reason::Timeout => "end-reason-timeout",
        Reason::Agreement => "end-reason-agreement",
    };
    let names_side = matches!(
        reason,
        Reason::Resign | Reason::Timeout | Reason::NoMoves | Reason::AllCaptured | Reason::Square
    );
    if names_side {
        t!(lang, id, side = player_label_in(record, side, lang))
    } else {
        t!(lang, id)
    }
}

/// The answer to a command the store failed: a record that cannot be read
/// is the whole channel's news (in its language), anything else only the
/// requester's (in theirs).
fn store_error_answer(error: &cairn_store::StoreError, langs: Langs) -> Answer {
    if error.unreadable_key().is_some() {
        Answer::reply(Reply::text(i18n::say(langs.public, &error.message())))
    } else {
        Answer::error(i18n::say(langs.private, &error.message()))
    }
}

fn to_user(player: &Player) -> User {
    User::new(player.id.clone(), player.name.clone())
}

/// Rebuild a game from its options and turn history (used by `undo`).
fn replay(
    kind: cairn_rules::GameKind,
    options: &[String],
    turns: &[String],
) -> Option<(AnyGame, cairn_rules::Highlights)> {
    let options = cairn_rules::Options::parse(options).ok()?;
    let mut game = AnyGame::new(kind, &options).ok()?;
    let mut last = cairn_rules::Highlights::default();
    for turn in turns {
        last = game.play_str(turn).ok()?.highlights;
    }
    Some((game, last))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every end reason, won or drawn, has one wording in every language,
    /// with no message missing and no argument unused; English keeps the
    /// sentences players know.
    #[test]
    fn every_end_reason_is_worded_in_every_language() {
        use cairn_rules::{Outcome, Reason};
        let dir = tempfile::tempdir().unwrap();
        let bot = Bot::new(
            Store::open(dir.path().join("db")).unwrap(),
            BotConfig::default(),
        );
        let request = |who: &str, command: &str, mentions: Vec<User>| Request {
            platform: "test".into(),
            channel: "main".into(),
            user: User::new(format!("id-{who}"), who),
            command: command.into(),
            mentions,
            ..Default::default()
        };
        bot.handle(&request(
            "alice",
            "challenge callanish @bob",
            vec![User::new("id-bob", "bob")],
        ));
        bot.handle(&request("bob", "accept", vec![]));
        let record = bot
            .store()
            .load(&Store::channel_key("test", "main"))
            .unwrap()
            .and_then(|r| r.game)
            .expect("a game in progress");
        i18n::take_slips();
        let reasons = [
            Reason::Line,
            Reason::NoMoves,
            Reason::AllCaptured,
            Reason::Repetition,
            Reason::Stall,
            Reason::Square,
            Reason::BiggerSquare,
            Reason::Exhausted,
            Reason::Cleared,
            Reason::Resign,
            Reason::Timeout,
            Reason::Agreement,
        ];
        for reason in reasons {
            for outcome in [Outcome::win(Seat::First, reason), Outcome::draw(reason)] {
                let english = end_phrase_in(&record, outcome, Lang::En);
                let japanese = end_phrase_in(&record, outcome, Lang::Ja);
                let spanish = end_phrase_in(&record, outcome, Lang::Es);
                assert!(
                    japanese
                        .chars()
                        .any(|c| ('\u{3040}'..='\u{9fff}').contains(&c)),
                    "{reason:?}: {japanese}"
                );
                assert_ne!(spanish, english, "{reason:?}");
            }
        }
        assert_eq!(i18n::take_slips(), Vec::<String>::new());
        let win = |reason| end_phrase_in(&record, Outcome::win(Seat::First, reason), Lang::En);
        assert_eq!(
            win(Reason::Resign),
            "alice (White) wins: bob (Black) resigned"
        );
        assert_eq!(
            end_phrase_in(&record, Outcome::draw(Reason::Agreement), Lang::En),
            "Draw by agreement"
        );
        assert_eq!(
            end_phrase_in(
                &record,
                Outcome::win(Seat::Second, Reason::Timeout),
                Lang::Ja
            ),
            "bob(黒) の勝ち:alice(白) の持ち時間が切れました"
        );
        assert_eq!(
            status_caption_in(&record, Lang::Es),
            "Turno de alice (Blancas)"
        );
    }

    /// The bot's own lines outside the commands follow the language: the
    /// rate limit (the requester's), the queue before the bot thinks and
    /// what its solver found (the place's), with plurals by Fluent.
    #[test]
    fn the_bots_own_lines_are_worded_in_every_language() {
        use cairn_ai::solver::Verdict;
        let dir = tempfile::tempdir().unwrap();
        let bot = Bot::new(
            Store::open(dir.path().join("db")).unwrap(),
            BotConfig {
                images: false,
                rate_limit: Some(limits::RateLimit {
                    burst: 1,
                    per_minute: 1,
                }),
                ..BotConfig::default()
            },
        );
        let request = |who: &str, command: &str, lang: Lang| Request {
            platform: "test".into(),
            channel: "main".into(),
            user: User::new(format!("id-{who}"), who),
            command: command.into(),
            mentions: vec![User::new("id-bob", "bob")],
            user_lang: Some(lang),
            ..Default::default()
        };
        i18n::take_slips();
        bot.handle(&request("carol", "help", Lang::Ja));
        let refused = bot.handle(&request("carol", "help", Lang::Ja));
        assert!(refused[0].ephemeral);
        assert!(
            refused[0].text.starts_with("コマンドの送信が速すぎて")
                && refused[0].text.contains(" 秒待ってから"),
            "{}",
            refused[0].text
        );
        bot.handle(&request("dave", "help", Lang::Es));
        let refused = bot.handle(&request("dave", "help", Lang::Es));
        assert!(
            refused[0].text.starts_with("Estás enviando comandos"),
            "{}",
            refused[0].text
        );

        assert_eq!(
            t!(Lang::En, "bot-thinking", bot = "Cairn", ahead = 1),
            "Cairn is thinking… 1 game ahead of this one."
        );
        assert_eq!(
            t!(Lang::En, "bot-thinking", bot = "Cairn", ahead = 3),
            "Cairn is thinking… 3 games ahead of this one."
        );
        assert_eq!(
            t!(Lang::Es, "bot-thinking", bot = "Cairn", ahead = 1),
            "Cairn está pensando… hay 1 partida por delante de esta."
        );
        assert_eq!(
            t!(Lang::Ja, "bot-thinking", bot = "Cairn", ahead = 2),
            "Cairn が考えています…この対局の前に 2 局が待っています。"
        );

        bot.handle(&request("alice", "challenge callanish @bob", Lang::En));
        bot.handle(&request("bob", "accept", Lang::En));
        let record = bot
            .store()
            .load(&Store::channel_key("test", "main"))
            .unwrap()
            .and_then(|r| r.game)
            .expect("a game in progress");
        // White is to move: a win for the mover is White's, a loss Black's.
        assert_eq!(
            verdict_note(&record, Verdict::Win(7), Lang::En),
            "this position is a forced win for White in 7"
        );
        assert_eq!(
            verdict_note(&record, Verdict::Loss(4), Lang::Ja),
            "この局面は 黒 が 4 手で勝ちを強制できます"
        );
        assert_eq!(
            verdict_note(&record, Verdict::Win(1), Lang::Es),
            "esta posición es una victoria forzada para Blancas en 1 jugada"
        );
        assert_eq!(
            verdict_note(&record, Verdict::Draw, Lang::En),
            "this position is a draw with best play"
        );
        assert_eq!(i18n::take_slips(), Vec::<String>::new());
    }

    /// The captions of the Japanese and Spanish golden images
    /// (`crates/render/tests/render_golden.rs`, `LANGUAGES`) are the bot's
    /// own: if a wording changes here, bless those images again.
    #[test]
    fn the_golden_images_captions_are_the_bots() {
        use cairn_rules::{Outcome, Reason};
        let dir = tempfile::tempdir().unwrap();
        let bot = Bot::new(
            Store::open(dir.path().join("db")).unwrap(),
            BotConfig {
                images: false,
                ..BotConfig::default()
            },
        );
        let request = |who: &str, command: &str| Request {
            platform: "test".into(),
            channel: "main".into(),
            user: User::new(format!("id-{who}"), who),
            command: command.into(),
            mentions: vec![User::new("id-bob", "bob")],
            ..Default::default()
        };
        bot.handle(&request("alice", "challenge sight @bob"));
        bot.handle(&request("bob", "accept"));
        let mut record = bot
            .store()
            .load(&Store::channel_key("test", "main"))
            .unwrap()
            .and_then(|r| r.game)
            .expect("a game in progress");
        let legal = record.game.legal_strings();
        record.game.play_str(&legal[0]).expect("a legal turn");
        i18n::take_slips();
        let named = |record: &GameRecord, first: &str, second: &str| {
            let mut record = record.clone();
            record.players[0].name = first.into();
            record.players[1].name = second.into();
            record
        };
        let ja = named(&record, "はるか", "けんじ");
        let es = named(&record, "lucía", "mateo");
        assert_eq!(status_caption_in(&ja, Lang::Ja), "けんじ(黒) の番です");
        assert_eq!(status_caption_in(&es, Lang::Es), "Turno de mateo (Negras)");
        let ended = |mut record: GameRecord, reason| {
            record.result = Some(Outcome::win(Seat::First, reason));
            record
        };
        assert_eq!(
            status_caption_in(&ended(ja, Reason::Timeout), Lang::Ja),
            "はるか(白) の勝ち:けんじ(黒) の持ち時間が切れました"
        );
        assert_eq!(
            status_caption_in(&ended(es, Reason::Resign), Lang::Es),
            "lucía (Blancas) gana: mateo (Negras) abandonó"
        );
        assert_eq!(i18n::take_slips(), Vec::<String>::new());
    }

    /// What players are told when the store fails is worded in every
    /// language, English as the store's own `reply_text`.
    #[test]
    fn store_failures_are_worded_in_every_language() {
        use cairn_store::StoreError;
        i18n::take_slips();
        let errors = [
            StoreError::TooNew {
                key: "test:main".into(),
                found: 9,
            },
            StoreError::WriteFailed {
                cause: "no space left on device".into(),
            },
            StoreError::Unavailable {
                cause: "connection refused".into(),
            },
            StoreError::Internal("a lost lock"),
        ];
        for error in &errors {
            let message = error.message();
            assert_eq!(i18n::say(Lang::En, &message), error.reply_text());
            let japanese = i18n::say(Lang::Ja, &message);
            assert!(
                japanese
                    .chars()
                    .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)),
                "{japanese}"
            );
            let spanish = i18n::say(Lang::Es, &message);
            assert_ne!(spanish, error.reply_text());
        }
        assert!(
            i18n::say(Lang::Ja, &errors[0].message()).contains("`cairn db quarantine test:main`")
        );
        assert!(i18n::say(Lang::Es, &errors[1].message()).contains("(no space left on device)"));
        assert_eq!(i18n::take_slips(), Vec::<String>::new());
    }

    /// The stone before the caption comes from the seat's colour, not from
    /// the words: Redmond playing White gets a white stone.
    #[test]
    fn a_player_called_redmond_playing_white_gets_a_white_stone() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("db")).unwrap();
        let bot = Bot::new(
            store,
            BotConfig {
                images: true,
                ai_seed: Some(7),
                ..BotConfig::default()
            },
        );
        let say = |who: &str, command: &str, mentions: Vec<User>| {
            bot.handle(&Request {
                platform: "test".into(),
                channel: "main".into(),
                user: User::new(format!("id-{who}"), who),
                command: command.into(),
                mentions,
                ..Default::default()
            })
        };
        let bob = User::new("id-bob", "bob");
        say("Redmond", "challenge sight @bob", vec![bob]);
        let replies = say("bob", "accept", vec![]);
        let record = bot
            .store()
            .load(&Store::channel_key("test", "main"))
            .unwrap()
            .and_then(|r| r.game)
            .expect("a game in progress");
        assert_eq!(status_caption(&record), "Redmond (White) to move");
        assert_eq!(status_stone(&record), Some(Colour::White));

        // The board image has no red in it (a red stone was drawn before
        // the fix) and a white stone left of the caption.
        let png = replies[0].image.as_ref().expect("the board image");
        let image = image::load_from_memory(png.bytes()).unwrap().to_rgba8();
        assert_eq!((png.width(), png.height()), image.dimensions());
        let red = image
            .pixels()
            .filter(|p| p[0] > p[1].saturating_add(80) && p[0] > p[2].saturating_add(80))
            .count();
        assert_eq!(red, 0, "red pixels in Redmond's board");
        let white = (0..image.height())
            .flat_map(|y| (10..40).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                // The white stone's face (the lettering is yellower).
                let [r, g, b, _] = image.get_pixel(x, y).0;
                r > 225 && g > 220 && b > 205 && r - b < 30
            })
            .count();
        assert!(white > 40, "only {white} white pixels left of the caption");
    }
}
