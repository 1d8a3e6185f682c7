//! Challenges: made (to a player, to the bot, or open to anyone),
//! accepted, declined or withdrawn, and the game they start (in a thread
//! of its own where the platform and server allow).

use super::args::{ChallengeArgs, Level, Opponent, Side};
use super::game::game_reply;
use crate::i18n::{say, Lang, Langs};
use crate::{
    captions_in, status_caption_in, t, to_user, Action, Answer, Bot, Capabilities, GameThread,
    Reply, Request, User,
};
use cairn_rules::{AnyGame, GameKind, OptionError, Options, Seat, Seating};
use cairn_store::clock::{GameClock, TimeControl};
use cairn_store::{
    Challenge, Change, ChannelRecord, GameId, GameRecord, Player, StoreError, Update,
};

pub(super) fn player_of(user: &User) -> Player {
    Player {
        id: user.id.clone(),
        name: user.name.clone(),
        is_bot: false,
    }
}

pub(super) fn bot_player(bot: &Bot) -> Player {
    Player {
        id: bot.config.bot_user.id.clone(),
        name: bot.config.bot_user.name.clone(),
        is_bot: true,
    }
}

/// Start a game record from a challenge accepted by `challenged`, in a
/// public place or not (as the accepting request's platform says).
pub(super) fn start_game(
    challenge: &Challenge,
    challenged: Player,
    now: u64,
    public_place: bool,
) -> Result<GameRecord, OptionError> {
    let options = Options::parse(&challenge.options)?;
    let game = AnyGame::new(challenge.game, &options)?;
    let mut players = [challenge.challenger.clone(), challenged];
    if challenge.challenger_seat == Seat::Second {
        players.swap(0, 1);
    }
    // Without randomness now, the store stamps an id when it writes the game.
    let id = GameId::random()
        .inspect_err(|error| tracing::warn!(%error, "a game starts without an id"))
        .ok();
    Ok(GameRecord {
        id,
        level: challenge.level,
        clock: challenge.clock.map(|control| GameClock::new(control, now)),
        public_place,
        no_vacation: challenge.no_vacation,
        ..GameRecord::new(
            challenge.game,
            challenge.options.clone(),
            players,
            game,
            now,
        )
    })
}

pub(super) fn busy_message(
    record: &ChannelRecord,
    lang: Lang,
    capabilities: Capabilities,
) -> Option<String> {
    let game = record.active_game()?;
    Some(t!(
        lang,
        "challenge-busy",
        game = say(lang, &game.kind.title_message()),
        first = &game.players[0].name,
        second = &game.players[1].name,
        elsewhere = elsewhere(lang, capabilities)
    ))
}

/// Where a new game can go: a thread, where players can start one, or
/// another channel.
fn elsewhere(lang: Lang, capabilities: Capabilities) -> String {
    if capabilities.threads {
        t!(lang, "challenge-elsewhere-thread")
    } else {
        t!(lang, "challenge-elsewhere")
    }
}

/// `challenge`: typed and checked when parsed; here only what depends on
/// the requester, the time and the channel is decided.
pub(super) fn challenge(
    bot: &Bot,
    request: &Request,
    key: &str,
    args: &ChallengeArgs,
) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let challenge = match new_challenge(bot, request, args) {
        Ok(challenge) => challenge,
        Err(message) => return Ok(Answer::error(t!(langs.private, message))),
    };
    bot.store.update(key, |current| {
        let record = current.unwrap_or_default();
        post_challenge(bot, request, &record, &challenge, langs, false)
    })
}

/// Put `challenge` up in the channel of `record` (a rematch says so):
/// refused while the channel is busy, started at once against the bot.
pub(super) fn post_challenge(
    bot: &Bot,
    request: &Request,
    record: &ChannelRecord,
    challenge: &Challenge,
    langs: Langs,
    rematch: bool,
) -> Update<Answer> {
    if let Some(refusal) = refuse_here(record, challenge, langs.private, request.capabilities) {
        return Update::keep(refusal);
    }
    let replaced = Replaced::of(record, challenge, langs.public);
    if challenge.against_bot() {
        let public_place = request.capabilities.public_place;
        return start_against_bot(bot, challenge, replaced, langs, public_place);
    }
    let reply = challenge_reply(bot, challenge, replaced, rematch, langs.public);
    Update {
        // A finished game stays on show until the new one starts.
        change: Change::Put(ChannelRecord::new(
            Some(challenge.clone()),
            record.game.clone(),
        )),
        archive: None,
        value: Answer::reply(reply),
    }
}

