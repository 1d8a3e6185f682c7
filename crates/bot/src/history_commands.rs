//! The history commands: `replay` (the game as an animated GIF), `export`
//! (its record as JSON and text), `rating` and `leaderboard`. They only
//! read the store; ratings are written with each game's result (see
//! `store::Store::update` and `history::rating`).

use super::{captions, Answer, Attachment, AttachmentKind, Bot, Reply, Request, Table};
use crate::history::record::Record;
use crate::history::replay_frames_in;
use cairn_render::replay::{render_gif, Timing};
use cairn_rules::GameKind;
use cairn_rules::Lang;
use cairn_store::rating::{Rating, PROVISIONAL_DEVIATION};
use cairn_store::ratings::RatingEntry;
use cairn_store::{ChannelRecord, GameRecord, StoreError};

/// "Callanish 9 x 9: alice (White) vs bob (Black)".
fn title(game: &GameRecord) -> String {
    captions(game).0
}

/// A file name part for a game: `callanish-20261123-1705`.
fn file_stem(game: &GameRecord) -> String {
    let date = crate::history::record::rfc3339(game.started_ms);
    // 2026-11-23T17:05:00.000Z -> 20261123-1705
    let digits: String = date.chars().filter(char::is_ascii_digit).take(12).collect();
    let (day, time) = digits.split_at(digits.len().min(8));
    format!("{}-{day}-{time}", game.kind.name())
}

/// The game's replay as a GIF attachment (`None`, logged, if it cannot be
/// drawn: the rest of the reply still goes out).
/// The replay of `game` as a GIF, the boards' words in `lang`.
pub(super) fn replay_attachment(game: &GameRecord, lang: Lang) -> Option<Attachment> {
    let turns: Vec<String> = game.history.iter().map(|t| t.turn.clone()).collect();
    let names = [game.players[0].name.clone(), game.players[1].name.clone()];
    let frames = match replay_frames_in(
        lang,
        game.kind,
        &game.options,
        &turns,
        Some(&names),
        game.outcome(),
    ) {
        Ok(frames) => frames,
        Err(error) => {
            tracing::error!(%error, "a stored game does not replay");
            return None;
        }
    };
    match render_gif(&frames, Timing::default()) {
        Ok(bytes) => Some(Attachment {
            name: format!("{}-replay.gif", file_stem(game)),
            kind: AttachmentKind::Gif,
            bytes,
            description: crate::t!(
                lang,
                "replay-description",
                game = crate::captions_in(game, lang).0
            ),
        }),
        Err(error) => {
            tracing::error!(%error, "drawing a replay");
            None
        }
    }
}

/// The channel's game (in progress, or the finished one still shown).
fn channel_game(record: Option<ChannelRecord>) -> Result<GameRecord, Answer> {
    record.and_then(|r| r.game).ok_or_else(|| {
        Answer::error(
            "There is no game in this channel to show; a game's replay and record stay here after it ends, until a new game starts. Start one with `challenge <game> <opponent>`.",
        )
    })
}

fn turns_words(n: usize) -> String {
    format!("{n} turn{}", if n == 1 { "" } else { "s" })
}

/// `replay`: the channel's game as an animated GIF.
pub(super) fn replay(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let game = match channel_game(bot.store.load(key)?) {
        Ok(game) => game,
        Err(answer) => return Ok(answer),
    };
    if !bot.config.images {
        return Ok(Answer::error(crate::t!(langs.private, "replay-no-images")));
    }
    let lang = langs.public;
    let Some(gif) = replay_attachment(&game, lang) else {
        return Ok(Answer::error(crate::t!(langs.private, "replay-failed")));
    };
    let id = if game.in_progress() {
        "replay-so-far"
    } else {
        "replay-to-the-end"
    };
    Ok(Answer::reply(Reply {
        text: crate::t!(
            lang,
            id,
            game = crate::captions_in(&game, lang).0,
            turns = game.history.len()
        ),
        files: vec![gif],
        ..Reply::default()
    }))
}

