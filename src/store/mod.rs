//! The sled store: one record per `platform:channel` holding the pending
//! challenge or the game (all rule state, players, full turn history with
//! timestamps), and an archive of finished games keyed by time.
//!
//! Every write goes through [`Store::update`]: the command's closure runs
//! against the record as stored and its result is written only if the record
//! is still the one the closure saw (a compare-and-swap, done as a sled
//! transaction so the channel record and the archive change together). A
//! command that lost a race is re-run against the new state, so it is never
//! applied twice or lost. Writes are flushed before `update` returns.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;

use crate::rules::{AnyGame, GameKind, Highlights, Outcome, Seat};

/// The version of the record layout written by this build.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sled(#[from] sled::Error),
    #[error("stored record `{key}` cannot be read: {source}")]
    Corrupt {
        key: String,
        source: serde_json::Error,
    },
    #[error("stored record `{key}` has schema version {found}, newer than this build's {SCHEMA_VERSION}")]
    TooNew { key: String, found: u32 },
    #[error("cannot encode record: {0}")]
    Encode(serde_json::Error),
}

/// A person (or the bot) as the store knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// The platform's stable user id.
    pub id: String,
    /// The name shown in replies (as last seen).
    pub name: String,
    /// This player is Cairn itself.
    #[serde(default)]
    pub is_bot: bool,
}

/// A challenge waiting for `accept`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Challenge {
    pub game: GameKind,
    /// The game's own `key=value` options, as given.
    pub options: Vec<String>,
    pub challenger: Player,
    pub challenged: Player,
    /// The seat the challenger will take.
    pub challenger_seat: Seat,
    /// Bot strength when the challenged player is the bot.
    pub level: Option<u8>,
    pub at_ms: u64,
}

/// One entry of the turn history: a command's canonical text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub turn: String,
    pub seat: Seat,
    pub at_ms: u64,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub kind: GameKind,
    pub options: Vec<String>,
    /// Players by seat: `players[Seat::First.index()]`.
    pub players: [Player; 2],
    pub game: AnyGame,
    pub history: Vec<TurnRecord>,
    pub started_ms: u64,
    /// What to highlight as the last turn.
    pub last: Highlights,
    /// A pending undo request by this seat.
    pub undo_request: Option<Seat>,
    /// A pending draw offer by this seat.
    pub draw_offer: Option<Seat>,
    /// Bot strength when one player is the bot.
    pub level: Option<u8>,
    /// Set when the game has ended (by the rules, resignation or agreement).
    pub result: Option<Outcome>,
}

impl GameRecord {
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// The seat of a user in this game, if they play in it.
    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()].id == user_id)
    }

    /// The outcome: the stored result (resign, agreement) or the rules'.
    pub fn outcome(&self) -> Option<Outcome> {
        self.result.or_else(|| self.game.outcome())
    }
}

/// Everything stored for one channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChannelRecord {
    pub schema: u32,
    pub challenge: Option<Challenge>,
    pub game: Option<GameRecord>,
}

impl Default for ChannelRecord {
    fn default() -> Self {
        ChannelRecord {
            schema: SCHEMA_VERSION,
            challenge: None,
            game: None,
        }
    }
}

/// A finished game in the archive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub schema: u32,
    pub channel: String,
    pub finished_ms: u64,
    pub record: GameRecord,
}

/// What a command does to its channel's record. (Short-lived, so the
/// size difference between variants does not matter.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Change {
    /// Nothing to write.
    Keep,
    /// Write this record.
    Put(ChannelRecord),
    /// The channel is free again.
    Remove,
}

/// A command's decision: the change, a finished game to archive, and the
/// value returned to the caller (the replies).
pub struct Update<T> {
    pub change: Change,
    pub archive: Option<FinishedGame>,
    pub value: T,
}

impl<T> Update<T> {
    /// No write, just an answer.
    pub fn keep(value: T) -> Update<T> {
        Update {
            change: Change::Keep,
            archive: None,
            value,
        }
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The sled database.
#[derive(Clone)]
pub struct Store {
    db: sled::Db,
    channels: sled::Tree,
    archive: sled::Tree,
}

fn decode_channel(key: &str, bytes: &[u8]) -> Result<ChannelRecord, StoreError> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|source| StoreError::Corrupt {
            key: key.to_string(),
            source,
        })?;
    let found = value.get("schema").and_then(|s| s.as_u64()).unwrap_or(0) as u32;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            key: key.to_string(),
            found,
        });
    }
    // Schema 1 is the first; later versions migrate older records here.
    serde_json::from_value(value).map_err(|source| StoreError::Corrupt {
        key: key.to_string(),
        source,
    })
}

