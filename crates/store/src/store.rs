//! [`Store`]: the facade the bot uses, over either backend (sled or
//! PostgreSQL, see `backend.rs`). It decodes and encodes records and runs
//! each command's closure as a compare-and-swap: load the record with its
//! version, decide, commit if the version is unchanged, else decide again
//! on the new record.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::backend::{Backend, ChannelWrite, KeyValue, Lease, RawChange};
use crate::db::{OpenMode, Sled};
use crate::ratings::{default_place, game_prefix, rating_key, RatingEntry};
use crate::TreeScan;
use crate::UserSettings;
use crate::{archive_key, decode_channel, decode_finished, user_key, Change, ChannelRecord};
use crate::{FinishedGame, GameRecord, MoveError, ServerSettings, Skipped, StoreError, Update};
use crate::{FoundGame, GameId, GamePlace};
use cairn_rules::GameKind;

/// The trees of the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TreeName {
    /// One record per channel (`platform:channel`).
    Channels,
    /// Finished games, keyed by time.
    Archive,
    /// Records moved aside by `cairn db quarantine`, bytes unchanged.
    Quarantine,
    /// Index of every channel's next due moment (`platform NUL due NUL
    /// key`, due as 20 digits so keys sort by time within a platform),
    /// changed in the same transaction as the record.
    Deadlines,
    /// Per-user preferences: `platform NUL user id` -> JSON.
    Users,
    /// Per-server settings: `platform NUL server id` -> JSON.
    Servers,
    /// Ratings: `game NUL platform NUL user id` -> JSON, changed in the
    /// same transaction as a rated game's archived result.
    Ratings,
    /// The place (Discord server) of a channel, when the platform says:
    /// channel key -> place.
    Places,
    /// Where each game is, by its id (`game_id.rs`): id -> JSON
    /// `GamePlace`, a hint written after the game's record.
    Games,
    /// Puzzles and their ratings: `game NUL id` -> JSON `PuzzleRecord`,
    /// a rating changed in the same transaction as the answer's player.
    Puzzles,
}

impl TreeName {
    pub const ALL: [TreeName; 10] = [
        TreeName::Channels,
        TreeName::Archive,
        TreeName::Quarantine,
        TreeName::Deadlines,
        TreeName::Users,
        TreeName::Servers,
        TreeName::Ratings,
        TreeName::Places,
        TreeName::Games,
        TreeName::Puzzles,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TreeName::Channels => "channels",
            TreeName::Archive => "archive",
            TreeName::Quarantine => "quarantine",
            TreeName::Deadlines => "deadlines",
            TreeName::Users => "users",
            TreeName::Servers => "servers",
            TreeName::Ratings => "ratings",
            TreeName::Places => "places",
            TreeName::Games => "games",
            TreeName::Puzzles => "puzzles",
        }
    }

    pub fn parse(name: &str) -> Option<TreeName> {
        TreeName::ALL.into_iter().find(|t| t.as_str() == name)
    }
}
/// A raw stored entry: tree, key and bytes (for checks and exports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawEntry {
    pub tree: TreeName,
    pub key: Vec<u8>,
    pub value: Vec<u8>,
}

/// Games in progress with their channel keys, and the keys of records
/// that cannot be read.
pub type ActiveGames = (Vec<(String, GameRecord)>, Vec<String>);

/// The records of a user's channels with their keys, and the keys of
/// records that cannot be read.
pub type UserChannels = (Vec<(String, ChannelRecord)>, Vec<String>);

/// Where the data is (`CAIRN_DB`): a sled directory, or a PostgreSQL
/// URL (`postgres://…` or `postgresql://…`). Shown and debugged without
/// the password.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    Sled(PathBuf),
    Postgres(String),
}

impl Location {
    /// A `postgres://` or `postgresql://` URL, or a key-value connection
    /// string (`host=… password=…`, read by tokio-postgres's own parser),
    /// means PostgreSQL; anything else a sled directory.
    pub fn parse(text: &str) -> Location {
        let lower = text.trim_start().to_ascii_lowercase();
        if lower.starts_with("postgres://")
            || lower.starts_with("postgresql://")
            || crate::postgres::is_connection_string(text)
        {
            Location::Postgres(text.trim().to_string())
        } else {
            Location::Sled(PathBuf::from(text))
        }
    }

