//! The open records: `/records/all.json` and `/records/<game>.json`, every
//! listed finished game (see `archive.rs`) as an Abstract Play game record,
//! in a JSON array, oldest first.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use cairn_rules::GameKind;

use crate::archive::Archive;
use crate::state::Web;
use crate::WebError;

/// Kept by browsers and caches as long as the archive is (a minute).
pub(crate) const A_MINUTE: &str = "public, max-age=60";

/// `/records/all.json`: every listed game.
pub(crate) async fn all(State(web): State<Arc<Web>>) -> Result<Response, WebError> {
    let archive = web.archive().await?;
    answer(&archive, None)
}

/// `/records/<game>.json`: the listed games of one game (by its name).
pub(crate) async fn of_game(
    State(web): State<Arc<Web>>,
    Path(file): Path<String>,
) -> Result<Response, WebError> {
    let kind = file
        .strip_suffix(".json")
        .and_then(GameKind::parse)
        .ok_or(WebError::NotFound)?;
    let archive = web.archive().await?;
    answer(&archive, Some(kind))
}

fn answer(archive: &Archive, kind: Option<GameKind>) -> Result<Response, WebError> {
    let records: Vec<&serde_json::Value> = archive.of(kind).map(|g| &g.json).collect();
    let body = serde_json::to_vec(&records).map_err(|e| WebError::Internal(e.to_string()))?;
    let headers = [
        (header::CONTENT_TYPE, "application/json"),
        (header::CACHE_CONTROL, A_MINUTE),
    ];
    Ok((headers, body).into_response())
}
