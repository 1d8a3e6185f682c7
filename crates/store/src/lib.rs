//! The sled store: one record per `platform:channel` holding the pending
//! challenge or the game (all rule state, players, full turn history with
//! timestamps), and an archive of finished games keyed by time.
//!
//! Every write goes through [`Store::update`]: the command's closure runs
//! against the record as stored and its result is written only if the record
//! is still the one the closure saw (a compare-and-swap, done as a sled
//! transaction so the channel record and the archive change together). A
//! command that lost a race is re-run against the new state, so it is never
//! applied twice or lost. Writes are on stable storage (fsync) before
//! `update` returns, and a failed write changes nothing any read can see
//! (`db.rs`). Exports, imports and periodic backups are in `backup.rs`.

mod backend;
pub mod backup;
pub mod clock;
mod db;
mod durable;
mod game_id;
pub mod player;
mod postgres;
pub mod puzzle;
pub mod rating;
pub mod ratings;
mod scan;
mod seal;
mod store;
pub mod tournament;

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

pub use backend::{Lease, TreeScan};
pub use game_id::{FoundGame, GameId, GamePlace, NoRandomness, NotAnId};
pub use player::{PlayerRecord, Stint, Vacation};
pub use puzzle::{PuzzleAttempt, PuzzlePlayer, PuzzleRecord, PuzzleResult, PuzzleSource};
pub use scan::LostStretch;
pub use store::{ActiveGames, Location, RawEntry, Store, TreeName, UserChannels};

/// Helpers for tests that need a PostgreSQL server.
pub mod testing {
    /// The server the tests may use (`CAIRN_TEST_POSTGRES`, set by
    /// `scripts/test`), or `None` with one line saying that they skip.
    pub fn postgres_url(test: &str) -> Option<String> {
        match std::env::var("CAIRN_TEST_POSTGRES") {
            Ok(url) if !url.trim().is_empty() => Some(url),
            _ => {
                eprintln!("skipping the PostgreSQL part of {test}: CAIRN_TEST_POSTGRES is not set (scripts/test starts a server)");
                None
            }
        }
    }

    /// A new empty database on the server of `admin_url`: its URL.
    pub fn create_database(admin_url: &str) -> Result<String, crate::StoreError> {
        crate::postgres::create_database(admin_url)
    }

    pub use crate::postgres::CommitFault;

    /// Make the next PostgreSQL commit of this process lose its
    /// connection (after or before the server commits), then run `then`
    /// (a test may freeze the server there): the store must find out
    /// what happened before it answers.
    pub fn inject_commit_fault(fault: CommitFault, then: Option<Box<dyn FnOnce() + Send>>) {
        crate::postgres::inject_commit_fault(fault, then)
    }
}

use crate::clock::{GameClock, TimeControl};
use cairn_rules::{AnyGame, GameKind, Highlights, Outcome, Seat};

/// The version of the record layout written by this build.
pub const SCHEMA_VERSION: u32 = 1;

