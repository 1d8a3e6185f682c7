//! The history commands: `replay` (the game as an animated GIF), `export`
//! (its record as JSON and text), `rating` and `leaderboard`. They only
//! read the store; ratings are written with each game's result (see
//! `store::Store::update` and `history::rating`).

use crate::commands::args::Scope;
use crate::history::record::Record;
use crate::history::replay_frames_in;
use crate::i18n::{say, Lang};
use crate::t;
use crate::{Answer, Attachment, AttachmentKind, Bot, Reply, Request, Table, User};
use cairn_render::replay::{render_gif, Timing};
use cairn_rules::GameKind;
use cairn_store::rating::{Rating, PROVISIONAL_DEVIATION};
use cairn_store::ratings::RatingEntry;
use cairn_store::{ChannelRecord, GameRecord, StoreError};

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
pub(crate) fn replay_attachment(game: &GameRecord, lang: Lang) -> Option<Attachment> {
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
fn channel_game(record: Option<ChannelRecord>, lang: Lang) -> Result<GameRecord, Answer> {
    record
        .and_then(|r| r.game)
        .ok_or_else(|| Answer::error(t!(lang, "history-no-game")))
}

/// `replay`: the channel's game as an animated GIF.
pub(super) fn replay(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let game = match channel_game(bot.store.load(key)?, langs.private) {
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
            turns = crate::bot::turns_played(&game)
        ),
        files: vec![gif],
        ..Reply::default()
    }))
}

/// `export`: the channel's game as Abstract Play's JSON game record and as
/// text.
pub(super) fn export(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let game = match channel_game(bot.store.load(key)?, langs.private) {
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
            return Ok(Answer::error(t!(langs.private, "export-broken")));
        }
    };
    let json = serde_json::to_vec_pretty(&json).map_err(StoreError::Encode)?;
    let stem = file_stem(&game);
    let lang = langs.public;
    let title = crate::captions_in(&game, lang).0;
    let mut text = t!(
        lang,
        "export-done",
        game = &title,
        turns = crate::bot::turns_played(&game)
    );
    if let Some(link) = bot.page_link(&game, lang) {
        text.push('\n');
        text.push_str(&link);
    }
    Ok(Answer::reply(Reply {
        text,
        files: vec![
            Attachment {
                name: format!("{stem}.json"),
                kind: AttachmentKind::Json,
                bytes: json,
                description: t!(lang, "export-json-description", game = &title),
            },
            Attachment {
                name: format!("{stem}.txt"),
                kind: AttachmentKind::Text,
                bytes: record.to_text().into_bytes(),
                description: t!(lang, "export-text-description", game = &title),
            },
        ],
        ..Reply::default()
    }))
}

/// "5 games: 3 wins, 1 loss, 1 draw".
fn record_words(entry: &RatingEntry, lang: Lang) -> String {
    t!(
        lang,
        "rating-record",
        games = entry.games,
        wins = entry.wins,
        losses = entry.losses,
        draws = entry.draws
    )
}

/// "1623 (deviation 60)" or "1623 (provisional ...)".
fn rating_words(rating: &Rating, lang: Lang) -> String {
    let id = if rating.provisional() {
        "rating-provisional"
    } else {
        "rating-established"
    };
    t!(
        lang,
        id,
        rating = format!("{:.0}", rating.rating),
        deviation = format!("{:.0}", rating.deviation),
        limit = format!("{PROVISIONAL_DEVIATION:.0}")
    )
}

/// `rating [@user] [game]`: a player's ratings.
pub(super) fn rating(
    bot: &Bot,
    request: &Request,
    player: Option<&User>,
    game: Option<GameKind>,
) -> Result<Answer, StoreError> {
    let public = bot.langs(request).public;
    let who = player.unwrap_or(&request.user);
    let platform = request.platform.as_str();
    let kinds: Vec<GameKind> = match game {
        Some(kind) => vec![kind],
        None => GameKind::ALL.to_vec(),
    };
    let mut lines = Vec::new();
    for kind in &kinds {
        if let Some(entry) = bot.store.rating(*kind, platform, &who.id)? {
            lines.push(t!(
                public,
                "rating-line",
                game = say(public, &kind.title_message()),
                rating = rating_words(&entry.rating, public),
                record = record_words(&entry, public)
            ));
        }
    }
    let name = &who.name;
    if lines.is_empty() {
        let text = match game {
            Some(kind) => t!(
                public,
                "rating-none-in",
                name = name,
                game = say(public, &kind.title_message())
            ),
            None => t!(public, "rating-none", name = name),
        };
        return Ok(Answer::reply(Reply::text(format!(
            "{text} {}",
            t!(public, "rating-unrated-note")
        ))));
    }
    let head = match game {
        Some(kind) => t!(
            public,
            "rating-head-in",
            name = name,
            game = say(public, &kind.title_message())
        ),
        None => t!(public, "rating-head", name = name),
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
    kind: GameKind,
    scope: Scope,
) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).public;
    let everywhere = scope == Scope::All;
    let mut entries = bot.store.ratings_of(kind)?;
    let scope_id = if everywhere {
        "leaderboard-everywhere"
    } else {
        let place = bot.store.place_of(key)?;
        entries.retain(|e| e.places.contains(&place));
        if request.capabilities.servers {
            "leaderboard-on-this-server"
        } else {
            "leaderboard-here"
        }
    };
    let scope = t!(lang, scope_id);
    let game_title = say(lang, &kind.title_message());
    // Established ratings first, then provisional ones; best first.
    entries.sort_by(|a, b| {
        a.rating
            .provisional()
            .cmp(&b.rating.provisional())
            .then(b.rating.rating.total_cmp(&a.rating.rating))
            .then(a.name.cmp(&b.name))
    });
    let title = t!(
        lang,
        "leaderboard-title",
        game = &game_title,
        scope = &scope
    );
    if entries.is_empty() {
        let mut text = t!(
            lang,
            "leaderboard-empty",
            game = &game_title,
            scope = &scope
        );
        if !everywhere {
            text.push(' ');
            text.push_str(&t!(lang, "leaderboard-everyone-hint", name = kind.name()));
        }
        text.push(' ');
        text.push_str(&t!(lang, "rating-unrated-note"));
        return Ok(Answer::reply(Reply::text(text)));
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
    let footer = t!(
        lang,
        "leaderboard-footer",
        count = total,
        limit = format!("{PROVISIONAL_DEVIATION:.0}")
    );
    let mut text = format!("{title}:\n");
    for row in &rows {
        text.push_str(&t!(
            lang,
            "leaderboard-row",
            rank = row[0].as_str(),
            name = row[1].as_str(),
            rating = row[2].as_str(),
            games = row[3].parse::<u64>().unwrap_or_default(),
            record = row[4].as_str()
        ));
        text.push('\n');
    }
    text.push_str(&footer);
    let columns = [
        "leaderboard-column-rank",
        "leaderboard-column-player",
        "leaderboard-column-rating",
        "leaderboard-column-games",
        "leaderboard-column-record",
    ]
    .map(|id| t!(lang, id))
    .to_vec();
    Ok(Answer::reply(Reply {
        text,
        table: Some(Table {
            title,
            columns,
            rows,
            footer: Some(footer),
        }),
        ..Reply::default()
    }))
}