/// `export`: the channel's game as Abstract Play's JSON game record and as
/// text.
pub(super) fn export(bot: &Bot, key: &str) -> Result<Answer, StoreError> {
    let game = match channel_game(bot.store.load(key)?) {
        Ok(game) => game,
        Err(answer) => return Ok(answer),
    };
    let mut record = Record::of_game(&game, key);
    // Each player's current rating in this game, as Abstract Play's
    // records carry it.
    let platform = cairn_store::platform_of(key);
    for (player, entry) in record.players.iter_mut().zip(&game.players) {
        if !entry.is_bot {
            player.rating = bot
                .store
                .rating(game.kind, platform, &entry.id)?
                .map(|r| r.rating.rating.round() as u32);
        }
    }
    let json = match record.to_json(bot.now()) {
        Ok(json) => json,
        Err(error) => {
            tracing::error!(%error, "a stored game does not replay");
            return Ok(Answer::error(
                "Sorry, this game's stored turns do not replay, so I cannot write its record.",
            ));
        }
    };
    let json = serde_json::to_vec_pretty(&json).map_err(StoreError::Encode)?;
    let stem = file_stem(&game);
    Ok(Answer::reply(Reply {
        text: format!(
            "The record of {} ({}): JSON in Abstract Play's game record format, and text (`cairn position <game> --record <file>` replays either).",
            title(&game),
            turns_words(game.history.len())
        ),
        files: vec![
            Attachment {
                name: format!("{stem}.json"),
                kind: AttachmentKind::Json,
                bytes: json,
                description: format!("Game record of {}", title(&game)),
            },
            Attachment {
                name: format!("{stem}.txt"),
                kind: AttachmentKind::Text,
                bytes: record.to_text().into_bytes(),
                description: format!("Game record of {} as text", title(&game)),
            },
        ],
        ..Reply::default()
    }))
}

/// "1 game: 1 win", "5 games: 3 wins, 1 loss, 1 draw".
fn record_words(entry: &RatingEntry) -> String {
    let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut parts = vec![plural(entry.wins, "win", "wins")];
    parts.push(plural(entry.losses, "loss", "losses"));
    if entry.draws > 0 {
        parts.push(plural(entry.draws, "draw", "draws"));
    }
    format!(
        "{}: {}",
        plural(entry.games, "game", "games"),
        parts.join(", ")
    )
}

/// "1623" or "1623 (provisional)".
fn rating_words(rating: &Rating) -> String {
    if rating.provisional() {
        format!(
            "{:.0} (provisional until its deviation, now {:.0}, is {PROVISIONAL_DEVIATION:.0} or less)",
            rating.rating, rating.deviation
        )
    } else {
        format!("{:.0} (deviation {:.0})", rating.rating, rating.deviation)
    }
}

const UNRATED_NOTE: &str = "Games between two people count; games against the bot, and games resigned before each player made two turns, do not.";

/// `rating [@user] [game]`: a player's ratings.
pub(super) fn rating(bot: &Bot, request: &Request, rest: &str) -> Result<Answer, StoreError> {
    let mut game = None;
    let mut named = None;
    for word in rest.split_whitespace() {
        match GameKind::parse(word) {
            Some(kind) if game.is_none() => game = Some(kind),
            _ if named.is_none() => named = Some(word.trim_start_matches('@').to_string()),
            _ => {
                return Ok(Answer::error(format!(
                    "I don't understand `{}`. Write `rating`, `rating <game>`, `rating @someone` or `rating @someone <game>`.",
                    super::limits::quote(word)
                )))
            }
        }
    }
    // A mention the platform resolved names the player; a bare word is
    // the id itself (the console's names are its ids).
    let who = match (request.mentions.first(), named) {
        (Some(user), _) => super::User::new(user.id.clone(), user.name.clone()),
        (None, Some(name)) => super::User::new(name.clone(), name),
        (None, None) => request.user.clone(),
    };
    let platform = request.platform.as_str();
    let kinds: Vec<GameKind> = match game {
        Some(kind) => vec![kind],
        None => GameKind::ALL.to_vec(),
    };
    let mut lines = Vec::new();
    for kind in &kinds {
        if let Some(entry) = bot.store.rating(*kind, platform, &who.id)? {
            lines.push(format!(
                "{}: {}; {}.",
                kind.title(),
                rating_words(&entry.rating),
                record_words(&entry)
            ));
        }
    }
    let name = &who.name;
    if lines.is_empty() {
        let what = game.map_or("rated game".to_string(), |k| {
            format!("rated {} game", k.title())
        });
        return Ok(Answer::reply(Reply::text(format!(
            "{name} has no {what} yet. {UNRATED_NOTE}"
        ))));
    }
    let head = match game {
        Some(kind) => format!("{name}'s {} rating (Glicko-2):", kind.title()),
        None => format!("{name}'s ratings (Glicko-2):"),
    };
    Ok(Answer::reply(Reply::text(format!(
        "{head}\n{}",
        lines.join("\n")
    ))))
}