/// What can go wrong in the store; each message is a sentence for the
/// operator (see [`StoreError::reply_text`] for players).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sled(#[from] sled::Error),
    #[error("file error: {0}")]
    Io(#[from] std::io::Error),
    #[error("the stored record `{key}` cannot be read: {source}")]
    Corrupt {
        key: String,
        source: serde_json::Error,
    },
    /// A stored value of any tree that fails its checksum, or sits in a
    /// part of the database file that cannot be read.
    #[error("the stored {tree} record `{key}` cannot be read: {why}")]
    Unreadable {
        tree: &'static str,
        key: String,
        why: String,
    },
    #[error("the stored record `{key}` has schema version {found}, newer than this build's {SCHEMA_VERSION}")]
    TooNew { key: String, found: u64 },
    #[error("cannot encode a record: {0}")]
    Encode(serde_json::Error),
    #[error("the change could not be saved: {cause}")]
    WriteFailed { cause: String },
    #[error("the database cannot be read now: {cause}")]
    Unavailable { cause: String },
    #[error("the database at {path} is in use by another Cairn process; stop that process first, or give this one its own database with CAIRN_DB")]
    Locked { path: PathBuf },
    #[error("the database at {path} is damaged ({detail}); restore it from a backup (`cairn db import <file>` into an empty directory, backups are in CAIRN_BACKUP_DIR), or move it aside to start afresh")]
    Damaged { path: PathBuf, detail: String },
    #[error("the database at {path} is damaged ({detail}); copy what can still be read into a new database with `cairn db salvage {path} --to <new directory or postgres://...>` (it lists what it could not read), then set CAIRN_DB to the copy")]
    NeedsSalvage { path: PathBuf, detail: String },
    #[error("the database at {path} has lost its snapshot file (snap.*), so opening it could silently roll games back; restore the directory from a backup, or delete {path}/{mark} to open it anyway and accept that loss", mark = durable::snapshot_mark_name())]
    MissingSnapshot { path: PathBuf },
    #[error("the database at {path} has lost its {missing} newest acknowledged writes (part of its log is damaged); restore it from a backup, or delete {path}/{file} to open it as it is", file = durable::generation_file_name())]
    RolledBack { path: PathBuf, missing: u64 },
    #[error("the database at {path} cannot be opened: {source}")]
    OpenIo {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the {tree} entry `{key}` already exists; import into an empty database")]
    Exists { tree: &'static str, key: String },
    #[error("PostgreSQL error: {cause}")]
    Postgres { cause: String },
    #[error("cannot use the PostgreSQL database at {location}: {cause}")]
    Connect { location: String, cause: String },
    #[error("the PostgreSQL database has schema version {found}, newer than this build's {known}; run the newer Cairn, or copy the data into a new database with it")]
    SchemaTooNew { found: i32, known: i32 },
    /// A call to PostgreSQL did not finish within `CAIRN_DB_TIMEOUT`.
    #[error("the database did not answer within {after_ms} ms (CAIRN_DB_TIMEOUT)")]
    Timeout { after_ms: u64 },
    /// The connection failed after COMMIT was sent (resolved by reading
    /// the record back; only seen inside the PostgreSQL backend).
    #[error("the connection to the database failed while a change was being committed")]
    CommitUnknown,
    /// A change was sent, the connection was lost, and reading back could
    /// not tell whether it was saved.
    #[error("the database connection was lost while a change was being saved, and reading it back could not tell whether it was saved")]
    OutcomeUnknown,
    #[error("internal error in the store: {0}")]
    Internal(&'static str),
}

impl StoreError {
    fn internal(what: &'static str) -> StoreError {
        StoreError::Internal(what)
    }

    /// The error met while opening `path`, as a refusal naming it.
    fn from_open(path: &Path, error: sled::Error) -> StoreError {
        let path = path.to_path_buf();
        match error {
            sled::Error::Io(source) => {
                if source.to_string().contains("could not acquire lock") {
                    StoreError::Locked { path }
                } else {
                    StoreError::OpenIo { path, source }
                }
            }
            sled::Error::Corruption { .. } => StoreError::Damaged {
                path,
                detail: "its files fail their checksums".into(),
            },
            sled::Error::Unsupported(detail) => StoreError::Damaged { path, detail },
            other => StoreError::Damaged {
                path,
                detail: other.to_string(),
            },
        }
    }

    /// A record that cannot be read (one channel's problem, not the
    /// database's): its key.
    pub fn unreadable_key(&self) -> Option<&str> {
        match self {
            StoreError::Corrupt { key, .. }
            | StoreError::TooNew { key, .. }
            | StoreError::Unreadable { key, .. } => Some(key),
            _ => None,
        }
    }

    /// What to tell the players, in a sentence or two, for the bot to
    /// word in their language (`store-*` in the bot's `store.ftl`). Never
    /// the raw text of a driver's or the disk's error: that is for the
    /// operator's log ([`StoreError::player_problem`]).
    pub fn message(&self) -> cairn_words::Message {
        use cairn_words::Message;
        match self {
            StoreError::Corrupt { key, .. }
            | StoreError::TooNew { key, .. }
            | StoreError::Unreadable { key, .. } => {
                Message::new("store-unreadable").arg("key", key.as_str())
            }
            StoreError::WriteFailed { cause } => {
                Message::new("store-write-failed").arg("cause", cause.as_str())
            }
            StoreError::Unavailable { cause } => {
                Message::new("store-unavailable").arg("cause", cause.as_str())
            }
            StoreError::Timeout { .. } => {
                Message::new("store-unavailable").arg("cause", self.player_problem())
            }
            StoreError::OutcomeUnknown | StoreError::CommitUnknown => {
                Message::new("store-outcome-unknown")
            }
            other => Message::new("store-failed").arg("problem", other.player_problem()),
        }
    }

    /// The kind of problem in a few words a player may read (no paths,
    /// no addresses, no driver text).
    pub fn player_problem(&self) -> String {
        match self {
            StoreError::Sled(_) | StoreError::Damaged { .. } | StoreError::NeedsSalvage { .. } => {
                "the database file could not be read".into()
            }
            StoreError::Io(_) | StoreError::OpenIo { .. } => {
                "a file could not be read or written".into()
            }
            StoreError::Corrupt { .. }
            | StoreError::TooNew { .. }
            | StoreError::Unreadable { .. } => "a stored record cannot be read".into(),
            StoreError::Encode(_) | StoreError::Internal(_) => "an internal error".into(),
            StoreError::WriteFailed { cause } | StoreError::Unavailable { cause } => cause.clone(),
            StoreError::Locked { .. } => "the database is in use by another process".into(),
            StoreError::MissingSnapshot { .. } | StoreError::RolledBack { .. } => {
                "the database needs an operator's attention".into()
            }
            StoreError::Exists { .. } => "the record exists already".into(),
            StoreError::Postgres { .. } | StoreError::Connect { .. } => {
                "the database server answered with an error".into()
            }
            StoreError::SchemaTooNew { .. } => "the database was written by a newer Cairn".into(),
            StoreError::Timeout { .. } => "the database did not answer in time".into(),
            StoreError::CommitUnknown | StoreError::OutcomeUnknown => {
                "the connection to the database was lost".into()
            }
        }
    }

    /// What to tell the players, in a sentence or two, in English (the
    /// English wording of [`StoreError::message`]).
    pub fn reply_text(&self) -> String {
        match self {
            StoreError::Corrupt { key, .. }
            | StoreError::TooNew { key, .. }
            | StoreError::Unreadable { key, .. } => format!(
                "The game stored for this channel cannot be read, so I cannot go on with it. An operator can run `cairn db quarantine {key}` to move it aside (its bytes are kept), after which the channel is free again."
            ),
            StoreError::WriteFailed { cause } => format!(
                "That was not saved: the database could not be written ({cause}). Nothing has changed; please try again later."
            ),
            StoreError::Unavailable { cause } => format!(
                "I cannot read the games right now: the database is unavailable ({cause}). Please try again later."
            ),
            StoreError::Timeout { .. } => format!(
                "I cannot read the games right now: the database is unavailable ({}). Please try again later.",
                self.player_problem()
            ),
            StoreError::OutcomeUnknown | StoreError::CommitUnknown => "The connection to the database was lost while that was being saved, and I could not tell whether it was saved. Look at `board` before you try again.".into(),
            other => format!(
                "Sorry, something went wrong on my side ({}). Nothing was changed; please try again.",
                other.player_problem()
            ),
        }
    }
}

/// A person (or the bot) as the store knows them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// The player challenged; `None`: an open challenge, which anyone but
    /// the challenger may accept.
    pub challenged: Option<Player>,
    /// The seat the challenger will take.
    pub challenger_seat: Seat,
    /// Bot strength when the challenged player is the bot.
    pub level: Option<u8>,
    pub at_ms: u64,
    /// The time control the game will have (`None`: no clock).
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// When the challenge lapses unanswered (`None`: never).
    #[serde(default)]
    pub expires_ms: Option<u64>,
    /// `vacation=no`: the game's clocks never pause for a vacation.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_vacation: bool,
}

impl Challenge {
    /// Whether the challenged player is the bot (never for an open
    /// challenge).
    pub fn against_bot(&self) -> bool {
        self.challenged.as_ref().is_some_and(|p| p.is_bot)
    }
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
    /// The game's stable, unguessable id (its web page's address), given
    /// when it starts; `None` only in a record an older build wrote,
    /// until the store writes it again (see `game_id.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<GameId>,
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
    /// Each seat's `resign` waiting for its confirmation: when it was
    /// asked (a second `resign` within a minute confirms). One player's
    /// request never cancels the other's.
    #[serde(default)]
    pub resign_request: [Option<u64>; 2],
    /// Bot strength when one player is the bot.
    pub level: Option<u8>,
    /// Set when the game has ended (by the rules, resignation or agreement).
    pub result: Option<Outcome>,
    /// The game's clock (`None`: untimed).
    #[serde(default)]
    pub clock: Option<GameClock>,
    /// When the game ended; a finished game stays in its channel (for
    /// `board`) until a new one starts there.
    #[serde(default)]
    pub finished_ms: Option<u64>,
    /// Each seat's turn being picked step by step (`pick`), if any.
    #[serde(default, skip_serializing_if = "no_picks")]
    pub picks: [Option<PickRecord>; 2],
    /// The game started in a public place (as its platform told: a
    /// server's channel, not a direct or group conversation): only such
    /// games are listed in the open records and statistics. `false` in
    /// records older builds wrote.
    #[serde(default, skip_serializing_if = "is_false")]
    pub public_place: bool,
    /// Made with `vacation=no`: no player's vacation pauses its clock.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_vacation: bool,
    /// Each seat's conditional turns (`premove`), private to that seat:
    /// lines of whole turns, the opponent's first, then the reply,
    /// alternating.
    #[serde(default, skip_serializing_if = "no_lines")]
    pub premoves: [Vec<Vec<String>>; 2],
    /// A seat whose conditional turns a turn off every line dropped, and
    /// who has not been told yet.
    #[serde(default, skip_serializing_if = "no_flags")]
    pub premoves_dropped: [bool; 2],
}

fn no_lines(lines: &[Vec<Vec<String>>; 2]) -> bool {
    lines.iter().all(Vec::is_empty)
}

fn no_flags(flags: &[bool; 2]) -> bool {
    !flags[0] && !flags[1]
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// A turn being picked step by step (`pick`): the choices made, on which
/// position, and the page of the list last shown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickRecord {
    /// [`GameRecord::position_stamp`] of the position the choices were
    /// made in: a list shown in another position is stale.
    pub stamp: u64,
    /// The labels of the steps chosen, in order.
    pub choices: Vec<String>,
    /// The page of the list last shown (from 0).
    #[serde(default)]
    pub page: usize,
}

fn no_picks(picks: &[Option<PickRecord>; 2]) -> bool {
    picks.iter().all(Option::is_none)
}

impl GameRecord {
    /// A game at its start, `started_ms`, with nothing pending: no id,
    /// level or clock yet (the caller sets what its game has).
    pub fn new(
        kind: GameKind,
        options: Vec<String>,
        players: [Player; 2],
        game: AnyGame,
        started_ms: u64,
    ) -> GameRecord {
        GameRecord {
            id: None,
            kind,
            options,
            players,
            game,
            history: Vec::new(),
            started_ms,
            last: Default::default(),
            undo_request: None,
            draw_offer: None,
            resign_request: [None; 2],
            level: None,
            result: None,
            clock: None,
            finished_ms: None,
            picks: Default::default(),
            public_place: false,
            no_vacation: false,
            premoves: Default::default(),
            premoves_dropped: [false; 2],
        }
    }

    /// A number that names the position by the turns that led to it
    /// (FNV-1a of the history's turns and seats): equal stamps, same
    /// position; it changes with every turn played or taken back.
    pub fn position_stamp(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                hash ^= u64::from(b);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        };
        for turn in &self.history {
            eat(&[turn.seat.index() as u8]);
            eat(turn.turn.as_bytes());
            eat(b";");
        }
        eat(&(self.history.len() as u64).to_le_bytes());
        hash
    }

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

    /// Whole turns each seat has played: a turn sent in parts (Floaters)
    /// counts once, when its last part is in. The history's entries per
    /// seat if it no longer replays.
    pub fn whole_turns(&self) -> [usize; 2] {
        let mut entries = [0; 2];
        for turn in &self.history {
            entries[turn.seat.index()] += 1;
        }
        let Ok(options) = cairn_rules::Options::parse(&self.options) else {
            return entries;
        };
        let turns: Vec<&str> = self.history.iter().map(|t| t.turn.as_str()).collect();
        let mut whole = [0; 2];
        let mut seats = self.history.iter().map(|t| t.seat);
        let replayed = AnyGame::replay_each(self.kind, &options, &turns, |game, played| {
            // The start comes with no turn, then one call per entry.
            if played.is_none() {
                return;
            }
            if let Some(seat) = seats.next().filter(|_| !game.in_mid_turn()) {
                whole[seat.index()] += 1;
            }
        });
        if replayed.is_ok() {
            whole
        } else {
            entries
        }
    }

    /// The game is still being played.
    pub fn in_progress(&self) -> bool {
        self.outcome().is_none()
    }

    /// The human player to move and their clock, while the game is timed
    /// and going on (the bot opponent has no clock).
    pub fn running_clock(&self) -> Option<(Seat, &GameClock)> {
        let clock = self.clock.as_ref()?;
        let seat = self.game.to_move();
        (self.in_progress() && !self.player(seat).is_bot).then_some((seat, clock))
    }

    /// When this game next needs attention: its clock, or a bot turn that
    /// should have been played by then.
    pub fn next_due_ms(&self) -> Option<u64> {
        let clock = self
            .running_clock()
            .map(|(seat, clock)| clock.next_event(seat.index()).1);
        clock.or_else(|| self.bot_turn_due_ms())
    }

    /// While the bot opponent is to move: when its turn is overdue. The
    /// bot plays at once after the turn before; a crash, a stop or a
    /// failed write can interrupt that, and this deadline, kept in the
    /// deadline index like a clock's, has the scheduler play it then.
    pub fn bot_turn_due_ms(&self) -> Option<u64> {
        let bot_to_move = self.in_progress() && self.player(self.game.to_move()).is_bot;
        bot_to_move.then(|| self.last_turn_ms().saturating_add(BOT_TURN_OVERDUE_MS))
    }

    /// When the last turn was played (the start, before the first).
    pub fn last_turn_ms(&self) -> u64 {
        self.history
            .last()
            .map_or(self.started_ms, |turn| turn.at_ms)
    }
}

/// How long after the turn before a bot turn counts as interrupted: well
/// past the bot's thinking time and its queue.
pub const BOT_TURN_OVERDUE_MS: u64 = 2 * 60 * 1000;

/// Every scheduler reads the deadline index again at least this often,
/// so a due moment written by another process sharing the database is seen
/// within it even without a notification. PostgreSQL therefore notifies
/// the other processes only of due moments nearer than this (and its
/// margin): a move that sets a reminder hours away notifies nobody.
pub const DEADLINE_POLL_MS: u64 = 30_000;

/// Everything stored for one channel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChannelRecord {
    pub schema: u32,
    pub challenge: Option<Challenge>,
    pub game: Option<GameRecord>,
    /// The bot may only answer here, never post on its own (a Discord
    /// channel where the app is installed by a user, not a member): timed
    /// events go to the players directly and wait in [`news`](Self::news).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub answer_only: bool,
    /// Timed events the bot could not post here, oldest first, shown at the
    /// top of the next reply in this channel.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub news: Vec<News>,
    /// A player's own record, kept under a name no channel has (see
    /// [`player::player_channel`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<PlayerRecord>,
    /// The tournaments of a channel, in the record of its
    /// [`tournament::tournaments_key`] (never in a channel's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournaments: Option<Box<tournament::Tournaments>>,
    /// A channel's daily puzzle, in the record of its
    /// [`puzzle::daily_key`] (never in a channel's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<puzzle::DailyPuzzle>,
}

