//! A game's files: each position's board image, the replay GIF and the
//! records. Board images carry an `ETag` (the position and, at the end,
//! the result) and are cached as long as their address names that
//! version (`?v=`, as the pages link them).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use cairn_bot::history::record::Record;
use cairn_bot::snapshot::{self, Snapshot};
use cairn_store::{FoundGame, GameId, GameRecord};
use serde::Deserialize;

use crate::state::{now_ms, Web};
use crate::WebError;

/// Cached for a year and never asked again: the address names the version.
const FOREVER: &str = "public, max-age=31536000, immutable";
/// Asked again each time (a `304` when unchanged).
const REVALIDATE: &str = "no-cache";

/// The position after `turn` turns of a found game, off the async workers.
pub(crate) async fn position(
    web: &Arc<Web>,
    game: FoundGame,
    turn: usize,
) -> Result<Snapshot, WebError> {
    let lang = web.lang;
    tokio::task::spawn_blocking(move || snapshot::snapshot(&game.record, turn, now_ms(), lang))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?
        .map_err(|e| WebError::Internal(e.to_string()))?
        .ok_or(WebError::NotFound)
}

/// The `ETag` of a position's image.
pub(crate) fn etag(position: &Snapshot) -> String {
    format!("\"{:016x}\"", position.stamp())
}

/// The address of a position's image, with its version.
pub(crate) fn png_path(id: GameId, position: &Snapshot) -> String {
    format!("/g/{id}/{}.png?v={:016x}", position.turn, position.stamp())
}

#[derive(Deserialize)]
pub(crate) struct Version {
    v: Option<String>,
}

/// `/g/<id>/<N>.png`: the board after turn N.
pub(crate) async fn board_png(
    State(web): State<Arc<Web>>,
    Path((id, file)): Path<(String, String)>,
    Query(version): Query<Version>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let turn = file
        .strip_suffix(".png")
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<usize>().ok())
        .ok_or(WebError::NotFound)?;
    let (_, game) = web.game(&id).await?;
    let position = position(&web, game, turn).await?;
    let tag = etag(&position);
    let current = version.v.as_deref() == Some(&tag[1..tag.len() - 1]);
    let cache = if current { FOREVER } else { REVALIDATE };
    let mut response = if matches_tag(&headers, &tag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let lang = web.lang;
        let png = tokio::task::spawn_blocking(move || position.png(lang))
            .await
            .map_err(|e| WebError::Internal(e.to_string()))?
            .map_err(|e| WebError::Internal(e.to_string()))?;
        ([(header::CONTENT_TYPE, "image/png")], png.into_bytes()).into_response()
    };
    let out = response.headers_mut();
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&tag) {
        out.insert(header::ETAG, value);
    }
    Ok(response)
}

/// Whether the request's `If-None-Match` names `tag`.
fn matches_tag(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == tag || t == "*")
}

/// `/g/<id>/replay.gif`: the game so far as an animated GIF.
pub(crate) async fn replay_gif(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
) -> Result<Response, WebError> {
    let (_, game) = web.game(&id).await?;
    let lang = web.lang;
    let gif = tokio::task::spawn_blocking(move || snapshot::replay_gif(&game.record, lang))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?
        .ok_or_else(|| WebError::Internal("the replay could not be drawn".into()))?;
    let headers = [
        (header::CONTENT_TYPE, "image/gif"),
        (header::CACHE_CONTROL, REVALIDATE),
    ];
    Ok((headers, gif).into_response())
}

/// The game's record as the web shows it: named by its web id, without
/// the chat's channel or user ids.
pub(crate) fn public_record(game: &GameRecord) -> Record {
    let mut record = Record::of_game(game, "");
    record.channel = None;
    for player in &mut record.players {
        player.id.clear();
    }
    record
}

/// The game's record in Abstract Play's game-record shape, its
/// `site.gameid` the game's web id (blocking: it replays the game).
pub(crate) fn record_value(id: GameId, game: &GameRecord) -> Result<serde_json::Value, WebError> {
    let mut json = public_record(game)
        .to_json(now_ms())
        .map_err(|e| WebError::Internal(e.to_string()))?;
    if let Some(site) = json.pointer_mut("/header/site") {
        site["gameid"] = serde_json::Value::String(id.to_string());
    }
    Ok(json)
}

/// `/g/<id>/record.txt`: the record as text.
pub(crate) async fn record_txt(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
) -> Result<Response, WebError> {
    let (_, game) = web.game(&id).await?;
    let record = public_record(&game.record);
    let headers = [
        (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
        (header::CACHE_CONTROL, REVALIDATE),
    ];
    Ok((headers, record.to_text()).into_response())
}

/// `/g/<id>/record.json`: the record in Abstract Play's game-record shape,
/// its `site.gameid` the game's web id.
pub(crate) async fn record_json(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
) -> Result<Response, WebError> {
    let (id, game) = web.game(&id).await?;
    let json = tokio::task::spawn_blocking(move || record_value(id, &game.record))
        .await
        .map_err(|e| WebError::Internal(e.to_string()))??;
    let body = serde_json::to_vec_pretty(&json).map_err(|e| WebError::Internal(e.to_string()))?;
    let headers = [
        (header::CONTENT_TYPE, "application/json"),
        (header::CACHE_CONTROL, REVALIDATE),
    ];
    Ok((headers, body).into_response())
}