    /// The sled directory, if this is one.
    pub fn sled_path(&self) -> Option<&Path> {
        match self {
            Location::Sled(path) => Some(path),
            Location::Postgres(_) => None,
        }
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sled(path) => write!(f, "{}", path.display()),
            Location::Postgres(url) => f.write_str(&crate::postgres::redact(url)),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sled(path) => write!(f, "Sled({path:?})"),
            Location::Postgres(url) => write!(f, "Postgres({:?})", crate::postgres::redact(url)),
        }
    }
}

/// The database. Cheap to clone; clones share one backend.
#[derive(Clone)]
pub struct Store {
    backend: Arc<dyn Backend>,
    /// Channel places already stored (see [`Store::set_place`]).
    places: Arc<Mutex<HashMap<String, String>>>,
}

impl Store {
    fn with(backend: Arc<dyn Backend>) -> Store {
        Store {
            backend,
            places: Arc::default(),
        }
    }

    /// Open (or create) the sled database at `path`, refusing with a
    /// sentence when another process holds it, it is damaged, or its
    /// snapshot file has gone missing.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        Ok(Store::with(Arc::new(Sled::open(path)?)))
    }

    /// Open the sled database at `path` for the operator's tools (check,
    /// export, quarantine, salvage): as it is, however damaged, reading
    /// whatever can be read.
    pub fn open_to_inspect(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        Ok(Store::with(Arc::new(Sled::open_with(
            path,
            OpenMode::Inspect,
        )?)))
    }

    /// Open whichever database `location` names for the operator's tools
    /// (a sled directory as [`Store::open_to_inspect`] does).
    pub fn open_location_to_inspect(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::Sled(path) => Store::open_to_inspect(path),
            Location::Postgres(url) => Store::connect(url),
        }
    }

    /// What was done to the database when it was opened that the
    /// operator should know (records moved into quarantine, and why).
    pub fn opening_notes(&self) -> Vec<String> {
        self.backend.opening_notes()
    }

    /// Every entry of a tree, checked, going around what cannot be read.
    pub fn scan(&self, tree: TreeName) -> Result<TreeScan, StoreError> {
        self.backend.scan(tree)
    }

    /// Every readable entry of every tree and what could not be read (a
    /// consistent snapshot for exports and backups, which go on past
    /// damage).
    pub fn dump_checked(&self) -> Result<(Vec<RawEntry>, Vec<Skipped>), StoreError> {
        self.backend.dump_checked()
    }

    /// Connect to the PostgreSQL database at `url` (migrating its schema
    /// to this build's); several processes may share it.
    pub fn connect(url: &str) -> Result<Store, StoreError> {
        Ok(Store::with(Arc::new(crate::postgres::Postgres::connect(
            url,
        )?)))
    }

    /// Open whichever database `location` names.
    pub fn open_location(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::Sled(path) => Store::open(path),
            Location::Postgres(url) => Store::connect(url),
        }
    }

    /// Where the data is, for messages (never with a password).
    pub fn location(&self) -> String {
        self.backend.location()
    }

    /// The sled directory, when the backend is sled.
    pub fn sled_path(&self) -> Option<&Path> {
        self.backend.sled_path()
    }

    /// The key of a channel's record.
    pub fn channel_key(platform: &str, channel: &str) -> String {
        format!("{platform}:{channel}")
    }

    /// The platform and channel of a key made by [`Store::channel_key`]
    /// (platform names hold no `:`; channel ids may).
    pub fn split_channel_key(key: &str) -> (&str, &str) {
        key.split_once(':').unwrap_or(("", key))
    }

    /// The bytes stored under `key`.
    pub fn get_raw(&self, tree: TreeName, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        self.backend.get(tree, key)
    }

    /// Every entry of a tree, in key order.
    pub fn entries(&self, tree: TreeName) -> Result<Vec<KeyValue>, StoreError> {
        self.backend.entries(tree)
    }

    /// The channel's record as stored now.
    pub fn load(&self, key: &str) -> Result<Option<ChannelRecord>, StoreError> {
        match self.backend.load(key)? {
            None => Ok(None),
            Some(loaded) => decode_channel(key, &loaded.bytes).map(Some),
        }
    }

    /// Run `decide` against the channel's current record and write its
    /// change atomically, durably before returning, if the record is still
    /// the one `decide` saw (compare-and-swap); else `decide` runs again
    /// on the new record. Only the last run's decision is written and
    /// returned. On a failed write nothing changes, as far as any later
    /// read can tell.
    pub fn update<T>(
        &self,
        key: &str,
        decide: impl Fn(Option<ChannelRecord>) -> Update<T>,
    ) -> Result<T, StoreError> {
        self.update_rating_puzzle(key, |record| (decide(record), None))
    }

    /// [`update`](Self::update) whose decision may also end a puzzle
    /// attempt: the puzzle's rating then changes in the same transaction.
    pub fn update_rating_puzzle<T>(
        &self,
        key: &str,
        decide: impl Fn(Option<ChannelRecord>) -> (Update<T>, Option<crate::PuzzleResult>),
    ) -> Result<T, StoreError> {
        loop {
            let loaded = self.backend.load(key)?;
            let current = match &loaded {
                None => None,
                Some(loaded) => Some(decode_channel(key, &loaded.bytes)?),
            };
            let due_before = current.as_ref().and_then(ChannelRecord::next_due_ms);
            let players_before = current
                .as_ref()
                .map(ChannelRecord::player_ids)
                .unwrap_or_default();
            let id_before = current.as_ref().and_then(game_id_of);
            let (mut update, puzzle) = decide(current);
            stamp_ids(key, &mut update);
            let (change, due_after, players_after) = match &update.change {
                Change::Keep => (RawChange::Keep, due_before, players_before.clone()),
                Change::Put(record) => (
                    RawChange::Put(encode_channel(record)?),
                    record.next_due_ms(),
                    record.player_ids(),
                ),
                Change::Remove => (RawChange::Remove, None, Vec::new()),
            };
            let archive = match &update.archive {
                None => None,
                Some(finished) => Some((
                    archive_key(finished),
                    encode_finished(finished)?,
                    finished.clone(),
                )),
            };
            let write = ChannelWrite {
                change,
                due_before,
                due_after,
                archive,
                players: (players_after != players_before).then_some(players_after),
                puzzle,
            };
            if write.is_empty() {
                return Ok(update.value);
            }
            let hint = game_hint(key, id_before, &update);
            if self.backend.commit(key, loaded.as_ref(), write)? {
                if let Some((id, place)) = hint {
                    self.note_game_place(id, &place);
                }
                return Ok(update.value);
            }
            tracing::debug!(channel = %key, "the record changed meanwhile; deciding again");
        }
    }

    /// Write everything to stable storage (every update already does;
    /// this lets a shutdown say so).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.backend.flush()
    }

    /// Channels of `platform` with something due at or before `now_ms`,
    /// earliest first, with their due moments.
    pub fn due(&self, platform: &str, now_ms: u64) -> Result<Vec<(u64, String)>, StoreError> {
        self.backend.due(platform, now_ms)
    }

    /// The earliest due moment of any channel of `platform`.
    pub fn next_due(&self, platform: &str) -> Result<Option<u64>, StoreError> {
        self.backend.next_due(platform)
    }

    /// Drop the index entry `due` of `key` if the record no longer has that
    /// due moment (a record quarantined or unreadable), so the scheduler
    /// does not come back to it.
    pub fn drop_stale_deadline(&self, key: &str, due: u64) -> Result<(), StoreError> {
        let current = match self.load(key) {
            Ok(record) => record.and_then(|r| r.next_due_ms()),
            Err(_) => None,
        };
        if current == Some(due) {
            return Ok(());
        }
        self.backend.remove_deadline(key, due)
    }

    /// How many channels have something pending (every platform).
    pub fn pending_count(&self) -> usize {
        self.backend.count(TreeName::Deadlines).unwrap_or(0)
    }

    /// Call `wake` when another process may have changed a deadline (a
    /// shared PostgreSQL; sled never calls it).
    pub fn on_deadline_change(&self, wake: impl Fn() + Send + Sync + 'static) {
        self.backend.on_deadline_change(Box::new(wake));
    }

    /// Wait until this process holds the lease `name`, among all the
    /// processes sharing the database (PostgreSQL: a session advisory
    /// lock, released by the server when the holder's connection ends;
    /// sled: at once, the directory is this process's). A standby tries
    /// again every `retry`. Guards what only one process may run, such as
    /// the Matrix connector.
    pub fn lease(&self, name: &str, retry: std::time::Duration) -> Result<Lease, StoreError> {
        self.backend.lease(name, retry)
    }

    /// A user's preferences (defaults when never set).
    pub fn user_settings(&self, platform: &str, user_id: &str) -> Result<UserSettings, StoreError> {
        match self.get_raw(TreeName::Users, &user_key(platform, user_id))? {
            None => Ok(UserSettings::default()),
            Some(bytes) => serde_json::from_slice(&bytes).map_err(|source| StoreError::Corrupt {
                key: format!("user {platform}:{user_id}"),
                source,
            }),
        }
    }

    /// Store a user's preferences, durably.
    pub fn set_user_settings(
        &self,
        platform: &str,
        user_id: &str,
        settings: &UserSettings,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(settings).map_err(StoreError::Encode)?;
        self.backend
            .put(TreeName::Users, user_key(platform, user_id), bytes)
    }

    /// A server's settings (defaults when never set).
    pub fn server_settings(
        &self,
        platform: &str,
        server_id: &str,
    ) -> Result<ServerSettings, StoreError> {
        match self.get_raw(TreeName::Servers, &user_key(platform, server_id))? {
            None => Ok(ServerSettings::default()),
            Some(bytes) => serde_json::from_slice(&bytes).map_err(|source| StoreError::Corrupt {
                key: format!("server {platform}:{server_id}"),
                source,
            }),
        }
    }

    /// Store a server's settings, durably.
    pub fn set_server_settings(
        &self,
        platform: &str,
        server_id: &str,
        settings: &ServerSettings,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(settings).map_err(StoreError::Encode)?;
        self.backend
            .put(TreeName::Servers, user_key(platform, server_id), bytes)
    }

    /// Move a game in progress from channel `from` to the empty channel
    /// `to` (a Discord thread made for it), with its deadline and place,
    /// in one transaction: afterwards the game is in exactly one of the
    /// two.
    pub fn move_game(&self, from: &str, to: &str) -> Result<(), MoveError> {
        self.backend.move_game(from, to)?;
        let moved = self.load(to).ok().flatten();
        if let Some(id) = moved.as_ref().and_then(game_id_of) {
            let place = GamePlace {
                channel: to.to_string(),
                archive: None,
            };
            self.note_game_place(id, &place);
        }
        Ok(())
    }

    /// Write the `games` index's hint for `id` (after the game's own
    /// record is written: a failure here leaves the record as it is and
    /// is only logged).
    fn note_game_place(&self, id: GameId, place: &GamePlace) {
        let written = serde_json::to_vec(place)
            .map_err(StoreError::Encode)
            .and_then(|bytes| {
                self.backend
                    .put(TreeName::Games, id.to_string().into_bytes(), bytes)
            });
        if let Err(error) = written {
            tracing::warn!(%error, game = %id, "the index of game ids was not written");
        }
    }

    /// The game with this id, in progress or over, and its channel:
    /// `None` when no stored game has it. Reads the `games` index's hint
    /// and checks the record it names.
    pub fn find_game(&self, id: GameId) -> Result<Option<FoundGame>, StoreError> {
        let Some(bytes) = self.get_raw(TreeName::Games, id.to_string().as_bytes())? else {
            return Ok(None);
        };
        let place: GamePlace =
            serde_json::from_slice(&bytes).map_err(|source| StoreError::Corrupt {
                key: format!("game {id}"),
                source,
            })?;
        if let Some(archive_key) = &place.archive {
            if let Some(found) = self.archived_game(archive_key, id)? {
                return Ok(Some(found));
            }
        }
        let here = self.load(&place.channel)?.and_then(|record| record.game);
        if let Some(record) = here.filter(|game| game.id == Some(id)) {
            return Ok(Some(FoundGame {
                channel: place.channel,
                record,
            }));
        }
        // Over, but the hint was not updated: its channel's archive.
        let suffix = format!(":{}", place.channel);
        for (key, _) in self.entries(TreeName::Archive)?.into_iter().rev() {
            let key = String::from_utf8_lossy(&key).into_owned();
            if key.ends_with(&suffix) {
                if let Some(found) = self.archived_game(&key, id)? {
                    return Ok(Some(found));
                }
            }
        }
        Ok(None)
    }

    /// The archived game under `key` if it has the id `id`.
    fn archived_game(&self, key: &str, id: GameId) -> Result<Option<FoundGame>, StoreError> {
        let Some(bytes) = self.get_raw(TreeName::Archive, key.as_bytes())? else {
            return Ok(None);
        };
        let finished = decode_finished(key, &bytes)?;
        Ok((finished.record.id == Some(id)).then_some(FoundGame {
            channel: finished.channel,
            record: finished.record,
        }))
    }
    /// A player's rating in one game (`None`: no rated game yet).
    pub fn rating(
        &self,
        game: GameKind,
        platform: &str,
        user_id: &str,
    ) -> Result<Option<RatingEntry>, StoreError> {
        let key = rating_key(game, platform, user_id);
        match self.get_raw(TreeName::Ratings, &key)? {
            None => Ok(None),
            Some(bytes) => {
                serde_json::from_slice(&bytes)
                    .map(Some)
                    .map_err(|source| StoreError::Corrupt {
                        key: format!("rating {}:{platform}:{user_id}", game.name()),
                        source,
                    })
            }
        }
    }

    /// Every rated player of one game (unreadable entries skipped).
    pub fn ratings_of(&self, game: GameKind) -> Result<Vec<RatingEntry>, StoreError> {
        let prefix = game_prefix(game);
        let mut out = Vec::new();
        for (key, bytes) in self.entries(TreeName::Ratings)? {
            if !key.starts_with(&prefix) {
                continue;
            }
            match serde_json::from_slice(&bytes) {
                Ok(entry) => out.push(entry),
                Err(error) => tracing::warn!(%error, "skipping an unreadable rating"),
            }
        }
        Ok(out)
    }

    /// The place of a channel: the one a platform named (a Discord
    /// server), else the channel itself (a Matrix thread's room).
    pub fn place_of(&self, channel_key: &str) -> Result<String, StoreError> {
        Ok(
            match self.get_raw(TreeName::Places, channel_key.as_bytes())? {
                Some(place) => String::from_utf8_lossy(&place).into_owned(),
                None => default_place(channel_key),
            },
        )
    }

    /// The server a stored channel (`platform:channel`) belongs to, as the
    /// bot noted its place (`<platform>-server:<id>`): `None` outside a
    /// server.
    pub fn server_of(&self, channel_key: &str) -> Result<Option<String>, StoreError> {
        let place = self.place_of(channel_key)?;
        Ok(place
            .split_once("-server:")
            .map(|(_, server)| server.to_string()))
    }

    /// Whether the games of a stored channel may be shown on the web: not
    /// when its server's managers said `settings web=off`.
    pub fn web_allowed(&self, channel_key: &str) -> Result<bool, StoreError> {
        let Some(server) = self.server_of(channel_key)? else {
            return Ok(true);
        };
        let platform = channel_key.split_once(':').map_or("", |(p, _)| p);
        Ok(self.server_settings(platform, &server)?.web)
    }

    /// Note a channel's place (a Discord channel's server); written once
    /// per channel and process, durably.
    pub fn set_place(&self, channel_key: &str, place: &str) -> Result<(), StoreError> {
        {
            let known = self
                .places
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if known.get(channel_key).is_some_and(|p| p == place) {
                return Ok(());
            }
        }
        if self.place_of(channel_key)? != place {
            self.backend.put(
                TreeName::Places,
                channel_key.as_bytes().to_vec(),
                place.as_bytes().to_vec(),
            )?;
        }
        self.places
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(channel_key.to_string(), place.to_string());
        Ok(())
    }

    /// Games in progress in which `user_id` plays, with their channel keys,
    /// and the keys of records that cannot be read (left out).
    pub fn active_games_of(&self, user_id: &str) -> Result<ActiveGames, StoreError> {
        let (records, unreadable) = self.channels_of(user_id)?;
        let games = records
            .into_iter()
            .filter_map(|(key, record)| {
                let game = record.game.filter(GameRecord::in_progress)?;
                game.seat_of(user_id).is_some().then_some((key, game))
            })
            .collect();
        Ok((games, unreadable))
    }

    /// The records of the channels where `user_id` plays a game or has a
    /// challenge (made or received), with their keys, and the keys of
    /// records that cannot be read (left out).
    pub fn channels_of(&self, user_id: &str) -> Result<UserChannels, StoreError> {
        let mut out = Vec::new();
        let mut unreadable = Vec::new();
        let entries = if self.backend.sled_path().is_some() {
            // sled scans every channel anyway: also name those that fail
            // their checksum or cannot be read at all.
            let scan = self.backend.scan(TreeName::Channels)?;
            for (key, _) in &scan.unreadable {
                unreadable.push(crate::shown_key(key));
            }
            for _ in &scan.lost {
                unreadable.push("(a damaged part of the database)".to_string());
            }
            scan.entries
        } else {
            self.backend.channels_of_player(user_id)?
        };
        for (key, bytes) in entries {
            let key = String::from_utf8_lossy(&key).into_owned();
            match decode_channel(&key, &bytes) {
                Ok(record) => {
                    if record.player_ids().iter().any(|id| id == user_id) {
                        out.push((key, record));
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "skipping an unreadable record");
                    unreadable.push(key);
                }
            }
        }
        Ok((out, unreadable))
    }

    /// The newest finished games in which `user_id` played, newest first
    /// (unreadable archive entries are skipped).
    pub fn finished_games_of(
        &self,
        user_id: &str,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let mut out = Vec::new();
        for (key, bytes) in self.backend.archive_of_player(user_id, limit)? {
            let key = String::from_utf8_lossy(&key).into_owned();
            match decode_finished(&key, &bytes) {
                Ok(finished) => {
                    if finished.record.seat_of(user_id).is_some() {
                        out.push(finished);
                        if out.len() >= limit {
                            break;
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "skipping an unreadable archive entry"),
            }
        }
        Ok(out)
    }

    /// Every finished game, oldest first (for statistics and exports).
    pub fn archive(&self) -> std::vec::IntoIter<Result<FinishedGame, StoreError>> {
        let entries = match self.entries(TreeName::Archive) {
            Ok(entries) => entries,
            Err(error) => return vec![Err(error)].into_iter(),
        };
        entries
            .into_iter()
            .map(|(key, bytes)| decode_finished(&String::from_utf8_lossy(&key), &bytes))
            .collect::<Vec<_>>()
            .into_iter()
    }

    /// Every stored entry of every tree, taken while no write is in flight
    /// (a consistent snapshot for exports, backups and copies).
    pub fn dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        self.backend.dump()
    }

    /// Write raw entries (import), durably. Refuses keys already present.
    pub fn insert_raw(&self, entries: &[RawEntry]) -> Result<(), StoreError> {
        self.backend.insert_raw(entries)
    }

    /// Write many new channel records at once, each with its deadline
    /// index entry, in one transaction (refusing keys already present):
    /// for tools and benchmarks that set up thousands of games, where one
    /// compare-and-swap each would take minutes.
    pub fn insert_channels(&self, records: &[(String, ChannelRecord)]) -> Result<(), StoreError> {
        let mut entries = Vec::with_capacity(2 * records.len());
        for (key, record) in records {
            entries.push(RawEntry {
                tree: TreeName::Channels,
                key: key.clone().into_bytes(),
                value: encode_channel(record)?,
            });
            if let Some(due) = record.next_due_ms() {
                entries.push(RawEntry {
                    tree: TreeName::Deadlines,
                    key: crate::deadline_key(key, due),
                    value: Vec::new(),
                });
            }
        }
        self.backend.insert_raw(&entries)
    }

    /// Move an entry to another tree under `to_key`, bytes unchanged
    /// (quarantine).
    pub fn move_raw(
        &self,
        from: TreeName,
        to: TreeName,
        key: &[u8],
        to_key: &[u8],
    ) -> Result<bool, StoreError> {
        self.backend.move_raw(from, to, key, to_key)
    }
}

