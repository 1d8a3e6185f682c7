//! `/g/<id>/events`: server-sent events that follow a game. Every
//! `WebConfig::poll` the stream reads the game again (one indexed read,
//! which works as well for a game played by another process on the same
//! PostgreSQL) and sends a `turn` event whose data is the game's version
//! (`<turns>-<in progress>`) whenever it changed; it ends after the game
//! does.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use cairn_store::GameId;
use futures_util::stream;

use crate::state::Web;
use crate::WebError;

/// The version of a game the pages show: its turns and whether it goes on.
pub(crate) fn version(record: &cairn_store::GameRecord) -> String {
    format!("{}-{}", record.history.len(), record.in_progress())
}

/// Where the stream is.
struct Follow {
    web: Arc<Web>,
    id: GameId,
    /// The version last sent (`None`: nothing sent yet).
    sent: Option<String>,
    /// The game is over and that was sent.
    done: bool,
}

pub(crate) async fn events(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
) -> Result<Response, WebError> {
    let (id, _) = web.game(&id).await?;
    let start = Follow {
        web,
        id,
        sent: None,
        done: false,
    };
    let events = stream::unfold(start, next_event);
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}

/// Wait for the game's next version and send it; `None` once it is over.
async fn next_event(
    mut follow: Follow,
) -> Option<(Result<Event, std::convert::Infallible>, Follow)> {
    if follow.done {
        return None;
    }
    loop {
        if follow.sent.is_some() {
            tokio::time::sleep(follow.web.config.poll).await;
        }
        let game = match follow.web.game(&follow.id.to_string()).await {
            Ok((_, game)) => game,
            Err(WebError::NotFound) => return None,
            Err(error) => {
                tracing::warn!(%error, "a game's event stream could not read it");
                if follow.sent.is_none() {
                    follow.sent = Some(String::new());
                }
                continue;
            }
        };
        let now = version(&game.record);
        if follow.sent.as_deref() != Some(now.as_str()) {
            follow.done = !game.record.in_progress();
            follow.sent = Some(now.clone());
            let event = Event::default().event("turn").data(now);
            return Some((Ok(event), follow));
        }
    }
}