/// The challenge the arguments ask for, or the message id of why the
/// requester cannot make it.
fn new_challenge(
    bot: &Bot,
    request: &Request,
    args: &ChallengeArgs,
) -> Result<Challenge, &'static str> {
    let challenger = player_of(&request.user);
    let challenged = match &args.opponent {
        Opponent::Bot => Some(bot_player(bot)),
        Opponent::User(user) => Some(player_of(user)),
        Opponent::Anyone => None,
    };
    if challenged.as_ref().is_some_and(|c| c.id == challenger.id) {
        return Err("challenge-yourself");
    }
    let against_bot = challenged.as_ref().is_some_and(|c| c.is_bot);
    let now = bot.now();
    let first_mover = args.setup.new_game().map_or(Seat::First, |g| g.to_move());
    let challenger_seat = match &args.side {
        None => first_mover,
        Some(Side::Random) if now.is_multiple_of(2) => Seat::First,
        Some(Side::Random) => Seat::Second,
        Some(Side::Seat { seat, .. }) => *seat,
    };
    let level = args.level.unwrap_or(Level::DEFAULT).get();
    Ok(Challenge {
        game: args.setup.kind,
        options: args.setup.words.clone(),
        challenger,
        challenged,
        challenger_seat,
        level: against_bot.then_some(level),
        at_ms: now,
        clock: match args.clock {
            Some(setting) => setting.control(),
            None => bot.config.default_clock,
        },
        expires_ms: (!against_bot).then(|| now.saturating_add(bot.config.challenge_ttl_ms)),
        no_vacation: !args.vacation,
    })
}

/// Why this channel takes no challenge now: a game in progress, or
/// someone else's challenge.
fn refuse_here(
    record: &ChannelRecord,
    challenge: &Challenge,
    lang: Lang,
    capabilities: Capabilities,
) -> Option<Answer> {
    if let Some(message) = busy_message(record, lang, capabilities) {
        return Some(Answer::error(message));
    }
    let pending = record.challenge.as_ref()?;
    if pending.challenger.id == challenge.challenger.id {
        return None;
    }
    let elsewhere = elsewhere(lang, capabilities);
    Some(Answer::error(match &pending.challenged {
        Some(challenged) => t!(
            lang,
            "challenge-pending",
            challenger = &pending.challenger.name,
            challenged = &challenged.name,
            elsewhere = elsewhere
        ),
        None => t!(
            lang,
            "challenge-pending-open",
            challenger = &pending.challenger.name,
            game = options_label(pending.game, &pending.options, lang),
            elsewhere = elsewhere
        ),
    }))
}

/// A new challenge replaces the challenger's earlier one here: what to
/// say, and the player challenged before, who hears of it.
#[derive(Default)]
struct Replaced {
    text: String,
    user: Option<User>,
}

impl Replaced {
    fn of(record: &ChannelRecord, challenge: &Challenge, lang: Lang) -> Replaced {
        let Some(pending) = &record.challenge else {
            return Replaced::default();
        };
        let game = options_label(pending.game, &pending.options, lang);
        let challenger = &pending.challenger.name;
        let text = match &pending.challenged {
            Some(challenged) => t!(
                lang,
                "challenge-replaces",
                challenger = challenger,
                challenged = &challenged.name,
                game = game
            ),
            None => t!(
                lang,
                "challenge-replaces-open",
                challenger = challenger,
                game = game
            ),
        };
        let still_challenged = |p: &Player| {
            challenge
                .challenged
                .as_ref()
                .is_some_and(|now| now.id == p.id)
        };
        Replaced {
            text: text + " ",
            user: pending
                .challenged
                .as_ref()
                .filter(|p| !p.is_bot && !still_challenged(p))
                .map(to_user),
        }
    }
}

/// The bot takes every challenge at once: the game starts.
fn start_against_bot(
    bot: &Bot,
    challenge: &Challenge,
    replaced: Replaced,
    langs: Langs,
    public_place: bool,
) -> Update<Answer> {
    let public = langs.public;
    let now = challenge.at_ms;
    let opponent = challenge
        .challenged
        .clone()
        .unwrap_or_else(|| bot_player(bot));
    let game = match start_game(challenge, opponent, now, public_place) {
        Ok(game) => game,
        Err(e) => return Update::keep(Answer::error(say(langs.private, &e.message()))),
    };
    let bot_name = game
        .players
        .iter()
        .find(|p| p.is_bot)
        .map_or(bot.config.bot_user.name.clone(), |p| p.name.clone());
    let text = replaced.text
        + &t!(
            public,
            "challenge-bot-takes-on",
            challenger = &challenge.challenger.name,
            bot = bot_name,
            game = say(public, &challenge.game.title_message()),
            details = bot_game_details(challenge, public),
            status = status_caption_in(&game, public),
            hint = first_hint(challenge.game, public)
        );
    let mut answer = game_reply(&game, text);
    if let Some(first) = answer.replies.first_mut() {
        first.mentions.extend(replaced.user);
    }
    Update {
        change: Change::Put(ChannelRecord::new(None, Some(game))),
        archive: None,
        value: answer,
    }
}

