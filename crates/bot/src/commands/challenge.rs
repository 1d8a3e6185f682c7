//! Challenges: made, accepted, declined or withdrawn, and the game they
//! start (in a thread of its own where the platform and server allow).

use super::set::ChallengeWords;
use super::{example_with_option, unknown_game};
use crate::i18n::{say, Lang};
use crate::limits::quote;
use crate::{
    captions_in, status_caption_in, t, to_user, Action, Answer, BoardShow, Bot, GameThread, Reply,
    Request, User,
};
use cairn_rules::{AnyGame, GameKind, OptionError, Options, Seat, Seating};
use cairn_store::clock::{format_duration, ClockError, GameClock, TimeControl};
use cairn_store::{
    Challenge, Change, ChannelRecord, GameRecord, Player, StoreError, Update, SCHEMA_VERSION,
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

pub(super) fn is_bot_word(bot: &Bot, word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let user = &bot.config.bot_user;
    lower == user.id.to_ascii_lowercase()
        || lower == user.name.to_ascii_lowercase()
        || lower.trim_start_matches('@') == user.name.to_ascii_lowercase()
        || bot
            .config
            .bot_aliases
            .iter()
            .any(|a| a.to_ascii_lowercase() == lower)
}

/// Start a game record from an accepted challenge.
pub(super) fn start_game(challenge: &Challenge, now: u64) -> Result<GameRecord, OptionError> {
    let options = Options::parse(&challenge.options)?;
    let game = AnyGame::new(challenge.game, &options)?;
    let mut players = [challenge.challenger.clone(), challenge.challenged.clone()];
    if challenge.challenger_seat == Seat::Second {
        players.swap(0, 1);
    }
    Ok(GameRecord {
        kind: challenge.game,
        options: challenge.options.clone(),
        players,
        game,
        history: Vec::new(),
        started_ms: now,
        last: Default::default(),
        undo_request: None,
        draw_offer: None,
        resign_request: [None; 2],
        level: challenge.level,
        result: None,
        clock: challenge.clock.map(|control| GameClock::new(control, now)),
        finished_ms: None,
    })
}

/// The reply that shows a game (its board attached later).
pub(super) fn game_reply(record: &GameRecord, text: String) -> Answer {
    let mut mentions = Vec::new();
    let mut bot_to_move = false;
    if record.outcome().is_none() {
        let next = record.player(record.game.to_move());
        bot_to_move = next.is_bot;
        if !next.is_bot {
            mentions.push(to_user(next));
        }
    } else {
        mentions.extend(record.players.iter().filter(|p| !p.is_bot).map(to_user));
    }
    Answer {
        replies: vec![Reply {
            text,
            mentions,
            ..Reply::default()
        }],
        board: Some(BoardShow {
            record: Box::new(record.clone()),
            hints: false,
            replay: record.outcome().is_some(),
        }),
        bot_to_move,
    }
}

pub(super) fn busy_message(record: &ChannelRecord, lang: Lang) -> Option<String> {
    let game = record.active_game()?;
    Some(t!(
        lang,
        "challenge-busy",
        game = say(lang, &game.kind.title_message()),
        first = &game.players[0].name,
        second = &game.players[1].name
    ))
}

pub(super) fn challenge(
    bot: &Bot,
    request: &Request,
    key: &str,
    args: &ChallengeWords,
) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let (public, private) = (langs.public, langs.private);
    let usage = t!(
        private,
        "challenge-usage",
        example = example_with_option(),
        starter = GameKind::STARTER.name()
    );
    let Some(game_name) = args.game.as_deref() else {
        return Ok(Answer::error(t!(
            private,
            "challenge-which-game",
            usage = usage
        )));
    };
    let Some(kind) = GameKind::parse(game_name) else {
        return Ok(Answer::error(unknown_game(game_name, private)));
    };
    let Some(opponent_word) = args.opponent.as_deref() else {
        return Ok(Answer::error(t!(private, "challenge-whom", usage = usage)));
    };
    let challenger = player_of(&request.user);
    let challenged = if is_bot_word(bot, opponent_word)
        || request
            .mentions
            .first()
            .is_some_and(|m| m.id == bot.config.bot_user.id)
    {
        bot_player(bot)
    } else if let Some(user) = request.mentions.first() {
        player_of(user)
    } else {
        let name = opponent_word.trim_start_matches('@');
        Player {
            id: name.to_string(),
            name: name.to_string(),
            is_bot: false,
        }
    };
    if challenged.id == challenger.id {
        return Ok(Answer::error(t!(private, "challenge-yourself")));
    }
    let mut clock = bot.config.default_clock;
    if let Some(value) = &args.clock {
        match TimeControl::parse(&value.to_ascii_lowercase(), bot.config.min_clock_ms) {
            Ok(control) => clock = control,
            Err(ClockError::Unreadable(given)) => {
                return Ok(Answer::error(t!(
                    private,
                    "challenge-clock-unreadable",
                    given = quote(&given)
                )))
            }
            Err(ClockError::TooShort { given, minimum_ms }) => {
                return Ok(Answer::error(t!(
                    private,
                    "challenge-clock-too-short",
                    given = given,
                    minimum = format_duration(minimum_ms)
                )))
            }
        }
    }
    let seat_word = args.side.as_deref().map(str::to_ascii_lowercase);
    let level = match &args.level {
        None => None,
        Some(value) => match value.trim().parse::<u8>() {
            Ok(n @ 1..=5) => Some(n),
            _ => {
                return Ok(Answer::error(t!(
                    private,
                    "challenge-level-range",
                    value = quote(value)
                )))
            }
        },
    };
    // The game's own options; each key once.
    let mut game_options = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for word in &args.options {
        let lower = word.to_ascii_lowercase();
        let Some((key, value)) = lower.split_once('=') else {
            return Ok(Answer::error(t!(
                private,
                "challenge-not-an-option",
                word = quote(word),
                usage = usage
            )));
        };
        let key = key.trim().to_string();
        if seen.contains(&key) {
            return Ok(Answer::error(t!(
                private,
                "challenge-option-twice",
                key = quote(&key)
            )));
        }
        // Echoed and stored in canonical form: `size=7`, not `SIZE=7`.
        game_options.push(format!("{key}={}", value.trim()));
        seen.push(key);
    }
    let options = match Options::parse(&game_options) {
        Ok(options) => options,
        Err(e) => {
            return Ok(Answer::error(t!(
                private,
                "challenge-bad-options",
                reason = say(private, &e.message())
            )))
        }
    };
    let fresh = match AnyGame::new(kind, &options) {
        Ok(game) => game,
        Err(e) => {
            return Ok(Answer::error(t!(
                private,
                "challenge-cannot-start",
                game = say(private, &kind.title_message()),
                reason = say(private, &e.message())
            )))
        }
    };
    let first_mover = fresh.to_move();
    let now = bot.now();
    let challenger_seat = match seat_word.as_deref() {
        None => first_mover,
        Some(_) if kind.seating() == Seating::PieRule => {
            return Ok(Answer::error(t!(
                private,
                "challenge-pie-rule-as",
                game = say(private, &kind.title_message())
            )));
        }
        Some("random") => {
            if now.is_multiple_of(2) {
                Seat::First
            } else {
                Seat::Second
            }
        }
        Some(word) => match kind.seat_of_word(word) {
            Some(seat) => seat,
            None => {
                let names = [fresh.seat_name(Seat::First), fresh.seat_name(Seat::Second)];
                return Ok(Answer::error(t!(
                    private,
                    "challenge-not-a-side",
                    word = quote(word),
                    first = names[0],
                    second = names[1]
                )));
            }
        },
    };
    if level.is_some() && !challenged.is_bot {
        return Ok(Answer::error(t!(private, "challenge-level-bot-only")));
    }
    let challenge = Challenge {
        game: kind,
        options: game_options,
        challenger,
        challenged: challenged.clone(),
        challenger_seat,
        level: challenged.is_bot.then(|| level.unwrap_or(3)),
        at_ms: now,
        clock,
        expires_ms: (!challenged.is_bot).then(|| now.saturating_add(bot.config.challenge_ttl_ms)),
    };
    bot.store.update(key, |current| {
        let record = current.unwrap_or_default();
        if let Some(message) = busy_message(&record, private) {
            return Update::keep(Answer::error(message));
        }
        if let Some(pending) = &record.challenge {
            if pending.challenger.id != challenge.challenger.id {
                return Update::keep(Answer::error(t!(
                    private,
                    "challenge-pending",
                    challenger = &pending.challenger.name,
                    challenged = &pending.challenged.name
                )));
            }
        }
        // A new challenge replaces the challenger's earlier one here: say so,
        // and tell the player who was challenged before.
        let replaced = record.challenge.as_ref().map(|pending| {
            (
                t!(
                    public,
                    "challenge-replaces",
                    challenger = &pending.challenger.name,
                    challenged = &pending.challenged.name,
                    game = options_label(pending.game, &pending.options, public)
                ) + " ",
                (!pending.challenged.is_bot && pending.challenged.id != challenge.challenged.id)
                    .then(|| to_user(&pending.challenged)),
            )
        });
        let (replaced_text, replaced_user) = replaced.unwrap_or_default();
        if challenge.challenged.is_bot {
            let game = match start_game(&challenge, now) {
                Ok(game) => game,
                Err(e) => return Update::keep(Answer::error(say(private, &e.message()))),
            };
            let bot_name = game
                .players
                .iter()
                .find(|p| p.is_bot)
                .map_or(bot.config.bot_user.name.clone(), |p| p.name.clone());
            let text = replaced_text.clone()
                + &t!(
                    public,
                    "challenge-bot-takes-on",
                    challenger = &challenge.challenger.name,
                    bot = bot_name,
                    game = options_label(kind, &challenge.options, public),
                    level = challenge.level.unwrap_or(3),
                    clock = clock_label(challenge.clock, "challenge-clock-lead-bot", public),
                    status = status_caption_in(&game, public)
                );
            let mut answer = game_reply(&game, text);
            if let Some(first) = answer.replies.first_mut() {
                first.mentions.extend(replaced_user.clone());
            }
            return Update {
                change: Change::Put(ChannelRecord {
                    schema: SCHEMA_VERSION,
                    challenge: None,
                    game: Some(game),
                }),
                archive: None,
                value: answer,
            };
        }
        let seat_name = say(public, &fresh.seat_message(challenge.challenger_seat)).to_lowercase();
        let seats = if kind.seating() == Seating::PieRule {
            t!(
                public,
                "challenge-seats-pie",
                challenger = &challenge.challenger.name,
                challenged = &challenge.challenged.name
            )
        } else {
            t!(
                public,
                "challenge-seats-chosen",
                challenger = &challenge.challenger.name,
                seat = seat_name
            )
        };
        let text = t!(
            public,
            "challenge-made",
            challenger = &challenge.challenger.name,
            challenged = &challenge.challenged.name,
            game = options_label(kind, &challenge.options, public),
            seats = seats,
            clock = clock_label(challenge.clock, "challenge-clock-lead", public),
            within = format_duration(bot.config.challenge_ttl_ms)
        );
        let for_user = Some(challenge.challenged.id.clone());
        let mut mentions = vec![to_user(&challenge.challenged)];
        mentions.extend(replaced_user.clone());
        let reply = Reply {
            text: format!("{replaced_text}{text}"),
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
        };
        Update {
            change: Change::Put(ChannelRecord {
                schema: SCHEMA_VERSION,
                challenge: Some(challenge.clone()),
                // A finished game stays on show until the new one starts.
                game: record.game.clone(),
            }),
            archive: None,
            value: Answer::reply(reply),
        }
    })
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
            control = control.to_string()
        ),
        Some(control @ TimeControl::Bank { .. }) => t!(
            lang,
            "challenge-clock-bank",
            lead = lead,
            control = control.to_string()
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
    let (public, private) = (langs.public, langs.private);
    bot.store.update(key, |current| {
        let record = current.unwrap_or_default();
        let Some(challenge) = &record.challenge else {
            let message = busy_message(&record, private)
                .unwrap_or_else(|| t!(private, "challenge-none-to-accept"));
            return Update::keep(Answer::error(message));
        };
        if challenge.challenged.id != request.user.id {
            return Update::keep(Answer::error(t!(
                private,
                "challenge-not-for-you",
                challenged = &challenge.challenged.name
            )));
        }
        let mut challenge = challenge.clone();
        challenge.challenged.name = request.user.name.clone();
        let game = match start_game(&challenge, now) {
            Ok(game) => game,
            Err(e) => return Update::keep(Answer::error(say(private, &e.message()))),
        };
        let text = t!(
            public,
            "challenge-accepted",
            name = &request.user.name,
            title = captions_in(&game, public).0,
            status = status_caption_in(&game, public)
        );
        let mut answer = game_reply(&game, text);
        if threads {
            if let Some(first) = answer.replies.first_mut() {
                first.thread = Some(GameThread {
                    name: thread_name(&game),
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
            change: Change::Put(ChannelRecord {
                schema: SCHEMA_VERSION,
                challenge: None,
                game: Some(game),
            }),
            archive: None,
            value: answer,
        }
    })
}

/// Whether the server of this request lets games move into threads (a
/// settings record that cannot be read counts as the default, on).
pub(super) fn threads_allowed(bot: &Bot, request: &Request) -> bool {
    let Some(server) = &request.server else {
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
        let allowed = if declining {
            &challenge.challenged
        } else {
            &challenge.challenger
        };
        if allowed.id != request.user.id {
            let id = match (declining, request.user.id.as_str()) {
                (true, user) if challenge.challenger.id == user => {
                    "challenge-only-can-decline-yours"
                }
                (true, _) => "challenge-only-can-decline",
                (false, user) if challenge.challenged.id == user => {
                    "challenge-only-can-cancel-theirs"
                }
                (false, _) => "challenge-only-can-cancel",
            };
            return Update::keep(Answer::error(t!(private, id, name = &allowed.name)));
        }
        let id = if declining {
            "challenge-declined"
        } else {
            "challenge-withdrawn"
        };
        let text = t!(
            public,
            id,
            challenged = &challenge.challenged.name,
            challenger = &challenge.challenger.name
        );
        let change = match current.as_ref().and_then(|r| r.game.clone()) {
            // The finished game shown here stays.
            Some(game) => Change::Put(ChannelRecord {
                schema: SCHEMA_VERSION,
                challenge: None,
                game: Some(game),
            }),
            None => Change::Remove,
        };
        Update {
            change,
            archive: None,
            value: Answer::reply(Reply::text(text)),
        }
    })
}
