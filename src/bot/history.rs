//! The history commands: `replay` (the game as an animated GIF), `export`
//! (its record as JSON and text), `rating` and `leaderboard`. They only
//! read the store; ratings are written with each game's result (see
//! `store::Store::update` and `history::rating`).

use super::{captions, Answer, Attachment, AttachmentKind, Bot, Reply};
use crate::history::record::Record;
use crate::history::replay_frames;
use crate::render::replay::{render_gif, Timing};
use crate::store::{ChannelRecord, GameRecord, StoreError};

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
pub(super) fn replay_attachment(game: &GameRecord) -> Option<Attachment> {
    let turns: Vec<String> = game.history.iter().map(|t| t.turn.clone()).collect();
    let names = [game.players[0].name.clone(), game.players[1].name.clone()];
    let frames = match replay_frames(
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
            description: format!("Replay of {}", title(game)),
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
pub(super) fn replay(bot: &Bot, key: &str) -> Result<Answer, StoreError> {
    let game = match channel_game(bot.store.load(key)?) {
        Ok(game) => game,
        Err(answer) => return Ok(answer),
    };
    if !bot.config.images {
        return Ok(Answer::error(
            "Images are turned off for this bot, so I cannot draw a replay; `export` gives the game's record as text.",
        ));
    }
    let Some(gif) = replay_attachment(&game) else {
        return Ok(Answer::error(
            "Sorry, the replay of this game could not be drawn. `export` still gives its record.",
        ));
    };
    let state = if game.in_progress() {
        "so far"
    } else {
        "to the end"
    };
    Ok(Answer::reply(Reply {
        text: format!(
            "The replay of {}, {} {state}.",
            title(&game),
            turns_words(game.history.len())
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
    let record = Record::of_game(&game, key);
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