/// A game against the bot in brackets: its options, the bot's level and
/// the clock ("size=7, level 2, your clock: 3 days a turn").
fn bot_game_details(challenge: &Challenge, lang: Lang) -> String {
    let mut parts = Vec::new();
    if !challenge.options.is_empty() {
        parts.push(challenge.options.join(" "));
    }
    parts.push(t!(
        lang,
        "challenge-level",
        level = challenge.level.unwrap_or(Level::DEFAULT.get())
    ));
    if challenge.clock.is_some() {
        parts.push(clock_label(
            challenge.clock,
            "challenge-clock-lead-bot",
            lang,
        ));
    }
    parts
        .into_iter()
        .rev()
        .reduce(|rest, first| t!(lang, "list-comma", first = first, rest = rest))
        .unwrap_or_default()
}

/// The first reply of a game: where its rules and legal turns are, and
/// how to play without notation (`pick`).
pub(super) fn first_hint(kind: GameKind, lang: Lang) -> String {
    let command = |name: &str| {
        super::set::find(name).map_or_else(|| name.to_string(), |spec| spec.local_name(lang))
    };
    t!(
        lang,
        "game-first-hint",
        rules = command("rules"),
        moves = command("moves"),
        pick = command("pick"),
        game = say(lang, &kind.title_message())
    )
}

/// A fresh game of the challenge's game and options (for the names of
/// its sides).
fn fresh_game(challenge: &Challenge) -> Option<AnyGame> {
    let options = Options::parse(&challenge.options).ok()?;
    AnyGame::new(challenge.game, &options).ok()
}

/// Who plays which side, in brackets after the game: "(alice plays
/// white)", or who sets up where the other player chooses the colours.
fn seats_label(challenge: &Challenge, lang: Lang) -> String {
    let game = fresh_game(challenge);
    let challenger = &challenge.challenger.name;
    if challenge.game.seating() != Seating::PieRule {
        let seat = game
            .map(|g| say(lang, &g.seat_message(challenge.challenger_seat)))
            .unwrap_or_default();
        return t!(
            lang,
            "challenge-seats-chosen",
            challenger = challenger,
            seat = seat
        );
    }
    let Some(challenged) = &challenge.challenged else {
        return t!(lang, "challenge-seats-pie-open", challenger = challenger);
    };
    let setter_seat = game.map_or(Seat::First, |g| g.to_move());
    let (setter, chooser) = if challenge.challenger_seat == setter_seat {
        (challenger, &challenged.name)
    } else {
        (&challenged.name, challenger)
    };
    t!(
        lang,
        "challenge-seats-pie",
        challenger = setter,
        challenged = chooser
    )
}

/// The challenge as the channel reads it, with its answer buttons.
fn challenge_reply(
    bot: &Bot,
    challenge: &Challenge,
    replaced: Replaced,
    rematch: bool,
    public: Lang,
) -> Reply {
    let game = options_label(challenge.game, &challenge.options, public);
    let seats = seats_label(challenge, public);
    let clock = clock_label(challenge.clock, "challenge-clock-lead", public);
    let within = crate::i18n::duration(public, bot.config.challenge_ttl_ms);
    let challenger = &challenge.challenger.name;
    let Some(challenged) = &challenge.challenged else {
        let text = t!(
            public,
            "challenge-made-open",
            challenger = challenger,
            game = game,
            seats = seats,
            clock = clock,
            within = within
        );
        return Reply {
            text: format!("{}{text}", replaced.text),
            mentions: replaced.user.into_iter().collect(),
            actions: open_actions(challenge, public),
            ..Reply::default()
        };
    };
    let text = t!(
        public,
        if rematch {
            "rematch-made"
        } else {
            "challenge-made"
        },
        challenger = challenger,
        challenged = &challenged.name,
        game = game,
        seats = seats,
        clock = clock,
        within = within
    );
    let for_user = Some(challenged.id.clone());
    let mut mentions = vec![to_user(challenged)];
    mentions.extend(replaced.user);
    Reply {
        text: format!("{}{text}", replaced.text),
        mentions,
        actions: vec![
            Action {
                label: t!(public, "challenge-accept-button"),
                command: "accept".into(),
                for_user: for_user.clone(),
                primary: true,
            },
            Action {
                label: t!(public, "challenge-decline-button"),
                command: "decline".into(),
                for_user,
                primary: false,
            },
        ],
        ..Reply::default()
    }
}

