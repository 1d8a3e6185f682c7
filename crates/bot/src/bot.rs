//! The bot: its configuration, the store, the AI workers, and the trip of
//! one request: rate limit, the command, the bot's own turns, the board
//! drawn after the write.

use std::sync::Arc;
use std::time::Duration;

use crate::i18n::{self, Lang, Langs};
use crate::{
    captions_in, commands, limits, schedule, status_stone, t, text_board, ChannelKey, Command,
    Input, Reply, Request, User,
};
use cairn_render::RenderOptions;
use cairn_rules::{capitalise, AnyGame, Seat};
use cairn_store::clock::{Clock, SystemClock, TimeControl, DAY_MS, MINUTE_MS};
use cairn_store::{GameRecord, Player, Store};

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
    /// Where the games' web pages are reached (`CAIRN_PUBLIC_URL`, when
    /// the web is on), without a trailing `/`: board replies link their
    /// game's page (`<url>/g/<id>`). `None`: no links.
    pub web_url: Option<String>,
    /// Days of vacation each player has per calendar year
    /// (`CAIRN_VACATION_DAYS`, default 14).
    pub vacation_days: u32,
    /// What `review` may spend: per position, and per game
    /// (`CAIRN_REVIEW_BUDGET`, default 2 s and 60 s).
    pub review_budget: (Duration, Duration),
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
            web_url: None,
            vacation_days: 14,
            review_budget: (Duration::from_secs(2), Duration::from_secs(60)),
            ai_workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            ai_memory: 256 << 20,
            rate_limit: None,
        }
    }
}

/// The bot: configuration plus the store.
#[derive(Clone)]
pub struct Bot {
    pub(crate) store: Store,
    pub(crate) config: BotConfig,
    /// The bot opponent's search trees by channel, kept between its turns
    /// within a memory budget (shared by the clones a platform makes).
    pub(crate) memories: Arc<cairn_ai::pool::Memories>,
    /// Bot searches running at once.
    pub(crate) workers: Arc<cairn_ai::pool::Workers>,
    pub(crate) rate: Option<Arc<limits::RateLimiter>>,
    /// Wakes the scheduler after a command (a new deadline may be sooner).
    pub(crate) waker: Arc<schedule::Waker>,
    pub(crate) open_channels: Arc<crate::news::OpenChannels>,
    /// The shipped puzzles are in this bot's store.
    pub(crate) shipped_stored: Arc<std::sync::atomic::AtomicBool>,
}

/// What a command decided, before images are drawn.
pub(crate) struct Answer {
    pub(crate) replies: Vec<Reply>,
    /// Draw this game's board into the first reply.
    pub(crate) board: Option<BoardShow>,
    /// The bot opponent is to move in this channel afterwards.
    pub(crate) bot_to_move: bool,
}

pub(crate) struct BoardShow {
    pub(crate) record: Box<GameRecord>,
    pub(crate) hints: bool,
    /// Attach the game's replay too (the game has just ended).
    pub(crate) replay: bool,
    /// A turn being picked: its steps so far in place of the last turn,
    /// and the spots of the next steps as hints.
    pub(crate) picking: Option<(cairn_rules::Highlights, Vec<usize>)>,
}

impl Answer {
    pub(crate) fn reply(reply: Reply) -> Answer {
        Answer {
            replies: vec![reply],
            board: None,
            bot_to_move: false,
        }
    }

    pub(crate) fn error(text: impl Into<String>) -> Answer {
        Answer::reply(Reply::error(text))
    }