/// A timed event that happened while the bot could not post in its
/// channel, as it was worded then (in the channel's language).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct News {
    pub at_ms: u64,
    pub text: String,
}

impl ChannelRecord {
    /// A channel's record (the store stamps its schema when it writes it).
    pub fn new(challenge: Option<Challenge>, game: Option<GameRecord>) -> ChannelRecord {
        ChannelRecord {
            challenge,
            game,
            ..ChannelRecord::default()
        }
    }

    /// The game in progress here, if any (not a finished one kept for show).
    pub fn active_game(&self) -> Option<&GameRecord> {
        self.game.as_ref().filter(|g| g.in_progress())
    }

    /// The ids of the people of this channel's game and challenge, once
    /// each (the player index behind `games`).
    pub fn player_ids(&self) -> Vec<String> {
        let game = self.game.iter().flat_map(|g| g.players.iter());
        let challenge = self
            .challenge
            .iter()
            .flat_map(|c| std::iter::once(&c.challenger).chain(c.challenged.as_ref()));
        let mut ids: Vec<String> = Vec::new();
        for player in game.chain(challenge) {
            if !ids.contains(&player.id) {
                ids.push(player.id.clone());
            }
        }
        ids
    }

    /// The earliest moment something is due in this channel: a challenge
    /// lapsing, a reminder or a timeout.
    pub fn next_due_ms(&self) -> Option<u64> {
        let expiry = self.challenge.as_ref().and_then(|c| c.expires_ms);
        let clock = self.game.as_ref().and_then(GameRecord::next_due_ms);
        let player = self.player.as_ref().and_then(PlayerRecord::next_due_ms);
        let tournament = self.tournaments.as_ref().and_then(|t| t.next_due_ms());
        let daily = self.daily.as_ref().map(|d| d.next_ms);
        expiry
            .into_iter()
            .chain(clock)
            .chain(player)
            .chain(tournament)
            .chain(daily)
            .min()
    }
}