/// The id of a channel record's game.
fn game_id_of(record: &ChannelRecord) -> Option<GameId> {
    record.game.as_ref().and_then(|game| game.id)
}

/// Give a game about to be written without an id (one an older build
/// stored) a fresh one, the same in its channel record and its archive
/// entry.
fn stamp_ids<T>(key: &str, update: &mut Update<T>) {
    let record = match &mut update.change {
        Change::Put(record) => record.game.as_mut(),
        _ => None,
    };
    let archived = update
        .archive
        .as_mut()
        .filter(|finished| finished.channel == key)
        .map(|finished| &mut finished.record);
    let missing = record.as_ref().is_some_and(|g| g.id.is_none())
        || archived.as_ref().is_some_and(|g| g.id.is_none());
    if !missing {
        return;
    }
    let known = record.as_ref().and_then(|g| g.id);
    let fresh = match known.map_or_else(GameId::random, Ok) {
        Ok(id) => id,
        Err(error) => {
            tracing::warn!(%error, "a game is written without an id");
            return;
        }
    };
    let started = record.as_ref().map(|g| g.started_ms);
    if let Some(game) = record {
        game.id.get_or_insert(fresh);
    }
    if let Some(game) = archived {
        if game.id.is_none() && (started.is_none() || started == Some(game.started_ms)) {
            game.id = Some(fresh);
        }
    }
}