    /// Nothing to say.
    pub(crate) fn silent() -> Answer {
        Answer {
            replies: Vec::new(),
            board: None,
            bot_to_move: false,
        }
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
            open_channels: Arc::default(),
            shipped_stored: Arc::default(),
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
            open_channels: Arc::clone(&self.open_channels),
            shipped_stored: Arc::clone(&self.shipped_stored),
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
        let key = ChannelKey::parse(channel_key)?;
        let place = self.store.place_of(channel_key).ok()?;
        let scope = match place.split_once("-server:") {
            Some((_, server)) => server.to_string(),
            None => channel_scope(&key.channel),
        };
        self.chosen_lang(&key.platform, &scope)
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
        self.note_server(request);
        if let Some(refusal) = request
            .card
            .and_then(|stamp| self.superseded_card(request, stamp))
        {
            return vec![refusal];
        }
        let news = self.take_news(request);
        let answer = commands::run(self, request, &mut progress);
        commands::nudge_tournament(self, &ChannelKey::of(request).to_string());
        self.note_answer_only(request);
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
            mention_others(reply, &request.user);
            if reply.board_text.is_none() {
                reply.text = limits::bound_echo(&reply.text, &request.command.to_string());
            }
        }
        if answer.bot_to_move {
            replies.extend(self.bot_turns(request, &mut progress));
        }
        crate::news::tell_news(&mut replies, &news, self.now(), langs.public);
        self.waker.wake();
        replies
    }

    /// Record the server of the request's channel where it is new: the
    /// leaderboards of "this server" and the server's language need it.
    fn note_server(&self, request: &Request) {
        let Some(server) = &request.server else {
            return;
        };
        let key = ChannelKey::of(request).to_string();
        let place = format!("{}-server:{server}", request.platform);
        if self.store.place_of(&key).is_ok_and(|known| known == place) {
            return;
        }
        if let Err(error) = self.store.set_place(&key, &place) {
            tracing::warn!(%error, "could not note a channel's server");
        }
    }

    /// Attach the board image and text to the first reply, the board's
    /// words in `lang` (the public language: everyone sees the board).
    pub(crate) fn finish(
        &self,
        mut replies: Vec<Reply>,
        board: Option<BoardShow>,
        lang: Lang,
    ) -> Vec<Reply> {
        for reply in &mut replies {
            reply.lang = lang;
        }
        if let (Some(show), Some(first)) = (board, replies.first_mut()) {
            let (title, caption) = captions_in(&show.record, lang);
            let mut view = show.record.game.board_view();
            view.last = show.record.last.clone();
            if let Some((path, next)) = &show.picking {
                view.last = path.clone();
                view.hints = next.clone();
            }
            if show.hints {
                view.hints = show.record.game.hint_spots();
                if !view.hints.is_empty() {
                    view.notes.push(show.record.game.hint_legend());
                }
            }
            first.description = Some(crate::describe::board_description(
                &show.record,
                &view,
                &caption,
                self.now(),
                lang,
            ));
            // Worded here, so the renderer and the text board get words,
            // never message ids.
            let view = view.worded(|message| i18n::say(lang, message));
            first.board_text = Some(text_board::board_text(&view, &caption, lang));
            if self.config.images {
                let options = RenderOptions {
                    show_hints: show.hints || show.picking.is_some(),
                    caption: Some(caption),
                    caption_stone: status_stone(&show.record),
                };
                match cairn_render::render_png(&view, &options) {
                    Ok(png) => first.image = Some(png),
                    Err(error) => tracing::debug!(%error, "no board image"),
                }
            }
            first.title = Some(title);
            if show.picking.is_none() && !show.hints {
                first.card = Some(crate::cards::card_of(&show.record, self.now(), lang));
            }
            if let Some(link) = self.page_link(&show.record, lang) {
                if !first.text.is_empty() {
                    first.text.push('\n');
                }
                first.text.push_str(&link);
            }
            if show.replay {
                // The game has just ended: another one is a tap away.
                // The offer starts with its own space where the language
                // puts one between sentences.
                let (offer, action) = commands::rematch_offer(lang);
                first.text.push_str(&offer);
                first.actions.push(action);
            }
            if show.replay && self.config.images {
                first
                    .files
                    .extend(commands::replay_attachment(&show.record, lang));
            }
        }
        replies
    }

    /// "Page of this game: <url>/g/<id>", when the web pages are on and
    /// the game has its id.
    pub(crate) fn page_link(&self, record: &cairn_store::GameRecord, lang: Lang) -> Option<String> {
        let base = self.config.web_url.as_deref()?;
        let id = record.id?;
        Some(t!(lang, "web-link", url = format!("{base}/g/{id}")))
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
        commands::note_moved(self, &from, &to);
        self.waker.wake();
        Ok(())
    }

    /// Bytes and number of the bot's kept search trees.
    pub fn ai_memory_usage(&self) -> (usize, usize) {
        self.memories.usage()
    }

    /// Let the bot opponent play while it is to move in this channel.
    pub(crate) fn bot_turns(
        &self,
        request: &Request,
        progress: &mut impl FnMut(Reply),
    ) -> Vec<Reply> {
        let mut replies = Vec::new();
        let langs = self.langs(request);
        // A game turn may take several bot commands (mid-turn steps), but
        // never more than a game has turns; the bound only guards bugs.
        for _ in 0..64 {
            let key = ChannelKey::of(request).to_string();
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
            self.memories.keep(key.clone(), memory);
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
                capabilities: request.capabilities,
                card: None,
            };
            let answer = match commands::play_bot_turn(
                self,
                &bot_request,
                &key,
                &choice.turn.to_string(),
                game.history.len(),
            ) {
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
pub(crate) fn verdict_note(
    record: &GameRecord,
    verdict: cairn_ai::solver::Verdict,
    lang: Lang,
) -> String {
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

/// A reply mentions the people who must act or who wait for its news,
/// each once, and never the one who spoke.
fn mention_others(reply: &mut Reply, speaker: &User) {
    let mut seen = Vec::new();
    reply.mentions.retain(|user| {
        let keep = user.id != speaker.id && !seen.contains(&user.id);
        seen.push(user.id.clone());
        keep
    });
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

pub(crate) fn to_user(player: &Player) -> User {
    User::new(player.id.clone(), player.name.clone())
}

/// Whole turns played in a game: a turn sent in parts (Floaters) is one
/// turn, counted once its last part is in. The history as stored if it no
/// longer replays.
pub(crate) fn turns_played(record: &GameRecord) -> usize {
    record.whole_turns().iter().sum()
}

/// Rebuild a game from its options and turn history (used by `undo`),
/// with the last turn's highlights.
pub(crate) fn replay(
    kind: cairn_rules::GameKind,
    options: &[String],
    turns: &[String],
) -> Result<(AnyGame, cairn_rules::Highlights), cairn_rules::ReplayError> {
    let options = cairn_rules::Options::parse(options).map_err(cairn_rules::ReplayError::Option)?;
    let mut last = cairn_rules::Highlights::default();
    let game = AnyGame::replay_each(kind, &options, turns, |_, played| {
        if let Some(played) = played {
            last = played.highlights;
        }
    })?;
    Ok((game, last))
}