/// An open challenge's buttons: anyone may accept it, its challenger
/// may withdraw it.
fn open_actions(challenge: &Challenge, lang: Lang) -> Vec<Action> {
    vec![
        Action {
            label: t!(lang, "challenge-accept-button"),
            command: "accept".into(),
            for_user: None,
            primary: true,
        },
        Action {
            label: t!(lang, "challenge-cancel-button"),
            command: "cancel".into(),
            for_user: Some(challenge.challenger.id.clone()),
            primary: false,
        },
    ]
}

/// "; clock: 3d a turn", "; clock: 7d+1d (a bank ...)", "" without a
/// clock; `lead` is the message id of what comes before.
pub(super) fn clock_label(clock: Option<TimeControl>, lead: &str, lang: Lang) -> String {
    let lead = t!(lang, lead);
    match clock {
        None => String::new(),
        Some(control @ TimeControl::PerMove { .. }) => t!(
            lang,
            "challenge-clock-per-move",
            lead = lead,
            control = crate::i18n::time_control(lang, control)
        ),
        Some(control @ TimeControl::Bank { .. }) => t!(
            lang,
            "challenge-clock-bank",
            lead = lead,
            control = crate::i18n::time_control(lang, control)
        ),
    }
}

/// "Callanish (size=7)".
pub(super) fn options_label(kind: GameKind, options: &[String], lang: Lang) -> String {
    let title = say(lang, &kind.title_message());
    if options.is_empty() {
        title
    } else {
        format!("{title} ({})", options.join(" "))
    }
}

pub(super) fn accept(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let now = bot.now();
    let threads = threads_allowed(bot, request);
    let langs = bot.langs(request);
    bot.store.update(key, |current| {
        let mut update = accept_in(&current.unwrap_or_default(), request, now, threads, langs);
        // The new game's clocks stand still for a player on vacation.
        if let Change::Put(record) = &mut update.change {
            if let Some(game) = record.game.as_mut().filter(|g| g.history.is_empty()) {
                let pauses = bot.pauses_of(&request.platform, game);
                crate::vacation::apply_pauses(game, pauses, now);
            }
        }
        update
    })
}

/// The requester accepts the challenge of `record` (threads: the game may
/// move into a thread of its own).
pub(super) fn accept_in(
    record: &ChannelRecord,
    request: &Request,
    now: u64,
    threads: bool,
    langs: Langs,
) -> Update<Answer> {
    let (public, private) = (langs.public, langs.private);
    let Some(challenge) = &record.challenge else {
        let message = busy_message(record, private, request.capabilities)
            .unwrap_or_else(|| t!(private, "challenge-none-to-accept"));
        return Update::keep(Answer::error(message));
    };
    let challenged = match acceptor(challenge, &request.user, private) {
        Ok(player) => player,
        Err(message) => return Update::keep(Answer::error(message)),
    };
    let game = match start_game(
        challenge,
        challenged,
        now,
        request.capabilities.public_place,
    ) {
        Ok(game) => game,
        Err(e) => return Update::keep(Answer::error(say(private, &e.message()))),
    };
    let text = t!(
        public,
        "challenge-accepted",
        name = &request.user.name,
        title = captions_in(&game, public).0,
        status = status_caption_in(&game, public),
        hint = first_hint(game.kind, public)
    );
    let mut answer = game_reply(&game, text);
    if let Some(first) = answer.replies.first_mut() {
        // The challenger waits for this news.
        first.mentions.push(to_user(&challenge.challenger));
        if threads {
            let name = thread_name(&game);
            first.thread = Some(GameThread {
                moved: (
                    t!(public, "thread-moved-before", game = name.as_str()),
                    t!(public, "thread-moved-after"),
                ),
                name,
                players: game
                    .players
                    .iter()
                    .filter(|p| !p.is_bot)
                    .map(to_user)
                    .collect(),
            });
        }
    }
    Update {
        change: Change::Put(ChannelRecord::new(None, Some(game))),
        archive: None,
        value: answer,
    }
}

