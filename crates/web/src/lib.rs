//! Cairn's read-only web pages: one page per game at `/g/<id>` (the
//! game, its players, its status and clocks, the board with its
//! description as alt text, the turn list, the downloads), each position's
//! board image (`/g/<id>/<N>.png`), the replay (`/g/<id>/replay.gif`),
//! the records (`/g/<id>/record.txt`, `/g/<id>/record.json` in Abstract
//! Play's game-record shape) and the game's turns as server-sent events
//! (`/g/<id>/events`).
//!
//! Every finished game of a public place (as its platform told when it
//! started) whose server did not say `settings web=off` is also open data:
//! `/records/all.json` and `/records/<game>.json`, counted in `/stats` and
//! `/stats/<game>`. A game of any other
//! place is reachable only by its unguessable link.
//!
//! It reads the store the bot writes (sled in this process, or a shared
//! PostgreSQL) and writes nothing; it answers `GET` and `HEAD` only. The
//! words and images come from the bot core (`cairn_bot::snapshot`), so
//! the page says what the chat says.

mod archive;
mod error;
mod events;
mod files;
mod limit;
mod page;
mod records;
mod state;
mod stats;
mod stats_page;

use std::future::Future;
use std::sync::Arc;

use axum::routing::get;
use axum::Router;
use cairn_store::Store;

pub use error::WebError;
use state::Web;
pub use state::WebConfig;

/// The routes of the web pages, reading `store`.
pub fn router(store: Store, config: WebConfig) -> Router {
    let web = Arc::new(Web::new(store, config));
    Router::new()
        .route("/g/{id}", get(page::page))
        .route("/g/{id}/events", get(events::events))
        .route("/g/{id}/replay.gif", get(files::replay_gif))
        .route("/g/{id}/record.txt", get(files::record_txt))
        .route("/g/{id}/record.json", get(files::record_json))
        .route("/g/{id}/{file}", get(files::board_png))
        .route("/records/all.json", get(records::all))
        .route("/records/{file}", get(records::of_game))
        .route("/stats", get(stats_page::overview))
        .route("/stats/{game}", get(stats_page::game))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&web),
            limit::limit,
        ))
        .with_state(web)
}

/// Serve the pages on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    store: Store,
    config: WebConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = router(store, config).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}