impl Store {
    /// Open (or create) the database at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let db = sled::open(path)?;
        let channels = db.open_tree("channels")?;
        let archive = db.open_tree("archive")?;
        Ok(Store {
            db,
            channels,
            archive,
        })
    }

    /// The key of a channel's record.
    pub fn channel_key(platform: &str, channel: &str) -> String {
        format!("{platform}:{channel}")
    }

    /// The channel's record as stored now.
    pub fn load(&self, key: &str) -> Result<Option<ChannelRecord>, StoreError> {
        match self.channels.get(key)? {
            None => Ok(None),
            Some(bytes) => decode_channel(key, &bytes).map(Some),
        }
    }

    /// Run `decide` against the channel's current record and write its
    /// change atomically (see the module docs). `decide` may run more than
    /// once if another command changed the record in between; only the last
    /// run's decision is written and returned.
    pub fn update<T>(
        &self,
        key: &str,
        decide: impl Fn(Option<ChannelRecord>) -> Update<T>,
    ) -> Result<T, StoreError> {
        let result = (&self.channels, &self.archive).transaction(|(channels, archive)| {
            let current = match channels.get(key)? {
                None => None,
                Some(bytes) => {
                    Some(decode_channel(key, &bytes).map_err(ConflictableTransactionError::Abort)?)
                }
            };
            let update = decide(current);
            match &update.change {
                Change::Keep => {}
                Change::Put(record) => {
                    let bytes = serde_json::to_vec(record)
                        .map_err(|e| ConflictableTransactionError::Abort(StoreError::Encode(e)))?;
                    channels.insert(key, bytes)?;
                }
                Change::Remove => {
                    channels.remove(key)?;
                }
            }
            if let Some(finished) = &update.archive {
                let bytes = serde_json::to_vec(finished)
                    .map_err(|e| ConflictableTransactionError::Abort(StoreError::Encode(e)))?;
                let archive_key = format!("{:020}:{}", finished.finished_ms, finished.channel);
                archive.insert(archive_key.as_bytes(), bytes)?;
            }
            Ok(update)
        });
        let update = match result {
            Ok(update) => update,
            Err(TransactionError::Abort(e)) => return Err(e),
            Err(TransactionError::Storage(e)) => return Err(e.into()),
        };
        if !matches!(update.change, Change::Keep) || update.archive.is_some() {
            self.db.flush()?;
        }
        Ok(update.value)
    }

    /// Write everything to disk (every update already does; this is for a
    /// shutdown to say so).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }

    /// Games in progress in which `user_id` plays, with their channel keys.
    pub fn active_games_of(&self, user_id: &str) -> Result<Vec<(String, GameRecord)>, StoreError> {
        let mut out = Vec::new();
        for entry in self.channels.iter() {
            let (key, bytes) = entry?;
            let key = String::from_utf8_lossy(&key).into_owned();
            let record = decode_channel(&key, &bytes)?;
            if let Some(game) = record.game {
                if game.seat_of(user_id).is_some() {
                    out.push((key, game));
                }
            }
        }
        Ok(out)
    }

    /// The newest finished games in which `user_id` played, newest first.
    pub fn finished_games_of(
        &self,
        user_id: &str,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let mut out = Vec::new();
        for entry in self.archive.iter().rev() {
            let (key, bytes) = entry?;
            let key = String::from_utf8_lossy(&key).into_owned();
            let finished: FinishedGame = serde_json::from_slice(&bytes)
                .map_err(|source| StoreError::Corrupt { key, source })?;
            if finished.record.seat_of(user_id).is_some() {
                out.push(finished);
                if out.len() >= limit {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// Every finished game, oldest first (for statistics and exports).
    pub fn archive(&self) -> impl Iterator<Item = Result<FinishedGame, StoreError>> + '_ {
        self.archive.iter().map(|entry| {
            let (key, bytes) = entry?;
            serde_json::from_slice(&bytes).map_err(|source| StoreError::Corrupt {
                key: String::from_utf8_lossy(&key).into_owned(),
                source,
            })
        })
    }
}
