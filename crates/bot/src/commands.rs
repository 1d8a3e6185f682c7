//! The chat commands. Each command that changes a channel is a decision
//! function of the stored record, run inside `Store::update` (so it may run
//! again if another command won a race) and returning the replies.

use super::limits::{quote, MAX_COMMAND_CHARS};
use super::{
    captions, player_label, replay, status_caption, to_user, Action, Answer, BoardShow, Bot,
    GameThread, Reply, Request, User,
};
use cairn_rules::{AnyGame, GameKind, Options, Outcome, Reason, Seat, Seating, TurnError};
use cairn_store::clock::{format_duration, GameClock, TimeControl};
use cairn_store::{
    Challenge, Change, ChannelRecord, FinishedGame, GameRecord, Notify, Player, Store, StoreError,
    TurnRecord, Update, UserSettings, SCHEMA_VERSION,
};

/// Every command with its usage and a one-line description.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    (
        "challenge",
        "challenge <game> <opponent> [key=value ...] [as=white|black|random] [level=1..5] [clock=3d|7d+1d|none]",
        "challenge someone (or the bot) to a game in this channel",
    ),
    ("accept", "accept", "accept the challenge made to you"),
    ("decline", "decline", "decline the challenge made to you"),
    ("cancel", "cancel", "withdraw your own challenge"),
    (
        "move",
        "move <turn>",
        "play your turn (also `play`), e.g. `move b2 a4 d1`",
    ),
    ("board", "board", "show the board"),
    (
        "moves",
        "moves",
        "list the legal turns and show them on the board",
    ),
    (
        "undo",
        "undo",
        "ask to take back your last turn (and any turn played after it); the other player's `undo` grants it, and the request lapses when a turn is played",
    ),
    (
        "resign",
        "resign",
        "give up the game; it asks first, and a second `resign` within a minute confirms",
    ),
    (
        "draw",
        "draw",
        "offer a draw, or accept the one offered (games that can be drawn); an offer lapses when the next turn is played",
    ),
    (
        "rules",
        "rules [game]",
        "the rules of a game in short, and where the full rules are",
    ),
    (
        "games",
        "games",
        "your games in every channel, and your last results",
    ),
    (
        "replay",
        "replay",
        "the game in this channel as an animated picture, turn by turn (also posted when a game ends)",
    ),
    (
        "export",
        "export",
        "the record of the game in this channel, as JSON (Abstract Play's format) and as text",
    ),
    (
        "rating",
        "rating [@player] [game]",
        "your ratings (or another player's), Glicko-2 per game",
    ),
    (
        "leaderboard",
        "leaderboard <game> [all]",
        "the best rated players of a game on this server or in this room, or everywhere with `all`",
    ),
    (
        "notify",
        "notify [on|off|dm]",
        "turn reminders: in the channel (on), none (off), or by direct message (dm, Discord)",
    ),
    (
        "settings",
        "settings [threads=on|off]",
        "this server's settings; members who may manage the server change them",
    ),
    (
        "help",
        "help [command]",
        "this list, or the details of one command",
    ),
];

/// The command words, for platforms that register commands.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|(name, _, _)| *name).collect()
}

/// `help` or `help <command>`.
pub fn help_text(topic: Option<&str>) -> String {
    match topic.map(|t| t.trim().to_ascii_lowercase()) {
        Some(topic) if !topic.is_empty() => {
            let topic = if topic == "play" {
                "move".to_string()
            } else {
                topic
            };
            match COMMANDS.iter().find(|(name, _, _)| *name == topic) {
                Some((_, usage, description)) => {
                    let extra = match topic.as_str() {
                        "challenge" => format!(
                            "\nGames: {}. Options are the game's own (see `rules <game>`). `as=` picks your colour (default: you move first); `level=` sets the bot's strength when you challenge the bot; `clock=` sets the time for each turn (`3d`), or a bank that gains time with each turn, never above its start (`7d+1d`), or `none`. Units: d, h, m. A player who runs out of time loses; reminders come when half the time is used and near the end. An unanswered challenge expires after a week.",
                            GameKind::ALL.map(|k| k.name()).join(", ")
                        ),
                        "move" => "\nThe notation depends on the game: `rules <game>` shows it, `moves` lists every legal turn.".to_string(),
                        _ => String::new(),
                    };
                    format!("`{usage}`: {description}.{extra}")
                }
                None => format!(
                    "There is no command `{}`{}. Commands: {}.",
                    quote(&topic),
                    suggestion(&topic)
                        .map(|s| format!(" (did you mean `{s}`?)"))
                        .unwrap_or_default(),
                    command_names().join(", ")
                ),
            }
        }
        _ => {
            let mut text = String::from("Cairn plays seven board games in chat. Commands:\n");
            for (_, usage, description) in COMMANDS {
                text.push_str(&format!("- `{usage}`: {description}\n"));
            }
            text.push_str(&format!(
                "Start with `challenge {} <opponent>` or `rules`.",
                GameKind::STARTER
            ));
            text
        }
    }
}

/// The closest command name to a mistyped word, if close enough.
fn suggestion(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .map(|(name, _, _)| (*name, edit_distance(&word, name)))
        .chain([("move", edit_distance(&word, "play"))])
        .filter(|(_, d)| *d <= 2)
        .min_by_key(|(_, d)| *d)
        .map(|(name, _)| name)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            row[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(row[j] + 1);
        }
        prev = row;
    }
    prev[b.len()]
}

