//! Why a request got no page: a typed error and its HTTP answer.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// What went wrong answering a request.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// No game has this id (or no such turn, or no such file).
    #[error("no such game or page")]
    NotFound,
    /// The store could not be read.
    #[error("the games cannot be read now: {0}")]
    Store(#[from] cairn_store::StoreError),
    /// A stored game does not replay, or an image could not be drawn.
    #[error("the page could not be made: {0}")]
    Internal(String),
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let (status, text) = match &self {
            WebError::NotFound => (StatusCode::NOT_FOUND, "No such game here.\n"),
            WebError::Store(_) => (
                StatusCode::SERVICE_UNAVAILABLE,
                "The games cannot be read right now; try again later.\n",
            ),
            WebError::Internal(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "Sorry, this page could not be made.\n",
            ),
        };
        if !matches!(self, WebError::NotFound) {
            tracing::error!(error = %self, "a web page failed");
        }
        (status, text).into_response()
    }
}
