//! What every handler shares: the store, the public address and the
//! language of the pages; and finding a game by the id in its address.

use std::sync::Arc;

use cairn_bot::limits::{RateLimit, RateLimiter};
use cairn_bot::Lang;
use cairn_store::{FoundGame, GameId, Store};

use crate::archive::{Archive, ArchiveCache};
use crate::WebError;

/// How the web pages are reached.
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// The address players reach the pages at (`CAIRN_PUBLIC_URL`),
    /// without a trailing `/`: the absolute links of the pages' previews.
    pub public_url: String,
    /// How often a page's event stream looks for a new turn.
    pub poll: std::time::Duration,
    /// Requests per client address (`None`: unlimited).
    pub rate_limit: Option<RateLimit>,
    /// How long the open records and statistics are kept before the
    /// archive is read again.
    pub archive_refresh: std::time::Duration,
}

impl WebConfig {
    /// The pages reached at `public_url`, polling every second, each
    /// client address allowed 600 requests a minute after a burst of 120,
    /// the archive read at most once a minute.
    pub fn new(public_url: &str) -> WebConfig {
        WebConfig {
            public_url: public_url.trim_end_matches('/').to_string(),
            poll: std::time::Duration::from_secs(1),
            rate_limit: Some(RateLimit {
                burst: 120,
                per_minute: 600,
            }),
            archive_refresh: std::time::Duration::from_secs(60),
        }
    }
}

/// The handlers' shared state.
pub(crate) struct Web {
    pub store: Store,
    pub config: WebConfig,
    pub lang: Lang,
    pub limiter: Option<RateLimiter>,
    archive: ArchiveCache,
}

impl Web {
    pub fn new(store: Store, config: WebConfig) -> Web {
        Web {
            limiter: config.rate_limit.map(RateLimiter::new),
            archive: ArchiveCache::new(config.archive_refresh),
            store,
            config,
            lang: Lang::En,
        }
    }

    /// The game whose id is `text`, read off the async workers; not
    /// found when its server said `settings web=off`.
    pub async fn game(self: &Arc<Self>, text: &str) -> Result<(GameId, FoundGame), WebError> {
        let id = GameId::parse(text).map_err(|_| WebError::NotFound)?;
        let web = Arc::clone(self);
        let found = tokio::task::spawn_blocking(move || web.shown_game(id))
            .await
            .map_err(|e| WebError::Internal(e.to_string()))??;
        found.map(|game| (id, game)).ok_or(WebError::NotFound)
    }

    /// The game with this id, if its server lets the web show it.
    fn shown_game(&self, id: GameId) -> Result<Option<FoundGame>, WebError> {
        let Some(found) = self.store.find_game(id)? else {
            return Ok(None);
        };
        Ok(self.store.web_allowed(&found.channel)?.then_some(found))
    }

    /// The listed finished games (at most a refresh period old).
    pub async fn archive(&self) -> Result<Arc<Archive>, WebError> {
        self.archive.get(&self.store).await
    }

    /// The absolute address of `path` (which starts with `/`).
    pub fn absolute(&self, path: &str) -> String {
        format!("{}{path}", self.config.public_url)
    }
}

/// Now, in milliseconds since the epoch.
pub(crate) fn now_ms() -> u64 {
    cairn_store::now_ms()
}