/// The player who takes the challenge's other side when `user` accepts
/// it (named as they are now), or why they may not.
fn acceptor(challenge: &Challenge, user: &User, lang: Lang) -> Result<Player, String> {
    match &challenge.challenged {
        Some(challenged) if challenged.id == user.id => Ok(Player {
            name: user.name.clone(),
            ..challenged.clone()
        }),
        // The challenger's own `accept`: only `cancel` is theirs to send.
        Some(challenged) if challenge.challenger.id == user.id => Err(t!(
            lang,
            "challenge-own-addressed",
            challenged = &challenged.name
        )),
        Some(challenged) => Err(t!(
            lang,
            "challenge-not-for-you",
            challenged = &challenged.name
        )),
        None if challenge.challenger.id == user.id => Err(t!(lang, "challenge-own-open")),
        None => Ok(player_of(user)),
    }
}

/// Whether the server of this request lets games move into threads (a
/// settings record that cannot be read counts as the default, on).
pub(super) fn threads_allowed(bot: &Bot, request: &Request) -> bool {
    // Where the bot may only answer, it cannot open a thread either.
    let Some(server) = request
        .server
        .as_ref()
        .filter(|_| !request.capabilities.answer_only)
    else {
        return false;
    };
    match bot.store.server_settings(&request.platform, server) {
        Ok(settings) => settings.threads,
        Err(error) => {
            tracing::warn!(%error, "reading the server's settings");
            true
        }
    }
}

/// "Callanish 9 x 9: alice vs bob", at most 100 characters (Discord's limit
/// for a thread name).
pub(super) fn thread_name(game: &GameRecord) -> String {
    let name = format!(
        "{}: {} vs {}",
        game.game.view().title,
        game.player(Seat::First).name,
        game.player(Seat::Second).name
    );
    name.chars().take(100).collect()
}

/// `decline` (by the challenged player) and `cancel` (by the challenger).
pub(super) fn withdraw(
    bot: &Bot,
    request: &Request,
    key: &str,
    declining: bool,
) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let (public, private) = (langs.public, langs.private);
    bot.store.update(key, |current| {
        let Some(challenge) = current.as_ref().and_then(|r| r.challenge.as_ref()) else {
            let none = if declining {
                "challenge-none-to-decline"
            } else {
                "challenge-none-to-cancel"
            };
            return Update::keep(Answer::error(t!(private, none)));
        };
        if let Err(message) = may_withdraw(challenge, &request.user, declining, private) {
            return Update::keep(Answer::error(message));
        }
        let change = match current.as_ref().and_then(|r| r.game.clone()) {
            // The finished game shown here stays.
            Some(game) => Change::Put(ChannelRecord::new(None, Some(game))),
            None => Change::Remove,
        };
        // The other side of the challenge waits for this news.
        let other = if declining {
            Some(&challenge.challenger)
        } else {
            challenge.challenged.as_ref()
        };
        let reply = Reply {
            text: withdrawn_text(challenge, declining, public),
            mentions: other
                .filter(|p| !p.is_bot)
                .map(to_user)
                .into_iter()
                .collect(),
            ..Reply::default()
        };
        Update {
            change,
            archive: None,
            value: Answer::reply(reply),
        }
    })
}

/// Whether `user` may decline (or cancel) `challenge`, or why not.
fn may_withdraw(
    challenge: &Challenge,
    user: &User,
    declining: bool,
    lang: Lang,
) -> Result<(), String> {
    let allowed = if declining {
        challenge.challenged.as_ref()
    } else {
        Some(&challenge.challenger)
    };
    let Some(allowed) = allowed else {
        // Nobody in particular was challenged: nobody declines.
        return Err(t!(
            lang,
            "challenge-open-no-decline",
            challenger = &challenge.challenger.name
        ));
    };
    if allowed.id == user.id {
        return Ok(());
    }
    let is_challenger = challenge.challenger.id == user.id;
    let is_challenged = challenge
        .challenged
        .as_ref()
        .is_some_and(|p| p.id == user.id);
    let id = match declining {
        true if is_challenger => "challenge-only-can-decline-yours",
        true => "challenge-only-can-decline",
        false if is_challenged => "challenge-only-can-cancel-theirs",
        false => "challenge-only-can-cancel",
    };
    Err(t!(lang, id, name = &allowed.name))
}

/// "bob declines the challenge from alice", "alice withdraws ...".
fn withdrawn_text(challenge: &Challenge, declining: bool, lang: Lang) -> String {
    let challenger = &challenge.challenger.name;
    let Some(challenged) = &challenge.challenged else {
        return t!(
            lang,
            "challenge-withdrawn-open",
            challenger = challenger,
            game = options_label(challenge.game, &challenge.options, lang)
        );
    };
    t!(
        lang,
        if declining {
            "challenge-declined"
        } else {
            "challenge-withdrawn"
        },
        challenged = &challenged.name,
        challenger = challenger
    )
}
