//! The open archive: every finished game of a public place whose server
//! lets the web show it, with its record in Abstract Play's shape. Read
//! from the store at most once per refresh period (a minute) and shared
//! by the open records and the statistics (counted as it is read).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cairn_rules::GameKind;
use cairn_store::{FinishedGame, GameRecord, Store, StoreError};

use crate::files::record_value;
use crate::stats::{per_game, Stats};
use crate::WebError;

/// A listed game: its record and its Abstract Play record.
pub(crate) struct Listed {
    pub record: GameRecord,
    pub json: serde_json::Value,
}

/// The listed games, oldest first, as read at one moment, and their
/// statistics per game.
pub(crate) struct Archive {
    pub games: Vec<Listed>,
    pub stats: BTreeMap<GameKind, Stats>,
}

impl Archive {
    /// The listed games of one game (all of them for `None`).
    pub fn of(&self, kind: Option<GameKind>) -> impl Iterator<Item = &Listed> {
        self.games
            .iter()
            .filter(move |g| kind.is_none_or(|k| g.record.kind == k))
    }
}

/// The archive as last read, read again when older than `every`.
pub(crate) struct ArchiveCache {
    every: Duration,
    held: tokio::sync::Mutex<Option<(Instant, Arc<Archive>)>>,
}

impl ArchiveCache {
    pub fn new(every: Duration) -> ArchiveCache {
        ArchiveCache {
            every,
            held: tokio::sync::Mutex::new(None),
        }
    }

    /// The archive, read from `store` if the copy held is too old (one
    /// reader at a time: the others wait for its copy).
    pub async fn get(&self, store: &Store) -> Result<Arc<Archive>, WebError> {
        let mut held = self.held.lock().await;
        if let Some((at, archive)) = held.as_ref() {
            if at.elapsed() < self.every {
                return Ok(Arc::clone(archive));
            }
        }
        let store = store.clone();
        let archive = tokio::task::spawn_blocking(move || read(&store))
            .await
            .map_err(|e| WebError::Internal(e.to_string()))??;
        let archive = Arc::new(archive);
        *held = Some((Instant::now(), Arc::clone(&archive)));
        Ok(archive)
    }
}

/// Every listed game of the store's archive. An entry that cannot be read
/// or replayed is left out (and logged); a store that cannot be read fails.
pub(crate) fn read(store: &Store) -> Result<Archive, StoreError> {
    let mut allowed: HashMap<String, bool> = HashMap::new();
    let mut games = Vec::new();
    for entry in store.archive() {
        let finished = match entry {
            Ok(finished) => finished,
            Err(error @ (StoreError::Corrupt { .. } | StoreError::TooNew { .. })) => {
                tracing::warn!(%error, "an archived game left out of the open records");
                continue;
            }
            Err(error) => return Err(error),
        };
        let Some(id) = finished.record.id.filter(|_| finished.record.public_place) else {
            continue;
        };
        if !shown(store, &mut allowed, &finished)? {
            continue;
        }
        match record_value(id, &finished.record) {
            Ok(json) => games.push(Listed {
                record: finished.record,
                json,
            }),
            Err(error) => tracing::warn!(%error, game = %id, "an archived game does not replay"),
        }
    }
    let stats = per_game(games.iter().map(|g| &g.record));
    Ok(Archive { games, stats })
}

/// Whether the finished game's server lets the web show it (asked once
/// per channel).
fn shown(
    store: &Store,
    allowed: &mut HashMap<String, bool>,
    finished: &FinishedGame,
) -> Result<bool, StoreError> {
    if let Some(&known) = allowed.get(&finished.channel) {
        return Ok(known);
    }
    let known = store.web_allowed(&finished.channel)?;
    allowed.insert(finished.channel.clone(), known);
    Ok(known)
}