/// Run one request.
pub(super) fn run(bot: &Bot, request: &Request) -> Result<Answer, StoreError> {
    let text = request.command.trim();
    let length = text.chars().count();
    if length > MAX_COMMAND_CHARS {
        return Ok(Answer::error(format!(
            "That command is {length} characters long; I read commands of at most {MAX_COMMAND_CHARS} characters."
        )));
    }
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    };
    let word = word.trim_start_matches(['/', '!']).to_ascii_lowercase();
    let key = Store::channel_key(&request.platform, &request.channel);
    match word.as_str() {
        "" => Ok(Answer::reply(Reply::error(help_text(None)))),
        "help" | "?" => Ok(Answer::reply(Reply::text(help_text(Some(rest))))),
        "rules" => Ok(Answer::reply(Reply::text(rules_text(rest)))),
        "games" => games(bot, request),
        "challenge" => challenge(bot, request, &key, rest),
        "accept" => accept(bot, request, &key),
        "decline" | "cancel" => withdraw(bot, request, &key, &word),
        "move" | "play" | "m" => play(bot, request, &key, rest),
        "board" | "show" => show(bot, &key, false),
        "moves" | "legal" | "hint" => show(bot, &key, true),
        "undo" | "takeback" => undo(bot, request, &key),
        "resign" => resign(bot, request, &key),
        "draw" => draw(bot, request, &key),
        "notify" => notify(bot, request, rest),
        "settings" => settings(bot, request, rest),
        "replay" => super::history_commands::replay(bot, &key),
        "export" | "record" => super::history_commands::export(bot, &key),
        "rating" | "ratings" => super::history_commands::rating(bot, request, rest),
        "leaderboard" | "top" => super::history_commands::leaderboard(bot, request, &key, rest),
        other => {
            let hint = match suggestion(other) {
                Some(s) => format!(" Did you mean `{s}`?"),
                None if looks_like_turn(text) => {
                    format!(" To play a turn, write `move {}`.", quote(text))
                }
                None => String::new(),
            };
            Ok(Answer::error(format!(
                "I don't know the command `{}`.{hint} Commands: {}.",
                quote(other),
                command_names().join(", ")
            )))
        }
    }
}

fn looks_like_turn(text: &str) -> bool {
    let mut chars = text.chars();
    matches!((chars.next(), chars.next()), (Some(a), Some(b)) if a.is_ascii_alphabetic() && b.is_ascii_digit())
        || text.chars().next().is_some_and(|c| c.is_ascii_digit())
}

fn rules_text(rest: &str) -> String {
    let name = rest.split_whitespace().next().unwrap_or("");
    if name.is_empty() {
        let mut text = String::from("Cairn's games (`rules <game>` for more):\n");
        for kind in GameKind::ALL {
            let summary = kind.summary();
            let first = summary.split(". ").next().unwrap_or(summary);
            text.push_str(&format!("- {}: {first}.\n", kind.title()));
        }
        return text.trim_end().to_string();
    }
    match GameKind::parse(name) {
        Some(kind) => format!(
            "{}: {}\nHow to write a turn: {}\n{}`moves` lists the legal turns. Full rules: docs/rules/{}.md in the Cairn repository.",
            kind.title(),
            kind.summary(),
            kind.notation(),
            options_help(kind),
            kind.name()
        ),
        None => unknown_game(name),
    }
}

/// An example challenge with an option (`challenge callanish @alice
/// size=7`), from the first game that declares options, and a space.
fn example_with_option() -> String {
    GameKind::ALL
        .into_iter()
        .find_map(|kind| {
            let spec = kind.option_specs().first()?;
            let value = spec.suggestions().get(1)?.clone();
            Some(format!("`challenge {kind} @alice {}={value}` ", spec.key))
        })
        .unwrap_or_default()
}

/// The game's declared options, one line each, for `rules <game>`
/// (nothing for a game without options).
fn options_help(kind: GameKind) -> String {
    let specs = kind.option_specs();
    if specs.is_empty() {
        return String::new();
    }
    let mut text = format!("Options (after the opponent in `challenge {kind} <opponent>`):\n");
    for spec in specs {
        let default = spec.default_text();
        let default = if default.is_empty() {
            String::new()
        } else {
            format!(" (default {default})")
        };
        text.push_str(&format!("- `{}`{default}: {}\n", spec.usage(), spec.help));
    }
    text
}

pub(super) fn unknown_game(name: &str) -> String {
    let names = GameKind::ALL.map(|k| k.name());
    let close = names
        .iter()
        .map(|n| (n, edit_distance(&name.to_ascii_lowercase(), n)))
        .filter(|(_, d)| *d <= 3)
        .min_by_key(|(_, d)| *d);
    match close {
        Some((n, _)) => format!(
            "There is no game called `{}`. Did you mean `{n}`? The games are {}.",
            quote(name),
            names.join(", ")
        ),
        None => format!(
            "There is no game called `{}`. The games are {}.",
            quote(name),
            names.join(", ")
        ),
    }
}