/// At most this many players in a leaderboard.
const LEADERBOARD_SIZE: usize = 10;

/// `leaderboard <game> [all]`: the best rated players of a game here (this
/// Discord server, Matrix room or console channel), or everywhere.
pub(super) fn leaderboard(
    bot: &Bot,
    request: &Request,
    key: &str,
    rest: &str,
) -> Result<Answer, StoreError> {
    let usage = "Write `leaderboard <game>` for this server or room, or `leaderboard <game> all` for everyone the bot plays with.";
    let mut words = rest.split_whitespace();
    let Some(name) = words.next() else {
        return Ok(Answer::error(format!(
            "Which game? {usage} Games: {}.",
            GameKind::ALL.map(|k| k.name()).join(", ")
        )));
    };
    let Some(kind) = GameKind::parse(name) else {
        return Ok(Answer::error(format!(
            "{} {usage}",
            super::commands::unknown_game(name)
        )));
    };
    let everywhere = match words.next().map(str::to_ascii_lowercase).as_deref() {
        None | Some("here") => false,
        Some("all" | "everywhere" | "global") => true,
        Some(other) => {
            return Ok(Answer::error(format!(
                "`{}` is not a scope. {usage}",
                super::limits::quote(other)
            )))
        }
    };
    let mut entries = bot.store.ratings_of(kind)?;
    let scope = if everywhere {
        "everywhere".to_string()
    } else {
        let place = bot.store.place_of(key)?;
        entries.retain(|e| e.places.contains(&place));
        if request.platform == "discord" {
            "on this server".to_string()
        } else {
            "here".to_string()
        }
    };
    // Established ratings first, then provisional ones; best first.
    entries.sort_by(|a, b| {
        a.rating
            .provisional()
            .cmp(&b.rating.provisional())
            .then(b.rating.rating.total_cmp(&a.rating.rating))
            .then(a.name.cmp(&b.name))
    });
    let title = format!("{} leaderboard {scope}", kind.title());
    if entries.is_empty() {
        return Ok(Answer::reply(Reply::text(format!(
            "Nobody has a rated {} game {scope} yet. {UNRATED_NOTE}",
            kind.title()
        ))));
    }
    let total = entries.len();
    let rows: Vec<Vec<String>> = entries
        .iter()
        .take(LEADERBOARD_SIZE)
        .enumerate()
        .map(|(i, e)| {
            let mut name = e.name.clone();
            if everywhere && e.platform != request.platform {
                name.push_str(&format!(" ({})", e.platform));
            }
            vec![
                format!("{}", i + 1),
                name,
                e.rating.label(),
                format!("{}", e.games),
                format!("{}-{}-{}", e.wins, e.losses, e.draws),
            ]
        })
        .collect();
    let footer = format!(
        "{total} rated player{}. Glicko-2; ? marks a provisional rating (deviation above {PROVISIONAL_DEVIATION:.0}).",
        if total == 1 { "" } else { "s" }
    );
    let mut text = format!("{title}:\n");
    for row in &rows {
        text.push_str(&format!(
            "{}. {} {} ({} games, {} won-lost-drawn)\n",
            row[0], row[1], row[2], row[3], row[4]
        ));
    }
    text.push_str(&footer);
    Ok(Answer::reply(Reply {
        text,
        table: Some(Table {
            title,
            columns: ["#", "player", "rating", "games", "W-L-D"]
                .map(String::from)
                .to_vec(),
            rows,
            footer: Some(footer),
        }),
        ..Reply::default()
    }))
}
