//! Requests limited per client address: a token bucket per IP address
//! (the bot core's own `RateLimiter`); past it, `429 Too Many Requests`
//! with `Retry-After`. A request whose address the server does not know
//! (the tests' router without a socket) is not limited. Every answer
//! says `X-Content-Type-Options: nosniff`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::state::Web;

pub(crate) async fn limit(State(web): State<Arc<Web>>, request: Request, next: Next) -> Response {
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    if let (Some(limiter), Some(ip)) = (&web.limiter, client) {
        if let Err(wait) = limiter.allow(&ip.to_string(), Instant::now()) {
            let seconds = (wait.as_secs() + 1).to_string();
            return (
                StatusCode::TOO_MANY_REQUESTS,
                [(header::RETRY_AFTER, seconds)],
                "Too many requests; try again in a moment.\n",
            )
                .into_response();
        }
    }
    let mut response = next.run(request).await;
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    response
}