fn player_of(user: &User) -> Player {
    Player {
        id: user.id.clone(),
        name: user.name.clone(),
        is_bot: false,
    }
}

fn bot_player(bot: &Bot) -> Player {
    Player {
        id: bot.config.bot_user.id.clone(),
        name: bot.config.bot_user.name.clone(),
        is_bot: true,
    }
}

fn is_bot_word(bot: &Bot, word: &str) -> bool {
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
fn start_game(challenge: &Challenge, now: u64) -> Result<GameRecord, String> {
    let options = Options::parse(&challenge.options).map_err(|e| e.to_string())?;
    let game = AnyGame::new(challenge.game, &options).map_err(|e| e.to_string())?;
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
fn game_reply(record: &GameRecord, text: String) -> Answer {
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

fn busy_message(record: &ChannelRecord) -> Option<String> {
    if let Some(game) = record.active_game() {
        return Some(format!(
            "This channel already has a game of {} ({} vs {}). Start a thread or use another channel for a new game, or finish this one first.",
            game.kind.title(),
            game.players[0].name,
            game.players[1].name
        ));
    }
    None
}

fn challenge(bot: &Bot, request: &Request, key: &str, rest: &str) -> Result<Answer, StoreError> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let usage = format!(
        "Write `challenge <game> <opponent> [key=value ...]`, e.g. {}or `challenge {} bot`.",
        example_with_option(),
        GameKind::STARTER
    );
    let Some(game_name) = words.first() else {
        return Ok(Answer::error(format!(
            "Which game, and against whom? {usage}"
        )));
    };
    let Some(kind) = GameKind::parse(game_name) else {
        return Ok(Answer::error(unknown_game(game_name)));
    };
    // The opponent is the first word that is not an option: options may
    // come before or after it.
    let mut option_words: Vec<&str> = words[1..].to_vec();
    let Some(at) = option_words.iter().position(|w| !w.contains('=')) else {
        return Ok(Answer::error(format!("Whom do you challenge? {usage}")));
    };
    let opponent_word = option_words.remove(at);
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
        return Ok(Answer::error(
            "You cannot challenge yourself. Challenge another player, or the bot (`bot`).",
        ));
    }
    // Split the bot's own options (as=, level=) from the game's.
    let mut seat_word = None;
    let mut level = None;
    let mut clock = bot.config.default_clock;
    let mut game_options = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for word in &option_words {
        let lower = word.to_ascii_lowercase();
        // Every key, the bot's own and the game's, is refused the same way
        // when repeated.
        if let Some((key, _)) = lower.split_once('=') {
            let key = key.trim().to_string();
            if seen.contains(&key) {
                return Ok(Answer::error(format!(
                    "Option `{}` is given twice; give each option once.",
                    quote(&key)
                )));
            }
            seen.push(key);
        }
        if let Some(value) = lower.strip_prefix("clock=") {
            match TimeControl::parse(value, bot.config.min_clock_ms) {
                Ok(control) => clock = control,
                Err(e) => {
                    return Ok(Answer::error(format!(
                        "{}.",
                        capitalise_first(&e.to_string())
                    )))
                }
            }
        } else if let Some(value) = lower.strip_prefix("as=") {
            seat_word = Some(value.to_string());
        } else if let Some(value) = lower.strip_prefix("level=") {
            match value.parse::<u8>() {
                Ok(n @ 1..=5) => level = Some(n),
                _ => {
                    return Ok(Answer::error(format!(
                        "`level` must be a whole number from 1 to 5, not `{}`.",
                        quote(value)
                    )))
                }
            }
        } else if let Some((key, value)) = lower.split_once('=') {
            // Echoed and stored in canonical form: `size=7`, not `SIZE=7`.
            game_options.push(format!("{}={}", key.trim(), value.trim()));
        } else {
            return Ok(Answer::error(format!(
                "I don't understand `{}`: options are written key=value. {usage}",
                quote(word)
            )));
        }
    }
    let options = match Options::parse(&game_options) {
        Ok(options) => options,
        Err(e) => return Ok(Answer::error(format!("{e}."))),
    };
    let fresh = match AnyGame::new(kind, &options) {
        Ok(game) => game,
        Err(e) => {
            return Ok(Answer::error(format!(
                "{} can't start like that: {e}.",
                kind.title()
            )))
        }
    };
    let first_mover = fresh.to_move();
    let now = bot.now();
    let challenger_seat = match seat_word.as_deref() {
        None => first_mover,
        Some(_) if kind.seating() == Seating::PieRule => {
            return Ok(Answer::error(format!("In {} the challenger is the setter and the other player chooses the colours, so `as=` does not apply.", kind.title())));
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
                return Ok(Answer::error(format!(
                    "`as={}` is not a side: use as={}, as={} or as=random.",
                    quote(word),
                    names[0],
                    names[1]
                )));
            }
        },
    };
    if level.is_some() && !challenged.is_bot {
        return Ok(Answer::error(
            "`level=` sets the bot's strength; it only applies when you challenge the bot.",
        ));
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
        if let Some(message) = busy_message(&record) {
            return Update::keep(Answer::error(message));
        }
        if let Some(pending) = &record.challenge {
            if pending.challenger.id != challenge.challenger.id {
                return Update::keep(Answer::error(format!(
                    "{} has already challenged {} here; wait for an answer, or start a thread for a new game.",
                    pending.challenger.name, pending.challenged.name
                )));
            }
        }
        // A new challenge replaces the challenger's earlier one here: say so,
        // and tell the player who was challenged before.
        let replaced = record.challenge.as_ref().map(|pending| {
            (
                format!(
                    "This replaces {}'s challenge to {} ({}), which is withdrawn. ",
                    pending.challenger.name,
                    pending.challenged.name,
                    options_label(pending.game, &pending.options)
                ),
                (!pending.challenged.is_bot && pending.challenged.id != challenge.challenged.id)
                    .then(|| to_user(&pending.challenged)),
            )
        });
        let (replaced_text, replaced_user) = replaced.unwrap_or_default();
        if challenge.challenged.is_bot {
            let game = match start_game(&challenge, now) {
                Ok(game) => game,
                Err(e) => return Update::keep(Answer::error(e)),
            };
            let text = format!(
                "{replaced_text}{} takes on {} at {} (level {}{}). {}.",
                challenge.challenger.name,
                game.players.iter().find(|p| p.is_bot).map(|p| p.name.as_str()).unwrap_or("the bot"),
                options_label(kind, &challenge.options),
                challenge.level.unwrap_or(3),
                clock_label(challenge.clock, ", your clock: "),
                status_caption(&game)
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
        let seat_name = fresh.seat_name(challenge.challenger_seat);
        let text = format!(
            "{} challenges {} to {}{}{}. {}, answer with `accept` or `decline` within {}.",
            challenge.challenger.name,
            challenge.challenged.name,
            options_label(kind, &challenge.options),
            if kind.seating() == Seating::PieRule {
                format!("; {} sets up, {} chooses the colours", challenge.challenger.name, challenge.challenged.name)
            } else {
                format!(" ({} plays {seat_name})", challenge.challenger.name)
            },
            clock_label(challenge.clock, "; clock: "),
            challenge.challenged.name,
            format_duration(bot.config.challenge_ttl_ms)
        );
        let for_user = Some(challenge.challenged.id.clone());
        let mut mentions = vec![to_user(&challenge.challenged)];
        mentions.extend(replaced_user.clone());
        let reply = Reply {
            text: format!("{replaced_text}{text}"),
            mentions,
            actions: vec![
                Action { label: "Accept".into(), command: "accept".into(), for_user: for_user.clone(), primary: true },
                Action { label: "Decline".into(), command: "decline".into(), for_user, primary: false },
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

/// "; clock: 3d a turn", "; clock: 7d+1d", "" without a clock.
fn clock_label(clock: Option<TimeControl>, lead: &str) -> String {
    match clock {
        None => String::new(),
        Some(control @ TimeControl::PerMove { .. }) => format!("{lead}{control} a turn"),
        Some(control @ TimeControl::Bank { .. }) => {
            format!("{lead}{control} (a bank gaining time each turn)")
        }
    }
}

fn capitalise_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "Callanish (size=7)".
fn options_label(kind: GameKind, options: &[String]) -> String {
    if options.is_empty() {
        kind.title().to_string()
    } else {
        format!("{} ({})", kind.title(), options.join(" "))
    }
}

fn accept(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let now = bot.now();
    let threads = threads_allowed(bot, request);
    bot.store.update(key, |current| {
        let record = current.unwrap_or_default();
        let Some(challenge) = &record.challenge else {
            let message = busy_message(&record)
                .unwrap_or_else(|| "There is no challenge to accept in this channel.".into());
            return Update::keep(Answer::error(message));
        };
        if challenge.challenged.id != request.user.id {
            return Update::keep(Answer::error(format!(
                "This challenge is for {}, not for you.",
                challenge.challenged.name
            )));
        }
        let mut challenge = challenge.clone();
        challenge.challenged.name = request.user.name.clone();
        let game = match start_game(&challenge, now) {
            Ok(game) => game,
            Err(e) => return Update::keep(Answer::error(e)),
        };
        let text = format!(
            "{} accepts. {}. {}.",
            request.user.name,
            captions(&game).0,
            status_caption(&game)
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
fn threads_allowed(bot: &Bot, request: &Request) -> bool {
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
fn thread_name(game: &GameRecord) -> String {
    let name = format!(
        "{}: {} vs {}",
        game.game.view().title,
        game.player(Seat::First).name,
        game.player(Seat::Second).name
    );
    name.chars().take(100).collect()
}

/// `decline` (by the challenged player) and `cancel` (by the challenger).
fn withdraw(bot: &Bot, request: &Request, key: &str, word: &str) -> Result<Answer, StoreError> {
    bot.store.update(key, |current| {
        let Some(challenge) = current.as_ref().and_then(|r| r.challenge.as_ref()) else {
            return Update::keep(Answer::error(format!(
                "There is no challenge to {word} in this channel."
            )));
        };
        let allowed = if word == "decline" {
            &challenge.challenged
        } else {
            &challenge.challenger
        };
        if allowed.id != request.user.id {
            let hint = if word == "decline" && challenge.challenger.id == request.user.id {
                " To withdraw your own challenge, use `cancel`."
            } else if word == "cancel" && challenge.challenged.id == request.user.id {
                " To refuse it, use `decline`."
            } else {
                ""
            };
            return Update::keep(Answer::error(format!(
                "Only {} can {word} this challenge.{hint}",
                allowed.name
            )));
        }
        let text = if word == "decline" {
            format!(
                "{} declines the challenge from {}.",
                challenge.challenged.name, challenge.challenger.name
            )
        } else {
            format!(
                "{} withdraws the challenge to {}.",
                challenge.challenger.name, challenge.challenged.name
            )
        };
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

/// Common checks for commands by a player of the channel's game.
fn game_of<'a>(
    record: &'a Option<ChannelRecord>,
    request: &Request,
) -> Result<(&'a GameRecord, Seat), Answer> {
    let Some(game) = record.as_ref().and_then(|r| r.game.as_ref()) else {
        let message = match record.as_ref().and_then(|r| r.challenge.as_ref()) {
            Some(c) => format!(
                "The game has not started: {} has not accepted {}'s challenge yet.",
                c.challenged.name, c.challenger.name
            ),
            None => {
                "There is no game in this channel. Start one with `challenge <game> <opponent>`."
                    .into()
            }
        };
        return Err(Answer::error(message));
    };
    if !game.in_progress() {
        return Err(Answer::error(format!(
            "The game of {} here is over: {}. Start a new one with `challenge <game> <opponent>`.",
            game.kind.title(),
            status_caption(game)
        )));
    }
    match game.seat_of(&request.user.id) {
        Some(seat) => Ok((game, seat)),
        None => Err(Answer::error(format!(
            "Only {} and {} play in this game; you can watch with `board`.",
            game.players[0].name, game.players[1].name
        ))),
    }
}

/// Store a game after a change: a finished game is archived, and stays
/// in its channel for `board` until a new game starts there.
fn store_game(key: &str, mut record: GameRecord, value: Answer, now: u64) -> Update<Answer> {
    if record.outcome().is_some() {
        record.finished_ms = Some(now);
        Update {
            change: Change::Put(ChannelRecord {
                schema: SCHEMA_VERSION,
                challenge: None,
                game: Some(record.clone()),
            }),
            archive: Some(FinishedGame {
                schema: SCHEMA_VERSION,
                channel: key.to_string(),
                finished_ms: now,
                record,
            }),
            value,
        }
    } else {
        Update {
            change: Change::Put(ChannelRecord {
                schema: SCHEMA_VERSION,
                challenge: None,
                game: Some(record),
            }),
            archive: None,
            value,
        }
    }
}

fn play(bot: &Bot, request: &Request, key: &str, turn_text: &str) -> Result<Answer, StoreError> {
    let now = bot.now();
    bot.store.update(key, |current| {
        let (game, seat) = match game_of(&current, request) {
            Ok(found) => found,
            Err(answer) => return Update::keep(answer),
        };
        let to_move = game.game.to_move();
        if to_move != seat {
            return Update::keep(Answer::error(format!(
                "It is {}'s turn, not yours.",
                player_label(game, to_move)
            )));
        }
        if turn_text.is_empty() {
            return Update::keep(Answer::error(
                "Say which turn to play, e.g. `move c3`; `moves` lists the legal turns.",
            ));
        }
        let mut record = game.clone();
        let was_mid_turn = record.game.in_mid_turn();
        let played = match record.game.play_str(turn_text) {
            Ok(played) => played,
            Err(error) => {
                let message = match error {
                    TurnError::GameOver => "The game is already over.".to_string(),
                    other => format!(
                        "{}. `moves` lists the legal turns.",
                        sentence(&other.to_string())
                    ),
                };
                return Update::keep(Answer::error(message));
            }
        };
        // A turn sent in parts is announced whole once its last part is in:
        // the parts are this seat's entries at the end of the history.
        let mut shown = played.canonical.clone();
        if was_mid_turn && !record.game.in_mid_turn() {
            let parts: Vec<&str> = record
                .history
                .iter()
                .rev()
                .take_while(|t| t.seat == seat)
                .map(|t| t.turn.as_str())
                .collect();
            if !parts.is_empty() {
                let mut whole: Vec<&str> = parts.into_iter().rev().collect();
                whole.push(&played.canonical);
                shown = whole.join(" ");
            }
        }
        record.history.push(TurnRecord {
            turn: played.canonical.clone(),
            seat,
            at_ms: now,
        });
        record.last = played.highlights;
        // What this turn ends: a pending draw offer or undo request lapses
        // with the next turn played (documented in `help draw` and `help undo`).
        let mut lapsed = Vec::new();
        if let Some(offerer) = record.draw_offer.take() {
            lapsed.push(if offerer == seat {
                format!("{}'s draw offer lapses: an offer lasts until the next turn is played", record.player(offerer).name)
            } else {
                format!("{} plays on, so {}'s draw offer is declined", record.player(seat).name, record.player(offerer).name)
            });
        }
        if let Some(asker) = record.undo_request.take() {
            lapsed.push(if asker == seat {
                format!("{}'s request to take back a turn lapses: it lasts until the next turn is played", record.player(asker).name)
            } else {
                format!("{} plays on, so {}'s request to take back a turn is refused", record.player(seat).name, record.player(asker).name)
            });
        }
        record.resign_request = [None; 2];
        let next = record.game.to_move();
        if let Some(clock) = record.clock.as_mut() {
            clock.turn_done(seat.index(), next.index(), now);
        }
        let mover = player_label(&record, seat);
        let mut text = match record.outcome() {
            Some(outcome) => format!(
                "{mover} played {shown}. {}.",
                super::end_phrase(&record, outcome)
            ),
            None if record.game.in_mid_turn() => format!(
                "{mover} played {shown}; the turn goes on: {} to finish it.",
                record.player(seat).name
            ),
            None => format!("{mover} played {shown}. {}.", status_caption(&record)),
        };
        for note in lapsed {
            text.push_str(&format!(" {note}."));
        }
        if let Some(warning) = warning_line(&record) {
            text.push_str(&format!(" {warning}"));
        }
        let answer = game_reply(&record, text);
        store_game(key, record, answer, now)
    })
}

/// An engine's message without its final full stop (one is added after),
/// left in the engine's case so coordinates stay lower case.
fn sentence(text: &str) -> String {
    text.trim_end_matches('.').to_string()
}

/// The warning for the player to move of a loss at the end of this turn:
/// "Warning for bob: White holds rank 3 with 5 of its cells (5 needed): break it
/// this turn or lose."
fn warning_line(record: &GameRecord) -> Option<String> {
    if record.outcome().is_some() {
        return None;
    }
    let warning = record.game.warning()?;
    Some(format!(
        "Warning for {}: {warning}.",
        record.player(record.game.to_move()).name
    ))
}

fn show(bot: &Bot, key: &str, hints: bool) -> Result<Answer, StoreError> {
    let record = bot.store.load(key)?;
    let Some(game) = record.as_ref().and_then(|r| r.game.as_ref()) else {
        let message = match record.as_ref().and_then(|r| r.challenge.as_ref()) {
            Some(c) => format!(
                "No game yet: {} has challenged {} to {}.",
                c.challenger.name,
                c.challenged.name,
                c.game.title()
            ),
            None => {
                "There is no game in this channel. Start one with `challenge <game> <opponent>`."
                    .into()
            }
        };
        return Ok(Answer::error(message));
    };
    let text = if hints {
        legal_list(&game.game)
    } else {
        let turns = game.history.len();
        let mut text = format!(
            "{}. {} turn{} played.",
            status_caption(game),
            turns,
            if turns == 1 { "" } else { "s" }
        );
        if let Some(warning) = warning_line(game) {
            text.push_str(&format!(" {warning}"));
        }
        text
    };
    Ok(Answer {
        replies: vec![Reply::text(text)],
        board: Some(BoardShow {
            record: Box::new(game.clone()),
            hints,
            replay: false,
        }),
        bot_to_move: false,
    })
}

/// The legal turns in words, shortened for chat.
fn legal_list(game: &AnyGame) -> String {
    const SHOWN: usize = 40;
    let count = game.count_turns();
    if count == 0 {
        return "There are no legal turns: the game is over.".into();
    }
    if count > 5_000 {
        let hint = game.too_many_turns_hint().unwrap_or_else(|| {
            format!(
                "`rules {}` shows how turns are written.",
                game.kind().name()
            )
        });
        return format!("There are {count} legal turns, too many to list. {hint}");
    }
    let all = game.legal_strings();
    // Never "and 1 more": a list one longer than the limit is shown whole.
    let take = if all.len() <= SHOWN + 1 {
        all.len()
    } else {
        SHOWN
    };
    let shown: Vec<&str> = all.iter().take(take).map(String::as_str).collect();
    let more = if all.len() > take {
        format!(" and {} more", all.len() - take)
    } else {
        String::new()
    };
    format!(
        "{} legal turn{}: {}{more}.",
        all.len(),
        if all.len() == 1 { "" } else { "s" },
        shown.join(", ")
    )
}

fn undo(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let now = bot.now();
    bot.store.update(key, |current| {
        let (game, seat) = match game_of(&current, request) {
            Ok(found) => found,
            Err(answer) => return Update::keep(answer),
        };
        let opponent = game.player(seat.other());
        let requester = match game.undo_request {
            Some(asked) if asked == seat => {
                return Update::keep(Answer::error(format!(
                    "You have already asked; waiting for {} to answer with `undo`.",
                    opponent.name
                )))
            }
            Some(asked) => asked,
            None if opponent.is_bot => seat,
            None => {
                if !game.history.iter().any(|t| t.seat == seat) {
                    return Update::keep(Answer::error("You have not played a turn yet, so there is nothing to take back."));
                }
                let mut record = game.clone();
                record.undo_request = Some(seat);
                let reply = Reply {
                    text: format!(
                        "{} asks to take back their last turn. {}, answer `undo` to allow it (or just play on).",
                        request.user.name, opponent.name
                    ),
                    mentions: vec![to_user(opponent)],
                    ..Reply::default()
                };
                return store_game(key, record, Answer::reply(reply), now);
            }
        };
        // Take back the requester's last turn and everything after it.
        let mut history = game.history.clone();
        while history.last().is_some_and(|t| t.seat != requester) {
            history.pop();
        }
        while history.last().is_some_and(|t| t.seat == requester) {
            history.pop();
        }
        if history.len() == game.history.len() {
            return Update::keep(Answer::error("There is no turn to take back."));
        }
        let turns: Vec<String> = history.iter().map(|t| t.turn.clone()).collect();
        let Some((rebuilt, last)) = replay(game.kind, &game.options, &turns) else {
            return Update::keep(Answer::error("This game's history cannot be replayed, so the undo was not done."));
        };
        let mut record = game.clone();
        record.game = rebuilt;
        record.last = last;
        record.history = history;
        record.undo_request = None;
        record.draw_offer = None;
        if let Some(clock) = record.clock.as_mut() {
            clock.restart(now);
        }
        // Say every turn that goes: granting can take back the granter's own
        // later turn too.
        let taken: Vec<String> = game.history[record.history.len()..]
            .iter()
            .map(|t| format!("{}'s {}", record.player(t.seat).name, t.turn))
            .collect();
        let text = format!(
            "Taken back for {}: {} ({} turn{}). {}.",
            record.player(requester).name,
            cairn_rules::notation::list_and(&taken),
            taken.len(),
            if taken.len() == 1 { "" } else { "s" },
            status_caption(&record)
        );
        let answer = game_reply(&record, text);
        store_game(key, record, answer, now)
    })
}

/// How long a first `resign` waits for its confirmation.
const RESIGN_CONFIRM_MS: u64 = 60_000;

fn resign(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let now = bot.now();
    bot.store.update(key, |current| {
        let (game, seat) = match game_of(&current, request) {
            Ok(found) => found,
            Err(answer) => return Update::keep(answer),
        };
        let mut record = game.clone();
        // Resigning cannot be undone: the first `resign` asks, a second one
        // within a minute (or the button) confirms.
        let asked = game.resign_request[seat.index()];
        let confirmed = asked.is_some_and(|at| now.saturating_sub(at) <= RESIGN_CONFIRM_MS);
        if !confirmed {
            record.resign_request[seat.index()] = Some(now);
            let reply = Reply {
                text: format!(
                    "Resigning ends the game of {} at once and cannot be undone. To resign, send `resign` again within a minute (or press the button); to play on, just play.",
                    game.kind.title()
                ),
                ephemeral: true,
                actions: vec![Action {
                    label: "Resign".into(),
                    command: "resign".into(),
                    for_user: Some(request.user.id.clone()),
                    primary: false,
                }],
                ..Reply::default()
            };
            return store_game(key, record, Answer::reply(reply), now);
        }
        record.resign_request = [None; 2];
        record.result = Some(Outcome::win(seat.other(), Reason::Resign));
        let text = format!(
            "{} resigns. {} wins.",
            player_label(&record, seat),
            player_label(&record, seat.other())
        );
        let answer = game_reply(&record, text);
        store_game(key, record, answer, now)
    })
}

fn draw(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let now = bot.now();
    bot.store.update(key, |current| {
        let (game, seat) = match game_of(&current, request) {
            Ok(found) => found,
            Err(answer) => return Update::keep(answer),
        };
        if !game.game.can_draw() {
            return Update::keep(Answer::error(format!(
                "{} cannot end in a draw, so there is no draw to offer. You can play on or `resign`.",
                game.kind.title()
            )));
        }
        let opponent = game.player(seat.other());
        match game.draw_offer {
            Some(offered) if offered == seat => Update::keep(Answer::error(format!(
                "You have already offered a draw; waiting for {}.",
                opponent.name
            ))),
            Some(_) => {
                let mut record = game.clone();
                record.result = Some(Outcome::draw(Reason::Agreement));
                let answer = game_reply(&record, format!("{} accepts the draw. The game is drawn by agreement.", request.user.name));
                store_game(key, record, answer, now)
            }
            None if opponent.is_bot => Update::keep(Answer::reply(Reply::text(format!(
                "{} declines the draw and plays on.",
                opponent.name
            )))),
            None => {
                let mut record = game.clone();
                record.draw_offer = Some(seat);
                let reply = Reply {
                    text: format!(
                        "{} offers a draw. {}, answer `draw` to accept, or play on to decline.",
                        request.user.name, opponent.name
                    ),
                    mentions: vec![to_user(opponent)],
                    ..Reply::default()
                };
                store_game(key, record, Answer::reply(reply), now)
            }
        }
    })
}

fn games(bot: &Bot, request: &Request) -> Result<Answer, StoreError> {
    let (mut active, unreadable) = bot.store.active_games_of(&request.user.id)?;
    let finished = bot.store.finished_games_of(&request.user.id, 5)?;
    let note = match unreadable.len() {
        0 => String::new(),
        1 => format!("\n(The stored game of {} cannot be read and is left out; an operator can run `cairn db check`.)", unreadable[0]),
        n => format!("\n({n} stored games cannot be read and are left out; an operator can run `cairn db check`.)"),
    };
    if active.is_empty() && finished.is_empty() {
        return Ok(Answer::reply(Reply::text(format!(
            "You have no games yet. Start one with `challenge <game> <opponent>`.{note}"
        ))));
    }
    let now = bot.now();
    let user = request.user.id.as_str();
    // Most urgent first: games waiting for you by their deadline, then
    // untimed games waiting for you, then games waiting for the opponent.
    active.sort_by_key(|(_, game)| {
        let yours = game.seat_of(user) == Some(game.game.to_move());
        let deadline = game
            .running_clock()
            .map(|(seat, clock)| clock.deadline_ms(seat.index()));
        (!yours, deadline.is_none(), deadline)
    });
    let mut text = String::new();
    if active.is_empty() {
        text.push_str("You have no game in progress.\n");
    } else {
        text.push_str("Your games in progress, most urgent first:\n");
        for (channel, game) in &active {
            let yours = game.seat_of(user) == Some(game.game.to_move());
            let time = match game.running_clock() {
                Some((seat, clock)) => format!(
                    ", {} left",
                    format_duration(clock.left_ms(seat.index(), now))
                ),
                None => String::new(),
            };
            text.push_str(&format!(
                "- {} in {channel}: {}{}{time}\n",
                captions(game).0,
                status_caption(game),
                if yours { " (your turn)" } else { "" }
            ));
        }
    }
    if !finished.is_empty() {
        text.push_str("Recent results:\n");
        for f in &finished {
            text.push_str(&format!(
                "- {}: {}\n",
                captions(&f.record).0,
                status_caption(&f.record)
            ));
        }
    }
    Ok(Answer::reply(Reply::text(format!(
        "{}{note}",
        text.trim_end()
    ))))
}

/// The player in `seat` ran out of time: the game ends, won by the other.
pub(super) fn lose_on_time(
    key: &str,
    mut record: GameRecord,
    seat: Seat,
    now: u64,
) -> Update<Answer> {
    record.result = Some(Outcome::win(seat.other(), Reason::Timeout));
    record.undo_request = None;
    record.draw_offer = None;
    let text = format!(
        "{} ran out of time. {} wins on time.",
        player_label(&record, seat),
        player_label(&record, seat.other())
    );
    let answer = game_reply(&record, text);
    store_game(key, record, answer, now)
}

/// `notify`, `notify on|off|dm`: how the user hears of their turns.
fn notify(bot: &Bot, request: &Request, rest: &str) -> Result<Answer, StoreError> {
    let platform = request.platform.as_str();
    let current = bot.store.user_settings(platform, &request.user.id)?;
    let describe = |notify: Notify| match notify {
        Notify::On => "Reminders of your turns come as a mention in the game's channel.",
        Notify::Off => "You get no turn reminders (a loss on time is still announced).",
        Notify::Direct => "Reminders of your turns come by direct message.",
    };
    let wanted = match rest.trim().to_ascii_lowercase().as_str() {
        "" => {
            return Ok(Answer::reply(Reply::error(format!(
                "{} Change it with `notify on`, `notify off` or `notify dm`.",
                describe(current.notify)
            ))))
        }
        "on" | "channel" => Notify::On,
        "off" | "none" => Notify::Off,
        "dm" | "direct" => {
            // Only Discord lets a bot open a direct conversation.
            if platform != "discord" {
                return Ok(Answer::error(
                    "Reminders by direct message are only available on Discord here; use `notify on` or `notify off`.",
                ));
            }
            Notify::Direct
        }
        _ => {
            return Ok(Answer::error(
                "Write `notify on` (a mention in the channel), `notify off` (no reminders) or `notify dm` (a direct message, on Discord).",
            ))
        }
    };
    bot.store
        .set_user_settings(platform, &request.user.id, &UserSettings { notify: wanted })?;
    Ok(Answer::reply(Reply::error(format!(
        "Done. {}",
        describe(wanted)
    ))))
}

/// `settings`, `settings threads=on|off`: the server's settings.
fn settings(bot: &Bot, request: &Request, rest: &str) -> Result<Answer, StoreError> {
    let platform = request.platform.as_str();
    let Some(server) = &request.server else {
        return Ok(Answer::error(
            "Settings belong to a server, and this conversation is not in one.",
        ));
    };
    let current = bot.store.server_settings(platform, server)?;
    let describe = |threads: bool| {
        if threads {
            "threads=on: each accepted challenge moves its game into a thread of its own, where I may create threads."
        } else {
            "threads=off: games stay in the channel where the challenge was accepted."
        }
    };
    let rest = rest.trim();
    if rest.is_empty() {
        return Ok(Answer::reply(Reply::error(format!(
            "This server's settings: {} Members who may manage the server change it with `settings threads=on` or `settings threads=off`.",
            describe(current.threads)
        ))));
    }
    let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
    if !name.trim().eq_ignore_ascii_case("threads") {
        return Ok(Answer::error(format!(
            "I know one server setting, `threads` (on or off), not `{}`. Write `settings threads=off` to keep games in their channel.",
            quote(name.trim())
        )));
    }
    let threads = match value.trim().to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" => true,
        "off" | "no" | "false" => false,
        _ => {
            return Ok(Answer::error(
                "Write `settings threads=on` or `settings threads=off`.",
            ))
        }
    };
    if !request.server_admin {
        return Ok(Answer::error(
            "Only members who may manage this server can change its settings.",
        ));
    }
    let mut changed = current;
    changed.threads = threads;
    bot.store.set_server_settings(platform, server, &changed)?;
    Ok(Answer::reply(Reply::text(format!(
        "{} changed this server's settings: {}",
        request.user.name,
        describe(threads)
    ))))
}