impl Default for ChannelRecord {
    fn default() -> Self {
        ChannelRecord {
            schema: SCHEMA_VERSION,
            challenge: None,
            game: None,
            answer_only: false,
            news: Vec::new(),
            player: None,
            tournaments: None,
            daily: None,
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

impl FinishedGame {
    /// A game finished in `channel` (the store stamps its schema when it
    /// writes it).
    pub fn new(channel: &str, finished_ms: u64, record: GameRecord) -> FinishedGame {
        FinishedGame {
            schema: SCHEMA_VERSION,
            channel: channel.to_string(),
            finished_ms,
            record,
        }
    }
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

    /// The same change with its value mapped.
    pub fn map_value<U>(self, f: impl FnOnce(T) -> U) -> Update<U> {
        Update {
            change: self.change,
            archive: self.archive,
            value: f(self.value),
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

/// The key of a finished game in the archive: time, then channel.
fn archive_key(finished: &FinishedGame) -> String {
    format!("{:020}:{}", finished.finished_ms, finished.channel)
}

/// How a player wants to hear that their time is running.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Notify {
    /// A mention in the game's channel.
    #[default]
    On,
    /// No reminders (timeouts are still announced).
    Off,
    /// A direct message (Discord).
    Direct,
    /// One message a day at a local hour (`notify digest 08:00`); the
    /// urgent reminder still comes by direct message.
    Digest,
}

/// A user's stored preferences.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserSettings {
    #[serde(default)]
    pub notify: Notify,
    /// `autoplay on`: a turn that is the only legal one is played for
    /// this player at once.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub autoplay: bool,
}

/// A server's settings (Discord guild), changed with `settings` and
/// `lang`; also a room's or channel's outside any server (its language).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerSettings {
    /// An accepted challenge moves its game into a thread of its own
    /// (where the platform has threads and the bot may make them).
    #[serde(default = "yes")]
    pub threads: bool,
    /// The language of the public messages (`en`, `ja`, `es`), set with
    /// `lang`; `None`: the platform's guess. A room or channel outside a
    /// server keeps its own (see the bot's `lang`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// The server's games have web pages and, from its public channels,
    /// are listed in the open records and statistics (`settings web=off`
    /// hides them all).
    #[serde(default = "yes")]
    pub web: bool,
}

impl Default for ServerSettings {
    fn default() -> Self {
        ServerSettings {
            threads: true,
            lang: None,
            web: true,
        }
    }
}

fn yes() -> bool {
    true
}

/// Why a game could not move to another channel.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    #[error("there is no game in progress to move")]
    NoGame,
    #[error("the destination already has a game or a challenge")]
    Occupied,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A stored key as an operator reads it (the NUL separators of the
/// index trees shown as `:`).
pub fn shown_key(key: &[u8]) -> String {
    String::from_utf8_lossy(key).replace('\0', ":")
}

/// What a dump, an export, a backup, a check or a salvage could not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// One record whose bytes fail their check.
    Record {
        tree: TreeName,
        key: Vec<u8>,
        why: String,
    },
    /// Records in a part of the file that cannot be read, between two
    /// that can (their keys are not known).
    Stretch {
        tree: TreeName,
        stretch: LostStretch,
    },
}

impl Skipped {
    pub fn tree(&self) -> TreeName {
        match self {
            Skipped::Record { tree, .. } | Skipped::Stretch { tree, .. } => *tree,
        }
    }
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skipped::Record { tree, key, why } => {
                write!(
                    f,
                    "the {} record `{}`: {why}",
                    tree.as_str(),
                    shown_key(key)
                )
            }
            Skipped::Stretch { tree, stretch } => {
                let after = stretch
                    .after
                    .as_deref()
                    .map_or("the start".to_string(), |k| format!("`{}`", shown_key(k)));
                let before = stretch
                    .before
                    .as_deref()
                    .map_or("the end".to_string(), |k| format!("`{}`", shown_key(k)));
                write!(
                    f,
                    "the {} records between {after} and {before} (keys unknown): {}",
                    tree.as_str(),
                    stretch.cause
                )
            }
        }
    }
}

/// The platform part of a channel key (`discord` of `discord:123`).
pub fn platform_of(key: &str) -> &str {
    key.split_once(':').map_or(key, |(platform, _)| platform)
}

fn deadline_key(key: &str, due_ms: u64) -> Vec<u8> {
    format!("{}\0{due_ms:020}\0{key}", platform_of(key)).into_bytes()
}

fn user_key(platform: &str, user_id: &str) -> Vec<u8> {
    format!("{platform}\0{user_id}").into_bytes()
}

/// Decode a stored JSON value, refusing one written by a newer build.
fn decode<T: serde::de::DeserializeOwned>(key: &str, bytes: &[u8]) -> Result<T, StoreError> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|source| StoreError::Corrupt {
            key: key.to_string(),
            source,
        })?;
    let found = value.get("schema").and_then(|s| s.as_u64()).unwrap_or(0);
    if found > u64::from(SCHEMA_VERSION) {
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

/// The deadline index entry (key) a channel record needs, if anything is
/// due in it: for rebuilding the index after a salvage.
pub fn deadline_entry(key: &str, record: &ChannelRecord) -> Option<Vec<u8>> {
    record.next_due_ms().map(|due| deadline_key(key, due))
}

/// The channel key a deadline index entry points to.
pub fn deadline_channel(index_key: &[u8]) -> Option<String> {
    parse_deadline_key(index_key).map(|(_, key)| key)
}

/// `platform NUL due NUL key` -> (due, key).
fn parse_deadline_key(bytes: &[u8]) -> Option<(u64, String)> {
    let text = std::str::from_utf8(bytes).ok()?;
    let mut parts = text.splitn(3, '\0');
    let _platform = parts.next()?;
    let due = parts.next()?.parse().ok()?;
    Some((due, parts.next()?.to_string()))
}

/// Decode a channel record.
pub fn decode_channel(key: &str, bytes: &[u8]) -> Result<ChannelRecord, StoreError> {
    decode(key, bytes)
}

/// Decode an archived game.
pub fn decode_finished(key: &str, bytes: &[u8]) -> Result<FinishedGame, StoreError> {
    decode(key, bytes)
}