/// The `games` index entry a write calls for: a game newly in this
/// channel, or a game archived.
fn game_hint<T>(
    key: &str,
    id_before: Option<GameId>,
    update: &Update<T>,
) -> Option<(GameId, GamePlace)> {
    if let Some(finished) = &update.archive {
        if let Some(id) = finished.record.id {
            let place = GamePlace {
                channel: finished.channel.clone(),
                archive: Some(archive_key(finished)),
            };
            return Some((id, place));
        }
    }
    let Change::Put(record) = &update.change else {
        return None;
    };
    let id = game_id_of(record).filter(|id| Some(*id) != id_before)?;
    let place = GamePlace {
        channel: key.to_string(),
        archive: None,
    };
    Some((id, place))
}

/// A channel's record as stored, stamped with the schema this build
/// writes (the commands never name it).
fn encode_channel(record: &ChannelRecord) -> Result<Vec<u8>, StoreError> {
    let stamped = ChannelRecord {
        schema: crate::SCHEMA_VERSION,
        ..record.clone()
    };
    serde_json::to_vec(&stamped).map_err(StoreError::Encode)
}

/// A finished game as archived, stamped with the schema this build writes.
fn encode_finished(finished: &FinishedGame) -> Result<Vec<u8>, StoreError> {
    let stamped = FinishedGame {
        schema: crate::SCHEMA_VERSION,
        ..finished.clone()
    };
    serde_json::to_vec(&stamped).map_err(StoreError::Encode)
}

#[cfg(test)]
mod tests {
    use super::Location;

    #[test]
    fn a_url_means_postgres_and_is_shown_without_its_password() {
        let url = "postgres://cairn:s3cret@db:5432/cairn";
        let location = Location::parse(url);
        assert_eq!(location, Location::Postgres(url.to_string()));
        assert_eq!(location.to_string(), "postgres://cairn:***@db:5432/cairn");
        let key_value = Location::parse("host=db user=cairn password=s3cret dbname=cairn");
        assert!(matches!(key_value, Location::Postgres(_)));
        assert!(!key_value.to_string().contains("s3cret"));
        assert!(!format!("{location:?}").contains("s3cret"));
        assert!(location.sled_path().is_none());
        assert!(matches!(
            Location::parse("PostgreSQL://db/cairn"),
            Location::Postgres(_)
        ));
        let dir = Location::parse("./cairn-data");
        assert_eq!(dir.sled_path(), Some(std::path::Path::new("./cairn-data")));
        assert_eq!(dir.to_string(), "./cairn-data");
    }
}
